// This file implements the assignment transfer functions of octagons
// (Mine, HOSC 2006, §4.4.5 and §4.6): Assign (x := e, in parallel) and
// Forget (∃x).

package octagon

import "github.com/numpred/numpred/numeric"

// Forget returns ∃dims. a: the constraints on dims are dropped, the
// dimensions stay. Forgetting on a tightly closed matrix keeps it tightly
// closed (Mine, HOSC 2006, Thm. 8), so this is exact and O(n) per
// dimension.
func (Domain) Forget(a *Octagon, dims ...numeric.Dim) *Octagon {
	ca := a.close()
	for _, d := range dims {
		checkDim(a.n, d)
	}
	if ca.m == nil || len(dims) == 0 {
		return ca
	}
	m := append([]int64(nil), ca.m...)
	for _, d := range dims {
		forgetVar(m, a.n, int(d))
	}
	return closedOf(a.n, m)
}

// forgetVar sets every entry of variable x to +inf but its diagonal.
func forgetVar(m []int64, n, x int) {
	for j := 0; j < 2*n; j++ {
		set(m, 2*x, j, inf)
		set(m, 2*x+1, j, inf)
	}
	set(m, 2*x, 2*x, 0)
	set(m, 2*x+1, 2*x+1, 0)
}

// Assign performs the parallel assignment dims[i] := exprs[i].
//
// Exact cases (the result is the best octagon): x := c, x := ±x + c and
// x := ±y + c. Any other expression is linearised (Mine, HOSC 2006,
// §4.4.5): x gets the bounds of e and, for every other variable y, the
// bounds of x - y = e - y and x + y = e + y, each computed in the octagon
// before the assignment (exactly when e ∓ y is octagonal, by intervals
// otherwise), followed by an O(n^2) incremental closure. So x := y + z
// keeps x - y in the range of z.
//
// A parallel assignment whose right-hand sides read an assigned variable
// goes through fresh dimensions: t_i := e_i, then dims[i] := t_i, then
// the t_i are projected out.
func (Domain) Assign(a *Octagon, dims []numeric.Dim, exprs []numeric.LinExpr) *Octagon {
	if len(dims) != len(exprs) {
		panic("octagon: Assign with len(dims) != len(exprs)")
	}
	for i, d := range dims {
		checkDim(a.n, d)
		if md := exprs[i].MaxDim(); int(md) >= a.n {
			checkDim(a.n, md)
		}
	}
	ca := a.close()
	if ca.m == nil || len(dims) == 0 {
		return ca
	}
	n := a.n
	s := newScratch(n)
	if sequentialOK(dims, exprs) {
		m := append([]int64(nil), ca.m...)
		for i, d := range dims {
			if !assign1(m, n, int(d), exprs[i], s) {
				return bottom(n)
			}
		}
		return closedOf(n, m)
	}
	k := len(dims)
	n2 := n + k
	m := extend(ca.m, n, k)
	s = newScratch(n2)
	for i := range dims {
		if !assign1(m, n2, n+i, exprs[i], s) {
			return bottom(n)
		}
	}
	for i, d := range dims {
		if !assign1(m, n2, int(d), numeric.Var(numeric.Dim(n+i)), s) {
			return bottom(n)
		}
	}
	// Rows 0..2n-1 of the half matrix are a prefix: projecting out the
	// last k dimensions of a closed matrix keeps it closed.
	return closedOf(n, append([]int64(nil), m[:matSize(n)]...))
}

// sequentialOK reports whether assigning one dimension after the other
// gives the parallel result: no right-hand side reads a dimension
// assigned before it.
func sequentialOK(dims []numeric.Dim, exprs []numeric.LinExpr) bool {
	for i, d := range dims {
		for j := i + 1; j < len(exprs); j++ {
			if !exprs[j].Coef(d).IsZero() {
				return false
			}
		}
	}
	return true
}

// assign1 performs x := e on the tightly closed matrix m in place and
// reports whether the result is non-empty.
func assign1(m []int64, n, x int, e numeric.LinExpr, s *scratch) bool {
	c := e.Constant()
	switch {
	case e.IsConst():
		forgetVar(m, n, x)
		return addConstraint(m, n, 2*x+1, 2*x, entryOfInt(c.Add(c)), s) &&
			addConstraint(m, n, 2*x, 2*x+1, entryOfInt(c.Add(c).Neg()), s)
	case e.NumTerms() == 1 && e.Term(0).Coef.Abs().Cmp(numeric.I(1)) == 0:
		t := e.Term(0)
		sign := t.Coef.Sign()
		if int(t.Dim) == x {
			return shift(m, n, x, sign, c, s)
		}
		return copyVar(m, n, x, node(t.Dim, sign), c, s)
	}
	return assignLinear(m, n, x, e, s)
}

