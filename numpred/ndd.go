// This file implements NDD (Section V-D): a value is a BDD over predicate
// and numeric terms, read as a propositional formula whose atoms are
// interpreted; a term and its negation share one variable in opposite
// phases, and an atom predicate is the same variable as its numeric term.
// meet, join, exists and unprime are bddAnd, bddOr, bddExists and
// bddPermute; reduce, leq and alphaPost_N use ctxApply; widen goes through
// MTNDD (in the interleaved order of DimOrder, by terms: termWiden);
// (e ? tau_N) && tau_P stages tau_P in the primed (shadow) variables,
// applies tau_N while eliminating the current copies, and unprimes.

package numpred

import (
	"github.com/numpred/numpred/bdd"
	"github.com/numpred/numpred/numeric"
)

// NDD is the NDD implementation of Domain over numeric values V.
type NDD[V any] struct {
	*front[DDVal]
	c *numCore[V]
}

// NewNDD returns NDD over the numeric domain num and the precision sp.
func NewNDD[V any](num numeric.Domain[V], sp *Space, opts ...Option) (*NDD[V], error) {
	c, err := newNumCore(num, sp, true, opts, interleaved)
	if err != nil {
		return nil, err
	}
	d := &NDD[V]{c: c}
	f := &front[DDVal]{b: c.base}
	f.i = nddImpl[V]{mt[V]{c}, f}
	d.front = f
	return d, nil
}

type nddImpl[V any] struct {
	mt[V]
	f *front[DDVal]
}

func (x nddImpl[V]) name() string       { return string(KindNDD) }
func (x nddImpl[V]) top() DDVal         { return DDVal{x.c.tt()} }
func (x nddImpl[V]) bot() DDVal         { return DDVal{x.c.ff()} }
func (x nddImpl[V]) isTop(a DDVal) bool { return x.c.m.IsTrue(a.u) }
func (x nddImpl[V]) isBot(a DDVal) bool { return x.c.m.IsFalse(a.u) }

func (x nddImpl[V]) alphaP(lits []PredLit) DDVal { return DDVal{x.c.predCube(lits)} }

// alphaN encodes the constraints directly as terms: exact, and at least as
// precise as toBdd(N.gamma(N.alpha(cs))).
func (x nddImpl[V]) alphaN(cs []numeric.Constraint) DDVal { return DDVal{x.c.consNode(cs)} }

func (x nddImpl[V]) meet(a, b DDVal) DDVal { return DDVal{x.c.and(a.u, b.u)} }
func (x nddImpl[V]) join(a, b DDVal) DDVal { return DDVal{x.c.or(a.u, b.u)} }

// widen converts both arguments to MTNDD form and widens there (Section
// V-D) when every predicate precedes every term. In the interleaved order
// (DimOrder) the MTNDD form of a value, one numeric leaf per predicate
// valuation, is exponential where the interleaved diagram is not (on the
// lock template, one leaf per subset of held locks), so NDD widens by
// terms instead (termWiden).
func (x nddImpl[V]) widen(a, b DDVal, t numeric.Thresholds) DDVal {
	if x.c.ord != nil && (x.c.sp.NumPreds() > termWidenPreds || isPredicateOnly(x.c.num)) {
		return DDVal{x.termWiden(a.u, b.u)}
	}
	return DDVal{x.mt.widen(x.toMT(a.u), x.toMT(b.u), t)}
}

// termWidenPreds is the number of predicates from which NDD widens by
// terms in the interleaved order: below it the MTNDD form stays small, and
// its widening keeps the bounds termWiden drops (widening by terms lost
// the proof of loop-acceleration/nested_1-1.c).
const termWidenPreds = 16

// PredicateOnly is implemented by a numeric domain that keeps no numeric
// information (the paper's Predicate configuration): NDD over it widens by
// terms whatever the number of predicates, since the MTNDD form of its
// values has nothing to widen and only loses the Boolean structure.
type PredicateOnly interface{ PredicateOnly() bool }

func isPredicateOnly(d any) bool {
	p, ok := d.(PredicateOnly)
	return ok && p.PredicateOnly()
}

// termWiden is u || exists T. v, where T is the numeric terms v mentions
// and u does not: the constraints that are new in v are dropped, the
// others kept, with their Boolean structure. It is an upper bound of u
// and v, and a widening: the terms of x_{i+1} = termWiden(x_i, y_i) are
// among those of x_i, so from some i on they are fixed, and over a fixed
// finite set of variables the strictly ascending chains are finite. The
// terms a value already has (the program's conditions, the bounds met so
// far) play the part of widening thresholds.
func (x nddImpl[V]) termWiden(u, v bdd.Node) bdd.Node {
	c := x.c
	su, err := c.m.Support(u)
	if err != nil {
		c.fail(err)
	}
	sv, err := c.m.Support(v)
	if err != nil {
		c.fail(err)
	}
	in := map[int]bool{}
	for _, w := range su {
		in[w] = true
	}
	var fresh []int
	for _, w := range sv {
		if !in[w] && c.m.IsTermVar(w) {
			fresh = append(fresh, w)
		}
	}
	return c.or(u, c.exists(v, fresh))
}

// reduceOp is Fig. 7's reduce operator: 0 on an infeasible context.
func (x nddImpl[V]) reduceOp(u bdd.Node, ctx V) (bdd.Node, bool) {
	switch {
	case x.c.m.IsFalse(u) || x.c.num.IsBottom(ctx):
		return x.c.ff(), true
	case x.c.m.IsTrue(u):
		return u, true
	}
	return bdd.Node{}, false
}

