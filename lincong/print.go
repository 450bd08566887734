// This file implements the description of a value by linear equations
// and congruences, its text, and the sanity checker.

package lincong

import (
	"fmt"
	"strings"

	"github.com/numpred/numpred/numeric"
)

// pivots returns the pivot column of each row.
func (a Value) pivots() []int {
	ps := make([]int, len(a.rows))
	for i, r := range a.rows {
		ps[i] = r.pivot()
	}
	return ps
}

// integral returns the integer expression sum k_j x_j - sum k_j p_j for
// rational coefficients k over dims, scaled by the lcm of their
// denominators, and that lcm.
func integral(k []numeric.Rat, dims []int, p vec) (numeric.LinExpr, numeric.Int) {
	den := numeric.I(1)
	for _, q := range k {
		d := q.Den()
		den = den.Mul(d).FloorDiv(den.GCD(d))
	}
	var ts []numeric.Term
	c := zero
	for j, q := range k {
		if q.Sign() == 0 {
			continue
		}
		coef := q.Num().Mul(den.FloorDiv(q.Den()))
		ts = append(ts, numeric.Term{Dim: numeric.Dim(dims[j]), Coef: coef})
		c = c.Sub(coef.Mul(p[dims[j]]))
	}
	return numeric.NewLinExpr(c, ts...), den
}

// Constraints returns the equations of a's rational affine hull
// (numeric.False for bottom). They contain gamma(a); the congruences of
// Congruences make the description exact.
func (Domain) Constraints(a Value) []numeric.Constraint {
	if a.bot {
		return []numeric.Constraint{numeric.False}
	}
	if a.eqs == nil {
		return hullEquations(a, false)
	}
	a.eqs.once.Do(func() { a.eqs.cs = hullEquations(a, false) })
	// Full slice expression: a caller's append must not write into the
	// cache.
	return a.eqs.cs[:len(a.eqs.cs):len(a.eqs.cs)]
}

// Relations returns the equations of a's rational affine hull over two
// or more dimensions (none for bottom); the others each fix a dimension,
// which Class reports. The reduced products pass these on after every
// operation, so a value without rows (a point) answers at once.
func (a Value) Relations() []numeric.Constraint {
	if a.bot || len(a.rows) == 0 {
		return nil
	}
	return hullEquations(a, true)
}

// hullEquations computes the equations of a's rational affine hull; with
// relational, only those of the columns some row moves (the others fix
// one dimension each).
func hullEquations(a Value, relational bool) []numeric.Constraint {
	isPivot := make([]bool, a.n)
	ps := a.pivots()
	for _, c := range ps {
		isPivot[c] = true
	}
	var cs []numeric.Constraint
	touched := make([]bool, a.n)
	for _, r := range a.rows {
		for j, x := range r {
			if !x.IsZero() {
				touched[j] = true
			}
		}
	}
	for f := 0; f < a.n; f++ {
		if isPivot[f] || a.free[f] {
			continue
		}
		if !touched[f] {
			if relational {
				continue
			}
			// No row moves x_f: it is the point's value.
			cs = append(cs, numeric.Eq(numeric.Var(numeric.Dim(f)), numeric.ConstInt(a.p[f])))
			continue
		}
		// The kernel vector k with k_f > 0, zero at the other free
		// columns: back substitution through the rows, in integers (k is
		// scaled up when a pivot does not divide its row's sum).
		k := newVec(a.n)
		k[f] = numeric.I(1)
		for i := len(a.rows) - 1; i >= 0; i-- {
			r, c := a.rows[i], ps[i]
			if c > f {
				continue
			}
			s := zero
			for j := c + 1; j < a.n; j++ {
				if !r[j].IsZero() && !k[j].IsZero() {
					s = s.Add(r[j].Mul(k[j]))
				}
			}
			if !s.Divisible(r[c]) {
				mult := r[c].FloorDiv(r[c].GCD(s))
				for j := range k {
					k[j] = k[j].Mul(mult)
				}
				s = s.Mul(mult)
			}
			k[c] = s.FloorDiv(r[c]).Neg()
		}
		var ts []numeric.Term
		cst := zero
		for j, q := range k {
			if !q.IsZero() {
				ts = append(ts, numeric.Term{Dim: numeric.Dim(j), Coef: q})
				cst = cst.Sub(q.Mul(a.p[j]))
			}
		}
		e := numeric.NewLinExpr(cst, ts...)
		cs = append(cs, numeric.NewConstraint(e, numeric.EQ))
	}
	return cs
}

