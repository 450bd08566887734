// This file composes chains of assignments: straight-line code such as
//
//	new_state = s; s = state; s = new_state;
//
// is, taken edge by edge, a loss for a predicate abstraction: after the
// second assignment every predicate over s is unknown (its weakest
// precondition is over state), and the third cannot restore it. As one
// parallel assignment, new_state := s (s := s drops out), it leaves the
// predicates over s alone. The engine therefore also applies, to the value
// at the chain's start, the composition of the assignments that lead to an
// edge through locations with no other way in, and keeps the meet of that
// and the edge's own post. Both over-approximate the states the edge
// reaches (the locations between have no other incoming edge, so the
// chain's start holds every state that reaches them), so the meet does too.
//
// It is the large-block idea of Beyer et al. applied to assignments only,
// and only where a value flows through the chain (an assignment reads or
// overwrites a variable an earlier one set): elsewhere the composition is
// the plain union of independent assignments and teaches nothing. Inside
// a loop the engine runs exactly (unroll.go) chains are not composed:
// there every iteration pays for the composition (the eureka sum
// template's i = i + 1; s = s + i, 266 times), for little gain.

package interp

import (
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// maxChain bounds the assignments composed into one.
const maxChain = 8

// chain is the composition of the assignments edges[0..] (in order) as one
// parallel assignment dims := exprs over the values at edges[0].From.
type chain struct {
	edges []*ir.Edge
	dims  []numeric.Dim
	exprs []numeric.LinExpr
}

// chainTo returns the chain of assignments ending with e, or nil when e
// ends none worth composing.
func (en *analysis[A]) chainTo(e *ir.Edge) *chain {
	f := e.From.Func
	if en.chains == nil {
		en.chains = map[*ir.Func]map[*ir.Edge]*chain{}
	}
	cs, ok := en.chains[f]
	if !ok {
		if en.dead[f] == nil {
			en.dead[f] = deadTemps(f)
		}
		cs = funcChains(f, en.headsOf(f), en.dead[f])
		en.chains[f] = cs
	}
	return cs[e]
}

// funcChains returns the chain ending with each edge of f that ends one;
// heads are the locations a chain does not pass through (loop and
// component heads: their values are widened), dead the temporaries that
// die on each edge (a chain does not pass them either).
func funcChains(f *ir.Func, heads map[int]bool, dead map[*ir.Edge][]numeric.Dim) map[*ir.Edge]*chain {
	out := map[*ir.Edge]*chain{}
	for _, e := range f.Edges {
		if c := buildChain(e, heads, dead); c != nil {
			out[e] = c
		}
	}
	return out
}

func buildChain(e *ir.Edge, heads map[int]bool, dead map[*ir.Edge][]numeric.Dim) *chain {
	if _, ok := e.Op.(*ir.Assign); !ok {
		return nil
	}
	f := e.From.Func
	edges := []*ir.Edge{e}
	for len(edges) < maxChain {
		l := edges[0].From
		if l == f.Entry || len(l.In) != 1 || heads[l.ID] {
			break
		}
		prev := l.In[0]
		if _, ok := prev.Op.(*ir.Assign); !ok || prev.From == l || len(dead[prev]) > 0 {
			break
		}
		edges = append([]*ir.Edge{prev}, edges...)
	}
	if len(edges) < 2 {
		return nil
	}
	// cur maps each dimension assigned so far to its value as a linear
	// expression over the values at the chain's start.
	cur := map[numeric.Dim]numeric.LinExpr{}
	var order []numeric.Dim
	flows := false
	for _, ce := range edges {
		op := ce.Op.(*ir.Assign)
		next := make([]numeric.LinExpr, len(op.Lhs))
		for i, rhs := range op.Rhs {
			for _, t := range rhs.Terms() {
				if _, ok := cur[t.Dim]; ok {
					flows = true
				}
			}
			next[i] = substituteAll(rhs, cur)
		}
		for i, x := range op.Lhs {
			d := dimOf(x)
			if _, ok := cur[d]; ok {
				flows = true
			} else {
				order = append(order, d)
			}
			cur[d] = next[i]
		}
	}
	if !flows {
		return nil
	}
	c := &chain{edges: edges}
	for _, d := range order {
		if ex := cur[d]; !ex.Equal(numeric.Var(d)) {
			c.dims = append(c.dims, d)
			c.exprs = append(c.exprs, ex)
		}
	}
	sortByDim(c.dims, c.exprs)
	return c
}

// substituteAll returns e with every dimension d of sub replaced by
// sub[d], simultaneously.
func substituteAll(e numeric.LinExpr, sub map[numeric.Dim]numeric.LinExpr) numeric.LinExpr {
	out := numeric.ConstInt(e.Constant())
	for _, t := range e.Terms() {
		if s, ok := sub[t.Dim]; ok {
			out = out.Add(s.Scale(t.Coef))
		} else {
			out = out.Add(numeric.Var(t.Dim).Scale(t.Coef))
		}
	}
	return out
}

// postChain applies c to a, the value at the chain's start, and forgets
// the temporaries that die on its last edge.
func (en *analysis[A]) postChain(c *chain, a A) A {
	en.tick()
	if en.d.IsBottom(a) {
		return a
	}
	last := c.edges[len(c.edges)-1]
	en.enter(last.From.Func)
	if len(c.dims) > 0 {
		a = en.d.Assign(a, c.dims, c.exprs)
	}
	if dead := en.deadAfter(last); len(dead) > 0 {
		a = en.d.Havoc(a, dead)
	}
	return a
}

// headsOf returns the heads of f's WTO components (cached).
func (en *analysis[A]) headsOf(f *ir.Func) map[int]bool {
	if en.heads == nil {
		en.heads = map[*ir.Func]map[int]bool{}
	}
	if h, ok := en.heads[f]; ok {
		return h
	}
	h := wtoHeads(f, en.wtoOf(f))
	en.heads[f] = h
	return h
}

// wtoHeads returns the heads of the components of w, f's WTO, and f's
// loop heads.
func wtoHeads(f *ir.Func, w []WTOElem) map[int]bool {
	h := map[int]bool{}
	var walk func(es []WTOElem)
	walk = func(es []WTOElem) {
		for _, e := range es {
			if e.IsComponent {
				h[e.Vertex] = true
				walk(e.Body)
			}
		}
	}
	walk(w)
	for _, l := range f.Locs {
		if l.LoopHead {
			h[l.ID] = true
		}
	}
	return h
}

// funcWTO is f's weak topological order from its entry.
func funcWTO(f *ir.Func) []WTOElem {
	succ := func(v int) []int {
		out := make([]int, 0, len(f.Locs[v].Out))
		for _, e := range f.Locs[v].Out {
			out = append(out, e.To.ID)
		}
		return out
	}
	return WTO(len(f.Locs), f.Entry.ID, succ)
}
