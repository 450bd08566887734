// This file implements Run, the CEGAR loop (see doc.go), its options and
// its result.

package cegar

import (
	"context"
	"fmt"
	"time"

	"github.com/numpred/numpred/cex"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/interp"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/pathenc"
	"github.com/numpred/numpred/smt"
)

// Refiner names a way of refining the precision from an infeasible path.
type Refiner string

// The refiners (see doc.go).
const (
	RefinerCore        Refiner = "core"
	RefinerInterpolant Refiner = "interpolant"
	RefinerBoth        Refiner = "both"
)

// RefinerNames lists the refiners, for a CLI's help.
var RefinerNames = []string{string(RefinerCore), string(RefinerInterpolant), string(RefinerBoth)}

// DefaultRefiner is the refiner of Options{}.
const DefaultRefiner = RefinerBoth

// Initial names the precision of the first round.
type Initial string

// The initial precisions.
const (
	// InitialEmpty: no predicates (classic lazy abstraction); every
	// numeric variable, unless Options.EmptyNumeric.
	InitialEmpty Initial = "empty"
	// InitialAtoms: every atom of the program's branch conditions and
	// every variable: the fixed precision of a plain interp.Analyze, so
	// the first round proves what the plain analysis proves.
	InitialAtoms Initial = "atoms"
	// InitialPreds: only the user's predicates (Options.Interp.Preds),
	// every variable.
	InitialPreds Initial = "preds"
	// InitialNone: no predicates and no numeric variables, as in the
	// paper (InitialEmpty with Options.EmptyNumeric).
	InitialNone Initial = "none"
	// InitialAuto: InitialAtoms first (the first round proves what a
	// plain analysis proves, at its cost); when that loop ends without a
	// verdict (no progress, or a third of the time), the loop again from
	// nothing, no predicates and no numeric variables, as the paper
	// does: few predicates and variables let the search for an abstract
	// counterexample (which does not join) cover its states.
	InitialAuto Initial = "auto"
)

// InitialNames lists the initial precisions, for a CLI's help.
var InitialNames = []string{string(InitialAuto), string(InitialEmpty), string(InitialNone), string(InitialAtoms), string(InitialPreds)}

// DefaultInitial is the initial precision of Options{}.
const DefaultInitial = InitialAuto

// DefaultMaxRefinements bounds the refinements of Options{}.
const DefaultMaxRefinements = 50

// Options say how to run the loop.
type Options struct {
	// Interp configures every round's analysis. Its Precision is
	// replaced by the loop's; its Preds are added to every round's
	// precision; its Deadline, when set and earlier than ctx's, ends the
	// loop too.
	Interp interp.Config
	// Refiner is RefinerCore, RefinerInterpolant or RefinerBoth (default
	// DefaultRefiner).
	Refiner Refiner
	// MaxRefinements bounds the refinements: 0 means
	// DefaultMaxRefinements, a negative value no bound.
	MaxRefinements int
	// Initial is the first round's precision (default DefaultInitial).
	Initial Initial
	// EmptyNumeric makes InitialEmpty track no numeric variable either,
	// as in the paper, so that the core refiner's first step (adding the
	// core's numeric variables) has work to do.
	EmptyNumeric bool
}

// maxCexBudget bounds the budget of the search for an abstract
// counterexample (interp.Config.CexBudget) a path read off joined values
// (interp.Result.PathJoined) that comes back raises it to: interp's
// default, 5*10^4 abstract operations, times 8. A cut search falls back
// to such a path, which refinement often cannot remove; s3_clnt_1, from
// no predicates, needed more than 5*10^4 and at most 4*10^5 operations
// for the exhaustive search that proved it.
const maxCexBudget = 8 * interp.DefaultCexBudget

