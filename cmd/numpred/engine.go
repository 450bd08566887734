// This file implements the engine flags of `numpred analyze`: which
// engines run (--engine), their options, and the runs they make per file.

package main

import (
	"fmt"
	"github.com/numpred/numpred/abe"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/spf13/pflag"

	"github.com/numpred/numpred/cegar"
	"github.com/numpred/numpred/verify"
)

// engineFlags are the flags that select and configure engines.
type engineFlags struct {
	engines        []string
	unwind         int
	encoding       string
	kindInvariants bool
	refiner        string
	refinerSet     bool // --refiner was given (the default strategy picks its own otherwise)
	precisionSet   bool // --precision was given (a comparison over domains starts from none otherwise)
	maxRefinements int
	precision      string
	block          string
	cartesian      bool
	restart        bool
	decompose      bool
	share          string
	forcedCovering bool
	dot            string
}

// addEngineFlags registers the engine flags on fs; parse them with
// (*engineFlags).parse after fs.Parse.
func addEngineFlags(fs *pflag.FlagSet, e *engineFlags) *string {
	engine := fs.String("engine", verify.Auto, "engine: auto (the default strategy: the fixpoint over intervals and linear congruences, bmc, a short search, abe, cegar, polyhedra, k-induction, NDD over octagons, the search, within --timeout, 30s without), absint (the NumPredDom fixpoint under --domain/--numeric, with the counterexample search), cegar (the fixpoint refined from spurious counterexamples), bmc, kind (k-induction), abe (predicate abstraction with adjustable-block encoding), impact (lazy abstraction with interpolants), a comma list, or all (every engine side by side); --domain, --numeric, --preds or --invariants without --engine select absint")
	fs.IntVar(&e.unwind, "unwind", 0, "bmc and kind: the bound k (loop iterations and recursive calls unwound); 0 increases k (1, 2, 4, ...) until the time limit")
	fs.StringVar(&e.encoding, "encoding", "bv", "bmc and kind: the formulas' arithmetic: bv (bit-precise) or lia (linear integer arithmetic)")
	fs.BoolVar(&e.kindInvariants, "kind-invariants", true, "kind: strengthen the induction step with the fixpoint's invariants at loop heads")
	fs.StringVar(&e.refiner, "refiner", string(cegar.DefaultRefiner), "cegar: how an infeasible counterexample refines the precision: core (unsat core: its variables, then its atoms), interpolant (sequence interpolants) or both")
	fs.IntVar(&e.maxRefinements, "max-refinements", cegar.DefaultMaxRefinements, "cegar: the most refinements; then UNKNOWN")
	fs.StringVar(&e.precision, "precision", string(cegar.DefaultInitial), "cegar: the first round's precision: empty (no predicates), atoms (every branch atom, as absint) or preds (only --preds)")
	fs.StringVar(&e.block, "block", "lbe", "abe: the block-adjustment operator: sbe (abstract after every edge), lbe (at loop heads, function entries and returns), loops (at loop heads only; blocks span calls), k=N (when a block's longest path exceeds N edges), lbe+k=N or loops+k=N")
	fs.BoolVar(&e.cartesian, "cartesian", false, "abe: the cartesian predicate abstraction instead of the boolean one (AllSAT), boolean only at the locations where the cartesian one keeps an infeasible error path")
	fs.BoolVar(&e.decompose, "decompose", false, "abe: compute the boolean abstraction by components (predicates over variables a block does not touch keep the root's values; AllSAT enumerates the others)")
	fs.StringVar(&e.share, "share", "", "abe: where a predicate found by refinement applies: location (only there; the default), function (every location of its function) or global (everywhere its variables are in scope; the default strategy's abe stage)")
	fs.BoolVar(&e.restart, "restart", false, "abe: rebuild the abstract reachability graph after every refinement instead of refining lazily (only the subtree below the refined state)")
	fs.BoolVar(&e.forcedCovering, "forced-covering", false, "impact: McMillan's forced covering")
	fs.StringVar(&e.dot, "dot", "", "abe and impact: write the abstract reachability graph in Graphviz dot to this file (with several such runs, the engine's name goes before the extension)")
	return engine
}

