// This file turns a path and a model's inputs into a counterexample: the
// concrete interpreter runs the program along the path (inputs from the
// model in order, each choice the edge the path takes next out of that
// location) to learn the input vector, which Replay then replays from
// scratch.

package cex

import (
	"context"
	"errors"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/ir/exec"
	"github.com/numpred/numpred/numeric"
)

// pathOracle follows a path: inputs come from the model in order, and a
// choice takes the enabled edge the path takes next out of that location.
type pathOracle struct {
	path   []*ir.Edge
	pos    int // the path's edges before pos were taken
	inputs []numeric.Int
	next   int
}

// advance moves past the next edge of the path that leaves at and returns
// it (nil when the path has none).
func (o *pathOracle) advance(at *ir.Loc) *ir.Edge {
	for i := o.pos; i < len(o.path); i++ {
		if o.path[i].From == at {
			o.pos = i + 1
			return o.path[i]
		}
	}
	return nil
}

func (o *pathOracle) Input(h *ir.Havoc, at *ir.Edge) (numeric.Int, bool) {
	o.advance(at.From)
	if o.next >= len(o.inputs) {
		return numeric.Int{}, false
	}
	o.next++
	return o.inputs[o.next-1], true
}

func (o *pathOracle) Arbitrary(h *ir.Havoc, _ *ir.Edge) numeric.Int {
	// As exec.Inputs does, so that Replay repeats the run.
	r := h.Range
	if lo, ok := r.Lo.Int64(); ok && lo > 0 {
		return numeric.I(lo)
	}
	if hi, ok := r.Hi.Int64(); ok && hi < 0 {
		return numeric.I(hi)
	}
	return numeric.I(0)
}

func (o *pathOracle) Choose(at *ir.Loc, enabled []*ir.Edge) (int, bool) {
	want := o.advance(at)
	for i, e := range enabled {
		if e == want {
			return i, true
		}
	}
	return 0, true // off the path: the replay decides
}

// ReplayPath runs prog along path (edges from main's entry, calls and
// returns included) with a model's inputs in call order, and replays the
// input vector the run consumed with Replay. It returns nil and no error
// when the run does not reach an error location.
func ReplayPath(ctx context.Context, prog *ir.Program, path []*ir.Edge, inputs []numeric.Int) (*Counterexample, error) {
	limit := 4*len(path) + 1024
	o := &pathOracle{path: path, inputs: inputs}
	r := exec.New(prog).Run(o, exec.Options{MaxSteps: limit, Stop: func() bool { return ctx.Err() != nil }})
	if r.Outcome != exec.ErrorReached {
		return nil, nil
	}
	cx, err := Replay(ctx, prog, r.InputValues(), ReplayOptions{MaxSteps: limit})
	if errors.Is(err, ErrNotReached) {
		return nil, nil
	}
	return cx, err
}
