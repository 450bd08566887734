// This file implements NEX (Section V-B): a value is a set of pairs
// {(p_1, n_1), ..., (p_k, n_k)} of predicate BDDs and numeric values,
// read as the function 2^P -> N mapping each predicate valuation in p_i to
// n_i. Conditions C1-C3 keep it tight: no empty component (C1), distinct
// numeric parts (C2), mutually disjoint predicate parts (C3). norm restores
// C1 and C2 on a set satisfying C3.
//
// Join and widen follow NEXJoin: the result is pointwise on predicate
// valuations; for a pair of components it splits p || p' into the three
// disjoint fragments p && p', p && !p', p' && !p. Here the fragments are
// taken against the union of the other value's components, which is the
// same function computed in one pass per component.

package numpred

import (
	"fmt"

	"github.com/numpred/numpred/bdd"
	"github.com/numpred/numpred/numeric"
)

// NEXVal is a NEX value: a set of pairs satisfying C1-C3.
type NEXVal[V any] struct{ pairs []nexPair[V] }

type nexPair[V any] struct {
	p bdd.Node
	n V
}

// Len returns the number of pairs.
func (v NEXVal[V]) Len() int { return len(v.pairs) }

// NEX is the NEX implementation of Domain over numeric values V.
type NEX[V any] struct {
	*front[NEXVal[V]]
	c *numCore[V]
}

// NewNEX returns NEX over the numeric domain num and the precision sp.
func NewNEX[V any](num numeric.Domain[V], sp *Space, opts ...Option) (*NEX[V], error) {
	c, err := newNumCore(num, sp, false, opts, predsOnly)
	if err != nil {
		return nil, err
	}
	d := &NEX[V]{c: c}
	d.front = &front[NEXVal[V]]{b: c.base, i: nexImpl[V]{c}}
	d.c.pol.eagerReduce = sp.NumPreds() <= makeOptions(opts).eager
	return d, nil
}

type nexImpl[V any] struct{ c *numCore[V] }

func (x nexImpl[V]) name() string { return string(KindNEX) }

// norm merges pairs with equal numeric parts and drops empty ones.
// Precondition: the pairs satisfy C3.
func (x nexImpl[V]) norm(ps []nexPair[V]) NEXVal[V] {
	var out []nexPair[V]
next:
	for _, q := range ps {
		if x.c.m.IsFalse(q.p) || x.c.num.IsBottom(q.n) {
			continue
		}
		for i := range out {
			if x.c.num.Equal(out[i].n, q.n) {
				out[i].p = x.c.or(out[i].p, q.p)
				continue next
			}
		}
		out = append(out, q)
	}
	return NEXVal[V]{out}
}

func (x nexImpl[V]) top() NEXVal[V] {
	return NEXVal[V]{[]nexPair[V]{{x.c.tt(), x.c.top()}}}
}
func (x nexImpl[V]) bot() NEXVal[V] { return NEXVal[V]{} }

func (x nexImpl[V]) alphaP(lits []PredLit) NEXVal[V] {
	return x.norm([]nexPair[V]{{x.c.predCube(lits), x.c.top()}})
}

func (x nexImpl[V]) alphaN(cs []numeric.Constraint) NEXVal[V] {
	return x.norm([]nexPair[V]{{x.c.tt(), x.c.num.Assume(x.c.top(), cs...)}})
}

func (x nexImpl[V]) assumeN(a NEXVal[V], cs []numeric.Constraint) NEXVal[V] {
	out := make([]nexPair[V], len(a.pairs))
	for i, u := range a.pairs {
		out[i] = nexPair[V]{u.p, x.c.num.Assume(u.n, cs...)}
	}
	return x.norm(out)
}

func (x nexImpl[V]) meet(a, b NEXVal[V]) NEXVal[V] {
	var out []nexPair[V]
	for _, u := range a.pairs {
		for _, w := range b.pairs {
			p := x.c.and(u.p, w.p)
			if x.c.m.IsFalse(p) {
				continue
			}
			out = append(out, nexPair[V]{p, x.c.num.Meet(u.n, w.n)})
		}
	}
	return x.norm(out)
}

