// This file implements Analyze: choosing the domain a Config names,
// running the fixpoint, and turning its values into a verdict, an abstract
// trace and invariants.

package interp

import (
	stdcontext "context"
	"fmt"
	"runtime/debug"
	"strings"
	"time"

	"github.com/numpred/numpred/affine"
	"github.com/numpred/numpred/congruence"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/interval"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/lincong"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/octagon"
	"github.com/numpred/numpred/polyhedra"
	"github.com/numpred/numpred/product"
)

// InputError is an error in what the user gave the analysis (a predicate
// that does not parse, an unknown domain name).
type InputError struct{ Msg string }

func (e *InputError) Error() string { return e.Msg }

// InternalError is a failure of the analyser itself (a panic: a
// programming error), with the stack where it happened.
type InternalError struct {
	Value any
	Stack []byte
}

func (e *InternalError) Error() string { return fmt.Sprintf("internal error: %v", e.Value) }

// Analyze analyses p under cfg. It returns an error only for bad input
// (an *InputError) or an internal failure (an *InternalError);
// imprecision, unsupported constructs and timeouts are UNKNOWN results.
func Analyze(p *ir.Program, cfg Config) (*Result, error) {
	return AnalyzeContext(stdcontext.Background(), p, cfg)
}

// AnalyzeContext is Analyze stopped, with UNKNOWN (timeout), when ctx is
// done or at cfg.Deadline. Every loop of the engine and every domain
// operation observe the context (numpred polls it inside long BDD work;
// numeric operations are checked between two of them), so the analysis
// has returned, and uses no more CPU, shortly after.
func AnalyzeContext(ctx stdcontext.Context, p *ir.Program, cfg Config) (res *Result, err error) {
	if !cfg.Deadline.IsZero() {
		var cancel stdcontext.CancelFunc
		ctx, cancel = stdcontext.WithDeadline(ctx, cfg.Deadline)
		defer cancel()
	}
	defer func() {
		if r := recover(); r != nil {
			res, err = nil, &InternalError{Value: r, Stack: debug.Stack()}
		}
	}()
	return analyze(newStopper(ctx, cfg.MemoryLimit), p, cfg)
}

// analyze runs the analysis in two rounds when unrolling is allowed:
// first with a small budget of unrolled iterations (FirstRoundUnroll), then,
// only if an error location remained reachable, again with the whole
// budget. The first round unrolls short deterministic loops and widens
// the others: widening is cheap and often enough (Fig. 8(a) with C = 10^6
// is proved in milliseconds, while unrolling would run its loop until the
// budget ran out), and short loops run exactly cost less than their
// widened fixpoint (wrap_poly.c, issue 18: a first round without any
// unrolling spent 0.6 s of CPU in joins of polyhedra with coefficients
// near 2^32 before the unrolled round proved it in 25 ms). The second
// round's answer is returned unless it is worse (a timeout or failure
// rather than an answer with an error location and trace). Point
// contexts, which unroll recursion as the budget unrolls loops, get the
// same treatment: at most FirstRoundPointContexts per function in the
// first round (parity(10^4) under lincong+interval: the first round's
// summary proves it in 0.03 s, while 4096 point contexts took 15 s).
func analyze(st *stopper, p *ir.Program, cfg Config) (*Result, error) {
	if cfg.Unroll <= FirstRoundUnroll && cfg.PointContexts <= FirstRoundPointContexts {
		res, err := analyzeOnce(st, p, cfg)
		if res != nil {
			res.Stats.Rounds = []RoundStat{roundOf(res, cfg)}
		}
		return res, err
	}
	start := time.Now()
	first := cfg
	first.Unroll = min(cfg.Unroll, FirstRoundUnroll)
	first.PointContexts = min(cfg.PointContexts, FirstRoundPointContexts)
	res, err := analyzeOnce(st, p, first)
	if res != nil {
		res.Stats.Rounds = []RoundStat{roundOf(res, first)}
	}
	if err != nil || res.Verdict != engine.Unknown || res.Error == nil || st.stopped() {
		return res, err
	}
	again, err := analyzeOnce(st, p, cfg)
	if err != nil {
		return nil, err
	}
	again.Stats.Rounds = []RoundStat{roundOf(again, cfg)}
	stats := mergeStats(res.Stats, again.Stats)
	if again.Verdict == engine.Unknown && again.Error == nil {
		again = res
	}
	again.Stats = stats
	again.Time = time.Since(start)
	return again, nil
}

