// This file defines the default strategy (engine Auto): cheap engines and
// configurations first, stronger ones after, within one time limit, so
// that `numpred analyze prog.c` gets the strongest answer numpred can
// give in the time given.

package verify

import (
	"errors"
	"fmt"
	"runtime/debug"
	"strings"
	"time"

	"github.com/numpred/numpred/abe"
	"github.com/numpred/numpred/cegar"
	"github.com/numpred/numpred/cex"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/interp"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/polylift"
	"github.com/numpred/numpred/smt"
)

// DefaultAutoBudget is the default strategy's time limit when the
// configuration has no deadline.
const DefaultAutoBudget = 30 * time.Second

// autoStage is one step of the default strategy: an engine under a
// configuration, with a weight: the step gets remaining*weight/(weights of
// the steps from it on), so the time an early step does not use goes to
// the later ones.
type autoStage struct {
	name    string
	engine  string
	domain  string // absint and kind: the fixpoint's domain and numeric domain
	numeric string
	weight  float64
	// monomials: the fixpoint runs on the polynomial lifting (absint's
	// monomials, MonomialsAuto), and the stage runs only for programs
	// that multiply variables.
	monomials bool
}

// autoStages is the order of the default strategy (ARCHITECTURE.md,
// "The default strategy"): NEXPOINT over intervals and linear
// congruences is the cheapest fixpoint (it proves every expected-true
// locks and ssh task in a few seconds; the congruences add the loops
// whose invariant is an equation or a parity between variables:
// simple_1-2, sumt2, in-de20, cggmp2005_variant, count_up_down-1, which
// intervals alone leave UNKNOWN); BMC finds the shallow bugs and proves programs whose loops it
// can unwind completely, in a fraction of a second; a short search finds
// bugs deeper than BMC's bounds so far; on programs that multiply
// variables, affine equalities and intervals over the polynomial lifting
// (package polylift) prove the polynomial invariants of nla-digbench
// (ps3, fermat2 in under 0.5 s, egcd2 in 4 s: weight 2); CEGAR proves the control-heavy
// tasks whose branch atoms are too many or too few (five of the ssh
// tasks no fixed precision proves); polyhedra prove the most loop
// tasks; NEX over congruences and polyhedra (a polyhedron per predicate
// valuation, with strides) proves the loops whose invariant is a parity or
// stride, or differs between phases (simple_1-2, Mono1_1-2, loopv1: under
// 2 s each, where the polyhedra stage fails); ABE (blocks from loop head to loop head, predicate abstraction) finds bugs in the
// state machines of the ssh tasks the others leave UNKNOWN (s3_srvr_1.cil-1,
// s3_clnt_4.cil-2) and, with its predicates shared by every location
// where their variables are in scope, proves the SystemC schedulers no
// other stage proves (token_ring.03.cil-2 in 17 s; it runs before cegar,
// weight 3: after it, with weight 1, it had 6.6 s there); k-induction with the polyhedra invariants proves tight
// assertions the joins lose; the counterexample search gets the rest of
// the time.
//
// The CEGAR stage starts from no predicates and no numeric variables
// (cegar.InitialNone): the absint stage before it has already run the
// round of the branch atoms, where cegar.InitialAuto would spend a third
// of its time; from nothing it also proves s3_clnt_1-1, 2-2, 3-1, 3-3 and
// 4-1 (2-4 s of CPU each). It refines by unsat core, the paper's
// refiner: on the 31 ntdrivers and ssh tasks from nothing, core and both
// answered the same 18 tasks, core in 1.2-2.6x less CPU time on the ssh
// ones; interpolants alone (which add no numeric variable) answered 7.
var autoStages = []autoStage{
	{"absint nexpoint/lincong+interval", Absint, "nexpoint", "lincong+interval", 1, false},
	{"bmc", BMC, "", "", 1, false},
	{"search", "search", "", "", 0.5, false},
	{"absint nexpoint/affine+interval monomials", Absint, "nexpoint", "affine+interval", 2, true},
	{"abe loops", ABE, "", "", 3, false},
	{"cegar nexpoint/interval", CEGAR, "nexpoint", "interval", 3, false},
	{"absint nexpoint/polyhedra", Absint, "nexpoint", "polyhedra", 2, false},
	{"absint nex/congruence+polyhedra", Absint, "nex", "congruence+polyhedra", 0.5, false},
	{"kind", KInduction, "nexpoint", "polyhedra", 2, false},
	{"absint ndd/octagon", Absint, "ndd", "octagon", 1, false},
}

