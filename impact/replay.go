// This file decides a path whose linear form is satisfiable: the exact
// path formula (package encode, LIA), and for a model the concrete run
// along the path, replayed by cex.Replay: the one way to answer FALSE.

package impact

import (
	"context"
	"errors"

	"github.com/numpred/numpred/cex"
	"github.com/numpred/numpred/encode"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/ir/exec"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/smt"
)

// exactCheck checks the path formula of edges (from main's entry) in
// LIA and returns its status and, when satisfiable, the model's inputs.
func (r *runner) exactCheck(ctx context.Context, edges []*ir.Edge) (smt.Result, []numeric.Int, error) {
	z := r.z
	p, err := encode.NewPath(z, r.prog, encode.LIA)
	if err != nil {
		return smt.Unknown, nil, err
	}
	sol := z.NewSimpleSolver()
	defer sol.Close()
	for _, e := range edges {
		c, err := p.Step(e)
		if err != nil {
			return smt.Unknown, nil, err
		}
		if c != nil {
			sol.Assert(c)
		}
	}
	if err := sol.Err(); err != nil {
		return smt.Unknown, nil, err
	}
	res, err := r.checkSolver(ctx, sol)
	if err != nil || res != smt.Sat {
		return res, nil, err
	}
	m, err := sol.Model()
	if err != nil {
		return smt.Unknown, nil, err
	}
	defer m.Close()
	var ins []numeric.Int
	for _, in := range p.Inputs() {
		raw, err := m.Int(in.Term)
		if err != nil {
			return smt.Unknown, nil, err
		}
		ins = append(ins, encode.Value(in, raw))
	}
	return res, ins, nil
}

// follower is an exec.Oracle that takes a path: inputs from a model in
// order, and at a choice the edge the path takes next out of that
// location.
type follower struct {
	path   []*ir.Edge
	pos    int
	inputs []numeric.Int
	used   int
}

// next moves past the path's next edge out of at and returns it (nil
// when there is none).
func (f *follower) next(at *ir.Loc) *ir.Edge {
	for i := f.pos; i < len(f.path); i++ {
		if f.path[i].From == at {
			f.pos = i + 1
			return f.path[i]
		}
	}
	return nil
}

func (f *follower) Input(h *ir.Havoc, at *ir.Edge) (numeric.Int, bool) {
	f.next(at.From)
	if f.used >= len(f.inputs) {
		return numeric.Int{}, false
	}
	f.used++
	return f.inputs[f.used-1], true
}

func (f *follower) Arbitrary(h *ir.Havoc, _ *ir.Edge) numeric.Int {
	// The value of least magnitude, as exec.Inputs gives, so that
	// cex.Replay repeats the run (which is then not trusted anyway).
	if h.Range.Contains(numeric.I(0)) {
		return numeric.I(0)
	}
	if h.Range.Lo.IsFinite() && h.Range.Lo.Int().Sign() > 0 {
		return h.Range.Lo.Int()
	}
	return h.Range.Hi.Int()
}

func (f *follower) Choose(at *ir.Loc, enabled []*ir.Edge) (int, bool) {
	want := f.next(at)
	for i, e := range enabled {
		if e == want {
			return i, true
		}
	}
	return 0, true // off the path: the replay decides
}

// replay runs prog along path with the model's inputs and replays the
// inputs the run consumed: nil (no error) when no error is reached.
func replay(ctx context.Context, prog *ir.Program, path []*ir.Edge, inputs []numeric.Int) (*cex.Counterexample, error) {
	limit := 4*len(path) + 1024
	run := exec.New(prog).Run(&follower{path: path, inputs: inputs}, exec.Options{MaxSteps: limit, Stop: func() bool { return ctx.Err() != nil }})
	if run.Outcome != exec.ErrorReached {
		return nil, ctx.Err()
	}
	c, err := cex.Replay(ctx, prog, run.InputValues(), cex.ReplayOptions{MaxSteps: limit})
	if errors.Is(err, cex.ErrNotReached) {
		return nil, nil
	}
	return c, err
}
