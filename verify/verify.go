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
// CEGAR is package cegar's engine, BMC and KInduction package bmc's, ABE
// and IMPACT the abstract-reachability-graph engines of packages abe and
// impact: each is an engine.Engine, which Run finds in a registry by name
// (engine.go) and runs on a context that carries the deadline. Auto is
// described in auto.go.
//
// FALSE is answered only under the trust rule of package engine
// (engine.Trust): a counterexample that cex replayed on the concrete
// interpreter, that depends on no value the program leaves undetermined,
// that overflows no signed integer, on a program without program-wide
// unsupported constructs; anything else stays UNKNOWN. Engines apply it
// to what they find, and Run applies it again to every FALSE an engine
// returns (engine.Result.Confirm).
package verify

import (
	"context"
	"fmt"
	"time"

	"github.com/numpred/numpred/cex"
	"github.com/numpred/numpred/engine"
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
	// Monomials makes the absint engine analyse the program lifted to
	// polynomial shadows (package polylift) with monomials up to this
	// degree, or the degree of the program's own products
	// (MonomialsAuto); MonomialsOff (0) analyses the program itself.
	Monomials int
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

// Result is what Run answers: an engine's engine.Result, with what the
// CLI prints besides.
type Result struct {
	engine.Result
	// Engine is the engine that answered (Auto: the stage that decided).
	Engine string
	// Fixpoint is the NumPredDom fixpoint's result when the engine ran
	// one (absint; cegar's last round): its abstract trace, invariants
	// and the statistics of the paper's Table IV. nil otherwise.
	Fixpoint *interp.Result
	// Searched is the counterexample search's work (absint, Auto), or the
	// engine's solver use.
	Searched
	// Stages are the runs of the default strategy, in order.
	Stages []Stage
}

// Searched is what the counterexample search did: solver use (the
// search's, or an engine's) and time.
type Searched struct {
	Search     cex.Stats
	SearchTime time.Duration
}

// search runs cex.Search until end and adds its statistics to s.
func (s *Searched) search(prog *ir.Program, end time.Time) (*cex.Counterexample, error) {
	return s.searchUntil(prog, end, time.Time{})
}

// searchUntil is search, stopping at until already unless its runs are
// long (cex.Options.Until).
func (s *Searched) searchUntil(prog *ir.Program, end, until time.Time) (*cex.Counterexample, error) {
	if time.Until(end) <= 0 {
		return nil, nil
	}
	ctx, cancel := context.WithDeadline(context.Background(), end)
	defer cancel()
	t0 := time.Now()
	cx, st, err := cex.Search(ctx, prog, cex.Options{Until: until})
	s.add(Searched{Search: st, SearchTime: time.Since(t0)})
	s.Search.Mode = st.Mode
	if err != nil && ctx.Err() == nil {
		return nil, fmt.Errorf("counterexample search: %w", err)
	}
	return cx, nil
}

// add adds o's work to s.
func (s *Searched) add(o Searched) {
	s.Search.Runs += o.Search.Runs
	s.Search.Queries += o.Search.Queries
	s.Search.SatQ += o.Search.SatQ
	s.Search.SMTTime += o.Search.SMTTime
	s.Search.PeakQueued = max(s.Search.PeakQueued, o.Search.PeakQueued)
	s.Search.Dropped += o.Search.Dropped
	s.Search.Paths += o.Search.Paths
	s.Search.LongestRun = max(s.Search.LongestRun, o.Search.LongestRun)
	s.Search.InputCut += o.Search.InputCut
	s.SearchTime += o.SearchTime
}

// Run verifies prog under cfg with the engine cfg.Engine: Auto, or one
// of the registry's (engine.go) on a context with cfg's deadline.
func Run(prog *ir.Program, cfg Config) (*Result, error) {
	if cfg.Engine == Auto {
		return runAuto(prog, cfg)
	}
	name := cfg.Engine
	if name == "" {
		name = Absint
	}
	ent, ok := registry[name]
	if !ok {
		return nil, fmt.Errorf("unknown engine %q", cfg.Engine)
	}
	eng, err := ent.build(cfg)
	if err != nil {
		return nil, err
	}
	ctx := context.Background()
	deadline := cfg.Interp.Deadline
	if deadline.IsZero() && ent.budget > 0 {
		deadline = time.Now().Add(ent.budget)
	}
	if !deadline.IsZero() {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, deadline)
		defer cancel()
	}
	if name == BMC && prog.Plain != nil {
		// The ghost state helps abstractions, not an exact unwinding.
		prog = prog.Plain
	}
	er, err := eng.Run(ctx, prog)
	if err != nil {
		if ent.prefix {
			err = fmt.Errorf("%s: %w", eng.Name(), err)
		}
		return nil, err
	}
	if err := er.Confirm(prog); err != nil {
		return nil, fmt.Errorf("%s: %w", eng.Name(), err)
	}
	out := &Result{Result: *er, Engine: eng.Name()}
	if st, ok := er.Stats.(*absintStats); ok {
		out.Fixpoint, out.Searched = st.Analysis, st.Searched
	} else if er.Stats != nil {
		out.Search.Queries, out.Search.SMTTime = er.Stats.Solver()
		if f, ok := er.Stats.(interface{ Fixpoint() *interp.Result }); ok {
			out.Fixpoint = f.Fixpoint()
		}
	}
	return out, nil
}
