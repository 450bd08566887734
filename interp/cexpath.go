// This file extracts an abstract counterexample as a whole
// interprocedural path, the input of a CEGAR loop's path formula
// (package encode): the trace of verdict (a chain of calls from main and
// a path of reachable locations) with every call that returns expanded
// into a path through the callee, from its entry to its exit, over the
// locations some context of the callee reaches.

package interp

import (
	"math"

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
// of edges from main's entry to an error location, calls expanded; nil
// when none could be built within the bounds, and then none reports that
// the abstraction without joins and widening reaches no error location
// at all (see cexSearch). joined reports that the path was read off the
// fixpoint's values (the search was cut short).
//
// It is first searched for as a path the abstraction itself can follow
// (cexSearch); failing that (the budget ran out), it is built from the
// fixpoint's values as follows.
//
// The values a context holds are those of all the calls it covers
// joined, so a path through them may mix call sites. Each level of the
// path is therefore re-analysed from the input of the one call it
// follows (analyzeFunc from callInput): the call site of a level is one
// whose own input still reaches the level's target, and a call that
// returns is expanded over the values of its own input.
func (en *analysis[A]) cexPath(c *context[A], l *ir.Loc, budget int) (path []*ir.Edge, none, joined bool) {
	p, complete := en.cexSearch(budget)
	if p != nil || complete {
		return p, complete, false
	}
	steps := en.cexChain(c, l)
	if steps == nil {
		return nil, false, false
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
			return nil, false, false
		}
	}
	if !connected(en.prog, out, l) {
		return nil, false, false
	}
	return out, false, true
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
func (en *analysis[A]) expandCall(vals []A, e *ir.Edge, call *ir.Call, out *[]*ir.Edge, depth int) bool {
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
func (en *analysis[A]) cexChain(c *context[A], l *ir.Loc) []valEdge[A] {
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
func (en *analysis[A]) level(vals []A, target *ir.Loc, site *valEdge[A]) []valEdge[A] {
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
func (en *analysis[A]) cexPathTo(vals []A, l *ir.Loc) []*ir.Edge {
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
// l (to an error location when l is nil): each edge leaves where the previous one arrived, calls enter their
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
	if l == nil {
		return len(path) > 0 && path[len(path)-1].To.Kind == ir.Error
	}
	return at == l || (len(path) > 0 && path[len(path)-1].To == l)
}

// DefaultCexBudget bounds the abstract operations (posts, inclusion
// tests) of one cexSearch unless Config.CexBudget says otherwise;
// maxCovering bounds the states kept per location (of one exploration)
// for covering.
const (
	DefaultCexBudget = 50000
	maxCovering      = 256
)

// cexSearch searches, depth first from main's entry, for a path to an
// error location along which the abstract post of each edge from the
// previous state is not bottom: a path of the abstract reachability tree
// (no joins). A call is explored apart, from its input (callInput), into
// the set of its exit states with a path to each (tabulated per input: a
// call whose input is covered by one explored before reuses its exits);
// the caller then continues from each exit state composed with its own
// state as a summary would be (composeCall). Edges are tried in order of
// their distance to an error location (through the calls that lead to
// one, or to the function's exit inside a callee); edges that can reach
// neither are never taken, since no error lies beyond them. Within one
// exploration, a state covered by one already explored at its location
// is not explored again.
//
// Unsupported locations (ir.Loc.Unsupported) are error locations here
// too, but a path to a violation is preferred: a path to an unsupported
// location is returned only when the search finds no violation.
//
// It returns the path, or nil; complete reports that the search ended
// without a path and without cutting anything short (budget, recursion,
// path length): then no error location is reachable in the abstraction
// without joins and widening, which proves them all unreachable, since
// every explored state was expanded by the engine's own sound transfer
// functions and a covered state's successors are covered by its
// coverer's.
func (en *analysis[A]) cexSearch(budget int) (path []*ir.Edge, complete bool) {
	switch {
	case budget == 0:
		budget = DefaultCexBudget
	case budget < 0:
		budget = math.MaxInt
	}
	x := &cexExplorer[A]{en: en, g: newCexGuide(en.prog), budget: budget, memo: map[*ir.Func][]*cexCall[A]{}, active: map[*ir.Func]int{}}
	main := en.contextsOf(en.prog.Main)
	if len(main) == 0 {
		return nil, false
	}
	r := x.explore(en.prog.Main, main[0].input)
	if r.errPath == nil && r.unsupPath != nil {
		r.errPath = r.unsupPath
	}
	if r.errPath == nil {
		return nil, !x.cut
	}
	if !connected(en.prog, r.errPath, nil) {
		return nil, false
	}
	return r.errPath, false
}

// cexExplorer is one cexSearch.
type cexExplorer[A any] struct {
	en     *analysis[A]
	g      *cexGuide
	budget int
	cut    bool // something was cut short
	memo   map[*ir.Func][]*cexCall[A]
	active map[*ir.Func]int // explorations in progress (recursion)
}

// cexCall is the exploration of a function from one input.
type cexCall[A any] struct {
	in      A
	errPath []*ir.Edge // a path from the entry to a violation, if any
	// unsupPath is a path from the entry to an unsupported location
	// (ir.Loc.Unsupported), if any: the search returns it when it finds
	// no violation.
	unsupPath []*ir.Edge
	exits     []A          // exit states, none covered by another
	exitPath  [][]*ir.Edge // a path from the entry to each
}

// explore explores f from input in (tabulated).
func (x *cexExplorer[A]) explore(f *ir.Func, in A) *cexCall[A] {
	en := x.en
	for _, c := range x.memo[f] {
		x.budget--
		if en.d.Leq(in, c.in) {
			return c
		}
	}
	r := &cexCall[A]{in: in}
	if x.active[f] > 0 {
		// Recursion: its exits are what is being computed.
		x.cut = true
		return r
	}
	x.active[f]++
	defer func() { x.active[f]-- }()
	covered := map[*ir.Loc][]A{}
	var path []*ir.Edge
	inCall := f != en.prog.Main
	var dfs func(u *ir.Loc, s A) bool // true: error found, stop
	dfs = func(u *ir.Loc, s A) bool {
		if u.Unsupported != nil {
			// Kept aside: a path to a violation is searched first.
			if r.unsupPath == nil {
				r.unsupPath = append([]*ir.Edge(nil), path...)
			}
			return false
		}
		if u.Kind == ir.Error {
			r.errPath = append([]*ir.Edge(nil), path...)
			return true
		}
		if x.budget <= 0 || len(path) > maxCexEdges {
			x.cut = true
			return false
		}
		for _, t := range covered[u] {
			x.budget--
			if en.d.Leq(s, t) {
				return false
			}
		}
		if len(covered[u]) < maxCovering {
			covered[u] = append(covered[u], s)
		}
		if u == f.Exit {
			for _, t := range r.exits {
				x.budget--
				if en.d.Leq(s, t) {
					return false
				}
			}
			for i, t := range r.exits {
				if en.d.Leq(t, s) {
					r.exits[i], r.exitPath[i] = s, append([]*ir.Edge(nil), path...)
					return false
				}
			}
			r.exits = append(r.exits, s)
			r.exitPath = append(r.exitPath, append([]*ir.Edge(nil), path...))
			return false
		}
		for _, e := range x.g.order(u, inCall) {
			x.budget--
			path = append(path, e)
			if call, ok := e.Op.(*ir.Call); ok {
				if in := en.callInput(call.Callee, call, s); !en.d.IsBottom(in) {
					sub := x.explore(call.Callee, in)
					if sub.unsupPath != nil && r.unsupPath == nil {
						r.unsupPath = append(append([]*ir.Edge(nil), path...), sub.unsupPath...)
					}
					if sub.errPath != nil {
						path = append(path, sub.errPath...)
						r.errPath = append([]*ir.Edge(nil), path...)
						return true
					}
					for i, ex := range sub.exits {
						x.budget--
						after := en.composeCall(e.From.Func, call, s, en.summaryOf(call.Callee, ex))
						if en.d.IsBottom(after) {
							continue
						}
						n := len(path)
						path = append(path, sub.exitPath[i]...)
						if dfs(e.To, after) {
							return true
						}
						path = path[:n]
					}
				}
			} else if t := en.post(e, s); !en.d.IsBottom(t) {
				if dfs(e.To, t) {
					return true
				}
			}
			path = path[:len(path)-1]
			if x.budget <= 0 {
				x.cut = true
				return false
			}
		}
		return false
	}
	dfs(f.Entry, in)
	if r.errPath == nil && !x.cut {
		x.memo[f] = append(x.memo[f], r)
	}
	return r
}

// composeCall composes the caller's state a before a call with a summary
// sum of the callee: caller side, mids := the call-time values of the
// callee's globals and the arguments, then the globals the callee may
// modify are forgotten; callee side, mids := olds and mid(ret) := ret,
// then olds and ret forgotten; their meet, the result assigned, the mids
// forgotten. The fixpoint's call transfer (transfer.go) and the
// counterexample search (one path's summary) both use it.
func (en *analysis[A]) composeCall(caller *ir.Func, op *ir.Call, a, sum A) A {
	defer en.enter(en.enter(caller))
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
	return en.forgetForeign(en.d.Havoc(out, mids))
}

// cexGuide orders the out-edges of a location for cexSearch: by distance
// to an error location or to a call that leads to one and, inside a
// callee that may return, to its exit.
type cexGuide struct {
	leads  map[*ir.Func]bool // functions from which an error location can be reached
	toGoal map[*ir.Loc]int   // distance to an error location or a call leading to one
	toExit map[*ir.Loc]int   // distance to the function's exit
}

func newCexGuide(p *ir.Program) *cexGuide {
	// Functions from which an error location can be reached.
	leads := map[*ir.Func]bool{}
	for _, f := range p.Funcs {
		if len(f.ErrorLocs()) > 0 {
			leads[f] = true
		}
	}
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
	g := &cexGuide{leads: leads, toGoal: map[*ir.Loc]int{}, toExit: map[*ir.Loc]int{}}
	for _, f := range p.Funcs {
		goals := f.ErrorLocs()
		for _, e := range f.Edges {
			if c, ok := e.Op.(*ir.Call); ok && leads[c.Callee] {
				goals = append(goals, e.From)
			}
		}
		ir.Distances(goals, g.toGoal)
		ir.Distances([]*ir.Loc{f.Exit}, g.toExit)
	}
	return g
}

// order returns u's out-edges to try, best first: calls into functions
// that lead to an error location and edges to locations that reach one,
// by distance; then, in a callee (inCall), the others that reach its exit.
// No other edge can lead to an error location.
func (g *cexGuide) order(u *ir.Loc, inCall bool) []*ir.Edge {
	type cand struct {
		e    *ir.Edge
		rank int
	}
	var cs []cand
	for _, e := range u.Out {
		if c, ok := e.Op.(*ir.Call); ok && g.leads[c.Callee] {
			// A call into a function that can reach an error location
			// leads to the goal whatever follows it.
			cs = append(cs, cand{e, 0})
		} else if d, ok := g.toGoal[e.To]; ok {
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