func (x nddImpl[V]) reduce(a DDVal) DDVal {
	return DDVal{x.c.prune(a.u, x.c.top(), x.reduceOp)}
}

// leq is reduce(meet(u, bddNot(v))) = 0, decided by ctxSat, which stops
// at the first feasible path of the difference.
func (x nddImpl[V]) leq(a, b DDVal) bool {
	d := x.c.and(a.u, x.c.not(b.u))
	if x.c.m.IsFalse(d) {
		return true
	}
	return !x.c.feasible(d, x.c.top(), x.reduceOp)
}

// elimSet returns the variables whose terms mention a dimension t assigns
// (the paper's NumV, restricted to terms t can change) plus extra.
func (x nddImpl[V]) elimSet(t NumAssign, extra []int) map[int]bool {
	dims := map[numeric.Dim]bool{}
	for _, d := range t.Dims {
		dims[d] = true
	}
	for _, d := range t.Havoc {
		dims[d] = true
	}
	set := map[int]bool{}
	for v, k := range x.c.termOf {
		for _, tm := range k.Expr().Terms() {
			if dims[tm.Dim] {
				set[v] = true
			}
		}
	}
	for _, p := range x.c.stale(t, nil) {
		set[x.c.predVar(p, false)] = true
	}
	for _, v := range extra {
		set[v] = true
	}
	return set
}

// postRel returns the variables whose literals the contexts of a numeric
// post of t over u need: those of the atoms connected to a dimension t
// reads, assigns or havocs, or that an assigned predicate of ps mentions.
// The others' literals stay on their paths untouched, so leaving them out
// of contexts changes no result; it only keeps their combinations from
// multiplying the contexts.
func (x nddImpl[V]) postRel(u bdd.Node, t NumAssign, ps []PredID) []bool {
	var seeds []numeric.Dim
	seeds = append(seeds, t.Dims...)
	seeds = append(seeds, t.Havoc...)
	for _, e := range t.Exprs {
		for _, tm := range e.Terms() {
			seeds = append(seeds, tm.Dim)
		}
	}
	for _, p := range ps {
		if k, ok := x.c.sp.PredAtom(p); ok {
			for _, tm := range k.Expr().Terms() {
				seeds = append(seeds, tm.Dim)
			}
		}
	}
	return x.c.relevant(x.c.meaningful(u), seeds)
}

// nddPost is NDDPost(s): 0 on an infeasible context, the numeric post of
// the context at the true leaf.
func (x nddImpl[V]) nddPost(t NumAssign) func(u bdd.Node, ctx V) (bdd.Node, bool) {
	return func(u bdd.Node, ctx V) (bdd.Node, bool) {
		switch {
		case x.c.m.IsFalse(u) || x.c.num.IsBottom(ctx):
			return x.c.ff(), true
		case x.c.m.IsTrue(u):
			return x.c.toBdd(x.c.post(t, ctx)), true
		}
		return bdd.Node{}, false
	}
}

// postN is ctxApply(u, NDDPost(t), N.top, NumV). Stale atom predicates are
// among the eliminated terms already.
func (x nddImpl[V]) postN(t NumAssign, _ []PredID, a DDVal) DDVal {
	if len(t.Dims) == 0 && len(t.Havoc) == 0 {
		return a
	}
	return DDVal{x.c.ctxApply(a.u, x.nddPost(t), x.c.top(), x.elimSet(t, nil), x.postRel(a.u, t, nil))}
}

// postNP is unprime(ctxApply(u ⊓ R, NDDPost(tau_N), N.top, NumV ∪ {p_i}))
// after assuming the guard.
func (x nddImpl[V]) postNP(t NumPred, a DDVal) (DDVal, bool) {
	u := x.c.and(a.u, x.f.alpha(toNNF(And(t.Guard, relationExpr(t.Pred)), true), true, true).u)
	elim := x.elimSet(t.Num, x.c.predVars(t.Pred.Preds, false))
	r := x.c.ctxApply(u, x.nddPost(t.Num), x.c.top(), elim, x.postRel(u, t.Num, t.Pred.Preds))
	// Only the assigned predicates have primed copies in r. (Their
	// current copies may be back: the numeric post can produce an atom
	// that is an atom predicate, so the renaming must handle a clash.)
	from, to := x.c.predVars(t.Pred.Preds, true), x.c.predVars(t.Pred.Preds, false)
	return DDVal{x.c.node(x.c.m.Replace(r, from, to))}, true
}

func (x nddImpl[V]) existsVars(vars []int, a DDVal) DDVal {
	return DDVal{x.c.exists(a.u, vars)}
}

func (x nddImpl[V]) unprime(a DDVal, ps []PredID) DDVal {
	return DDVal{x.c.unprimeSel(a.u, ps)}
}

// cubes lists the paths; term variables become constraints, predicate
// variables (including atom predicates) predicate literals.
func (x nddImpl[V]) cubes(a DDVal) []Cube {
	c := x.c
	var out []Cube
	c.paths(a.u, func(path []bdd.Literal) {
		var cb Cube
		for _, l := range path {
			if pl, ok := c.predLitOf(l); ok {
				cb.Preds = append(cb.Preds, pl)
				continue
			}
			if k, ok := c.termOf[l.Var]; ok {
				if kc, ok := litConstraint(k, l.Pos); ok {
					cb.Cons = append(cb.Cons, kc)
				}
			}
		}
		out = append(out, cb)
	})
	return out
}

func (x nddImpl[V]) distributive() bool { return true }

func (x nddImpl[V]) size(a DDVal) int { return x.c.size(a.u) }
func (x nddImpl[V]) check(a DDVal)    { x.c.checkNode(a.u) }
