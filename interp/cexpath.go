// This file extracts an abstract counterexample as a whole
// interprocedural path, the input of a CEGAR loop's path formula
// (package encode): the trace of verdict (a chain of calls from main and
// a path of reachable locations) with every call that returns expanded
// into a path through the callee, from its entry to its exit, over the
// locations some context of the callee reaches.

package interp

import (
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// maxCexDepth and maxCexEdges bound the expansion of calls: a path
// through a recursive function may call it again.
const (
	maxCexDepth = 64
	maxCexEdges = 1 << 16
)

// cexPath returns the abstract counterexample to l in context c as a path
// of edges from main's entry, calls expanded; nil when none could be
// built within the bounds.
//
// It is first searched for as a path the abstraction itself can follow
// (cexSearch); failing that (the budget ran out, or only widened values
// reach l), it is built from the fixpoint's values as follows.
//
// The values a context holds are those of all the calls it covers
// joined, so a path through them may mix call sites. Each level of the
// path is therefore re-analysed from the input of the one call it
// follows (analyzeFunc from callInput): the call site of a level is one
// whose own input still reaches the level's target, and a call that
// returns is expanded over the values of its own input.
func (en *engine[A]) cexPath(c *context[A], l *ir.Loc) []*ir.Edge {
	if p := en.cexSearch(l); p != nil {
		return p
	}
	steps := en.cexChain(c, l)
	if steps == nil {
		return nil
	}
	var out []*ir.Edge
	for i, st := range steps {
		out = append(out, st.e)
		call, ok := st.e.Op.(*ir.Call)
		if !ok {
			continue
		}
		// A call of the chain descends: the next step leaves the
		// callee's entry, not the call's target.
		if i+1 < len(steps) && steps[i+1].e.From != st.e.To {
			continue
		}
		if !en.expandCall(st.vals, st.e, call, &out, 1) {
			return nil
		}
	}
	if !connected(en.prog, out, l) {
		return nil
	}
	return out
}

// valEdge is an edge of a path and the values of the function's
// locations the path was found in.
type valEdge[A any] struct {
	e    *ir.Edge
	vals []A
}

// expandCall appends to out a path through the callee of call (edge e,
// taken over values vals) from its entry to its exit, over the callee's
// values from this call's input (or, failing that, those of any context
// that reaches the exit), its own calls expanded; false when there is
// none within the bounds.
func (en *engine[A]) expandCall(vals []A, e *ir.Edge, call *ir.Call, out *[]*ir.Edge, depth int) bool {
	if depth > maxCexDepth || len(*out) > maxCexEdges {
		return false
	}
	f := call.Callee
	var cands [][]A
	if in := en.callInput(f, call, vals[e.From.ID]); !en.d.IsBottom(in) {
		cands = append(cands, en.analyzeFunc(f, in))
	}
	for _, c := range en.contextsOf(f) {
		if c.vals != nil {
			cands = append(cands, c.vals)
		}
	}
	for _, fv := range cands {
		if en.d.IsBottom(fv[f.Exit.ID]) {
			continue
		}
		steps := en.cexPathTo(fv, f.Exit)
		if len(steps) == 0 && f.Entry != f.Exit {
			continue
		}
		for _, se := range steps {
			*out = append(*out, se)
			if inner, ok := se.Op.(*ir.Call); ok {
				if !en.expandCall(fv, se, inner, out, depth+1) {
					return false
				}
			}
		}
		return true
	}
	return false
}

// cexChain returns a path from main's entry to l through a chain of calls
// (each level's edges with the values they were found in): from l's
// context up, a call site whose own input, re-analysed, still reaches
// the level's target.
func (en *engine[A]) cexChain(c *context[A], l *ir.Loc) []valEdge[A] {
	var chain [][]valEdge[A]
	seen := map[*context[A]]bool{c: true}
	target := l
	vals := c.vals
	for {
		if c.f == en.prog.Main {
			chain = append(chain, en.level(vals, target, nil))
			break
		}
		var site *ir.Edge
		var caller *context[A]
		var fallback *ir.Edge
		var fallbackCaller *context[A]
		for _, dep := range c.depList {
			if seen[dep] || dep.vals == nil {
				continue
			}
			for _, e := range dep.f.Edges {
				call, ok := e.Op.(*ir.Call)
				if !ok || call.Callee != c.f || en.d.IsBottom(dep.vals[e.From.ID]) {
					continue
				}
				if fallback == nil {
					fallback, fallbackCaller = e, dep
				}
				in := en.callInput(c.f, call, dep.vals[e.From.ID])
				if en.d.IsBottom(in) {
					continue
				}
				if v := en.analyzeFunc(c.f, in); !en.d.IsBottom(v[target.ID]) {
					site, caller, vals = e, dep, v
					break
				}
			}
			if site != nil {
				break
			}
		}
		if site == nil {
			if fallback == nil {
				return nil
			}
			site, caller = fallback, fallbackCaller
		}
		chain = append(chain, en.level(vals, target, &valEdge[A]{site, caller.vals}))
		seen[caller] = true
		c, target, vals = caller, site.From, caller.vals
	}
	var out []valEdge[A]
	for i := len(chain) - 1; i >= 0; i-- {
		out = append(out, chain[i]...)
	}
	return out
}

// level returns the path to target over vals, after the call site when
// there is one.
func (en *engine[A]) level(vals []A, target *ir.Loc, site *valEdge[A]) []valEdge[A] {
	var out []valEdge[A]
	if site != nil {
		out = append(out, *site)
	}
	for _, e := range en.cexPathTo(vals, target) {
		out = append(out, valEdge[A]{e, vals})
	}
	return out
}

// cexPathTo finds, by breadth-first search over vals (the values of the
// locations of l's function), a path from the function's entry to l
// along edges whose abstract post from their source's value is not
// bottom (a call edge counts when its source is reachable: its post
// would open contexts). Unlike trace's pathTo, it never takes an edge
// the abstraction already knows to be infeasible from its source, so a
// refinement that removes a path makes the next round pick another.
func (en *engine[A]) cexPathTo(vals []A, l *ir.Loc) []*ir.Edge {
	f := l.Func
	prev := make([]*ir.Edge, len(f.Locs))
	seen := make([]bool, len(f.Locs))
	queue := []*ir.Loc{f.Entry}
	seen[f.Entry.ID] = true
	for len(queue) > 0 && !seen[l.ID] {
		u := queue[0]
		queue = queue[1:]
		for _, e := range u.Out {
			if seen[e.To.ID] || en.d.IsBottom(vals[e.To.ID]) {
				continue
			}
			if _, isCall := e.Op.(*ir.Call); !isCall && en.d.IsBottom(en.post(e, vals[u.ID])) {
				continue
			}
			seen[e.To.ID] = true
			prev[e.To.ID] = e
			queue = append(queue, e.To)
		}
	}
	if !seen[l.ID] {
		return nil
	}
	var steps []*ir.Edge
	for at := l; prev[at.ID] != nil; at = prev[at.ID].From {
		steps = append(steps, prev[at.ID])
	}
	for i, j := 0, len(steps)-1; i < j; i, j = i+1, j-1 {
		steps[i], steps[j] = steps[j], steps[i]
	}
	return steps
}

// connected reports whether path is a run of edges from main's entry to
// l: each edge leaves where the previous one arrived, calls enter their
// callee's entry and exits return after the call.
func connected(p *ir.Program, path []*ir.Edge, l *ir.Loc) bool {
	at := p.Main.Entry
	var stack []*ir.Edge // calls whose callee is running
	for _, e := range path {
		if e.From != at {
			return false
		}
		if call, ok := e.Op.(*ir.Call); ok {
			stack = append(stack, e)
			at = call.Callee.Entry
			continue
		}
		at = e.To
		if at.Kind == ir.Exit && len(stack) > 0 {
			at = stack[len(stack)-1].To
			stack = stack[:len(stack)-1]
		}
	}
	return at == l || (len(path) > 0 && path[len(path)-1].To == l)
}

// cexBudget bounds the abstract operations (posts, inclusion tests) of
// one cexSearch; maxCovering bounds the states kept per location and
// call stack for covering.
const (
	cexBudget   = 5000
	maxCovering = 8
)

// cexSearch searches, depth first from main's entry, for a path to l
// along which the abstract post of each edge from the previous state is
// not bottom: a path of the abstract reachability tree, calls inlined (a
// call enters its callee with callInput, and its exit state is composed
// with the caller's state as a summary would be). Edges are tried in
// order of their distance to l (through the calls that lead to l's
// function, or to the function's exit); a state covered by one already
// explored at the same location and call stack is not explored again.
// It returns nil when the budget runs out first.
func (en *engine[A]) cexSearch(l *ir.Loc) []*ir.Edge {
	g := newCexGuide(en.prog, l)
	type frame struct {
		e   *ir.Edge // the call edge
		pre A        // the caller's state before it
	}
	budget := cexBudget
	covered := map[string][]A{}
	var path []*ir.Edge
	var stack []frame
	var key func(u *ir.Loc) string
	key = func(u *ir.Loc) string {
		k := u.Func.Name + ":" + itoa(u.ID)
		for _, f := range stack {
			k += "/" + itoa(f.e.From.ID)
		}
		return k
	}
	var dfs func(u *ir.Loc, s A) bool
	dfs = func(u *ir.Loc, s A) bool {
		if u == l {
			return true
		}
		if budget <= 0 || len(stack) > maxCexDepth || len(path) > maxCexEdges {
			return false
		}
		k := key(u)
		for _, t := range covered[k] {
			budget--
			if en.d.Leq(s, t) {
				return false
			}
		}
		if len(covered[k]) < maxCovering {
			covered[k] = append(covered[k], s)
		}
		if u.Kind == ir.Exit && len(stack) > 0 {
			fr := stack[len(stack)-1]
			call := fr.e.Op.(*ir.Call)
			budget--
			after := en.composeCall(call, fr.pre, en.summaryOf(u.Func, s))
			if en.d.IsBottom(after) {
				return false
			}
			stack = stack[:len(stack)-1]
			ok := dfs(fr.e.To, after)
			if !ok {
				stack = append(stack, fr)
			}
			return ok
		}
		for _, e := range g.order(u, len(stack) > 0) {
			budget--
			path = append(path, e)
			if call, ok := e.Op.(*ir.Call); ok {
				in := en.callInput(call.Callee, call, s)
				if !en.d.IsBottom(in) {
					stack = append(stack, frame{e, s})
					if dfs(call.Callee.Entry, in) {
						return true
					}
					stack = stack[:len(stack)-1]
				}
			} else if t := en.post(e, s); !en.d.IsBottom(t) {
				if dfs(e.To, t) {
					return true
				}
			}
			path = path[:len(path)-1]
			if budget <= 0 {
				return false
			}
		}
		return false
	}
	main := en.contextsOf(en.prog.Main)
	if len(main) == 0 || !dfs(en.prog.Main.Entry, main[0].input) {
		return nil
	}
	if !connected(en.prog, path, l) {
		return nil
	}
	return path
}

// composeCall is call's composition of the caller's state a before a call
// with a summary sum of the callee (see transfer.go), for a summary of
// one path through the callee.
func (en *engine[A]) composeCall(op *ir.Call, a, sum A) A {
	callee := op.Callee
	s := en.s
	olds := s.old[callee]
	var dims []numeric.Dim
	var exprs []numeric.LinExpr
	for _, g := range s.globalsOf[callee] {
		dims = append(dims, s.midGlobal[g])
		exprs = append(exprs, numeric.Var(dimOf(g)))
	}
	for i := range callee.Formals {
		dims = append(dims, s.midFormal[i])
		exprs = append(exprs, op.Args[i])
	}
	caller1 := en.d.Assign(a, dims, exprs)
	var mods []numeric.Dim
	for _, g := range en.modOf[callee] {
		mods = append(mods, dimOf(g))
	}
	caller1 = en.d.Havoc(caller1, mods)
	dims, exprs = dims[:0], exprs[:0]
	var drop []numeric.Dim
	for _, g := range s.globalsOf[callee] {
		dims = append(dims, s.midGlobal[g])
		exprs = append(exprs, numeric.Var(olds[g]))
		drop = append(drop, olds[g])
	}
	for i, x := range callee.Formals {
		dims = append(dims, s.midFormal[i])
		exprs = append(exprs, numeric.Var(olds[x]))
		drop = append(drop, olds[x])
	}
	if callee.Ret != nil {
		dims = append(dims, s.midRet)
		exprs = append(exprs, numeric.Var(dimOf(callee.Ret)))
		drop = append(drop, dimOf(callee.Ret))
	}
	sum1 := en.d.Havoc(en.d.Assign(sum, dims, exprs), drop)
	out := en.d.Meet(caller1, sum1)
	if op.Result != nil {
		out = en.d.Assign(out, []numeric.Dim{dimOf(op.Result)}, []numeric.LinExpr{numeric.Var(s.midRet)})
	}
	mids := append([]numeric.Dim(nil), s.midFormal...)
	for _, g := range s.globalsOf[callee] {
		mids = append(mids, s.midGlobal[g])
	}
	mids = append(mids, s.midRet)
	return en.d.Havoc(out, mids)
}

// cexGuide orders the out-edges of a location for cexSearch: by distance
// to l in l's function, to a call that leads to l's function elsewhere,
// and, inside a callee that must return, to its exit.
type cexGuide struct {
	toGoal map[*ir.Loc]int // distance to l or to a call leading to l's function
	toExit map[*ir.Loc]int // distance to the function's exit
}

func newCexGuide(p *ir.Program, l *ir.Loc) *cexGuide {
	// Functions from which l's function can be reached.
	leads := map[*ir.Func]bool{l.Func: true}
	for changed := true; changed; {
		changed = false
		for _, f := range p.Funcs {
			if leads[f] {
				continue
			}
			for _, e := range f.Edges {
				if c, ok := e.Op.(*ir.Call); ok && leads[c.Callee] {
					leads[f] = true
					changed = true
					break
				}
			}
		}
	}
	g := &cexGuide{toGoal: map[*ir.Loc]int{}, toExit: map[*ir.Loc]int{}}
	for _, f := range p.Funcs {
		var goals []*ir.Loc
		if f == l.Func {
			goals = append(goals, l)
		}
		for _, e := range f.Edges {
			if c, ok := e.Op.(*ir.Call); ok && leads[c.Callee] && f != l.Func {
				goals = append(goals, e.From)
			}
		}
		backDist(goals, g.toGoal)
		backDist([]*ir.Loc{f.Exit}, g.toExit)
	}
	return g
}

// backDist records, for every location that reaches one of goals, its
// distance to the nearest.
func backDist(goals []*ir.Loc, dist map[*ir.Loc]int) {
	queue := append([]*ir.Loc(nil), goals...)
	for _, u := range goals {
		dist[u] = 0
	}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for _, e := range u.In {
			if _, ok := dist[e.From]; !ok {
				dist[e.From] = dist[u] + 1
				queue = append(queue, e.From)
			}
		}
	}
}

// order returns u's out-edges to try, best first: in a callee that must
// return (inCall), those that can reach its exit; elsewhere those that can
// reach the goal, then the others that can reach the exit.
func (g *cexGuide) order(u *ir.Loc, inCall bool) []*ir.Edge {
	type cand struct {
		e    *ir.Edge
		rank int
	}
	var cs []cand
	for _, e := range u.Out {
		if d, ok := g.toGoal[e.To]; ok {
			cs = append(cs, cand{e, d})
		} else if d, ok := g.toExit[e.To]; ok && inCall {
			cs = append(cs, cand{e, 1<<20 + d})
		}
	}
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && cs[j].rank < cs[j-1].rank; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
	out := make([]*ir.Edge, len(cs))
	for i, c := range cs {
		out[i] = c.e
	}
	return out
}
