// This file defines Run, the refinement loop around the CPA algorithm
// (Beyer, Keremoglu & Wendler, "Predicate Abstraction with Adjustable-Block
// Encoding", FMCAD 2010), its options, statistics and result.
//
// Sketch:
//
//	Π := empty precision
//	loop
//	    reached := CPA(Π)          (cpa.go: transfer, merge, stop)
//	    if no abstraction state at an error location: TRUE
//	    check the error path's block formulas together (refine.go)
//	        satisfiable: replay the model's inputs: FALSE when trusted
//	        unsatisfiable: Π := Π + interpolants at the path's abstraction
//	                       locations; remove the subtree below the first
//	                       state whose precision grew, go on
//
// The reached set is kept across refinements: only the subtree below the
// first abstraction state of the error path whose precision grew is
// removed and explored again (lazy.go); Options.Restart rebuilds it from
// scratch instead.

package abe

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/numpred/numpred/encode"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/pathenc"
	"github.com/numpred/numpred/smt"
)

// The predicate sharing of Options.Share.
const (
	ShareLocation = "location"
	ShareFunction = "function"
	ShareGlobal   = "global"
)

// Options say how to run.
type Options struct {
	// Block is the block-adjustment operator: "sbe" (abstract after every
	// edge), "lbe" (at loop heads, function entries and returns, and the
	// error location; the default; Beyer & Wendler's ABE-lf), "loops" (at
	// loop heads and the error location only: ABE-l, blocks span calls),
	// "k=N" (when the longest path of the path formula is longer than N
	// edges), "lbe+k=N" and "loops+k=N" (either).
	Block string
	// Cartesian computes the cartesian abstraction (the conjunction of
	// the predicate literals the formula implies, 2 queries a predicate)
	// instead of the boolean one (AllSAT over the predicates), except at
	// the locations where it lost an error path's refinement: when new
	// predicates cannot remove an infeasible error path, the abstraction
	// locations of its chain that were abstracted cartesian switch to the
	// boolean abstraction for the rest of the run (BLAST and SLAM refine
	// the cartesian abstraction the same way, by making it more precise).
	Cartesian bool
	// Share says where a predicate found at a location applies:
	// ShareLocation (the default, "" too) only there, ShareFunction at
	// every location of its function, ShareGlobal at every location of
	// every function where its variables are in scope (CPAchecker's
	// predicate sharing options).
	Share string
	// MaxRefinements bounds the refinements: 0 means
	// DefaultMaxRefinements, negative no bound.
	MaxRefinements int
	// MaxStates bounds the states of one round's reached set (0:
	// DefaultMaxStates); a round that exceeds it ends the run with
	// UNKNOWN.
	MaxStates int
	// MaxCallDepth bounds the inlined calls (0: DefaultMaxCallDepth).
	MaxCallDepth int
	// Encoding is the arithmetic of the formulas: encode.LIA (default)
	// or encode.BV.
	Encoding encode.Mode
	// Log, when set, receives a line per round and refinement.
	Log func(format string, args ...any)
	// Decompose computes boolean abstractions by the decomposition of
	// decompose.go: predicates over variables a block does not touch take
	// their values from the root's ψ, and AllSAT enumerates only the
	// others (one group at a time on a single-path block). Exact either
	// way; it pays on blocks that touch few of many predicates' variables
	// and costs on large blocks (see docs/engines.md).
	Decompose bool
	// Restart rebuilds the reached set from scratch after every
	// refinement (the eager variant) instead of removing only the subtree
	// below the first state whose precision grew (lazy.go; the default).
	Restart bool
	// Invariants asks a TRUE result for the loop invariants of the round
	// that proved it (Result.Invariants; invariants.go).
	Invariants bool
}

// Defaults of Options.
const (
	DefaultMaxRefinements = 200
	DefaultMaxStates      = 200_000
	DefaultMaxCallDepth   = 32
)

// BlockNames lists the forms of Options.Block, for a CLI's help.
var BlockNames = []string{"sbe", "lbe", "loops", "k=N", "lbe+k=N", "loops+k=N"}

// blockOp is a parsed block-adjustment operator.
type blockOp struct {
	sbe, lbe, loops bool
	k               int // 0: no length bound
}

