// This file implements narrowed products, quotients and remainders: an
// under-approximation of the BV encoding that the caller completes.

package encode

import (
	"math/big"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/smt"
)

// SetNarrow makes the BV encoding compute products, quotients and
// remainders of types wider than n bits at n bits (0 turns it off): a
// division circuit costs the solver the square of its width, and in
// generated tasks with 64-bit arithmetic the dividers were a third of
// the bit-blasted formula while the values stayed small. The narrowed
// result is exact when the operands fit (|x|, |y| < 2^(n-2) for / and %,
// < 2^(n/2-1) for *; not negative for an unsigned type); Unfit returns, after each Havoc, the condition
// under which they do not. A caller that encodes a whole program this
// way must complete it: if no execution reaches a narrowed operation
// whose operands do not fit (each Unfit under its guard unsatisfiable),
// the narrowed formula is exact on every execution (the first operation
// that does not fit is reached with every earlier one exact); otherwise
// it must encode again without narrowing. Counterexamples are replayed
// in any case.
func (t *Terms) SetNarrow(n int) {
	if t.p.mode == BV && n >= 8 {
		t.p.narrow = n
	} else {
		t.p.narrow = 0
	}
}

// Unfit returns the condition under which the last Havoc's narrowed
// operation is inexact, nil when it had none.
func (t *Terms) Unfit() *smt.Term {
	switch len(t.p.unfit) {
	case 0:
		return nil
	case 1:
		return t.p.unfit[0]
	}
	return t.p.ctx.Or(t.p.unfit...)
}

// DefOverflow returns the condition under which the last Havoc's signed
// product or left shift leaves its type (undefined behaviour in C; the
// encoding wraps, as gcc does), nil when it has none (BV only: LIA leaves
// products to a havoc).
func (t *Terms) DefOverflow() *smt.Term { return t.p.defOvf }

// narrowDef returns d computed at the narrow width (a signed vector), and
// records when that is inexact; nil when d is not narrowed.
func (p *Path) narrowDef(d *ir.Def) *smt.Term {
	n := p.narrow
	if n == 0 || d.Type.Bits <= n {
		return nil
	}
	var lim int // operands must lie in [-2^lim, 2^lim)
	switch d.Op {
	case ir.DefDiv, ir.DefRem:
		lim = n - 2
	case ir.DefMul:
		if d.Y.IsConst() || d.X.IsConst() {
			return nil // a product by a constant is shifts and adds
		}
		lim = n/2 - 1
	default:
		return nil
	}
	// Both operands at one width of at least n bits, with room for
	// the bounds below.
	w := max(p.w.need(d.X), p.w.need(d.Y), n)
	xw, yw := p.exprAt(d.X, w), p.exprAt(d.Y, w)
	hi := p.ctx.BVBig(new(big.Int).Lsh(big.NewInt(1), uint(lim)), w)
	lo := p.ctx.BVBig(new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), uint(lim))), w)
	if !d.Type.Signed {
		// An unsigned product's operand may be any value congruent to
		// it (see ir.Def): a negative one would make the product
		// negative where C's wraps.
		lo = p.ctx.BVBig(new(big.Int), w)
	}
	fits := func(v *smt.Term) *smt.Term {
		return p.ctx.And(p.ctx.BVSLe(lo, v), p.ctx.BVSLt(v, hi))
	}
	p.unfit = append(p.unfit, p.ctx.Not(p.ctx.And(fits(xw), fits(yw))))
	x, y := p.ctx.Extract(xw, n-1, 0), p.ctx.Extract(yw, n-1, 0)
	var r *smt.Term
	switch d.Op {
	case ir.DefDiv:
		r = p.ctx.BVSDiv(x, y) // operands of either signedness fit as signed
	case ir.DefRem:
		r = p.ctx.BVSRem(x, y)
	default:
		r = p.ctx.BVMul(x, y)
	}
	return r // a signed vector of n bits: set extends it to the variable's width
}