// parse reads the --engine value: absint when it was not given but a
// domain flag was.
func (e *engineFlags) parse(fs *pflag.FlagSet, engine string) error {
	if !fs.Changed("engine") {
		// The fixpoint's own flags ask for the fixpoint.
		for _, name := range []string{"domain", "numeric", "preds", "invariants", "monomials"} {
			if fs.Changed(name) {
				engine = verify.Absint
			}
		}
	}
	if e.encoding != "bv" && e.encoding != "lia" {
		return fmt.Errorf("unknown encoding %q (want bv or lia)", e.encoding)
	}
	if e.unwind < 0 {
		return fmt.Errorf("--unwind must not be negative")
	}
	if !contains(cegar.RefinerNames, e.refiner) {
		return fmt.Errorf("unknown refiner %q (want %s)", e.refiner, strings.Join(cegar.RefinerNames, ", "))
	}
	e.refinerSet = fs.Changed("refiner")
	e.precisionSet = fs.Changed("precision")
	if !contains(cegar.InitialNames, e.precision) {
		return fmt.Errorf("unknown precision %q (want %s)", e.precision, strings.Join(cegar.InitialNames, ", "))
	}
	switch e.share {
	case "", abe.ShareLocation, abe.ShareFunction, abe.ShareGlobal:
	default:
		return fmt.Errorf("unknown predicate sharing %q (want location, function or global)", e.share)
	}
	if !blockPattern.MatchString(e.block) {
		return fmt.Errorf("unknown block operator %q (want sbe, lbe, loops, k=N, lbe+k=N or loops+k=N)", e.block)
	}
	e.engines = nil
	for _, s := range strings.Split(engine, ",") {
		s = strings.TrimSpace(strings.ToLower(s))
		switch {
		case s == "all":
			e.engines = append(e.engines, verify.EngineNames...)
		case s == verify.Auto || contains(verify.EngineNames, s):
			e.engines = append(e.engines, s)
		default:
			return fmt.Errorf("unknown engine %q (want auto, %s, a comma list, or all)", s, strings.Join(verify.EngineNames, ", "))
		}
	}
	return nil
}

// blockPattern is the syntax of --block (package abe decides the rest).
var blockPattern = regexp.MustCompile(`^(sbe|lbe|loops|k=[1-9][0-9]*|(lbe|loops)\+k=[1-9][0-9]*)$`)

// runSpec is one run of a file: an engine, and for absint and cegar a
// domain.
type runSpec struct {
	engine string
	domain string // absint and cegar: the NumPredDom domain; others: ""
	// compare: one of several cegar runs over domains (the paper's Table
	// IV), which refine by unsat core unless --refiner says otherwise.
	compare bool
}

// runs lists the runs of one file: absint and cegar once per domain,
// every other engine once.
func (e *engineFlags) runs(domains []string) []runSpec {
	var out []runSpec
	for _, en := range e.engines {
		if en == verify.Absint || en == verify.CEGAR {
			for _, d := range domains {
				out = append(out, runSpec{engine: en, domain: d, compare: en == verify.CEGAR && len(domains) > 1})
			}
			continue
		}
		out = append(out, runSpec{engine: en})
	}
	return out
}

// config fills the engine part of a verify.Config.
func (e *engineFlags) config(cfg verify.Config, spec runSpec) verify.Config {
	cfg.Engine = spec.engine
	cfg.BMC = verify.BMCConfig{Unwind: e.unwind, Encoding: e.encoding, NoInvariants: !e.kindInvariants}
	cfg.CEGAR = verify.CEGARConfig{Refiner: e.refiner, MaxRefinements: e.maxRefinements, Initial: e.precision}
	if spec.compare && !e.refinerSet {
		// The paper's refinement for its comparison: the unsat core,
		// numeric variables first, then predicates.
		cfg.CEGAR.Refiner = string(cegar.RefinerCore)
	}
	if spec.compare && !e.precisionSet {
		// The paper's start: no predicates, no numeric variables.
		cfg.CEGAR.Initial = string(cegar.InitialNone)
	}
	if spec.engine == verify.Auto && !e.refinerSet {
		// The default strategy's CEGAR stage has its own refiner (the
		// unsat core); the flag's default is the cegar engine's.
		cfg.CEGAR.Refiner = ""
	}
	cfg.ABE = verify.ABEConfig{Block: e.block, Cartesian: e.cartesian, Restart: e.restart, Decompose: e.decompose, Share: e.share}
	cfg.IMPACT = verify.IMPACTConfig{ForcedCovering: e.forcedCovering}
	return cfg
}

