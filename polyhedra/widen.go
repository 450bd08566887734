// This file implements the widening (standard H79, optionally with
// thresholds) and the narrowing.
//
// Widening (Halbwachs 1979; Cousot & Halbwachs 1978; in the formulation of
// Bagnara, Hill, Ricci, Zaffanella, "Precise widening operators for convex
// polyhedra", 2005): for P ⊆ Q with P non-empty and minimal constraints C1
// (equalities split into two inequalities), P ∇ Q keeps
//
//   - the constraints of C1 that Q satisfies, and
//   - the constraints of Q that are mutually redundant with one of C1,
//     tested by saturation: a constraint of Q saturated by exactly the
//     generators of P that saturate some inequality of P defines the same
//     facet of P, or that is tight on all of P when P has equalities
//     (then it plays the part of an equality of P written differently).
//     This makes the result independent of how equalities are written:
//     {x=0, y=0} ∇ {0<=x<=1, y=2x} = {x>=0, y=2x}.
//
// Termination: the affine dimension can grow at most n times, and while it
// is constant the number of constraints cannot grow.
//
// With thresholds, a dropped constraint whose form f is octagonal (±x,
// ±x±y) is replaced by f <= t for the least threshold t bounding f on Q,
// and every variable keeps ±x <= t for the least threshold t bounding it
// on Q, also where P only implied the bound through a constraint that is
// dropped (widening "up to" a finite set of constraints, so it still
// terminates).
//
// With decomposition both arguments are refined to the common coarsening
// of their partitions and widened block by block; blocks never split
// during widening, so the partition can only coarsen along a chain.

package polyhedra

import (
	"time"

	"github.com/numpred/numpred/numeric"
)

// widenPoly returns p ∇ q. Precondition: p ⊆ q.
func widenPoly(p, q *poly, t numeric.Thresholds) *poly {
	p.minimize()
	q.minimize()
	if p.empty {
		return q
	}
	if q.empty {
		return p
	}
	c1 := cloneRows(p.ineqs)
	for _, e := range p.eqs {
		c1 = append(c1, e, e.neg())
	}
	var keep, dropped []vec
	for _, r := range c1 {
		if satisfiedBy(r, q) {
			keep = append(keep, r)
		} else {
			dropped = append(dropped, r)
		}
	}
	satP := make([]bitset, len(p.ineqs))
	for j, r := range p.ineqs {
		satP[j] = satRow(r, p.rays)
	}
	c2 := cloneRows(q.ineqs)
	for _, e := range q.eqs {
		c2 = append(c2, e, e.neg())
	}
	for _, r := range c2 {
		s := satRow(r, p.rays)
		if s.count() == len(p.rays) {
			// Tight on all of p, like p's (split) equalities: keep it when
			// p has equalities. This only happens when the affine
			// dimension grows, which it can do at most n times.
			if len(p.eqs) > 0 {
				keep = append(keep, r)
			}
			continue
		}
		for _, sp := range satP {
			if s.equal(sp) {
				keep = append(keep, r)
				break
			}
		}
	}
	if len(t) > 0 {
		for _, r := range dropped {
			if !octagonal(r) {
				continue
			}
			f := r.neg() // the constraint is f·x <= r[0]
			f[0] = zint{}
			tv, ok := thresholdAbove(q, f, t)
			if !ok {
				continue
			}
			nr := r.clone()
			nr[0] = zi(tv)
			keep = append(keep, nr)
		}
		// Widening up to the variables' threshold bounds too: a bound
		// x >= t or x <= t that p only implied (through a constraint
		// the widening drops, e.g. x >= 5y with y >= 0) is kept when
		// it holds on q.
		for x := 1; x <= p.n; x++ {
			for _, sign := range []int64{1, -1} {
				f := make(vec, p.n+1)
				f[x] = zi(sign)
				tv, ok := thresholdAbove(q, f, t)
				if !ok {
					continue
				}
				nr := make(vec, p.n+1) // sign*x <= tv, as the row tv - sign*x >= 0
				nr[0] = zi(tv)
				nr[x] = zi(-sign)
				keep = append(keep, nr)
			}
		}
	}
	w := newFromCons(p.n, nil, keep, p.st)
	w.fresh = true // converted under the work bound (see poly.fresh)
	return w
}

