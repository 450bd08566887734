package numeric_test

import (
	"testing"

	"github.com/numpred/numpred/numeric"
)

// TestRangeJoin checks Join against membership of small integers: an
// integer is in the join iff it is in one of the ranges or between them.
func TestRangeJoin(t *testing.T) {
	rs := []numeric.Range{
		numeric.EmptyRange,
		numeric.FullRange,
		{Lo: numeric.B(-3), Hi: numeric.B(2)},
		{Lo: numeric.B(5), Hi: numeric.B(5)},
		{Lo: numeric.MinusInf, Hi: numeric.B(-4)},
		{Lo: numeric.B(4), Hi: numeric.PlusInf},
	}
	for _, r := range rs {
		for _, s := range rs {
			j := r.Join(s)
			lo, hi := int64(100), int64(-100)
			for v := int64(-10); v <= 10; v++ {
				if r.Contains(numeric.I(v)) || s.Contains(numeric.I(v)) {
					lo, hi = min(lo, v), max(hi, v)
				}
			}
			for v := int64(-10); v <= 10; v++ {
				want := v >= lo && v <= hi
				if got := j.Contains(numeric.I(v)); got != want {
					t.Errorf("%v join %v = %v: contains %d is %v, want %v", r, s, j, v, got, want)
				}
			}
		}
	}
}