func analyzeOnce(st *stopper, p *ir.Program, cfg Config) (res *Result, err error) {
	start := time.Now()
	if p.Main == nil {
		return nil, &InputError{fmt.Sprintf("%s: no main function", p.File)}
	}
	switch cfg.Numeric {
	case "", "interval":
		res, err = analyzeWith(st, p, cfg, interval.New())
	case "octagon":
		res, err = analyzeWith(st, p, cfg, octagon.New())
	case "polyhedra":
		res, err = analyzeWith[polyhedra.Poly](st, p, cfg, analysisPolyhedra(st))
	case "affine":
		res, err = analyzeWith(st, p, cfg, affine.New())
	case "affine+interval":
		res, err = analyzeWith(st, p, cfg, product.NewAffineInterval())
	case "congruence":
		res, err = analyzeWith(st, p, cfg, congruence.New())
	case "congruence+interval":
		res, err = analyzeWith(st, p, cfg, product.NewCongruence(interval.New()))
	case "congruence+polyhedra":
		res, err = analyzeWith(st, p, cfg, product.NewCongruence(analysisPolyhedra(st)))
	case "lincong":
		res, err = analyzeWith(st, p, cfg, lincong.New())
	case "lincong+interval":
		res, err = analyzeWith(st, p, cfg, product.NewLincong(interval.New()))
	case "lincong+polyhedra":
		res, err = analyzeWith(st, p, cfg, product.NewLincong(analysisPolyhedra(st)))
	default:
		return nil, &InputError{fmt.Sprintf("unknown numeric domain %q (want %s)", cfg.Numeric, strings.Join(NumericNames, ", "))}
	}
	if res != nil {
		res.Time = time.Since(start)
	}
	return res, err
}

// analysisPolyhedra returns the polyhedra domain as the analysis uses
// it: with the library's budget (AnalysisBudget: a hull past it is the
// weak join or a join of block groups), and asking the stopper inside
// long operations (a hull's conversion in many dimensions).
func analysisPolyhedra(st *stopper) *polyhedra.Domain {
	opts := []polyhedra.Option{polyhedra.WithBudget(polyhedra.AnalysisBudget)}
	if st.active() {
		opts = append(opts, polyhedra.WithStop(st.stopped))
	}
	return polyhedra.New(opts...)
}

// analyzeWith runs the analysis with the numeric domain nd, counted (see
// counted) and observing ctx between its operations.
func analyzeWith[V any](st *stopper, p *ir.Program, cfg Config, nd numeric.Domain[V]) (res *Result, err error) {
	if !numeric.HasExactConstraints(nd) && !Combines(cfg.Domain, cfg.Numeric) {
		return nil, &InputError{fmt.Sprintf("domain %s cannot use the numeric domain %s: it keeps numeric values as the diagrams of their constraints, and congruences are no linear constraints (use nexpoint, nex or numeric)", cfg.Domain, cfg.Numeric)}
	}
	s := newSpace(p)
	th := thresholdsOf(p)
	cn := newCounted(st, nd, cfg.Check)
	switch cfg.Domain {
	case "numeric":
		res, err = runEngine[V](st, newNumericDomain[V](cn, s, th), s, cfg)
	case "", "nexpoint", "nex", "mtndd", "ndd", "predicate":
		res, err = analyzePred[V](st, p, cfg, cn, s, th)
	default:
		return nil, &InputError{fmt.Sprintf("unknown domain %q (want %s)", cfg.Domain, strings.Join(DomainNames, ", "))}
	}
	if res != nil {
		cn.fill(&res.Stats)
	}
	return res, err
}

// runEngine runs the fixpoint with d and builds the result.
func runEngine[A any](st *stopper, d absDomain[A], s *space, cfg Config) (res *Result, err error) {
	en := newEngine(st, d, s, cfg)
	defer func() {
		if r := recover(); r != nil {
			if r == errTimeout {
				res = &Result{Verdict: engine.Unknown, Reason: st.reason(), Time: time.Since(en.start)}
				en.sampleHeap()
				d.Fill(&en.stats)
				res.Stats = en.stats
				err = nil
				return
			}
			panic(r)
		}
	}()
	en.run(d.Top())
	en.sampleHeap()
	res = en.verdict(cfg)
	d.Fill(&en.stats)
	res.Stats = en.stats
	return res, nil
}