// pointwise combines a and b valuation by valuation: op where both are
// defined, the defined side elsewhere.
func (x nexImpl[V]) pointwise(a, b NEXVal[V], op func(u, w V) V) NEXVal[V] {
	if len(a.pairs) == 0 {
		return b
	}
	if len(b.pairs) == 0 {
		return a
	}
	coverA, coverB := x.c.ff(), x.c.ff()
	for _, u := range a.pairs {
		coverA = x.c.or(coverA, u.p)
	}
	for _, w := range b.pairs {
		coverB = x.c.or(coverB, w.p)
	}
	notA, notB := x.c.not(coverA), x.c.not(coverB)
	var out []nexPair[V]
	for _, u := range a.pairs {
		for _, w := range b.pairs {
			if p := x.c.and(u.p, w.p); !x.c.m.IsFalse(p) {
				out = append(out, nexPair[V]{p, op(u.n, w.n)})
			}
		}
		out = append(out, nexPair[V]{x.c.and(u.p, notB), u.n})
	}
	for _, w := range b.pairs {
		out = append(out, nexPair[V]{x.c.and(w.p, notA), w.n})
	}
	return x.norm(out)
}

func (x nexImpl[V]) join(a, b NEXVal[V]) NEXVal[V] {
	return x.pointwise(a, b, x.c.num.Join)
}

func (x nexImpl[V]) widen(a, b NEXVal[V], t numeric.Thresholds) NEXVal[V] {
	return x.pointwise(a, b, func(u, w V) V { return numeric.WidenWith(x.c.num, u, w, t) })
}

func (x nexImpl[V]) isTop(a NEXVal[V]) bool {
	return len(a.pairs) == 1 && x.c.m.IsTrue(a.pairs[0].p) && x.c.num.IsTop(a.pairs[0].n)
}

func (x nexImpl[V]) isBot(a NEXVal[V]) bool { return len(a.pairs) == 0 }

// leq: (p, n) ⊑ v' iff p ⊑ \/{p'_i | n ⊑ n'_i}; v ⊑ v' iff every pair is.
func (x nexImpl[V]) leq(a, b NEXVal[V]) bool {
	for _, u := range a.pairs {
		cover := x.c.ff()
		for _, w := range b.pairs {
			if x.c.num.Leq(u.n, w.n) {
				cover = x.c.or(cover, w.p)
			}
		}
		if !x.c.implies(u.p, cover) {
			return false
		}
	}
	return true
}

// remap applies f to every predicate part and re-establishes C3 by a
// pointwise join (f may make parts overlap, e.g. exists).
func (x nexImpl[V]) remap(a NEXVal[V], f func(bdd.Node) bdd.Node) NEXVal[V] {
	acc := x.bot()
	for _, u := range a.pairs {
		acc = x.join(acc, x.norm([]nexPair[V]{{f(u.p), u.n}}))
	}
	return acc
}

func (x nexImpl[V]) postN(t NumAssign, stale []PredID, a NEXVal[V]) NEXVal[V] {
	out := make([]nexPair[V], len(a.pairs))
	for i, u := range a.pairs {
		out[i] = nexPair[V]{u.p, x.c.post(t, u.n)}
	}
	v := x.norm(out)
	if len(stale) > 0 {
		vars := x.c.predVars(stale, false)
		v = x.remap(v, func(p bdd.Node) bdd.Node { return x.c.exists(p, vars) })
	}
	return v
}

func (x nexImpl[V]) postNP(NumPred, NEXVal[V]) (NEXVal[V], bool) { return NEXVal[V]{}, false }

func (x nexImpl[V]) existsVars(vars []int, a NEXVal[V]) NEXVal[V] {
	if len(vars) == 0 {
		return a
	}
	return x.remap(a, func(p bdd.Node) bdd.Node { return x.c.exists(p, vars) })
}

