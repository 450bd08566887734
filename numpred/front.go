// This file implements front, the part of Domain common to all four
// implementations: statistics, error recovery, alpha over expressions
// (Section IV's recursive definition with proj_P and proj_N), and the
// interpretation of the transformer language of Fig. 5 in terms of each
// implementation's meet, join, exists, unprime and alphaPost_N.

package numpred

import (
	"github.com/numpred/numpred/numeric"
)

// impl is what an implementation provides to front. Its methods may fail
// by panicking with a failure (see base.catch).
type impl[A any] interface {
	name() string
	top() A
	bot() A
	// alphaP abstracts a conjunction of (possibly primed) predicate
	// literals; alphaN a conjunction of constraints.
	alphaP(lits []PredLit) A
	alphaN(cs []numeric.Constraint) A
	// assumeN is the numeric Assume of cs on every numeric part of a:
	// meet(a, alphaN(cs)) where the numeric domain is relational over
	// cs, more precise where it is not (an interval domain keeps no
	// relation alone, but propagates one through the bounds it meets).
	assumeN(a A, cs []numeric.Constraint) A
	meet(a, b A) A
	join(a, b A) A
	widen(a, b A, t numeric.Thresholds) A
	isTop(a A) bool
	isBot(a A) bool
	leq(a, b A) bool
	// postN applies t and forgets the predicates stale.
	postN(t NumAssign, stale []PredID, a A) A
	// postNP applies tau_NP natively; ok false means "use the sequential
	// reading assume; tau_P; tau_N".
	postNP(t NumPred, a A) (r A, ok bool)
	// existsVars quantifies BDD predicate-role variables.
	existsVars(vars []int, a A) A
	// unprime renames p' to p for every predicate (ps nil, exact even when
	// p occurs) or for ps, whose current copies were just quantified.
	unprime(a A, ps []PredID) A
	reduce(a A) A
	cubes(a A) []Cube
	size(a A) int
	check(a A)
	// distributive reports whether meet distributes over join exactly
	// (NDD), so that assume may meet with alpha(e) directly.
	distributive() bool
}

// front implements Domain[A] over an impl.
type front[A any] struct {
	b *base
	i impl[A]
}

func (f *front[A]) Name() string  { return f.i.name() }
func (f *front[A]) Space() *Space { return f.b.sp }
func (f *front[A]) Err() error    { return f.b.err }

func (f *front[A]) TermUse() (used, capacity int) {
	return f.b.m.TermsUsed(), f.b.m.TermCapacity()
}

// Top returns the value denoting every state.
func (f *front[A]) Top() A { return f.i.top() }

// Bottom returns the value denoting no state.
func (f *front[A]) Bottom() A { return f.i.bot() }

func (f *front[A]) Stats() Stats {
	s := Stats{Ops: f.b.stats.ops, Terms: f.b.m.TermsUsed()}
	s.BDDNodes = f.b.bddNodes()
	s.PeakBDDNodes = f.b.m.PeakLiveNodes()
	s.BDDTable = f.b.m.TableSize()
	return s
}

func (f *front[A]) ResetStats() {
	f.b.stats = counters{}
}

// value runs op under stats and error recovery; on failure it returns
// fallback. The results of joins, abstractions and transformers are held
// to the leaf limit; those of meet (which must stay a lower bound), reduce
// (which must keep the concrete states) and widen (a join after it could
// break its termination) are not, and the next operation limits them.
func (f *front[A]) value(op Op, fallback func() A, body func() A) (r A) {
	defer f.b.stats.start(op)()
	defer f.b.catch(func() { r = fallback() })
	r = body()
	if l, ok := f.i.(limiter[A]); ok && f.b.opts.leaves > 0 && op != OpMeet && op != OpReduce && op != OpWiden {
		r = l.limit(r)
	}
	f.i.check(r)
	return r
}

// limiter is implemented by the implementations whose values map
// predicate valuations to numeric values (NEX, MTNDD): limit joins the
// numeric parts of a value with more distinct ones than the LeafLimit
// option allows.
type limiter[A any] interface {
	limit(a A) A
}

