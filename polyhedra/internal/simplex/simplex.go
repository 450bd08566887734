// Package simplex is an exact rational simplex method: feasibility,
// optimisation and Farkas certificates of infeasibility for conjunctions
// of linear constraints over the rationals.
//
// It is the textbook two-phase tableau method (Dantzig) on the standard
// form min c·z, Az = b, z >= 0, with Bland's smallest-index rule for the
// entering and leaving variables, which rules out cycling. Arithmetic is
// numeric.Rat: exact, never wrapping. Sizes are small (a few dozen
// constraints), so the dense tableau is the simplest right choice.
//
// Constraints are given as Rows, sum Coefs[i]*x_i + Const <= 0 (or = 0),
// with free (unsigned) variables x. Farkas' lemma: such a system has no
// rational solution iff there are multipliers y, y_i >= 0 for the
// inequalities and of any sign for the equalities, with sum_i y_i Coefs_i
// = 0 and sum_i y_i Const_i > 0 — adding up y_i times each row then reads
// 0 <= -(sum y_i Const_i) < 0.
package simplex

import (
	"github.com/numpred/numpred/numeric"
)

// Row is the linear constraint sum_i Coefs[i]*x_i + Const <= 0, or = 0
// when Eq. Coefs may be shorter than the number of variables (missing
// coefficients are 0).
type Row struct {
	Coefs []numeric.Int
	Const numeric.Int
	Eq    bool
}

// Status is the outcome of an optimisation.
type Status int

const (
	// Optimal: the optimum is attained (Value, Point are set).
	Optimal Status = iota
	// Unbounded: the objective is unbounded above.
	Unbounded
	// Infeasible: the constraints have no rational solution.
	Infeasible
)

func (s Status) String() string {
	switch s {
	case Optimal:
		return "optimal"
	case Unbounded:
		return "unbounded"
	}
	return "infeasible"
}

var (
	ratZero = numeric.RInt(numeric.I(0))
	ratOne  = numeric.RInt(numeric.I(1))
)

// tableau is a simplex tableau for min cost·z, A z = b, z >= 0: rows
// t[i] = [A_i | b_i] in the current basis, basis[i] the basic column of
// row i.
type tableau struct {
	t     [][]numeric.Rat
	basis []int
	ncol  int // number of structural columns (rhs is column ncol)
}

// pivot makes column j basic in row r.
func (tb *tableau) pivot(r, j int, obj []numeric.Rat) {
	row := tb.t[r]
	p := row[j]
	for k := range row {
		if row[k].Sign() != 0 {
			row[k] = row[k].Quo(p)
		}
	}
	elim := func(x []numeric.Rat) {
		f := x[j]
		if f.Sign() == 0 {
			return
		}
		for k := range x {
			if row[k].Sign() != 0 {
				x[k] = x[k].Sub(f.Mul(row[k]))
			}
		}
	}
	for i := range tb.t {
		if i != r {
			elim(tb.t[i])
		}
	}
	if obj != nil {
		elim(obj)
	}
	tb.basis[r] = j
}

// run minimises with the reduced-cost row obj (obj[ncol] is minus the
// objective value) over the columns allowed, by Bland's rule. It reports
// false when the objective is unbounded below.
func (tb *tableau) run(obj []numeric.Rat, allowed func(int) bool) bool {
	for {
		j := -1
		for k := 0; k < tb.ncol; k++ {
			if allowed(k) && obj[k].Sign() < 0 {
				j = k
				break
			}
		}
		if j < 0 {
			return true
		}
		r := -1
		var best numeric.Rat
		for i, row := range tb.t {
			if row[j].Sign() <= 0 {
				continue
			}
			q := row[tb.ncol].Quo(row[j])
			if r < 0 || q.Cmp(best) < 0 || q.Cmp(best) == 0 && tb.basis[i] < tb.basis[r] {
				r, best = i, q
			}
		}
		if r < 0 {
			return false
		}
		tb.pivot(r, j, obj)
	}
}

// standard solves min cost·z, A z = b, z >= 0 (cost may be nil for a
// feasibility problem). It returns the status and an optimal z.
func standard(A [][]numeric.Rat, b []numeric.Rat, cost []numeric.Rat) (Status, []numeric.Rat) {
	m := len(A)
	n := 0
	if m > 0 {
		n = len(A[0])
	}
	// Phase 1: one artificial per row, rows with b >= 0.
	tb := &tableau{ncol: n + m, basis: make([]int, m)}
	obj := make([]numeric.Rat, n+m+1)
	for i := 0; i < m; i++ {
		row := make([]numeric.Rat, n+m+1)
		neg := b[i].Sign() < 0
		for k := 0; k < n; k++ {
			row[k] = A[i][k]
			if neg {
				row[k] = row[k].Neg()
			}
		}
		row[n+i] = ratOne
		row[n+m] = b[i]
		if neg {
			row[n+m] = b[i].Neg()
		}
		tb.t = append(tb.t, row)
		tb.basis[i] = n + i
		for k := 0; k < n; k++ {
			obj[k] = obj[k].Sub(row[k])
		}
		obj[n+m] = obj[n+m].Sub(row[n+m])
	}
	tb.run(obj, func(int) bool { return true })
	if obj[n+m].Sign() != 0 {
		return Infeasible, nil
	}
	// Drive artificials out of the basis; drop redundant rows.
	for i := 0; i < len(tb.t); i++ {
		if tb.basis[i] < n {
			continue
		}
		j := -1
		for k := 0; k < n; k++ {
			if tb.t[i][k].Sign() != 0 {
				j = k
				break
			}
		}
		if j < 0 {
			tb.t = append(tb.t[:i], tb.t[i+1:]...)
			tb.basis = append(tb.basis[:i], tb.basis[i+1:]...)
			i--
			continue
		}
		tb.pivot(i, j, nil)
	}
	if cost != nil {
		// Phase 2 on the structural columns.
		obj2 := make([]numeric.Rat, n+m+1)
		copy(obj2, cost)
		for i, row := range tb.t {
			cb := cost[tb.basis[i]]
			if cb.Sign() == 0 {
				continue
			}
			for k := range row {
				if row[k].Sign() != 0 {
					obj2[k] = obj2[k].Sub(cb.Mul(row[k]))
				}
			}
		}
		if !tb.run(obj2, func(k int) bool { return k < n }) {
			return Unbounded, nil
		}
	}
	z := make([]numeric.Rat, n)
	for i, row := range tb.t {
		if tb.basis[i] < n {
			z[tb.basis[i]] = row[n+m]
		}
	}
	return Optimal, z
}

