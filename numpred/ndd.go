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
	if po, ok := any(num).(interface{ PredicateOnly() bool }); !ok || !po.PredicateOnly() {
		// Predicate abstraction alone has no numeric joins to grow.
		d.c.pol.strainTerms = nddStrainTerms
	}
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
func (x nddImpl[V]) alphaN(cs []numeric.Constraint) DDVal { return DDVal{x.c.consNode(cs, nil)} }

// assumeN meets with alphaN: NDD keeps constraints as terms, and reads
// each path's conjunction with the numeric domain's Assume.
func (x nddImpl[V]) assumeN(a DDVal, cs []numeric.Constraint) DDVal { return x.meet(a, x.alphaN(cs)) }

func (x nddImpl[V]) meet(a, b DDVal) DDVal { return DDVal{x.c.and(a.u, b.u)} }
func (x nddImpl[V]) join(a, b DDVal) DDVal { return DDVal{x.c.or(a.u, b.u)} }

// widen converts both arguments to MTNDD form and widens there (Section
// V-D) when every predicate precedes every term. In the interleaved order
// (DimOrder) the MTNDD form of a value, one numeric leaf per predicate
// valuation, can be exponential where the interleaved diagram is not (on
// the lock template, one leaf per subset of held locks): NDD then widens
// per predicate valuation while that takes at most mtWidenBudget steps
// (mtWidenAny), and by terms otherwise (termWiden).
func (x nddImpl[V]) widen(a, b DDVal, t numeric.Thresholds) DDVal {
	if x.c.ord == nil {
		return DDVal{x.mt.widen(x.toMT(a.u), x.toMT(b.u), t)}
	}
	m, ok := x.mtWidenAny(a.u, b.u, t, mtWidenBudget)
	if !ok {
		return DDVal{x.c.or(a.u, x.dropFresh(a.u, b.u, nil))}
	}
	return DDVal{x.dropFresh(a.u, m, t)}
}

// mtWidenBudget bounds the pairs of sub-diagrams mtWidenAny visits.
const mtWidenBudget = 1 << 12

// termWiden is u || exists T. v, where T is the numeric terms v mentions
// and u does not: the constraints that are new in v are dropped, the
// others kept, with their Boolean structure. It is an upper bound of u
// and v, and a widening: the terms of x_{i+1} = termWiden(x_i, y_i) are
// among those of x_i, so from some i on they are fixed, and over a fixed
// finite set of variables the strictly ascending chains are finite. The
// terms a value already has (the program's conditions, the bounds met so
// far) play the part of widening thresholds. widen uses the same argument
// for the result of mtWidenAny, an upper bound of u and v whose new terms
// it drops: either way the terms of the chain never grow.
func (x nddImpl[V]) termWiden(u, v bdd.Node) bdd.Node {
	return x.c.or(u, x.dropFresh(u, v, nil))
}

// dropFresh returns exists T. v, T the numeric terms of v not in u,
// except threshold bounds: atoms +-x <= c or +-x +-y <= c with c or -c a
// threshold of t, which the widening of the numeric leaves introduces.
// There are finitely many of those, so the terms of a widening chain
// still cannot grow without bound.
func (x nddImpl[V]) dropFresh(u, v bdd.Node, t numeric.Thresholds) bdd.Node {
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
		if !in[w] && c.m.IsTermVar(w) && !isThresholdAtom(c.termOf[w], t) {
			fresh = append(fresh, w)
		}
	}
	return c.exists(v, fresh)
}

// isThresholdAtom reports whether k is an octagonal atom (at most two
// variables, coefficients +-1) whose constant is a threshold of t or its
// negation.
func isThresholdAtom(k numeric.Constraint, t numeric.Thresholds) bool {
	e := k.Expr()
	if len(t) == 0 || e.NumTerms() > 2 {
		return false
	}
	for i := 0; i < e.NumTerms(); i++ {
		if a, ok := e.Term(i).Coef.Int64(); !ok || (a != 1 && a != -1) {
			return false
		}
	}
	c, ok := e.Constant().Int64()
	if !ok {
		return false
	}
	for _, v := range t {
		// e + c <= 0 bounds e by -c.
		if v == -c || v == c {
			return true
		}
	}
	return false
}

