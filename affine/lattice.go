// This file implements the lattice operations of the affine-equality
// domain: Leq, Equal, Meet (conjunction), Join (affine hull, Karr's
// join), Widen and Narrow.

package affine

import (
	"slices"

	"github.com/numpred/numpred/numeric"
)

// Leq reports whether gamma(a) ⊆ gamma(b) (exact): every equation of b
// reduces to 0 = 0 modulo a's. Since a non-bottom value has an integer
// point, its integer points span its rational space, so inclusion of
// integer points is inclusion of the rational spaces.
func (Domain) Leq(a, b Value) bool {
	sameDims(a, b)
	if a.bot {
		return true
	}
	if b.bot {
		return false
	}
	if len(b.eqs) > len(a.eqs) {
		return false
	}
	s := echelon{rows: a.eqs, last: true}
	for _, r := range b.eqs {
		if w := s.reduce(r); !w.isZero() || w.c.Sign() != 0 {
			return false
		}
	}
	return true
}

// Equal reports whether a and b denote the same set (exact). Reduced
// echelon form is canonical, so this compares the systems.
func (Domain) Equal(a, b Value) bool {
	sameDims(a, b)
	if a.bot || b.bot {
		return a.bot == b.bot
	}
	return slices.EqualFunc(a.eqs, b.eqs, func(v, w vec) bool {
		return v.c.Cmp(w.c) == 0 && slices.EqualFunc(v.ts, w.ts, func(s, t term) bool {
			return s.d == t.d && s.k.Cmp(t.k) == 0
		})
	})
}

// Meet returns gamma(a) ∩ gamma(b) (exact): the conjunction of the
// equations, bottom when it has no integer solution.
func (Domain) Meet(a, b Value) Value {
	sameDims(a, b)
	if a.bot || b.bot {
		return bottom(a.n)
	}
	if len(b.eqs) > len(a.eqs) {
		a, b = b, a
	}
	s := a.system()
	added := false
	for _, r := range b.eqs {
		in, bad := s.insert(r)
		if bad {
			return bottom(a.n)
		}
		added = added || in
	}
	if !added {
		return a
	}
	return withEquations(a.n, s)
}

// Join returns the affine hull of gamma(a) ∪ gamma(b) (exact: the least
// affine space containing both). In generator form it is a's point with
// a's directions, b's directions and the difference of the two points.
func (d Domain) Join(a, b Value) Value {
	sameDims(a, b)
	switch {
	case a.bot:
		return b
	case b.bot, d.Leq(b, a):
		return a
	case d.Leq(a, b):
		return b
	}
	ga, gb := generators(a.n, a.eqs), generators(b.n, b.eqs)
	for _, r := range gb.dirs.rows {
		ga.dirs.insert(r)
	}
	ga.dirs.insert(difference(gb.point, ga.point))
	return fromGens(a.n, ga)
}

// difference returns the direction p - q.
func difference(p, q []numeric.Rat) vec {
	var ts []term
	for i := range p {
		if k := p[i].Sub(q[i]); k.Sign() != 0 {
			ts = append(ts, term{numeric.Dim(i), k})
		}
	}
	return vec{ts: ts}
}

// Widen returns Join(a, b): ascending chains of affine spaces grow in
// dimension at each strict step, so they stop after at most n+1 steps.
func (d Domain) Widen(a, b Value) Value { return d.Join(a, b) }

// Narrow returns Meet(a, b); decreasing chains lose a dimension at each
// strict step, so they stop after at most n+1 steps.
func (d Domain) Narrow(a, b Value) Value { return d.Meet(a, b) }
