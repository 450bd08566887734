// This file defines Run, the driver of both engines: the bound k (fixed
// or increasing), the queries of each round, and the verdict rules.

package bmc

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/numpred/numpred/cex"
	"github.com/numpred/numpred/encode"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/interp"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/smt"
)

// Options say how to run.
type Options struct {
	// Induction selects k-induction; plain bounded model checking
	// otherwise.
	Induction bool
	// Unwind is the bound k: loop iterations (plus the (k+1)-th up to
	// its back edges) and recursive activations unwound. 0 means
	// increasing k, from the probe's bound (see NoProbe; 1 without one),
	// doubling until a verdict, the node limit, or the end of the context.
	Unwind int
	// Encoding is the formula's arithmetic; encode.BV (bit-precise) by
	// default. The IR makes C's wrap-around explicit, so LIA is the same
	// formula, bit for bit, for programs whose every operation is linear
	// (no product of variables, shift, bitwise operation or division by a
	// variable): BV then decides each bound in LIA, which Z3 often
	// decides much faster (8 iterations of a loop with a wrapping sum:
	// 50 ms against 1.6 s), and in BV only when a LIA check runs out of
	// its budget (see LIABudget), unless StrictBV is set. Programs with
	// unbounded variables (Linear Programs) are always encoded in LIA.
	Encoding encode.Mode
	// StrictBV keeps the bit-vector encoding even where LIA is exact.
	// Without it, a program that needs BV is first checked in LIA with
	// its non-linear operations havocked (an over-approximation: its
	// TRUE holds, its models are replayed), and in BV only when a LIA
	// model does not replay.
	StrictBV bool
	// Invariants strengthens the step case of k-induction with the
	// abstract interpreter's invariants at loop heads. DefaultOptions
	// sets it.
	Invariants bool
	// Given, when not nil, are the invariants the step case assumes
	// (those at main's loop heads), in place of running the abstract
	// interpreter: invariants a finished analysis proved, such as the
	// default strategy's polyhedra stage (an interrupted one proves
	// none).
	Given []engine.Invariant
	// Interp configures the abstract interpreter that computes the
	// invariants (Invariants is forced on; Deadline, when zero, is half
	// of the context's remaining time).
	Interp interp.Config
	// MaxNodes bounds the unwound graph (default DefaultMaxNodes): a
	// larger graph ends the run with UNKNOWN.
	MaxNodes int
	// Z3BV checks bit-vector formulas with Z3's default solver (its
	// QF_BV tactic) instead of BVTactics.
	Z3BV bool
	// SeparateQueries gives every query of a bit-vector formula a
	// solver of its own (BVTactics) instead of one incremental solver
	// for all the queries of the formula (see queries).
	SeparateQueries bool
	// Narrow, when at least 8, first checks each bound with products,
	// quotients and remainders of wider types computed at Narrow bits
	// (encode's Terms.SetNarrow): exact, and used, when no execution
	// reaches such an operation with operands that do not fit; otherwise
	// the bound is checked again at full width. DefaultOptions sets
	// DefaultNarrow.
	Narrow int
	// NoProbe starts the increasing bounds at 1 instead of at the bound
	// a few concrete runs on small inputs need (see probeBound), and
	// does not take a probe run that reaches an error as the
	// counterexample.
	NoProbe bool
	// LIABudget limits each check of the LIA over-approximation that a
	// program needing BV goes through first (see StrictBV): a check that
	// runs out of it counts as inconclusive, and the bound goes on in BV.
	// LIA is usually faster there, but its time is heavy-tailed on the
	// wrap-around counts' coefficients (2^32, 2^64): a generated task's
	// query that took 3.6 s in one process did not end within 20 s in
	// another. 0 means no limit; DefaultOptions sets DefaultLIABudget.
	LIABudget time.Duration
}

// DefaultLIABudget is the default Options.LIABudget.
const DefaultLIABudget = 2 * time.Second

// DefaultNarrow is the default Options.Narrow.
const DefaultNarrow = 16