// toStandard writes rows over nvars free variables in standard form:
// columns x+ (nvars), x- (nvars), then one slack per inequality.
func toStandard(rows []Row, nvars int) (A [][]numeric.Rat, b []numeric.Rat, nslack int) {
	for _, r := range rows {
		if !r.Eq {
			nslack++
		}
	}
	s := 0
	for _, r := range rows {
		row := make([]numeric.Rat, 2*nvars+nslack)
		for k, c := range r.Coefs {
			if c.IsZero() {
				continue
			}
			row[k] = numeric.RInt(c)
			row[nvars+k] = numeric.RInt(c.Neg())
		}
		if !r.Eq {
			row[2*nvars+s] = ratOne
			s++
		}
		A = append(A, row)
		b = append(b, numeric.RInt(r.Const.Neg()))
	}
	return A, b, nslack
}

// Maximize maximises obj·x subject to rows over nvars variables. On
// Optimal it returns the optimum and a point attaining it.
func Maximize(rows []Row, nvars int, obj []numeric.Int) (Status, numeric.Rat, []numeric.Rat) {
	A, b, nslack := toStandard(rows, nvars)
	cost := make([]numeric.Rat, 2*nvars+nslack)
	for k, c := range obj {
		if c.IsZero() {
			continue
		}
		cost[k] = numeric.RInt(c.Neg()) // minimise -obj
		cost[nvars+k] = numeric.RInt(c)
	}
	if len(A) == 0 {
		for _, c := range obj {
			if !c.IsZero() {
				return Unbounded, ratZero, nil
			}
		}
		return Optimal, ratZero, make([]numeric.Rat, nvars)
	}
	st, z := standard(A, b, cost)
	if st != Optimal {
		return st, ratZero, nil
	}
	x := make([]numeric.Rat, nvars)
	v := ratZero
	for k := 0; k < nvars; k++ {
		x[k] = z[k].Sub(z[nvars+k])
		if k < len(obj) && !obj[k].IsZero() {
			v = v.Add(x[k].Mul(numeric.RInt(obj[k])))
		}
	}
	return Optimal, v, x
}

// Feasible reports whether rows have a rational solution, and returns one.
func Feasible(rows []Row, nvars int) ([]numeric.Rat, bool) {
	st, _, x := Maximize(rows, nvars, nil)
	return x, st != Infeasible
}

// Farkas returns multipliers proving that rows have no rational solution:
// y[i] >= 0 for inequalities, with sum_i y[i]*Coefs_i = 0 and
// sum_i y[i]*Const_i = 1. It returns infeasible == false (and nil) when
// the rows have a solution.
func Farkas(rows []Row, nvars int) (y []numeric.Rat, infeasible bool) {
	// Variables: y+ for every row, y- for equalities. Constraints: one per
	// original variable (sum y_i a_ik = 0) and sum y_i c_i = 1.
	m := len(rows)
	col := make([]int, m) // column of y_i-, or -1
	ncol := m
	for i, r := range rows {
		col[i] = -1
		if r.Eq {
			col[i] = ncol
			ncol++
		}
	}
	var A [][]numeric.Rat
	var b []numeric.Rat
	for k := 0; k < nvars; k++ {
		row := make([]numeric.Rat, ncol)
		nz := false
		for i, r := range rows {
			if k >= len(r.Coefs) || r.Coefs[k].IsZero() {
				continue
			}
			nz = true
			row[i] = numeric.RInt(r.Coefs[k])
			if col[i] >= 0 {
				row[col[i]] = numeric.RInt(r.Coefs[k].Neg())
			}
		}
		if nz {
			A = append(A, row)
			b = append(b, ratZero)
		}
	}
	row := make([]numeric.Rat, ncol)
	for i, r := range rows {
		row[i] = numeric.RInt(r.Const)
		if col[i] >= 0 {
			row[col[i]] = numeric.RInt(r.Const.Neg())
		}
	}
	A = append(A, row)
	b = append(b, ratOne)
	st, z := standard(A, b, nil)
	if st != Optimal {
		return nil, false
	}
	y = make([]numeric.Rat, m)
	for i := range rows {
		y[i] = z[i]
		if col[i] >= 0 {
			y[i] = y[i].Sub(z[col[i]])
		}
	}
	return y, true
}