// RoundStats report one round: an analysis and what followed it.
type RoundStats struct {
	Round    int
	Preds    int            // predicates of the precision analysed
	NumVars  int            // numeric variables of the precision analysed
	Verdict  engine.Verdict // the analysis's verdict
	PathLen  int            // edges of the abstract counterexample (0: none)
	Feasible bool           // the path formula was satisfiable
	Joined   bool           // the path was read off joined values (interp.Result.PathJoined)
	// Stage is the refinement step taken: "vars", "core", "interpolant",
	// "both", "path" (every atom of the path), "widen" (later widening,
	// more contexts), "search" (a longer search for the abstract
	// counterexample, Options.Interp.CexBudget); "no-path" when the round proved the program by the
	// exhaustive search for an abstract path (interp.Result.NoPath);
	// empty otherwise.
	Stage      string
	AddedPreds []string // predicates added, in the program's syntax
	AddedVars  []string // numeric variables added
	Analysis   time.Duration
	SMT        time.Duration // path formula and interpolation
	Time       time.Duration // the whole round
}

// Result is the outcome of the loop: the engine contract's, with the
// last round's precision. Its Stats are a *Stats.
type Result struct {
	engine.Result
	// Precision is the last round's precision.
	Precision *interp.Precision
}

// Stats are the statistics of the loop.
type Stats struct {
	Rounds      []RoundStats
	Refinements int
	SMTTime     time.Duration
	// Analysis is the last round's analysis (its invariants, statistics,
	// abstract trace).
	Analysis *interp.Result
}

// List names the statistics (engine.Stats).
func (s *Stats) List() []engine.Stat {
	added := 0
	var analysis time.Duration
	for _, r := range s.Rounds {
		added += len(r.AddedPreds)
		analysis += r.Analysis
	}
	return []engine.Stat{
		{Name: "rounds", Value: float64(len(s.Rounds))}, {Name: "refinements", Value: float64(s.Refinements)},
		{Name: "predicates_added", Value: float64(added)}, {Name: "analysis_s", Value: analysis.Seconds()},
		{Name: "smt_s", Value: s.SMTTime.Seconds()},
	}
}

// Solver returns the time in the solver (engine.Stats); the loop does
// not count its checks.
func (s *Stats) Solver() (int, time.Duration) { return 0, s.SMTTime }

// Fixpoint returns the last round's analysis.
func (s *Stats) Fixpoint() *interp.Result { return s.Analysis }

// New returns the CEGAR loop under opt behind the engine contract:
// "cegar".
func New(opt Options) engine.Engine {
	return engine.Of("cegar", func(ctx context.Context, prog *ir.Program, opt Options) (*engine.Result, error) {
		res, err := Run(ctx, prog, opt)
		if err != nil {
			return nil, err
		}
		return &res.Result, nil
	}, opt)
}

// stage is a step of the escalation of a counterexample that comes back.
type stage int

const (
	stageFirst stage = iota // the refiner's own step
	stageAtoms              // the core's (and interpolants') atoms
	stagePath               // every atom of the path
	stageWiden              // later widening, more contexts
	stageGiveUp
)

// Run runs the CEGAR loop on prog. It returns an error only for bad input
// (an *interp.InputError, an unknown refiner or initial precision) or an
// internal failure; timeouts, imprecision and unconfirmed counterexamples
// are UNKNOWN results.
func Run(ctx context.Context, prog *ir.Program, opt Options) (*Result, error) {
	if opt.Initial == "" {
		opt.Initial = DefaultInitial
	}
	if opt.Initial != InitialAuto {
		return run(ctx, prog, opt)
	}
	start := time.Now()
	if dl := opt.Interp.Deadline; !dl.IsZero() {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, dl)
		defer cancel()
	}
	first := opt
	first.Initial = InitialAtoms
	ctx1 := ctx
	if dl, ok := ctx.Deadline(); ok {
		var cancel context.CancelFunc
		ctx1, cancel = context.WithDeadline(ctx, time.Now().Add(time.Until(dl)/3))
		defer cancel()
	}
	res, err := run(ctx1, prog, first)
	if err != nil || res.Verdict != engine.Unknown || ctx.Err() != nil {
		if res != nil {
			res.Time = time.Since(start)
		}
		return res, err
	}
	second := opt
	second.Initial, second.EmptyNumeric = InitialEmpty, true
	res2, err := run(ctx, prog, second)
	if err != nil {
		return nil, err
	}
	st, st2 := engine.StatsOf[*Stats](&res.Result), engine.StatsOf[*Stats](&res2.Result)
	for i := range st2.Rounds {
		st2.Rounds[i].Round += len(st.Rounds)
	}
	st2.Rounds = append(st.Rounds, st2.Rounds...)
	st2.Refinements += st.Refinements
	st2.SMTTime += st.SMTTime
	res2.Time = time.Since(start)
	return res2, nil
}

