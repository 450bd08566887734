// This file implements Assume (meet with linear constraints, by bounded
// constraint propagation) and Entails.

package interval

import "github.com/numpred/numpred/numeric"

// MaxRounds bounds the rounds of constraint propagation in Assume. One
// round tightens every variable of every constraint once; propagation
// stops earlier when a round changes nothing.
const MaxRounds = 8

// Assume returns the box hull of a ∩ {x | every c in cs holds at x}, or
// an over-approximation of it when propagation needs more than MaxRounds
// rounds.
//
// Each inequality sum_j a_j x_j + c <= 0 tightens each of its variables
// x_k by the least values of the other terms over the current box:
//
//	a_k x_k <= -c - sum_{j≠k} min(a_j x_j)
//
// divided by a_k with integer rounding (floor for an upper bound when
// a_k > 0, ceil for a lower bound when a_k < 0). The sums are exact
// (numeric.Int), so no coefficient or constant is too large to use.
func (Domain) Assume(a Box, cs ...numeric.Constraint) Box {
	if a.bot || len(cs) == 0 {
		return a
	}
	var ineqs []numeric.Constraint
	for _, c := range cs {
		if c.IsFalse() {
			return bottom(a.n)
		}
		if c.IsTrue() {
			continue
		}
		if md := c.Expr().MaxDim(); int(md) >= a.n {
			a.checkDim(md)
		}
		ineqs = append(ineqs, c.Split()...)
	}
	if len(ineqs) == 0 {
		return a
	}
	r := append([]numeric.Range(nil), a.r...)
	for round := 0; round < MaxRounds; round++ {
		changed := false
		for _, c := range ineqs {
			ch, empty := propagate(r, c.Expr())
			if empty {
				return bottom(a.n)
			}
			changed = changed || ch
		}
		if !changed {
			break
		}
	}
	return Box{r: r, n: a.n}
}

// minTerm returns the least value of k*x over x in rg, and whether it is
// finite (it is -oo otherwise).
func minTerm(k numeric.Int, rg numeric.Range) (numeric.Int, bool) {
	b := rg.Lo
	if k.Sign() < 0 {
		b = rg.Hi
	}
	if !b.IsFinite() {
		return numeric.Int{}, false
	}
	return k.Mul(b.Int()), true
}

// propagate tightens r in place by e <= 0. It reports whether a bound
// changed and whether r became empty.
func propagate(r []numeric.Range, e numeric.LinExpr) (changed, empty bool) {
	n := e.NumTerms()
	// sum = c + the finite least values of the terms; inf counts the
	// terms whose least value is -oo.
	sum, inf := e.Constant(), 0
	var small [8]numeric.Int
	var fin [8]bool
	mins, finite := small[:0], fin[:0]
	for i := 0; i < n; i++ {
		t := e.Term(i)
		m, ok := minTerm(t.Coef, r[t.Dim])
		mins, finite = append(mins, m), append(finite, ok)
		if ok {
			sum = sum.Add(m)
		} else {
			inf++
		}
	}
	if inf == 0 && sum.Sign() > 0 {
		return false, true
	}
	for i := 0; i < n; i++ {
		rest := sum
		if finite[i] {
			if inf > 0 {
				continue
			}
			rest = rest.Sub(mins[i])
		} else if inf > 1 {
			continue
		}
		// a_k x_k <= -rest.
		t := e.Term(i)
		x := r[t.Dim]
		if t.Coef.Sign() > 0 {
			hi := numeric.BoundUp(rest.Neg().FloorDiv(t.Coef))
			if !hi.Less(x.Hi) {
				continue
			}
			x.Hi = hi
		} else {
			lo := numeric.BoundDown(rest.Neg().CeilDiv(t.Coef))
			if !x.Lo.Less(lo) {
				continue
			}
			x.Lo = lo
		}
		if x.IsEmpty() {
			return true, true
		}
		r[t.Dim] = x
		changed = true
	}
	return changed, false
}

// Entails reports whether every point of a satisfies c (exact).
func (d Domain) Entails(a Box, c numeric.Constraint) bool {
	if a.bot || c.IsTrue() {
		return true
	}
	if c.IsFalse() {
		return false
	}
	rg := d.Bound(a, c.Expr())
	zero := numeric.B(0)
	if c.Kind() == numeric.EQ {
		return rg.Lo.Cmp(zero) == 0 && rg.Hi.Cmp(zero) == 0
	}
	return rg.Hi.Cmp(zero) <= 0
}
