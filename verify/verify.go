// Package verify runs numpred's engines on a program and combines their
// answers into one verdict: every engine (Config.Engine) returns a
// Result, and the default strategy (Auto) runs several of them.
//
// The Absint engine, for one (program, domain) run:
//
//  1. a short counterexample search (package cex) for shallow bugs;
//  2. the NumPredDom fixpoint (package interp): TRUE ends the run;
//  3. when the fixpoint leaves an error location reachable, the
//     counterexample search again, until the deadline.
//
// BMC and KInduction are package bmc's engines, ABE and IMPACT the
// abstract-reachability-graph engines of packages abe and impact; Auto is
// described in auto.go.
//
// FALSE is answered only with a counterexample that cex replayed on the
// concrete interpreter, that depends on no value the program leaves
// undetermined (an uninitialised variable, an unknown function's result,
// a branch the front end did not model), that overflows no signed
// integer (undefined behaviour: SV-COMP tasks assume there is none), and
// on a program without program-wide unsupported constructs: anything
// else stays UNKNOWN. An unsupported construct inside a function is an
// unsupported location (ir.Loc.Unsupported): the replayed run ends at an
// error location, so it went through none, and its FALSE stands; an
// engine that finds one reachable answers UNKNOWN with its diagnostic.
package verify

import (
	"context"
	"fmt"
	"time"

	"github.com/numpred/numpred/cegar"
	"github.com/numpred/numpred/cex"
	"github.com/numpred/numpred/interp"
	"github.com/numpred/numpred/ir"
)

// Config says how to verify.
type Config struct {
	Interp interp.Config
	// Search enables the counterexample search (FALSE verdicts).
	Search bool
	// SearchBudget bounds the search when Interp.Deadline is zero
	// (default 10 s).
	SearchBudget time.Duration
	// Engine is one of EngineNames or Auto; "" means Absint.
	Engine string
	// BMC configures the bmc and kind engines.
	BMC BMCConfig
	// CEGAR configures the cegar engine.
	CEGAR CEGARConfig
	// ABE configures the abe engine.
	ABE ABEConfig
	// IMPACT configures the impact engine.
	IMPACT IMPACTConfig
	// StageHeap bounds the heap of each fixpoint stage of the default
	// strategy (interp's MemoryLimit; the smaller of it and
	// Interp.MemoryLimit applies); 0 means DefaultStageHeap.
	StageHeap uint64
	// OnStage, when set, is told when a stage of the default strategy
	// starts (running, with its name only) and when it ends (with its
	// answer), from the goroutine running Run: a caller that must give
	// up on a run (its time or memory limit) can still say which stages
	// ran and which one was running.
	OnStage func(st Stage, running bool)
}

// DefaultStageHeap is the default strategy's heap limit per stage. A
// stage is one of several engines sharing one time limit: on svcomp-2's
// ntdrivers, product-lines and nla-digbench tasks the NDD/octagon and
// polyhedra fixpoints grew to 2-10 GB without an answer, while no stage
// that answered a task of either shared set used more than 0.8 GB of
// resident memory; past this limit the stage answers UNKNOWN (memory)
// and the next one runs. (With 1 GB, and Go collecting garbage at its
// own pace, a stopped stage had left 2.2 GB resident.)
const DefaultStageHeap = 768 << 20

// DefaultSearchBudget is the search's budget without a deadline.
const DefaultSearchBudget = 10 * time.Second

// Result is what every engine answers: an interp.Result (verdict,
// reason, time, the fixpoint's statistics when it ran), with the
// counterexample of a FALSE verdict.
type Result struct {
	*interp.Result
	Engine         string // the engine that answered (Auto: the stage that decided)
	Counterexample *cex.Counterexample
	Search         cex.Stats // solver use: the search's, or the engine's
	SearchTime     time.Duration
	// Extra are the engine's own statistics (bmc: k, formula size, ...).
	Extra []Stat
	// Stages are the runs of the default strategy, in order.
	Stages []Stage
	// Rounds are the CEGAR engine's rounds.
	Rounds []cegar.RoundStats
	// Dot writes the engine's abstract reachability graph (abe, impact;
	// nil for the others).
	Dot DotWriter
}

