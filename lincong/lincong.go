// This file defines Value and Domain and the lattice operations.

package lincong

import (
	"sync"

	"github.com/numpred/numpred/numeric"
)

// Value is an affine lattice p + L over n integer dimensions, or bottom.
// It is immutable. The unit vectors L contains are kept as free
// dimensions (a dimension nothing constrains, the usual case for most of
// a program's variables): p and every row are 0 there. The other rows are
// in Hermite normal form, none of them a unit vector, and p is reduced by
// them (see the package doc), so equal sets have equal values.
type Value struct {
	n    int
	bot  bool
	p    vec
	rows []vec
	free []bool
	eqs  *eqCache // the hull equations, computed once (nil: not cached)
}

// eqCache holds a value's hull equations once computed: the reduced
// products ask for them after every operation.
type eqCache struct {
	once sync.Once
	cs   []numeric.Constraint
}

// Domain is the linear congruence domain. It implements
// numeric.Domain[Value], numeric.Checker[Value], numeric.Membership[Value]
// and numeric.CongruenceReporter[Value].
type Domain struct{}

var (
	_ numeric.Domain[Value]             = Domain{}
	_ numeric.Checker[Value]            = Domain{}
	_ numeric.Membership[Value]         = Domain{}
	_ numeric.CongruenceReporter[Value] = Domain{}
)

// New returns the linear congruence domain.
func New() Domain { return Domain{} }

// Dims returns the number of dimensions of a.
func (a Value) Dims() int { return a.n }

// IsBottom reports whether a is empty.
func (a Value) IsBottom() bool { return a.bot }

// Rank returns the rank of a's lattice (0 for a single point or bottom).
func (a Value) Rank() int {
	r := len(a.rows)
	for _, f := range a.free {
		if f {
			r++
		}
	}
	return r
}

// mk returns the canonical value p + span(rows) + the unit vectors of
// free (which mk may extend: unit rows of the Hermite form become free
// dimensions). It does not modify its arguments.
func mk(n int, p vec, rows []vec, free []bool) Value {
	h := hnf(rows, n, free)
	p = p.clone()
	for i, f := range free {
		if f {
			p[i] = zero
		}
	}
	p = reduce(p, h)
	out := h[:0]
	copied := false
	for _, r := range h {
		c := r.pivot()
		if r[c].Cmp(numeric.I(1)) == 0 && vec(r[c+1:]).isZero() {
			if !copied {
				free = append([]bool(nil), free...)
				copied = true
			}
			free[c] = true
			continue
		}
		out = append(out, r)
	}
	return Value{n: n, p: p, rows: out, free: free, eqs: new(eqCache)}
}

// allFree returns n free dimensions, or none.
func allFree(n int, f bool) []bool {
	out := make([]bool, n)
	for i := range out {
		out[i] = f
	}
	return out
}

// Top returns Z^n.
func (Domain) Top(n int) Value {
	return Value{n: n, p: newVec(n), free: allFree(n, true)}
}

// Bottom returns the empty set over n dimensions.
func (Domain) Bottom(n int) Value { return Value{n: n, bot: true} }

// Point returns the value holding the single point p.
func Point(p []numeric.Int) Value {
	return Value{n: len(p), p: append(vec(nil), p...), free: allFree(len(p), false)}
}

// Dims returns the number of dimensions of a.
func (Domain) Dims(a Value) int { return a.n }

// IsTop reports whether a is Z^n: every dimension is free.
func (Domain) IsTop(a Value) bool {
	if a.bot {
		return false
	}
	for _, f := range a.free {
		if !f {
			return false
		}
	}
	return true
}

// IsBottom reports whether a is empty.
func (Domain) IsBottom(a Value) bool { return a.bot }

func sameDims(a, b Value) {
	if a.n != b.n {
		panic("lincong: values of different dimensions")
	}
}

// Leq reports whether gamma(a) ⊆ gamma(b), exactly.
func (Domain) Leq(a, b Value) bool {
	sameDims(a, b)
	if a.bot {
		return true
	}
	if b.bot {
		return false
	}
	for i, f := range a.free {
		if f && !b.free[i] {
			return false
		}
	}
	if !contains(a.p, b.p, b.rows, b.free) {
		return false
	}
	for _, r := range a.rows {
		if !contains(r, nil, b.rows, b.free) {
			return false
		}
	}
	return true
}

// Equal reports whether a and b denote the same set (canonical forms).
func (Domain) Equal(a, b Value) bool {
	sameDims(a, b)
	if a.bot || b.bot {
		return a.bot == b.bot
	}
	return a.p.equal(b.p) && sameLattice(a, b)
}

// Join returns the least affine lattice containing a and b.
func (Domain) Join(a, b Value) Value {
	sameDims(a, b)
	if a.bot {
		return b
	}
	if b.bot {
		return a
	}
	if sameLattice(a, b) {
		// Only the points may differ: one vector joins the rows (none
		// when b's point is in a already, as at a loop head that is
		// stable).
		if contains(b.p, a.p, a.rows, a.free) {
			return a
		}
		return mk(a.n, a.p, append(append([]vec(nil), a.rows...), b.p.sub(a.p)), a.free)
	}
	rows := make([]vec, 0, len(a.rows)+len(b.rows)+1)
	rows = append(rows, a.rows...)
	rows = append(rows, b.rows...)
	rows = append(rows, b.p.sub(a.p))
	free := make([]bool, a.n)
	for i := range free {
		free[i] = a.free[i] || b.free[i]
	}
	return mk(a.n, a.p, rows, free)
}

// sameLattice reports whether a and b (not bottom) have the same rows and
// free dimensions.
func sameLattice(a, b Value) bool {
	if len(a.rows) != len(b.rows) {
		return false
	}
	for i, f := range a.free {
		if f != b.free[i] {
			return false
		}
	}
	for i := range a.rows {
		if !a.rows[i].equal(b.rows[i]) {
			return false
		}
	}
	return true
}

// Widen is Join: ascending chains of affine lattices are finite.
func (d Domain) Widen(a, b Value) Value { return d.Join(a, b) }

// Narrow returns a (descending chains of lattices can be infinite).
func (Domain) Narrow(a, b Value) Value {
	sameDims(a, b)
	if b.bot {
		return b
	}
	return a
}

// Meet returns gamma(a) ∩ gamma(b), exactly: the description of the
// value of larger rank (its hull equations and congruences, which are
// few for a value near Z^n) is solved into the other, one constraint at
// a time.
func (d Domain) Meet(a, b Value) Value {
	sameDims(a, b)
	if a.bot {
		return a
	}
	if b.bot {
		return b
	}
	if a.Rank() > b.Rank() {
		a, b = b, a
	}
	for _, c := range d.Constraints(b) {
		if a = solve(a, c.Expr(), zero); a.bot {
			return a
		}
	}
	for _, c := range d.Congruences(b) {
		if a = solve(a, c.Expr(), c.Mod()); a.bot {
			return a
		}
	}
	return a
}

// Contains reports whether the integer point q is in gamma(a).
func (Domain) Contains(a Value, q []numeric.Int) bool {
	if a.bot {
		return false
	}
	return contains(q, a.p, a.rows, a.free)
}