// partitionedStage is the stage whose domain splits on predicates (NEX)
// over a relational numeric domain.
const partitionedStage = "absint nex/congruence+polyhedra"

// stagesFor returns the stages in the order they run on prog: with the
// front end's ghost cells of array elements (ir.Program.Plain), the
// predicate-partitioned stage comes second, since the facts about the
// tracked element are implications on the index's order ("k < i implies
// a[k] = 42") that only such a domain keeps (standard_copy1_ground-1: TRUE
// in 1.9 s there, after 44 s of the stages before it).
func stagesFor(prog *ir.Program) []autoStage {
	if prog.Plain == nil {
		return autoStages
	}
	var out []autoStage
	for _, s := range autoStages {
		if s.name != partitionedStage {
			out = append(out, s)
		}
	}
	for _, s := range autoStages {
		if s.name == partitionedStage {
			s.weight = max(s.weight, 2) // 0.5 is 2 s of 60 there
			out = append(out[:1], append([]autoStage{s}, out[1:]...)...)
		}
	}
	return out
}

// firstSearch bounds the default strategy's first search stage: two
// seconds find the openssl bug of s3_clnt.blast.01-2 under ILP32 (135
// concrete runs, 1.9 s), which one second missed and the last stage,
// after the others' 55 s, found only when the machine was idle.
const firstSearch = 2 * time.Second

// arraySearch bounds the first search stage instead on programs with
// ghost cells of array elements (ir.Program.Plain) when the search's
// runs are long (cex.Options.Until: one took more than 2^21 steps):
// their loops over large arrays are beyond BMC's unwinding, so the
// search finds their bugs or nothing does, and one run through such a
// loop takes a second (sorting_bubblesort_ground-2: the search's first
// run, its expansion and the run that reaches the error, 3-5 s). Short
// runs keep firstSearch: mcmillan2006's proof, in the last stage, needs
// the time.
const arraySearch = 10 * time.Second

// StageGrace is how long the default strategy waits for a stage past
// its deadline before it abandons it (see runStage).
const StageGrace = time.Second

// runStage runs one stage and waits for it until abandon. Every engine
// observes its deadline between operations, but a single operation of a
// library underneath may not be interruptible (one rudd apply of NDD ran
// 46 s past a 10 s limit on s3_clnt_3.cil-2): such a stage is abandoned
// with UNKNOWN, so that `--timeout` holds; its goroutine finishes the
// operation in the background and its result is dropped (engines only
// read the program).
func runStage(run func() (*Result, error), abandon time.Time) (*Result, error) {
	type answer struct {
		r   *Result
		err error
	}
	done := make(chan answer, 1)
	go func() {
		r, err := run()
		done <- answer{r, err}
	}()
	timer := time.NewTimer(time.Until(abandon))
	defer timer.Stop()
	select {
	case a := <-done:
		return a.r, a.err
	case <-timer.C:
		return &Result{Result: engine.Result{Verdict: engine.Unknown,
			Reason: engine.NewReason(engine.Timeout, "abandoned: an operation did not stop at the stage's deadline")}}, nil
	}
}

// stageHook, when set (by the tests), runs a stage's engine instead of Run.
var stageHook func(*ir.Program, Config) (*Result, error)

// runEngine runs one stage's engine.
func runEngine(prog *ir.Program, cfg Config) (*Result, error) {
	if stageHook != nil {
		return stageHook(prog, cfg)
	}
	return Run(prog, cfg)
}

