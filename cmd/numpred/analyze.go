// This file implements `numpred analyze`: flags, running the analysis per
// file and domain, and the text, table and JSON outputs.

package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/pflag"

	"github.com/numpred/numpred/cegar"
	"github.com/numpred/numpred/cex"
	"github.com/numpred/numpred/cfront"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/interp"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/polylift"
	"github.com/numpred/numpred/verify"
)

type analyzeFlags struct {
	domains    []string
	numeric    string
	format     string
	invariants bool
	stats      bool
	timeout    time.Duration
	widenDelay int
	narrow     int
	preds      []string
	dataModel  string
	contexts   int
	points     int
	unroll     int
	cpuProfile string
	search     bool
	witness    string
	eng        engineFlags
	debug      bool
	check      bool
	memLimit   uint64
	property   string
	monomials  int // verify.Config.Monomials, from --monomials
	// task and expect are set per input when the input is a task
	// definition (.yml): its path and the expected verdict of the
	// property checked.
	task, expect string
	// memoryGone, once set, is the reason every later run of this
	// command answers UNKNOWN without running: a run the guard abandoned
	// for memory still holds it.
	memoryGone *string
	// stageHeap is the default strategy's heap limit per stage: 0 (its
	// default) unless --memory-limit was given, then 3/8 of it (a stage
	// at that live heap, with garbage, uses about 3/4 of the limit).
	stageHeap uint64
}

