// This file implements the exact integer inclusion test behind Leq: a
// constraint c holds on every integer point of a iff a ∧ ¬c has no integer
// point, decided by branch and bound over the exact simplex.
//
// Rational reasoning alone is not enough for the lattice laws: gamma(a)
// is a set of integer points, constraints are integer-tightened, and a
// rounded bound (x + y >= 11/2 becomes x + y >= 6) is an inclusion that
// only integer reasoning sees. Deciding it exactly keeps Leq reflexive and
// transitive. The cheap tests come first (the rational optimum over the
// generators, rounded); branch and bound runs only when the optimum is
// fractional and beyond the bound, with a node budget (on exhaustion
// Leq answers false, which is always allowed).

package polyhedra

import (
	"time"

	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/polyhedra/internal/simplex"
)

// emptyBudget is the branch-and-bound budget of the integer emptiness
// test run when a polyhedron is minimised and has no integral vertex.
const emptyBudget = 60

// integralVertex reports whether some vertex of the minimal non-empty p
// has integer coordinates (then gamma(p) is not empty).
func (p *poly) integralVertex() bool {
	for _, g := range p.rays {
		if g[0].Cmp(one) == 0 {
			return true
		}
	}
	return false
}

// noIntegerPoint reports whether branch and bound proves that the
// constraints of p have no integer solution within emptyBudget nodes.
func (p *poly) noIntegerPoint() bool {
	var rows []simplex.Row
	for _, r := range p.eqs {
		rows = append(rows, simplex.Row{Coefs: []numeric.Int(r[1:]), Const: r[0], Eq: true})
	}
	for _, r := range p.ineqs {
		rows = append(rows, simplex.Row{Coefs: []numeric.Int(r.neg()[1:]), Const: r[0].Neg()})
	}
	budget := emptyBudget
	start := time.Now()
	found, complete := integerPoint(rows, p.n, &budget, p.st)
	p.st.emptiness(start, false, !complete)
	return !found && complete
}

// bbBudget is the number of branch-and-bound nodes one test may explore.
const bbBudget = 50

// entailsInt reports whether every integer point of the non-empty a
// satisfies c (false when undecided within the budget).
func entailsInt(a Poly, c numeric.Constraint, st *counters) bool {
	for _, h := range c.Split() {
		if !entailsIneq(a, h, st) {
			return false
		}
	}
	return true
}

// entailsIneq decides e <= 0 over the integer points of a.
func entailsIneq(a Poly, c numeric.Constraint, st *counters) bool {
	e := c.Expr()
	_, hi := linBounds(a, e)
	if hi.inf {
		return false
	}
	if hi.v.Add(e.Constant()).Sign() <= 0 {
		return true
	}
	// The floor of the rational maximum violates c. If some vertex of a
	// attaining a violation is integral, c fails; otherwise search for an
	// integer point of a with e >= 1.
	if violatedAtIntegerVertex(a, e) {
		return false
	}
	var cs []numeric.Constraint
	owner := a.owner()
	seen := map[int]bool{}
	for _, t := range e.Terms() {
		if k := owner[t.Dim]; k >= 0 && !seen[k] {
			seen[k] = true
			cs = append(cs, blockConstraints(a.blocks[k])...)
		}
	}
	cs = append(cs, numeric.NewConstraint(e.Neg().AddConst(numeric.I(1)), numeric.LE))
	rows, nvars := simplexRows(cs)
	budget := bbBudget
	found, complete := integerPoint(rows, nvars, &budget, st)
	return !found && complete
}

// violatedAtIntegerVertex reports whether e > 0 at some integral vertex
// of a, a quick refutation. Only the common case of e within one block is
// checked (across blocks, vertices combine).
func violatedAtIntegerVertex(a Poly, e numeric.LinExpr) bool {
	owner := a.owner()
	k := -1
	for _, t := range e.Terms() {
		if owner[t.Dim] != k && k >= 0 {
			return false
		}
		k = owner[t.Dim]
	}
	if k < 0 {
		return false
	}
	b := a.blocks[k]
	b.p.minimize()
	for _, g := range b.p.rays {
		if g[0].Cmp(one) != 0 {
			continue // a ray, or a vertex with fractional coordinates
		}
		v := e.Constant()
		for i, x := range b.dims {
			v = v.Add(e.Coef(x).Mul(g[i+1]))
		}
		if v.Sign() > 0 {
			return true
		}
	}
	return false
}

// integerPoint searches an integer solution of rows by depth-first branch
// and bound; complete is false when the budget ran out first.
func integerPoint(rows []simplex.Row, nvars int, budget *int, st *counters) (found, complete bool) {
	if *budget <= 0 {
		return false, false
	}
	*budget--
	start := time.Now()
	x, ok := simplex.Feasible(rows, nvars)
	st.simplex(start, 0, false)
	if !ok {
		return false, true
	}
	for i, v := range x {
		if v.IsInt() {
			continue
		}
		fl := v.Floor()
		// x_i <= floor(v), then x_i >= floor(v) + 1.
		up := simplex.Row{Coefs: make([]numeric.Int, nvars), Const: fl.Neg()}
		up.Coefs[i] = numeric.I(1)
		lo := simplex.Row{Coefs: make([]numeric.Int, nvars), Const: fl.Add(numeric.I(1))}
		lo.Coefs[i] = numeric.I(-1)
		f1, c1 := integerPoint(append(rows[:len(rows):len(rows)], up), nvars, budget, st)
		if f1 {
			return true, true
		}
		f2, c2 := integerPoint(append(rows[:len(rows):len(rows)], lo), nvars, budget, st)
		if f2 {
			return true, true
		}
		return false, c1 && c2
	}
	return true, true
}
