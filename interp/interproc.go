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
// otherwise a new context is opened, or, once the function has its limit
// of contexts, the last one grows (by join for the first WidenDelay times,
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
}

type engine[A any] struct {
	d           absDomain[A]
	s           *space
	prog        *ir.Program
	widenDelay  int
	narrow      int
	maxContexts int
	deadline    time.Time
	start       time.Time

	ctxs      map[*ir.Func][]*context[A]
	cur       *context[A] // the context being analysed
	wtos      map[*ir.Func][]WTOElem
	modOf     map[*ir.Func][]*ir.Var
	queue     []*context[A]
	queued    map[*context[A]]bool
	stats     Stats
	heapProbe []metrics.Sample
}

func newEngine[A any](d absDomain[A], s *space, cfg Config) *engine[A] {
	en := &engine[A]{
		d: d, s: s, prog: s.prog, widenDelay: cfg.WidenDelay, narrow: cfg.Narrow, maxContexts: cfg.Contexts,
		deadline: cfg.Deadline, start: time.Now(),
		ctxs: map[*ir.Func][]*context[A]{}, wtos: map[*ir.Func][]WTOElem{},
		queued:    map[*context[A]]bool{},
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
	return en
}

// run computes the fixpoint from main with the initial value init.
func (en *engine[A]) run(init A) {
	main := &context[A]{f: en.prog.Main, input: init, deps: map[*context[A]]bool{}}
	en.ctxs[main.f] = []*context[A]{main}
	en.push(main)
	for len(en.queue) > 0 {
		c := en.queue[0]
		en.queue = en.queue[1:]
		en.queued[c] = false
		en.cur = c
		c.vals = en.analyzeFunc(c.f, c.input)
		en.cur = nil
		sum := en.summaryOf(c.f, c.vals[c.f.Exit.ID])
		switch {
		case !c.hasSummary:
			c.summary, c.hasSummary = sum, true
		case en.d.Leq(sum, c.summary):
			continue
		case c.summaryN >= en.widenDelay:
			en.stats.Widenings++
			c.summary = en.d.Widen(c.summary, en.d.Join(c.summary, sum))
		default:
			c.summary = en.d.Join(c.summary, sum)
		}
		c.summaryN++
		for dep := range c.deps {
			en.push(dep)
		}
	}
}

func (en *engine[A]) push(c *context[A]) {
	if !en.queued[c] {
		en.queued[c] = true
		en.queue = append(en.queue, c)
	}
}

// noteInput returns the context of f that a call with entry value in
// uses: one whose input covers in, a new one, or (at the limit) the last
// one grown to cover in, which is then queued. It returns nil when in is
// bottom. The context being analysed becomes a dependent of the result.
func (en *engine[A]) noteInput(f *ir.Func, in A) *context[A] {
	if en.d.IsBottom(in) {
		return nil
	}
	c := en.contextFor(f, in)
	if en.cur != nil {
		c.deps[en.cur] = true
	}
	return c
}

func (en *engine[A]) contextFor(f *ir.Func, in A) *context[A] {
	cs := en.ctxs[f]
	for _, c := range cs {
		if en.d.Leq(in, c.input) {
			return c
		}
	}
	if len(cs) < en.maxContexts {
		c := &context[A]{f: f, input: in, deps: map[*context[A]]bool{}}
		en.ctxs[f] = append(cs, c)
		en.push(c)
		return c
	}
	c := cs[len(cs)-1]
	if c.inputN >= en.widenDelay {
		en.stats.Widenings++
		c.input = en.d.Widen(c.input, en.d.Join(c.input, in))
	} else {
		c.input = en.d.Join(c.input, in)
	}
	c.inputN++
	en.push(c)
	return c
}

// tick counts one edge application, samples the heap now and then, and
// stops the analysis at the deadline.
func (en *engine[A]) tick() {
	en.stats.Iterations++
	if en.stats.Iterations&255 == 0 {
		en.sampleHeap()
	}
	if en.stats.Iterations&7 == 0 {
		if !en.deadline.IsZero() && time.Now().After(en.deadline) {
			panic(errTimeout)
		}
	}
}

func (en *engine[A]) sampleHeap() {
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
