// This file implements the reduced product of congruences with another
// numeric domain (intervals, polyhedra).

package product

import (
	"github.com/numpred/numpred/congruence"
	"github.com/numpred/numpred/interval"
	"github.com/numpred/numpred/numeric"
)

// Congruence is the reduced product of the congruence domain with a
// domain B whose Constraints are exact. Since congruences are no linear
// constraints, it has numeric.Membership: Contains is its exact
// membership test.
type Congruence[B any] struct {
	Domain[congruence.Value, B]
}

var _ numeric.Membership[Value[congruence.Value, int]] = Congruence[int]{}

// NewCongruence returns the reduced product of congruences and db.
// Reduction moves every bound of a dimension with a class x ≡ r (mod m),
// m > 1, onto the class (x ∈ [0, 9] and x ≡ 1 mod 2 give x ∈ [1, 9]; an
// empty range is bottom, a single value becomes x = v in both), makes
// db's value x = r for a single-valued class, and the class x = v for
// an equation x = v among db's constraints. Only dimensions with a class
// other than Z ask db for their bounds, so a relational db (polyhedra: a
// linear program per bound) pays for what congruences know only.
// Precondition: db has exact Constraints.
func NewCongruence[B any](db numeric.Domain[B]) Congruence[B] {
	dc := congruence.New()
	reduce := func(a congruence.Value, b B) (congruence.Value, B) {
		cs, fix := classReduction(db, b, a.Dims(), a.Class)
		if len(fix) > 0 {
			a = dc.Assume(a, fix...)
		}
		if len(cs) > 0 {
			b = db.Assume(b, cs...)
		}
		return a, b
	}
	return Congruence[B]{New[congruence.Value, B](dc, db, reduce, nil)}
}

// Contains reports whether p is in gamma(v): in the congruence classes
// and satisfying the second component's (exact) constraints.
func (d Congruence[B]) Contains(v Value[congruence.Value, B], p []numeric.Int) bool {
	return containsBoth(d.Domain, v, p)
}

// classReduction returns what the classes x ≡ r (mod m) of dimensions
// 0..n-1 (class(x) = m, r; m = 0 a single value, m = 1 none) tell db's
// value b: bounds moved onto the class, and equations x = v for the
// values the classes and b's bounds fix, together with the equations
// over one dimension among b's constraints (for intervals: every single
// value), which the class domain should assume.
func classReduction[B any](db numeric.Domain[B], b B, n int, class func(numeric.Dim) (m, r numeric.Int)) (cs, fix []numeric.Constraint) {
	for i := 0; i < n; i++ {
		m, r := class(numeric.Dim(i))
		x := numeric.Var(numeric.Dim(i))
		if m.IsZero() {
			if box, ok := any(b).(interval.Box); ok {
				if rg := box.Range(numeric.Dim(i)); rg.Lo.IsFinite() && rg.Lo.Cmp(rg.Hi) == 0 && rg.Lo.Int().Cmp(r) == 0 {
					continue // the box has it
				}
			}
			cs = append(cs, numeric.Eq(x, numeric.ConstInt(r)))
			continue
		}
		if m.Cmp(numeric.I(1)) == 0 {
			continue
		}
		rg := db.Bound(b, x)
		lo, hi := rg.Lo, rg.Hi
		var l, h numeric.Int
		if lo.IsFinite() {
			// The least value >= lo in the class.
			l = lo.Int().Add(r.Sub(lo.Int()).Mod(m))
			if l.Cmp(lo.Int()) != 0 {
				cs = append(cs, numeric.Ge(x, numeric.ConstInt(l)))
			}
		}
		if hi.IsFinite() {
			h = hi.Int().Sub(hi.Int().Sub(r).Mod(m))
			if h.Cmp(hi.Int()) != 0 {
				cs = append(cs, numeric.Le(x, numeric.ConstInt(h)))
			}
		}
		if lo.IsFinite() && hi.IsFinite() && l.Cmp(h) == 0 {
			fix = append(fix, numeric.Eq(x, numeric.ConstInt(l)))
		}
	}
	// Values db fixes by an equation over one dimension (a box's single
	// values read off directly), unless the class already has them.
	if box, ok := any(b).(interval.Box); ok {
		for i := 0; i < n; i++ {
			r := box.Range(numeric.Dim(i))
			if !r.Lo.IsFinite() || r.Lo.Cmp(r.Hi) != 0 {
				continue
			}
			if m, _ := class(numeric.Dim(i)); !m.IsZero() {
				fix = append(fix, numeric.Eq(numeric.Var(numeric.Dim(i)), numeric.ConstInt(r.Lo.Int())))
			}
		}
		return cs, fix
	}
	for _, c := range db.Constraints(b) {
		if e := c.Expr(); c.Kind() == numeric.EQ && e.NumTerms() == 1 {
			fix = append(fix, c)
		}
	}
	return cs, fix
}

// containsBoth reports whether p is in the first component (which has
// numeric.Membership) and satisfies the second's exact constraints.
func containsBoth[A, B any](d Domain[A, B], v Value[A, B], p []numeric.Int) bool {
	if d.IsBottom(v) || !d.da.(numeric.Membership[A]).Contains(v.a, p) {
		return false
	}
	if box, ok := any(v.b).(interval.Box); ok {
		// The box's constraints are its ranges: no need to build them.
		for i := range p {
			if !box.Range(numeric.Dim(i)).Contains(p[i]) {
				return false
			}
		}
		return true
	}
	for _, c := range d.db.Constraints(v.b) {
		if !c.Sat(p) {
			return false
		}
	}
	return true
}
