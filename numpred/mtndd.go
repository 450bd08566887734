// This file implements MTNDD (Section V-C): a value is one BDD whose
// predicate variables all precede its leaf variables; below the last
// predicate variable of a path hangs the numeric value of that predicate
// valuation: a leaf of the leaf table (leaftab.go), as the binary code of
// its index (a multi-terminal BDD simulated with a BDD). meet, join,
// widen, leq and alphaPost_N are bddApply with numeric operators at the
// leaves (MJoinOp of Fig. 6 for join); exists joins the cofactors of
// quantified variables with the MTNDD join instead of bddOr. The same
// algorithms (type mt) serve NDD's widening over NDD's form, where the
// sub-diagram below the predicates is a Boolean combination of numeric
// terms (numCore.tab is nil there, and toBdd/leaf use cubes of terms).

package numpred

import (
	"github.com/numpred/numpred/bdd"
	"github.com/numpred/numpred/numeric"
)

// DDVal is a value of MTNDD or NDD: one BDD over predicate and numeric-term
// variables. Values of different domain instances must not be mixed.
type DDVal struct{ u bdd.Node }

// MTNDD is the MTNDD implementation of Domain over numeric values V.
type MTNDD[V any] struct {
	*front[DDVal]
	c *numCore[V]
}

// NewMTNDD returns MTNDD over the numeric domain num and the precision sp.
func NewMTNDD[V any](num numeric.Domain[V], sp *Space, opts ...Option) (*MTNDD[V], error) {
	c, err := newNumCore(num, sp, false, opts, predsOnly)
	if err != nil {
		return nil, err
	}
	if c.tab, err = newLeafTable[V](c.m, c.opts.terms); err != nil {
		return nil, err
	}
	c.tab.hash, _ = numeric.HasherOf(num)
	d := &MTNDD[V]{c: c}
	d.front = &front[DDVal]{b: c.base, i: mtnddImpl[V]{mt[V]{c}}}
	d.c.pol.eagerReduce = sp.NumPreds() <= makeOptions(opts).eager
	return d, nil
}

// mt holds the MTNDD algorithms, shared with NDD's widening.
type mt[V any] struct{ c *numCore[V] }

// binary lifts the numeric operation op to diagrams by bddApply; short
// handles the cases decidable without decoding (nil: none). With a tag
// (OpMeet, OpJoin) the leaf results are cached across calls: the same
// pairs of leaves meet again and again.
func (x mt[V]) binary(u, v bdd.Node, short func(u, v bdd.Node) (bdd.Node, bool), op func(a, b V) V, tag Op) bdd.Node {
	c := x.c
	r, err := c.m.Apply2(u, v, bdd.BinaryOp{Terminal: func(u, v bdd.Node) (bdd.Node, bool, error) {
		if r, ok := short(u, v); ok {
			return r, true, nil
		}
		if c.isNum(u) && c.isNum(v) {
			key := leafOpKey{tag, u.ID(), v.ID()}
			if tag != OpWiden {
				if e, ok := c.leafOps[key]; ok {
					return e.res, true, nil
				}
			}
			r := c.toBddFrom(op(c.leaf(u), c.leaf(v)), u, v)
			if tag != OpWiden {
				if len(c.leafOps) > 1<<16 {
					clear(c.leafOps)
				}
				c.leafOps[key] = leafOpEntry{keep: [2]bdd.Node{c.hold(u), c.hold(v)}, res: c.hold(r)}
			}
			return r, true, nil
		}
		return bdd.Node{}, false, nil
	}})
	return c.node(r, err)
}

func (x mt[V]) meet(u, v bdd.Node) bdd.Node {
	m := x.c.m
	if x.predOnly(u) || x.predOnly(v) {
		// Where the predicate diagram is true the meet is the other
		// operand (top is the unit), elsewhere false: a conjunction.
		return x.c.and(u, v)
	}
	return x.binary(u, v, func(u, v bdd.Node) (bdd.Node, bool) {
		switch {
		case m.IsFalse(u) || m.IsTrue(v) || u.ID() == v.ID():
			return u, true
		case m.IsFalse(v) || m.IsTrue(u):
			return v, true
		}
		return bdd.Node{}, false
	}, x.c.num.Meet, OpMeet)
}

// join is bddApply(MJoinOp, u, v) (Fig. 6).
func (x mt[V]) join(u, v bdd.Node) bdd.Node {
	m := x.c.m
	if x.predOnly(u) || x.predOnly(v) {
		// Where the predicate diagram is true the join is top,
		// elsewhere the other operand: a disjunction.
		return x.c.or(u, v)
	}
	return x.binary(u, v, func(u, v bdd.Node) (bdd.Node, bool) {
		switch {
		case m.IsTrue(u) || m.IsFalse(v) || u.ID() == v.ID():
			return u, true
		case m.IsTrue(v) || m.IsFalse(u):
			return v, true
		}
		return bdd.Node{}, false
	}, x.c.num.Join, OpJoin)
}

