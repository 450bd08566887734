// This file implements the generic reduced product: Value, Domain and
// every operation of numeric.Domain, given the two domains and a
// reduction.

package product

import (
	"fmt"

	"github.com/numpred/numpred/numeric"
)

// Value is a pair of values of the two component domains, denoting the
// intersection of their sets. It is immutable. A bottom pair has both
// components bottom.
type Value[A, B any] struct {
	a A
	b B
}

// First returns the first component of v.
func (v Value[A, B]) First() A { return v.a }

// Second returns the second component of v.
func (v Value[A, B]) Second() B { return v.b }

// Domain is the reduced product of two numeric domains; it implements
// numeric.Domain[Value[A, B]] and numeric.Checker[Value[A, B]].
type Domain[A, B any] struct {
	da numeric.Domain[A]
	db numeric.Domain[B]
	// reduce returns a pair with the same concretisation, each component
	// tightened by the other. Precondition: neither is bottom.
	reduce func(A, B) (A, B)
	// bound, when not nil, returns a range of e over the pair that the
	// components' own Bounds may miss.
	bound func(A, B, numeric.LinExpr) numeric.Range
}

// New returns the product of da and db with the given reduction and
// optional bound refinement (nil: the components' Bounds only).
func New[A, B any](da numeric.Domain[A], db numeric.Domain[B], reduce func(A, B) (A, B), bound func(A, B, numeric.LinExpr) numeric.Range) Domain[A, B] {
	return Domain[A, B]{da: da, db: db, reduce: reduce, bound: bound}
}

// pair returns (a, b), canonical bottom when either is bottom, and
// reduced when reduce is set.
func (d Domain[A, B]) pair(a A, b B, reduce bool) Value[A, B] {
	if d.da.IsBottom(a) || d.db.IsBottom(b) {
		return d.Bottom(d.da.Dims(a))
	}
	if reduce {
		a, b = d.reduce(a, b)
		if d.da.IsBottom(a) || d.db.IsBottom(b) {
			return d.Bottom(d.da.Dims(a))
		}
	}
	return Value[A, B]{a, b}
}

// Top returns Z^n.
func (d Domain[A, B]) Top(n int) Value[A, B] { return Value[A, B]{d.da.Top(n), d.db.Top(n)} }

// Bottom returns the empty set over n dimensions.
func (d Domain[A, B]) Bottom(n int) Value[A, B] {
	return Value[A, B]{d.da.Bottom(n), d.db.Bottom(n)}
}

// Dims returns the number of dimensions of v.
func (d Domain[A, B]) Dims(v Value[A, B]) int { return d.da.Dims(v.a) }

// IsTop reports whether both components are top.
func (d Domain[A, B]) IsTop(v Value[A, B]) bool { return d.da.IsTop(v.a) && d.db.IsTop(v.b) }

// IsBottom reports whether v is bottom (a pair is built bottom as soon
// as a component is).
func (d Domain[A, B]) IsBottom(v Value[A, B]) bool { return d.da.IsBottom(v.a) }

// Leq reports whether both components are included.
func (d Domain[A, B]) Leq(v, w Value[A, B]) bool {
	if d.IsBottom(v) {
		return true
	}
	return !d.IsBottom(w) && d.da.Leq(v.a, w.a) && d.db.Leq(v.b, w.b)
}

// Equal reports Leq both ways.
func (d Domain[A, B]) Equal(v, w Value[A, B]) bool { return d.Leq(v, w) && d.Leq(w, v) }

// Meet returns the reduced componentwise meet.
func (d Domain[A, B]) Meet(v, w Value[A, B]) Value[A, B] {
	return d.pair(d.da.Meet(v.a, w.a), d.db.Meet(v.b, w.b), true)
}

// Join returns the reduced componentwise join.
func (d Domain[A, B]) Join(v, w Value[A, B]) Value[A, B] {
	if u, ok := d.eitherBottom(v, w); ok {
		return u
	}
	return d.pair(d.da.Join(v.a, w.a), d.db.Join(v.b, w.b), true)
}

// Widen widens componentwise, without reduction (see the package doc).
func (d Domain[A, B]) Widen(v, w Value[A, B]) Value[A, B] {
	if u, ok := d.eitherBottom(v, w); ok {
		return u
	}
	return d.pair(d.da.Widen(v.a, w.a), d.db.Widen(v.b, w.b), false)
}

// WidenThresholds widens componentwise, each component with the
// thresholds when it supports them (numeric.WidenWith), without
// reduction: a product over polyhedra keeps the bounds the thresholds
// keep for polyhedra alone.
func (d Domain[A, B]) WidenThresholds(v, w Value[A, B], t numeric.Thresholds) Value[A, B] {
	if u, ok := d.eitherBottom(v, w); ok {
		return u
	}
	return d.pair(numeric.WidenWith(d.da, v.a, w.a, t), numeric.WidenWith(d.db, v.b, w.b, t), false)
}

// eitherBottom returns the other operand when one is bottom (the least
// upper bound then).
func (d Domain[A, B]) eitherBottom(v, w Value[A, B]) (Value[A, B], bool) {
	switch {
	case d.IsBottom(v):
		return w, true
	case d.IsBottom(w):
		return v, true
	}
	return v, false
}

// Narrow narrows componentwise, without reduction.
func (d Domain[A, B]) Narrow(v, w Value[A, B]) Value[A, B] {
	return d.pair(d.da.Narrow(v.a, w.a), d.db.Narrow(v.b, w.b), false)
}

// Assume assumes cs in both components and reduces.
func (d Domain[A, B]) Assume(v Value[A, B], cs ...numeric.Constraint) Value[A, B] {
	if d.IsBottom(v) {
		return v
	}
	return d.pair(d.da.Assume(v.a, cs...), d.db.Assume(v.b, cs...), true)
}

