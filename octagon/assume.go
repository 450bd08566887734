// This file implements the tests of octagons: Assume (meet with linear
// constraints), and the queries Bound and Entails (Mine, HOSC 2006,
// §4.4.4 and §4.5).

package octagon

import "github.com/numpred/numpred/numeric"

// MaxRounds bounds the rounds of propagation of non-octagonal constraints
// in Assume; propagation stops earlier when a round changes nothing.
const MaxRounds = 8

// node returns the signed variable V_node = sign*x_d.
func node(d numeric.Dim, sign int) int {
	if sign > 0 {
		return 2 * int(d)
	}
	return 2*int(d) + 1
}

// octEntry returns the matrix entry (a, b) and bound c such that the
// inequality e <= 0 is V_b - V_a <= c, when e is octagonal (one term, or
// two terms with coefficients of equal magnitude after normalisation).
func octEntry(e numeric.LinExpr) (a, b int, c int64, ok bool) {
	k := e.Constant().Neg() // sum of terms <= k
	switch e.NumTerms() {
	case 1:
		t := e.Term(0)
		if t.Coef.Abs().Cmp(numeric.I(1)) != 0 {
			return 0, 0, 0, false
		}
		n := node(t.Dim, t.Coef.Sign())
		return n ^ 1, n, entryOfInt(k.Add(k)), true // 2*V_n <= 2k
	case 2:
		t1, t2 := e.Term(0), e.Term(1)
		if t1.Coef.Abs().Cmp(numeric.I(1)) != 0 || t2.Coef.Abs().Cmp(numeric.I(1)) != 0 {
			return 0, 0, 0, false
		}
		n1, n2 := node(t1.Dim, t1.Coef.Sign()), node(t2.Dim, t2.Coef.Sign())
		return n2 ^ 1, n1, entryOfInt(k), true // V_n1 - V_(n2^1) <= k
	}
	return 0, 0, 0, false
}

// Assume returns a ∩ {x | every c in cs holds at x}.
//
// Octagonal constraints (±x ± y <= c, ±x <= c, and equalities of those
// forms) are added exactly, each with an O(n^2) incremental closure.
// Other constraints are linearised: each inequality sum_k a_k x_k + c <= 0
// yields, for each of its variables and each pair of its variables with
// coefficients of equal magnitude, the octagonal bound
//
//	sign(a_k) x_k <= floor(U / |a_k|),  U = upper bound of -(the rest of e)
//
// where the upper bound is taken in the current octagon (exactly for an
// octagonal rest, by intervals otherwise). Propagation repeats up to
// MaxRounds rounds. The result over-approximates the exact meet for such
// constraints, and is at least as precise as the interval domain's.
func (d Domain) Assume(a *Octagon, cs ...numeric.Constraint) *Octagon {
	ca := a.close()
	if ca.m == nil || len(cs) == 0 {
		return ca
	}
	var oct, other []numeric.LinExpr
	for _, c := range cs {
		if c.IsFalse() {
			return bottom(a.n)
		}
		if c.IsTrue() {
			continue
		}
		if md := c.Expr().MaxDim(); int(md) >= a.n {
			checkDim(a.n, md)
		}
		for _, ineq := range c.Split() {
			e := ineq.Expr()
			if _, _, _, ok := octEntry(e); ok {
				oct = append(oct, e)
			} else {
				other = append(other, e)
			}
		}
	}
	if len(oct) == 0 && len(other) == 0 {
		return ca
	}
	m := append([]int64(nil), ca.m...)
	s := newScratch(a.n)
	if len(oct) > a.n {
		// Many constraints: one full closure is cheaper than many
		// incremental ones.
		for _, e := range oct {
			i, j, c, _ := octEntry(e)
			set(m, i, j, min(get(m, i, j), c))
		}
		if !tightClose(m, a.n) {
			return bottom(a.n)
		}
	} else {
		for _, e := range oct {
			i, j, c, _ := octEntry(e)
			if !addConstraint(m, a.n, i, j, c, s) {
				return bottom(a.n)
			}
		}
	}
	for round := 0; round < MaxRounds && len(other) > 0; round++ {
		changed := false
		for _, e := range other {
			ch, ok := propagate(m, a.n, e, s)
			if !ok {
				return bottom(a.n)
			}
			changed = changed || ch
		}
		if !changed {
			break
		}
	}
	return closedOf(a.n, m)
}