func (x nexImpl[V]) unprime(a NEXVal[V], ps []PredID) NEXVal[V] {
	return x.remap(a, func(p bdd.Node) bdd.Node { return x.c.unprimeSel(p, ps) })
}

// reduce is alpha(gamma(v)): each pair's numeric part is refined per
// valuation of its predicate part (splitReduce); the refined pieces stay
// disjoint. Past the leaf limit a pair is refined as NEXPOINT would.
func (x nexImpl[V]) reduce(a NEXVal[V]) NEXVal[V] {
	if !x.c.hasAtomPreds() {
		return x.norm(a.pairs)
	}
	var out []nexPair[V]
	for _, u := range a.pairs {
		for _, r := range x.c.splitReduce(u.p, u.n, x.c.opts.leaves) {
			out = append(out, nexPair[V]{r.p, r.n})
		}
	}
	return x.norm(out)
}

// isEmpty reports whether reduce(a) would be bottom without building it:
// a pair is empty when no valuation of its predicate part is consistent
// with its numeric part, which pointEmpty decides by NEXPOINT's pruned
// search of feasible paths, one component of atoms at a time (reduce
// refines every feasible valuation up to the leaf limit).
func (x nexImpl[V]) isEmpty(a NEXVal[V]) bool {
	if !x.c.hasAtomPreds() {
		return x.isBot(a)
	}
	for _, u := range a.pairs {
		if !x.c.pointEmpty(u.p, u.n) {
			return false
		}
	}
	return true
}

// limit enforces the leaf limit: a value with more pairs than it becomes
// the one pair of the union of their predicate parts and the join of
// their numeric parts.
func (x nexImpl[V]) limit(a NEXVal[V]) NEXVal[V] {
	k := x.c.opts.leaves
	if k <= 0 || len(a.pairs) <= k {
		return a
	}
	p, n := x.c.ff(), x.c.bot()
	for _, u := range a.pairs {
		p = x.c.or(p, u.p)
		n = x.c.num.Join(n, u.n)
	}
	return x.norm([]nexPair[V]{{p, n}})
}

func (x nexImpl[V]) cubes(a NEXVal[V]) []Cube {
	var out []Cube
	for _, u := range a.pairs {
		cs, gs := x.c.num.Constraints(u.n), numeric.CongruencesOf(x.c.num, u.n)
		x.c.paths(u.p, func(path []bdd.Literal) {
			out = append(out, Cube{Preds: nexpointImpl[V]{x.c}.pathLits(path), Cons: cs, Congs: gs})
		})
	}
	return out
}

func (x nexImpl[V]) numBounds(a NEXVal[V], es []numeric.LinExpr) ([]numeric.Range, bool) {
	ns := make([]V, 0, len(a.pairs))
	for _, u := range a.pairs {
		if !x.c.m.IsFalse(u.p) {
			ns = append(ns, u.n)
		}
	}
	return boundsOf(x.c.num, ns, es)
}

func (x nexImpl[V]) distributive() bool { return false }

func (x nexImpl[V]) size(a NEXVal[V]) int {
	k := len(a.pairs)
	for _, u := range a.pairs {
		k += x.c.size(u.p)
	}
	return k
}

// check verifies C1-C3 and the components.
func (x nexImpl[V]) check(a NEXVal[V]) {
	if !x.c.opts.checking {
		return
	}
	for i, u := range a.pairs {
		x.c.checkNode(u.p)
		x.c.checkNum(u.n)
		if x.c.m.IsFalse(u.p) || x.c.num.IsBottom(u.n) {
			x.c.fail(fmt.Errorf("numpred: NEX C1 violated by pair %d", i))
		}
		for j := 0; j < i; j++ {
			if x.c.num.Equal(u.n, a.pairs[j].n) {
				x.c.fail(fmt.Errorf("numpred: NEX C2 violated by pairs %d and %d", j, i))
			}
			if !x.c.m.IsFalse(x.c.and(u.p, a.pairs[j].p)) {
				x.c.fail(fmt.Errorf("numpred: NEX C3 violated by pairs %d and %d", j, i))
			}
		}
	}
}
