// This file implements checkARG, the sanity check of a finished tree
// (Options.Check): the conditions under which TRUE is sound.

package impact

import (
	"context"
	"fmt"

	"github.com/numpred/numpred/pathenc"
	"github.com/numpred/numpred/smt"
)

// checkARG verifies that the tree is complete and well labelled: the
// root's label is true; every error node's label is false; every node
// not covered (itself or by an ancestor) and not false is expanded;
// every covering node is not covered and older, and the covered node's
// label implies its label; and for every tree edge from u to v, label(u)
// and the edge's linear form imply label(v).
func (r *runner) checkARG(ctx context.Context) error {
	if len(r.root.label) != 0 {
		return fmt.Errorf("impact: check: the root's label is not true")
	}
	for _, n := range r.nodes {
		if err := ctx.Err(); err != nil {
			return err
		}
		if n.isError() && !n.dead() && !r.covered(n) {
			return fmt.Errorf("impact: check: error node %d is reachable in the tree", n.id)
		}
		if !n.expanded && !r.covered(n) {
			return fmt.Errorf("impact: check: node %d is an open leaf", n.id)
		}
		if w := n.coveredBy; w != nil {
			if w.id >= n.id || r.covered(w) || w.at != n.at {
				return fmt.Errorf("impact: check: node %d is covered by %d, which is newer, covered or elsewhere", n.id, w.id)
			}
			ok, err := r.implies(ctx, n.label, w.label)
			if err != nil {
				return err
			}
			if !ok {
				return fmt.Errorf("impact: check: the label of node %d does not imply that of its cover %d", n.id, w.id)
			}
		}
		if n.parent == nil || len(n.label) == 0 || n.parent.dead() {
			continue
		}
		// label(parent) ∧ edge ∧ ¬label(n) must be unsatisfiable.
		u := n.parent
		p := r.newSSA(u.at.Stack)
		lu, ok := conjoin(u.label)
		if !ok {
			lu = pathenc.True()
		}
		pre, ok1 := r.at(p, lu)
		g, err := p.Step(n.edge)
		if err != nil {
			return err
		}
		neg, ok2 := negate(n.label)
		post, ok3 := r.at(p, neg)
		if !ok1 || !ok2 || !ok3 {
			return fmt.Errorf("impact: check: cannot express the labels of edge %d -> %d", u.id, n.id)
		}
		sol := r.z.NewSimpleSolver()
		sol.Assert(pathenc.Term(r.z, pre, "c!"), pathenc.Term(r.z, g, "c!"), pathenc.Term(r.z, post, "c!"))
		res, err := r.checkSolver(ctx, sol)
		sol.Close()
		if err != nil {
			return err
		}
		if res != smt.Unsat {
			return fmt.Errorf("impact: check: the labels of edge %d -> %d are not inductive (%s)", u.id, n.id, res)
		}
	}
	return nil
}
