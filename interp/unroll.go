// This file implements exact unrolling of deterministic loops, tried
// before a component is widened.
//
// Widening loses what a loop computes when the relation between its
// variables is not convex: after s := s + i for i = 1..N, no interval,
// octagon or polyhedron at the loop head says s = N(N+1)/2 at the exit.
// The eureka procedure (Armando et al.) is exact on such loops because it
// runs them: its path edges grow one iteration at a time. unroll does the
// same within a budget: starting from the value entering the head (the
// frontier), it evaluates the body once per iteration from the frontier
// alone, collects each iteration's exits separately (per exit edge, in
// funcRun.flow), and takes as the next frontier what the back edges bring.
// It ends when the frontier is empty (the loop has ended: the exits are
// exactly the joined per-iteration exits) or covered by the previous one
// (the states to come are already accounted for). The head's and body's
// values are the joins over the iterations, so they over-approximate
// every reachable state, as a widened fixpoint does.
//
// Unrolling is kept for loops that behave deterministically: an
// iteration that both leaves the loop and goes round again means the loop
// branches on something the frontier does not fix, and running it may
// never end (while (nondet) x++), so the component falls back to widening,
// starting afresh from the value entering it (rather than from the join of
// the frontiers seen: in a disjunctive domain that join is as large as
// the unrolling was long, and widening it measured exponential in NDD). So does it when the
// analysis's budget of unrolled iterations (Config.Unroll) is spent, or
// when the domain is strained (MTNDD and NDD allocate a BDD variable per
// constant they meet, and unrolling meets many).
//
// A component that was unrolled is left alone by the descending
// iterations: nothing was widened, and re-evaluating it from its joined
// head would only cost (a disjunctive domain's join of many points is
// large).

package interp

import "github.com/numpred/numpred/ir"

// component describes one component of a function's WTO: its head, its
// members and the edges that enter it, close its loop or leave it.
type component struct {
	head    int
	members []int      // every location of the component but the head
	entries []*ir.Edge // into the head from outside
	backs   []*ir.Edge // into the head from inside
	exits   []*ir.Edge // from inside to outside
}

// componentOf returns the (cached) description of the component headed
// by e.Vertex in f.
func (en *analysis[A]) componentOf(f *ir.Func, e WTOElem) *component {
	byHead := en.comps[f]
	if byHead == nil {
		byHead = map[int]*component{}
		en.comps[f] = byHead
	}
	if c, ok := byHead[e.Vertex]; ok {
		return c
	}
	c := &component{head: e.Vertex}
	in := map[int]bool{e.Vertex: true}
	var walk func(es []WTOElem)
	walk = func(es []WTOElem) {
		for _, x := range es {
			in[x.Vertex] = true
			c.members = append(c.members, x.Vertex)
			walk(x.Body)
		}
	}
	walk(e.Body)
	for _, x := range f.Locs[e.Vertex].In {
		if in[x.From.ID] {
			c.backs = append(c.backs, x)
		} else {
			c.entries = append(c.entries, x)
		}
	}
	for v := range in {
		for _, x := range f.Locs[v].Out {
			if !in[x.To.ID] {
				c.exits = append(c.exits, x)
			}
		}
	}
	byHead[e.Vertex] = c
	return c
}

// unroll runs component e (described by c) exactly, as the file comment
// explains. When it succeeds it leaves the values of the component and
// the flows of its exits in r and returns done. Otherwise it returns the
// value entering the component, for widening to start from.
func (r *funcRun[A]) unroll(e WTOElem, c *component) (start A, done bool) {
	en := r.en
	d := en.d
	entry := r.enter(c)
	frontier, acc := entry, entry
	if en.unrollLeft <= 0 {
		return entry, false
	}
	body := make([]A, len(c.members))
	exits := make([]A, len(c.exits))
	for i := range body {
		body[i] = d.Bottom()
	}
	for i := range exits {
		exits[i] = d.Bottom()
	}
	out := make([]A, len(c.exits))
	r.unrolling++
	defer func() { r.unrolling-- }()
	for !d.IsBottom(frontier) {
		if en.unrollLeft <= 0 || d.Strained() {
			return entry, false
		}
		en.unrollLeft--
		en.stats.Unrolled++
		r.vals[e.Vertex] = frontier
		r.iterate(e.Body)
		for i, v := range c.members {
			body[i] = r.joinInto(body[i], r.vals[v])
		}
		next := d.Bottom()
		for _, x := range c.backs {
			next = r.joinInto(next, r.contrib(x))
		}
		leaves := false
		for i, x := range c.exits {
			out[i] = r.contrib(x)
			leaves = leaves || !d.IsBottom(out[i])
		}
		if leaves && !d.IsBottom(next) {
			// Emptiness tests are cheap and may miss an empty value;
			// decide precisely before giving up.
			if d.IsEmpty(next) {
				next = d.Bottom()
			} else if !allBottom(d, out) {
				return entry, false
			}
		}
		for i := range exits {
			exits[i] = r.joinInto(exits[i], out[i])
		}
		if d.IsBottom(next) || d.Leq(next, frontier) {
			break
		}
		acc = d.Join(acc, next)
		frontier = next
	}
	r.vals[e.Vertex] = acc
	for i, v := range c.members {
		r.vals[v] = body[i]
	}
	for i, x := range c.exits {
		r.flow[x] = exits[i]
	}
	return acc, true
}

// allBottom reports whether every value of vs is empty, deciding
// precisely (IsEmpty).
func allBottom[A any](d absDomain[A], vs []A) bool {
	for _, v := range vs {
		if !d.IsEmpty(v) {
			return false
		}
	}
	return true
}
