package numpred

// RelateIncrementally makes NDD's relate conjoin every predicate relation
// one predicate at a time and prune after each, until restore is called.
func RelateIncrementally() (restore func()) {
	w, f := relateWhole, relatePruneFloor
	relateWhole, relatePruneFloor = -1, 0
	return func() { relateWhole, relatePruneFloor = w, f }
}
