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

package numpred

import (
	"runtime"

	"github.com/numpred/numpred/bdd"
	"github.com/numpred/numpred/numeric"
)

// ctxPath is one node of the trie of the meaningful literal sequences
// met by a traversal: its context and the residual of its path
// constraints (see reassume).
type ctxPath[V any] struct {
	ctx V
	res []numeric.Constraint
}

// ctxTrie numbers the sequences of literals with a numeric meaning met on
// the paths of a diagram, and holds their contexts. The context of a node
// is a function of that sequence, so paths that differ only in opaque
// literals compute each context once, and memo tables keyed by (node,
// sequence) are exact.
type ctxTrie[V any] struct {
	c     *numCore[V]
	paths []ctxPath[V]
	next  map[[2]int32]int32 // (sequence, literal) -> sequence
	// cof caches the branches of the nodes met: a traversal visits a
	// node once per sequence, and every bdd.Node rudd returns costs an
	// allocation and a finalizer.
	cof map[int][2]bdd.Node
}

func (c *numCore[V]) newCtxTrie(ctx V) *ctxTrie[V] {
	return &ctxTrie[V]{c: c, paths: []ctxPath[V]{{ctx: ctx}}, next: map[[2]int32]int32{}, cof: map[int][2]bdd.Node{}}
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
	cx, res := c.assumeLit(p.ctx, k, pos), p.res
	if pos {
		cx, res = c.reassume(cx, p.res, k)
	} else if nk, neg := k.Negate(); neg {
		cx, res = c.reassume(cx, p.res, nk)
	}
	cid := int32(len(t.paths))
	t.paths = append(t.paths, ctxPath[V]{ctx: cx, res: res})
	t.next[tk] = cid
	return cid
}

// split returns the sequences of the two branches of a node on variable
// b below the sequence id.
func (t *ctxTrie[V]) split(id int32, b int) (int32, int32) {
	if k, ok := t.c.meaning(b, true); ok {
		return t.child(id, b, k, true), t.child(id, b, k, false)
	}
	return id, id
}

// ctxApply runs Fig. 7 from context c with elimination set elim; g returns
// (result, true) when it decides a node in a context. Results are
// memoised on (node, sequence of meaningful literals).
func (c *numCore[V]) ctxApply(u bdd.Node, g func(u bdd.Node, ctx V) (bdd.Node, bool), ctx V, elim map[int]bool) bdd.Node {
	tr := c.newCtxTrie(ctx)
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
		if r, ok := g(u, tr.paths[id].ctx); ok {
			return r
		}
		key := [2]int{u.ID(), int(id)}
		if r, ok := memo[key]; ok {
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
// context that is not bottom: whether reduce(u), that is ctxApply(u,
// reduceOp, ctx, {}), is not false. It stops at the first such path.
func (c *numCore[V]) ctxSat(u bdd.Node, ctx V) bool {
	tr := c.newCtxTrie(ctx)
	dead := map[[2]int]bool{}
	var rec func(u bdd.Node, id int32) bool
	rec = func(u bdd.Node, id int32) bool {
		switch {
		case c.m.IsFalse(u) || c.num.IsBottom(tr.paths[id].ctx):
			return false
		case c.m.IsTrue(u):
			return true
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
	return r
}

// reassume returns the context of a child and its residual: ctx has
// just assumed k, and res lists the constraints of the parent's path that
// the parent's context does not entail. It computes Assume(ctx, path...)
// over the whole path, in path order, as Fig. 7 with a non-closed
// numeric domain needs: assuming a constraint the context entails is a
// no-op, now and in every refinement of the context, and assuming k alone
// a second time right after assuming it is a no-op too, so only res ++
// [k] is assumed. The residual is res ++ [k] without what the new context
// entails.
func (c *numCore[V]) reassume(ctx V, res []numeric.Constraint, k numeric.Constraint) (V, []numeric.Constraint) {
	if c.num.IsBottom(ctx) {
		return ctx, nil
	}
	var out []numeric.Constraint
	if len(res) > 0 {
		out = make([]numeric.Constraint, 0, len(res)+1)
		ctx = c.num.Assume(ctx, append(append(out, res...), k)...)
		if c.num.IsBottom(ctx) {
			return ctx, nil
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
	return ctx, out
}