func (f *front[A]) query(op Op, body func() bool) (r bool) {
	defer f.b.stats.start(op)()
	defer f.b.catch(func() { r = false })
	return body()
}

// topFallback returns Top as the result of an operation that failed. Top
// itself may fail in a broken manager: then the zero value stands for it
// (the domain's Err is set already, so the analysis answers UNKNOWN). Only
// the failures the BDD layer raises on purpose are recovered; any other
// panic is a programming error and propagates.
func (f *front[A]) topFallback() (r A) {
	defer f.b.catch(func() {})
	return f.i.top()
}

func (f *front[A]) Gamma(a A) (e Expr) {
	defer f.b.stats.start(OpGamma)()
	defer f.b.catch(func() { e = True() })
	return cubesExpr(f.i.cubes(a))
}

func (f *front[A]) Cubes(a A) (cs []Cube) {
	defer f.b.stats.start(OpGamma)()
	defer f.b.catch(func() { cs = []Cube{{}} })
	return f.i.cubes(a)
}

func (f *front[A]) String(a A) (s string) {
	defer f.b.catch(func() { s = "<error: " + f.b.err.Error() + ">" })
	return cubesString(f.b.sp, f.i.cubes(a))
}

func (f *front[A]) Size(a A) (k int) {
	defer f.b.catch(func() { k = 0 })
	return f.i.size(a)
}

func (f *front[A]) Alpha(e Expr) A {
	return f.value(OpAlpha, f.topFallback, func() A { return f.alpha(toNNF(e, true), true, true) })
}

func (f *front[A]) AlphaP(e Expr) A {
	return f.value(OpAlpha, f.topFallback, func() A { return f.alpha(toNNF(e, true), true, false) })
}

func (f *front[A]) AlphaN(e Expr) A {
	return f.value(OpAlpha, f.topFallback, func() A { return f.alpha(toNNF(e, true), false, true) })
}

func (f *front[A]) Meet(a, b A) A {
	return f.value(OpMeet, f.topFallback, func() A { return f.i.meet(a, b) })
}

func (f *front[A]) Join(a, b A) A {
	return f.value(OpJoin, f.topFallback, func() A { return f.i.join(a, b) })
}

func (f *front[A]) Widen(a, b A) A { return f.WidenWith(a, b, nil) }

func (f *front[A]) WidenWith(a, b A, t numeric.Thresholds) A {
	return f.value(OpWiden, f.topFallback, func() A { return f.i.widen(a, b, t) })
}

func (f *front[A]) IsTop(a A) bool { return f.query(OpIsTop, func() bool { return f.i.isTop(a) }) }
func (f *front[A]) IsBot(a A) bool { return f.query(OpIsBot, func() bool { return f.i.isBot(a) }) }
func (f *front[A]) Leq(a, b A) bool {
	return f.query(OpLeq, func() bool { return f.i.leq(a, b) })
}
func (f *front[A]) Equal(a, b A) bool {
	return f.query(OpEqual, func() bool { return f.i.leq(a, b) && f.i.leq(b, a) })
}

func (f *front[A]) AlphaPost(t Transformer, a A) A {
	return f.value(OpApply, f.topFallback, func() A { return f.apply(t, a) })
}

func (f *front[A]) AlphaPostN(t NumAssign, a A) A {
	return f.value(OpAlphaPost, f.topFallback, func() A { return f.i.postN(t, f.b.stale(t, nil), a) })
}

func (f *front[A]) Unprime(a A) A {
	return f.value(OpUnprime, f.topFallback, func() A { return f.i.unprime(a, nil) })
}

func (f *front[A]) Reduce(a A) A {
	return f.value(OpReduce, func() A { return a }, func() A { return f.i.reduce(a) })
}

func (f *front[A]) IsEmpty(a A) bool {
	return f.query(OpIsEmpty, func() bool {
		if e, ok := f.i.(emptier[A]); ok {
			return e.isEmpty(a)
		}
		return f.i.isBot(f.i.reduce(a))
	})
}

// emptier is implemented by implementations with an emptiness test
// cheaper than reducing.
type emptier[A any] interface {
	isEmpty(a A) bool
}

