// This file implements the interprocedural fixpoint, in the style of the
// eureka procedure (Armando, Castellini, Mantovani, Section 3) and of
// Reps-Horwitz-Sagiv's path and summary edges, with up to Config.Contexts
// contexts per function:
//
//	context     an input (the entry value of the calls it covers: a path
//	            edge from the function's entry) and a summary (the exit
//	            value projected on the function's olds, accessed globals
//	            and return slot: a summary edge from inputs to outputs).
//
// A call whose input is covered by a context's input reuses its summary;
// otherwise a new context is opened: a point context when the input is a
// single point on the function's inputs (found again by that point, up to
// Config.PointContexts of them), else an ordinary one, or, once the
// function has its limit of ordinary contexts, the last one grows (by join for the first WidenDelay times,
// then by widening) and is queued. When a summary grows, the contexts
// whose analysis used it are queued. Summaries grow the same way, so the
// loop terminates, recursion included. When the queue is empty, the last
// analysis of every context used the final inputs and summaries, so its
// values over-approximate every reachable state.

package interp

import (
	"errors"
	"runtime/metrics"
	"time"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

var errTimeout = errors.New("timeout")

// context is one calling context of a function.
type context[A any] struct {
	f          *ir.Func
	input      A
	inputN     int
	summary    A
	hasSummary bool
	summaryN   int
	vals       []A                  // the last analysis, nil before the first
	deps       map[*context[A]]bool // contexts whose analysis used the summary
	depList    []*context[A]        // the same, in the order they came
	limits     []numeric.Constraint // kept by the input's widenings (limits.go)
}

// analysis is the state of one run of the fixpoint engine.
type analysis[A any] struct {
	d           absDomain[A]
	scoped      scopedDomain[A] // d, when its precision is per function
	s           *space
	prog        *ir.Program
	widenDelay  int
	narrow      int
	maxContexts int
	maxPoints   int      // point contexts per function
	unrollLeft  int      // loop iterations that may still be unrolled
	stop        *stopper // says when the analysis must stop
	start       time.Time

	ctxs      map[*ir.Func][]*context[A]          // ordinary contexts
	points    map[*ir.Func]map[string]*context[A] // point contexts by point
	pointList map[*ir.Func][]*context[A]          // the same, in creation order
	inputDims map[*ir.Func][]numeric.Dim
	comps     map[*ir.Func]map[int]*component
	dead      map[*ir.Func]map[*ir.Edge][]numeric.Dim // deadTemps, by function
	cur       *context[A]                             // the context being analysed
	wtos      map[*ir.Func][]WTOElem
	heads     map[*ir.Func]map[int]bool        // headsOf
	chains    map[*ir.Func]map[*ir.Edge]*chain // chainTo
	modOf     map[*ir.Func][]*ir.Var
	queue     []*context[A]
	// recursiveFuncs: the functions in a cycle of calls (see recursive).
	recursiveFuncs map[*ir.Func]bool
	queued         map[*context[A]]bool
	active         map[*context[A]]bool // contexts being analysed (the call stack)
	stats          Stats
	heapProbe      []metrics.Sample
}

func newEngine[A any](st *stopper, d absDomain[A], s *space, cfg Config) *analysis[A] {
	en := &analysis[A]{
		d: d, s: s, prog: s.prog, widenDelay: cfg.WidenDelay, narrow: cfg.Narrow, maxContexts: cfg.Contexts,
		maxPoints: cfg.PointContexts, unrollLeft: cfg.Unroll,
		stop: st, start: time.Now(),
		ctxs: map[*ir.Func][]*context[A]{}, wtos: map[*ir.Func][]WTOElem{},
		points: map[*ir.Func]map[string]*context[A]{}, pointList: map[*ir.Func][]*context[A]{}, inputDims: map[*ir.Func][]numeric.Dim{},
		comps: map[*ir.Func]map[int]*component{}, dead: map[*ir.Func]map[*ir.Edge][]numeric.Dim{},
		queued: map[*context[A]]bool{}, active: map[*context[A]]bool{},
		heapProbe: []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}},
	}
	if en.widenDelay < 0 {
		en.widenDelay = 2
	}
	if en.narrow < 0 {
		en.narrow = 2
	}
	if en.maxContexts < 1 {
		en.maxContexts = 1
	}
	en.modOf = modifiedGlobals(s.prog)
	en.scoped, _ = d.(scopedDomain[A])
	return en
}

