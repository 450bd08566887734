// This file implements the transformer of a Havoc that stands for a
// product (ir.Def with DefMul): more precise than a havoc where the state
// bounds the operands.

package interp

import (
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// product is the transformer of the product havoc op at state a, and
// false when it knows no more than a havoc:
//   - an operand the state fixes to one value c in every state: x := c*Y,
//     exact when c*Y stays in the type's range in every state (then the
//     wrap-around of C's product leaves it alone; an operand may stand
//     for any value congruent to it modulo 2^bits, which changes nothing
//     modulo 2^bits);
//   - both operands bounded: x in the product of their ranges, when that
//     stays in the type's range.
//
// The havoc's own range is assumed after it.
func (en *analysis[A]) product(a A, op *ir.Havoc) (A, bool) {
	d := op.Def
	rs, ok := en.d.Bounds(a, []numeric.LinExpr{d.X, d.Y})
	if !ok {
		return a, false
	}
	sx, sy := rangeInts(rs[0]), rangeInts(rs[1])
	x := dimOf(op.Var)
	// scaled is x := c*e for an operand fixed to c, e the other one with
	// range o.
	scaled := func(c numeric.Int, e numeric.LinExpr, o intRange) (A, bool) {
		if d.Type.IsBounded() && (!o.ok || !inType(c.Mul(o.lo), d.Type) || !inType(c.Mul(o.hi), d.Type)) {
			return a, false
		}
		r := en.d.Assign(a, []numeric.Dim{x}, []numeric.LinExpr{e.Scale(c)})
		return en.assumeRange(r, x, op.Range), true
	}
	if sx.point() {
		if r, ok := scaled(sx.lo, d.Y, sy); ok {
			return r, true
		}
	}
	if sy.point() {
		if r, ok := scaled(sy.lo, d.X, sx); ok {
			return r, true
		}
	}
	if !sx.ok || !sy.ok {
		return a, false
	}
	ps := []numeric.Int{sx.lo.Mul(sy.lo), sx.lo.Mul(sy.hi), sx.hi.Mul(sy.lo), sx.hi.Mul(sy.hi)}
	pmin, pmax := ps[0], ps[0]
	for _, p := range ps[1:] {
		if p.Cmp(pmin) < 0 {
			pmin = p
		}
		if p.Cmp(pmax) > 0 {
			pmax = p
		}
	}
	if !inType(pmin, d.Type) || !inType(pmax, d.Type) {
		return a, false
	}
	r := numeric.Range{Lo: numeric.BoundDown(pmin), Hi: numeric.BoundUp(pmax)}
	r = numeric.Range{Lo: r.Lo.Max(op.Range.Lo), Hi: r.Hi.Min(op.Range.Hi)}
	a = en.d.Havoc(a, []numeric.Dim{x})
	return en.assumeRange(a, x, r), true
}

// intRange is a range with finite bounds (ok false: not bounded).
type intRange struct {
	lo, hi numeric.Int
	ok     bool
}

func (r intRange) point() bool { return r.ok && r.lo.Cmp(r.hi) == 0 }

// rangeInts returns r's bounds when both are finite.
func rangeInts(r numeric.Range) intRange {
	l, ok1 := r.Lo.Int64()
	h, ok2 := r.Hi.Int64()
	if !ok1 || !ok2 || l > h {
		return intRange{}
	}
	return intRange{numeric.I(l), numeric.I(h), true}
}

// inType reports whether v is in t's range.
func inType(v numeric.Int, t ir.IntType) bool {
	return !t.IsBounded() || v.Cmp(t.Min()) >= 0 && v.Cmp(t.Max()) <= 0
}
