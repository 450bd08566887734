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
	}
	return c
}
