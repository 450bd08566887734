// This file defines Conj and DNF, the formulas of the linear SSA form,
// the disjunctive normal form of IR conditions, and their SMT terms.

package pathenc

import (
	"fmt"
	"strings"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/smt"
)

// MaxDNF bounds the disjuncts of one condition's normal form.
const MaxDNF = 16

// Conj is a conjunction of linear constraints (empty: true).
type Conj []numeric.Constraint

// DNF is a disjunction of conjunctions (empty: false; one with an empty
// conjunction: true).
type DNF []Conj

// True returns the DNF true.
func True() DNF { return DNF{Conj{}} }

// False returns the DNF false.
func False() DNF { return DNF{} }

// IsTrue reports whether d has an empty (true) disjunct.
func (d DNF) IsTrue() bool {
	for _, c := range d {
		if len(c) == 0 {
			return true
		}
	}
	return false
}

// IsFalse reports whether d has no disjunct.
func (d DNF) IsFalse() bool { return len(d) == 0 }

// And returns the product of a and b, or false past limit disjuncts.
func And(a, b DNF, limit int) (DNF, bool) {
	if len(a)*len(b) > limit {
		return nil, false
	}
	out := make(DNF, 0, len(a)*len(b))
	for _, x := range a {
		for _, y := range b {
			c := make(Conj, 0, len(x)+len(y))
			c = append(c, x...)
			c = append(c, y...)
			out = append(out, c)
		}
	}
	return out, true
}

// Negate returns not d, or false past limit disjuncts.
func Negate(d DNF, limit int) (DNF, bool) {
	// not (C_1 or ... or C_m) = (not C_1) and ... and (not C_m), and
	// not (c_1 and ... and c_n) = (not c_1) or ... or (not c_n).
	out := True()
	for _, c := range d {
		var nc DNF
		for _, k := range c {
			if n, ok := k.Negate(); ok {
				nc = append(nc, Conj{n})
			} else {
				lo, hi := k.SplitNeq()
				nc = append(nc, Conj{lo}, Conj{hi})
			}
		}
		var ok bool
		if out, ok = And(out, nc, limit); !ok {
			return nil, false
		}
	}
	return out, true
}

// Common returns the constraints every disjunct of d has: a conjunction
// that d implies (false for false).
func Common(d DNF) DNF {
	if len(d) <= 1 {
		return d
	}
	var out Conj
	for _, k := range d[0] {
		all := true
		for _, c := range d[1:] {
			if !c.Has(k) {
				all = false
				break
			}
		}
		if all {
			out = append(out, k)
		}
	}
	return DNF{out}
}

// Has reports whether c has the constraint k.
func (c Conj) Has(k numeric.Constraint) bool {
	for _, x := range c {
		if x.Equal(k) {
			return true
		}
	}
	return false
}

// Equal reports whether a and b have the same constraints.
func (a Conj) Equal(b Conj) bool { return len(a) == len(b) && all(a, b.Has) }

// Has reports whether d has a disjunct equal to c.
func (d DNF) Has(c Conj) bool {
	for _, x := range d {
		if x.Equal(c) {
			return true
		}
	}
	return false
}

// Equal reports whether a and b have the same disjuncts.
func (a DNF) Equal(b DNF) bool { return len(a) == len(b) && all(a, b.Has) }

// all reports whether f holds for every element of xs.
func all[T any](xs []T, f func(T) bool) bool {
	for _, x := range xs {
		if !f(x) {
			return false
		}
	}
	return true
}

// Rename returns d with each dimension x renamed to f(x); false when f
// reports a dimension it cannot rename.
func (d DNF) Rename(f func(numeric.Dim) (numeric.Dim, bool)) (DNF, bool) {
	ok := true
	g := func(x numeric.Dim) numeric.Dim {
		y, in := f(x)
		if !in {
			ok = false
		}
		return y
	}
	out := make(DNF, len(d))
	for i, c := range d {
		out[i] = make(Conj, len(c))
		for j, k := range c {
			out[i][j] = k.Rename(g)
		}
	}
	return out, ok
}