// Assign assigns in both components and reduces.
func (d Domain[A, B]) Assign(v Value[A, B], dims []numeric.Dim, exprs []numeric.LinExpr) Value[A, B] {
	if d.IsBottom(v) {
		return v
	}
	return d.pair(d.da.Assign(v.a, dims, exprs), d.db.Assign(v.b, dims, exprs), !moves(exprs))
}

// moves reports whether every expression is a constant or a variable
// (coefficient 1, no constant): an assignment that only copies values,
// which both components carry out exactly, so that a reduced pair stays
// reduced and the reduction is skipped (the copies of a swap, the
// argument passing of a call, at every call).
func moves(exprs []numeric.LinExpr) bool {
	for _, e := range exprs {
		switch {
		case e.IsConst():
		case e.NumTerms() == 1 && e.Constant().IsZero() && e.Term(0).Coef.Cmp(numeric.I(1)) == 0:
		default:
			return false
		}
	}
	return true
}

// Forget forgets dims in both components.
func (d Domain[A, B]) Forget(v Value[A, B], dims ...numeric.Dim) Value[A, B] {
	if d.IsBottom(v) {
		return v
	}
	return Value[A, B]{d.da.Forget(v.a, dims...), d.db.Forget(v.b, dims...)}
}

// Bound intersects the components' ranges of e and the refinement's.
func (d Domain[A, B]) Bound(v Value[A, B], e numeric.LinExpr) numeric.Range {
	if d.IsBottom(v) {
		return numeric.EmptyRange
	}
	r := meetRange(d.da.Bound(v.a, e), d.db.Bound(v.b, e))
	if d.bound != nil {
		r = meetRange(r, d.bound(v.a, v.b, e))
	}
	return r
}

func meetRange(r, s numeric.Range) numeric.Range {
	return numeric.Range{Lo: r.Lo.Max(s.Lo), Hi: r.Hi.Min(s.Hi)}
}

// Entails reports whether a component entails c, or the pair's Bound
// of c's expression does.
func (d Domain[A, B]) Entails(v Value[A, B], c numeric.Constraint) bool {
	if d.IsBottom(v) || d.da.Entails(v.a, c) || d.db.Entails(v.b, c) {
		return true
	}
	r := d.Bound(v, c.Expr())
	if r.IsEmpty() {
		return true
	}
	if c.Kind() == numeric.EQ {
		return r.Lo.Cmp(numeric.B(0)) == 0 && r.Hi.Cmp(numeric.B(0)) == 0
	}
	return r.Hi.Cmp(numeric.B(0)) <= 0
}

// Constraints returns the constraints of the first component and those
// of the second that the first does not entail; numeric.False for
// bottom.
func (d Domain[A, B]) Constraints(v Value[A, B]) []numeric.Constraint {
	if d.IsBottom(v) {
		return []numeric.Constraint{numeric.False}
	}
	cs := d.da.Constraints(v.a)
	for _, c := range d.db.Constraints(v.b) {
		if !d.da.Entails(v.a, c) {
			cs = append(cs, c)
		}
	}
	return cs
}

// AddDims adds k unconstrained dimensions to both components.
func (d Domain[A, B]) AddDims(v Value[A, B], k int) Value[A, B] {
	return Value[A, B]{d.da.AddDims(v.a, k), d.db.AddDims(v.b, k)}
}

// RemoveDims removes dims from both components.
func (d Domain[A, B]) RemoveDims(v Value[A, B], dims ...numeric.Dim) Value[A, B] {
	return Value[A, B]{d.da.RemoveDims(v.a, dims...), d.db.RemoveDims(v.b, dims...)}
}

// PermuteDims permutes both components.
func (d Domain[A, B]) PermuteDims(v Value[A, B], perm []numeric.Dim) Value[A, B] {
	return Value[A, B]{d.da.PermuteDims(v.a, perm), d.db.PermuteDims(v.b, perm)}
}

// String formats v as the first component's text and the constraints
// of the second that the first does not entail, "true" for top and
// "false" for bottom.
func (d Domain[A, B]) String(v Value[A, B], env *numeric.Env) string {
	if d.IsBottom(v) || d.da.IsTop(v.a) {
		return numeric.ConjString(d.Constraints(v), env)
	}
	s := d.da.String(v.a, env)
	if rest := d.Constraints(v)[len(d.da.Constraints(v.a)):]; len(rest) > 0 {
		s += " && " + numeric.ConjString(rest, env)
	}
	return s
}

// SanityCheck checks both components and that bottom is canonical.
func (d Domain[A, B]) SanityCheck(v Value[A, B]) error {
	if err := numeric.SanityCheck(d.da, v.a); err != nil {
		return err
	}
	if err := numeric.SanityCheck(d.db, v.b); err != nil {
		return err
	}
	if d.da.IsBottom(v.a) != d.db.IsBottom(v.b) {
		return fmt.Errorf("product: one component is bottom, the other is not")
	}
	if d.da.Dims(v.a) != d.db.Dims(v.b) {
		return fmt.Errorf("product: components have %d and %d dimensions", d.da.Dims(v.a), d.db.Dims(v.b))
	}
	return nil
}

// Congruences returns the congruences the components report
// (numeric.CongruenceReporter); none for bottom.
func (d Domain[A, B]) Congruences(v Value[A, B]) []numeric.Congruence {
	if d.IsBottom(v) {
		return nil
	}
	return append(numeric.CongruencesOf(d.da, v.a), numeric.CongruencesOf(d.db, v.b)...)
}
