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
	vs := make([]*smt.Term, len(preds))
	for k, i := range preds {
		c := g.r.prec.preds[i]
		g.ensure(s.blk, s.vals, exprVars(nil, c.Expr()))
		vs[k] = g.z.Const(fmt.Sprintf("abe!p%d", i), g.z.BoolSort())
		sol.Assert(g.z.Iff(vs[k], g.t.Constraint(s.vals, c)))
	}
	if err := sol.Err(); err != nil {
		return bdd.Node{}, err
	}
	if g.r.opt.Cartesian {
		return g.cartesian(ctx, sol, preds, vs)
	}
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
		lits := make([]bdd.Literal, len(preds))
		block := make([]*smt.Term, len(preds))
		for k, i := range preds {
			v, err := m.Bool(vs[k])
			if err != nil {
				m.Close()
				return bdd.Node{}, err
			}
			lits[k] = bdd.Literal{Var: bm.VarOf(bdd.Pred, i), Pos: v}
			if v {
				block[k] = g.z.Not(vs[k])
			} else {
				block[k] = vs[k]
			}
		}
		m.Close()
		g.r.stats.AllSATModels++
		cube, err := bm.Cube(lits)
		if err != nil {
			return bdd.Node{}, err
		}
		if out, err = bm.Or(out, cube); err != nil {
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
