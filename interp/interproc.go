// This file implements the interprocedural fixpoint, in the style of the
// eureka procedure (Armando, Castellini, Mantovani, Section 3) and of
// Reps-Horwitz-Sagiv's path and summary edges, with one context per
// function:
//
//	input[f]    the join (widened after a delay) of the entry values of all
//	            calls to f seen so far: a path edge from f's entry;
//	summary[f]  f's exit value projected on f's olds, accessed globals and
//	            return slot: a summary edge relating f's inputs to outputs.
//
// A call whose input is covered by input[f] reuses summary[f]; otherwise
// input[f] grows and f is queued. When summary[f] grows, every caller of f
// is queued. Both grow by join for the first WidenDelay times, then by
// widening, so the loop terminates, recursion included. When the queue is
// empty, the last analysis of every function used the final inputs and
// summaries, so its values over-approximate every reachable state.

package interp

import (
	"errors"
	"runtime/metrics"
	"time"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

var errTimeout = errors.New("timeout")

type engine[A any] struct {
	d          absDomain[A]
	s          *space
	prog       *ir.Program
	widenDelay int
	narrow     int
	deadline   time.Time
	start      time.Time

	input     map[*ir.Func]A
	inputN    map[*ir.Func]int
	summary   map[*ir.Func]A
	summaryN  map[*ir.Func]int
	vals      map[*ir.Func][]A
	wtos      map[*ir.Func][]WTOElem
	modOf     map[*ir.Func][]*ir.Var
	callers   map[*ir.Func][]*ir.Func
	queue     []*ir.Func
	queued    map[*ir.Func]bool
	stats     Stats
	heapProbe []metrics.Sample
}

func newEngine[A any](d absDomain[A], s *space, cfg Config) *engine[A] {
	en := &engine[A]{
		d: d, s: s, prog: s.prog, widenDelay: cfg.WidenDelay, narrow: cfg.Narrow, deadline: cfg.Deadline, start: time.Now(),
		input: map[*ir.Func]A{}, inputN: map[*ir.Func]int{},
		summary: map[*ir.Func]A{}, summaryN: map[*ir.Func]int{},
		vals: map[*ir.Func][]A{}, wtos: map[*ir.Func][]WTOElem{},
		callers: map[*ir.Func][]*ir.Func{}, queued: map[*ir.Func]bool{},
		heapProbe: []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}},
	}
	if en.widenDelay < 0 {
		en.widenDelay = 2
	}
	if en.narrow < 0 {
		en.narrow = 2
	}
	en.modOf = modifiedGlobals(s.prog)
	for _, f := range s.prog.Funcs {
		seen := map[*ir.Func]bool{}
		for _, e := range f.Edges {
			if c, ok := e.Op.(*ir.Call); ok && !seen[c.Callee] {
				seen[c.Callee] = true
				en.callers[c.Callee] = append(en.callers[c.Callee], f)
			}
		}
	}
	return en
}

// run computes the fixpoint from main with the initial value init.
func (en *engine[A]) run(init A) {
	main := en.prog.Main
	en.input[main] = init
	en.push(main)
	for len(en.queue) > 0 {
		f := en.queue[0]
		en.queue = en.queue[1:]
		en.queued[f] = false
		in, ok := en.input[f]
		if !ok {
			// Queued as a caller of a changed summary, but never called
			// with a feasible input itself: all its locations are bottom.
			continue
		}
		vals := en.analyzeFunc(f, in)
		en.vals[f] = vals
		if f == main && len(en.callers[main]) == 0 {
			continue
		}
		sum := en.summaryOf(f, vals[f.Exit.ID])
		old, ok := en.summary[f]
		switch {
		case !ok:
			en.summary[f] = sum
		case en.d.Leq(sum, old):
			continue
		case en.summaryN[f] >= en.widenDelay:
			en.stats.Widenings++
			en.summary[f] = en.d.Widen(old, en.d.Join(old, sum))
		default:
			en.summary[f] = en.d.Join(old, sum)
		}
		en.summaryN[f]++
		for _, c := range en.callers[f] {
			en.push(c)
		}
	}
}

func (en *engine[A]) push(f *ir.Func) {
	if !en.queued[f] {
		en.queued[f] = true
		en.queue = append(en.queue, f)
	}
}

// noteInput records the entry value of a call to f, growing input[f] and
// queueing f when it is not covered.
func (en *engine[A]) noteInput(f *ir.Func, in A) {
	if en.d.IsBottom(in) {
		return
	}
	old, ok := en.input[f]
	switch {
	case !ok:
		en.input[f] = in
	case en.d.Leq(in, old):
		return
	case en.inputN[f] >= en.widenDelay:
		en.stats.Widenings++
		en.input[f] = en.d.Widen(old, en.d.Join(old, in))
	default:
		en.input[f] = en.d.Join(old, in)
	}
	en.inputN[f]++
	en.push(f)
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

// modifiedGlobals computes, per function, the globals it may write,
// directly or through its callees.
func modifiedGlobals(p *ir.Program) map[*ir.Func][]*ir.Var {
	direct := map[*ir.Func]map[*ir.Var]bool{}
	callees := map[*ir.Func][]*ir.Func{}
	for _, f := range p.Funcs {
		set := map[*ir.Var]bool{}
		mark := func(v *ir.Var) {
			if v != nil && v.Scope == ir.Global {
				set[v] = true
			}
		}
		for _, e := range f.Edges {
			switch op := e.Op.(type) {
			case *ir.Assign:
				for _, x := range op.Lhs {
					mark(x)
				}
			case *ir.Havoc:
				mark(op.Var)
			case *ir.Call:
				mark(op.Result)
				callees[f] = append(callees[f], op.Callee)
			}
		}
		direct[f] = set
	}
	for changed := true; changed; {
		changed = false
		for _, f := range p.Funcs {
			for _, g := range callees[f] {
				for v := range direct[g] {
					if !direct[f][v] {
						direct[f][v] = true
						changed = true
					}
				}
			}
		}
	}
	out := map[*ir.Func][]*ir.Var{}
	for _, f := range p.Funcs {
		for _, v := range p.Globals {
			if direct[f][v] {
				out[f] = append(out[f], v)
			}
		}
	}
	return out
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