// run is Run for one initial precision other than InitialAuto.
func run(ctx context.Context, prog *ir.Program, opt Options) (*Result, error) {
	start := time.Now()
	if opt.Refiner == "" {
		opt.Refiner = DefaultRefiner
	}
	switch opt.Refiner {
	case RefinerCore, RefinerInterpolant, RefinerBoth:
	default:
		return nil, &interp.InputError{Msg: fmt.Sprintf("unknown refiner %q (want core, interpolant or both)", opt.Refiner)}
	}
	maxRef := opt.MaxRefinements
	if maxRef == 0 {
		maxRef = DefaultMaxRefinements
	}
	if opt.Initial == InitialNone {
		opt.Initial, opt.EmptyNumeric = InitialEmpty, true
	}
	var prec *interp.Precision
	switch opt.Initial {
	case InitialEmpty:
		prec = interp.NewPrecision(!opt.EmptyNumeric)
	case InitialAtoms:
		prec = interp.BranchAtomsPrecision(prog)
	case InitialPreds:
		prec = interp.NewPrecision(true)
	default:
		return nil, &interp.InputError{Msg: fmt.Sprintf("unknown initial precision %q (want auto, empty, none, atoms or preds)", opt.Initial)}
	}
	if dl := opt.Interp.Deadline; !dl.IsZero() {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, dl)
		defer cancel()
	}
	// The solver's context is made when the first path needs it: a
	// program the first round proves pays nothing for it (creating one
	// doubled the CPU time of delay_iter(1000), 7.5 -> 20 ms).
	var z *smt.Context
	defer func() {
		if z != nil {
			z.Close()
		}
	}()

	stats := &Stats{}
	res := &Result{Result: engine.Result{Stats: stats}}
	finish := func(v engine.Verdict, reason engine.Reason) (*Result, error) {
		res.Verdict, res.Reason = v, reason
		res.Precision = prec
		res.Time = time.Since(start)
		return res, nil
	}
	cfg := opt.Interp
	if cfg.CexBudget == 0 {
		cfg.CexBudget = interp.DefaultCexBudget
	}
	seen := map[string]stage{} // paths refined, and the stage they reached
	for round := 0; ; round++ {
		if ctx.Err() != nil {
			return finish(engine.Unknown, engine.TimedOut)
		}
		t0 := time.Now()
		rs := RoundStats{Round: round}
		rs.Preds, rs.NumVars = analysedPrecision(prog, prec, cfg.Domain)
		cfg.Precision = prec
		cfg.CexPath = true
		if dl, ok := ctx.Deadline(); ok {
			cfg.Deadline = dl
		}
		an, err := interp.AnalyzeContext(ctx, prog, cfg)
		if err != nil {
			return nil, err
		}
		rs.Analysis = time.Since(t0)
		rs.Verdict = an.Verdict
		stats.Analysis, res.Error = an, an.Error
		record := func() {
			rs.Time = time.Since(t0)
			stats.Rounds = append(stats.Rounds, rs)
			stats.SMTTime += rs.SMT
		}
		if an.Verdict == engine.True {
			record()
			return finish(engine.True, engine.Reason{})
		}
		if an.Error != nil && an.Path == nil && an.NoPath && len(prog.Unsupported()) == 0 {
			// The abstraction reaches the error only through joins or
			// widening: its reachability tree, searched exhaustively,
			// proves every error location unreachable.
			rs.Verdict, rs.Stage = engine.True, "no-path"
			record()
			return finish(engine.True, engine.Reason{})
		}
		if an.Error == nil || an.Path == nil {
			record()
			reason := an.Reason
			if an.Error != nil {
				reason = engine.Because(reason.Kind, "%s (no abstract counterexample path could be built)", reason)
			}
			return finish(engine.Unknown, reason)
		}
		path := an.Path
		rs.PathLen, rs.Joined = len(path), an.PathJoined
		t1 := time.Now()
		if z == nil {
			if z, err = smt.NewContext(); err != nil {
				return nil, err
			}
		}
		pc, err := pathenc.Exact(ctx, z, prog, path)
		rs.SMT += time.Since(t1)
		if err != nil {
			record()
			if ctx.Err() != nil {
				return finish(engine.Unknown, engine.TimedOut)
			}
			return finish(engine.Unknown, engine.NewReason(engine.Failure, "path formula: "+err.Error()))
		}
		switch pc.Status {
		case smt.Sat:
			rs.Feasible = true
			record()
			if l := path[len(path)-1].To; l.Unsupported != nil {
				// A feasible path into a construct the front end does
				// not model: no proof, and no violation either.
				return finish(engine.Unknown, engine.NewReason(engine.Unsupported, ir.UnsupportedReason(l)))
			}
			cx, err := cex.ReplayPath(ctx, prog, pc.Path)
			if err != nil {
				if ctx.Err() != nil {
					return finish(engine.Unknown, engine.TimedOut)
				}
				return nil, err
			}
			return falseVerdict(res, prog, cx, finish)
		case smt.Unknown:
			record()
			if ctx.Err() != nil {
				return finish(engine.Unknown, engine.TimedOut)
			}
			return finish(engine.Unknown, engine.NewReason(engine.Failure, "the solver could not decide the abstract counterexample's path formula"))
		}
		// Infeasible: refine, unless out of refinements.
		if maxRef >= 0 && stats.Refinements >= maxRef {
			record()
			return finish(engine.Unknown, engine.Because(engine.Bound, "%d refinements without a verdict (%s)", stats.Refinements, an.Reason))
		}
		key := pathKey(path)
		st, again := seen[key]
		if again && an.PathJoined && cfg.CexBudget > 0 && cfg.CexBudget < maxCexBudget {
			// The path comes from joined values because the search for
			// one in the abstraction without joins was cut short:
			// search longer before refining further.
			cfg.CexBudget *= 8
			rs.Stage = "search"
			rs.AddedVars = []string{fmt.Sprintf("(search budget %d)", cfg.CexBudget)}
			record()
			stats.Refinements++
			continue
		}
		if again {
			st++
		}
		next := prec.Clone()
		for ; st < stageGiveUp; st++ {
			t2 := time.Now()
			name, added, err := refine(ctx, prog, path, pc.Core, next, &cfg, opt, st)
			rs.SMT += time.Since(t2)
			if err != nil {
				record()
				if ctx.Err() != nil {
					return finish(engine.Unknown, engine.TimedOut)
				}
				return nil, err
			}
			if added.any() {
				rs.Stage = name
				rs.AddedPreds, rs.AddedVars = added.preds, added.vars
				break
			}
		}
		record()
		if st == stageGiveUp {
			return finish(engine.Unknown, engine.Because(engine.Imprecise, "refinement made no progress: the abstract counterexample is infeasible but no refinement removes it (%s)", an.Reason))
		}
		seen[key] = st
		prec = next
		stats.Refinements++
	}
}

