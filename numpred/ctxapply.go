// This file implements ctxApply (Fig. 7 of Gurfinkel & Chaki): a
// traversal of a diagram that collects the numeric context of the current
// path and existentially eliminates the variables of a set V.
//
//	ctxApply(u, g, c, V):
//	  r := g(u, c); if r != null return r
//	  b := varOf(u); e := term(u)
//	  tt := ctxApply(bddT(u), g, e ⊓ c, V)
//	  ff := ctxApply(bddE(u), g, ¬e ⊓ c, V)
//	  return b ∈ V ? bddOr(tt, ff) : bddIte(b, tt, ff)
//
// Its cost is linear in the number of paths. The context is a function of
// the literals with a numeric meaning on the path, so results are
// memoised on the pair (node, those literals), numbered by a trie
// (ctxTrie) that also computes each context once: paths that differ only
// in opaque predicates share their work. Each context re-assumes the
// constraints of its path that its ancestors' contexts do not entail
// (reassume), which for a non-closed domain (intervals) recovers what
// assuming them one at a time in variable order misses, at the cost of
// the few relational constraints that stay undecided rather than the
// whole path. ctxSat is the query form used by NDD's leq: it stops at the
// first feasible path.
//
// A context only collects the literals a caller declares relevant (a
// filter over variables): the numeric post of a transformer needs the
// atoms connected to the dimensions it reads or writes, and emptiness
// decomposes over the connected components of the atoms (constraints over
// disjoint dimensions are jointly satisfiable when each part is). The
// number of contexts is then the number of distinct relevant literal
// sequences, not of paths: on the lock template, where each lock's atoms
// form a component of their own, a few per node instead of 2^N.

package numpred

import (
	"fmt"
	"runtime"
	"sort"

	"github.com/numpred/numpred/bdd"
	"github.com/numpred/numpred/numeric"
)

// ctxPath is one node of the trie of the meaningful literal sequences
// met by a traversal: its context and the residual of its path
// constraints (see reassume).
type ctxPath[V any] struct {
	ctx V
	res []numeric.Constraint
	// bot caches IsBottom(ctx): traversals ask it at every node they
	// reach under the path, and an emptiness test of a polyhedron is
	// not free.
	bot bool
}

// ctxTrie numbers the sequences of literals with a numeric meaning met on
// the paths of a diagram, and holds their contexts. The context of a node
// is a function of that sequence, so paths that differ only in opaque
// literals compute each context once, and memo tables keyed by (node,
// sequence) are exact. (A literal the context entails still extends the
// sequence when the parent has a residual: its child re-assumes the
// residual, which can tighten a non-closed context; keeping the parent's
// context instead made NDD's diagrams explode on Fig. 2(a). Without a
// residual the literal changes nothing, and the child is the parent.)
type ctxTrie[V any] struct {
	c *numCore[V]
	*ctxPaths[V]
	// cof caches the branches of the nodes met: a traversal visits a
	// node once per sequence, and every bdd.Node rudd returns costs an
	// allocation and a finalizer.
	cof map[int][2]bdd.Node
	// rel says which variables' literals enter contexts (nil: every
	// variable with a numeric meaning).
	rel []bool
}

// ctxPaths is the trie proper: the contexts of the sequences and the
// edges between them. Literals are named by their variables, whose atoms
// never change, so the trie of the sequences below the top context is
// kept across traversals (numCore.topPaths): NDD starts every ctxApply
// from top, and the same path contexts come back in every post, reduce
// and leq of a fixpoint.
type ctxPaths[V any] struct {
	paths []ctxPath[V]
	next  map[[2]int32]int32 // (sequence, literal) -> sequence
}

// maxTopPaths bounds the kept trie; it is started afresh when full.
// (wrap_poly.c under NDD and polyhedra meets about 25000 contexts: at
// 1 << 14 the trie was restarted over and over, 5.3 s against 3.2 s.)
const maxTopPaths = 1 << 16

