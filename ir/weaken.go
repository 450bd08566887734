// This file defines Weaken, which drops atoms from a condition soundly.

package ir

import "github.com/numpred/numpred/numeric"

// Weaken returns c with every atom keep rejects replaced by what weakens
// c: true where the atom occurs positively, false under a negation. The
// result is implied by c, and mentions only atoms keep accepts: an
// invariant restricted to what a reader can state (variables in scope,
// constraints an encoding can afford) stays an invariant. A Nondet is
// weakened as a rejected atom is (no reader of an invariant can state it).
func Weaken(c Cond, keep func(numeric.Constraint) bool) Cond {
	return weaken(c, keep, true)
}

func weaken(c Cond, keep func(numeric.Constraint) bool, pos bool) Cond {
	switch c := c.(type) {
	case *Atom:
		if keep(c.C) {
			return c
		}
		return &BoolConst{pos}
	case *Not:
		return &Not{X: weaken(c.X, keep, !pos)}
	case *And:
		xs := make([]Cond, len(c.Xs))
		for i, x := range c.Xs {
			xs[i] = weaken(x, keep, pos)
		}
		return &And{Xs: xs}
	case *Or:
		xs := make([]Cond, len(c.Xs))
		for i, x := range c.Xs {
			xs[i] = weaken(x, keep, pos)
		}
		return &Or{Xs: xs}
	case *Nondet:
		return &BoolConst{pos}
	case *Congruence:
		// keep judges the congruence by the equation over its terms
		// (without its constant, which the equation might not divide).
		e := c.C.Expr()
		if keep(numeric.NewConstraint(e.AddConst(e.Constant().Neg()), numeric.EQ)) {
			return c
		}
		return &BoolConst{pos}
	}
	return c
}

// Fold returns c without the constants that Weaken leaves: true dropped
// from conjunctions and false from disjunctions, a conjunction with false
// false and a disjunction with true true, a junction of one operand that
// operand. The result is equivalent to c.
func Fold(c Cond) Cond {
	switch c := c.(type) {
	case *Not:
		x := Fold(c.X)
		if b, ok := x.(*BoolConst); ok {
			return &BoolConst{!b.V}
		}
		return &Not{X: x}
	case *And:
		return foldJunction(c.Xs, false)
	case *Or:
		return foldJunction(c.Xs, true)
	}
	return c
}

// foldJunction folds the conjunction (or false) or disjunction (or true)
// of xs.
func foldJunction(xs []Cond, or bool) Cond {
	var out []Cond
	for _, x := range xs {
		x = Fold(x)
		if b, ok := x.(*BoolConst); ok {
			if b.V == or {
				return &BoolConst{or} // decides the junction
			}
			continue // neutral
		}
		out = append(out, x)
	}
	switch {
	case len(out) == 0:
		return &BoolConst{!or}
	case len(out) == 1:
		return out[0]
	case or:
		return &Or{Xs: out}
	}
	return &And{Xs: out}
}
