// This file implements the transfer functions of the affine-equality
// domain: Assume, Assign, Forget, Bound, Entails and the dimension
// operations.

package affine

import (
	"slices"

	"github.com/numpred/numpred/numeric"
)

// Assume returns the affine hull of gamma(a) ∩ {x | cs}. Equalities are
// conjoined exactly. An inequality e <= 0 is otherwise ignored (the hull
// of a half of an affine space is the space), except that:
//
//   - when e is constant on a, the result is a or bottom, exactly;
//   - two inequalities with opposite directions modulo a's equations
//     (after integer tightening: l <= e' <= u) give bottom when l > u and
//     the equality e' = l when l = u.
//
// Both are exact; any other inequality e <= 0 leaves a unchanged, which
// is the exact hull too: e is then unbounded on a's integer points.
func (Domain) Assume(a Value, cs ...numeric.Constraint) Value {
	if a.bot {
		return a
	}
	s := a.system()
	var les []numeric.LinExpr
	added := false
	for _, c := range cs {
		if c.IsFalse() {
			return bottom(a.n)
		}
		if c.Kind() == numeric.LE {
			les = append(les, c.Expr())
			continue
		}
		in, bad := s.insert(fromLinExpr(c.Expr()))
		if bad {
			return bottom(a.n)
		}
		added = added || in
	}
	for {
		eq, bad := pairUp(a.n, &s, les)
		if bad {
			return bottom(a.n)
		}
		if eq.isZero() {
			break
		}
		s.insert(eq)
		added = true
	}
	if !added {
		return a
	}
	return withEquations(a.n, s)
}

// pairUp looks at the inequalities es (each e <= 0) modulo the equations
// of s. It reports bad when one is constant and false, or two opposite
// ones leave no integer value between them; otherwise it returns an
// equation two opposite ones imply (none: a vec without terms).
//
// Modulo s, e is a form over free dimensions; scaled by a positive s_e
// to coprime integer coefficients it takes integer values at integer
// points (free dimensions are coordinates), so s_e*e <= 0 tightens to
// f <= floor(-s_e*c) for its linear part f.
//
// Two opposite bounds lo <= f <= up tighten further to the values f takes
// at a's integer points, which are c + g*Z for some c and g (residue):
// x = 2^64*k + y with y = 0 makes x a multiple of 2^64, so 1 <= x <=
// 2^64 - 1 is bottom, as the rational hull would not say.
func pairUp(n int, s *echelon, es []numeric.LinExpr) (eq vec, bad bool) {
	type bound struct {
		f  vec // linear part, coprime integer coefficients, c unused
		up numeric.Int
	}
	var bs []bound
	for _, e := range es {
		v := s.reduce(fromLinExpr(e)) // v: f = c, e = f - c on a
		if v.isZero() {
			if v.c.Sign() < 0 { // e = -c > 0
				return vec{}, true
			}
			continue
		}
		_, w := v.integral()
		up := w.c.Floor()
		w.c = numeric.Rat{}
		same := false
		for i, b := range bs {
			switch {
			case equalTerms(b.f, w, false):
				if up.Cmp(b.up) < 0 {
					bs[i].up = up
				}
				same = true
			case equalTerms(b.f, w, true):
				// f <= up and -f <= b.up, so -b.up <= f <= up.
				lo := b.up.Neg()
				if lo.Cmp(up) < 0 {
					lo, up = latticeBounds(n, s, w, lo, up)
				}
				switch lo.Cmp(up) {
				case 1:
					return vec{}, true
				case 0:
					w.c = numeric.RInt(up)
					return w, false
				}
			}
		}
		if !same {
			bs = append(bs, bound{w, up})
		}
	}
	return vec{}, false
}

// latticeBounds tightens lo <= f <= up to the least and greatest values
// in [lo, up] that f takes at the integer points of s (lo > up when there
// is none).
func latticeBounds(n int, s *echelon, f vec, lo, up numeric.Int) (numeric.Int, numeric.Int) {
	c, g, ok := residue(n, s.rows, f.toLinExpr())
	switch {
	case !ok:
		return numeric.I(1), numeric.I(0)
	case g.IsZero():
		if c.Cmp(lo) < 0 || c.Cmp(up) > 0 {
			return numeric.I(1), numeric.I(0)
		}
		return c, c
	}
	return c.Add(g.Mul(lo.Sub(c).CeilDiv(g))), c.Add(g.Mul(up.Sub(c).FloorDiv(g)))
}

