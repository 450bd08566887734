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
// memoised on the pair (node, those literals): paths that differ only in
// opaque predicates share their work.

package numpred

import (
	"strconv"

	"github.com/numpred/numpred/bdd"
	"github.com/numpred/numpred/numeric"
)

type ctxKey struct {
	id  int
	ctx string
}

type ctxEntry struct {
	keep bdd.Node
	res  bdd.Node
}

// ctxApply runs Fig. 7 from context c with elimination set elim; g returns
// (result, true) when it decides a node in a context.
func (c *numCore[V]) ctxApply(u bdd.Node, g func(u bdd.Node, ctx V) (bdd.Node, bool), ctx V, elim map[int]bool) bdd.Node {
	memo := map[ctxKey]ctxEntry{}
	// path holds the constraints of the current path. Each new context
	// assumes all of them again, which recovers what a non-closed numeric
	// domain (intervals) misses when it learns constraints one at a time
	// in variable order. pathKey spells the meaningful literals of the
	// path: the memo key.
	var path []numeric.Constraint
	var pathKey []byte
	var rec func(u bdd.Node, ctx V) bdd.Node
	rec = func(u bdd.Node, ctx V) bdd.Node {
		if r, ok := g(u, ctx); ok {
			return r
		}
		key := ctxKey{u.ID(), string(pathKey)}
		if e, ok := memo[key]; ok {
			return e.res
		}
		b := c.m.Level(u)
		hi, lo := c.cofactors(u, b)
		cT, cF := ctx, ctx
		k, ok := c.meaning(b, true)
		if ok {
			cT = c.assumeLit(ctx, k, true)
			cF = c.assumeLit(ctx, k, false)
		}
		n, nk0 := len(path), len(pathKey)
		if ok {
			pathKey = strconv.AppendInt(pathKey, int64(b), 10)
			pathKey = append(pathKey, '+')
			path = append(path, k)
			if len(path) > 1 {
				cT = c.num.Assume(cT, path...)
			}
		}
		tt := rec(hi, cT)
		path = path[:n]
		if ok {
			pathKey[len(pathKey)-1] = '-'
			if nk, neg := k.Negate(); neg {
				path = append(path, nk)
				if len(path) > 1 {
					cF = c.num.Assume(cF, path...)
				}
			}
		}
		ff := rec(lo, cF)
		path, pathKey = path[:n], pathKey[:nk0]
		var r bdd.Node
		if elim[b] {
			r = c.or(tt, ff)
		} else {
			r = c.ite(b, tt, ff)
		}
		memo[key] = ctxEntry{keep: u, res: r}
		return r
	}
	return rec(u, ctx)
}
