// This file reads loop invariants off a round that proved the program:
// every reachable state at a loop head is in the abstraction ψ of some
// abstraction state there (loop heads end blocks, and the reached set
// covers every path), so the disjunction of those ψ is an invariant of
// the loop head; with the paths between loop heads it is inductive.

package abe

import (
	"github.com/numpred/numpred/bdd"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/ir"
)

// maxInvariantPaths bounds the paths of a loop head's ψ disjunction that
// are turned into a formula; a larger one is left out.
const maxInvariantPaths = 1 << 12

// loopInvariants returns, per loop head with an abstraction state, the
// disjunction of their abstractions as a formula over the predicates.
func (g *graph) loopInvariants() ([]engine.Invariant, error) {
	byLoc := map[*ir.Loc]bdd.Node{}
	var order []*ir.Loc
	for _, s := range g.states {
		if !s.abs || !s.loc.LoopHead || s.removed {
			continue
		}
		u, ok := byLoc[s.loc]
		if !ok {
			order = append(order, s.loc)
			u = g.bm.False()
		}
		u, err := g.bm.Or(u, s.psi)
		if err != nil {
			return nil, err
		}
		byLoc[s.loc] = u
	}
	var out []engine.Invariant
	for _, l := range order {
		u := byLoc[l]
		n, err := g.bm.PathCount(u)
		if err != nil {
			return nil, err
		}
		if n < 0 || n > maxInvariantPaths {
			continue
		}
		c, err := g.cond(u, map[int]ir.Cond{})
		if err != nil {
			return nil, err
		}
		out = append(out, engine.Invariant{Loc: l, Formula: c})
	}
	return out, nil
}

// cond returns the formula of a diagram over the predicates: at a node of
// predicate p, (p && hi) || (!p && lo), without the false disjuncts.
func (g *graph) cond(n bdd.Node, memo map[int]ir.Cond) (ir.Cond, error) {
	return foldPreds(g.bm, n, memo, func(v bool) ir.Cond { return &ir.BoolConst{V: v} }, func(i int, ch, cl ir.Cond) ir.Cond {
		p := &ir.Atom{C: g.r.prec.preds[i]}
		var xs []ir.Cond
		if !isConst(ch, false) {
			xs = append(xs, and(p, ch))
		}
		if !isConst(cl, false) {
			xs = append(xs, and(&ir.Not{X: p}, cl))
		}
		if len(xs) == 1 {
			return xs[0]
		}
		return &ir.Or{Xs: xs}
	})
}

// isConst reports whether c is the constant v.
func isConst(c ir.Cond, v bool) bool {
	b, ok := c.(*ir.BoolConst)
	return ok && b.V == v
}

// and is lit && c, or lit alone when c is true.
func and(lit, c ir.Cond) ir.Cond {
	if isConst(c, true) {
		return lit
	}
	return &ir.And{Xs: []ir.Cond{lit, c}}
}