func cmdAnalyze(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("analyze", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	var f analyzeFlags
	f.memoryGone = new(string)
	domain := fs.String("domain", interp.DefaultDomain, "domain: nexpoint, nex, mtndd, ndd, numeric, predicate, a comma list, or all")
	monomials := fs.String("monomials", "auto", "analyse the program lifted to polynomial shadows (monomials as dimensions, for polynomial invariants; the absint engine; the default strategy lifts in its own stage only): off, auto (when the program multiplies variables or accumulates a counter, to one above the degree of its products) or a degree 2-"+strconv.Itoa(polylift.MaxDegree))
	fs.StringVar(&f.numeric, "numeric", "auto", "numeric domain: auto (absint: lincong+interval where the domain combines with it, interval under ndd, mtndd and predicate; the other engines: interval), interval, octagon, polyhedra, affine, affine+interval, congruence, congruence+interval, congruence+polyhedra (Granger's congruences per variable), lincong, lincong+interval or lincong+polyhedra (relational linear congruences: a + b = 3, a - i ≡ 1 mod 2) (the congruences not with ndd or mtndd)")
	fs.StringVar(&f.format, "format", "text", "output format: text or json")
	fs.BoolVar(&f.invariants, "invariants", false, "print the invariant of every location")
	fs.BoolVar(&f.stats, "stats", false, "print statistics (time per domain operation, iterations, BDD nodes)")
	fs.DurationVar(&f.timeout, "timeout", 0, "stop each run after this long with UNKNOWN (timeout); 0 means no limit")
	fs.IntVar(&f.widenDelay, "widen-delay", 2, "joins at a loop head before widening")
	fs.IntVar(&f.narrow, "descend", 2, "descending iterations after widening (each keeps the meet of the old and the recomputed value)")
	fs.IntVar(&f.narrow, "narrow", 2, "old name of --descend (no narrowing operator is applied)")
	fs.MarkDeprecated("narrow", "use --descend")
	fs.BoolVar(&f.debug, "debug", false, "print the stack of an internal error")
	fs.BoolVar(&f.check, "check", false, "run every domain's sanity checker after every operation (slow; for bug reports)")
	memLimit := fs.String("memory-limit", "auto", "stop each run with UNKNOWN (memory) once the process's resident memory passes this size, e.g. 4G; auto is half of the machine's (or the cgroup's) memory, 0 means no limit")
	fs.IntVar(&f.contexts, "contexts", interp.DefaultContexts, "calling contexts kept per function before inputs are widened together")
	fs.IntVar(&f.points, "point-contexts", interp.DefaultPointContexts, "extra contexts per function for calls with a single-point input (exact summaries); 0 disables")
	fs.IntVar(&f.unroll, "unroll", interp.DefaultUnroll, "loop iterations run exactly (deterministic loops are unrolled) before widening takes over; 0 disables")
	fs.StringVar(&f.cpuProfile, "cpuprofile", "", "write a CPU profile of the whole run to this file (for go tool pprof)")
	fs.StringVar(&f.dataModel, "data-model", "", "C data model: lp64 or ilp32 (default: the task's .yml, given or beside the file, else lp64)")
	fs.BoolVar(&f.search, "search", true, "search for a concrete counterexample (FALSE verdicts); --search=false only runs the fixpoint")
	fs.StringVar(&f.property, "property", "", "SV-COMP property file (.prp); numpred checks unreach-call only, any other property is a usage error")
	fs.StringVar(&f.witness, "witness", "", "write the SV-COMP witness (YAML, format 2.0) to this file: for FALSE the violation witness, for TRUE the correctness witness (loop invariants, re-checked before they are written)")
	engine := addEngineFlags(fs, &f.eng)
	fs.StringSliceVar(&f.preds, "preds", nil, "extra predicates, e.g. 'x <= y, main::i >= 0' (a comma list)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "Usage: numpred analyze FILE... [flags]\n\nAnalyses C (.c, .i) and Linear Program (.lp) files, or SV-COMP task\ndefinitions (.yml: their input file, data model and expected verdict):\nTRUE when no error location is reachable, FALSE with a counterexample,\nUNKNOWN with the reason.\n\nFlags:\n%s", fs.FlagUsages())
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	if fs.NArg() == 0 {
		fmt.Fprintln(stderr, "numpred analyze: no input files (see numpred help analyze)")
		return exitUsage
	}
	var err error
	if f.domains, err = parseDomains(*domain); err != nil {
		fmt.Fprintf(stderr, "numpred analyze: %v\n", err)
		return exitUsage
	}
	if err := f.eng.parse(fs, *engine); err != nil {
		fmt.Fprintf(stderr, "numpred analyze: %v\n", err)
		return exitUsage
	}
	if f.numeric != "auto" && !contains(interp.NumericNames, f.numeric) {
		fmt.Fprintf(stderr, "numpred analyze: unknown numeric domain %q (want %s)\n", f.numeric, strings.Join(interp.NumericNames, ", "))
		return exitUsage
	}
	if f.monomials, err = parseMonomials(*monomials); err != nil {
		fmt.Fprintf(stderr, "numpred analyze: %v\n", err)
		return exitUsage
	}
	f.dataModel = strings.ToLower(f.dataModel)
	if f.dataModel != "" && f.dataModel != "lp64" && f.dataModel != "ilp32" {
		fmt.Fprintf(stderr, "numpred analyze: unknown data model %q (want lp64 or ilp32)\n", f.dataModel)
		return exitUsage
	}
	if f.format != "text" && f.format != "json" {
		fmt.Fprintf(stderr, "numpred analyze: unknown format %q (want text or json)\n", f.format)
		return exitUsage
	}
	switch *memLimit {
	case "auto", "":
		f.memLimit = defaultMemoryLimit()
	default:
		if f.memLimit, err = parseBytes(*memLimit); err != nil {
			fmt.Fprintf(stderr, "numpred analyze: --memory-limit: %v\n", err)
			return exitUsage
		}
		f.stageHeap = f.memLimit / 8 * 3
		if f.memLimit == 0 {
			f.stageHeap = math.MaxUint64 // no limit at all
		}
	}
	if f.widenDelay < 0 || f.narrow < 0 || f.timeout < 0 || f.points < 0 || f.unroll < 0 || f.contexts < 1 {
		fmt.Fprintln(stderr, "numpred analyze: --widen-delay, --descend, --timeout, --point-contexts and --unroll must not be negative, --contexts must be at least 1")
		return exitUsage
	}
	if f.cpuProfile != "" {
		out, err := os.Create(f.cpuProfile)
		if err != nil {
			fmt.Fprintf(stderr, "numpred analyze: %v\n", err)
			return exitUsage
		}
		defer out.Close()
		if err := pprof.StartCPUProfile(out); err != nil {
			fmt.Fprintf(stderr, "numpred analyze: %v\n", err)
			return exitUsage
		}
		defer pprof.StopCPUProfile()
	}
	if f.property != "" {
		if err := frontend.IsUnreachCall(f.property); err != nil {
			fmt.Fprintf(stderr, "numpred analyze: --property: %v\n", err)
			return exitUsage
		}
	}
	status := exitOK
	for _, file := range fs.Args() {
		ff := f
		if frontend.IsTaskFile(file) {
			var s int
			if file, ff, s = taskInput(file, f, stderr); s != exitOK {
				status = max(status, s)
				continue
			}
		}
		if s := analyzeFile(file, ff, stdout, stderr); s > status {
			status = s
		}
	}
	return status
}

// taskInput reads the SV-COMP task definition at yml: the program file it
// names, and f with the task's data model (unless --data-model is given)
// and expected verdict.
func taskInput(yml string, f analyzeFlags, stderr io.Writer) (string, analyzeFlags, int) {
	t, err := frontend.ReadTask(yml)
	if err != nil {
		fmt.Fprintf(stderr, "%v\n", err)
		return "", f, exitInput
	}
	if len(t.InputFiles) != 1 {
		fmt.Fprintf(stderr, "%s: the task names %d input files; numpred analyses one program per task\n", yml, len(t.InputFiles))
		return "", f, exitInput
	}
	if f.dataModel == "" {
		f.dataModel = string(t.DataModel)
	}
	f.task = yml
	if p, ok := t.PropertyFor(f.property); ok {
		f.expect = p.Expected
	}
	return t.InputFiles[0], f, exitOK
}

func parseDomains(s string) ([]string, error) {
	if s == "all" {
		return []string{"nexpoint", "nex", "mtndd", "ndd"}, nil
	}
	var out []string
	for _, d := range strings.Split(s, ",") {
		d = strings.TrimSpace(strings.ToLower(d))
		if d == "all" {
			out = append(out, "nexpoint", "nex", "mtndd", "ndd")
			continue
		}
		if !contains(interp.DomainNames, d) {
			return nil, fmt.Errorf("unknown domain %q (want %s, a comma list, or all)", d, strings.Join(interp.DomainNames, ", "))
		}
		out = append(out, d)
	}
	return out, nil
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if x == y {
			return true
		}
	}
	return false
}

// runRecord is one (file, domain) run, also the JSON object printed.
type runRecord struct {
	File       string    `json:"file"`
	Task       string    `json:"task,omitempty"`
	Expected   string    `json:"expected_verdict,omitempty"`
	Engine     string    `json:"engine"`
	Domain     string    `json:"domain"`
	Numeric    string    `json:"numeric"`
	Verdict    string    `json:"verdict"`
	Reason     string    `json:"reason,omitempty"`
	ErrorLoc   string    `json:"error_location,omitempty"`
	TimeS      float64   `json:"time_s"`
	Stats      jsonStats `json:"stats"`
	Trace      []string  `json:"trace,omitempty"`
	Cex        *cex.JSON `json:"counterexample,omitempty"`
	cx         *cex.Counterexample
	ops        interp.Stats // for the operation lines of --stats
	dot        func(io.Writer) error
	Invariants []jsonInvarint `json:"invariants,omitempty"`
	// EngineStats are the engine's own statistics (bmc: k, formula size).
	EngineStats map[string]float64 `json:"engine_stats,omitempty"`
	// Stages are the runs of the default strategy.
	Stages []jsonStage `json:"stages,omitempty"`
	// Rounds are the CEGAR engine's rounds.
	Rounds []jsonRound `json:"rounds,omitempty"`
}

type jsonStage struct {
	Name    string  `json:"name"`
	Verdict string  `json:"verdict"`
	Reason  string  `json:"reason,omitempty"`
	TimeS   float64 `json:"time_s"`
	// PeakRSS is the most resident memory of the process seen while the
	// stage ran (sampled every 50 ms; 0 when too short to be sampled).
	PeakRSS uint64 `json:"peak_rss_bytes,omitempty"`
}

type jsonStats struct {
	GammaS     float64 `json:"gamma_s"`
	JoinS      float64 `json:"join_s"`
	AlphaPostS float64 `json:"alpha_post_s"`
	ApplyS     float64 `json:"apply_s"`
	Iterations int     `json:"iterations"`
	Widenings  int     `json:"widenings"`
	Unrolled   int     `json:"unrolled"`
	Contexts   int     `json:"contexts"`
	BDDNodes   int     `json:"bdd_nodes"`
	BDDTable   int     `json:"bdd_table"`
	SearchS    float64 `json:"search_s"`
	SearchRuns int     `json:"search_runs"`
	SMTQueries int     `json:"smt_queries"`
	SMTS       float64 `json:"smt_s"`
	// What the search held (its memory): the most input values queued at
	// once, candidates dropped for that bound, paths expanded, the
	// longest run and the runs ended by its input bound.
	SearchQueued  int    `json:"search_peak_queued_values"`
	SearchDropped int    `json:"search_dropped"`
	SearchPaths   int    `json:"search_paths"`
	SearchLongest int    `json:"search_longest_run_steps"`
	SearchCut     int    `json:"search_runs_cut"`
	PeakHeap      uint64 `json:"peak_heap_bytes"`
	Preds         int    `json:"predicates"`
	NumVars       int    `json:"numeric_vars"`
}

type jsonInvarint struct {
	Func      string `json:"func"`
	Loc       string `json:"loc"`
	Pos       string `json:"pos"`
	Invariant string `json:"invariant"`
}

// defaultNumeric is a run's numeric domain under --numeric auto:
// relational linear congruences with intervals for absint under a domain
// that combines with them (on the first shared set at 10 s, absint
// proves 64 tasks with them in 255 s, 59 with intervals in 300 s), and
// intervals otherwise (NDD and MTNDD need exact constraints; cegar
// refines its own precision).
func defaultNumeric(spec runSpec, domain string) string {
	if spec.engine == verify.Absint && domain != "predicate" && interp.Combines(domain, "lincong+interval") {
		return "lincong+interval"
	}
	return "interval"
}

// tableNumeric names the numeric domain of a table of runs: the flag's,
// or under auto the ones the runs used.
func tableNumeric(flag string, recs []runRecord) string {
	if flag != "auto" {
		return flag
	}
	var used []string
	for _, r := range recs {
		if r.Numeric != "" && !contains(used, r.Numeric) {
			used = append(used, r.Numeric)
		}
	}
	if len(used) == 0 {
		return "interval"
	}
	return strings.Join(used, ", ")
}

func analyzeFile(file string, f analyzeFlags, stdout, stderr io.Writer) int {
	start := time.Now() // the first run's time limit counts the front end too
	began := start
	prog, err := frontend.LoadWith(file, frontend.Options{DataModel: cfront.DataModel(f.dataModel)})
	if err != nil {
		return loadFailed(err, f.debug, stderr)
	}
	var recs []runRecord
	status := exitOK
	for i, spec := range f.eng.runs(f.domains) {
		d := spec.domain
		if d == "" {
			d = f.domains[0]
		}
		// The fixpoint's own heap test stops it a little before the guard
		// would (the heap is only part of the resident memory).
		numeric := f.numeric
		if numeric == "auto" {
			numeric = defaultNumeric(spec, d)
		}
		cfg := interp.Config{Domain: d, Numeric: numeric, WidenDelay: f.widenDelay, Narrow: f.narrow, Contexts: f.contexts, PointContexts: f.points, Unroll: f.unroll, Preds: f.preds, Invariants: f.invariants, MemoryLimit: f.memLimit / 4 * 3, Check: f.check}
		if i > 0 {
			start = time.Now() // every later run has its own time limit
		}
		if f.timeout > 0 {
			cfg.Deadline = start.Add(f.timeout)
		}
		if *f.memoryGone != "" {
			recs = append(recs, record(file, spec.label(), numeric, unknownResult(engine.NewReason(engine.Memory, *f.memoryGone), nil, start)))
			continue
		}
		runtime.GC() // so that each run's peak heap starts from live data only
		vcfg := f.eng.config(verify.Config{Interp: cfg, Search: f.search, StageHeap: f.stageHeap, Monomials: f.monomials}, spec)
		stageHeap := f.stageHeap
		if stageHeap == 0 {
			stageHeap = verify.DefaultStageHeap
		}
		setMemoryLimit(f.memLimit, stageHeap, vcfg.Engine == verify.Auto)
		res, peaks, err, outcome := guarded(spec.label(), cfg.Deadline, f.memLimit, func(onStage func(verify.Stage, bool)) (*verify.Result, error) {
			vcfg.OnStage = onStage
			return verify.Run(prog, vcfg)
		})
		if outcome == guardMemory {
			// The abandoned run still holds its memory: the runs after it
			// in this process would start past the limit.
			*f.memoryGone = "memory: not run, an earlier run of this process passed the memory limit and could not be stopped"
		}
		if err != nil {
			var ie *interp.InputError
			if errors.As(err, &ie) {
				fmt.Fprintf(stderr, "%s: %v\n", file, err)
				return exitInput
			}
			printInternal(stderr, file, d, err, f.debug)
			status = exitInternal
			continue
		}
		for _, st := range res.Stages {
			if st.Reason.Kind == engine.Internal {
				// Another stage answered; the failure must still be seen.
				fmt.Fprintf(stderr, "%s: warning: the default strategy's stage %s failed (%s); please report it\n", file, st.Name, st.Reason)
			}
		}
		rec := record(file, spec.label(), numeric, res)
		for i := range rec.Stages {
			if i < len(peaks) {
				rec.Stages[i].PeakRSS = peaks[i]
			}
		}
		recs = append(recs, rec)
	}
	for i := range recs {
		recs[i].Task, recs[i].Expected = f.task, f.expect
	}
	if s := f.eng.writeDots(recs, stderr); s > status {
		status = s
	}
	if f.witness != "" {
		if s := writeWitness(file, f, prog, recs, began, stderr); s > status {
			status = s
		}
	}
	switch {
	case f.format == "json":
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		for _, r := range recs {
			enc.Encode(r)
		}
	case len(recs) > 1:
		printTable(stdout, file, tableNumeric(f.numeric, recs), recs)
		for _, r := range recs {
			printDetails(stdout, r, f, true)
		}
	default:
		for _, r := range recs {
			printDetails(stdout, r, f, false)
		}
	}
	return status
}

func record(file, domain, numeric string, vres *verify.Result) runRecord {
	fix := vres.Fixpoint
	if fix == nil {
		fix = &interp.Result{}
	}
	fs := fix.Stats
	r := runRecord{
		File: file, Domain: domain, Numeric: numeric,
		Verdict: string(vres.Verdict), Reason: vres.Reason.String(), TimeS: vres.Time.Seconds(),
		Stats: jsonStats{
			GammaS: fs.Gamma.Seconds(), JoinS: fs.Join.Seconds(),
			AlphaPostS: fs.AlphaPost.Seconds(), ApplyS: fs.Apply.Seconds(),
			Iterations: fs.Iterations, Widenings: fs.Widenings,
			Unrolled: fs.Unrolled, Contexts: fs.Contexts,
			BDDNodes: fs.BDDNodes, BDDTable: fs.BDDTable, PeakHeap: fs.PeakHeap,
			Preds: fs.Preds, NumVars: fs.NumVars,
			SearchS: vres.SearchTime.Seconds(), SearchRuns: vres.Search.Runs,
			SMTQueries: vres.Search.Queries, SMTS: vres.Search.SMTTime.Seconds(),
			SearchQueued: vres.Search.PeakQueued, SearchDropped: vres.Search.Dropped, SearchPaths: vres.Search.Paths,
			SearchLongest: vres.Search.LongestRun, SearchCut: vres.Search.InputCut,
		},
	}
	r.ops = fs
	r.Engine = vres.Engine
	r.dot = vres.Dot
	if cs, ok := vres.Stats.(*cegar.Stats); ok {
		for _, rd := range cs.Rounds {
			r.Rounds = append(r.Rounds, roundOf(rd))
		}
	}
	if vres.Stats != nil {
		if list := vres.Stats.List(); len(list) > 0 {
			r.EngineStats = map[string]float64{}
			for _, s := range list {
				r.EngineStats[s.Name] = s.Value
			}
		}
	}
	for _, st := range vres.Stages {
		r.Stages = append(r.Stages, jsonStage{Name: st.Name, Verdict: string(st.Verdict), Reason: st.Reason.String(), TimeS: st.Time.Seconds()})
	}
	if cx := vres.Counterexample; cx != nil {
		j := cx.JSON()
		r.Cex, r.cx = &j, cx
	}
	if e := vres.Error; e != nil {
		r.ErrorLoc = fmt.Sprintf("%s:%s (%s)", e.Func.Name, e, e.Pos)
	}
	trace := fix.Trace
	if vres.Verdict == engine.False {
		trace = nil // the counterexample replaces the abstract trace
	}
	for _, s := range trace {
		r.Trace = append(r.Trace, fmt.Sprintf("%s: %s -> %s: %s @%s", s.Func, s.Edge.From, s.Edge.To, s.Op, s.Edge.Pos))
	}
	for _, inv := range fix.Invariants {
		r.Invariants = append(r.Invariants, jsonInvarint{inv.Func, inv.Loc.String(), inv.Loc.Pos.String(), inv.Text})
	}
	return r
}

func verdictLine(r runRecord) string {
	s := "Verification result: " + r.Verdict
	if r.Reason != "" {
		s += " (" + r.Reason + ")"
	}
	return s
}

func printDetails(w io.Writer, r runRecord, f analyzeFlags, inTable bool) {
	if !inTable {
		fmt.Fprintf(w, "%s [%s]: %s\n", r.File, r.runName(), verdictLine(r))
	}
	if r.cx != nil && !inTable {
		r.cx.WriteText(w)
	}
	if len(r.Trace) > 0 && !inTable {
		fmt.Fprintln(w, "abstract trace to the error location:")
		for _, s := range r.Trace {
			fmt.Fprintf(w, "  %s\n", s)
		}
	}
	if f.invariants && len(r.Invariants) > 0 {
		fmt.Fprintf(w, "invariants (%s/%s):\n", r.Domain, r.Numeric)
		for _, inv := range r.Invariants {
			fmt.Fprintf(w, "  %s %s (%s): %s\n", inv.Func, inv.Loc, inv.Pos, inv.Invariant)
		}
	}
	if f.stats && !inTable {
		s := r.Stats
		fmt.Fprintf(w, "statistics: time %.3fs, gamma %.3fs, join %.3fs, alphaPost %.3fs, apply %.3fs, iterations %d, widenings %d, unrolled %d, contexts %d, BDD nodes %d (peak live; table %d), peak heap %s, predicates %d, numeric vars %d\n",
			r.TimeS, s.GammaS, s.JoinS, s.AlphaPostS, s.ApplyS, s.Iterations, s.Widenings, s.Unrolled, s.Contexts, s.BDDNodes, s.BDDTable, humanBytes(s.PeakHeap), s.Preds, s.NumVars)
		printOps(w, r.ops)
		fmt.Fprintf(w, "counterexample search: %.3fs, %d concrete runs, %d SMT queries (%.3fs in the solver); held at most %d queued input values (%d candidates dropped), %d paths; longest run %d steps, %d runs ended by the input bound\n",
			s.SearchS, s.SearchRuns, s.SMTQueries, s.SMTS, s.SearchQueued, s.SearchDropped, s.SearchPaths, s.SearchLongest, s.SearchCut)
		printEngineStats(w, r)
	}
}

// printTable prints the comparison table of several domains on one file,
// with the columns of the paper's Table IV, or of several engines
// (printEngineTable).
func printTable(w io.Writer, file, numeric string, recs []runRecord) {
	for _, r := range recs[1:] {
		if r.Engine != recs[0].Engine {
			printEngineTable(w, file, recs)
			return
		}
	}
	if recs[0].Engine == verify.CEGAR {
		printCEGARTable(w, file, numeric, recs)
		return
	}
	fmt.Fprintf(w, "%s (numeric: %s)\n", file, numeric)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "domain\tverdict\ttotal s\tgamma s\tjoin s\talphaPost s\tapply s\tBDD nodes\tpeak heap\t")
	for _, r := range recs {
		s := r.Stats
		fmt.Fprintf(tw, "%s\t%s\t%.3f\t%.3f\t%.3f\t%.3f\t%.3f\t%d\t%s\t\n",
			r.Domain, r.Verdict, r.TimeS, s.GammaS, s.JoinS, s.AlphaPostS, s.ApplyS, s.BDDNodes, humanBytes(s.PeakHeap))
	}
	tw.Flush()
	for _, r := range recs {
		if r.Reason != "" {
			fmt.Fprintf(w, "  %s: %s\n", r.Domain, verdictLine(r))
		}
	}
}

