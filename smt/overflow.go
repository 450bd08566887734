// This file implements the overflow predicates of bit-vector arithmetic:
// formulas that say an operation's exact result fits in its operands'
// width. They express C's undefined signed overflow (an encoder asserts or
// checks them) and unsigned wrap-around.

package smt

/*
#include "shim.h"
*/
import "C"

// BVAddNoOverflow returns the formula that the exact sum of a and b, read
// as signed or unsigned integers, is representable in their width: for
// signed operands neither above the maximum nor below the minimum.
func (c *Context) BVAddNoOverflow(a, b *Term, signed bool) *Term {
	if !signed {
		return c.op2("BVAddNoOverflow", C.NP_BVADD_NO_OVERFLOW_U, sigBV, a, b)
	}
	return c.And(
		c.op2("BVAddNoOverflow", C.NP_BVADD_NO_OVERFLOW_S, sigBV, a, b),
		c.op2("BVAddNoOverflow", C.NP_BVADD_NO_UNDERFLOW, sigBV, a, b))
}

// BVSubNoOverflow returns the formula that the exact difference a - b,
// read as signed or unsigned integers, is representable in their width
// (for unsigned operands: a ≥ b).
func (c *Context) BVSubNoOverflow(a, b *Term, signed bool) *Term {
	if !signed {
		return c.op2("BVSubNoOverflow", C.NP_BVSUB_NO_UNDERFLOW_U, sigBV, a, b)
	}
	return c.And(
		c.op2("BVSubNoOverflow", C.NP_BVSUB_NO_OVERFLOW, sigBV, a, b),
		c.op2("BVSubNoOverflow", C.NP_BVSUB_NO_UNDERFLOW_S, sigBV, a, b))
}

// BVMulNoOverflow returns the formula that the exact product of a and b,
// read as signed or unsigned integers, is representable in their width.
//
// The signed case multiplies the operands sign-extended to twice their
// width and requires the product to be the sign extension of its low
// half (Z3 4.8.12's own predicate for it is wrong), so it costs a
// multiplier of twice the width.
func (c *Context) BVMulNoOverflow(a, b *Term, signed bool) *Term {
	if !signed {
		return c.op2("BVMulNoOverflow", C.NP_BVMUL_NO_OVERFLOW_U, sigBV, a, b)
	}
	if _, err := c.check("BVMulNoOverflow", a, b); err != nil {
		return c.errTerm(err)
	}
	if err := checkSig("BVMulNoOverflow", sigBV, a, b); err != nil {
		return c.errTerm(err)
	}
	w := a.width
	p := c.BVMul(c.SignExt(a, w), c.SignExt(b, w))
	return c.Eq(p, c.SignExt(c.Extract(p, w-1, 0), w))
}

// BVSDivNoOverflow returns the formula that the signed quotient a / b is
// representable: false only for the minimum divided by -1.
func (c *Context) BVSDivNoOverflow(a, b *Term) *Term {
	return c.op2("BVSDivNoOverflow", C.NP_BVSDIV_NO_OVERFLOW, sigBV, a, b)
}

// BVNegNoOverflow returns the formula that the signed negation -a is
// representable: false only for the minimum.
func (c *Context) BVNegNoOverflow(a *Term) *Term {
	return c.op1("BVNegNoOverflow", C.NP_BVNEG_NO_OVERFLOW, sigBV, a)
}