// String formats d naming dimensions by env (nil: by number).
func (d DNF) String(env *numeric.Env) string {
	if len(d) == 0 {
		return "false"
	}
	if d.IsTrue() {
		return "true"
	}
	parts := make([]string, len(d))
	for i, c := range d {
		parts[i] = numeric.ConjString(c, env)
		if len(d) > 1 && len(c) > 1 {
			parts[i] = "(" + parts[i] + ")"
		}
	}
	return strings.Join(parts, " || ")
}

// CondDNF returns the disjunctive normal form of c over the dimensions of
// its atoms (a disequality is the disjunction of its two strict halves, a
// Nondet condition true); false when it would exceed MaxDNF disjuncts.
func CondDNF(c ir.Cond) (DNF, bool) {
	atom := func(k numeric.Constraint) DNF {
		switch {
		case k.IsTrue():
			return True()
		case k.IsFalse():
			return False()
		}
		return DNF{Conj{k}}
	}
	switch c := c.(type) {
	case *ir.Atom:
		return atom(c.C), true
	case *ir.Not:
		if a, ok := c.X.(*ir.Atom); ok {
			if n, ok := a.C.Negate(); ok {
				return atom(n), true
			}
			lo, hi := a.C.SplitNeq()
			return append(atom(lo), atom(hi)...), true
		}
		if _, ok := c.X.(*ir.Congruence); ok {
			return nil, false
		}
		return CondDNF(ir.Negate(c.X))
	case *ir.And:
		out := True()
		for _, x := range c.Xs {
			d, ok := CondDNF(x)
			if !ok {
				return nil, false
			}
			if out, ok = And(out, d, MaxDNF); !ok {
				return nil, false
			}
		}
		return out, true
	case *ir.Or:
		var out DNF
		for _, x := range c.Xs {
			d, ok := CondDNF(x)
			if !ok {
				return nil, false
			}
			out = append(out, d...)
			if len(out) > MaxDNF {
				return nil, false
			}
		}
		return out, true
	case *ir.BoolConst:
		if c.V {
			return True(), true
		}
		return False(), true
	case *ir.Nondet:
		return True(), true
	}
	return nil, false
}

// Term returns the term of d in linear integer arithmetic, dimension x
// named prefix+x.
func Term(z *smt.Context, d DNF, prefix string) *smt.Term {
	ors := make([]*smt.Term, 0, len(d))
	for _, c := range d {
		ands := make([]*smt.Term, 0, len(c))
		for _, k := range c {
			ands = append(ands, ConstraintTerm(z, k, prefix))
		}
		switch len(ands) {
		case 0:
			ors = append(ors, z.True())
		case 1:
			ors = append(ors, ands[0])
		default:
			ors = append(ors, z.And(ands...))
		}
	}
	switch len(ors) {
	case 0:
		return z.False()
	case 1:
		return ors[0]
	}
	return z.Or(ors...)
}

// ConstraintTerm returns the term of k, dimension x named prefix+x.
func ConstraintTerm(z *smt.Context, k numeric.Constraint, prefix string) *smt.Term {
	e := k.Expr()
	parts := []*smt.Term{}
	for _, t := range e.Terms() {
		x := z.Const(fmt.Sprintf("%s%d", prefix, t.Dim), z.IntSort())
		if t.Coef.Cmp(numeric.I(1)) != 0 {
			x = z.Mul(intLit(z, t.Coef), x)
		}
		parts = append(parts, x)
	}
	if c := e.Constant(); !c.IsZero() || len(parts) == 0 {
		parts = append(parts, intLit(z, c))
	}
	s := parts[0]
	if len(parts) > 1 {
		s = z.Add(parts...)
	}
	if k.Kind() == numeric.EQ {
		return z.Eq(s, z.IntVal(0))
	}
	return z.Le(s, z.IntVal(0))
}

func intLit(z *smt.Context, c numeric.Int) *smt.Term {
	if v, ok := c.Int64(); ok {
		return z.IntVal(v)
	}
	return z.IntBig(c.Big())
}