func (f *front[A]) Exists(ps []PredID, a A) A {
	return f.value(OpExists, f.topFallback, func() A { return f.i.existsVars(f.b.predVars(ps, false), a) })
}

// alpha abstracts an expression in negation normal form. withP and withN
// select alpha, alpha_P (predicates only) or alpha_N (numeric only).
func (f *front[A]) alpha(e nnf, withP, withN bool) A {
	switch e.kind {
	case ExprTrue:
		return f.i.top()
	case ExprFalse:
		return f.i.bot()
	case ExprPred:
		return f.alphaTerm([]literal{e.lit}, withP, withN)
	case ExprAnd:
		// The literals of a conjunction form one term; the rest meet.
		var lits []literal
		var rest []nnf
		for _, a := range e.args {
			if a.kind == ExprPred {
				lits = append(lits, a.lit)
			} else {
				rest = append(rest, a)
			}
		}
		acc := f.i.top()
		if len(lits) > 0 {
			acc = f.alphaTerm(lits, withP, withN)
		}
		for _, a := range rest {
			if f.i.isBot(acc) {
				return acc
			}
			acc = f.i.meet(acc, f.alpha(a, withP, withN))
		}
		return acc
	case ExprOr:
		acc := f.i.bot()
		for _, a := range e.args {
			acc = f.i.join(acc, f.alpha(a, withP, withN))
		}
		return acc
	}
	panic("numpred: bad nnf")
}

// alphaTerm is alpha of a conjunction of literals: meet(alpha_P(proj_P),
// alpha_N(proj_N)). proj_P keeps predicate literals and atoms that are
// predicates (in the right phase); proj_N keeps atoms and the atoms of
// atom predicates. A negated equality is the join of its two strict
// sides.
func (f *front[A]) alphaTerm(lits []literal, withP, withN bool) A {
	pl, cs, neqs := f.splitLits(lits)
	acc := f.i.top()
	if withP && len(pl) > 0 {
		acc = f.i.alphaP(pl)
	}
	if withN {
		if len(cs) > 0 {
			acc = f.i.meet(acc, f.i.alphaN(cs))
		}
		for _, k := range neqs {
			lo, hi := k.SplitNeq()
			acc = f.i.meet(acc, f.i.join(f.i.alphaN([]numeric.Constraint{lo}), f.i.alphaN([]numeric.Constraint{hi})))
		}
	}
	return acc
}

// splitLits splits a conjunction of literals into the predicate literals
// (of predicates, and of atoms that are predicates), the constraints of
// the current atoms (their own, or their predicates'), and the equalities
// of the negated equalities among them (e != 0, not convex).
func (f *front[A]) splitLits(lits []literal) (pl []PredLit, cs, neqs []numeric.Constraint) {
	sp := f.b.sp
	addNum := func(k numeric.Constraint, pos bool) {
		if c, ok := litConstraint(k, pos); ok {
			cs = append(cs, c)
		} else {
			neqs = append(neqs, k)
		}
	}
	for _, l := range lits {
		if l.isPred {
			pl = append(pl, PredLit{Pred: l.pred, Primed: l.primed, Pos: l.pos})
			if !l.primed {
				if k, ok := sp.PredAtom(l.pred); ok {
					addNum(k, l.pos)
				}
			}
			continue
		}
		if p, neg, ok := sp.PredOfAtom(l.atom); ok {
			pl = append(pl, PredLit{Pred: p, Pos: l.pos != neg})
		}
		addNum(l.atom, l.pos)
	}
	return pl, cs, neqs
}