// newCtxTrie returns a trie rooted at ctx; top says that ctx is the top
// value, whose trie is the one kept across calls.
func (c *numCore[V]) newCtxTrie(ctx V, top bool, rel []bool) *ctxTrie[V] {
	t := &ctxTrie[V]{c: c, cof: map[int][2]bdd.Node{}, rel: rel}
	if !top {
		t.ctxPaths = &ctxPaths[V]{paths: []ctxPath[V]{{ctx: ctx, bot: c.num.IsBottom(ctx)}}, next: map[[2]int32]int32{}}
		return t
	}
	if c.topPaths == nil || len(c.topPaths.paths) > maxTopPaths {
		c.topPaths = &ctxPaths[V]{paths: []ctxPath[V]{{ctx: ctx, bot: c.num.IsBottom(ctx)}}, next: map[[2]int32]int32{}}
	}
	t.ctxPaths = c.topPaths
	return t
}

// branches returns the root variable of the internal node u and its two
// branches.
func (t *ctxTrie[V]) branches(u bdd.Node) (int, bdd.Node, bdd.Node) {
	b := t.c.m.Level(u)
	if e, ok := t.cof[u.ID()]; ok {
		return b, e[0], e[1]
	}
	hi, lo := t.c.cofactors(u, b)
	t.cof[u.ID()] = [2]bdd.Node{hi, lo}
	return b, hi, lo
}

// child returns the sequence id followed by the literal (v, pos), where k
// is v's meaning.
func (t *ctxTrie[V]) child(id int32, v int, k numeric.Constraint, pos bool) int32 {
	lit := int32(2 * v)
	if pos {
		lit++
	}
	tk := [2]int32{id, lit}
	if cid, ok := t.next[tk]; ok {
		return cid
	}
	c, p := t.c, t.paths[id]
	if len(p.res) == 0 && !p.bot {
		// A literal the context entails, with no residual to re-assume,
		// leaves the context as it is: the sequence with it and the one
		// without have the same context and the same children.
		lk, ok := k, true
		if !pos {
			lk, ok = k.Negate()
		}
		if ok && c.num.Entails(p.ctx, lk) {
			t.next[tk] = id
			return id
		}
	}
	cx, res := c.assumeLit(p.ctx, k, pos), p.res
	var bot bool
	if pos {
		cx, res, bot = c.reassume(cx, p.res, k)
	} else if nk, neg := k.Negate(); neg {
		cx, res, bot = c.reassume(cx, p.res, nk)
	} else {
		bot = c.num.IsBottom(cx)
	}
	cid := int32(len(t.paths))
	t.paths = append(t.paths, ctxPath[V]{ctx: cx, res: res, bot: bot})
	t.next[tk] = cid
	return cid
}

// split returns the sequences of the two branches of a node on variable
// b below the sequence id.
func (t *ctxTrie[V]) split(id int32, b int) (int32, int32) {
	if t.rel != nil && (b >= len(t.rel) || !t.rel[b]) {
		return id, id
	}
	if k, ok := t.c.meaning(b, true); ok {
		return t.child(id, b, k, true), t.child(id, b, k, false)
	}
	return id, id
}

// ctxApply runs Fig. 7 from context c with elimination set elim; g returns
// (result, true) when it decides a node in a context; a node in a bottom
// context is false without asking g (an infeasible path contributes
// nothing, in every use of Fig. 7). Contexts collect the
// literals of the variables rel marks (nil: all). Results are memoised on
// (node, sequence of relevant literals).
func (c *numCore[V]) ctxApply(u bdd.Node, g func(u bdd.Node, ctx V) (bdd.Node, bool), ctx V, elim map[int]bool, rel []bool) bdd.Node {
	tr := c.newCtxTrie(ctx, c.num.IsTop(ctx), rel)
	var elimv []bool
	for v := range elim {
		if elim[v] {
			for len(elimv) <= v {
				elimv = append(elimv, false)
			}
			elimv[v] = true
		}
	}
	memo := map[[2]int]bdd.Node{}
	var rec func(u bdd.Node, id int32) bdd.Node
	rec = func(u bdd.Node, id int32) bdd.Node {
		c.poll()
		key := [2]int{u.ID(), int(id)}
		if r, ok := memo[key]; ok {
			return r
		}
		if tr.paths[id].bot {
			return c.ff()
		}
		if r, ok := g(u, tr.paths[id].ctx); ok {
			return r
		}
		b, hi, lo := tr.branches(u)
		tid, fid := tr.split(id, b)
		tt := rec(hi, tid)
		ff := rec(lo, fid)
		var r bdd.Node
		if b < len(elimv) && elimv[b] {
			r = c.or(tt, ff)
		} else {
			r = c.ite(b, tt, ff)
		}
		memo[key] = r
		return r
	}
	r := rec(u, 0)
	// The memo tables are keyed by node IDs: the root keeps every node
	// of the diagram alive (and its IDs unused) until the end.
	runtime.KeepAlive(u)
	return r
}

