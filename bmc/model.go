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
	"github.com/numpred/numpred/ir/exec"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/smt"
)

// step is one IR edge of a model's path, with the value of an input havoc.
type step struct {
	edge  *ir.Edge
	value numeric.Int
	input bool
}

// modelPath returns the path to a reached error node in m, in execution
// order.
func modelPath(m *smt.Model, g *graph) ([]step, error) {
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
	var rev []step
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
			s := step{edge: taken.edge}
			if taken.input != nil {
				raw, err := m.Int(taken.input.Term)
				if err != nil {
					return nil, err
				}
				s.value, s.input = encode.Value(*taken.input, raw), true
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

// follow is an exec.Oracle that makes a run take a model's path: an
// input havoc or a choice gets the value or the edge of the path's next
// step at that edge or location.
type follow struct {
	path []step
	i    int
}

func (f *follow) seek(match func(step) bool) (step, bool) {
	for j := f.i; j < len(f.path); j++ {
		if match(f.path[j]) {
			f.i = j + 1
			return f.path[j], true
		}
	}
	return step{}, false
}

func (f *follow) Input(h *ir.Havoc, at *ir.Edge) (numeric.Int, bool) {
	s, ok := f.seek(func(s step) bool { return s.edge == at })
	if !ok || !s.input {
		return numeric.Int{}, false
	}
	return s.value, true
}

func (f *follow) Arbitrary(h *ir.Havoc, _ *ir.Edge) numeric.Int {
	// Any value in range: a run that depends on it is not trusted anyway.
	if h.Range.Contains(numeric.I(0)) {
		return numeric.I(0)
	}
	if h.Range.Lo.IsFinite() {
		return h.Range.Lo.Int()
	}
	return h.Range.Hi.Int()
}

func (f *follow) Choose(at *ir.Loc, enabled []*ir.Edge) (int, bool) {
	s, ok := f.seek(func(s step) bool { return s.edge.From == at })
	if !ok {
		return 0, false
	}
	for i, e := range enabled {
		if e == s.edge {
			return i, true
		}
	}
	return 0, false
}

// counterexample replays the path of model m: nil (and no error) when it
// does not reach an error location.
func counterexample(ctx context.Context, prog *ir.Program, m *smt.Model, g *graph) (*cex.Counterexample, error) {
	path, err := modelPath(m, g)
	if err != nil {
		return nil, nil // a model we cannot read proposes nothing
	}
	r := exec.New(prog).Run(&follow{path: path}, exec.Options{Stop: func() bool { return ctx.Err() != nil }})
	if r.Outcome != exec.ErrorReached {
		return nil, ctx.Err()
	}
	c, err := cex.Replay(ctx, prog, r.InputValues(), cex.ReplayOptions{})
	if err == cex.ErrNotReached {
		return nil, nil
	}
	return c, err
}
