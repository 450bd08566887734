package abe

// SetBreakage breaks the analysis on purpose for the tests: "merge" drops
// the new disjunct of every merge, "cover" covers nothing; "" repairs.
func SetBreakage(b string) {
	breakMerge, breakCover = b == "merge", b == "cover"
}