// shift performs x := sign*x + c in place: relabel V_2x and V_2x+1 when
// sign < 0, then add the potential c to V_2x and -c to V_2x+1. Closure,
// tightness and strong coherence are preserved, except when an entry
// saturates, in which case the rows of x are closed again.
func shift(m []int64, n, x, sign int, c numeric.Int, s *scratch) bool {
	p0, p1 := 2*x, 2*x+1
	if sign < 0 {
		r0, r1 := s.r0, s.r1
		for j := 0; j < 2*n; j++ {
			r0[j], r1[j] = get(m, p0, j), get(m, p1, j)
		}
		// new m[p0][j] = old m[p1][π(j)], new m[p1][j] = old m[p0][π(j)].
		for j := 0; j < 2*n; j++ {
			pj := j
			if j>>1 == x {
				pj = j ^ 1
			}
			set(m, p0, j, r1[pj])
			set(m, p1, j, r0[pj])
		}
	}
	if c.IsZero() {
		return true
	}
	cv, c2 := entryOfInt(c), entryOfInt(c.Add(c))
	ncv, nc2 := entryOfInt(c.Neg()), entryOfInt(c.Add(c).Neg())
	saturated := cv == inf || ncv == inf || c2 == inf || nc2 == inf
	// Entry (i, j) bounds V_j - V_i; it moves by delta_j - delta_i with
	// delta_p0 = c, delta_p1 = -c. Visit row p0 and row p1 as full rows:
	// entry (p0, j) moves by delta_j - c, entry (p1, j) by delta_j + c.
	for j := 0; j < 2*n; j++ {
		var d0, d1 int64 // additions to (p0, j) and (p1, j)
		switch j {
		case p0:
			d0, d1 = 0, c2
		case p1:
			d0, d1 = nc2, 0
		default:
			d0, d1 = ncv, cv
		}
		if j == p0 || j == p1 {
			// (p0, p1) and (p1, p0) are their own twins: visit once.
			if j == p1 {
				v := addUp(get(m, p0, j), d0)
				saturated = saturated || (v == inf && get(m, p0, j) != inf) || v == negMax || get(m, p0, j) == negMax
				set(m, p0, j, v)
			} else {
				v := addUp(get(m, p1, j), d1)
				saturated = saturated || (v == inf && get(m, p1, j) != inf) || v == negMax || get(m, p1, j) == negMax
				set(m, p1, j, v)
			}
			continue
		}
		v0, v1 := get(m, p0, j), get(m, p1, j)
		w0, w1 := addUp(v0, d0), addUp(v1, d1)
		// A bound at negMax may stand for a smaller one (closure up to
		// saturation), which a shift does not preserve: close again.
		if (w0 == inf && v0 != inf) || (w1 == inf && v1 != inf) || w0 == negMax || w1 == negMax || v0 == negMax || v1 == negMax {
			saturated = true
		}
		set(m, p0, j, w0)
		set(m, p1, j, w1)
	}
	if saturated {
		return closeVar(m, n, x, s)
	}
	return true
}

// copyVar performs x := V_ny + c in place, for a node ny of another
// variable y (x := y + c or x := -y + c): the new V_2x is V_ny + c and the
// new V_2x+1 is V_(ny^1) - c, so x's rows are y's rows shifted, and
// x - (±y) = c. On a closed matrix this yields the closed result in O(n)
// (Mine, HOSC 2006, §4.4.5); when a bound saturates, the rows of x are
// closed again.
func copyVar(m []int64, n, x, ny int, c numeric.Int, s *scratch) bool {
	p0, p1 := 2*x, 2*x+1
	cv, ncv := entryOfInt(c), entryOfInt(c.Neg())
	c2, nc2 := entryOfInt(c.Add(c)), entryOfInt(c.Add(c).Neg())
	saturated := false
	shifted := func(v, d int64) int64 {
		w := addUp(v, d)
		if (w == inf && v != inf) || w == negMax || v == negMax || d == negMax {
			saturated = true
		}
		return w
	}
	r0, r1 := s.r0, s.r1
	for j := 0; j < 2*n; j++ {
		if j>>1 == x {
			continue
		}
		r0[j] = shifted(get(m, ny, j), ncv)  // V_j - V_ny - c
		r1[j] = shifted(get(m, ny^1, j), cv) // V_j - V_(ny^1) + c
	}
	r0[p0], r1[p1] = 0, 0
	r0[p1] = shifted(get(m, ny, ny^1), nc2) // V_(ny^1) - V_ny - 2c
	r1[p0] = shifted(get(m, ny^1, ny), c2)  // V_ny - V_(ny^1) + 2c
	if cv == inf || ncv == inf || c2 == inf || nc2 == inf {
		saturated = true
	}
	for j := 0; j < 2*n; j++ {
		set(m, p0, j, r0[j])
		set(m, p1, j, r1[j])
	}
	if saturated {
		return closeVar(m, n, x, s)
	}
	return true
}

// assignLinear performs x := e by linearisation (see Assign) in place.
func assignLinear(m []int64, n, x int, e numeric.LinExpr, s *scratch) bool {
	type bound struct {
		a, b int
		e    numeric.LinExpr // V_b - V_a <= upper bound of e
	}
	bs := []bound{{2*x + 1, 2 * x, e.Add(e)}, {2 * x, 2*x + 1, e.Add(e).Neg()}}
	for y := 0; y < n; y++ {
		if y == x {
			continue
		}
		vy := numeric.Var(numeric.Dim(y))
		bs = append(bs,
			bound{2 * y, 2 * x, e.Sub(vy)},           // x - y
			bound{2*y + 1, 2 * x, e.Add(vy)},         // x + y
			bound{2 * y, 2*x + 1, e.Neg().Sub(vy)},   // -x - y
			bound{2*y + 1, 2*x + 1, e.Neg().Add(vy)}) // -x + y
	}
	vals := make([]int64, len(bs))
	for i, b := range bs {
		vals[i] = inf
		if u, ok := upperOf(m, b.e); ok {
			vals[i] = entryOfInt(u)
		}
	}
	forgetVar(m, n, x)
	for i, b := range bs {
		set(m, b.a, b.b, vals[i])
	}
	return closeVar(m, n, x, s)
}

// extend returns a copy of the n-dimensional half matrix m with k
// unconstrained dimensions appended. The old rows are a prefix.
func extend(m []int64, n, k int) []int64 {
	out := make([]int64, matSize(n+k))
	copy(out, m)
	for i := len(m); i < len(out); i++ {
		out[i] = inf
	}
	for i := 2 * n; i < 2*(n+k); i++ {
		out[idx(i, i)] = 0
	}
	return out
}