// ctxSat reports whether some path of u reaches the true leaf in a
// context (of the literals rel marks) that is not bottom. It stops at the
// first such path.
func (c *numCore[V]) ctxSat(u bdd.Node, ctx V, rel []bool) bool {
	r, _ := c.ctxSatBudget(u, ctx, rel, 0)
	return r
}

// ctxSatBudget is ctxSat within budget steps (0: no limit); decided is
// false when the budget ran out first.
func (c *numCore[V]) ctxSatBudget(u bdd.Node, ctx V, rel []bool, budget int) (sat, decided bool) {
	tr := c.newCtxTrie(ctx, c.num.IsTop(ctx), rel)
	dead := map[[2]int]bool{}
	steps := 0
	out := false
	var rec func(u bdd.Node, id int32) bool
	rec = func(u bdd.Node, id int32) bool {
		switch {
		case c.m.IsFalse(u) || tr.paths[id].bot:
			return false
		case c.m.IsTrue(u):
			return true
		}
		steps++
		if budget > 0 && steps > budget {
			out = true
			return true // unwinds the search; the answer is discarded
		}
		key := [2]int{u.ID(), int(id)}
		if dead[key] {
			return false
		}
		b, hi, lo := tr.branches(u)
		tid, fid := tr.split(id, b)
		if rec(hi, tid) || rec(lo, fid) {
			return true
		}
		dead[key] = true
		return false
	}
	r := rec(u, 0)
	runtime.KeepAlive(u)
	if out {
		return false, false
	}
	return r, true
}

// reassume returns the context of a child and its residual: ctx has
// just assumed k, and res lists the constraints of the parent's path that
// the parent's context does not entail. It computes Assume(ctx, path...)
// over the whole path, in path order, as Fig. 7 with a non-closed
// numeric domain needs: assuming a constraint the context entails is a
// no-op, now and in every refinement of the context, and assuming k alone
// a second time right after assuming it is a no-op too, so only res ++
// [k] is assumed. The residual is res ++ [k] without what the new context
// entails; bot reports whether the context is bottom.
func (c *numCore[V]) reassume(ctx V, res []numeric.Constraint, k numeric.Constraint) (_ V, _ []numeric.Constraint, bot bool) {
	if c.num.IsBottom(ctx) {
		return ctx, nil, true
	}
	var out []numeric.Constraint
	if len(res) > 0 {
		out = make([]numeric.Constraint, 0, len(res)+1)
		ctx = c.num.Assume(ctx, append(append(out, res...), k)...)
		if c.num.IsBottom(ctx) {
			return ctx, nil, true
		}
		out = out[:0]
	}
	for _, h := range res {
		if !c.num.Entails(ctx, h) {
			out = append(out, h)
		}
	}
	if !c.num.Entails(ctx, k) {
		out = append(out, k)
	}
	return ctx, out, false
}

// meaningful returns the variables of u's support that have a numeric
// meaning, with their atoms.
func (c *numCore[V]) meaningful(u bdd.Node) map[int]numeric.Constraint {
	vs, err := c.m.Support(u)
	if err != nil {
		c.fail(err)
	}
	out := map[int]numeric.Constraint{}
	for _, v := range vs {
		if k, ok := c.meaning(v, true); ok {
			out[v] = k
		}
	}
	return out
}

// dimUnion is a union-find over dimensions.
type dimUnion map[numeric.Dim]numeric.Dim

func (uf dimUnion) find(d numeric.Dim) numeric.Dim {
	for {
		p, ok := uf[d]
		if !ok || p == d {
			return d
		}
		if g, ok := uf[p]; ok {
			uf[d] = g // path halving
		}
		d = p
	}
}

// join merges the classes of the dimensions of k and returns its class.
func (uf dimUnion) join(k numeric.Constraint) numeric.Dim {
	ts := k.Expr().Terms()
	r := uf.find(ts[0].Dim)
	for _, t := range ts[1:] {
		if s := uf.find(t.Dim); s != r {
			uf[s] = r
		}
	}
	return r
}

