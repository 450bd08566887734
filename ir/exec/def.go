// This file evaluates ir.Def on int64 operands without math/big: the
// differential tester's programs are full of products, quotients and
// wrap-around counts, and ir.Def.Apply allocates big integers for each.
// Whatever the fast path cannot do exactly (operands or results beyond
// int64, types wider than 64 bits, _Bool, undefined operations) goes to
// ir.Def.Apply, which stays the definition; a randomized test checks that
// the two agree.

package exec

import (
	"math"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// evalDef computes d given the values x of d.X and y of d.Y, as d.Eval
// does; on int64 operands when fast is set and it can.
func evalDef(d *ir.Def, x, y numeric.Int, fast bool) (numeric.Int, error) {
	if a, ok := x.Int64(); ok && fast {
		if b, ok := y.Int64(); ok {
			if v, ok := applyInt64(d.Op, d.Type, a, b); ok {
				return v, nil
			}
		}
	}
	return d.Apply(x, y)
}

// applyInt64 computes a op b in t when it can do so exactly with int64
// arithmetic; ok is false otherwise (the caller falls back to
// ir.Def.Apply, which also reports undefined operations).
func applyInt64(op ir.DefOp, t ir.IntType, a, b int64) (v numeric.Int, ok bool) {
	bits := t.Bits
	if bits == 1 || bits > 64 {
		return v, false
	}
	// Each case computes the exact result r, or, for a bounded type, a
	// value congruent to it modulo 2^64 (which determines its wrapped
	// value, since 2^bits divides 2^64).
	var r uint64
	switch op {
	case ir.DefMul:
		if bits == 0 {
			if p, ok := mul64(a, b); ok {
				return numeric.I(p), true
			}
			return v, false
		}
		r = uint64(a) * uint64(b)
	case ir.DefDiv, ir.DefRem, ir.DefFloorDiv:
		if b == 0 || a == math.MinInt64 && b == -1 {
			return v, false
		}
		if op != ir.DefFloorDiv && b == -1 && t.Signed && bits > 0 && numeric.I(a).Cmp(t.Min()) == 0 {
			return v, false // signed overflow: undefined (the slow path says so)
		}
		q, m := a/b, a%b // Go truncates toward zero, as C does
		switch op {
		case ir.DefDiv:
			r = uint64(q)
		case ir.DefRem:
			r = uint64(m)
		default: // floor division is exact: never wrapped
			if m != 0 && (m < 0) != (b < 0) {
				q--
			}
			return numeric.I(q), true
		}
	case ir.DefShl, ir.DefShr:
		if bits == 0 || b < 0 || b >= int64(bits) {
			return v, false
		}
		if op == ir.DefShl {
			r = uint64(a) << uint(b)
		} else {
			r = uint64(a >> uint(b)) // arithmetic shift: floor(a / 2^b)
		}
	case ir.DefAnd:
		r = uint64(a & b) // int64 is two's complement, as big.Int's bit operations
	case ir.DefOr:
		r = uint64(a | b)
	case ir.DefXor:
		r = uint64(a ^ b)
	default:
		return v, false
	}
	if bits == 0 {
		return numeric.I(int64(r)), true // And, Or, Xor, Div, Rem: exact in int64
	}
	return wrap64(r, bits, t.Signed)
}

// wrap64 returns the value of the bits-bit integer (1 < bits <= 64) whose
// pattern is the low bits of r; ok is false when it does not fit in an
// int64 (an unsigned 64-bit value of 2^63 or more).
func wrap64(r uint64, bits int, signed bool) (numeric.Int, bool) {
	s := uint(64 - bits)
	if signed {
		return numeric.I(int64(r<<s) >> s), true
	}
	r = r << s >> s
	if r > math.MaxInt64 {
		return numeric.Int{}, false
	}
	return numeric.I(int64(r)), true
}

// mul64 returns a*b and whether it did not overflow.
func mul64(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	p := a * b
	if p/b != a || a == -1 && b == math.MinInt64 || b == -1 && a == math.MinInt64 {
		return 0, false
	}
	return p, true
}