// BVTactics are the Z3 tactics that check a bit-vector formula: constant
// propagation and elimination of defined and unconstrained values before
// bit-blasting to SAT. On a generated task with four chained 64-bit
// divisions they decide in 2.6 s what Z3's default QF_BV tactic had not
// decided after 60 s.
var BVTactics = []string{"simplify", "propagate-values", "solve-eqs", "elim-uncnstr", "simplify", "bit-blast", "sat"}

// DefaultMaxNodes is the default bound on the unwound graph's nodes.
const DefaultMaxNodes = 400_000

// DefaultOptions returns plain BMC with increasing k in BV, invariants on
// for when Induction is set, and the interpreter's default configuration.
func DefaultOptions() Options {
	return Options{Encoding: encode.BV, Invariants: true, Interp: interp.DefaultConfig(), Narrow: DefaultNarrow, LIABudget: DefaultLIABudget}
}

// Stats are the statistics of a run.
type Stats struct {
	K          int           `stat:"k"`           // the last bound tried
	FirstK     int           `stat:"first_k"`     // the first bound of an increasing schedule (see Options.NoProbe)
	ProbeFound bool          `stat:"probe_found"` // a probe run found the counterexample (no formula was built)
	Rounds     int           `stat:"rounds"`      // bounds tried
	Nodes      int           `stat:"nodes"`       // nodes of the last unwound graph (BMC)
	Arcs       int           // arcs of the last unwound graph
	Terms      int           `stat:"terms"`      // terms built for the last formula (BMC), a size measure
	StepNodes  int           `stat:"step_nodes"` // nodes of the last k-induction step graph
	Queries    int           `stat:"queries"`    // solver checks
	SolverTime time.Duration `stat:"solver_s"`   // time in solver checks
	EncodeTime time.Duration `stat:"encode_s"`   // time building graphs and formulas
	InterpTime time.Duration `stat:"interp_s"`   // time computing invariants (k-induction)
	Invariants int           `stat:"invariants"` // loop heads with an invariant assumed in the step case
	Widened    int           `stat:"widened"`    // bounds checked again at full width after narrowed operations did not fit (Options.Narrow)
	Encoding   encode.Mode   // the encoding used
	Time       time.Duration // the whole run
}

// List names the statistics (engine.Stats): the tagged fields.
func (st *Stats) List() []engine.Stat { return engine.Tagged(st) }

// Solver returns the solver checks and their time (engine.Stats).
func (st *Stats) Solver() (int, time.Duration) { return st.Queries, st.SolverTime }

// New returns BMC under opt, or k-induction when opt.Induction is set,
// behind the engine contract: "bmc" or "kind".
func New(opt Options) engine.Engine {
	if opt.Induction {
		return engine.Of("kind", Run, opt)
	}
	return engine.Of("bmc", Run, opt)
}

// Run checks prog by bounded model checking, or k-induction when
// opt.Induction is set, until a verdict or the end of ctx (UNKNOWN,
// "timeout"; ctx also interrupts the solver).
//
// TRUE means: no error location is reachable under the IR's semantics
// (which the C front end makes C's, with gcc's wrap-around): by BMC, the
// error is unreachable within the bound and the bound is never exceeded
// (every unwinding assertion holds); by k-induction, also when a step
// case shows that k error-free segments between loop heads of main
// cannot be followed by an erroneous one. FALSE comes only with a
// counterexample that cex.Replay reproduced on the concrete interpreter
// and that is Trusted (no signed overflow, no value the program leaves
// undetermined). A program with unsupported constructs gets UNKNOWN.
//
// The Result's Stats are a *Stats (engine.StatsOf).
func Run(ctx context.Context, prog *ir.Program, opt Options) (*engine.Result, error) {
	start := time.Now()
	r := &runner{prog: prog, opt: opt, res: &engine.Result{Verdict: engine.Unknown}, stats: &Stats{}, excl: map[*ir.Loc]bool{}}
	r.res.Stats = r.stats
	err := r.run(ctx)
	if r.z != nil {
		// Z3 takes seconds to delete a context that built large formulas
		// (measured: 95% of a run's CPU time when each round closed its
		// own): the caller should not wait for it. Nothing else uses z,
		// but a check left running at the deadline (see check) must end
		// first.
		z, left := r.z, r.left
		go func() {
			if left != nil {
				left()
			}
			z.Close()
		}()
	}
	r.stats.Time = time.Since(start)
	r.res.Time = r.stats.Time
	if err != nil {
		if ctx.Err() != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
			r.res.Verdict, r.res.Reason, r.res.Counterexample = engine.Unknown, engine.TimedOut, nil
			if r.stats.K > 0 {
				r.res.Reason = engine.Because(engine.Timeout, "timeout (k=%d)", r.stats.K)
			}
			return r.res, nil
		}
		return nil, err
	}
	return r.res, nil
}