// label names a run in tables and in the text output's header.
func (s runSpec) label() string {
	if s.engine == verify.Absint || (s.engine == verify.CEGAR && s.domain != "") {
		return s.domain
	}
	return s.engine
}

// runName is the header of a run's text output: the domain pair for
// absint, the engine otherwise, and for the default strategy the stage
// that answered.
func (r runRecord) runName() string {
	switch {
	case r.Engine == verify.Absint:
		return r.Domain + "/" + r.Numeric
	case len(r.Stages) > 0:
		return "auto: " + r.Engine
	}
	return r.Engine
}

// printEngineStats prints --stats lines of engines other than absint:
// their own statistics, and the stages of the default strategy.
func printEngineStats(w io.Writer, r runRecord) {
	if len(r.EngineStats) > 0 {
		names := make([]string, 0, len(r.EngineStats))
		for n := range r.EngineStats {
			names = append(names, n)
		}
		sort.Strings(names)
		var parts []string
		for _, n := range names {
			parts = append(parts, fmt.Sprintf("%s %g", n, r.EngineStats[n]))
		}
		fmt.Fprintf(w, "%s: %s\n", r.Engine, strings.Join(parts, ", "))
	}
	for _, st := range r.Stages {
		reason := ""
		if st.Reason != "" {
			reason = " (" + st.Reason + ")"
		}
		mem := ""
		if st.PeakRSS > 0 {
			mem = ", peak RSS " + humanBytes(st.PeakRSS)
		}
		fmt.Fprintf(w, "stage %s: %s%s, %.3fs%s\n", st.Name, st.Verdict, reason, st.TimeS, mem)
	}
	for _, rd := range r.Rounds {
		fmt.Fprintf(w, "round %d: %s with %d predicates, %d numeric vars (%.3fs analysis, %.3fs SMT, %.3fs total)", rd.Round, rd.Verdict, rd.Preds, rd.NumVars, rd.AnalysisS, rd.SMTS, rd.TimeS)
		if rd.PathLen > 0 {
			fmt.Fprintf(w, "; counterexample of %d edges, %s", rd.PathLen, map[bool]string{true: "feasible", false: "infeasible"}[rd.Feasible])
		}
		if rd.Stage != "" {
			fmt.Fprintf(w, "; refined by %s", rd.Stage)
			if len(rd.AddedPreds) > 0 {
				fmt.Fprintf(w, ": +%s", strings.Join(rd.AddedPreds, ", +"))
			}
			if len(rd.AddedVars) > 0 {
				fmt.Fprintf(w, "; vars +%s", strings.Join(rd.AddedVars, ", +"))
			}
		}
		fmt.Fprintln(w)
	}
}

// jsonRound is one CEGAR round in the JSON output and --stats.
type jsonRound struct {
	Round      int      `json:"round"`
	Preds      int      `json:"predicates"`
	NumVars    int      `json:"numeric_vars"`
	Verdict    string   `json:"verdict"`
	PathLen    int      `json:"path_length"`
	Feasible   bool     `json:"feasible"`
	Stage      string   `json:"refinement,omitempty"`
	AddedPreds []string `json:"added_predicates,omitempty"`
	AddedVars  []string `json:"added_vars,omitempty"`
	AnalysisS  float64  `json:"analysis_s"`
	SMTS       float64  `json:"smt_s"`
	TimeS      float64  `json:"time_s"`
}

func roundOf(r cegar.RoundStats) jsonRound {
	return jsonRound{Round: r.Round, Preds: r.Preds, NumVars: r.NumVars, Verdict: string(r.Verdict),
		PathLen: r.PathLen, Feasible: r.Feasible, Stage: r.Stage, AddedPreds: r.AddedPreds, AddedVars: r.AddedVars,
		AnalysisS: r.Analysis.Seconds(), SMTS: r.SMT.Seconds(), TimeS: r.Time.Seconds()}
}