// enter tells a scoped domain that f's operations follow, and returns the
// function it interpreted before (nil for other domains).
func (en *analysis[A]) enter(f *ir.Func) *ir.Func {
	if en.scoped == nil {
		return nil
	}
	return en.scoped.enter(f)
}

// forgetForeign has a scoped domain forget in a what the current function
// does not track.
func (en *analysis[A]) forgetForeign(a A) A {
	if en.scoped == nil {
		return a
	}
	return en.scoped.forgetForeign(a)
}

// run computes the fixpoint from main with the initial value init.
func (en *analysis[A]) run(init A) {
	main := &context[A]{f: en.prog.Main, input: init, deps: map[*context[A]]bool{}}
	en.ctxs[main.f] = []*context[A]{main}
	en.push(main)
	for len(en.queue) > 0 {
		c := en.queue[0]
		en.queue = en.queue[1:]
		if en.queued[c] {
			en.analyzeContext(c)
		}
	}
}

// analyzeContext analyses c's function from c's input, updates c's
// summary (by join for the first WidenDelay times, then by widening) and,
// when the summary grew, queues the contexts that used it.
func (en *analysis[A]) analyzeContext(c *context[A]) {
	en.queued[c] = false
	outer := en.cur
	en.cur = c
	en.active[c] = true
	c.vals = en.analyzeFunc(c.f, c.input)
	en.active[c] = false
	en.cur = outer
	sum := en.summaryOf(c.f, c.vals[c.f.Exit.ID])
	switch {
	case !c.hasSummary:
		c.summary, c.hasSummary = sum, true
	case en.d.Leq(sum, c.summary):
		return
	case c.summaryN >= en.widenDelay:
		en.stats.Widenings++
		c.summary = en.d.Widen(c.summary, en.d.Join(c.summary, sum))
	default:
		c.summary = en.d.Join(c.summary, sum)
	}
	c.summaryN++
	for _, dep := range c.depList {
		en.push(dep)
	}
}

func (en *analysis[A]) push(c *context[A]) {
	if !en.queued[c] {
		en.queued[c] = true
		en.queue = append(en.queue, c)
	}
}

// noteInput returns the context of f that a call with entry value in
// uses (see contextFor), analysed first if it has no summary yet. It
// returns nil when in is bottom. The context being analysed becomes a
// dependent of the result.
func (en *analysis[A]) noteInput(f *ir.Func, in A, split bool) *context[A] {
	if en.d.IsBottom(in) {
		return nil
	}
	c := en.contextFor(f, in, split)
	if en.cur != nil && !c.deps[en.cur] {
		c.deps[en.cur] = true
		c.depList = append(c.depList, en.cur)
	}
	if !c.hasSummary && !en.active[c] {
		// Analyse the callee now rather than answer bottom and analyse
		// the caller again once the summary exists: a loop calling a new
		// context per iteration would otherwise be re-run once per
		// context. A context already on the stack (recursion) answers
		// with its summary so far; the queue completes it.
		en.analyzeContext(c)
	}
	return c
}

