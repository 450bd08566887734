package simplex

// This file keeps the previous implementation, a textbook two-phase dense
// tableau over numeric.Rat, as the reference of the differential tests:
// slow (a gcd per operation) but independent of the fraction-free solver.

import "github.com/numpred/numpred/numeric"

var refOne = numeric.RInt(numeric.I(1))

// refTableau is a simplex tableau for min cost·z, A z = b, z >= 0: rows
// t[i] = [A_i | b_i] in the current basis, basis[i] the basic column of
// row i.
type refTableau struct {
	t     [][]numeric.Rat
	basis []int
	ncol  int // number of structural columns (rhs is column ncol)
}

// pivot makes column j basic in row r.
func (tb *refTableau) pivot(r, j int, obj []numeric.Rat) {
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
func (tb *refTableau) run(obj []numeric.Rat, allowed func(int) bool) bool {
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

// refStandard solves min cost·z, A z = b, z >= 0 (cost may be nil for a
// feasibility problem). It returns the status and an optimal z.
func refStandard(A [][]numeric.Rat, b []numeric.Rat, cost []numeric.Rat) (Status, []numeric.Rat) {
	m := len(A)
	n := 0
	if m > 0 {
		n = len(A[0])
	}
	// Phase 1: one artificial per row, rows with b >= 0.
	tb := &refTableau{ncol: n + m, basis: make([]int, m)}
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
		row[n+i] = refOne
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

// refToStandard writes rows over nvars free variables in standard form:
// columns x+ (nvars), x- (nvars), then one slack per inequality.
func refToStandard(rows []Row, nvars int) (A [][]numeric.Rat, b []numeric.Rat, nslack int) {
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
			row[2*nvars+s] = refOne
			s++
		}
		A = append(A, row)
		b = append(b, numeric.RInt(r.Const.Neg()))
	}
	return A, b, nslack
}

// refMaximize maximises obj·x subject to rows over nvars variables. On
// Optimal it returns the optimum and a point attaining it.
func refMaximize(rows []Row, nvars int, obj []numeric.Int) (Status, numeric.Rat, []numeric.Rat) {
	A, b, nslack := refToStandard(rows, nvars)
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
	st, z := refStandard(A, b, cost)
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
