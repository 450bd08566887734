// This file implements the reduced product of affine equalities and
// intervals.

package product

import (
	"github.com/numpred/numpred/affine"
	"github.com/numpred/numpred/interval"
	"github.com/numpred/numpred/numeric"
)

// AffineInterval is the type of the affine+interval product.
type AffineInterval = Domain[affine.Value, interval.Box]

// NewAffineInterval returns the reduced product of the affine-equality
// and interval domains. Reduction propagates the box through the
// equations (interval.Assume with affine.ConstraintsWith: y = 2x and
// x ∈ [0, 10] give y ∈ [0, 20]) and turns every dimension the box pins
// to one value into an equation; it repeats once if that added an
// equation. Bound rewrites e modulo the equations (affine.Rewrite) and
// bounds the result over the box, so x ∈ [0, 10] bounds y - x by 10 on
// y = 2x.
func NewAffineInterval() AffineInterval {
	return New[affine.Value, interval.Box](affine.New(), interval.New(), reduceAffineInterval, boundAffineInterval)
}

func reduceAffineInterval(a affine.Value, b interval.Box) (affine.Value, interval.Box) {
	da, db := affine.New(), interval.New()
	for round := 0; round < 2; round++ {
		if b = propagateEquations(a, b); b.IsBottom() {
			return da.Bottom(a.Dims()), b
		}
		var eqs []numeric.Constraint
		for i := 0; i < b.Dims(); i++ {
			x := numeric.Var(numeric.Dim(i))
			r := b.Range(numeric.Dim(i))
			if !r.Lo.IsFinite() || r.Lo.Cmp(r.Hi) != 0 {
				continue
			}
			if s := da.Bound(a, x); s.Lo.Cmp(s.Hi) != 0 || !s.Lo.IsFinite() {
				eqs = append(eqs, numeric.Eq(x, numeric.ConstInt(r.Lo.Int())))
			}
		}
		if len(eqs) == 0 {
			break
		}
		a = da.Assume(a, eqs...)
		if a.IsBottom() {
			return a, db.Bottom(b.Dims())
		}
	}
	return a, b
}

// propagateEquations is interval.Assume of a's equations on b, given
// only the equations that can bound something: an equation with two
// dimensions unbounded both ways in the box bounds none (with monomial
// dimensions most are so). When the box narrows, equations left out
// before may bound something now: it repeats, a few times at most.
func propagateEquations(a affine.Value, b interval.Box) interval.Box {
	da, db := affine.New(), interval.New()
	if a.IsBottom() {
		return db.Bottom(b.Dims())
	}
	bounded := func(b interval.Box, d numeric.Dim) bool {
		r := b.Range(d)
		return r.Lo.IsFinite() || r.Hi.IsFinite()
	}
	for step := 0; step < 4; step++ {
		cs := da.ConstraintsWith(a, func(d numeric.Dim) bool { return bounded(b, d) })
		if len(cs) == 0 {
			return b
		}
		nb := db.Assume(b, cs...)
		if nb.IsBottom() {
			return nb
		}
		newly := false // a dimension unbounded in b is bounded in nb
		for i := 0; i < b.Dims() && !newly; i++ {
			newly = !bounded(b, numeric.Dim(i)) && bounded(nb, numeric.Dim(i))
		}
		if b = nb; !newly {
			return b
		}
	}
	return b
}

// boundAffineInterval bounds den*e = f over the box: e lies in
// [ceil(lo/den), floor(hi/den)] for f's range [lo, hi].
func boundAffineInterval(a affine.Value, b interval.Box, e numeric.LinExpr) numeric.Range {
	f, den := affine.New().Rewrite(a, e)
	k, ok := den.Int64()
	if !ok {
		return numeric.FullRange
	}
	r := interval.New().Bound(b, f)
	if r.IsEmpty() {
		return r
	}
	return numeric.Range{Lo: r.Lo.DivCeil(k), Hi: r.Hi.DivFloor(k)}
}