// contextFor returns the context for input in: the point context of in's
// point, an ordinary context whose input covers in, a new point context
// (while the function has fewer than maxPoints and the domain is not
// strained), a new ordinary one (fewer than maxContexts), or the last
// ordinary one grown to cover in and queued. Point contexts never grow.
// The input of a split call (split) gets a point context even when an
// ordinary one covers it.
func (en *analysis[A]) contextFor(f *ir.Func, in A, split bool) *context[A] {
	pointKey, isPoint := "", false
	if en.maxPoints > 0 {
		pointKey, isPoint = en.d.PointKey(in, en.inputDimsOf(f))
		if c, ok := en.points[f][pointKey]; isPoint && ok && en.d.Leq(in, c.input) {
			return c
		}
	}
	cs := en.ctxs[f]
	if !split {
		if c := en.covering(cs, in); c != nil {
			return c
		}
	}
	if isPoint && len(en.points[f]) < en.maxPoints && !en.d.Strained() {
		if _, taken := en.points[f][pointKey]; !taken {
			c := &context[A]{f: f, input: in, deps: map[*context[A]]bool{}}
			if en.points[f] == nil {
				en.points[f] = map[string]*context[A]{}
			}
			en.points[f][pointKey] = c
			en.pointList[f] = append(en.pointList[f], c)
			en.stats.Contexts++
			en.push(c)
			return c
		}
	}
	if split {
		if c := en.covering(cs, in); c != nil {
			return c
		}
	}
	if len(cs) < en.maxContexts {
		c := &context[A]{f: f, input: in, deps: map[*context[A]]bool{}, limits: en.limitsOf(f, in)}
		en.ctxs[f] = append(cs, c)
		en.stats.Contexts++
		en.push(c)
		return c
	}
	c := cs[len(cs)-1]
	if c.inputN >= en.widenDelay {
		en.stats.Widenings++
		c.input = en.widenInput(c, in)
	} else {
		c.input = en.d.Join(c.input, in)
		c.limits = en.limitsOf(f, c.input)
	}
	c.inputN++
	en.push(c)
	return c
}

// covering returns the first of cs whose input covers in, or nil.
func (en *analysis[A]) covering(cs []*context[A], in A) *context[A] {
	for _, c := range cs {
		if en.d.Leq(in, c.input) {
			return c
		}
	}
	return nil
}

// inputDimsOf returns the dimensions a call passes to f: its formals and
// the globals it accesses.
func (en *analysis[A]) inputDimsOf(f *ir.Func) []numeric.Dim {
	if ds, ok := en.inputDims[f]; ok {
		return ds
	}
	var ds []numeric.Dim
	for _, x := range f.Formals {
		ds = append(ds, dimOf(x))
	}
	for _, g := range en.s.globalsOf[f] {
		ds = append(ds, dimOf(g))
	}
	en.inputDims[f] = ds
	return ds
}

// contextsOf returns every context of f: its point contexts, then its
// ordinary ones.
func (en *analysis[A]) contextsOf(f *ir.Func) []*context[A] {
	return append(append([]*context[A](nil), en.pointList[f]...), en.ctxs[f]...)
}

// tick counts one edge application, samples the heap now and then, and
// stops the analysis when its stopper says so (context done, memory).
func (en *analysis[A]) tick() {
	en.stats.Iterations++
	if en.stats.Iterations&255 == 0 {
		en.sampleHeap()
	}
	if en.stats.Iterations&7 == 0 {
		if en.stop.stopped() {
			panic(errTimeout)
		}
	}
}

func (en *analysis[A]) sampleHeap() {
	metrics.Read(en.heapProbe)
	if v := en.heapProbe[0].Value; v.Kind() == metrics.KindUint64 && v.Uint64() > en.stats.PeakHeap {
		en.stats.PeakHeap = v.Uint64()
	}
}

// thresholdsOf collects the constants of a program's conditions and
// assignments, with their neighbours c-1 and c+1, as widening thresholds.
func thresholdsOf(p *ir.Program) numeric.Thresholds {
	var ts []int64
	add := func(c numeric.Int) {
		if v, ok := c.Int64(); ok && v > -1<<62 && v < 1<<62 {
			ts = append(ts, v-1, v, v+1, -v)
		}
	}
	for _, f := range p.Funcs {
		for _, e := range f.Edges {
			switch op := e.Op.(type) {
			case *ir.Assume:
				for _, a := range ir.Atoms(op.Cond) {
					add(a.Expr().Constant())
				}
			case *ir.Assign:
				for _, r := range op.Rhs {
					add(r.Constant())
				}
			}
		}
	}
	ts = append(ts, 0, 1, -1)
	return numeric.NewThresholds(ts...)
}