// mtWidenAny is MTNDD's widening of u and v in any variable order: it
// splits both diagrams on their first predicate variable (cofactoring
// through the term variables above it) until neither depends on a
// predicate, and widens the numeric values of the remaining term
// diagrams (the join of their paths), as MTNDD widens its leaves. ok is
// false when it would take more than budget pairs.
func (x nddImpl[V]) mtWidenAny(u, v bdd.Node, t numeric.Thresholds, budget int) (r bdd.Node, ok bool) {
	c := x.c
	first := map[int]int{} // node -> its first predicate variable, or -1
	var firstPred func(u bdd.Node) int
	firstPred = func(u bdd.Node) int {
		if c.m.IsConst(u) {
			return -1
		}
		if f, ok := first[u.ID()]; ok {
			return f
		}
		lv := c.m.Level(u)
		f := -1
		if !c.m.IsTermVar(lv) {
			f = lv
		} else {
			hi, lo := c.cofactors(u, lv)
			a, b := firstPred(hi), firstPred(lo)
			switch {
			case a < 0:
				f = b
			case b < 0:
				f = a
			default:
				f = min(a, b)
			}
		}
		first[u.ID()] = f
		return f
	}
	restrict := func(u bdd.Node, p int, pos bool) bdd.Node {
		if c.m.Level(u) == p {
			hi, lo := c.cofactors(u, p)
			if pos {
				return hi
			}
			return lo
		}
		return c.exists(c.and(u, c.lit(p, pos)), []int{p})
	}
	memo := map[[2]int]bdd.Node{}
	var keep []bdd.Node
	steps := 0
	var rec func(u, v bdd.Node) bdd.Node
	rec = func(u, v bdd.Node) bdd.Node {
		switch {
		case c.m.IsFalse(u) || u.ID() == v.ID():
			return v
		case c.m.IsFalse(v):
			return u
		}
		key := [2]int{u.ID(), v.ID()}
		if r, ok := memo[key]; ok {
			return r
		}
		if steps++; steps > budget {
			return bdd.Node{}
		}
		var r bdd.Node
		fu, fv := firstPred(u), firstPred(v)
		if fu < 0 && fv < 0 {
			// A numeric leaf is the join of its term diagram's paths,
			// which can be exponentially many: they count against the
			// budget too.
			if steps += x.leafPaths(u, budget) + x.leafPaths(v, budget); steps > budget {
				return bdd.Node{}
			}
			r = c.toBdd(numeric.WidenWith(c.num, c.leaf(u), c.leaf(v), t))
		} else {
			p := fu
			if p < 0 || (fv >= 0 && fv < p) {
				p = fv
			}
			hi := rec(restrict(u, p, true), restrict(v, p, true))
			if !hi.Valid() {
				return hi
			}
			lo := rec(restrict(u, p, false), restrict(v, p, false))
			if !lo.Valid() {
				return lo
			}
			r = c.ite(p, hi, lo)
		}
		memo[key] = r
		keep = append(keep, u, v)
		return r
	}
	r = rec(u, v)
	return r, r.Valid()
}

// leafPaths is the number of paths c.leaf(u) enumerates, at most
// limit+1: 0 for a constant or a leaf already computed.
func (x nddImpl[V]) leafPaths(u bdd.Node, limit int) int {
	c := x.c
	if c.m.IsConst(u) || c.tab != nil {
		return 0
	}
	if _, ok := c.leafMemo[u.ID()]; ok {
		return 0
	}
	n, err := c.m.PathCount(u)
	if err != nil {
		c.fail(err)
	}
	if n < 0 || n > limit {
		return limit + 1 // (a negative count overflowed)
	}
	return n
}