// equalTerms reports whether v's terms equal w's, or their negation
// when neg is set.
func equalTerms(v, w vec, neg bool) bool {
	return slices.EqualFunc(v.ts, w.ts, func(s, t term) bool {
		if neg {
			return s.d == t.d && s.k.Cmp(t.k.Neg()) == 0
		}
		return s.d == t.d && s.k.Cmp(t.k) == 0
	})
}

// Assign performs the parallel assignment dims[i] := exprs[i] exactly
// (the affine hull of the image, which is the image of the hull). A
// single assignment works on the equations (assign1); a parallel one
// maps the point and the directions of a through the assignment and
// echelonises the image directions again.
func (Domain) Assign(a Value, dims []numeric.Dim, exprs []numeric.LinExpr) Value {
	if a.bot || len(dims) == 0 {
		return a
	}
	if len(dims) == 1 {
		return assign1(a, dims[0], exprs[0])
	}
	g := generators(a.n, a.eqs)
	img := gens{point: slices.Clone(g.point), dirs: echelon{}}
	for i, x := range dims {
		img.point[x] = evalAt(exprs[i], g.point, true)
	}
	// The image of a direction d keeps d's terms outside dims and gets
	// the assigned ones from the expressions, read from d through one
	// dense buffer that is cleared after each direction: the work per
	// direction is its terms and the expressions' terms, not n (with
	// monomial dimensions n runs to hundreds).
	assigned := make(map[numeric.Dim]bool, len(dims))
	for _, x := range dims {
		assigned[x] = true
	}
	buf := make([]numeric.Rat, a.n)
	for _, d := range g.dirs.rows {
		for _, t := range d.ts {
			buf[t.d] = t.k
		}
		var ts []term
		for _, t := range d.ts {
			if !assigned[t.d] {
				ts = append(ts, t)
			}
		}
		for i, x := range dims {
			if k := evalAt(exprs[i], buf, false); k.Sign() != 0 {
				ts = append(ts, term{x, k})
			}
		}
		for _, t := range d.ts {
			buf[t.d] = numeric.Rat{}
		}
		slices.SortFunc(ts, func(s, t term) int { return int(s.d) - int(t.d) })
		img.dirs.insert(vec{ts: ts})
	}
	return fromGens(a.n, img)
}

// evalAt returns e at the point p (with e's constant when affine is
// set, as for a point; without it, as for a direction).
func evalAt(e numeric.LinExpr, p []numeric.Rat, affine bool) numeric.Rat {
	var v numeric.Rat
	if affine {
		v = numeric.RInt(e.Constant())
	}
	for i := 0; i < e.NumTerms(); i++ {
		t := e.Term(i)
		if k := p[t.Dim]; k.Sign() != 0 {
			v = v.Add(numeric.RInt(t.Coef).Mul(k))
		}
	}
	return v
}

// assign1 is the single assignment x := e, on the equations.
// Non-invertible (e without x): ∃x, then the equation x = e. Invertible
// (e = k*x + r, k != 0): the old x is (x - r)/k, substituted into the
// equations that mention x. Either way the image of a's integer point
// is an integer point of the result.
func assign1(a Value, x numeric.Dim, e numeric.LinExpr) Value {
	k := e.Coef(x)
	if k.IsZero() {
		f := forget1(a, x)
		s := f.system()
		s.insert(fromLinExpr(e.Sub(numeric.Var(x))))
		return Value{eqs: s.rows, n: a.n}
	}
	// x_old = (1/k) x - (1/k) r, written as the vec sub with
	// row + c*sub = the row with c*x_old in place of c*x.
	inv := numeric.R(numeric.I(1), k)
	r := e.Sub(numeric.Var(x).Scale(k))
	sub := fromLinExpr(r).scale(inv.Neg()).axpy(inv.Sub(ratOne), vec{ts: []term{{x, ratOne}}})
	var kept, changed []vec
	for _, row := range a.eqs {
		if c := row.coef(x); c.Sign() != 0 {
			changed = append(changed, row.axpy(c, sub))
		} else {
			kept = append(kept, row)
		}
	}
	if changed == nil {
		return a
	}
	return Value{eqs: rebuild(kept, changed).rows, n: a.n}
}