func parseBlock(s string) (blockOp, error) {
	switch s {
	case "", "lbe":
		return blockOp{lbe: true}, nil
	case "sbe":
		return blockOp{sbe: true}, nil
	case "loops":
		return blockOp{loops: true}, nil
	}
	var op blockOp
	rest := s
	switch {
	case strings.HasPrefix(rest, "lbe+"):
		op.lbe = true
		rest = rest[len("lbe+"):]
	case strings.HasPrefix(rest, "loops+"):
		op.loops = true
		rest = rest[len("loops+"):]
	}
	if strings.HasPrefix(rest, "k=") {
		k, err := strconv.Atoi(rest[2:])
		if err == nil && k > 0 {
			op.k = k
			return op, nil
		}
	}
	return op, fmt.Errorf("abe: unknown block operator %q (want sbe, lbe, loops, k=N, lbe+k=N or loops+k=N with N > 0)", s)
}

func (b blockOp) String() string {
	switch {
	case b.sbe:
		return "sbe"
	case b.lbe && b.k > 0:
		return fmt.Sprintf("lbe+k=%d", b.k)
	case b.lbe:
		return "lbe"
	case b.loops && b.k > 0:
		return fmt.Sprintf("loops+k=%d", b.k)
	case b.loops:
		return "loops"
	}
	return fmt.Sprintf("k=%d", b.k)
}

// Stats are the statistics of a run.
type Stats struct {
	Block             string        // the block operator
	States            int           `stat:"states"`             // states of the last round's reached set (the ARG's nodes)
	AbstractionStates int           `stat:"abstraction_states"` // abstraction states among them
	Abstractions      int           `stat:"abstractions"`       // abstraction computations, all rounds
	Decomposed        int           `stat:"decomposed"`         // abstractions computed by the decomposition (passive predicates from the root's ψ)
	BooleanLocs       int           `stat:"boolean_locs"`       // locations switched from the cartesian to the boolean abstraction (Options.Cartesian)
	AllSATModels      int           `stat:"allsat_models"`      // models enumerated by the boolean abstraction
	CoverChecks       int           `stat:"cover_checks"`       // BDD implications checked by stop, all rounds
	Covered           int           `stat:"covered"`            // abstraction states covered (stop), all rounds
	Merges            int           `stat:"merges"`             // merges of path formulas, all rounds
	Refinements       int           `stat:"refinements"`        // refinements
	Repaths           int           `stat:"repaths"`            // further paths of an error path interpolated within one refinement
	Rounds            int           `stat:"rounds"`             // reached sets built from scratch (1 unless Restart, or the predicates outgrew the BDD manager)
	Removed           int           `stat:"removed"`            // states removed by refinements (lazy)
	Reexpanded        int           `stat:"reexpanded"`         // arrivals expanded again after a removal (the pivots' and those removed states covered)
	Predicates        int           `stat:"predicates"`         // distinct predicates of the final precision
	LocPredicates     int           `stat:"loc_predicates"`     // (location, predicate) pairs of the final precision
	MaxBlock          int           `stat:"max_block"`          // longest path (edges) of a path formula abstracted
	Queries           int           `stat:"queries"`            // solver checks
	SMTTime           time.Duration `stat:"smt_s"`              // time in solver checks
	AbstractionTime   time.Duration `stat:"abstraction_s"`      // time computing abstractions (solver included)
	RefineTime        time.Duration `stat:"refine_s"`           // time checking error paths and interpolating
	Time              time.Duration // the whole run
}

// List names the statistics (engine.Stats): the tagged fields.
func (st *Stats) List() []engine.Stat { return engine.Tagged(st) }

// Solver returns the solver checks and their time (engine.Stats).
func (st *Stats) Solver() (int, time.Duration) { return st.Queries, st.SMTTime }

// New returns ABE under opt behind the engine contract: "abe".
func New(opt Options) engine.Engine { return engine.Of("abe", Run, opt) }

// dot writes the last round's ARG (nil when the run stopped before one)
// in Graphviz dot.
func dot(g *ARG) func(io.Writer) error {
	return func(w io.Writer) error {
		if g == nil {
			_, err := io.WriteString(w, "digraph arg {}\n")
			return err
		}
		return g.WriteDot(w)
	}
}

