// This file implements the lattice operations of the interval domain:
// Leq, Equal, Join and Meet, all componentwise and exact.

package interval

import "github.com/numpred/numpred/numeric"

// Leq reports whether a ⊑ b (exact).
func (Domain) Leq(a, b Box) bool {
	sameDims(a, b)
	if a.bot {
		return true
	}
	if b.bot {
		return false
	}
	for i, x := range a.r {
		y := b.r[i]
		if x.Lo.Less(y.Lo) || y.Hi.Less(x.Hi) {
			return false
		}
	}
	return true
}

// Equal reports whether a and b denote the same set (exact).
func (Domain) Equal(a, b Box) bool {
	sameDims(a, b)
	if a.bot || b.bot {
		return a.bot == b.bot
	}
	for i, x := range a.r {
		if x.Lo.Cmp(b.r[i].Lo) != 0 || x.Hi.Cmp(b.r[i].Hi) != 0 {
			return false
		}
	}
	return true
}

// Join returns the least box containing a and b.
func (Domain) Join(a, b Box) Box {
	sameDims(a, b)
	if a.bot {
		return b
	}
	if b.bot {
		return a
	}
	r := make([]numeric.Range, a.n)
	for i, x := range a.r {
		r[i] = numeric.Range{Lo: x.Lo.Min(b.r[i].Lo), Hi: x.Hi.Max(b.r[i].Hi)}
	}
	return Box{r: r, n: a.n}
}

// Meet returns the intersection of a and b (exact).
func (Domain) Meet(a, b Box) Box {
	sameDims(a, b)
	if a.bot {
		return a
	}
	if b.bot {
		return b
	}
	r := make([]numeric.Range, a.n)
	for i, x := range a.r {
		y := numeric.Range{Lo: x.Lo.Max(b.r[i].Lo), Hi: x.Hi.Min(b.r[i].Hi)}
		if y.IsEmpty() {
			return bottom(a.n)
		}
		r[i] = y
	}
	return Box{r: r, n: a.n}
}