// forget1 returns ∃x. a for a non-bottom a, on the equations: the row
// of which x is the pivot goes; if x is free, the first row with x
// eliminates it from the others and goes.
func forget1(a Value, x numeric.Dim) Value {
	var kept, changed []vec
	var r0 vec
	found := false
	for _, row := range a.eqs {
		c := row.coef(x)
		switch {
		case c.Sign() == 0:
			kept = append(kept, row)
		case !found:
			r0, found = row, true
		default:
			changed = append(changed, row.axpy(c.Quo(r0.coef(x)).Neg(), r0))
		}
	}
	if !found {
		return a
	}
	if r0.ts[len(r0.ts)-1].d == x {
		// x is r0's pivot, so no other row mentions it.
		return Value{eqs: kept, n: a.n}
	}
	return Value{eqs: rebuild(kept, changed).rows, n: a.n}
}

// Forget returns ∃dims. a (exact), one dimension at a time.
func (Domain) Forget(a Value, dims ...numeric.Dim) Value {
	if a.bot {
		return a
	}
	for _, x := range dims {
		a = forget1(a, x)
	}
	return a
}

// value returns e modulo a's equations: whether e is constant on a, and
// its value then. Precondition: a is not bottom.
func value(a Value, e numeric.LinExpr) (numeric.Rat, bool) {
	s := echelon{rows: a.eqs, last: true}
	v := s.reduce(fromLinExpr(e))
	return v.c.Neg(), v.isZero()
}

// Rewrite returns e modulo a's equations: den*e = f at every point of
// gamma(a), with den > 0 and f free of the pivots of a's equations (each
// pivot replaced by what its equation makes it). Other domains use it
// to bound e through a in a reduced product. For bottom a it returns e
// and 1.
func (Domain) Rewrite(a Value, e numeric.LinExpr) (f numeric.LinExpr, den numeric.Int) {
	if a.bot {
		return e, numeric.I(1)
	}
	s := echelon{rows: a.eqs, last: true}
	// The reduced v satisfies e = sum - c on gamma(a).
	return s.reduce(fromLinExpr(e)).scaled()
}

// Bound returns the range of e over a (exact): a single value when the
// equations fix e, else (-oo, +oo), since e then is unbounded on the
// integer points of a.
func (Domain) Bound(a Value, e numeric.LinExpr) numeric.Range {
	if a.bot {
		return numeric.EmptyRange
	}
	k, ok := value(a, e)
	if !ok {
		return numeric.FullRange
	}
	return numeric.Range{Lo: numeric.BoundDown(k.Ceil()), Hi: numeric.BoundUp(k.Floor())}
}

// Entails reports whether every point of a satisfies c (exact).
func (Domain) Entails(a Value, c numeric.Constraint) bool {
	if a.bot {
		return true
	}
	k, ok := value(a, c.Expr())
	if !ok {
		return false
	}
	if c.Kind() == numeric.EQ {
		return k.Sign() == 0
	}
	return k.Sign() <= 0
}

// AddDims appends k unconstrained dimensions.
func (Domain) AddDims(a Value, k int) Value {
	a.n += k
	return a
}

// RemoveDims projects out dims and renumbers the rest in order. The
// projection leaves dims out of every equation and the renumbering keeps
// the order of the others, so the system stays reduced.
func (d Domain) RemoveDims(a Value, dims ...numeric.Dim) Value {
	if len(dims) == 0 {
		return a
	}
	n := a.n - len(dims)
	if a.bot {
		return bottom(n)
	}
	f := d.Forget(a, dims...)
	gone := make([]bool, a.n)
	for _, x := range dims {
		gone[x] = true
	}
	to := make([]numeric.Dim, a.n)
	k := numeric.Dim(0)
	for i := range to {
		to[i] = k
		if !gone[i] {
			k++
		}
	}
	eqs := make([]vec, len(f.eqs))
	for i, r := range f.eqs {
		eqs[i] = r.rename(func(x numeric.Dim) numeric.Dim { return to[x] })
	}
	return Value{eqs: eqs, n: n}
}

// PermuteDims renames dimension i to perm[i], echelonising again.
func (Domain) PermuteDims(a Value, perm []numeric.Dim) Value {
	if a.bot {
		return a
	}
	s := echelon{last: true}
	for _, r := range a.eqs {
		s.insert(r.rename(func(x numeric.Dim) numeric.Dim { return perm[x] }))
	}
	return Value{eqs: s.rows, n: a.n}
}
