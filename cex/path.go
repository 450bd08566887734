// This file turns a path and a model's input values into a
// counterexample: the concrete interpreter runs the program along the
// path (Follow) to learn the input vector, which Replay then replays from
// scratch. Every engine that proposes a path (cegar, bmc, abe, impact)
// follows it with Follow.

package cex

import (
	"context"
	"errors"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/ir/exec"
	"github.com/numpred/numpred/numeric"
)

// PathStep is one edge of a path to follow; at an input havoc, Value is the
// input's value when Input is set.
type PathStep struct {
	Edge  *ir.Edge
	Value numeric.Int
	Input bool
}

// Follow returns an exec.Oracle that makes a run take path (edges from
// main's entry, calls and returns included): an input havoc gets the
// value of the path's next step on that edge, a choice the enabled edge
// the path takes next out of that location (off the path, the first
// enabled edge: the replay decides), an arbitrary value the one of least
// magnitude in range, as exec.Inputs gives it, so that Replay repeats
// the run.
func Follow(path []PathStep) exec.Oracle { return &follow{path: path} }

type follow struct {
	path []PathStep
	pos  int // the path's steps before pos were taken
}

// seek moves past the path's next step that match accepts and returns
// it; false when there is none.
func (f *follow) seek(match func(PathStep) bool) (PathStep, bool) {
	for j := f.pos; j < len(f.path); j++ {
		if match(f.path[j]) {
			f.pos = j + 1
			return f.path[j], true
		}
	}
	return PathStep{}, false
}

func (f *follow) Input(h *ir.Havoc, at *ir.Edge) (numeric.Int, bool) {
	s, ok := f.seek(func(s PathStep) bool { return s.Edge == at })
	if !ok || !s.Input {
		return numeric.Int{}, false
	}
	return s.Value, true
}

func (f *follow) Arbitrary(h *ir.Havoc, _ *ir.Edge) numeric.Int { return leastInRange(h.Range) }

func (f *follow) Choose(at *ir.Loc, enabled []*ir.Edge) (int, bool) {
	s, ok := f.seek(func(s PathStep) bool { return s.Edge.From == at })
	if ok {
		for i, e := range enabled {
			if e == s.Edge {
				return i, true
			}
		}
	}
	return 0, true
}

// ReplayPath runs prog along path (see Follow) and replays the input
// vector the run consumed with Replay. It returns nil and no error when
// the run does not reach an error location.
func ReplayPath(ctx context.Context, prog *ir.Program, path []PathStep) (*Counterexample, error) {
	limit := 4*len(path) + 1024
	r := exec.New(prog).Run(Follow(path), exec.Options{MaxSteps: limit, Stop: func() bool { return ctx.Err() != nil }})
	if r.Outcome != exec.ErrorReached {
		return nil, nil
	}
	cx, err := Replay(ctx, prog, r.InputValues(), ReplayOptions{MaxSteps: limit})
	if errors.Is(err, ErrNotReached) {
		return nil, nil
	}
	return cx, err
}