// runner is the state of one Run.
type runner struct {
	prog  *ir.Program
	opt   Options
	mode  encode.Mode
	res   *engine.Result
	stats *Stats
	inv   *invariants      // k-induction: computed once
	excl  map[*ir.Loc]bool // encoding.exclusive's answers, for every round
	left  func()           // waits for a check left running at the deadline and closes its solver
	z     *smt.Context     // one context for every round (see Run)
	// noLIA and noNarrow skip the LIA over-approximation and the narrowed
	// encoding in later rounds once a round found them inconclusive:
	// an execution that made one inconclusive at bound k (a spurious
	// error, an operation that does not fit) is still there at every
	// larger bound, so neither can settle a later round; only a LIA
	// check that ran out of its budget could, and it is skipped too, as
	// larger bounds only make it harder.
	noLIA, noNarrow bool
	// liaLast is how long the last round's LIA error check took (0 before
	// the first): the next round's check gets at most liaGrowth times as
	// long (see liaBudget).
	liaLast time.Duration
	// tooLarge is set when a round's graph exceeded Options.MaxNodes.
	tooLarge bool
	// liaExact: the program's LIA encoding is exact (see run).
	liaExact bool
}

// liaGrowth and liaFloor bound a round's LIA over-approximation by the
// previous round's: doubling the bound multiplies the formula's size by
// about two, and the time of a check that goes well by a few; a check
// that needs more has met the wrap-around counts' big coefficients and
// runs into its whole budget, where BV answers (generated tasks 24 and
// 67: LIA's error check 44-77 ms at k=2, then more than 2 s at k=4,
// BV 1-2 s).
// A first round at a bound above 1 (see probeBound) has no previous
// round to go by and gets at most liaFirst.
const (
	liaGrowth = 8
	liaFloor  = 250 * time.Millisecond
	liaFirst  = 500 * time.Millisecond
)

// liaBudget returns the budget of the next LIA check of a round.
func (r *runner) liaBudget() time.Duration {
	b := r.opt.LIABudget
	switch {
	case b <= 0:
	case r.liaLast > 0:
		b = min(b, max(liaFloor, liaGrowth*r.liaLast))
	case r.stats.K > 1:
		b = min(b, liaFirst)
	}
	return b
}

// context returns the run's Z3 context.
func (r *runner) context() (*smt.Context, error) {
	if r.z == nil {
		z, err := smt.NewContext()
		if err != nil {
			return nil, err
		}
		r.z = z
	}
	return r.z, nil
}

// errDone ends the rounds once res has its verdict.
var errDone = errors.New("done")