// assume returns X ⊓ alpha(e), computed relative to X: a disjunction is
// the join of the assumes of its disjuncts, a conjunction assumes its
// conjuncts in turn. Since X ⊓ (A ⊔ B) ⊒ (X ⊓ A) ⊔ (X ⊓ B), this is sound
// and at least as precise as meet(alpha(e), X); it is what lets NEX and
// MTNDD see that the disjunct of a choice relation contradicting X is
// empty.
func (f *front[A]) assume(x A, e nnf) A {
	if f.i.isBot(x) {
		return x
	}
	if f.i.distributive() {
		return f.i.meet(x, f.alpha(e, true, true))
	}
	switch e.kind {
	case ExprTrue:
		return x
	case ExprFalse:
		return f.i.bot()
	case ExprPred:
		return f.assumeLits(x, []literal{e.lit})
	case ExprAnd:
		var lits []literal
		var rest []nnf
		for _, a := range e.args {
			if a.kind == ExprPred {
				lits = append(lits, a.lit)
			} else {
				rest = append(rest, a)
			}
		}
		x = f.assumeLits(x, lits)
		for _, a := range rest {
			x = f.assume(x, a)
		}
		return x
	case ExprOr:
		acc := f.i.bot()
		for _, a := range e.args {
			acc = f.i.join(acc, f.assume(x, a))
		}
		return acc
	}
	panic("numpred: bad nnf")
}

// assumeLits is x ⊓ alpha(lits) for a non-distributive implementation:
// the predicate literals are met as a cube, the constraints (of atoms and
// of the predicates' atoms) are assumed on the numeric parts (assumeN),
// and each negated equality e != 0 splits x into e < 0 and e > 0 before
// the numeric join loses it.
func (f *front[A]) assumeLits(x A, lits []literal) A {
	if len(lits) == 0 {
		return x
	}
	pl, cs, neqs := f.splitLits(lits)
	if len(pl) > 0 {
		x = f.i.meet(x, f.i.alphaP(pl))
	}
	if len(cs) > 0 && !f.i.isBot(x) {
		x = f.i.assumeN(x, cs)
	}
	for _, k := range neqs {
		if f.i.isBot(x) {
			break
		}
		lo, hi := k.SplitNeq()
		x = f.i.join(f.i.assumeN(x, []numeric.Constraint{lo}), f.i.assumeN(x, []numeric.Constraint{hi}))
	}
	return x
}

// relationExpr returns R = /\_i (p_i' && !F_i) || (!p_i' && !T_i).
func relationExpr(t PredAssign) Expr {
	return And(relationExprs(t)...)
}

// relationExprs returns the conjuncts of relationExpr, one per assigned
// predicate.
func relationExprs(t PredAssign) []Expr {
	rs := make([]Expr, len(t.Preds))
	for i, p := range t.Preds {
		on := And(Primed(p), Not(t.F[i]))
		off := And(Not(Primed(p)), Not(t.T[i]))
		rs[i] = Or(on, off)
	}
	return rs
}

// predPost applies tau_P: unprime(exists(p_i, meet(X, alpha(R)))), the
// meet computed by assume.
func (f *front[A]) predPost(t PredAssign, a A) A {
	if len(t.Preds) == 0 || f.i.isBot(a) {
		return a
	}
	r := f.assume(a, toNNF(relationExpr(t), true))
	r = f.i.existsVars(f.b.predVars(t.Preds, false), r)
	return f.i.unprime(r, t.Preds)
}

// apply is alphaPost(t) of Fig. 5.
func (f *front[A]) apply(t Transformer, a A) A {
	switch t := t.(type) {
	case NumAssign:
		defer f.b.stats.start(OpAlphaPost)()
		return f.i.postN(t, f.b.stale(t, nil), a)
	case Assume:
		return f.assume(a, toNNF(t.Cond, true))
	case Cond:
		a = f.assume(a, toNNF(t.Guard, true))
		defer f.b.stats.start(OpAlphaPost)()
		return f.i.postN(t.Num, f.b.stale(t.Num, nil), a)
	case PredAssign:
		return f.predPost(t, a)
	case NumPred:
		if r, ok := f.i.postNP(t, a); ok {
			return r
		}
		a = f.assume(a, toNNF(t.Guard, true))
		a = f.predPost(t.Pred, a)
		defer f.b.stats.start(OpAlphaPost)()
		return f.i.postN(t.Num, f.b.stale(t.Num, t.Pred.Preds), a)
	case Seq:
		for _, u := range t {
			if f.i.isBot(a) {
				return a
			}
			a = f.apply(u, a)
		}
		return a
	case Choice:
		acc := f.i.bot()
		for _, u := range t {
			acc = f.i.join(acc, f.apply(u, a))
		}
		return acc
	}
	panic("numpred: unknown transformer")
}
