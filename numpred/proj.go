// This file implements the syntactic projections proj_P and proj_N of
// Section IV.

package numpred

import "github.com/numpred/numpred/numeric"

// ProjP returns the propositional projection of e onto V_P: e with every
// numeric atom that is not a predicate replaced by true (in positive
// position; by the weakest literal in general, since e is first put in
// negation normal form), and every atom that is a predicate replaced by
// that predicate's literal. e implies ProjP(e).
func (s *Space) ProjP(e Expr) Expr { return s.proj(toNNF(e, true), true) }

// ProjN returns the numeric projection of e onto V_N: e with every opaque
// or primed predicate replaced by true and every atom predicate by its
// atom. e implies ProjN(e) (on states whose atom predicates agree with
// their point).
func (s *Space) ProjN(e Expr) Expr { return s.proj(toNNF(e, true), false) }

func (s *Space) proj(e nnf, toP bool) Expr {
	switch e.kind {
	case ExprTrue:
		return True()
	case ExprFalse:
		return False()
	case ExprAnd, ExprOr:
		args := make([]Expr, len(e.args))
		for i, a := range e.args {
			args[i] = s.proj(a, toP)
		}
		if e.kind == ExprAnd {
			return And(args...)
		}
		return Or(args...)
	}
	l := e.lit
	phase := func(x Expr, pos bool) Expr {
		if pos {
			return x
		}
		return Not(x)
	}
	if toP {
		if l.isPred {
			if l.primed {
				return phase(Primed(l.pred), l.pos)
			}
			return phase(P(l.pred), l.pos)
		}
		if p, neg, ok := s.PredOfAtom(l.atom); ok {
			return phase(P(p), l.pos != neg)
		}
		return True()
	}
	atom := func(a numeric.Constraint, pos bool) Expr {
		if c, ok := litConstraint(a, pos); ok {
			return Atom(c)
		}
		return Not(Atom(a))
	}
	if l.isPred {
		if a, ok := s.PredAtom(l.pred); ok && !l.primed {
			return atom(a, l.pos)
		}
		return True()
	}
	return atom(l.atom, l.pos)
}