func (r *runner) run(ctx context.Context) error {
	prog := r.prog
	if prog.Main == nil {
		return fmt.Errorf("bmc: the program has no main")
	}
	if u := prog.Unsupported(); len(u) > 0 {
		// Program-wide: no verdict at all (unsupported locations are
		// goals of the formula instead).
		r.res.Reason = engine.NewReason(engine.Unsupported, "unsupported constructs: "+u[0].String())
		return nil
	}
	r.mode = r.opt.Encoding
	if r.mode == encode.BV {
		for _, v := range prog.Vars {
			if !v.Type.IsBounded() {
				r.mode = encode.LIA
				break
			}
		}
	}
	// A bounded program without operations LIA must havoc is encoded
	// exactly in LIA too: its rounds are decided there, and in BV only
	// when a LIA check runs out of its budget (LIA's time on wrap-around
	// counts is heavy-tailed; generated task 18: LIA 1.3 s, BV 0.2 s).
	r.liaExact = r.mode == encode.BV && !r.opt.StrictBV && !needsBV(prog)
	r.stats.Encoding = r.mode
	if r.opt.MaxNodes <= 0 {
		r.opt.MaxNodes = DefaultMaxNodes
	}
	ks := []int{r.opt.Unwind}
	if r.opt.Unwind <= 0 {
		// From the bound one concrete run needs (probeBound), doubling:
		// the rounds below it could not settle a TRUE, and the run on
		// the least inputs is where the generated tasks' bugs and
		// bounds are (task 12 of seed 1: 3 rounds in 1.2 s -> 1 round).
		ks = nil
		k0 := 1
		if !r.opt.NoProbe {
			k, errInputs := probeBound(prog)
			k0 = max(1, k)
			if errInputs != nil {
				// A probe run reached an error: replayed and trusted,
				// it is the counterexample (no formula needed).
				c, err := cex.Replay(ctx, prog, errInputs, cex.ReplayOptions{MaxSteps: deepProbeSteps})
				if err == nil && engine.Trust(prog, c).IsZero() {
					r.res.Falsify(prog, c)
					r.stats.ProbeFound = true
					return nil
				}
			}
		}
		r.stats.FirstK = k0
		for k := k0; k <= 1<<20; k *= 2 {
			ks = append(ks, k)
		}
	}
	for i, k := range ks {
		if err := ctx.Err(); err != nil {
			return err
		}
		r.stats.K = k
		r.stats.Rounds++
		err := r.round(ctx, k)
		if err == errDone && i == 0 && k > 1 && r.res.Verdict == engine.Unknown && r.tooLarge {
			// The probe's first bound is already too large a graph:
			// the doubling schedule from 1, whose small rounds may still
			// find an error.
			r.tooLarge = false
			r.stats.Rounds = 0
			for k2 := 1; k2 < k; k2 *= 2 {
				r.stats.K = k2
				r.stats.Rounds++
				if err := r.round(ctx, k2); err != nil {
					if err == errDone {
						return nil
					}
					return err
				}
			}
			return nil
		}
		if err == errDone {
			return nil
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// round runs bound k: the BMC queries, then (k-induction) the step case.
// It returns errDone with the verdict in r.res, nil to go on with a
// larger k (r.res.Reason says why the bound was not enough).
func (r *runner) round(ctx context.Context, k int) error {
	if r.mode == encode.BV && !r.opt.StrictBV && !r.noLIA {
		// LIA first: it havocs the operations it cannot express, an
		// over-approximation that is enough for TRUE, and its models
		// replay or not; only a model that does not replay needs BV.
		spurious, err := r.bmcRound(ctx, k, encode.LIA, !r.liaExact, 0)
		if err != nil || !spurious {
			return err
		}
		r.noLIA = true
	}
	if r.mode == encode.BV && r.opt.Narrow > 0 && !r.noNarrow {
		spurious, err := r.bmcRound(ctx, k, r.mode, false, r.opt.Narrow)
		if err != nil || !spurious {
			return err
		}
		r.stats.Widened++
		r.noNarrow = true
	}
	_, err := r.bmcRound(ctx, k, r.mode, false, 0)
	return err
}

// bmcRound is round in one encoding. When approx is set (LIA for a
// program that needs BV), an outcome that only an exact encoding can
// settle (an error reachable in the formula that does not replay as a
// trusted counterexample) returns spurious instead of a verdict. So does
// a narrowed encoding (narrow > 0, see Options.Narrow) whose operations
// may not fit, or whose error model does not replay.
func (r *runner) bmcRound(ctx context.Context, k int, mode encode.Mode, approx bool, narrow int) (spurious bool, err error) {
	r.stats.Encoding = mode
	z, err := r.context()
	if err != nil {
		return false, err
	}
	t0 := time.Now()
	terms, err := encode.NewTerms(z, r.prog, mode)
	if err != nil {
		return false, err
	}
	g, err := unwind(ctx, r.prog, k, r.opt.MaxNodes)
	if err == errTooLarge {
		r.res.Reason = engine.Because(engine.Bound, "the unwound program exceeds %d nodes at k=%d", r.opt.MaxNodes, k)
		r.tooLarge = true
		return false, errDone
	}
	if err != nil {
		if strings.Contains(err.Error(), "irreducible") {
			r.res.Reason = engine.NewReason(engine.Unsupported, err.Error())
			return false, errDone
		}
		return false, err
	}
	terms.SetNarrow(narrow)
	e := newEncoding(z, terms, r.prog, g)
	e.excl = r.excl
	g.entry.guard = z.True()
	g.entry.state = e.initial()
	if err := e.run(ctx.Err, nil); err != nil {
		return false, err
	}
	r.stats.Nodes, r.stats.Arcs, r.stats.Terms = len(g.nodes), len(g.arcs), e.terms
	r.stats.EncodeTime += time.Since(t0)
	if narrow > 0 && len(e.nofit) == 0 {
		narrow = 0 // nothing narrowed: the exact formula
	}
	approx = approx || narrow > 0

	// 1. An error reachable without signed overflow: a counterexample.
	errG := e.errorGuard(0)
	noOvf := make([]*smt.Term, len(e.ovf))
	for i, o := range e.ovf {
		noOvf[i] = z.Not(o)
	}
	q := r.queries(z, mode, e.facts)
	defer q.close()
	liaFirst := mode == encode.LIA && r.mode == encode.BV // LIA before BV
	if liaFirst {
		q.budget = r.liaBudget()
	}
	tc := time.Now()
	res, sol, err := q.check(ctx, append(noOvf, errG)...)
	if err == errBudget {
		return true, nil
	}
	if liaFirst {
		r.liaLast = time.Since(tc)
	}
	if err != nil {
		return false, err
	}
	switch res {
	case smt.Sat:
		m, err := sol.Model()
		if err != nil {
			if ctx.Err() != nil {
				return false, ctx.Err() // an interrupt at the deadline took the model
			}
			return false, err
		}
		c, err := counterexample(ctx, r.prog, m, g)
		m.Close()
		if err != nil {
			return false, err
		}
		why := engine.Trust(r.prog, c)
		if why.IsZero() {
			r.res.Falsify(r.prog, c)
			return false, errDone
		}
		if approx {
			return true, nil
		}
		// 1a. A path that takes no undetermined value (arbitrary.go).
		c, err = r.determinedPath(ctx, q, e, g, append(noOvf, errG))
		if err != nil {
			return false, err
		}
		if c != nil {
			r.res.Falsify(r.prog, c)
			return false, errDone
		}
		r.res.Reason = engine.Because(engine.Untrusted, "an error is reachable in the formula at k=%d, but the model does not replay as a trusted counterexample (%s)", k, why)
		return false, errDone
	case smt.Unknown:
		r.res.Reason = engine.NewReason(engine.Failure, "solver: "+sol.ReasonUnknown())
		return false, errDone
	}
	// 1b. Narrowed: exact when no execution reaches a narrowed
	// operation whose operands do not fit.
	if narrow > 0 && breakage != "narrow" {
		res, sol, err := q.check(ctx, e.or(e.nofit))
		if err != nil {
			return false, err
		}
		switch res {
		case smt.Sat:
			return true, nil
		case smt.Unknown:
			r.res.Reason = engine.NewReason(engine.Failure, "solver: "+sol.ReasonUnknown())
			return false, errDone
		}
	}
	approx = approx && narrow == 0
	// 2. Only through an overflow: undefined behaviour, no verdict.
	if len(e.ovf) > 0 {
		res, sol, err := q.check(ctx, errG)
		if err == errBudget {
			return true, nil
		}
		if err != nil {
			return false, err
		}
		switch res {
		case smt.Sat:
			if approx {
				return true, nil
			}
			r.res.Reason = engine.Because(engine.Untrusted, "an error is reachable at k=%d, but only after a signed integer overflow (undefined behaviour in C)", k)
			return false, errDone
		case smt.Unknown:
			r.res.Reason = engine.NewReason(engine.Failure, "solver: "+sol.ReasonUnknown())
			return false, errDone
		}
	}
	// 2b. An unsupported location reachable within the bound: what C
	// does there is not modelled, so no larger bound can prove the
	// program either.
	if len(g.unsupported) > 0 {
		res, sol, err := q.check(ctx, e.unsupportedGuard(0))
		if err == errBudget {
			return true, nil
		}
		if err != nil {
			return false, err
		}
		switch res {
		case smt.Sat:
			if approx {
				return true, nil
			}
			r.res.Reason = r.unsupportedReason(ctx, q, e, g, k)
			return false, errDone
		case smt.Unknown:
			r.res.Reason = engine.NewReason(engine.Failure, "solver: "+sol.ReasonUnknown())
			return false, errDone
		}
	}
	// 3. The unwinding assertions: TRUE when no path leaves the bound.
	if len(g.cuts) == 0 {
		r.res.Verdict, r.res.Reason = engine.True, engine.Reason{}
		return false, errDone
	}
	res, sol, err = q.check(ctx, e.cutGuard())
	if err == errBudget {
		return true, nil
	}
	if err != nil {
		return false, err
	}
	switch res {
	case smt.Unsat:
		r.res.Verdict, r.res.Reason = engine.True, engine.Reason{}
		return false, errDone
	case smt.Unknown:
		r.res.Reason = engine.NewReason(engine.Failure, "solver: "+sol.ReasonUnknown())
		return false, errDone
	}
	r.res.Reason = engine.Because(engine.Bound, "bound reached k=%d", k)
	if !r.opt.Induction {
		return false, nil
	}
	// 4. k-induction's step case.
	return false, r.step(ctx, k)
}

// unsupportedReason names an unsupported location the formula reaches
// within bound k (the first of the graph's that a query finds
// satisfiable).
func (r *runner) unsupportedReason(ctx context.Context, q *queries, e *encoding, g *graph, k int) engine.Reason {
	for _, n := range g.unsupported {
		if res, _, err := q.check(ctx, n.guard); err == nil && res == smt.Sat {
			return engine.Because(engine.Unsupported, "%s (at k=%d)", ir.UnsupportedReason(n.loc), k)
		}
	}
	return engine.Because(engine.Unsupported, "unsupported construct reachable (at k=%d)", k)
}

// determinedPath looks for a model of goals whose path takes no value
// the program leaves undetermined, and returns its counterexample when
// it replays as a trusted one; nil otherwise.
func (r *runner) determinedPath(ctx context.Context, q *queries, e *encoding, g *graph, goals []*smt.Term) (*cex.Counterexample, error) {
	order, err := g.topo()
	if err != nil {
		return nil, err
	}
	arb := arbitraryArcs(r.prog, g, order)
	if len(arb) == 0 {
		return nil, nil
	}
	res, sol, err := q.check(ctx, append(goals, e.z.Not(e.or(arb)))...)
	if err == errBudget {
		return nil, nil
	}
	if err != nil || res != smt.Sat {
		return nil, err
	}
	m, err := sol.Model()
	if err != nil {
		return nil, ctx.Err()
	}
	c, err := counterexample(ctx, r.prog, m, g)
	m.Close()
	if err != nil || !engine.Trust(r.prog, c).IsZero() {
		return nil, err
	}
	return c, nil
}

// needsBV reports whether prog has an operation that LIA can only
// over-approximate (encode's LIA encoding havocs it): a Def other than a
// division or remainder by a positive constant.
func needsBV(prog *ir.Program) bool {
	for _, f := range prog.Funcs {
		for _, e := range f.Edges {
			h, ok := e.Op.(*ir.Havoc)
			if !ok || h.Def == nil {
				continue
			}
			switch h.Def.Op {
			case ir.DefFloorDiv, ir.DefDiv, ir.DefRem:
				if h.Def.Y.IsConst() && h.Def.Y.Constant().Sign() > 0 {
					continue
				}
			}
			return true
		}
	}
	return false
}

// grace is how long check waits for Z3 to stop after an interrupt.
const grace = 200 * time.Millisecond
