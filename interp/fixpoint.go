// This file implements the intraprocedural fixpoint: Bourdoncle's
// recursive iteration strategy over a weak topological order, widening at
// component heads after a delay, then descending iterations.
//
// Sketch: elements of the WTO are visited in order; a vertex's value is
// the join of its predecessors' posts (plus the function's input at the
// entry); a component is iterated until its head is stable, the head's new
// value being joined (the first WidenDelay times) or widened into the old
// one. Every cycle of the graph contains a component head, so widening
// there makes the ascending phase terminate. The result is a
// post-fixpoint X; applying the equations again, F(X) ⊑ X, is still a
// sound post-fixpoint, so Narrow rounds of plain re-evaluation in WTO order
// (no widening) recover precision lost by widening.

package interp

import "github.com/numpred/numpred/ir"

type funcRun[A any] struct {
	en    *engine[A]
	f     *ir.Func
	input A
	vals  []A
}

// analyzeFunc computes the values of every location of f from input.
func (en *engine[A]) analyzeFunc(f *ir.Func, input A) []A {
	r := &funcRun[A]{en: en, f: f, input: input, vals: make([]A, len(f.Locs))}
	bot := en.d.Bottom()
	for i := range r.vals {
		r.vals[i] = bot
	}
	w := en.wtoOf(f)
	r.iterate(w)
	for k := 0; k < en.narrow; k++ {
		r.descend(w)
	}
	return r.vals
}

// compute returns the join of the posts of l's incoming edges.
func (r *funcRun[A]) compute(l *ir.Loc) A {
	en := r.en
	acc := en.d.Bottom()
	if l == r.f.Entry {
		acc = r.input
	}
	for _, e := range l.In {
		src := r.vals[e.From.ID]
		if en.d.IsBottom(src) {
			continue
		}
		p := en.post(e, src)
		if en.d.IsBottom(p) {
			continue
		}
		if en.d.IsBottom(acc) {
			acc = p
		} else {
			acc = en.d.Join(acc, p)
		}
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
		r.vals[e.Vertex] = r.compute(l)
		for k := 0; ; k++ {
			r.iterate(e.Body)
			next := r.compute(l)
			old := r.vals[e.Vertex]
			if r.en.d.Leq(next, old) {
				break
			}
			if k >= r.en.widenDelay {
				r.en.stats.Widenings++
				r.vals[e.Vertex] = r.en.d.Widen(old, r.en.d.Join(old, next))
			} else {
				r.vals[e.Vertex] = r.en.d.Join(old, next)
			}
		}
	}
}

// descend re-evaluates every location once in WTO order.
func (r *funcRun[A]) descend(es []WTOElem) {
	for _, e := range es {
		r.vals[e.Vertex] = r.compute(r.f.Locs[e.Vertex])
		if e.IsComponent {
			r.descend(e.Body)
		}
	}
}

// wtoOf returns the (cached) weak topological order of f's locations.
func (en *engine[A]) wtoOf(f *ir.Func) []WTOElem {
	if w, ok := en.wtos[f]; ok {
		return w
	}
	succ := func(v int) []int {
		out := make([]int, 0, len(f.Locs[v].Out))
		for _, e := range f.Locs[v].Out {
			out = append(out, e.To.ID)
		}
		return out
	}
	w := WTO(len(f.Locs), f.Entry.ID, succ)
	en.wtos[f] = w
	return w
}