// writeDots writes the graph of every run that has one to --dot's file
// (the engine's name before the extension when several runs have one).
func (e *engineFlags) writeDots(recs []runRecord, stderr io.Writer) int {
	if e.dot == "" {
		return exitOK
	}
	var with []runRecord
	for _, r := range recs {
		if r.dot != nil {
			with = append(with, r)
		}
	}
	if len(with) == 0 {
		fmt.Fprintf(stderr, "numpred analyze: --dot: no run built a graph (only abe and impact do)\n")
		return exitUsage
	}
	for _, r := range with {
		name := e.dot
		if len(with) > 1 {
			ext := filepath.Ext(name)
			name = strings.TrimSuffix(name, ext) + "." + r.Engine + ext
		}
		f, err := os.Create(name)
		if err == nil {
			err = r.dot(f)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "numpred analyze: --dot: %v\n", err)
			return exitUsage
		}
	}
	return exitOK
}

// printEngineTable prints the comparison table of several engines on one
// file: what they have in common (verdict, time, SMT work, refinements)
// and the size of what each builds.
// printCEGARTable prints the comparison of cegar runs over several
// domains: the columns of the paper's Table IV (total time, the time of
// the last iteration, gamma, join, alphaPost, apply), then the
// refinements, the final precision (predicates, numeric variables), the
// BDD nodes and the peak heap.
func printCEGARTable(w io.Writer, file, numeric string, recs []runRecord) {
	fmt.Fprintf(w, "%s (cegar, numeric: %s)\n", file, numeric)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "domain\tverdict\ttotal s\tlast s\tgamma s\tjoin s\talphaPost s\tapply s\trefinements\tpredicates\tnumeric vars\tBDD nodes\tpeak heap\t")
	for _, r := range recs {
		s := r.Stats
		last, preds, vars := 0.0, s.Preds, s.NumVars
		if n := len(r.Rounds); n > 0 {
			lr := r.Rounds[n-1]
			last, preds, vars = lr.TimeS, lr.Preds, lr.NumVars
		}
		fmt.Fprintf(tw, "%s\t%s\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%d\t%d\t%d\t%d\t%s\t\n",
			r.Domain, r.Verdict, r.TimeS, last, s.GammaS, s.JoinS, s.AlphaPostS, s.ApplyS,
			int(r.EngineStats["refinements"]), preds, vars, s.BDDNodes, humanBytes(s.PeakHeap))
	}
	tw.Flush()
	for _, r := range recs {
		if r.Reason != "" {
			fmt.Fprintf(w, "  %s: %s\n", r.Domain, verdictLine(r))
		}
	}
}

func printEngineTable(w io.Writer, file string, recs []runRecord) {
	fmt.Fprintln(w, file)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "engine\tverdict\ttotal s\tSMT s\tSMT queries\trefinements\tbuilt\tpeak heap\t")
	for _, r := range recs {
		smtS, queries := r.Stats.SMTS, float64(r.Stats.SMTQueries)
		refinements := "-"
		es := r.EngineStats
		if v, ok := es["smt_s"]; ok {
			smtS = v
		}
		if v, ok := es["solver_s"]; ok {
			smtS = v
		}
		if v, ok := es["queries"]; ok {
			queries = v
		}
		if v, ok := es["refinements"]; ok {
			refinements = fmt.Sprint(int(v))
		}
		heap := "-"
		if r.Stats.PeakHeap > 0 {
			heap = humanBytes(r.Stats.PeakHeap)
		}
		total := r.TimeS
		if r.Engine == verify.Absint {
			total += r.Stats.SearchS // absint's time is its fixpoint's; the search is beside it
		}
		fmt.Fprintf(tw, "%s\t%s\t%.3f\t%.3f\t%d\t%s\t%s\t%s\t\n",
			r.runName(), r.Verdict, total, smtS, int(queries), refinements, builtSize(r), heap)
	}
	tw.Flush()
	for _, r := range recs {
		if r.Reason != "" {
			fmt.Fprintf(w, "  %s: %s\n", r.runName(), verdictLine(r))
		}
	}
}

// builtSize describes the size of what an engine built: BDD nodes of the
// fixpoint engines, the abstract reachability graph of abe and impact, the
// unwound program of bmc and kind.
func builtSize(r runRecord) string {
	es := r.EngineStats
	switch r.Engine {
	case verify.ABE:
		return fmt.Sprintf("ARG %d states", int(es["states"]))
	case verify.IMPACT:
		return fmt.Sprintf("ARG %d nodes", int(es["nodes"]))
	case verify.BMC, verify.KInduction:
		return fmt.Sprintf("k=%d, %d nodes", int(es["k"]), int(es["nodes"]))
	}
	return fmt.Sprintf("%d BDD nodes", r.Stats.BDDNodes)
}
