// This file wires the two abstract-reachability-graph engines, ABE
// (package abe) and IMPACT (package impact), behind the Result type of
// every engine.

package verify

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/numpred/numpred/abe"
	"github.com/numpred/numpred/cex"
	"github.com/numpred/numpred/encode"
	"github.com/numpred/numpred/impact"
	"github.com/numpred/numpred/interp"
	"github.com/numpred/numpred/ir"
)

// ABEConfig configures the ABE engine (zero values: abe's defaults).
type ABEConfig struct {
	// Block is the block-adjustment operator: sbe, lbe, k=N or lbe+k=N.
	Block string
	// Cartesian selects the cartesian abstraction instead of the boolean
	// one.
	Cartesian bool
	// Encoding is "lia" (the default) or "bv".
	Encoding string
}

// IMPACTConfig configures the IMPACT engine.
type IMPACTConfig struct {
	// ForcedCovering enables McMillan's forced covering.
	ForcedCovering bool
}

// engineDeadline is the context of an engine run: cfg's deadline, or
// DefaultEngineBudget from now.
func engineDeadline(cfg Config) (context.Context, context.CancelFunc) {
	deadline := cfg.Interp.Deadline
	if deadline.IsZero() {
		deadline = time.Now().Add(DefaultEngineBudget)
	}
	return context.WithDeadline(context.Background(), deadline)
}

// runABE runs the ABE engine until the deadline of cfg.
func runABE(prog *ir.Program, cfg Config) (*Result, error) {
	start := time.Now()
	ctx, cancel := engineDeadline(cfg)
	defer cancel()
	opt := abe.Options{Block: cfg.ABE.Block, Cartesian: cfg.ABE.Cartesian}
	switch cfg.ABE.Encoding {
	case "", "lia":
		opt.Encoding = encode.LIA
	case "bv":
		opt.Encoding = encode.BV
	default:
		return nil, fmt.Errorf("abe: unknown encoding %q (want lia or bv)", cfg.ABE.Encoding)
	}
	ar, err := abe.Run(ctx, prog, opt)
	if err != nil {
		return nil, fmt.Errorf("abe: %w", err)
	}
	st := ar.Stats
	out := &Result{Result: &interp.Result{Verdict: ar.Verdict, Reason: ar.Reason}, Engine: ABE, Dot: ar.WriteDot}
	out.Extra = []Stat{
		{"states", float64(st.States)}, {"abstraction_states", float64(st.AbstractionStates)},
		{"abstractions", float64(st.Abstractions)}, {"allsat_models", float64(st.AllSATModels)},
		{"covered", float64(st.Covered)}, {"merges", float64(st.Merges)},
		{"refinements", float64(st.Refinements)}, {"predicates", float64(st.Predicates)},
		{"loc_predicates", float64(st.LocPredicates)}, {"max_block", float64(st.MaxBlock)},
		{"queries", float64(st.Queries)}, {"smt_s", st.SMTTime.Seconds()},
		{"abstraction_s", st.AbstractionTime.Seconds()}, {"refine_s", st.RefineTime.Seconds()},
	}
	out.Search.Queries = st.Queries
	out.Search.SMTTime = st.SMTTime
	return out.finishARG(prog, ar.Counterexample, start)
}

// runIMPACT runs the IMPACT engine until the deadline of cfg.
func runIMPACT(prog *ir.Program, cfg Config) (*Result, error) {
	start := time.Now()
	ctx, cancel := engineDeadline(cfg)
	defer cancel()
	ir_, err := impact.Run(ctx, prog, impact.Options{ForcedCovering: cfg.IMPACT.ForcedCovering})
	if err != nil {
		return nil, fmt.Errorf("impact: %w", err)
	}
	st := ir_.Stats
	out := &Result{Result: &interp.Result{Verdict: ir_.Verdict, Reason: ir_.Reason}, Engine: IMPACT, Dot: ir_.WriteDot}
	out.Extra = []Stat{
		{"nodes", float64(st.Nodes)}, {"covered", float64(st.Covered)}, {"dead", float64(st.Dead)},
		{"expanded", float64(st.Expanded)}, {"refinements", float64(st.Refinements)},
		{"cover_checks", float64(st.CoverChecks)}, {"forced_attempts", float64(st.ForcedAttempts)},
		{"forced_successes", float64(st.ForcedSuccesses)}, {"queries", float64(st.SMTQueries)},
		{"smt_s", st.SMTTime.Seconds()}, {"itp_s", st.ItpTime.Seconds()},
	}
	out.Search.Queries = st.SMTQueries
	out.Search.SMTTime = st.SMTTime
	return out.finishARG(prog, ir_.Counterexample, start)
}

// finishARG applies the trust rules of every FALSE to an ARG engine's
// answer.
func (r *Result) finishARG(prog *ir.Program, cx *cex.Counterexample, start time.Time) (*Result, error) {
	if r.Verdict == interp.False {
		if cx == nil {
			return nil, fmt.Errorf("%s: internal error: FALSE without a counterexample", r.Engine)
		}
		return r.falseVerdict(prog, cx, start), nil
	}
	r.Time = time.Since(start)
	return r, nil
}

// DotWriter writes an engine's graph (the ARG of abe and impact) in
// Graphviz dot.
type DotWriter func(io.Writer) error
