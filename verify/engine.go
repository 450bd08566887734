// This file defines the registry of the engines a Config can select:
// each builds an engine.Engine from the Config, and every engine returns
// engine.Result (../shared/DESIGN.md: "every engine returns the same
// result type"), so that `--engine all` and the default strategy are
// generic over engines.

package verify

import (
	"fmt"
	"time"

	"github.com/numpred/numpred/abe"
	"github.com/numpred/numpred/bmc"
	"github.com/numpred/numpred/cegar"
	"github.com/numpred/numpred/encode"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/impact"
)

// Engine names accepted by Config.Engine.
const (
	// Absint is the NumPredDom fixpoint with the counterexample search
	// around it (absint.go).
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
	// Given, when not nil, are the invariants k-induction assumes
	// instead of running the fixpoint (bmc.Options.Given): the default
	// strategy passes those of its polyhedra stage.
	Given []engine.Invariant
}

// CEGARConfig configures the CEGAR engine (zero values: cegar's
// defaults).
type CEGARConfig struct {
	Refiner        string // core, interpolant or both
	MaxRefinements int
	Initial        string // empty, atoms or preds
}

// Stage is one engine run of the default strategy.
type Stage struct {
	Name    string // "bmc", "absint nexpoint/polyhedra", ...
	Verdict engine.Verdict
	Reason  engine.Reason
	Time    time.Duration
}

// ABEConfig configures the ABE engine (zero values: abe's defaults).
type ABEConfig struct {
	// Block is the block-adjustment operator: sbe, lbe, k=N or lbe+k=N.
	Block string
	// Cartesian selects the cartesian abstraction instead of the boolean
	// one.
	Cartesian bool
	// Restart rebuilds the reached set after every refinement instead of
	// removing the subtree below the refined state (lazy, the default).
	Restart bool
	// Decompose selects abe's decomposed boolean abstraction.
	Decompose bool
	// Share is abe's predicate sharing: location, function or global.
	Share string
	// Encoding is "lia" (the default) or "bv".
	Encoding string
}

// IMPACTConfig configures the IMPACT engine.
type IMPACTConfig struct {
	// ForcedCovering enables McMillan's forced covering.
	ForcedCovering bool
}

// DefaultEngineBudget bounds an engine run without a deadline that
// would otherwise not end by itself (BMC with increasing bounds,
// k-induction, and every engine but absint).
const DefaultEngineBudget = 30 * time.Second

// entry is an engine of the registry.
type entry struct {
	// build makes the engine that cfg configures.
	build func(cfg Config) (engine.Engine, error)
	// budget is the run's time limit when cfg has no deadline (0: none).
	budget time.Duration
	// prefix: the engine's errors are prefixed with its name.
	prefix bool
}

// registry holds the engines by name (EngineNames).
var registry = map[string]entry{
	Absint: {build: func(cfg Config) (engine.Engine, error) {
		budget := cfg.SearchBudget
		if budget <= 0 {
			budget = DefaultSearchBudget
		}
		return absint{cfg: cfg.Interp, search: cfg.Search, budget: budget, monomials: cfg.Monomials}, nil
	}},
	CEGAR: {budget: DefaultEngineBudget, build: func(cfg Config) (engine.Engine, error) {
		return cegar.New(cegar.Options{Interp: cfg.Interp, Refiner: cegar.Refiner(cfg.CEGAR.Refiner),
			MaxRefinements: cfg.CEGAR.MaxRefinements, Initial: cegar.Initial(cfg.CEGAR.Initial)}), nil
	}},
	BMC:        {budget: DefaultEngineBudget, prefix: true, build: func(cfg Config) (engine.Engine, error) { return bmcEngine(cfg, false) }},
	KInduction: {budget: DefaultEngineBudget, prefix: true, build: func(cfg Config) (engine.Engine, error) { return bmcEngine(cfg, true) }},
	ABE: {budget: DefaultEngineBudget, prefix: true, build: func(cfg Config) (engine.Engine, error) {
		opt := abe.Options{Block: cfg.ABE.Block, Cartesian: cfg.ABE.Cartesian, Restart: cfg.ABE.Restart, Decompose: cfg.ABE.Decompose, Share: cfg.ABE.Share}
		var ok bool
		if opt.Encoding, ok = encoding(cfg.ABE.Encoding, encode.LIA); !ok {
			return nil, fmt.Errorf("abe: unknown encoding %q (want lia or bv)", cfg.ABE.Encoding)
		}
		return abe.New(opt), nil
	}},
	IMPACT: {budget: DefaultEngineBudget, prefix: true, build: func(cfg Config) (engine.Engine, error) {
		return impact.New(impact.Options{ForcedCovering: cfg.IMPACT.ForcedCovering}), nil
	}},
}

// bmcEngine is the BMC or k-induction engine cfg configures.
func bmcEngine(cfg Config, induction bool) (engine.Engine, error) {
	opt := bmc.DefaultOptions()
	opt.Induction = induction
	opt.Unwind = cfg.BMC.Unwind
	var ok bool
	if opt.Encoding, ok = encoding(cfg.BMC.Encoding, encode.BV); !ok {
		return nil, fmt.Errorf("unknown encoding %q (want bv or lia)", cfg.BMC.Encoding)
	}
	opt.Invariants = !cfg.BMC.NoInvariants
	opt.Given = cfg.BMC.Given
	opt.Interp = cfg.Interp
	opt.Interp.Deadline = time.Time{} // bmc gives the fixpoint half of the remaining time
	return bmc.New(opt), nil
}

// encoding reads an encoding's name, "lia" or "bv"; "" is def.
func encoding(name string, def encode.Mode) (encode.Mode, bool) {
	switch name {
	case "":
		return def, true
	case "lia":
		return encode.LIA, true
	case "bv":
		return encode.BV, true
	}
	return def, false
}
