// This file implements the limits of a context's input: widening up to
// the octagonal constraints its input implies before it is first widened.
// An ordinary context records, when it is opened and after each join of
// its input, the bounds of ±x and ±x±y over the function's inputs
// (formals and accessed globals) in that input; once its input grows by
// widening, each of these limits that the grown input still satisfies is
// kept (Halbwachs' widening up to a finite set of
// constraints, which still terminates: the set only shrinks, and between
// shrinks the sequence is a widening's). The implied relations a box's
// constraints do not list are what they save: addition(m + 1, n - 1) from
// m and n of type int keeps m + n <= 2^32 - 2, which the widening of the
// second context otherwise drops, and with it the proof that m + 1 does
// not overflow.

package interp

import (
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// maxLimitDims is the most inputs a function may have for its contexts to
// get limits (2n^2 expressions bounded).
const maxLimitDims = 8

// limitExprs returns ±x and ±x±y over dims (one of each sign pair: the
// ranges give both).
func limitExprs(dims []numeric.Dim) []numeric.LinExpr {
	var es []numeric.LinExpr
	for i, x := range dims {
		es = append(es, numeric.Var(x))
		for _, y := range dims[i+1:] {
			es = append(es, numeric.Var(x).Add(numeric.Var(y)), numeric.Var(x).Sub(numeric.Var(y)))
		}
	}
	return es
}

// limitsOf returns the limits of a context of f opened with input in: the
// finite bounds of limitExprs over f's inputs in in, as constraints.
func (en *analysis[A]) limitsOf(f *ir.Func, in A) []numeric.Constraint {
	dims := en.inputDimsOf(f)
	if len(dims) == 0 || len(dims) > maxLimitDims {
		return nil
	}
	es := limitExprs(dims)
	rs, ok := en.d.Bounds(in, es)
	if !ok {
		return nil
	}
	var cs []numeric.Constraint
	for i, e := range es {
		if hi, ok := rs[i].Hi.Int64(); ok {
			cs = append(cs, numeric.Le(e, numeric.Const(hi)))
		}
		if lo, ok := rs[i].Lo.Int64(); ok {
			cs = append(cs, numeric.Ge(e, numeric.Const(lo)))
		}
	}
	return cs
}

// widenInput returns c's input widened to cover in, with the limits of c
// that the join of the two satisfies.
func (en *analysis[A]) widenInput(c *context[A], in A) A {
	joined := en.d.Join(c.input, in)
	w := en.d.Widen(c.input, joined)
	if len(c.limits) == 0 {
		return w
	}
	es := make([]numeric.LinExpr, len(c.limits))
	for i, l := range c.limits {
		es[i] = l.Expr()
	}
	rs, ok := en.d.Bounds(joined, es)
	if !ok {
		return w
	}
	var kept []ir.Cond
	for i, l := range c.limits {
		// l is e <= 0 (an inequality) or e = 0 (never: limits are bounds).
		if l.Kind() == numeric.LE && !rs[i].Hi.Less(rs[i].Lo) && rs[i].Hi.Cmp(numeric.B(0)) <= 0 {
			kept = append(kept, ir.NewAtom(l))
		}
	}
	if len(kept) == 0 {
		return w
	}
	limited := en.d.Assume(w, &ir.And{Xs: kept})
	if !en.d.Leq(joined, limited) {
		// The bounds were read on cubes (see numpred.Domain.Bounds) and
		// may not say how the domain's own order sees them: the input
		// must cover what it grew to cover.
		return w
	}
	return limited
}