// runAuto is the default strategy: the stages in order until one answers
// TRUE or FALSE (a short counterexample search among them, when
// cfg.Search), then the search until the deadline. Each stage is recorded
// in Result.Stages. A stage that fails with an internal error (an engine's
// bug, not the program's) is recorded with its error and the next stage
// runs: a verdict of another stage stands, and when none comes the
// error is returned.
func runAuto(prog *ir.Program, cfg Config) (*Result, error) {
	start := time.Now()
	deadline := cfg.Interp.Deadline
	if deadline.IsZero() {
		deadline = start.Add(DefaultAutoBudget)
	}
	out := &Result{Engine: Auto}
	finish := func(r *Result, stage string) *Result {
		r.Stages = out.Stages
		r.Engine = stage
		r.add(out.Searched)
		r.Time = time.Since(start)
		return r
	}
	add := func(st Stage) {
		out.Stages = append(out.Stages, st)
		if cfg.OnStage != nil {
			cfg.OnStage(st, false)
		}
	}
	started := func(name string) {
		if cfg.OnStage != nil {
			cfg.OnStage(Stage{Name: name, Verdict: engine.Unknown}, true)
		}
	}
	record := func(name string, r *Result, t0 time.Time) {
		add(Stage{Name: name, Verdict: r.Verdict, Reason: r.Reason, Time: time.Since(t0)})
	}
	// search is a search stage until end: the answer when it found a
	// trusted counterexample, nil (the stage recorded without one)
	// otherwise. A run that reaches an error only through values the
	// program leaves undetermined, or after an overflow, is no answer:
	// the stage is recorded with the reason, and the next stages may
	// still decide.
	search := func(end, until time.Time, none string) (*Result, error) {
		t0 := time.Now()
		started("search")
		cx, err := out.searchUntil(prog, end, until)
		if err != nil {
			return nil, err
		}
		if cx != nil {
			r := falsify(prog, cx, start)
			record("search", r, t0)
			if r.Verdict != engine.False {
				return nil, nil
			}
			return finish(r, "search"), nil
		}
		add(Stage{Name: "search", Verdict: engine.Unknown, Reason: engine.NewReason(engine.Undecided, none), Time: time.Since(t0)})
		return nil, nil
	}
	// 1. The stages. A stage that does not apply to the program (the
	// lifting's, without products) takes no share of the time.
	lifts := polylift.Applies(prog)
	applies := func(s autoStage) bool { return !s.monomials || lifts }
	stages := stagesFor(prog)
	total := 0.0
	for _, s := range stages {
		if applies(s) {
			total += s.weight
		}
	}
	var last *Result
	// given are the invariants of the absint stages that feed a kind
	// stage, by domain/numeric (see feedsKind).
	given := map[string][]engine.Invariant{}
	var stageErr error // the first stage's internal error
	for _, s := range stages {
		remaining := time.Until(deadline)
		if remaining <= 0 {
			break
		}
		if !applies(s) {
			continue
		}
		budget := time.Duration(float64(remaining) * s.weight / total)
		total -= s.weight
		if s.engine == "search" {
			// Bugs deeper than BMC's bounds so far: at most
			// firstSearch (the search starts over in the last stage).
			if !cfg.Search {
				continue
			}
			end := time.Now().Add(min(budget, firstSearch))
			until := time.Time{}
			if prog.Plain != nil {
				until, end = end, time.Now().Add(min(arraySearch, time.Until(deadline)))
			}
			if r, err := search(end, until, "no counterexample yet"); r != nil || err != nil {
				return r, err
			}
			continue
		}
		sc := cfg
		sc.Engine = s.engine
		sc.Search = false
		sc.Monomials = MonomialsOff
		if s.monomials {
			sc.Monomials = MonomialsAuto
		}
		if s.domain != "" {
			sc.Interp.Domain, sc.Interp.Numeric = s.domain, s.numeric
		}
		if s.engine == CEGAR && (sc.CEGAR.Initial == "" || sc.CEGAR.Initial == string(cegar.InitialAuto)) {
			sc.CEGAR.Initial = string(cegar.InitialNone)
		}
		if s.engine == ABE && (sc.ABE.Block == "" || sc.ABE.Block == "lbe") {
			// ABE-l (abstraction at loop heads only): on the 44
			// locks/ntdrivers/ssh tasks at 60 s it answers 31 where lbe
			// answers 25 (docs/engines.md).
			sc.ABE.Block = "loops"
		}
		if s.engine == ABE && sc.ABE.Share == "" {
			// Predicates shared by every location where their
			// variables are in scope: the SystemC schedulers' token
			// rings need the same predicates at every loop head.
			sc.ABE.Share = abe.ShareGlobal
		}
		if s.engine == CEGAR && sc.CEGAR.Refiner == "" {
			sc.CEGAR.Refiner = string(cegar.RefinerCore)
		}
		sc.Interp.Deadline = time.Now().Add(budget)
		feeds := feedsKind(s)
		if feeds && !sc.Interp.Invariants {
			sc.Interp.Invariants = true
			sc.Interp.InvariantsAt = func(l *ir.Loc) bool { return l.LoopHead && l.Func == prog.Main }
		}
		if s.engine == KInduction {
			sc.BMC.Given = given[s.domain+"/"+s.numeric]
		}
		heap := cfg.StageHeap
		if heap == 0 {
			heap = DefaultStageHeap
		}
		if sc.Interp.MemoryLimit == 0 || sc.Interp.MemoryLimit > heap {
			sc.Interp.MemoryLimit = heap
		}
		t0 := time.Now()
		started(s.name)
		r, err := runStage(func() (*Result, error) { return runEngine(prog, sc) }, sc.Interp.Deadline.Add(StageGrace))
		if err != nil {
			err = fmt.Errorf("%s: %w", s.name, err)
			var ie *interp.InputError
			if errors.As(err, &ie) {
				return nil, err // the program itself: every stage would say so
			}
			// An engine's failure: the other stages may still answer; if
			// none does, the failure is the answer (exit 3).
			if stageErr == nil {
				stageErr = err
			}
			add(Stage{Name: s.name, Verdict: engine.Unknown, Reason: engine.InternalError(err), Time: time.Since(t0)})
			continue
		}
		if feeds {
			given[s.domain+"/"+s.numeric] = finishedInvariants(r)
			if !cfg.Interp.Invariants {
				r = withoutInvariants(r) // asked for kind, not for the user
			}
		}
		record(s.name, r, t0)
		releaseMemory()
		if r.Verdict == engine.True || r.Verdict == engine.False {
			return finish(r, s.name), nil
		}
		if last == nil || r.Error != nil {
			last = r
		}
	}
	// 2. The search until the deadline, when an error may be reachable.
	if cfg.Search && time.Until(deadline) > 0 {
		if r, err := search(deadline, time.Time{}, "no counterexample"); r != nil || err != nil {
			return r, err
		}
	}
	if stageErr != nil {
		return nil, stageErr
	}
	if last == nil {
		last = &Result{Result: engine.Result{Verdict: engine.Unknown, Reason: engine.TimedOut}}
	}
	r := &Result{Result: engine.Result{Verdict: engine.Unknown, Error: last.Error,
		Reason: engine.NewReason(engine.Undecided, "no engine decided: "+stageSummary(out.Stages))},
		Fixpoint: last.Fixpoint}
	return finish(r, Auto), nil
}

