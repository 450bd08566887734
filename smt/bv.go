// This file implements the bit-vector operations: arithmetic modulo 2^w,
// signed and unsigned division and comparisons, shifts, bitwise logic,
// extraction and extension, and conversions to and from Int.

package smt

/*
#include "shim.h"
*/
import "C"

import "fmt"

// All binary bit-vector operations need operands of one width; their
// result has that width (comparisons are Bool).

// BVAdd returns a + b mod 2^w.
func (c *Context) BVAdd(a, b *Term) *Term { return c.op2("BVAdd", C.NP_BVADD, sigBV, a, b) }

// BVSub returns a - b mod 2^w.
func (c *Context) BVSub(a, b *Term) *Term { return c.op2("BVSub", C.NP_BVSUB, sigBV, a, b) }

// BVMul returns a * b mod 2^w.
func (c *Context) BVMul(a, b *Term) *Term { return c.op2("BVMul", C.NP_BVMUL, sigBV, a, b) }

// BVNeg returns -a mod 2^w.
func (c *Context) BVNeg(a *Term) *Term { return c.op1("BVNeg", C.NP_BVNEG, sigBV, a) }

// BVSDiv returns the signed quotient of a and b, truncated toward zero as
// in C and Go. Division by zero gives -1 for a ≥ 0 and 1 for a < 0
// (SMT-LIB); the minimum value divided by -1 gives the minimum value.
func (c *Context) BVSDiv(a, b *Term) *Term { return c.op2("BVSDiv", C.NP_BVSDIV, sigBV, a, b) }

// BVSRem returns the signed remainder of a and b with the sign of a, as
// C's and Go's %. Remainder by zero gives a.
func (c *Context) BVSRem(a, b *Term) *Term { return c.op2("BVSRem", C.NP_BVSREM, sigBV, a, b) }

// BVSMod returns the signed remainder of a and b with the sign of b.
func (c *Context) BVSMod(a, b *Term) *Term { return c.op2("BVSMod", C.NP_BVSMOD, sigBV, a, b) }

// BVUDiv returns the unsigned quotient of a and b (all ones if b = 0).
func (c *Context) BVUDiv(a, b *Term) *Term { return c.op2("BVUDiv", C.NP_BVUDIV, sigBV, a, b) }

// BVURem returns the unsigned remainder of a and b (a if b = 0).
func (c *Context) BVURem(a, b *Term) *Term { return c.op2("BVURem", C.NP_BVUREM, sigBV, a, b) }

// BVShl returns a shifted left by b (b unsigned; 0 if b ≥ w).
func (c *Context) BVShl(a, b *Term) *Term { return c.op2("BVShl", C.NP_BVSHL, sigBV, a, b) }

// BVLShr returns a shifted right by b filling with zeros (b unsigned; 0 if
// b ≥ w): C's >> on unsigned operands.
func (c *Context) BVLShr(a, b *Term) *Term { return c.op2("BVLShr", C.NP_BVLSHR, sigBV, a, b) }

// BVAShr returns a shifted right by b copying the sign bit (b unsigned):
// C's >> on signed operands, as gcc does it.
func (c *Context) BVAShr(a, b *Term) *Term { return c.op2("BVAShr", C.NP_BVASHR, sigBV, a, b) }

// BVAnd returns the bitwise a & b.
func (c *Context) BVAnd(a, b *Term) *Term { return c.op2("BVAnd", C.NP_BVAND, sigBV, a, b) }

// BVOr returns the bitwise a | b.
func (c *Context) BVOr(a, b *Term) *Term { return c.op2("BVOr", C.NP_BVOR, sigBV, a, b) }

// BVXor returns the bitwise a ^ b.
func (c *Context) BVXor(a, b *Term) *Term { return c.op2("BVXor", C.NP_BVXOR, sigBV, a, b) }

// BVNot returns the bitwise complement ~a.
func (c *Context) BVNot(a *Term) *Term { return c.op1("BVNot", C.NP_BVNOT, sigBV, a) }