func humanBytes(b uint64) string {
	switch {
	case b >= 1<<30:
		return fmt.Sprintf("%.1fG", float64(b)/(1<<30))
	case b >= 1<<20:
		return fmt.Sprintf("%.1fM", float64(b)/(1<<20))
	case b >= 1<<10:
		return fmt.Sprintf("%.1fK", float64(b)/(1<<10))
	}
	return fmt.Sprintf("%dB", b)
}

// writeWitness writes the violation witness of the first FALSE run, or,
// when the first run answered TRUE, the correctness witness.
func writeWitness(file string, f analyzeFlags, prog *ir.Program, recs []runRecord, began time.Time, stderr io.Writer) int {
	lang := prog.Lang
	if len(recs) > 0 && recs[0].Verdict == string(engine.True) {
		return writeCorrectnessWitness(file, f, prog, recs[0], began, stderr)
	}
	for _, r := range recs {
		if r.cx == nil {
			continue
		}
		if lang != "c" {
			fmt.Fprintf(stderr, "numpred analyze: %s: witnesses are for C programs only\n", file)
			return exitUsage
		}
		return writeWitnessFile(file, f, stderr, func(w io.Writer, task cex.WitnessTask) error {
			return cex.WriteWitness(w, r.cx, task)
		})
	}
	return exitOK
}