// falsify is the answer of a search that found cx: FALSE when cx passes
// the trust rule, UNKNOWN otherwise.
func falsify(prog *ir.Program, cx *cex.Counterexample, start time.Time) *Result {
	r := &Result{}
	r.Falsify(prog, cx)
	r.Time = time.Since(start)
	return r
}

// feedsKind reports whether absint stage s computes the invariants a
// later kind stage assumes: one with the same domain and numeric domain,
// which would compute them again (the polyhedra stage; its fixpoint is
// the one kind runs).
func feedsKind(s autoStage) bool {
	if s.engine != Absint {
		return false
	}
	seen := false
	for _, t := range autoStages {
		seen = seen || t == s
		if seen && t.engine == KInduction && t.domain == s.domain && t.numeric == s.numeric {
			return true
		}
	}
	return false
}

// finishedInvariants returns the invariants of a stage whose fixpoint
// finished (one stopped by its time or memory limit proves none; nil
// lets kind compute its own).
func finishedInvariants(r *Result) []engine.Invariant {
	switch r.Reason.Kind {
	case engine.Timeout, engine.Canceled, engine.Memory:
		return nil
	}
	if r.Fixpoint == nil || len(r.Invariants) == 0 {
		return nil
	}
	return r.Invariants
}

// withoutInvariants returns r without the invariants it computed.
func withoutInvariants(r *Result) *Result {
	out := *r
	out.Invariants = nil
	if r.Fixpoint != nil {
		fix := *r.Fixpoint
		fix.Invariants = nil
		out.Fixpoint = &fix
	}
	return &out
}

// releaseMemory gives what a finished stage freed back to the operating
// system before the next one starts: Go's heap (its garbage would
// otherwise stay resident until the runtime returns it at its own pace)
// and Z3's (the C allocator keeps freed memory). Each stage runs under a
// memory limit, and a stage's leftovers would count against the next.
func releaseMemory() {
	debug.FreeOSMemory()
	smt.ReleaseMemory()
}

// stageSummary lists the stages' answers: "bmc: bound reached k=8;
// absint nexpoint/interval: ...".
func stageSummary(st []Stage) string {
	var parts []string
	for _, s := range st {
		reason := s.Reason.String()
		if reason == "" {
			reason = string(s.Verdict)
		}
		parts = append(parts, s.Name+": "+reason)
	}
	return strings.Join(parts, "; ")
}
