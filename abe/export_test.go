package abe

// SetBreakage breaks the analysis on purpose for the tests: "merge" drops
// the new disjunct of every merge, "cover" covers nothing, "removal"
// forgets the arrivals a state removed by a refinement had covered,
// "touched" makes the decomposed abstraction take every predicate's
// value as unchanged by a block; ""
// repairs.
func SetBreakage(b string) {
	breakMerge, breakCover, breakRemoval = b == "merge", b == "cover", b == "removal"
	breakTouched = b == "touched"
}