// predOnly reports whether u is a predicate diagram: all its leaves are
// true or false (no numeric leaf code), as alphaP's cubes are.
func (x mt[V]) predOnly(u bdd.Node) bool {
	c := x.c
	leafy, err := c.m.AnyLevel(u, c.m.IsTermVar)
	if err != nil {
		c.fail(err)
	}
	return !leafy
}

func (x mt[V]) widen(u, v bdd.Node, t numeric.Thresholds) bdd.Node {
	m := x.c.m
	return x.binary(u, v, func(u, v bdd.Node) (bdd.Node, bool) {
		switch {
		case m.IsTrue(u) || m.IsFalse(v) || u.ID() == v.ID():
			return u, true
		case m.IsTrue(v) || m.IsFalse(u):
			return v, true
		}
		return bdd.Node{}, false
	}, func(a, b V) V { return numeric.WidenWith(x.c.num, a, b, t) }, OpWiden)
}

func (x mt[V]) leq(u, v bdd.Node) bool {
	c := x.c
	r, err := c.m.All2(u, v, func(u, v bdd.Node) (bool, bool) {
		switch {
		case c.m.IsFalse(u) || c.m.IsTrue(v) || u.ID() == v.ID():
			return true, true
		case c.isNum(u) && c.isNum(v):
			return c.num.Leq(c.leaf(u), c.leaf(v)), true
		}
		return false, false
	})
	if err != nil {
		c.fail(err)
	}
	return r
}

// unary maps the numeric sub-diagrams of u through op.
func (x mt[V]) unary(u bdd.Node, op func(a V) V) bdd.Node {
	c := x.c
	r, err := c.m.Apply1(u, bdd.UnaryOp{Terminal: func(u bdd.Node) (bdd.Node, bool, error) {
		if c.m.IsFalse(u) {
			return u, true, nil
		}
		if c.isNum(u) {
			return c.toBddFrom(op(c.leaf(u)), u), true, nil
		}
		return bdd.Node{}, false, nil
	}})
	return c.node(r, err)
}

// exists quantifies vars, joining cofactors with the MTNDD join.
func (x mt[V]) exists(vars []int, u bdd.Node) bdd.Node {
	if len(vars) == 0 {
		return u
	}
	c := x.c
	set := map[int]bool{}
	for _, v := range vars {
		set[v] = true
	}
	r, err := c.m.Apply1(u, bdd.UnaryOp{
		Terminal: func(u bdd.Node) (bdd.Node, bool, error) {
			if c.isNum(u) {
				return u, true, nil
			}
			return bdd.Node{}, false, nil
		},
		Combine: func(v int, hi, lo bdd.Node) (bdd.Node, error) {
			if set[v] {
				return x.join(hi, lo), nil
			}
			return c.m.IteVar(v, hi, lo)
		},
	})
	return c.node(r, err)
}

// toMT converts a diagram whose numeric sub-diagrams may be arbitrary
// Boolean combinations of atoms (an NDD value) into MTNDD form: each
// numeric sub-diagram becomes toBdd of the join of its paths.
func (x mt[V]) toMT(u bdd.Node) bdd.Node { return x.unary(u, func(a V) V { return a }) }

type mtnddImpl[V any] struct{ mt[V] }

func (x mtnddImpl[V]) name() string       { return string(KindMTNDD) }
func (x mtnddImpl[V]) top() DDVal         { return DDVal{x.c.tt()} }
func (x mtnddImpl[V]) bot() DDVal         { return DDVal{x.c.ff()} }
func (x mtnddImpl[V]) isTop(a DDVal) bool { return x.c.m.IsTrue(a.u) }
func (x mtnddImpl[V]) isBot(a DDVal) bool { return x.c.m.IsFalse(a.u) }

func (x mtnddImpl[V]) alphaP(lits []PredLit) DDVal { return DDVal{x.c.predCube(lits)} }

func (x mtnddImpl[V]) alphaN(cs []numeric.Constraint) DDVal {
	return DDVal{x.c.toBdd(x.c.num.Assume(x.c.top(), cs...))}
}

func (x mtnddImpl[V]) assumeN(a DDVal, cs []numeric.Constraint) DDVal {
	return DDVal{x.unary(a.u, func(n V) V { return x.c.num.Assume(n, cs...) })}
}

func (x mtnddImpl[V]) meet(a, b DDVal) DDVal { return DDVal{x.mt.meet(a.u, b.u)} }
func (x mtnddImpl[V]) join(a, b DDVal) DDVal { return DDVal{x.mt.join(a.u, b.u)} }
func (x mtnddImpl[V]) widen(a, b DDVal, t numeric.Thresholds) DDVal {
	return DDVal{x.mt.widen(a.u, b.u, t)}
}
func (x mtnddImpl[V]) leq(a, b DDVal) bool { return x.mt.leq(a.u, b.u) }

func (x mtnddImpl[V]) postN(t NumAssign, stale []PredID, a DDVal) DDVal {
	u := x.mt.exists(x.c.predVars(stale, false), a.u)
	return DDVal{x.unary(u, func(n V) V { return x.c.post(t, n) })}
}

func (x mtnddImpl[V]) postNP(NumPred, DDVal) (DDVal, bool) { return DDVal{}, false }

