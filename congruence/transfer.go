// This file implements the transfer functions of the congruence domain:
// Assume, Assign, Forget, Bound, Entails, Contains and the dimension
// operations.

package congruence

import (
	"slices"

	"github.com/numpred/numpred/numeric"
)

// eval returns the class of the values of e over a (exact: the sum of
// the scaled classes of its variables and its constant).
func eval(a Value, e numeric.LinExpr) class {
	c := constant(e.Constant())
	for i := 0; i < e.NumTerms(); i++ {
		t := e.Term(i)
		c = c.add(a.c[t.Dim].scale(t.Coef))
		if c.isTop() {
			break
		}
	}
	return c
}

// MaxRounds bounds the rounds of propagation in Assume: x = 2y, y = 2x
// would otherwise refine x to 0 mod 2, 4, 8, ... without end.
const MaxRounds = 4

// Assume returns a product of classes containing a ∩ {x | cs}. An
// equality sum k_j x_j + c = 0 refines each x_j by solving
// k_j x_j ∈ -(c + sum_{i≠j} k_i x_i) (see class.solve); rounds repeat
// until nothing changes or MaxRounds ran. A constraint whose expression
// is a single value over a is decided exactly (bottom when false). Other
// inequalities are ignored: no half-line is a congruence class.
func (Domain) Assume(a Value, cs ...numeric.Constraint) Value {
	if a.bot {
		return a
	}
	c := slices.Clone(a.c)
	cur := Value{c: c, n: a.n}
	for round := 0; round < MaxRounds; round++ {
		changed := false
		for _, k := range cs {
			e := k.Expr()
			if v := eval(cur, e); v.isConst() {
				if k.Kind() == numeric.EQ && !v.r.IsZero() || v.r.Sign() > 0 {
					return bottom(a.n)
				}
				continue
			}
			if k.Kind() != numeric.EQ {
				continue
			}
			for j := 0; j < e.NumTerms(); j++ {
				t := e.Term(j)
				rest := eval(cur, e.Substitute(t.Dim, numeric.LinExpr{}))
				x, ok := rest.scale(numeric.I(-1)).solve(t.Coef)
				if !ok {
					return bottom(a.n)
				}
				m, ok := c[t.Dim].meet(x)
				if !ok {
					return bottom(a.n)
				}
				if !m.equal(c[t.Dim]) {
					c[t.Dim], changed = m, true
				}
			}
		}
		if !changed {
			break
		}
	}
	return cur
}

// Assign performs the parallel assignment dims[i] := exprs[i], each
// class computed in the state before (exact: the class of an affine
// image of a product of classes is the class of the expression).
func (Domain) Assign(a Value, dims []numeric.Dim, exprs []numeric.LinExpr) Value {
	if a.bot {
		return a
	}
	c := slices.Clone(a.c)
	for i, x := range dims {
		c[x] = eval(a, exprs[i])
	}
	return Value{c: c, n: a.n}
}

// Forget returns ∃dims. a: their classes become Z (exact).
func (Domain) Forget(a Value, dims ...numeric.Dim) Value {
	if a.bot {
		return a
	}
	c := slices.Clone(a.c)
	for _, x := range dims {
		c[x] = topClass
	}
	return Value{c: c, n: a.n}
}

// Bound returns the range of e over a (exact): one value when e's class
// is a single value, else unbounded.
func (Domain) Bound(a Value, e numeric.LinExpr) numeric.Range {
	if a.bot {
		return numeric.EmptyRange
	}
	if v := eval(a, e); v.isConst() {
		return numeric.Range{Lo: numeric.BoundDown(v.r), Hi: numeric.BoundUp(v.r)}
	}
	return numeric.FullRange
}

// Entails reports whether every point of a satisfies c (exact).
func (Domain) Entails(a Value, c numeric.Constraint) bool {
	if a.bot {
		return true
	}
	v := eval(a, c.Expr())
	if !v.isConst() {
		return false
	}
	if c.Kind() == numeric.EQ {
		return v.r.IsZero()
	}
	return v.r.Sign() <= 0
}

// Contains reports whether the point p is in gamma(a) (exact).
func (Domain) Contains(a Value, p []numeric.Int) bool {
	if a.bot {
		return false
	}
	for i, c := range a.c {
		if !c.contains(p[i]) {
			return false
		}
	}
	return true
}

// AddDims appends k dimensions with class Z.
func (Domain) AddDims(a Value, k int) Value {
	if a.bot {
		return bottom(a.n + k)
	}
	c := slices.Clone(a.c)
	for i := 0; i < k; i++ {
		c = append(c, topClass)
	}
	return Value{c: c, n: a.n + k}
}

// RemoveDims drops dims and renumbers the rest in order.
func (Domain) RemoveDims(a Value, dims ...numeric.Dim) Value {
	n := a.n - len(dims)
	if a.bot {
		return bottom(n)
	}
	c := make([]class, 0, n)
	for i, x := range a.c {
		if !slices.Contains(dims, numeric.Dim(i)) {
			c = append(c, x)
		}
	}
	return Value{c: c, n: n}
}

// PermuteDims renames dimension i to perm[i].
func (Domain) PermuteDims(a Value, perm []numeric.Dim) Value {
	if a.bot {
		return a
	}
	c := make([]class, a.n)
	for i, x := range a.c {
		c[perm[i]] = x
	}
	return Value{c: c, n: a.n}
}