// Run checks prog by predicate abstraction with adjustable-block
// encoding until a verdict or the end of ctx (UNKNOWN, "timeout"; ctx
// also interrupts the solver, including inside an AllSAT enumeration).
//
// TRUE means that no abstraction state at an error location is reachable
// with the final precision, every call having been inlined (a program
// with recursion beyond what is inlined, or with unsupported constructs,
// gets no TRUE). FALSE comes only with a counterexample that cex.Replay
// reproduced and that is trusted (no signed overflow, no undetermined
// value).
//
// The Result's Stats are a *Stats (engine.StatsOf), its Dot writes the last
// round's abstract reachability graph.
func Run(ctx context.Context, prog *ir.Program, opt Options) (*engine.Result, error) {
	start := time.Now()
	blk, err := parseBlock(opt.Block)
	if err != nil {
		return nil, err
	}
	if prog.Main == nil {
		return nil, errors.New("abe: the program has no main")
	}
	switch opt.Share {
	case "":
		opt.Share = ShareLocation
	case ShareLocation, ShareFunction, ShareGlobal:
	default:
		return nil, fmt.Errorf("unknown predicate sharing %q (location, function or global)", opt.Share)
	}
	if opt.MaxRefinements == 0 {
		opt.MaxRefinements = DefaultMaxRefinements
	}
	if opt.MaxStates <= 0 {
		opt.MaxStates = DefaultMaxStates
	}
	if opt.MaxCallDepth <= 0 {
		opt.MaxCallDepth = DefaultMaxCallDepth
	}
	mode := opt.Encoding
	if mode == encode.BV {
		for _, v := range prog.Vars {
			if !v.Type.IsBounded() {
				mode = encode.LIA
				break
			}
		}
	}
	res := &engine.Result{Verdict: engine.Unknown}
	stats := &Stats{Block: blk.String()}
	res.Stats = stats
	z, err := smt.NewContext()
	if err != nil {
		return nil, err
	}
	defer func() {
		// Deleting a context that built large formulas takes Z3 a while;
		// nothing else uses z (as bmc.Run does).
		go z.Close()
	}()
	r := &runner{prog: prog, opt: opt, blk: blk, mode: mode, z: z, res: res, stats: stats, prec: newPrecision(prog, opt.Share), topo: topoOrders(prog), stacks: ir.NewStacks()}
	err = r.run(ctx)
	if r.itp != nil {
		stats.Queries += r.itp.Queries
		stats.SMTTime += r.itp.SMTTime
		r.itp.Close()
	}
	res.Dot = dot(r.arg)
	stats.Time = time.Since(start)
	res.Time = stats.Time
	stats.Predicates = len(r.prec.preds)
	stats.LocPredicates = r.prec.pairs()
	if err != nil {
		if ctx.Err() != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) || isInterrupt(err)) {
			res.Verdict, res.Reason, res.Counterexample = engine.Unknown, engine.TimedOut, nil
			return res, nil
		}
		return nil, err
	}
	return res, nil
}

// isInterrupt reports whether err is the solver's answer to an
// interruption (ctx ended during a check).
func isInterrupt(err error) bool {
	var e *smt.Error
	return errors.As(err, &e)
}

// runner is the state of one Run.
type runner struct {
	prog  *ir.Program
	opt   Options
	blk   blockOp
	mode  encode.Mode
	z     *smt.Context
	res   *engine.Result
	stats *Stats
	arg   *ARG // the last round's
	prec  *precision
	topo  map[*ir.Func][]int // reverse postorder number of each location
	// stacks interns the call stacks of the states.
	stacks *ir.Stacks
	// itp interpolates the linear form of error paths, narrowed first to
	// an unsat core by the solver (interpolator).
	itp *pathenc.Interpolator
	// unsupported are the unsupported locations (ir.Loc.Unsupported)
	// found reachable by a feasible path: later rounds leave them out,
	// and no round can answer TRUE.
	unsupported map[*ir.Loc]bool
	// boolAt are the locations that use the boolean abstraction although
	// Options.Cartesian is set (see there).
	boolAt map[*ir.Loc]bool
}

