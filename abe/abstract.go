// This file implements the predicate abstraction (ψ ∧ φ)^π of a path
// formula: boolean (AllSAT over the predicates, blocking each model's
// predicate cube) or cartesian (one pair of entailment queries per
// predicate), with the result held as a BDD over the predicates; and the
// translation of a BDD back into a formula over a block's start values.

package abe

import (
	"context"
	"fmt"

	"github.com/numpred/numpred/bdd"
	"github.com/numpred/numpred/smt"
)

// assertPath asserts the formula of s's path formula with its block's ψ.
func (g *graph) assertPath(sol *smt.Solver, s *state) error {
	b := s.blk
	psi, err := g.psiTerm(b)
	if err != nil {
		return err
	}
	sol.Assert(psi)
	sol.Assert(b.startFacts...)
	sol.Assert(b.facts[:s.nFacts]...)
	sol.Assert(s.guard)
	return sol.Err()
}

// feasible reports whether ψ ∧ φ of the abstraction state s is
// satisfiable.
func (g *graph) feasible(ctx context.Context, s *state) (bool, error) {
	sol := g.r.solver()
	defer sol.Close()
	if err := g.assertPath(sol, s); err != nil {
		return false, err
	}
	res, err := g.r.check(ctx, sol)
	if err != nil {
		return false, err
	}
	if res == smt.Unknown {
		// Not refuted: keep the state (sound).
		return true, nil
	}
	return res == smt.Sat, nil
}

// abstraction computes (ψ ∧ φ)^Π(l) of the abstraction state s.
func (g *graph) abstraction(ctx context.Context, s *state) (bdd.Node, error) {
	bm := g.bm
	sol := g.r.solver()
	defer sol.Close()
	if err := g.assertPath(sol, s); err != nil {
		return bdd.Node{}, err
	}
	res, err := g.r.check(ctx, sol)
	if err != nil {
		return bdd.Node{}, err
	}
	switch res {
	case smt.Unsat:
		return bm.False(), nil
	case smt.Unknown:
		return bdd.Node{}, fmt.Errorf("abe: the solver could not decide a path formula: %s", sol.ReasonUnknown())
	}
	preds := g.r.prec.at(s.loc)
	if len(preds) == 0 {
		return bm.True(), nil
	}
	cartesian := g.r.cartesianAt(s.loc)
	if !cartesian {
		sp, ok := g.decompose(s)
		if ok {
			g.r.stats.Decomposed++
			return g.decomposed(ctx, sol, s, sp)
		}
	}
	vs := make([]*smt.Term, len(preds))
	lits := make([]int, len(preds))
	for k, i := range preds {
		c := g.r.prec.preds[i]
		g.ensure(s.blk, s.vals, exprVars(nil, c.Expr()))
		vs[k] = g.z.Const(fmt.Sprintf("abe!p%d", i), g.z.BoolSort())
		lits[k] = bm.VarOf(bdd.Pred, i)
		sol.Assert(g.z.Iff(vs[k], g.t.Constraint(s.vals, c)))
	}
	if err := sol.Err(); err != nil {
		return bdd.Node{}, err
	}
	if cartesian {
		return g.cartesian(ctx, sol, preds, vs)
	}
	return g.allSAT(ctx, sol, vs, lits)
}