// linkAtom records the atom k of variable v for relevant.
func (c *numCore[V]) linkAtom(v int, k numeric.Constraint) {
	c.atoms.join(k)
	c.atomVars[v] = k
	clear(c.relCache)
}

// relevant returns the filter of the variables whose atoms are connected,
// through the atoms of all variables so far, to a dimension of seeds:
// what a numeric post over seeds can read or change (nil when that is
// every variable with a numeric meaning). Connecting through every atom
// rather than those of one diagram makes the filter a function of the
// seeds' components alone, computed once until a new atom comes.
func (c *numCore[V]) relevant(seeds []numeric.Dim) []bool {
	roots := make([]int, 0, len(seeds))
	for _, d := range seeds {
		roots = append(roots, int(c.atoms.find(d)))
	}
	sort.Ints(roots)
	key := fmt.Sprint(roots)
	if rel, ok := c.relCache[key]; ok {
		return rel
	}
	in := map[numeric.Dim]bool{}
	for _, r := range roots {
		in[numeric.Dim(r)] = true
	}
	rel := make([]bool, c.m.Varnum())
	all := true
	for v, k := range c.atomVars {
		if in[c.atoms.find(k.Expr().Term(0).Dim)] {
			rel[v] = true
		} else {
			all = false
		}
	}
	if all {
		rel = nil
	}
	c.relCache[key] = rel
	return rel
}

// components returns, for every connected component of atoms with at
// least two variables, the filter of its variables. A path is infeasible
// exactly when its literals of some component are: components share no
// dimension. (A single literal is always satisfiable: atoms are never
// constant.)
func (c *numCore[V]) components(atoms map[int]numeric.Constraint) [][]bool {
	uf := dimUnion{}
	for _, k := range atoms {
		uf.join(k)
	}
	byRoot := map[numeric.Dim][]int{}
	for v, k := range atoms {
		r := uf.find(k.Expr().Term(0).Dim)
		byRoot[r] = append(byRoot[r], v)
	}
	roots := make([]numeric.Dim, 0, len(byRoot))
	for r, vs := range byRoot {
		if len(vs) > 1 {
			roots = append(roots, r)
		}
	}
	sort.Slice(roots, func(i, j int) bool { return roots[i] < roots[j] })
	out := make([][]bool, len(roots))
	for i, r := range roots {
		out[i] = make([]bool, c.m.Varnum())
		for _, v := range byRoot[r] {
			out[i][v] = true
		}
	}
	return out
}

// prune returns u without its infeasible paths (the reduce of NDD,
// ctxApply(u, reduceOp, ctx, {})), one component of its atoms at a time:
// each pass removes the paths whose literals of one component are
// infeasible, so after all passes every path is feasible.
func (c *numCore[V]) prune(u bdd.Node, ctx V, g func(u bdd.Node, ctx V) (bdd.Node, bool)) bdd.Node {
	for _, rel := range c.components(c.meaningful(u)) {
		if c.m.IsFalse(u) {
			break
		}
		u = c.ctxApply(u, g, ctx, nil, rel)
	}
	return u
}

// feasibleBudget bounds the steps of feasible's first, path-wise search.
const feasibleBudget = 1 << 12

// feasible reports whether some path of u is feasible: the last component
// is searched with ctxSat, which stops at the first feasible path, after
// the others have pruned u.
func (c *numCore[V]) feasible(u bdd.Node, ctx V, g func(u bdd.Node, ctx V) (bdd.Node, bool)) bool {
	// A search over whole paths decides most queries at once (it stops
	// at the first feasible path); only when its contexts multiply does
	// the component-wise pruning take over.
	if sat, ok := c.ctxSatBudget(u, ctx, nil, feasibleBudget); ok {
		return sat
	}
	comps := c.components(c.meaningful(u))
	for i, rel := range comps {
		if c.m.IsFalse(u) {
			return false
		}
		if i == len(comps)-1 {
			return c.ctxSat(u, ctx, rel)
		}
		u = c.ctxApply(u, g, ctx, nil, rel)
	}
	return !c.m.IsFalse(u)
}
