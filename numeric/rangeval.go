// This file implements Range, an interval of Bounds, the result type of
// Domain.Bound.

package numeric

// Range is the integer interval [Lo, Hi]; it is empty when Lo > Hi.
type Range struct {
	Lo, Hi Bound
}

// FullRange is (-oo, +oo).
var FullRange = Range{MinusInf, PlusInf}

// EmptyRange is the canonical empty range.
var EmptyRange = Range{B(1), B(0)}

// IsEmpty reports whether r contains no integer.
func (r Range) IsEmpty() bool { return r.Hi.Less(r.Lo) }

// Contains reports whether v lies in r.
func (r Range) Contains(v Int) bool {
	// v <= Hi iff the least bound >= v is <= Hi; Lo <= v likewise.
	return !r.IsEmpty() && BoundUp(v).Cmp(r.Hi) <= 0 && r.Lo.Cmp(BoundDown(v)) <= 0
}

// String formats r as "[lo, hi]" or "empty".
func (r Range) String() string {
	if r.IsEmpty() {
		return "empty"
	}
	return "[" + r.Lo.String() + ", " + r.Hi.String() + "]"
}

// Join returns the least range containing r and s.
func (r Range) Join(s Range) Range {
	switch {
	case r.IsEmpty():
		return s
	case s.IsEmpty():
		return r
	}
	return Range{r.Lo.Min(s.Lo), r.Hi.Max(s.Hi)}
}