// analysedPrecision is the size of the precision a round's analysis
// under domain really uses: the numeric domain tracks every variable and
// no predicate, the predicate domain no numeric variable.
func analysedPrecision(prog *ir.Program, prec *interp.Precision, domain string) (preds, vars int) {
	switch domain {
	case "numeric":
		return 0, len(prog.Vars)
	case "predicate":
		return prec.NumPreds(), 0
	}
	return prec.NumPreds(), len(prec.NumVars(prog))
}

// added is what one refinement added.
type added struct{ preds, vars []string }

func (a added) any() bool { return len(a.preds)+len(a.vars) > 0 }

// refine applies stage st of the escalation to prec (and cfg) and
// returns the stage's name and what it added.
func refine(ctx context.Context, prog *ir.Program, path []*ir.Edge, core []int, prec *interp.Precision, cfg *interp.Config, opt Options, st stage) (string, added, error) {
	var out added
	env := prog.Env()
	addAtoms := func(as []funcAtom) {
		for _, a := range as {
			if prec.AddPred(a.f, a.c) {
				out.preds = append(out.preds, a.c.String(env))
			}
		}
	}
	switch st {
	case stageFirst:
		switch opt.Refiner {
		case RefinerCore:
			// The paper's first step: the core's numeric variables.
			for _, v := range sliceVars(prog, path, core) {
				if prec.AddVar(v) {
					out.vars = append(out.vars, v.Qual)
				}
			}
			if out.any() {
				return "vars", out, nil
			}
			addAtoms(coreAtoms(path, core))
			return "core", out, nil
		case RefinerInterpolant:
			as, err := interpolantAtoms(ctx, prog, path, core)
			if err != nil {
				return "", out, err
			}
			addAtoms(as)
			return "interpolant", out, nil
		default:
			for _, v := range sliceVars(prog, path, core) {
				if prec.AddVar(v) {
					out.vars = append(out.vars, v.Qual)
				}
			}
			as, err := interpolantAtoms(ctx, prog, path, core)
			if err != nil {
				return "", out, err
			}
			addAtoms(as)
			addAtoms(coreAtoms(path, core))
			return "both", out, nil
		}
	case stageAtoms:
		for _, v := range sliceVars(prog, path, core) {
			if prec.AddVar(v) {
				out.vars = append(out.vars, v.Qual)
			}
		}
		addAtoms(coreAtoms(path, core))
		as, err := interpolantAtoms(ctx, prog, path, nil)
		if err != nil {
			return "", out, err
		}
		addAtoms(as)
		return "atoms", out, nil
	case stagePath:
		addAtoms(pathAtoms(path))
		for _, v := range sliceVars(prog, path, allIndices(path)) {
			if prec.AddVar(v) {
				out.vars = append(out.vars, v.Qual)
			}
		}
		return "path", out, nil
	case stageWiden:
		// Joins and widening lost what the predicates would keep: widen
		// later and keep more calling contexts.
		if cfg.WidenDelay < 0 {
			cfg.WidenDelay = 2
		}
		if cfg.WidenDelay >= 64 {
			return "widen", out, nil
		}
		cfg.WidenDelay = 2*cfg.WidenDelay + 2
		if cfg.Contexts < 1 {
			cfg.Contexts = interp.DefaultContexts
		}
		cfg.Contexts *= 2
		out.vars = append(out.vars, fmt.Sprintf("(widening delay %d, contexts %d)", cfg.WidenDelay, cfg.Contexts))
		return "widen", out, nil
	}
	return "", out, nil
}

func allIndices(path []*ir.Edge) []int {
	out := make([]int, len(path))
	for i := range out {
		out[i] = i
	}
	return out
}

// falseVerdict answers FALSE with cx when it passes the trust rule
// (engine.Trust), UNKNOWN otherwise.
func falseVerdict(res *Result, prog *ir.Program, cx *cex.Counterexample, finish func(engine.Verdict, engine.Reason) (*Result, error)) (*Result, error) {
	if cx == nil {
		return finish(engine.Unknown, engine.NewReason(engine.Untrusted, "the abstract counterexample's path formula is satisfiable, but its inputs do not reach the error when replayed"))
	}
	res.Falsify(prog, cx)
	return finish(res.Verdict, res.Reason)
}
