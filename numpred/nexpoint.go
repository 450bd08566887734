// This file implements NEXPOINT (Section V-A): a value is a pair (p, n) of
// a BDD over the predicates and one numeric value; every operation is
// pointwise, exists and unprime act on the BDD, and reduce is
// alpha(gamma(v)).

package numpred

import (
	"github.com/numpred/numpred/bdd"
	"github.com/numpred/numpred/numeric"
)

// PointVal is a NEXPOINT value (p, n): gamma is P.gamma(p) && N.gamma(n).
// Bottom is kept canonical as (0, N.bot).
type PointVal[V any] struct {
	p bdd.Node
	n V
}

// NEXPoint is the NEXPOINT implementation of Domain over numeric values V.
type NEXPoint[V any] struct {
	*front[PointVal[V]]
	c *numCore[V]
}

// NewNEXPoint returns NEXPOINT over the numeric domain num and the
// precision sp.
func NewNEXPoint[V any](num numeric.Domain[V], sp *Space, opts ...Option) (*NEXPoint[V], error) {
	c, err := newNumCore(num, sp, false, opts, predsOnly)
	if err != nil {
		return nil, err
	}
	d := &NEXPoint[V]{c: c}
	d.front = &front[PointVal[V]]{b: c.base, i: nexpointImpl[V]{c}}
	d.c.pol.eagerReduce = sp.NumPreds() <= makeOptions(opts).eager
	return d, nil
}

type nexpointImpl[V any] struct{ c *numCore[V] }

func (x nexpointImpl[V]) name() string { return string(KindNEXPoint) }

func (x nexpointImpl[V]) mk(p bdd.Node, n V) PointVal[V] {
	if x.c.m.IsFalse(p) || x.c.num.IsBottom(n) {
		return x.bot()
	}
	return PointVal[V]{p, n}
}

func (x nexpointImpl[V]) top() PointVal[V] { return PointVal[V]{x.c.tt(), x.c.top()} }
func (x nexpointImpl[V]) bot() PointVal[V] { return PointVal[V]{x.c.ff(), x.c.bot()} }

func (x nexpointImpl[V]) alphaP(lits []PredLit) PointVal[V] {
	return x.mk(x.c.predCube(lits), x.c.top())
}

func (x nexpointImpl[V]) alphaN(cs []numeric.Constraint) PointVal[V] {
	return x.mk(x.c.tt(), x.c.num.Assume(x.c.top(), cs...))
}

func (x nexpointImpl[V]) assumeN(a PointVal[V], cs []numeric.Constraint) PointVal[V] {
	if x.isBot(a) {
		return a
	}
	return x.mk(a.p, x.c.num.Assume(a.n, cs...))
}

func (x nexpointImpl[V]) meet(a, b PointVal[V]) PointVal[V] {
	if x.isBot(a) || x.isBot(b) {
		return x.bot()
	}
	return x.mk(x.c.and(a.p, b.p), x.c.num.Meet(a.n, b.n))
}

func (x nexpointImpl[V]) join(a, b PointVal[V]) PointVal[V] {
	switch {
	case x.isBot(a):
		return b
	case x.isBot(b):
		return a
	}
	return x.mk(x.c.or(a.p, b.p), x.c.num.Join(a.n, b.n))
}

func (x nexpointImpl[V]) widen(a, b PointVal[V], t numeric.Thresholds) PointVal[V] {
	switch {
	case x.isBot(a):
		return b
	case x.isBot(b):
		return a
	}
	return x.mk(x.c.or(a.p, b.p), numeric.WidenWith(x.c.num, a.n, b.n, t))
}

func (x nexpointImpl[V]) isTop(a PointVal[V]) bool {
	return x.c.m.IsTrue(a.p) && x.c.num.IsTop(a.n)
}

func (x nexpointImpl[V]) isBot(a PointVal[V]) bool {
	return x.c.m.IsFalse(a.p) || x.c.num.IsBottom(a.n)
}

func (x nexpointImpl[V]) leq(a, b PointVal[V]) bool {
	if x.isBot(a) {
		return true
	}
	return x.c.implies(a.p, b.p) && x.c.num.Leq(a.n, b.n)
}

func (x nexpointImpl[V]) postN(t NumAssign, stale []PredID, a PointVal[V]) PointVal[V] {
	if x.isBot(a) {
		return a
	}
	p := x.c.exists(a.p, x.c.predVars(stale, false))
	return x.mk(p, x.c.post(t, a.n))
}

func (x nexpointImpl[V]) postNP(NumPred, PointVal[V]) (PointVal[V], bool) {
	return PointVal[V]{}, false
}

func (x nexpointImpl[V]) existsVars(vars []int, a PointVal[V]) PointVal[V] {
	if x.isBot(a) {
		return a
	}
	return x.mk(x.c.exists(a.p, vars), a.n)
}

func (x nexpointImpl[V]) unprime(a PointVal[V], ps []PredID) PointVal[V] {
	if x.isBot(a) {
		return a
	}
	return x.mk(x.c.unprimeSel(a.p, ps), a.n)
}

// reduce is alpha(gamma(v)): the valuations of p consistent with n, with
// the predicates n decides, and n refined by their literals (pointReduce,
// which searches the feasible paths one component of atoms at a time).
func (x nexpointImpl[V]) reduce(a PointVal[V]) PointVal[V] {
	if x.isBot(a) || !x.c.hasAtomPreds() {
		return x.mk(a.p, a.n)
	}
	p, n, ok := x.c.pointReduce(a.p, a.n)
	if !ok {
		return x.bot()
	}
	return x.mk(p, n)
}

// isEmpty reports whether reduce(a) would be bottom, stopping at the first
// consistent path of each component.
func (x nexpointImpl[V]) isEmpty(a PointVal[V]) bool {
	if x.isBot(a) || !x.c.hasAtomPreds() {
		return x.isBot(a)
	}
	return x.c.pointEmpty(a.p, a.n)
}

func (x nexpointImpl[V]) pathLits(path []bdd.Literal) []PredLit {
	lits := make([]PredLit, 0, len(path))
	for _, l := range path {
		if pl, ok := x.c.predLitOf(l); ok {
			lits = append(lits, pl)
		}
	}
	return lits
}

func (x nexpointImpl[V]) cubes(a PointVal[V]) []Cube {
	if x.isBot(a) {
		return nil
	}
	cs, gs := x.c.num.Constraints(a.n), numeric.CongruencesOf(x.c.num, a.n)
	var out []Cube
	x.c.paths(a.p, func(path []bdd.Literal) {
		out = append(out, Cube{Preds: x.pathLits(path), Cons: cs, Congs: gs})
	})
	return out
}

func (x nexpointImpl[V]) numBounds(a PointVal[V], es []numeric.LinExpr) ([]numeric.Range, bool) {
	if x.isBot(a) {
		return nil, false
	}
	return boundsOf(x.c.num, []V{a.n}, es)
}

func (x nexpointImpl[V]) distributive() bool { return false }

func (x nexpointImpl[V]) size(a PointVal[V]) int { return x.c.size(a.p) + 1 }

func (x nexpointImpl[V]) check(a PointVal[V]) {
	x.c.checkNode(a.p)
	x.c.checkNum(a.n)
}
