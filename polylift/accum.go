// This file finds accumulations: a counter y (y := y + c, c a non-zero
// constant) added into another variable in the same function (s := s +
// ... + k*y). Their sums are polynomial in the counter (s = y*(y+1)/2
// after s += y; y++ from zero), so the lifting keeps y*y as a dimension
// for such a y even when the function multiplies nothing.

package polylift

import (
	"sort"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// accumulated returns the counters of f that some other variable
// accumulates, in increasing ID order (none: nil). Terms whose
// coefficient is a multiple of 2^bits of the assigned variable's type
// (the front end's wrap-around counts) are ignored.
func accumulated(f *ir.Func) []int {
	lifted := map[int]bool{}
	for _, v := range f.Formals {
		lifted[v.ID] = true
	}
	for _, v := range f.Locals {
		lifted[v.ID] = true
	}
	counters := map[int]bool{}
	added := map[int]bool{} // variables added into another one
	for _, e := range f.Edges {
		a, ok := e.Op.(*ir.Assign)
		if !ok {
			continue
		}
		for i, x := range a.Lhs {
			rhs := a.Rhs[i]
			w := width(x.Type)
			if rhs.Coef(numeric.Dim(x.ID)).Cmp(numeric.I(1)) != 0 {
				continue
			}
			var others []int
			for k := 0; k < rhs.NumTerms(); k++ {
				t := rhs.Term(k)
				if int(t.Dim) == x.ID || !w.IsZero() && t.Coef.Divisible(w) {
					continue
				}
				others = append(others, int(t.Dim))
			}
			switch {
			case len(others) == 0 && !rhs.Constant().IsZero() && (w.IsZero() || !rhs.Constant().Divisible(w)):
				if lifted[x.ID] {
					counters[x.ID] = true
				}
			default:
				for _, y := range others {
					added[y] = true
				}
			}
		}
	}
	var out []int
	for y := range counters {
		if added[y] {
			out = append(out, y)
		}
	}
	sort.Ints(out)
	return out
}
