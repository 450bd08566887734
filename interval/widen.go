// This file implements widening (plain and with thresholds) and narrowing
// of boxes.

package interval

import "github.com/numpred/numpred/numeric"

// Widen returns a ∇ b: each bound of a that b does not respect (b.lo <
// a.lo or b.hi > a.hi) becomes infinite; the others stay. A bottom a
// yields b. Any chain x_{i+1} = x_i ∇ y_i stabilises after at most 2n+1
// strict increases.
func (Domain) Widen(a, b Box) Box {
	return widen(a, b, nil)
}

// WidenThresholds is Widen, except that an unstable upper bound moves to
// the least threshold >= b's bound, and an unstable lower bound to the
// greatest threshold <= b's bound; only past the last threshold does a
// bound become infinite. Chains stabilise after at most (len(t)+1)*2n+1
// strict increases.
func (Domain) WidenThresholds(a, b Box, t numeric.Thresholds) Box {
	if t == nil {
		t = numeric.Thresholds{}
	}
	return widen(a, b, t)
}

// widen widens with thresholds t, or to infinity when t is nil.
func widen(a, b Box, t numeric.Thresholds) Box {
	sameDims(a, b)
	if a.bot {
		return b
	}
	if b.bot {
		return a
	}
	r := make([]numeric.Range, a.n)
	for i, x := range a.r {
		y := b.r[i]
		if y.Lo.Less(x.Lo) {
			x.Lo = numeric.MinusInf
			if t != nil {
				x.Lo = t.Below(y.Lo)
			}
		}
		if x.Hi.Less(y.Hi) {
			x.Hi = numeric.PlusInf
			if t != nil {
				x.Hi = t.Above(y.Hi)
			}
		}
		r[i] = x
	}
	return Box{r: r, n: a.n}
}

// Narrow returns a Δ b: the infinite bounds of a are replaced by those of
// b, the finite ones stay. The result lies between Meet(a, b) and a, and
// decreasing chains stabilise after at most 2n strict decreases.
func (Domain) Narrow(a, b Box) Box {
	sameDims(a, b)
	if a.bot || b.bot {
		return bottom(a.n)
	}
	r := make([]numeric.Range, a.n)
	for i, x := range a.r {
		if x.Lo.IsMinusInf() {
			x.Lo = b.r[i].Lo
		}
		if x.Hi.IsPlusInf() {
			x.Hi = b.r[i].Hi
		}
		if x.IsEmpty() {
			return bottom(a.n)
		}
		r[i] = x
	}
	return Box{r: r, n: a.n}
}