// Congruences returns congruences that, with the equations of
// Constraints, describe gamma(a) exactly: with U the rows restricted to
// their pivot columns P (upper triangular, invertible), a point x of the
// hull is in gamma(a) iff (x - p)_P U^-1 is integral; each column of U^-1
// that is not integral gives one congruence. None for bottom.
func (Domain) Congruences(a Value) []numeric.Congruence {
	if a.bot || len(a.rows) == 0 {
		return nil
	}
	ps := a.pivots()
	unit := true
	for i, c := range ps {
		unit = unit && a.rows[i][c].Cmp(numeric.I(1)) == 0
	}
	if unit {
		// U is unit upper triangular: its inverse is integral.
		return nil
	}
	r := len(ps)
	one := numeric.RInt(numeric.I(1))
	// X = U^-1 by columns, U[i][k] = rows[i][ps[k]].
	x := make([][]numeric.Rat, r)
	for i := range x {
		x[i] = make([]numeric.Rat, r)
		for j := range x[i] {
			x[i][j] = numeric.RInt(zero)
		}
	}
	for j := 0; j < r; j++ {
		x[j][j] = one.Quo(numeric.RInt(a.rows[j][ps[j]]))
		for i := j - 1; i >= 0; i-- {
			s := numeric.RInt(zero)
			for k := i + 1; k <= j; k++ {
				if u := a.rows[i][ps[k]]; !u.IsZero() {
					s = s.Add(numeric.RInt(u).Mul(x[k][j]))
				}
			}
			x[i][j] = s.Neg().Quo(numeric.RInt(a.rows[i][ps[i]]))
		}
	}
	// h is the lattice of what the equations and the congruences kept so
	// far say: a congruence that holds on it is left out.
	h := Domain{}.Assume(Domain{}.Top(a.n), Domain{}.Constraints(a)...)
	var out []numeric.Congruence
	for j := 0; j < r; j++ {
		col := make([]numeric.Rat, r)
		for k := 0; k < r; k++ {
			col[k] = x[k][j]
		}
		e, m := integral(col, ps, a.p)
		c, ok := numeric.NewCongruence(e, m)
		if !ok || holds(h, c) {
			continue
		}
		out = append(out, c)
		h = solve(h, c.Expr(), c.Mod())
	}
	return out
}

// holds reports whether every point of a (not bottom) satisfies c.
func holds(a Value, c numeric.Congruence) bool {
	for i := 0; i < c.Expr().NumTerms(); i++ {
		if t := c.Expr().Term(i); a.free[t.Dim] && !t.Coef.Divisible(c.Mod()) {
			return false
		}
	}
	for _, r := range a.rows {
		if !linear(c.Expr(), r).Divisible(c.Mod()) {
			return false
		}
	}
	return linear(c.Expr(), a.p).Add(c.Expr().Constant()).Divisible(c.Mod())
}

// String formats a as its equations and congruences, naming dimensions
// by env; Z^n is "true" and bottom "false".
func (d Domain) String(a Value, env *numeric.Env) string {
	if a.bot {
		return "false"
	}
	var parts []string
	for _, c := range d.Constraints(a) {
		parts = append(parts, c.String(env))
	}
	for _, c := range d.Congruences(a) {
		parts = append(parts, c.String(env))
	}
	if len(parts) == 0 {
		return "true"
	}
	return strings.Join(parts, " && ")
}

// String formats a like Domain.String with dimensions x0, x1, ...
func (a Value) String() string { return Domain{}.String(a, nil) }

// SanityCheck returns an error when a is not in canonical form.
func (Domain) SanityCheck(a Value) error {
	if a.bot {
		if a.p != nil || a.rows != nil || a.free != nil {
			return fmt.Errorf("lincong: bottom keeps a point or rows")
		}
		return nil
	}
	if len(a.p) != a.n || len(a.free) != a.n {
		return fmt.Errorf("lincong: a point of %d coordinates and %d free flags in %d dimensions", len(a.p), len(a.free), a.n)
	}
	for i, f := range a.free {
		if !f {
			continue
		}
		if !a.p[i].IsZero() {
			return fmt.Errorf("lincong: the point has %s at free dimension %d", a.p[i], i)
		}
		for j, r := range a.rows {
			if !r[i].IsZero() {
				return fmt.Errorf("lincong: row %d has %s at free dimension %d", j, r[i], i)
			}
		}
	}
	last := -1
	for i, r := range a.rows {
		if len(r) != a.n {
			return fmt.Errorf("lincong: row %d has %d entries in %d dimensions", i, len(r), a.n)
		}
		c := r.pivot()
		if c <= last || c == a.n {
			return fmt.Errorf("lincong: row %d's pivot %d does not follow %d", i, c, last)
		}
		if r[c].Sign() <= 0 {
			return fmt.Errorf("lincong: row %d's pivot %s is not positive", i, r[c])
		}
		if r[c].Cmp(numeric.I(1)) == 0 && r[c+1:].isZero() {
			return fmt.Errorf("lincong: row %d is a unit vector, not a free dimension", i)
		}
		for j := 0; j < i; j++ {
			if v := a.rows[j][c]; v.Sign() < 0 || v.Cmp(r[c]) >= 0 {
				return fmt.Errorf("lincong: row %d has %s above pivot %s of row %d", j, v, r[c], i)
			}
		}
		if v := a.p[c]; v.Sign() < 0 || v.Cmp(r[c]) >= 0 {
			return fmt.Errorf("lincong: the point has %s at pivot %s of row %d", v, r[c], i)
		}
		last = c
	}
	return nil
}
