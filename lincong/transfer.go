// This file implements the transfer functions: Assume, Assign, Forget,
// Bound, Entails and the dimension operations.

package lincong

import (
	"github.com/numpred/numpred/numeric"
)

// eval returns the value of e's linear part at v (without the constant).
func linear(e numeric.LinExpr, v vec) numeric.Int {
	s := zero
	for i := 0; i < e.NumTerms(); i++ {
		t := e.Term(i)
		if x := v[t.Dim]; !x.IsZero() {
			s = s.Add(t.Coef.Mul(x))
		}
	}
	return s
}

// constantOn reports whether e takes a single value on a (not bottom),
// and that value.
func constantOn(a Value, e numeric.LinExpr) (numeric.Int, bool) {
	for i := 0; i < e.NumTerms(); i++ {
		if t := e.Term(i); a.free[t.Dim] && !t.Coef.IsZero() {
			return numeric.Int{}, false
		}
	}
	for _, r := range a.rows {
		if !linear(e, r).IsZero() {
			return numeric.Int{}, false
		}
	}
	return linear(e, a.p).Add(e.Constant()), true
}

// solve returns a ∩ {x | e(x) ≡ 0 (mod m)}, m = 0 meaning e(x) = 0:
// the combinations k of the rows with e(p) + sum k_i e_lin(row_i) +
// k_z m = 0, by the extended Euclidean algorithm on the rows' values.
func solve(a Value, e numeric.LinExpr, m numeric.Int) Value {
	if a.bot {
		return a
	}
	type row struct {
		v vec
		g numeric.Int
	}
	rows := make([]row, 0, len(a.rows)+e.NumTerms()+1)
	for _, r := range a.rows {
		rows = append(rows, row{r, linear(e, r)})
	}
	// The free dimensions e mentions take part as unit rows.
	free, copied := a.free, false
	for i := 0; i < e.NumTerms(); i++ {
		t := e.Term(i)
		if !a.free[t.Dim] || t.Coef.IsZero() {
			continue
		}
		if !copied {
			free, copied = append([]bool(nil), a.free...), true
		}
		free[t.Dim] = false
		u := newVec(a.n)
		u[t.Dim] = numeric.I(1)
		rows = append(rows, row{u, t.Coef})
	}
	if !m.IsZero() {
		rows = append(rows, row{newVec(a.n), m.Abs()})
	}
	t := linear(e, a.p).Add(e.Constant()).Neg()
	// Euclid: reduce until at most one row has a non-zero value.
	k := -1
	for {
		k = -1
		for i, r := range rows {
			if !r.g.IsZero() && (k < 0 || r.g.Abs().Cmp(rows[k].g.Abs()) < 0) {
				k = i
			}
		}
		if k < 0 {
			break
		}
		done := true
		for i, r := range rows {
			if i == k || r.g.IsZero() {
				continue
			}
			q := r.g.FloorDiv(rows[k].g)
			rows[i] = row{r.v.subMul(q, rows[k].v), r.g.Sub(q.Mul(rows[k].g))}
			if !rows[i].g.IsZero() {
				done = false
			}
		}
		if done {
			break
		}
	}
	if k < 0 {
		// No row moves e (so no free dimension was in e).
		if t.IsZero() {
			return a
		}
		return Domain{}.Bottom(a.n)
	}
	g := rows[k].g
	if !t.Divisible(g) {
		return Domain{}.Bottom(a.n)
	}
	p := a.p.subMul(t.FloorDiv(g).Neg(), rows[k].v)
	lat := make([]vec, 0, len(rows)-1)
	for i, r := range rows {
		if i != k {
			lat = append(lat, r.v)
		}
	}
	return mk(a.n, p, lat, free)
}

// Assume intersects a with the constraints: equalities exactly;
// inequalities exactly when their expression is constant on a, and not
// at all otherwise (the result then contains the exact one).
func (Domain) Assume(a Value, cs ...numeric.Constraint) Value {
	for _, c := range cs {
		if a.bot {
			return a
		}
		switch c.Kind() {
		case numeric.EQ:
			a = solve(a, c.Expr(), zero)
		default:
			if v, ok := constantOn(a, c.Expr()); ok && v.Sign() > 0 {
				return Domain{}.Bottom(a.n)
			}
		}
	}
	return a
}

// AssumeCongruence intersects a with the congruence c, exactly.
func (Domain) AssumeCongruence(a Value, c numeric.Congruence) Value {
	return solve(a, c.Expr(), c.Mod())
}

