// This file implements interval evaluation of linear expressions (Bound)
// and the parallel assignment built on it.

package interval

import (
	"fmt"

	"github.com/numpred/numpred/numeric"
)

// Bound returns the range of e over a: exact, computed in numeric.Int and
// rounded outwards to Bounds. It is empty when a is bottom.
func (Domain) Bound(a Box, e numeric.LinExpr) numeric.Range {
	if md := e.MaxDim(); int(md) >= a.n {
		a.checkDim(md)
	}
	if a.bot {
		return numeric.EmptyRange
	}
	return eval(a.r, e)
}

// eval returns the range of e over the box r.
func eval(r []numeric.Range, e numeric.LinExpr) numeric.Range {
	lo, hi := e.Constant(), e.Constant()
	loInf, hiInf := false, false
	for i := 0; i < e.NumTerms(); i++ {
		t := e.Term(i)
		x := r[t.Dim]
		least, most := x.Lo, x.Hi
		if t.Coef.Sign() < 0 {
			least, most = most, least
		}
		if least.IsFinite() {
			lo = lo.Add(t.Coef.Mul(least.Int()))
		} else {
			loInf = true
		}
		if most.IsFinite() {
			hi = hi.Add(t.Coef.Mul(most.Int()))
		} else {
			hiInf = true
		}
	}
	out := numeric.Range{Lo: numeric.MinusInf, Hi: numeric.PlusInf}
	if !loInf {
		out.Lo = numeric.BoundDown(lo)
	}
	if !hiInf {
		out.Hi = numeric.BoundUp(hi)
	}
	return out
}

// Assign performs the parallel assignment dims[i] := exprs[i], each
// expression evaluated over a before any assignment. The result is exact
// when every expression has at most one variable with coefficient ±1 (or
// none), and the box hull of the image otherwise.
func (Domain) Assign(a Box, dims []numeric.Dim, exprs []numeric.LinExpr) Box {
	if len(dims) != len(exprs) {
		panic(fmt.Sprintf("interval: Assign of %d dimensions to %d expressions", len(dims), len(exprs)))
	}
	for i, d := range dims {
		a.checkDim(d)
		if md := exprs[i].MaxDim(); int(md) >= a.n {
			a.checkDim(md)
		}
	}
	if a.bot {
		return a
	}
	r := append([]numeric.Range(nil), a.r...)
	for i, d := range dims {
		r[d] = eval(a.r, exprs[i])
	}
	return Box{r: r, n: a.n}
}