// writeWitnessFile writes --witness with write, for the task of file
// (its source and data model); the exit status.
func writeWitnessFile(file string, f analyzeFlags, stderr io.Writer, write func(io.Writer, cex.WitnessTask) error) int {
	src, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintf(stderr, "numpred analyze: %v\n", err)
		return exitInput
	}
	dm := f.dataModel
	if dm == "" {
		dm = string(frontend.TaskDataModel(file))
	}
	out, err := os.Create(f.witness)
	if err != nil {
		fmt.Fprintf(stderr, "numpred analyze: %v\n", err)
		return exitUsage
	}
	defer out.Close()
	task := cex.WitnessTask{File: file, Source: src, DataModel: dm, Producer: "numpred " + version}
	if err := write(out, task); err != nil {
		fmt.Fprintf(stderr, "numpred analyze: %v\n", err)
		return exitInternal
	}
	return exitOK
}

// parseMonomials reads --monomials: off, auto or a degree.
func parseMonomials(s string) (int, error) {
	switch s {
	case "off":
		return verify.MonomialsOff, nil
	case "auto":
		return verify.MonomialsAuto, nil
	}
	d, err := strconv.Atoi(s)
	if err != nil || d < 2 || d > polylift.MaxDegree {
		return 0, fmt.Errorf("--monomials %q: want off, auto or a degree from 2 to %d", s, polylift.MaxDegree)
	}
	return d, nil
}
