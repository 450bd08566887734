// This file defines the engines a Config can select and the one result
// type they all return (../shared/DESIGN.md: "every engine returns the
// same result type"), so that `--engine all` and the default strategy are
// generic over engines.

package verify

import (
	"fmt"
	"time"

	"github.com/numpred/numpred/bmc"
	"github.com/numpred/numpred/cegar"
	"github.com/numpred/numpred/encode"
	"github.com/numpred/numpred/interp"
	"github.com/numpred/numpred/ir"
)

// Engine names accepted by Config.Engine.
const (
	// Absint is the NumPredDom fixpoint with the counterexample search
	// around it (Run's three steps).
	Absint = "absint"
	// BMC is bounded model checking of the whole unwound program.
	BMC = "bmc"
	// KInduction is k-induction, strengthened by the fixpoint's
	// invariants.
	KInduction = "kind"
	// CEGAR is the NumPredDom fixpoint refined from spurious
	// counterexamples (package cegar).
	CEGAR = "cegar"
	// ABE is predicate abstraction with adjustable-block encoding
	// (package abe).
	ABE = "abe"
	// IMPACT is McMillan's lazy abstraction with interpolants (package
	// impact).
	IMPACT = "impact"
	// Auto is the default strategy: several engines and configurations,
	// cheap ones first, within the time limit (see auto.go).
	Auto = "auto"
)

// EngineNames are the engines, in the order `--engine all` runs them.
var EngineNames = []string{Absint, CEGAR, BMC, KInduction, ABE, IMPACT}

// BMCConfig configures the BMC and k-induction engines.
type BMCConfig struct {
	// Unwind is the bound (0: increasing 1, 2, 4, ... until the deadline).
	Unwind int
	// Encoding is "bv" (bit-precise, the default) or "lia".
	Encoding string
	// NoInvariants turns off k-induction's strengthening by the
	// fixpoint's invariants (on by default).
	NoInvariants bool
}

// CEGARConfig configures the CEGAR engine (zero values: cegar's
// defaults).
type CEGARConfig struct {
	Refiner        string // core, interpolant or both
	MaxRefinements int
	Initial        string // empty, atoms or preds
}

// Stat is one engine-specific statistic, for --stats and JSON.
type Stat struct {
	Name  string
	Value float64
}

// Stage is one engine run of the default strategy.
type Stage struct {
	Name    string // "bmc", "absint nexpoint/polyhedra", ...
	Verdict interp.Verdict
	Reason  string
	Time    time.Duration
}

// DefaultEngineBudget bounds an engine run without a deadline that
// would otherwise not end by itself (BMC with increasing bounds,
// k-induction).
const DefaultEngineBudget = 30 * time.Second

// runBMC runs the BMC or k-induction engine until the deadline of cfg
// (or DefaultEngineBudget).
func runBMC(prog *ir.Program, cfg Config, induction bool) (*Result, error) {
	start := time.Now()
	ctx, cancel := engineDeadline(cfg)
	defer cancel()
	opt := bmc.DefaultOptions()
	opt.Induction = induction
	opt.Unwind = cfg.BMC.Unwind
	switch cfg.BMC.Encoding {
	case "", "bv":
		opt.Encoding = encode.BV
	case "lia":
		opt.Encoding = encode.LIA
	default:
		return nil, fmt.Errorf("unknown encoding %q (want bv or lia)", cfg.BMC.Encoding)
	}
	opt.Invariants = !cfg.BMC.NoInvariants
	opt.Interp = cfg.Interp
	opt.Interp.Deadline = time.Time{} // bmc gives the fixpoint half of the remaining time
	br, err := bmc.Run(ctx, prog, opt)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", engineOf(induction), err)
	}
	out := &Result{Result: &interp.Result{Verdict: br.Verdict, Reason: br.Reason}, Engine: engineOf(induction)}
	st := br.Stats
	out.Extra = []Stat{
		{"k", float64(st.K)}, {"rounds", float64(st.Rounds)}, {"nodes", float64(st.Nodes)},
		{"terms", float64(st.Terms)}, {"step_nodes", float64(st.StepNodes)},
		{"queries", float64(st.Queries)}, {"solver_s", st.SolverTime.Seconds()},
		{"encode_s", st.EncodeTime.Seconds()}, {"interp_s", st.InterpTime.Seconds()},
		{"invariants", float64(st.Invariants)}, {"widened", float64(st.Widened)},
		{"first_k", float64(st.FirstK)}, {"probe_found", b2f(st.ProbeFound)},
	}
	out.Search.Queries = st.Queries
	out.Search.SMTTime = st.SolverTime
	out.Search.Mode = st.Encoding.String()
	if br.Verdict == interp.False {
		if br.Counterexample == nil {
			return nil, fmt.Errorf("%s: internal error: FALSE without a counterexample", out.Engine)
		}
		// The same trust rules as every FALSE of this package.
		return out.falseVerdict(prog, br.Counterexample, start), nil
	}
	out.Time = time.Since(start)
	return out, nil
}

// runCEGAR runs the CEGAR engine until the deadline of cfg (or
// DefaultEngineBudget).
func runCEGAR(prog *ir.Program, cfg Config) (*Result, error) {
	start := time.Now()
	ctx, cancel := engineDeadline(cfg)
	defer cancel()
	opt := cegar.Options{Interp: cfg.Interp, Refiner: cegar.Refiner(cfg.CEGAR.Refiner),
		MaxRefinements: cfg.CEGAR.MaxRefinements, Initial: cegar.Initial(cfg.CEGAR.Initial)}
	cr, err := cegar.Run(ctx, prog, opt)
	if err != nil {
		return nil, err
	}
	res := cr.Analysis
	if res == nil {
		res = &interp.Result{}
	}
	cp := *res
	cp.Verdict, cp.Reason = cr.Verdict, cr.Reason
	out := &Result{Result: &cp, Engine: CEGAR}
	added := 0
	var analysis, smtTime time.Duration
	for _, r := range cr.Rounds {
		added += len(r.AddedPreds)
		analysis += r.Analysis
		smtTime += r.SMT
	}
	out.Extra = []Stat{
		{"rounds", float64(len(cr.Rounds))}, {"refinements", float64(cr.Refinements)},
		{"predicates_added", float64(added)}, {"analysis_s", analysis.Seconds()},
		{"smt_s", cr.SMTTime.Seconds()},
	}
	out.Rounds = cr.Rounds
	out.Search.SMTTime = cr.SMTTime
	if cr.Verdict == interp.False {
		if cr.Counterexample == nil {
			return nil, fmt.Errorf("cegar: internal error: FALSE without a counterexample")
		}
		return out.falseVerdict(prog, cr.Counterexample, start), nil
	}
	out.Time = time.Since(start)
	return out, nil
}

func engineOf(induction bool) string {
	if induction {
		return KInduction
	}
	return BMC
}

// b2f is 1 for true, 0 for false (a statistic).
func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}
