// This file turns a model of the BMC formula into a counterexample: the
// path the model takes (backwards from a reached error node, each node's
// first incoming arc whose guard holds, as the φ-functions choose), its
// input values, and a concrete run that follows it, replayed by
// cex.Replay.

package bmc

import (
	"context"
	"fmt"

	"github.com/numpred/numpred/cex"
	"github.com/numpred/numpred/encode"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/smt"
)

// modelPath returns the path to a reached error node in m, in execution
// order.
func modelPath(m *smt.Model, g *graph) ([]cex.PathStep, error) {
	var n *node
	for _, x := range g.errors {
		if x.guard == nil {
			continue
		}
		if ok, err := m.Bool(x.guard); err == nil && ok {
			n = x
			break
		}
	}
	if n == nil {
		return nil, fmt.Errorf("bmc: the model reaches no error node")
	}
	var rev []cex.PathStep
	for len(n.in) > 0 {
		var taken *arc
		for _, a := range n.in {
			if ok, err := m.Bool(a.guard); err == nil && ok {
				taken = a
				break
			}
		}
		if taken == nil {
			return nil, fmt.Errorf("bmc: the model's path breaks at %s", n.loc)
		}
		switch taken.kind {
		case arcEdge, arcCall, arcLayer:
			s := cex.PathStep{Edge: taken.edge}
			if taken.input != nil {
				raw, err := m.Int(taken.input.Term)
				if err != nil {
					return nil, err
				}
				s.Value, s.Input = encode.Value(*taken.input, raw), true
			}
			rev = append(rev, s)
		}
		n = taken.from
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev, nil
}

// counterexample replays the path of model m: nil (and no error) when it
// does not reach an error location.
func counterexample(ctx context.Context, prog *ir.Program, m *smt.Model, g *graph) (*cex.Counterexample, error) {
	path, err := modelPath(m, g)
	if err != nil {
		return nil, nil // a model we cannot read proposes nothing
	}
	c, err := cex.ReplayPath(ctx, prog, path)
	if err == nil && c == nil {
		err = ctx.Err()
	}
	return c, err
}
