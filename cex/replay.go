// This file defines Replay: the one way any engine (search, BMC,
// k-induction, CEGAR, ABE, IMPACT) turns the input values of a solver's
// model into a FALSE verdict's counterexample.

package cex

import (
	"context"
	"errors"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/ir/exec"
	"github.com/numpred/numpred/numeric"
)

// ErrNotReached means that a replayed input vector did not reach an
// error location: the formula that proposed it was not exact (an
// over-approximation, a havoc, a bound), so the proposal proves nothing.
var ErrNotReached = errors.New("cex: the inputs do not reach an error location")

// ReplayOptions bound a replay.
type ReplayOptions struct {
	MaxSteps int // bound on the concrete run (default: only ctx)
}

// Replay runs prog concretely on inputs (the values of its
// nondeterministic sources in the order the run calls them, a choice
// between Nondet edges taking the next value as the index of the edge,
// as exec.Inputs does; a run that asks for more ends there) and returns the counterexample when the
// run reaches an error location. It returns ErrNotReached when it does
// not, and ctx.Err() when ctx ends first. The result may be untrusted
// (see Counterexample.Trusted): a FALSE verdict needs a trusted one.
//
// The run is first made without recording its path, which lets the
// interpreter jump over the iterations of translation loops; a run of
// at most maxRecord steps is then made again to record its path (a
// longer one's counterexample keeps only its inputs, as the search's).
func Replay(ctx context.Context, prog *ir.Program, inputs []numeric.Int, opt ReplayOptions) (*Counterexample, error) {
	m := exec.New(prog)
	stop := func() bool { return ctx.Err() != nil }
	r := m.Run(exec.Inputs(inputs...), exec.Options{MaxSteps: opt.MaxSteps, Stop: stop})
	if r.Outcome == exec.ErrorReached && r.Steps <= maxRecord {
		r = m.Run(exec.Inputs(inputs...), exec.Options{MaxSteps: opt.MaxSteps, RecordPath: true, Stop: stop})
	}
	if r.Outcome == exec.StepLimit && ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if r.Outcome != exec.ErrorReached {
		return nil, ErrNotReached
	}
	c := fromRun(r)
	c.Steps = r.Steps
	return c, nil
}