// propagate adds to the closed matrix m the octagonal consequences of
// e <= 0 described at Assume. It reports whether m changed and whether it
// is still non-empty.
func propagate(m []int64, n int, e numeric.LinExpr, s *scratch) (changed, ok bool) {
	if lo, fin := upperOf(m, e.Neg()); fin && lo.Sign() < 0 {
		return false, false // min of e is -lo > 0
	}
	ts := e.Terms()
	add := func(a, b int, c int64) bool {
		if c >= get(m, a, b) {
			return true
		}
		changed = true
		return addConstraint(m, n, a, b, c, s)
	}
	for k, t := range ts {
		// a_k x_k <= -rest, rest = e - a_k x_k.
		rest := e.Sub(numeric.Var(t.Dim).Scale(t.Coef))
		u, fin := upperOf(m, rest.Neg())
		if fin {
			nk := node(t.Dim, t.Coef.Sign())
			v := u.FloorDiv(t.Coef.Abs())
			if !add(nk^1, nk, entryOfInt(v.Add(v))) {
				return changed, false
			}
		}
		for l := k + 1; l < len(ts); l++ {
			t2 := ts[l]
			if t.Coef.Abs().Cmp(t2.Coef.Abs()) != 0 {
				continue
			}
			rest2 := rest.Sub(numeric.Var(t2.Dim).Scale(t2.Coef))
			u, fin := upperOf(m, rest2.Neg())
			if !fin {
				continue
			}
			n1, n2 := node(t.Dim, t.Coef.Sign()), node(t2.Dim, t2.Coef.Sign())
			if !add(n2^1, n1, entryOfInt(u.FloorDiv(t.Coef.Abs()))) {
				return changed, false
			}
		}
	}
	return changed, true
}

// upperOf returns an upper bound of e over the closed matrix m, and false
// when e is unbounded above. It is exact when e is octagonal up to a
// common factor (k(±x ± y) + c, k(±x) + c) and sums the bounds of the
// terms (interval linearisation) otherwise.
func upperOf(m []int64, e numeric.LinExpr) (numeric.Int, bool) {
	sum := e.Constant()
	if e.NumTerms() == 2 {
		t1, t2 := e.Term(0), e.Term(1)
		if k := t1.Coef.Abs(); k.Cmp(t2.Coef.Abs()) == 0 {
			n1, n2 := node(t1.Dim, t1.Coef.Sign()), node(t2.Dim, t2.Coef.Sign())
			v := get(m, n2^1, n1)
			if v == inf {
				return numeric.Int{}, false
			}
			return sum.Add(k.Mul(numeric.I(v))), true
		}
	}
	for i := 0; i < e.NumTerms(); i++ {
		t := e.Term(i)
		nk := node(t.Dim, t.Coef.Sign())
		v := half(get(m, nk^1, nk))
		if v == inf {
			return numeric.Int{}, false
		}
		sum = sum.Add(t.Coef.Abs().Mul(numeric.I(v)))
	}
	return sum, true
}

// Bound returns the range of e over a: exact for octagonal expressions
// (k(±x ± y) + c, k(±x) + c), the interval evaluation otherwise. The range
// is empty when a is empty.
func (Domain) Bound(a *Octagon, e numeric.LinExpr) numeric.Range {
	ca := a.close()
	if md := e.MaxDim(); int(md) >= a.n {
		checkDim(a.n, md)
	}
	if ca.m == nil {
		return numeric.EmptyRange
	}
	r := numeric.FullRange
	if u, ok := upperOf(ca.m, e); ok {
		r.Hi = numeric.BoundUp(u)
	}
	if l, ok := upperOf(ca.m, e.Neg()); ok {
		r.Lo = numeric.BoundDown(l.Neg())
	}
	return r
}

// Entails reports whether every point of a satisfies c, deciding with the
// bounds of Bound (exact for octagonal constraints).
func (Domain) Entails(a *Octagon, c numeric.Constraint) bool {
	if md := c.Expr().MaxDim(); int(md) >= a.n {
		checkDim(a.n, md)
	}
	ca := a.close()
	if ca.m == nil {
		return true
	}
	if c.IsTrue() {
		return true
	}
	if c.IsFalse() {
		return false
	}
	for _, ineq := range c.Split() {
		u, ok := upperOf(ca.m, ineq.Expr())
		if !ok || u.Sign() > 0 {
			return false
		}
	}
	return true
}