// Assign performs dims[i] := exprs[i] in parallel, exactly.
func (Domain) Assign(a Value, dims []numeric.Dim, exprs []numeric.LinExpr) Value {
	if len(dims) != len(exprs) {
		panic("lincong: Assign with different numbers of dimensions and expressions")
	}
	if a.bot {
		return a
	}
	if translation(dims, exprs) {
		// x := x + c moves the point only: the rows stay in Hermite form.
		p := a.p.clone()
		for i, x := range dims {
			if !a.free[x] {
				p[x] = p[x].Add(exprs[i].Constant())
			}
		}
		return Value{n: a.n, p: reduce(p, a.rows), rows: a.rows, free: a.free, eqs: new(eqCache)}
	}
	apply := func(v vec, affine bool) vec {
		out := v.clone()
		for i, x := range dims {
			s := linear(exprs[i], v)
			if affine {
				s = s.Add(exprs[i].Constant())
			}
			out[x] = s
		}
		return out
	}
	// The free dimensions the assignment reads or writes take part as
	// unit rows; the others stay free.
	free, copied := a.free, false
	materialise := func(x numeric.Dim) {
		if !free[x] {
			return
		}
		if !copied {
			free, copied = append([]bool(nil), a.free...), true
		}
		free[x] = false
	}
	for i, x := range dims {
		materialise(x)
		for j := 0; j < exprs[i].NumTerms(); j++ {
			materialise(exprs[i].Term(j).Dim)
		}
	}
	rows := make([]vec, 0, len(a.rows)+len(dims))
	for _, r := range a.rows {
		rows = append(rows, apply(r, false))
	}
	for i := range free {
		if a.free[i] && !free[i] {
			u := newVec(a.n)
			u[i] = numeric.I(1)
			rows = append(rows, apply(u, false))
		}
	}
	return mk(a.n, apply(a.p, true), rows, free)
}

// translation reports whether every expression is its own dimension plus
// a constant (x := x + c).
func translation(dims []numeric.Dim, exprs []numeric.LinExpr) bool {
	for i, x := range dims {
		e := exprs[i]
		if e.NumTerms() != 1 || e.Term(0).Dim != x || e.Term(0).Coef.Cmp(numeric.I(1)) != 0 {
			return false
		}
	}
	return true
}

// Forget makes dims unconstrained: their unit vectors join the lattice.
func (Domain) Forget(a Value, dims ...numeric.Dim) Value {
	if a.bot || len(dims) == 0 {
		return a
	}
	free := append([]bool(nil), a.free...)
	for _, x := range dims {
		free[x] = true
	}
	return mk(a.n, a.p, a.rows, free)
}

// Bound returns the single value of e when it is constant on a, and the
// full range otherwise (exact: a non-constant e is unbounded on a
// lattice).
func (Domain) Bound(a Value, e numeric.LinExpr) numeric.Range {
	if a.bot {
		return numeric.EmptyRange
	}
	if v, ok := constantOn(a, e); ok {
		return numeric.Range{Lo: numeric.BoundDown(v), Hi: numeric.BoundUp(v)}
	}
	return numeric.FullRange
}

// Entails reports whether every point of a satisfies c, exactly.
func (Domain) Entails(a Value, c numeric.Constraint) bool {
	if a.bot {
		return true
	}
	v, ok := constantOn(a, c.Expr())
	if !ok {
		return false
	}
	if c.Kind() == numeric.EQ {
		return v.IsZero()
	}
	return v.Sign() <= 0
}

// AddDims appends k unconstrained dimensions.
func (Domain) AddDims(a Value, k int) Value {
	if k == 0 {
		return a
	}
	n := a.n + k
	if a.bot {
		return Domain{}.Bottom(n)
	}
	ext := func(v vec) vec {
		out := newVec(n)
		copy(out, v)
		return out
	}
	rows := make([]vec, len(a.rows))
	for i, r := range a.rows {
		rows[i] = ext(r)
	}
	free := make([]bool, n)
	copy(free, a.free)
	for i := a.n; i < n; i++ {
		free[i] = true
	}
	// Still canonical: the new dimensions are free.
	return Value{n: n, p: ext(a.p), rows: rows, free: free}
}

// RemoveDims projects out dims and renumbers the others in order.
func (Domain) RemoveDims(a Value, dims ...numeric.Dim) Value {
	gone := make([]bool, a.n)
	for _, x := range dims {
		gone[x] = true
	}
	n := 0
	for _, g := range gone {
		if !g {
			n++
		}
	}
	if a.bot {
		return Domain{}.Bottom(n)
	}
	proj := func(v vec) vec {
		out := make(vec, 0, n)
		for i, x := range v {
			if !gone[i] {
				out = append(out, x)
			}
		}
		return out
	}
	rows := make([]vec, len(a.rows))
	for i, r := range a.rows {
		rows[i] = proj(r)
	}
	free := make([]bool, 0, n)
	for i, f := range a.free {
		if !gone[i] {
			free = append(free, f)
		}
	}
	return mk(n, proj(a.p), rows, free)
}

// PermuteDims renames dimension i to perm[i].
func (Domain) PermuteDims(a Value, perm []numeric.Dim) Value {
	if len(perm) != a.n {
		panic("lincong: PermuteDims with a permutation of the wrong length")
	}
	if a.bot {
		return a
	}
	move := func(v vec) vec {
		out := make(vec, a.n)
		for i, x := range v {
			out[perm[i]] = x
		}
		return out
	}
	rows := make([]vec, len(a.rows))
	for i, r := range a.rows {
		rows[i] = move(r)
	}
	free := make([]bool, a.n)
	for i, f := range a.free {
		free[perm[i]] = f
	}
	return mk(a.n, move(a.p), rows, free)
}

// Class returns what a says of dimension x alone: x ≡ r (mod m), m the
// gcd of the lattice's x entries (m = 0: x = r; m = 1: anything), r in
// [0, m) for m > 0. Precondition: a is not bottom.
func (a Value) Class(x numeric.Dim) (m, r numeric.Int) {
	if a.free[x] {
		return numeric.I(1), zero
	}
	m = zero
	for _, row := range a.rows {
		m = m.GCD(row[x])
	}
	if m.IsZero() {
		return m, a.p[x]
	}
	return m, a.p[x].Mod(m)
}
