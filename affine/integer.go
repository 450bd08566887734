// This file decides whether a rational affine space contains an integer
// point: the integer solutions of a linear system, by the classical
// reduction of linear Diophantine systems with unimodular column
// operations (as in the Hermite normal form; see Schrijver, "Theory of
// Linear and Integer Programming", ch. 4-5).
//
// The integer solutions of the equations seen so far are kept as
// x = x0 + M t (x0 integer, M an integer matrix, t ranging over Z^k).
// The next equation a.x = b becomes (aM) t = b - a.x0. Column operations
// on M with determinant ±1 (extended Euclid on pairs of columns) turn aM
// into (g, 0, ..., 0), g = gcd(aM); then the equation has an integer
// solution iff g divides b - a.x0 (or g = 0 and b = a.x0), the first
// column's parameter is fixed to (b - a.x0)/g, and M keeps the other
// columns.

package affine

import (
	"slices"

	"github.com/numpred/numpred/numeric"
)

// hasIntegerPoint reports whether the consistent equation system eqs
// over n dimensions has an integer solution.
func hasIntegerPoint(n int, eqs []vec) bool {
	_, ok := integerPoint(n, eqs)
	return ok
}

// integerPoint returns an integer solution of the consistent equation
// system eqs over n dimensions, or false when there is none.
func integerPoint(n int, eqs []vec) ([]numeric.Int, bool) {
	// The point with every free dimension 0 is integer when every
	// constant is: the common case, decided without any arithmetic.
	fast := true
	for _, r := range eqs {
		if !r.c.IsInt() {
			fast = false
			break
		}
	}
	if fast {
		p := make([]numeric.Int, n)
		for _, r := range eqs {
			p[r.ts[len(r.ts)-1].d] = r.c.Num()
		}
		return p, true
	}
	x0, _, ok := lattice(n, eqs)
	return x0, ok
}

// lattice returns x0 and the columns of M such that the integer
// solutions of the consistent equation system eqs over n dimensions are
// exactly x0 + M t for t in Z^k, or false when there is none.
func lattice(n int, eqs []vec) ([]numeric.Int, [][]numeric.Int, bool) {
	x0 := make([]numeric.Int, n)
	cols := make([][]numeric.Int, n) // the columns of M
	for j := range cols {
		cols[j] = make([]numeric.Int, n)
		cols[j][j] = numeric.I(1)
	}
	for _, r := range eqs {
		e := r.toLinExpr() // a.x + e0 = 0, integer
		b := e.Constant().Neg()
		v := make([]numeric.Int, len(cols))
		for j, col := range cols {
			v[j] = dot(e, col)
		}
		rest := b.Sub(dot(e, x0))
		first := -1
		for j := range v {
			if !v[j].IsZero() {
				first = j
				break
			}
		}
		if first < 0 {
			if !rest.IsZero() {
				return nil, nil, false
			}
			continue
		}
		v[0], v[first] = v[first], v[0]
		cols[0], cols[first] = cols[first], cols[0]
		for j := 1; j < len(v); j++ {
			if v[j].IsZero() {
				continue
			}
			g, s, t := v[0].ExtGCD(v[j])
			p, q := v[j].FloorDiv(g).Neg(), v[0].FloorDiv(g)
			// [c0 cj] := [c0 cj] [[s p] [t q]], determinant s*q - p*t = 1.
			c0, cj := cols[0], cols[j]
			n0, nj := make([]numeric.Int, n), make([]numeric.Int, n)
			for i := 0; i < n; i++ {
				n0[i] = s.Mul(c0[i]).Add(t.Mul(cj[i]))
				nj[i] = p.Mul(c0[i]).Add(q.Mul(cj[i]))
			}
			cols[0], cols[j] = n0, nj
			v[0], v[j] = g, numeric.Int{}
		}
		if !rest.Divisible(v[0]) {
			return nil, nil, false
		}
		f := rest.FloorDiv(v[0])
		for i := range x0 {
			x0[i] = x0[i].Add(f.Mul(cols[0][i]))
		}
		cols = cols[1:]
	}
	return x0, cols, true
}

// residue returns c and g >= 0 such that the values of the linear form
// f (integer coefficients; its constant is ignored) at the integer
// solutions of eqs over n dimensions are exactly c + g*Z (g = 0: the one
// value c); false when eqs has no integer solution. (The values are
// f(x0) + f(M t), and f(M t) ranges over the multiples of the gcd of
// f's values on M's columns.)
func residue(n int, eqs []vec, f numeric.LinExpr) (c, g numeric.Int, ok bool) {
	// Only the equations connected to f's dimensions (through shared
	// dimensions) constrain its values: the others' integer solutions
	// combine with any of these. The lattice is built on that part alone.
	dims := map[numeric.Dim]bool{}
	for i := 0; i < f.NumTerms(); i++ {
		dims[f.Term(i).Dim] = true
	}
	used := make([]bool, len(eqs))
	var part []vec
	for grew := true; grew; {
		grew = false
		for i, r := range eqs {
			if used[i] {
				continue
			}
			touches := false
			for _, t := range r.ts {
				if dims[t.d] {
					touches = true
					break
				}
			}
			if !touches {
				continue
			}
			used[i], grew = true, true
			part = append(part, r)
			for _, t := range r.ts {
				dims[t.d] = true
			}
		}
	}
	order := make([]numeric.Dim, 0, len(dims))
	for d := range dims {
		order = append(order, d)
	}
	slices.Sort(order)
	index := make(map[numeric.Dim]numeric.Dim, len(order))
	for i, d := range order {
		index[d] = numeric.Dim(i)
	}
	rename := func(d numeric.Dim) numeric.Dim { return index[d] }
	for i, r := range part {
		part[i] = r.rename(rename)
	}
	n = len(order)
	f = f.Rename(rename)
	x0, cols, ok := lattice(n, part)
	if !ok {
		return numeric.Int{}, numeric.Int{}, false
	}
	for _, col := range cols {
		g = g.GCD(dot(f, col))
	}
	return dot(f, x0), g, true
}

// dot returns the linear part of e at the point x.
func dot(e numeric.LinExpr, x []numeric.Int) numeric.Int {
	var s numeric.Int
	for i := 0; i < e.NumTerms(); i++ {
		t := e.Term(i)
		s = s.Add(t.Coef.Mul(x[t.Dim]))
	}
	return s
}