// reduceOp is Fig. 7's reduce operator: 0 on an infeasible context
// (which ctxApply decides before asking it).
func (x nddImpl[V]) reduceOp(u bdd.Node, ctx V) (bdd.Node, bool) {
	switch {
	case x.c.m.IsFalse(u):
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
	set := map[int]bool{}
	for _, ds := range [][]numeric.Dim{t.Dims, t.Havoc} {
		for _, d := range ds {
			for _, v := range x.c.termsOn[d] {
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
// post of t need: those of the atoms connected to a dimension t
// reads, assigns or havocs, or that an assigned predicate of ps mentions.
// The others' literals stay on their paths untouched, so leaving them out
// of contexts changes no result; it only keeps their combinations from
// multiplying the contexts.
func (x nddImpl[V]) postRel(t NumAssign, ps []PredID) []bool {
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
	return x.c.relevant(seeds)
}

// nddPost is NDDPost(s): 0 on an infeasible context (ctxApply decides
// those), the numeric post of the context at the true leaf.
func (x nddImpl[V]) nddPost(t NumAssign) func(u bdd.Node, ctx V) (bdd.Node, bool) {
	return func(u bdd.Node, ctx V) (bdd.Node, bool) {
		switch {
		case x.c.m.IsFalse(u):
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
	u, rel := x.pruneOverwritten(t, a.u)
	if rel == nil {
		rel = x.postRel(t, nil)
	}
	return DDVal{x.c.ctxApply(u, x.nddPost(t), x.c.top(), x.elimSet(t, nil), rel)}
}

// pruneOverwritten handles the components of atoms (classes of c.atoms)
// whose every atom mentions only dimensions t overwrites without reading
// them: the post forgets what their literals say, so they matter only for
// the feasibility of paths. It removes the paths infeasible in one of
// them (one component at a time, as prune does) and returns the contexts'
// filter without them; the post's result is the same as with them in
// the contexts (they share no dimension with the others, and a value over
// disjoint dimensions is their product). rel is nil when no component
// qualifies. Fig. 8(b) with C = 200 havocs x0..x200 at main's exit:
// with their atoms in the contexts, one context per path prefix, 83623
// of them, each a 203-dimension value.
func (x nddImpl[V]) pruneOverwritten(t NumAssign, u bdd.Node) (bdd.Node, []bool) {
	c := x.c
	read := map[numeric.Dim]bool{}
	for _, e := range t.Exprs {
		for _, tm := range e.Terms() {
			read[tm.Dim] = true
		}
	}
	over := map[numeric.Dim]bool{}
	for _, ds := range [][]numeric.Dim{t.Dims, t.Havoc} {
		for _, d := range ds {
			if !read[d] {
				over[d] = true
			}
		}
	}
	if len(over) < 2 {
		return u, nil
	}
	// A class is dropped when all its atoms are over overwritten
	// dimensions only.
	kept := map[numeric.Dim]bool{}
	seen := map[numeric.Dim]bool{}
	for _, k := range c.atomVars {
		r := c.atoms.find(k.Expr().Term(0).Dim)
		seen[r] = true
		for _, tm := range k.Expr().Terms() {
			if !over[tm.Dim] {
				kept[r] = true
			}
		}
	}
	drop := map[numeric.Dim]bool{}
	for r := range seen {
		if !kept[r] {
			drop[r] = true
		}
	}
	if len(drop) == 0 {
		return u, nil
	}
	for _, comp := range c.components(c.meaningful(u)) {
		if c.m.IsFalse(u) {
			break
		}
		dropped := true
		for v, in := range comp {
			if in && !drop[c.atoms.find(c.atomVars[v].Expr().Term(0).Dim)] {
				dropped = false
				break
			}
		}
		if dropped {
			u = c.ctxApply(u, x.reduceOp, c.top(), nil, comp)
		}
	}
	var seeds []numeric.Dim
	for _, ds := range [][]numeric.Dim{t.Dims, t.Havoc} {
		for _, d := range ds {
			if !drop[c.atoms.find(d)] {
				seeds = append(seeds, d)
			}
		}
	}
	for d := range read {
		seeds = append(seeds, d)
	}
	rel := c.relevant(seeds)
	if rel == nil {
		// relevant's nil means every atom; keep that meaning explicit.
		rel = make([]bool, c.m.Varnum())
		for v := range c.atomVars {
			rel[v] = true
		}
	}
	return u, rel
}

// postNP is unprime(ctxApply(u ⊓ R, NDDPost(tau_N), N.top, NumV ∪ {p_i}))
// after assuming the guard. u ⊓ R is built one predicate's relation at a
// time (relate).
func (x nddImpl[V]) postNP(t NumPred, a DDVal) (DDVal, bool) {
	u := x.relate(x.c.and(a.u, x.f.alpha(toNNF(t.Guard, true), true, true).u), t.Pred)
	elim := x.elimSet(t.Num, x.c.predVars(t.Pred.Preds, false))
	r := x.c.ctxApply(u, x.nddPost(t.Num), x.c.top(), elim, x.postRel(t.Num, t.Pred.Preds))
	// Only the assigned predicates have primed copies in r. (Their
	// current copies may be back: the numeric post can produce an atom
	// that is an atom predicate, so the renaming must handle a clash.)
	from, to := x.c.predVars(t.Pred.Preds, true), x.c.predVars(t.Pred.Preds, false)
	return DDVal{x.c.node(x.c.m.Replace(r, from, to))}, true
}

// relate returns u ⊓ R for the relation R of the predicate assignment t,
// conjoined one predicate at a time and pruned (reduce) whenever the
// diagram has doubled since the last pruning. The relation of a predicate
// p_i links its primed copy to the atoms of T_i and F_i, whose term
// variables sit in the group of their own lowest dimension: for k
// predicates whose wp atoms all land in one group, R alone has 2^k nodes
// in that order (p_1'..p_k' above t_1..t_k), though on a program's
// paths few combinations of the atoms are feasible (wrap_poly.c: 13 atoms
// over one linear form with 13 constants, 14 feasible combinations).
// Pruning keeps only the feasible ones, and a pruned diagram denotes the
// same set.
func (x nddImpl[V]) relate(u bdd.Node, t PredAssign) bdd.Node {
	c := x.c
	if r := x.f.alpha(toNNF(relationExpr(t), true), true, true).u; c.size(r) <= relateWhole {
		return c.and(u, r)
	}
	limit := 2*c.size(u) + relatePruneFloor
	for _, r := range relationExprs(t) {
		if c.m.IsFalse(u) {
			return u
		}
		u = c.and(u, x.f.alpha(toNNF(r, true), true, true).u)
		if n := c.size(u); n > limit {
			u = c.prune(u, c.top(), x.reduceOp)
			limit = 2*c.size(u) + relatePruneFloor
		}
	}
	return u
}

// relateWhole is the size of the relation up to which relate conjoins it
// at once: most relations are small, and pruning has a cost. (Variables,
// not constants, so that a test can send every relation the incremental
// way.)
var relateWhole = 1024

// relatePruneFloor is the growth below which relate does not prune.
var relatePruneFloor = 256

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
