// This file implements lazy refinement: after a refinement the reached
// set is kept, and only the subtree below the first abstraction state of
// the error path whose location's precision grew (the pivot) is removed
// and explored again with the new precision (Henzinger, Jhala, Majumdar &
// Sutre's lazy abstraction; CPAchecker's ARG pruning).
//
// The subtree of an abstraction state is the tree of blocks below it
// (block.members). Removing it also removes what was merged into its
// states; states outside it are kept, even those at the pivot's location
// with the old, coarser abstraction (they are sound over-approximations:
// an error path through them is found and refined in turn). Two kinds of
// arrivals are expanded again: the pivot's own (the arc from its parent
// block), and every arrival that a removed state covered (stop) and that
// was therefore never added — without the second, a path whose only
// representative was covered by a removed state would be lost, and a TRUE
// could be wrong.

package abe

import (
	"context"

	"github.com/numpred/numpred/ir"
)

// pivotOf returns the index in chain of the first abstraction state whose
// ψ was computed with fewer predicates than its location has now, or
// cartesian where the location now abstracts boolean; -1 when
// every state of the chain is up to date (the refinement made no
// progress). The initial state (index 0) is never a pivot.
func (r *runner) pivotOf(chain []*state) int {
	for i := 1; i < len(chain); i++ {
		s := chain[i]
		if s.loc == nil || !s.abs || s.loc.Kind == ir.Error {
			// An error state's ψ is not an abstraction (only its
			// feasibility is checked): it is never stale.
			continue
		}
		if len(r.prec.at(s.loc)) > s.nPrec || s.cartesian && !r.cartesianAt(s.loc) {
			return i
		}
	}
	return -1
}

// prune removes the subtree of the abstraction state p and expands again
// p's arrival and the arrivals the removed states covered.
func (g *graph) prune(ctx context.Context, p *state) error {
	var again []*arc
	if len(p.in) > 0 {
		again = append(again, p.in[0])
	}
	work := []*state{p}
	for len(work) > 0 {
		s := work[len(work)-1]
		work = work[:len(work)-1]
		if s.removed {
			continue
		}
		s.removed = true
		g.live--
		g.removed++
		g.r.stats.Removed++
		if s.abs {
			g.nAbs--
			if !breakRemoval {
				again = append(again, s.covers...)
			}
			if s.own != nil {
				work = append(work, s.own.members...)
			}
			continue
		}
		mk := mergeKey{s.key, s.blk.id}
		if g.mergeIdx[mk] == s {
			delete(g.mergeIdx, mk)
		}
	}
	g.compact()
	for _, a := range again {
		if a.from.removed {
			continue
		}
		g.r.stats.Reexpanded++
		if err := g.expand(ctx, a.from, a.edge); err != nil {
			return err
		}
	}
	return nil
}

// breakRemoval breaks the subtree removal on purpose, for the test that
// shows the soundness oracle notices: the arrivals a removed state
// covered are not expanded again, so paths through them are lost.
var breakRemoval bool

// compact drops removed states from the cover index, and from the state
// list once they are the majority.
func (g *graph) compact() {
	for k, ss := range g.absIdx {
		out := ss[:0]
		for _, s := range ss {
			if !s.removed {
				out = append(out, s)
			}
		}
		for i := len(out); i < len(ss); i++ {
			ss[i] = nil
		}
		if len(out) == 0 {
			delete(g.absIdx, k)
			continue
		}
		g.absIdx[k] = out
	}
	if g.removed <= g.live {
		return
	}
	out := make([]*state, 0, g.live)
	for _, s := range g.states {
		if !s.removed {
			out = append(out, s)
		}
	}
	g.states = out
	g.removed = 0
}