// cartesianAt reports whether the abstraction at l is cartesian.
func (r *runner) cartesianAt(l *ir.Loc) bool {
	return r.opt.Cartesian && !r.boolAt[l]
}

// interpolator returns the run's interpolator: its solver decides the
// linear form and narrows it to an unsat core before Farkas interpolation
// (without, a long path's system can defeat the interpolation although it
// is infeasible: diskperf_simpl1 stopped without progress).
func (r *runner) interpolator() *pathenc.Interpolator {
	if r.itp == nil {
		r.itp = &pathenc.Interpolator{Z: r.z}
	}
	return r.itp
}

func (r *runner) logf(format string, args ...any) {
	if r.opt.Log != nil {
		r.opt.Log(format, args...)
	}
}

func (r *runner) run(ctx context.Context) error {
	unsupported := r.prog.Unsupported()
	var g *graph
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		if g == nil {
			var err error
			if g, err = r.newGraph(); err != nil {
				return err
			}
			r.stats.Rounds++
		}
		err := g.explore(ctx)
		r.stats.States, r.stats.AbstractionStates = g.live, g.nAbs
		if err != nil {
			r.arg = g.arg()
			return err
		}
		if g.tooMany {
			r.arg = g.arg()
			r.res.Reason = engine.Because(engine.Bound, "the reached set exceeds %d states", r.opt.MaxStates)
			return nil
		}
		errS := g.nextError()
		if errS == nil && g.wait.Len() > 0 {
			continue // every error found was removed: explore on
		}
		if errS == nil {
			r.arg = g.arg()
			r.logf("done: %d states, %d abstraction states, %s", g.live, g.nAbs, g.incomplete)
			switch {
			case g.incomplete != "":
				r.res.Reason = engine.NewReason(engine.Bound, g.incomplete)
			case len(unsupported) > 0: // program-wide ones
				r.res.Reason = engine.NewReason(engine.Unsupported, "unsupported constructs: "+unsupported[0].String())
			case len(r.unsupported) > 0:
				for _, l := range r.prog.UnsupportedLocs() {
					if r.unsupported[l] {
						r.res.Reason = engine.NewReason(engine.Unsupported, ir.UnsupportedReason(l))
						break
					}
				}
			default:
				r.res.Verdict, r.res.Reason = engine.True, engine.Reason{}
				if r.opt.Invariants {
					if r.res.Invariants, err = g.loopInvariants(); err != nil {
						return err
					}
				}
			}
			return nil
		}
		g.errState = errS
		r.logf("error state: %d states, %d abstraction states", g.live, g.nAbs)
		t0 := time.Now()
		out, err := r.analyse(ctx, g, errS)
		r.stats.RefineTime += time.Since(t0)
		if err != nil {
			r.arg = g.arg()
			return err
		}
		if out.done {
			r.arg = g.arg()
			return nil
		}
		if out.again {
			// An unsupported location found reachable: it stays in the
			// reached set as a state that is no violation.
			continue
		}
		if r.opt.MaxRefinements >= 0 && r.stats.Refinements >= r.opt.MaxRefinements {
			r.arg = g.arg()
			r.res.Reason = engine.Because(engine.Bound, "%d refinements without a verdict", r.stats.Refinements)
			return nil
		}
		r.stats.Refinements++
		if r.opt.Restart || !g.fits() {
			g = nil
			continue
		}
		if err := g.prune(ctx, out.pivot); err != nil {
			r.arg = g.arg()
			return err
		}
	}
}

// check runs one solver check under ctx, counting it.
func (r *runner) check(ctx context.Context, sol *smt.Solver, lits ...*smt.Term) (smt.Result, error) {
	t0 := time.Now()
	res, err := sol.CheckContext(ctx, lits...)
	r.stats.SMTTime += time.Since(t0)
	r.stats.Queries++
	if err == nil && ctx.Err() != nil {
		err = ctx.Err()
	}
	return res, err
}

// solver returns a new solver for the encoding.
func (r *runner) solver() *smt.Solver {
	if r.mode == encode.BV {
		return r.z.NewSolver()
	}
	return r.z.NewSimpleSolver()
}