// decomposed computes the abstraction of s by the decomposition sp
// (decompose.go): AllSAT over the active root predicates at the block's
// start (primed BDD variables) and the active target predicates at its
// end, conjoined with ψ of the root (its predicates other than the passive
// target ones primed), the primed variables quantified.
func (g *graph) decomposed(ctx context.Context, sol *smt.Solver, s *state, sp split) (bdd.Node, error) {
	bm := g.bm
	b := s.blk
	rootVar := map[int]*smt.Term{}
	for _, i := range sp.rootActive {
		c := g.r.prec.preds[i]
		for _, id := range exprVars(nil, c.Expr()) {
			g.startVal(b, id)
		}
		v := g.z.Const(fmt.Sprintf("abe!q%d", i), g.z.BoolSort())
		sol.Assert(g.z.Iff(v, g.t.Constraint(b.start, c)))
		rootVar[i] = v
	}
	targetVar := map[int]*smt.Term{}
	for _, i := range sp.targetActive {
		c := g.r.prec.preds[i]
		g.ensure(b, s.vals, exprVars(nil, c.Expr()))
		v := g.z.Const(fmt.Sprintf("abe!p%d", i), g.z.BoolSort())
		sol.Assert(g.z.Iff(v, g.t.Constraint(s.vals, c)))
		targetVar[i] = v
	}
	if err := sol.Err(); err != nil {
		return bdd.Node{}, err
	}
	rel := bm.True()
	for _, grp := range sp.groups {
		var vs []*smt.Term
		var lits []int
		for _, i := range grp.root {
			vs = append(vs, rootVar[i])
			lits = append(lits, bm.VarOf(bdd.Primed, i))
		}
		for _, i := range grp.target {
			vs = append(vs, targetVar[i])
			lits = append(lits, bm.VarOf(bdd.Pred, i))
		}
		sol.Push()
		r, err := g.allSAT(ctx, sol, vs, lits)
		sol.Pop(1)
		if err != nil {
			return bdd.Node{}, err
		}
		if rel, err = bm.And(rel, r); err != nil {
			return bdd.Node{}, err
		}
	}
	for _, c := range sp.comps {
		rc, err := g.alone(ctx, b, c)
		if err != nil {
			return bdd.Node{}, err
		}
		if rel, err = bm.And(rel, rc); err != nil {
			return bdd.Node{}, err
		}
	}
	from := make([]int, len(sp.primed))
	to := make([]int, len(sp.primed))
	for k, i := range sp.primed {
		from[k], to[k] = bm.VarOf(bdd.Pred, i), bm.VarOf(bdd.Primed, i)
	}
	psi, err := bm.Replace(b.root.psi, from, to)
	if err != nil {
		return bdd.Node{}, err
	}
	return bm.AndExists(psi, rel, to)
}

// alone returns the relation of an untouched component c's root
// predicates (primed) and target predicates over the start values of b,
// constrained only by b's start facts.
func (g *graph) alone(ctx context.Context, b *block, c component) (bdd.Node, error) {
	bm := g.bm
	sol := g.r.solver()
	defer sol.Close()
	var vs []*smt.Term
	var lits []int
	add := func(i int, role bdd.Role, name string) {
		p := g.r.prec.preds[i]
		for _, id := range exprVars(nil, p.Expr()) {
			g.startVal(b, id)
		}
		v := g.z.Const(fmt.Sprintf("abe!%s%d", name, i), g.z.BoolSort())
		sol.Assert(g.z.Iff(v, g.t.Constraint(b.start, p)))
		vs = append(vs, v)
		lits = append(lits, bm.VarOf(role, i))
	}
	for _, i := range c.root {
		add(i, bdd.Primed, "q")
	}
	for _, i := range c.target {
		add(i, bdd.Pred, "p")
	}
	sol.Assert(b.startFacts...)
	if err := sol.Err(); err != nil {
		return bdd.Node{}, err
	}
	return g.allSAT(ctx, sol, vs, lits)
}