// BVSLt returns a < b with a and b read as two's complement.
func (c *Context) BVSLt(a, b *Term) *Term { return c.op2("BVSLt", C.NP_BVSLT, sigBV, a, b) }

// BVSLe returns a ≤ b with a and b read as two's complement.
func (c *Context) BVSLe(a, b *Term) *Term { return c.op2("BVSLe", C.NP_BVSLE, sigBV, a, b) }

// BVSGt returns a > b with a and b read as two's complement.
func (c *Context) BVSGt(a, b *Term) *Term { return c.op2("BVSGt", C.NP_BVSGT, sigBV, a, b) }

// BVSGe returns a ≥ b with a and b read as two's complement.
func (c *Context) BVSGe(a, b *Term) *Term { return c.op2("BVSGe", C.NP_BVSGE, sigBV, a, b) }

// BVULt returns a < b with a and b read as unsigned.
func (c *Context) BVULt(a, b *Term) *Term { return c.op2("BVULt", C.NP_BVULT, sigBV, a, b) }

// BVULe returns a ≤ b with a and b read as unsigned.
func (c *Context) BVULe(a, b *Term) *Term { return c.op2("BVULe", C.NP_BVULE, sigBV, a, b) }

// BVUGt returns a > b with a and b read as unsigned.
func (c *Context) BVUGt(a, b *Term) *Term { return c.op2("BVUGt", C.NP_BVUGT, sigBV, a, b) }

// BVUGe returns a ≥ b with a and b read as unsigned.
func (c *Context) BVUGe(a, b *Term) *Term { return c.op2("BVUGe", C.NP_BVUGE, sigBV, a, b) }

// Concat returns the bits of a followed by those of b (a high): a
// BitVec(wa+wb).
func (c *Context) Concat(a, b *Term) *Term { return c.op2("Concat", C.NP_CONCAT, sigBVAny, a, b) }

// Extract returns bits hi down to lo of a (0 is the least significant), a
// BitVec(hi-lo+1). Precondition: w > hi ≥ lo ≥ 0.
func (c *Context) Extract(a *Term, hi, lo int) *Term {
	if a != nil && a.err == nil && a.kind == KindBV && (hi >= a.width || lo > hi) {
		return c.errTerm(&Error{Op: "Extract", Code: InvalidArg,
			Msg: fmt.Sprintf("bits %d..%d of a BitVec(%d)", hi, lo, a.width)})
	}
	return c.opi("Extract", C.NP_EXTRACT, KindBV, hi, lo, a)
}

// SignExt returns a extended by n copies of its sign bit: C's conversion
// of a signed value to a wider type.
func (c *Context) SignExt(a *Term, n int) *Term {
	return c.opi("SignExt", C.NP_SIGN_EXT, KindBV, n, 0, a)
}

// ZeroExt returns a extended by n zero bits: C's conversion of an
// unsigned value to a wider type.
func (c *Context) ZeroExt(a *Term, n int) *Term {
	return c.opi("ZeroExt", C.NP_ZERO_EXT, KindBV, n, 0, a)
}

// BV2Int returns the Int value of the bit-vector a, read as two's
// complement if signed, as unsigned otherwise.
func (c *Context) BV2Int(a *Term, signed bool) *Term {
	s := 0
	if signed {
		s = 1
	}
	return c.opi("BV2Int", C.NP_BV2INT, KindBV, s, 0, a)
}

// Int2BV returns the Int a mod 2^w as a BitVec(w). (Z3 solves formulas
// mixing Int and BitVec through these conversions poorly: prefer one
// theory per formula.)
func (c *Context) Int2BV(a *Term, w int) *Term {
	if w < 1 {
		return c.errTerm(&Error{Op: "Int2BV", Code: InvalidArg, Msg: fmt.Sprintf("bit-vector width %d", w)})
	}
	return c.opi("Int2BV", C.NP_INT2BV, KindInt, w, 0, a)
}
