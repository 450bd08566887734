// This file implements the integer reasoning behind IsBottom and Leq:
// branch and bound over the fraction-free simplex (internal/simplex), and
// the exact integer inclusion test: a constraint c holds on every integer
// point of a iff a ∧ ¬c has no integer point.
//
// Rational reasoning alone is not enough for the lattice laws: gamma(a)
// is a set of integer points, constraints are integer-tightened, and a
// rounded bound (x + y >= 11/2 becomes x + y >= 6) is an inclusion that
// only integer reasoning sees. Deciding it exactly keeps Leq reflexive and
// transitive. The cheap tests come first (the rational optimum over the
// generators, rounded); branch and bound runs only when the optimum is
// fractional and beyond the bound. Every search has a budget of nodes
// and of simplex work: when it runs out, the search answers "an integer
// point may exist", so IsBottom answers false and Leq false, which is
// always allowed.
//
// Branch and bound keeps one simplex tableau for the whole search: a
// branch x_i <= floor(v) or x_i >= floor(v) + 1 is a bound on a variable
// (Solver.SetUpper, SetLower), undone on backtracking (Push, Pop), and the
// next node starts from the basis the previous one ended with.

package polyhedra

import (
	"time"

	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/polyhedra/internal/simplex"
)

// Budgets of one branch-and-bound search.
const (
	// bbNodes is the number of nodes (simplex checks) of one search.
	bbNodes = 60
	// bbWork is the simplex work of one search (simplex.Limits.Work;
	// about a nanosecond a unit on 2020s hardware).
	bbWork = 10_000_000
)

// search is one branch-and-bound search for an integer point.
type search struct {
	s     *simplex.Solver
	nodes int
	st    *counters
}

// integerPoint searches an integer solution of rows over nvars variables
// by depth-first branch and bound; complete is false when the budget ran
// out first (then found is false too).
func integerPoint(rows []simplex.Row, nvars int, st *counters) (found, complete bool) {
	b := &search{s: simplex.NewSolver(rows, nvars, simplex.Limits{Work: bbWork}), nodes: bbNodes, st: st}
	return b.run()
}

func (b *search) run() (found, complete bool) {
	if b.nodes <= 0 {
		return false, false
	}
	b.nodes--
	start, piv := time.Now(), b.s.Pivots()
	res := b.s.Check()
	b.st.simplex(start, b.s.Pivots()-piv, res == simplex.Unknown)
	switch res {
	case simplex.Infeasible:
		return false, true
	case simplex.Unknown:
		return false, false
	}
	i, fl, ok := b.s.Fractional()
	if !ok {
		return true, true
	}
	// x_i <= floor(v), then x_i >= floor(v) + 1.
	b.s.Push()
	b.s.SetUpper(i, fl)
	f1, c1 := b.run()
	b.s.Pop()
	if f1 {
		return true, true
	}
	b.s.Push()
	b.s.SetLower(i, fl.Add(one))
	f2, c2 := b.run()
	b.s.Pop()
	if f2 {
		return true, true
	}
	return false, c1 && c2
}

// simplexRowsOf returns the constraints of the minimal p as simplex rows
// (r[0] + r[1:]·x >= 0 becomes -r[1:]·x - r[0] <= 0).
func simplexRowsOf(p *poly) []simplex.Row {
	rows := make([]simplex.Row, 0, len(p.eqs)+len(p.ineqs))
	for _, r := range p.eqs {
		rows = append(rows, simplex.Row{Coefs: []numeric.Int(r[1:]), Const: r[0], Eq: true})
	}
	for _, r := range p.ineqs {
		rows = append(rows, simplex.Row{Coefs: []numeric.Int(r.neg()[1:]), Const: r[0].Neg()})
	}
	return rows
}

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
	found, complete := integerPoint(rows, nvars, st)
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