// Run verifies prog under cfg with the engine cfg.Engine.
func Run(prog *ir.Program, cfg Config) (*Result, error) {
	switch cfg.Engine {
	case "", Absint:
		return runAbsint(prog, cfg)
	case BMC:
		return runBMC(prog, cfg, false)
	case KInduction:
		return runBMC(prog, cfg, true)
	case CEGAR:
		return runCEGAR(prog, cfg)
	case ABE:
		return runABE(prog, cfg)
	case IMPACT:
		return runIMPACT(prog, cfg)
	case Auto:
		return runAuto(prog, cfg)
	}
	return nil, fmt.Errorf("unknown engine %q", cfg.Engine)
}

// runAbsint is the Absint engine: a short search, the fixpoint, a search
// until the deadline.
func runAbsint(prog *ir.Program, cfg Config) (*Result, error) {
	start := time.Now()
	if !cfg.Search {
		res, err := interp.Analyze(prog, cfg.Interp)
		if err != nil {
			return nil, err
		}
		return &Result{Result: res, Engine: Absint}, nil
	}
	deadline := cfg.Interp.Deadline
	budget := cfg.SearchBudget
	if budget <= 0 {
		budget = DefaultSearchBudget
	}
	out := &Result{Engine: Absint}
	// 1. Shallow bugs: a tenth of the time, at most a second.
	quick := time.Second
	if !deadline.IsZero() {
		if q := time.Until(deadline) / 10; q < quick {
			quick = q
		}
	}
	if cx, err := out.search(prog, time.Now().Add(quick)); err != nil {
		return nil, err
	} else if cx != nil {
		return out.falseVerdict(prog, cx, start), nil
	}
	// 2. The fixpoint.
	res, err := interp.Analyze(prog, cfg.Interp)
	if err != nil {
		return nil, err
	}
	out.Result = res
	if res.Verdict == interp.True {
		return out, nil
	}
	// 3. Search while time remains, when an error may be reachable.
	if res.Error == nil && res.Reason != "timeout" {
		return out, nil
	}
	end := deadline
	if end.IsZero() {
		end = time.Now().Add(budget)
	}
	cx, err := out.search(prog, end)
	if err != nil {
		return nil, err
	}
	if cx != nil {
		return out.falseVerdict(prog, cx, start), nil
	}
	out.Time = time.Since(start)
	return out, nil
}

// search runs cex.Search until end and keeps its statistics.
func (r *Result) search(prog *ir.Program, end time.Time) (*cex.Counterexample, error) {
	if time.Until(end) <= 0 {
		return nil, nil
	}
	ctx, cancel := context.WithDeadline(context.Background(), end)
	defer cancel()
	t0 := time.Now()
	cx, st, err := cex.Search(ctx, prog, cex.Options{})
	r.SearchTime += time.Since(t0)
	r.Search.Runs += st.Runs
	r.Search.Queries += st.Queries
	r.Search.SatQ += st.SatQ
	r.Search.SMTTime += st.SMTTime
	r.Search.Mode = st.Mode
	r.Search.PeakQueued = max(r.Search.PeakQueued, st.PeakQueued)
	r.Search.Dropped += st.Dropped
	r.Search.Paths += st.Paths
	r.Search.LongestRun = max(r.Search.LongestRun, st.LongestRun)
	r.Search.InputCut += st.InputCut
	if err != nil && ctx.Err() == nil {
		return nil, fmt.Errorf("counterexample search: %w", err)
	}
	return cx, nil
}

// falseVerdict answers FALSE with cx when cx can be trusted, UNKNOWN
// otherwise.
func (r *Result) falseVerdict(prog *ir.Program, cx *cex.Counterexample, start time.Time) *Result {
	if r.Result == nil {
		r.Result = &interp.Result{}
	}
	r.Error = cx.Error
	r.Trace = nil
	r.Time = time.Since(start)
	switch {
	case len(prog.Unsupported()) > 0:
		r.Verdict, r.Reason = interp.Unknown, "an error is reachable in the model, but the program has unsupported constructs"
	case cx.Error == nil || !cx.Error.IsViolation():
		// Replay ends only at a violation; anything else is a bug.
		r.Verdict, r.Reason = interp.Unknown, "internal: a counterexample that ends at no violation"
	case cx.Overflows > 0:
		r.Verdict, r.Reason = interp.Unknown, "an error is reachable, but only after a signed integer overflow (undefined behaviour in C)"
	case cx.Arbitrary > 0 || cx.Ambiguous > 0:
		r.Verdict, r.Reason = interp.Unknown, "an error is reachable, but only with values the program leaves undetermined (uninitialised variables, unknown functions' results)"
	default:
		r.Verdict, r.Reason = interp.False, ""
		r.Counterexample = cx
	}
	return r
}