// verdict checks the error locations: TRUE when all are unreachable in
// the abstraction in every context (unsupported locations included, and
// no program-wide unsupported construct), UNKNOWN otherwise. The first
// error location found reachable is reported: a violation before any
// unsupported location, so that a counterexample search (CEGAR) goes for
// the real errors first.
func (en *analysis[A]) verdict(cfg Config) *Result {
	res := &Result{Verdict: engine.True}
	if cfg.Invariants {
		for _, f := range en.prog.Funcs {
			if vals := en.joinedVals(f); vals != nil {
				for _, l := range f.Locs {
					if cfg.InvariantsAt != nil && !cfg.InvariantsAt(l) {
						continue
					}
					formula := ir.Weaken(en.d.Formula(vals[l.ID]), en.programOnly)
					res.Invariants = append(res.Invariants, LocInvariant{Invariant: engine.Invariant{Loc: l, Formula: formula},
						Func: f.Name, Text: en.d.String(vals[l.ID])})
				}
			}
		}
	}
	for _, unsupported := range []bool{false, true} {
		for _, f := range en.prog.Funcs {
			if res.Error != nil {
				break
			}
		errLocs:
			for _, l := range f.ErrorLocs() {
				if (l.Unsupported != nil) != unsupported {
					continue
				}
				for _, c := range en.contextsOf(f) {
					if c.vals != nil && !en.d.IsEmpty(c.vals[l.ID]) {
						res.Verdict = engine.Unknown
						res.Error = l
						if unsupported {
							res.Reason = engine.Because(engine.Unsupported, "unsupported location %s:%s may be reachable in the abstraction (%s: %s)", f.Name, l, l.Unsupported.Pos, l.Unsupported.Msg)
						} else {
							res.Reason = engine.Because(engine.Imprecise, "error location %s:%s at %s may be reachable in the abstraction", f.Name, l, l.Pos)
						}
						res.Trace = en.trace(c, l)
						if cfg.CexPath {
							res.Path, res.NoPath, res.PathJoined = en.cexPath(c, l, cfg.CexBudget)
						}
						break errLocs
					}
				}
			}
		}
	}
	if u := en.prog.Unsupported(); len(u) > 0 && res.Verdict == engine.True {
		res.Verdict = engine.Unknown
		more := ""
		if len(u) > 1 {
			more = fmt.Sprintf(" (and %d more)", len(u)-1)
		}
		res.Reason = engine.Because(engine.Unsupported, "unsupported: %s at %s%s", u[0].Msg, u[0].Pos, more)
	}
	return res
}

// joinedVals returns the join over f's contexts of their values, nil when
// f was never analysed.
func (en *analysis[A]) joinedVals(f *ir.Func) []A {
	var out []A
	for _, c := range en.contextsOf(f) {
		if c.vals == nil {
			continue
		}
		if out == nil {
			out = append([]A(nil), c.vals...)
			continue
		}
		for i := range out {
			out[i] = en.d.Join(out[i], c.vals[i])
		}
	}
	return out
}

// trace returns an abstract path to l in context c: a chain of calls from
// main through contexts that depend on one another and call edges whose
// source is reachable, then a path of reachable locations from the
// function's entry to l.
func (en *analysis[A]) trace(c *context[A], l *ir.Loc) []TraceStep {
	var chain [][]TraceStep
	seen := map[*context[A]]bool{c: true}
	target := l
	for {
		chain = append(chain, en.pathTo(c, target))
		if c.f == en.prog.Main {
			break
		}
		var site *ir.Edge
		var caller *context[A]
		for _, dep := range c.depList {
			if seen[dep] || dep.vals == nil {
				continue
			}
			for _, e := range dep.f.Edges {
				if call, ok := e.Op.(*ir.Call); ok && call.Callee == c.f && !en.d.IsBottom(dep.vals[e.From.ID]) {
					site, caller = e, dep
					break
				}
			}
			if site != nil {
				break
			}
		}
		if site == nil {
			break
		}
		seen[caller] = true
		c, target = caller, site.From
		chain[len(chain)-1] = append([]TraceStep{{Func: c.f.Name, Edge: site, Op: ir.OpString(site.Op, en.s.env)}}, chain[len(chain)-1]...)
	}
	var steps []TraceStep
	for i := len(chain) - 1; i >= 0; i-- {
		steps = append(steps, chain[i]...)
	}
	return steps
}

// pathTo finds, by breadth-first search over locations with non-bottom
// values in context c, a path from the entry of l's function to l.
func (en *analysis[A]) pathTo(c *context[A], l *ir.Loc) []TraceStep {
	f := l.Func
	vals := c.vals
	prev := make([]*ir.Edge, len(f.Locs))
	seen := make([]bool, len(f.Locs))
	queue := []*ir.Loc{f.Entry}
	seen[f.Entry.ID] = true
	for len(queue) > 0 && !seen[l.ID] {
		u := queue[0]
		queue = queue[1:]
		for _, e := range u.Out {
			if !seen[e.To.ID] && !en.d.IsBottom(vals[e.To.ID]) {
				seen[e.To.ID] = true
				prev[e.To.ID] = e
				queue = append(queue, e.To)
			}
		}
	}
	var steps []TraceStep
	for at := l; prev[at.ID] != nil; at = prev[at.ID].From {
		e := prev[at.ID]
		steps = append([]TraceStep{{Func: f.Name, Edge: e, Op: ir.OpString(e.Op, en.s.env)}}, steps...)
	}
	return steps
}

// programOnly reports whether c is over the program's variables only (not
// over the olds and temporaries of the analysis's space).
func (en *analysis[A]) programOnly(c numeric.Constraint) bool {
	for _, t := range c.Expr().Terms() {
		if int(t.Dim) >= len(en.prog.Vars) {
			return false
		}
	}
	return true
}

// TypedInvariants returns the invariants of r as the engine contract's.
func (r *Result) TypedInvariants() []engine.Invariant {
	var out []engine.Invariant
	for _, li := range r.Invariants {
		out = append(out, li.Invariant)
	}
	return out
}
