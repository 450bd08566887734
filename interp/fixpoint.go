// This file implements the intraprocedural fixpoint: Bourdoncle's
// recursive iteration strategy over a weak topological order, widening at
// component heads after a delay, then descending iterations.
//
// Sketch: elements of the WTO are visited in order; a vertex's value is
// the join of its in-edges' contributions (plus the function's input at
// the entry); a component is iterated until its head is stable, the head's
// new value being joined (the first WidenDelay times) or widened into the
// old one. Every cycle of the graph contains a component head, so widening
// there makes the ascending phase terminate. The result over-approximates
// every reachable state; so does one more application of the equations,
// and so does the meet of the two, which is what each of the Narrow
// descending rounds keeps (re-evaluation in WTO order, no widening).
//
// Before widening a component, the engine tries to run it exactly (see
// unroll.go): a loop that behaves deterministically is unrolled iteration
// by iteration, its exits collected per iteration, until it ends.

package interp

import "github.com/numpred/numpred/ir"

type funcRun[A any] struct {
	en    *analysis[A]
	f     *ir.Func
	input A
	vals  []A
	// flow holds, for edges leaving an unrolled component, the join of
	// their contributions over the unrolled iterations; such an edge's
	// contribution is flow[e] instead of post(e, vals[e.From]).
	flow map[*ir.Edge]A
	// unrolled marks the heads of components whose last evaluation was
	// an unrolling.
	unrolled map[int]bool
	widened  bool // some head was widened
	// unrolling counts the components being run exactly (unroll.go):
	// their iterations are not joined, and assignment chains are not
	// composed there (chain.go).
	unrolling int
}

// analyzeFunc computes the values of every location of f from input.
func (en *analysis[A]) analyzeFunc(f *ir.Func, input A) []A {
	r := &funcRun[A]{en: en, f: f, input: input, vals: make([]A, len(f.Locs)),
		flow: map[*ir.Edge]A{}, unrolled: map[int]bool{}}
	bot := en.d.Bottom()
	for i := range r.vals {
		r.vals[i] = bot
	}
	w := en.wtoOf(f)
	r.iterate(w)
	// Without widening the ascending phase ends on a fixpoint of the
	// equations; descending would recompute the same values.
	for k := 0; k < en.narrow && r.widened; k++ {
		r.descend(w)
	}
	return r.vals
}

// contrib returns what edge e brings to its target.
func (r *funcRun[A]) contrib(e *ir.Edge) A {
	if v, ok := r.flow[e]; ok {
		return v
	}
	src := r.vals[e.From.ID]
	if r.en.d.IsBottom(src) {
		return src
	}
	out := r.en.post(e, src)
	if c := r.en.chainTo(e); c != nil && r.unrolling == 0 && !r.en.d.IsBottom(out) {
		// The composed assignments of the chain ending with e (chain.go).
		for _, ce := range c.edges[:len(c.edges)-1] {
			if _, ok := r.flow[ce]; ok {
				return out
			}
		}
		composed := r.en.postChain(c, r.vals[c.edges[0].From.ID])
		if !r.en.d.Leq(out, composed) {
			out = r.en.d.Meet(out, composed)
		}
	}
	return out
}

// joinInto returns acc joined with v, skipping bottoms.
func (r *funcRun[A]) joinInto(acc, v A) A {
	d := r.en.d
	switch {
	case d.IsBottom(v):
		return acc
	case d.IsBottom(acc):
		return v
	}
	return d.Join(acc, v)
}

// compute returns the join of the contributions of l's incoming edges.
func (r *funcRun[A]) compute(l *ir.Loc) A {
	acc := r.en.d.Bottom()
	if l == r.f.Entry {
		acc = r.input
	}
	for _, e := range l.In {
		acc = r.joinInto(acc, r.contrib(e))
	}
	return acc
}

// enter returns the value a component's head receives from outside it.
func (r *funcRun[A]) enter(c *component) A {
	acc := r.en.d.Bottom()
	if c.head == r.f.Entry.ID {
		acc = r.input
	}
	for _, e := range c.entries {
		acc = r.joinInto(acc, r.contrib(e))
	}
	return acc
}

func (r *funcRun[A]) iterate(es []WTOElem) {
	for _, e := range es {
		l := r.f.Locs[e.Vertex]
		if !e.IsComponent {
			r.vals[e.Vertex] = r.compute(l)
			continue
		}
		c := r.en.componentOf(r.f, e)
		r.forgetFlow(c)
		start, done := r.unroll(e, c)
		r.unrolled[e.Vertex] = done
		if done {
			continue
		}
		r.forgetFlow(c)
		r.vals[e.Vertex] = start
		for k := 0; ; k++ {
			r.iterate(e.Body)
			next := r.compute(l)
			old := r.vals[e.Vertex]
			if r.en.d.Leq(next, old) {
				break
			}
			if k >= r.en.widenDelay {
				r.en.stats.Widenings++
				r.widened = true
				r.vals[e.Vertex] = r.en.d.Widen(old, r.en.d.Join(old, next))
			} else {
				r.vals[e.Vertex] = r.en.d.Join(old, next)
			}
		}
	}
}

// forgetFlow drops the recorded contributions of c's exit edges.
func (r *funcRun[A]) forgetFlow(c *component) {
	for _, x := range c.exits {
		delete(r.flow, x)
	}
}

// descend re-evaluates every location once in WTO order, keeping the meet
// of the old and the new value (both over-approximate the reachable
// states; an unrolled loop's exits are more precise than a re-evaluation
// from its joined head), except in unrolled components, which are kept
// as they are.
func (r *funcRun[A]) descend(es []WTOElem) {
	d := r.en.d
	for _, e := range es {
		if e.IsComponent && r.unrolled[e.Vertex] {
			continue
		}
		old := r.vals[e.Vertex]
		if !d.IsBottom(old) {
			next := r.compute(r.f.Locs[e.Vertex])
			if !d.Leq(next, old) {
				next = d.Meet(old, next)
			}
			r.vals[e.Vertex] = next
		}
		if e.IsComponent {
			r.descend(e.Body)
		}
	}
}

// wtoOf returns the (cached) weak topological order of f's locations.
func (en *analysis[A]) wtoOf(f *ir.Func) []WTOElem {
	if w, ok := en.wtos[f]; ok {
		return w
	}
	w := funcWTO(f)
	en.wtos[f] = w
	return w
}