// allSAT returns the disjunction of the cubes over the BDD variables lits
// of the values the boolean constants vs take in the models of the
// asserted formula (each model's cube blocked in turn).
func (g *graph) allSAT(ctx context.Context, sol *smt.Solver, vs []*smt.Term, lits []int) (bdd.Node, error) {
	bm := g.bm
	out := bm.False()
	for {
		res, err := g.r.check(ctx, sol)
		if err != nil {
			return bdd.Node{}, err
		}
		if res == smt.Unsat {
			return out, nil
		}
		if res == smt.Unknown {
			return bdd.Node{}, fmt.Errorf("abe: the solver could not finish an abstraction: %s", sol.ReasonUnknown())
		}
		m, err := sol.Model()
		if err != nil {
			return bdd.Node{}, err
		}
		cube := make([]bdd.Literal, len(vs))
		block := make([]*smt.Term, len(vs))
		for k := range vs {
			v, err := m.Bool(vs[k])
			if err != nil {
				m.Close()
				return bdd.Node{}, err
			}
			cube[k] = bdd.Literal{Var: lits[k], Pos: v}
			if v {
				block[k] = g.z.Not(vs[k])
			} else {
				block[k] = vs[k]
			}
		}
		m.Close()
		g.r.stats.AllSATModels++
		c, err := bm.Cube(cube)
		if err != nil {
			return bdd.Node{}, err
		}
		if out, err = bm.Or(out, c); err != nil {
			return bdd.Node{}, err
		}
		sol.Assert(g.z.Or(block...))
	}
}

// cartesian returns the conjunction of the predicate literals the
// asserted formula entails.
func (g *graph) cartesian(ctx context.Context, sol *smt.Solver, preds []int, vs []*smt.Term) (bdd.Node, error) {
	bm := g.bm
	out := bm.True()
	for k, i := range preds {
		for _, pos := range []bool{true, false} {
			lit := g.z.Not(vs[k]) // φ ∧ ¬p unsatisfiable: φ ⇒ p
			if !pos {
				lit = vs[k]
			}
			res, err := g.r.check(ctx, sol, lit)
			if err != nil {
				return bdd.Node{}, err
			}
			if res != smt.Unsat {
				continue
			}
			l, err := bm.Lit(bm.VarOf(bdd.Pred, i), pos)
			if err != nil {
				return bdd.Node{}, err
			}
			if out, err = bm.And(out, l); err != nil {
				return bdd.Node{}, err
			}
			break
		}
	}
	return out, nil
}

// psiTerm returns ψ of b's root as a formula over b's start values.
func (g *graph) psiTerm(b *block) (*smt.Term, error) {
	if b.psiTerm != nil {
		return b.psiTerm, nil
	}
	b.psiMemo = map[int]*smt.Term{}
	t, err := g.bddTerm(b, b.root.psi)
	b.psiMemo = nil
	if err != nil {
		return nil, err
	}
	b.psiTerm = t
	return t, nil
}

func (g *graph) bddTerm(b *block, n bdd.Node) (*smt.Term, error) {
	return foldPreds(g.bm, n, b.psiMemo, func(v bool) *smt.Term {
		if v {
			return g.z.True()
		}
		return g.z.False()
	}, func(i int, th, tl *smt.Term) *smt.Term {
		c := g.r.prec.preds[i]
		for _, id := range exprVars(nil, c.Expr()) {
			g.startVal(b, id)
		}
		return g.z.Ite(g.t.Constraint(b.start, c), th, tl)
	})
}

// foldPreds folds the diagram n over the predicates bottom-up: leaf
// gives the constants' values, node the value of a node of predicate i
// from its branches' (memoised by node in memo).
func foldPreds[T any](bm *bdd.Manager, n bdd.Node, memo map[int]T, leaf func(bool) T, node func(i int, hi, lo T) T) (T, error) {
	var zero T
	switch {
	case bm.IsTrue(n):
		return leaf(true), nil
	case bm.IsFalse(n):
		return leaf(false), nil
	}
	if t, ok := memo[n.ID()]; ok {
		return t, nil
	}
	v, err := bm.Var(n)
	if err != nil {
		return zero, err
	}
	_, i := bm.RoleOf(v)
	hi, err := bm.High(n)
	if err != nil {
		return zero, err
	}
	lo, err := bm.Low(n)
	if err != nil {
		return zero, err
	}
	th, err := foldPreds(bm, hi, memo, leaf, node)
	if err != nil {
		return zero, err
	}
	tl, err := foldPreds(bm, lo, memo, leaf, node)
	if err != nil {
		return zero, err
	}
	t := node(i, th, tl)
	memo[n.ID()] = t
	return t, nil
}