// thresholdAbove returns the least threshold of t bounding f·x on all
// of q, rational points too (so that q is inside the widening): the
// rational maximum rounded up, then the next threshold; false when there
// is none (or it leaves int64).
func thresholdAbove(q *poly, f vec, t numeric.Thresholds) (int64, bool) {
	_, hi := q.optimumRat(f)
	if hi.inf {
		return 0, false
	}
	return t.Above(numeric.BoundUp(hi.v.ceil().toInt())).Int64()
}

// satRow returns the set of gens saturating row r.
func satRow(r vec, gens []vec) bitset {
	s := newBitset(len(gens))
	for i, g := range gens {
		if dotSign(r, g) == 0 {
			s.set(i)
		}
	}
	return s
}

// octagonal reports whether r has one or two non-zero variable
// coefficients, each ±1.
func octagonal(r vec) bool {
	k := 0
	for _, x := range r[1:] {
		if x.IsZero() {
			continue
		}
		if x.Abs().Cmp(one) != 0 {
			return false
		}
		k++
	}
	return k == 1 || k == 2
}

// Widen returns a ∇ b (standard H79 widening).
func (d *Domain) Widen(a, b Poly) Poly {
	defer d.st.op(opWiden, time.Now())
	return d.widen(a, b, nil)
}

// WidenThresholds returns a ∇ b where a dropped octagonal bound is relaxed
// to the next threshold that still holds.
func (d *Domain) WidenThresholds(a, b Poly, t numeric.Thresholds) Poly {
	defer d.st.op(opWiden, time.Now())
	return d.widen(a, b, t)
}

func (d *Domain) widen(a, b Poly, t numeric.Thresholds) Poly {
	checkDims(a, b)
	if d.isBottom(a) {
		return b
	}
	if d.isBottom(b) {
		return a
	}
	if !d.leq(a, b) {
		b = d.join(a, b)
	}
	u := newUF(a.n)
	use := make([]bool, a.n)
	for _, v := range []Poly{a, b} {
		for _, bl := range v.blocks {
			for _, x := range bl.dims {
				use[x] = true
				u.union(int(bl.dims[0]), int(x))
			}
		}
	}
	ao, bo := a.owner(), b.owner()
	out := Poly{n: a.n}
	for _, cls := range u.classes(use) {
		pa, pb := partsIn(a, ao, cls), partsIn(b, bo, cls)
		if len(pa) == 1 && len(pb) == 1 && len(pa[0].dims) == len(cls) && sameBlock(pa[0], pb[0]) {
			out.blocks = append(out.blocks, pa[0])
			continue
		}
		w := widenPoly(product(pa, cls, d.st), product(pb, cls, d.st), t)
		out.blocks = append(out.blocks, block{dims: cls, p: w})
	}
	sortBlocks(out.blocks)
	return out
}

// partsIn returns the blocks of a holding dims of cls.
func partsIn(a Poly, owner []int, cls []numeric.Dim) []block {
	var parts []block
	seen := map[int]bool{}
	for _, x := range cls {
		if k := owner[x]; k >= 0 && !seen[k] {
			seen[k] = true
			parts = append(parts, a.blocks[k])
		}
	}
	return parts
}

// Narrow returns a Δ b: a, with those constraints of b whose form is
// octagonal (±x, ±x±y) and unbounded on a in the direction the constraint
// bounds. It lies between Meet(a, b) and a (it adds constraints of b to
// a), and a decreasing chain stabilises since each of the finitely many
// octagonal forms, once bounded, stays bounded.
func (d *Domain) Narrow(a, b Poly) Poly {
	defer d.st.op(opNarrow, time.Now())
	checkDims(a, b)
	if d.isBottom(a) {
		return a
	}
	if d.isBottom(b) {
		return d.Bottom(a.n)
	}
	var cs []numeric.Constraint
	for _, c := range d.constraints(b) {
		for _, h := range c.Split() {
			e := h.Expr()
			if !octagonalExpr(e) {
				continue
			}
			if _, hi := linBounds(a, e); hi.inf {
				cs = append(cs, h)
			}
		}
	}
	return d.assume(a, cs...)
}

// octagonalExpr reports whether e has one or two terms, each ±1.
func octagonalExpr(e numeric.LinExpr) bool {
	if e.NumTerms() == 0 || e.NumTerms() > 2 {
		return false
	}
	for _, t := range e.Terms() {
		if t.Coef.Abs().Cmp(numeric.I(1)) != 0 {
			return false
		}
	}
	return true
}