func (x mtnddImpl[V]) existsVars(vars []int, a DDVal) DDVal {
	return DDVal{x.mt.exists(vars, a.u)}
}

func (x mtnddImpl[V]) unprime(a DDVal, ps []PredID) DDVal {
	return DDVal{x.c.unprimeSel(a.u, ps)}
}

// reduce is alpha(gamma(v)): for each distinct numeric leaf, the
// predicate valuations leading to it are refined against it as a NEX pair
// is (splitReduce, per valuation up to the leaf limit), and the pieces,
// whose predicate parts are disjoint, are put back together.
func (x mtnddImpl[V]) reduce(a DDVal) DDVal {
	c := x.c
	if !c.hasAtomPreds() {
		return a
	}
	acc := c.ff()
	for _, l := range x.leaves(a.u, 0) {
		p := x.predPart(a.u, func(u bdd.Node) bool { return u.ID() == l.ID() })
		for _, r := range c.splitReduce(p, c.leaf(l), c.opts.leaves) {
			acc = c.or(acc, c.and(r.p, c.toBdd(r.n)))
		}
	}
	return DDVal{acc}
}

// limit enforces the leaf limit: a value with more distinct numeric
// leaves than it becomes its predicate part over the join of its leaves.
func (x mtnddImpl[V]) limit(a DDVal) DDVal {
	k := x.c.opts.leaves
	if k <= 0 || len(x.leaves(a.u, k+1)) <= k {
		return a
	}
	n := x.c.bot()
	for _, l := range x.leaves(a.u, 0) {
		n = x.c.num.Join(n, x.c.leaf(l))
	}
	p := x.predPart(a.u, func(bdd.Node) bool { return true })
	return DDVal{x.c.and(p, x.c.toBdd(n))}
}

// walk is the one walker of an MTNDD's predicate part: depth first, it
// calls visit at every numeric leaf other than false with the predicate
// literals of the path to it, and stops when visit returns false. With
// distinct, every node is entered once, so each leaf is visited once
// (lits is then nil: a leaf has many paths). The leaves are borrowed
// nodes (bdd.Scope): visit must hold a leaf it keeps.
func (x mt[V]) walk(u bdd.Node, distinct bool, visit func(lits []PredLit, leaf bdd.Node) bool) {
	c := x.c
	var seen map[int]bool
	if distinct {
		seen = map[int]bool{}
	}
	var lits []PredLit
	var scope *bdd.Scope
	var rec func(u bdd.Node) bool
	rec = func(u bdd.Node) bool {
		if distinct {
			if seen[u.ID()] {
				return true
			}
			seen[u.ID()] = true
		}
		if c.m.IsFalse(u) {
			return true
		}
		if c.isNum(u) {
			return visit(lits, u)
		}
		v, hi, lo, err := scope.Branches(u)
		if err != nil {
			c.fail(err)
		}
		if distinct {
			return rec(hi) && rec(lo)
		}
		pl, _ := c.predLitOf(bdd.Literal{Var: v, Pos: true})
		lits = append(lits, pl)
		ok := rec(hi)
		lits[len(lits)-1].Pos = false
		ok = ok && rec(lo)
		lits = lits[:len(lits)-1]
		return ok
	}
	c.m.Borrow(func(s *bdd.Scope) {
		scope = s
		rec(u)
	})
}

// leaves returns the distinct numeric leaves of u other than false (the
// sub-diagrams where its predicate part ends), at most max of them (max
// <= 0: all), in the order a depth-first walk meets them.
func (x mt[V]) leaves(u bdd.Node, max int) []bdd.Node {
	var out []bdd.Node
	x.walk(u, true, func(_ []PredLit, l bdd.Node) bool {
		out = append(out, x.c.hold(l))
		return max <= 0 || len(out) < max
	})
	return out
}

// predPart returns the predicate valuations whose leaf in u sel accepts
// (false leaves never are).
func (x mt[V]) predPart(u bdd.Node, sel func(leaf bdd.Node) bool) bdd.Node {
	c := x.c
	r, err := c.m.Apply1(u, bdd.UnaryOp{Terminal: func(u bdd.Node) (bdd.Node, bool, error) {
		if !c.isNum(u) {
			return bdd.Node{}, false, nil
		}
		if c.m.IsFalse(u) || !sel(u) {
			return c.ff(), true, nil
		}
		return c.tt(), true, nil
	}})
	return c.node(r, err)
}

func (x mtnddImpl[V]) cubes(a DDVal) []Cube {
	c := x.c
	var out []Cube
	x.walk(a.u, false, func(lits []PredLit, l bdd.Node) bool {
		if n := c.leaf(l); !c.num.IsBottom(n) {
			out = append(out, Cube{Preds: append([]PredLit(nil), lits...), Cons: c.num.Constraints(n)})
		}
		return true
	})
	return out
}

func (x mtnddImpl[V]) distributive() bool { return false }

func (x mtnddImpl[V]) size(a DDVal) int { return x.c.size(a.u) }
func (x mtnddImpl[V]) check(a DDVal)    { x.c.checkNode(a.u) }
