// This file implements MTNDD (Section V-C): a value is one BDD whose
// predicate variables all precede its numeric-term variables; below the
// last predicate variable of a path, the sub-diagram over numeric terms
// encodes the numeric value of that predicate valuation (a multi-terminal
// BDD simulated with a BDD). meet, join, widen, leq and alphaPost_N are
// bddApply with numeric operators at the numeric sub-diagrams (MJoinOp of
// Fig. 6 for join); exists joins the cofactors of quantified variables
// with the MTNDD join instead of bddOr.

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
	c, err := newNumCore(num, sp, false, opts, predsAbove)
	if err != nil {
		return nil, err
	}
	d := &MTNDD[V]{c: c}
	d.front = &front[DDVal]{b: c.base, i: mtnddImpl[V]{mt[V]{c}}}
	return d, nil
}

// mt holds the MTNDD algorithms, shared with NDD's widening.
type mt[V any] struct{ c *numCore[V] }

// binary lifts the numeric operation op to diagrams by bddApply; short
// handles the cases decidable without decoding (nil: none).
func (x mt[V]) binary(u, v bdd.Node, short func(u, v bdd.Node) (bdd.Node, bool), op func(a, b V) V) bdd.Node {
	c := x.c
	r, err := c.m.Apply2(u, v, bdd.BinaryOp{Terminal: func(u, v bdd.Node) (bdd.Node, bool, error) {
		if r, ok := short(u, v); ok {
			return r, true, nil
		}
		if c.isNum(u) && c.isNum(v) {
			return c.toBdd(op(c.leaf(u), c.leaf(v))), true, nil
		}
		return bdd.Node{}, false, nil
	}})
	return c.node(r, err)
}

func (x mt[V]) meet(u, v bdd.Node) bdd.Node {
	m := x.c.m
	return x.binary(u, v, func(u, v bdd.Node) (bdd.Node, bool) {
		switch {
		case m.IsFalse(u) || m.IsTrue(v) || u.ID() == v.ID():
			return u, true
		case m.IsFalse(v) || m.IsTrue(u):
			return v, true
		}
		return bdd.Node{}, false
	}, x.c.num.Meet)
}

// join is bddApply(MJoinOp, u, v) (Fig. 6).
func (x mt[V]) join(u, v bdd.Node) bdd.Node {
	m := x.c.m
	return x.binary(u, v, func(u, v bdd.Node) (bdd.Node, bool) {
		switch {
		case m.IsTrue(u) || m.IsFalse(v) || u.ID() == v.ID():
			return u, true
		case m.IsTrue(v) || m.IsFalse(u):
			return v, true
		}
		return bdd.Node{}, false
	}, x.c.num.Join)
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
	}, func(a, b V) V { return numeric.WidenWith(x.c.num, a, b, t) })
}

func (x mt[V]) leq(u, v bdd.Node) bool {
	c := x.c
	memo := map[[2]int]bool{}
	var keep []bdd.Node
	var rec func(u, v bdd.Node) bool
	rec = func(u, v bdd.Node) bool {
		switch {
		case c.m.IsFalse(u) || c.m.IsTrue(v) || u.ID() == v.ID():
			return true
		case c.isNum(u) && c.isNum(v):
			return c.num.Leq(c.leaf(u), c.leaf(v))
		}
		key := [2]int{u.ID(), v.ID()}
		if r, ok := memo[key]; ok {
			return r
		}
		lv := min(c.m.Level(u), c.m.Level(v))
		uh, ul := c.cofactors(u, lv)
		vh, vl := c.cofactors(v, lv)
		r := rec(uh, vh) && rec(ul, vl)
		memo[key] = r
		keep = append(keep, u, v)
		return r
	}
	return rec(u, v)
}

// unary maps the numeric sub-diagrams of u through op.
func (x mt[V]) unary(u bdd.Node, op func(a V) V) bdd.Node {
	c := x.c
	r, err := c.m.Apply1(u, bdd.UnaryOp{Terminal: func(u bdd.Node) (bdd.Node, bool, error) {
		if c.m.IsFalse(u) {
			return u, true, nil
		}
		if c.isNum(u) {
			return c.toBdd(op(c.leaf(u))), true, nil
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

// reduce is alpha(gamma(v)): along every predicate path, the numeric leaf
// learns the atoms of the path's atom predicates, and the path learns the
// atom predicates the refined leaf decides.
func (x mtnddImpl[V]) reduce(a DDVal) DDVal {
	c := x.c
	if !c.hasAtomPreds() {
		return a
	}
	var lits []PredLit
	var rec func(u bdd.Node) bdd.Node
	rec = func(u bdd.Node) bdd.Node {
		if c.m.IsFalse(u) {
			return u
		}
		if c.isNum(u) {
			out, n, ok := c.refineCube(lits, c.leaf(u))
			if !ok {
				return c.ff()
			}
			return c.and(c.predCube(out[len(lits):]), c.toBdd(n))
		}
		v := c.m.Level(u)
		hi, lo := c.cofactors(u, v)
		pl, _ := c.predLitOf(bdd.Literal{Var: v, Pos: true})
		lits = append(lits, pl)
		rh := rec(hi)
		lits[len(lits)-1].Pos = false
		rl := rec(lo)
		lits = lits[:len(lits)-1]
		return c.ite(v, rh, rl)
	}
	return DDVal{rec(a.u)}
}

func (x mtnddImpl[V]) cubes(a DDVal) []Cube {
	c := x.c
	var out []Cube
	var lits []PredLit
	var rec func(u bdd.Node)
	rec = func(u bdd.Node) {
		if c.m.IsFalse(u) {
			return
		}
		if c.isNum(u) {
			n := c.leaf(u)
			if c.num.IsBottom(n) {
				return
			}
			out = append(out, Cube{Preds: append([]PredLit(nil), lits...), Cons: c.num.Constraints(n)})
			return
		}
		v := c.m.Level(u)
		hi, lo := c.cofactors(u, v)
		pl, _ := c.predLitOf(bdd.Literal{Var: v, Pos: true})
		lits = append(lits, pl)
		rec(hi)
		lits[len(lits)-1].Pos = false
		rec(lo)
		lits = lits[:len(lits)-1]
	}
	rec(a.u)
	return out
}

func (x mtnddImpl[V]) distributive() bool { return false }

func (x mtnddImpl[V]) size(a DDVal) int { return x.c.size(a.u) }
func (x mtnddImpl[V]) check(a DDVal)    { x.c.checkNode(a.u) }
