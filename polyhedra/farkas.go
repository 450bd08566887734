// This file exports the Farkas certificates of the internal exact simplex,
// for interpolation and refinement outside this package.

package polyhedra

import (
	"github.com/numpred/numpred/internal/simplex"
	"github.com/numpred/numpred/numeric"
)

// Farkas reports whether the conjunction cs has no rational solution and,
// if so, returns multipliers proving it: multipliers[i] >= 0 for every
// inequality (any sign for equalities), such that sum_i multipliers[i] *
// cs[i].Expr() has no variable left and a positive constant. Since every
// cs[i].Expr() <= 0 (or = 0), that sum would be <= 0: a contradiction.
//
// The constraints are taken as given, i.e. after numeric's integer
// normalisation (gcd and strict-to-non-strict tightening); a conjunction
// with rational but no integer solutions beyond that is reported as
// feasible (infeasible == false, multipliers nil).
func Farkas(cs []numeric.Constraint) (multipliers []numeric.Rat, infeasible bool) {
	rows, nvars := simplexRows(cs)
	return simplex.Farkas(rows, nvars)
}

// Maximize returns the maximum of e over the rational solutions of cs,
// computed by the exact simplex: ok is false when cs is infeasible, inf
// when e is unbounded above.
func Maximize(cs []numeric.Constraint, e numeric.LinExpr) (max numeric.Rat, inf, ok bool) {
	rows, nvars := simplexRows(cs)
	if m := int(e.MaxDim()) + 1; m > nvars {
		nvars = m
	}
	obj := make([]numeric.Int, nvars)
	for _, t := range e.Terms() {
		obj[t.Dim] = t.Coef
	}
	st, v, _ := simplex.Maximize(rows, nvars, obj)
	switch st {
	case simplex.Infeasible:
		return numeric.Rat{}, false, false
	case simplex.Unbounded:
		return numeric.Rat{}, true, true
	}
	return v.Add(numeric.RInt(e.Constant())), false, true
}

func simplexRows(cs []numeric.Constraint) ([]simplex.Row, int) {
	nvars := 0
	for _, c := range cs {
		if m := int(c.Expr().MaxDim()) + 1; m > nvars {
			nvars = m
		}
	}
	rows := make([]simplex.Row, len(cs))
	for i, c := range cs {
		e := c.Expr()
		r := simplex.Row{Coefs: make([]numeric.Int, nvars), Const: e.Constant(), Eq: c.Kind() == numeric.EQ}
		for _, t := range e.Terms() {
			r.Coefs[t.Dim] = t.Coef
		}
		rows[i] = r
	}
	return rows, nvars
}
