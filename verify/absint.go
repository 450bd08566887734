// This file defines the Absint engine: the NumPredDom fixpoint (package
// interp) with the counterexample search (package cex) around it.

package verify

import (
	"context"
	"time"

	"github.com/numpred/numpred/cex"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/interp"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/polylift"
)

// absint is the Absint engine, for one (program, domain) run:
//
//  1. a short counterexample search for shallow bugs (a tenth of the
//     time, at most a second);
//  2. the NumPredDom fixpoint: TRUE ends the run;
//  3. when the fixpoint leaves an error location reachable, or ran out
//     of time, the search again until the deadline (or budget).
//
// Without search only step 2 runs.
type absint struct {
	cfg    interp.Config
	search bool
	budget time.Duration // the search's when the context has no deadline
	// monomials, when not MonomialsOff, lifts the program to polynomial
	// shadows before the fixpoint (package polylift), up to this degree
	// (MonomialsAuto: the degree of the program's own products).
	monomials int
}

// absintStats are the Absint engine's statistics: the fixpoint's result
// and the search's work.
type absintStats struct {
	Analysis *interp.Result
	Searched
}

// List names no statistics of its own: the CLI prints the fixpoint's and
// the search's.
func (s *absintStats) List() []engine.Stat { return nil }

// Solver returns the search's solver checks and their time.
func (s *absintStats) Solver() (int, time.Duration) { return s.Search.Queries, s.Search.SMTTime }

func (absint) Name() string { return Absint }

func (a absint) Run(ctx context.Context, prog *ir.Program) (*engine.Result, error) {
	start := time.Now()
	st := &absintStats{}
	out := &engine.Result{Verdict: engine.Unknown, Stats: st}
	fixpoint := func() (*interp.Result, error) {
		res, err := a.analyze(ctx, prog)
		if err != nil {
			return nil, err
		}
		st.Analysis = res
		out.Verdict, out.Reason, out.Error, out.Time = res.Verdict, res.Reason, res.Error, res.Time
		out.Invariants = res.TypedInvariants()
		return res, nil
	}
	falsify := func(cx *cex.Counterexample) *engine.Result {
		if st.Analysis != nil {
			an := *st.Analysis
			an.Trace = nil // the abstract trace of an answer the counterexample replaces
			st.Analysis = &an
		}
		out.Falsify(prog, cx)
		out.Time = time.Since(start)
		return out
	}
	if !a.search {
		_, err := fixpoint()
		if err != nil {
			return nil, err
		}
		return out, nil
	}
	deadline, _ := ctx.Deadline()
	// 1. Shallow bugs: a tenth of the time, at most a second.
	quick := time.Second
	if !deadline.IsZero() {
		quick = min(quick, time.Until(deadline)/10)
	}
	if cx, err := st.search(prog, time.Now().Add(quick)); err != nil {
		return nil, err
	} else if cx != nil {
		return falsify(cx), nil
	}
	// 2. The fixpoint.
	res, err := fixpoint()
	if err != nil {
		return nil, err
	}
	if res.Verdict == engine.True {
		return out, nil
	}
	// 3. Search while time remains, when an error may be reachable.
	if res.Error == nil && res.Reason.Kind != engine.Timeout {
		return out, nil
	}
	end := deadline
	if end.IsZero() {
		end = time.Now().Add(a.budget)
	}
	cx, err := st.search(prog, end)
	if err != nil {
		return nil, err
	}
	if cx != nil {
		return falsify(cx), nil
	}
	out.Time = time.Since(start)
	return out, nil
}

// MonomialsOff and MonomialsAuto are the special values of
// Config.Monomials.
const (
	MonomialsOff  = 0
	MonomialsAuto = -1
)

// analyze runs the fixpoint on prog, or on its polynomial lifting when
// a.monomials asks for one and prog multiplies variables. A result on the
// lifted program keeps its verdict and statistics; its error location is
// mapped back to prog's (the lifting keeps the original locations' IDs),
// and its invariants and traces, which speak of the lifting's ghost
// variables, are dropped.
func (a absint) analyze(ctx context.Context, prog *ir.Program) (*interp.Result, error) {
	if a.monomials == MonomialsOff {
		return interp.AnalyzeContext(ctx, prog, a.cfg)
	}
	l, ok := polylift.Lift(prog, polylift.Options{Degree: max(a.monomials, 0)})
	if !ok {
		return interp.AnalyzeContext(ctx, prog, a.cfg)
	}
	res, err := interp.AnalyzeContext(ctx, l.Program, a.cfg)
	if err != nil || res == nil {
		return res, err
	}
	out := *res
	out.Invariants, out.Trace, out.Path = nil, nil, nil
	out.Error = nil
	if res.Error != nil {
		if f := prog.Func(res.Error.Func.Name); f != nil && res.Error.ID < len(f.Locs) {
			out.Error = f.Locs[res.Error.ID]
		}
	}
	return &out, nil
}
