// This file implements zint, the exact integers that rows are made of:
// numeric.Int's representation (an int64, or a big integer when the value
// does not fit), private to the package so that the row kernels of vec.go
// can compute on big values in place, without copying their operands or
// allocating per arithmetic operation. Values cross the package boundary
// as numeric.Int (fromInt, toInt).

package polyhedra

import (
	"math"
	"math/big"
	"math/bits"

	"github.com/numpred/numpred/numeric"
)

// zint is an exact, immutable integer. big is non-nil only when the value
// does not fit in an int64, and is never modified once the zint exists.
// The zero value is 0.
type zint struct {
	small int64
	big   *big.Int
}

// zi returns the zint with value v.
func zi(v int64) zint { return zint{small: v} }

// zbig returns the zint with value b, taking ownership of b.
func zbig(b *big.Int) zint {
	if b.IsInt64() {
		return zint{small: b.Int64()}
	}
	return zint{big: b}
}

// fromInt converts a numeric.Int.
func fromInt(x numeric.Int) zint {
	if v, ok := x.Int64(); ok {
		return zint{small: v}
	}
	return zint{big: x.Big()}
}

// toInt converts x to a numeric.Int.
func (x zint) toInt() numeric.Int {
	if x.big == nil {
		return numeric.I(x.small)
	}
	return numeric.IntFromBig(x.big)
}

// fromInts converts a slice of numeric.Int.
func fromInts(xs []numeric.Int) vec {
	out := make(vec, len(xs))
	for i, x := range xs {
		out[i] = fromInt(x)
	}
	return out
}

// toInts converts a row to numeric.Int.
func (v vec) toInts() []numeric.Int {
	out := make([]numeric.Int, len(v))
	for i, x := range v {
		out[i] = x.toInt()
	}
	return out
}

// view returns x as a big.Int the caller must not modify: x's own, or
// tmp set to x's value.
func (x zint) view(tmp *big.Int) *big.Int {
	if x.big != nil {
		return x.big
	}
	return tmp.SetInt64(x.small)
}

// Int64 returns x as an int64 and whether it fits.
func (x zint) Int64() (int64, bool) { return x.small, x.big == nil }

// IsZero reports whether x is 0.
func (x zint) IsZero() bool { return x.big == nil && x.small == 0 }

// Sign returns -1, 0 or +1 according to the sign of x.
func (x zint) Sign() int {
	switch {
	case x.big != nil:
		return x.big.Sign()
	case x.small < 0:
		return -1
	case x.small > 0:
		return 1
	}
	return 0
}

// isOne reports whether x is 1.
func (x zint) isOne() bool { return x.big == nil && x.small == 1 }

// Cmp returns -1, 0 or +1 as x <, ==, > y.
func (x zint) Cmp(y zint) int {
	switch {
	case x.big == nil && y.big == nil:
		switch {
		case x.small < y.small:
			return -1
		case x.small > y.small:
			return 1
		}
		return 0
	case x.big == nil: // a big value lies beyond every int64
		return -y.big.Sign()
	case y.big == nil:
		return x.big.Sign()
	}
	return x.big.Cmp(y.big)
}

// Add returns x + y.
func (x zint) Add(y zint) zint {
	if x.big == nil && y.big == nil {
		s := x.small + y.small
		// Overflow iff both have the same sign and the sum's differs.
		if (x.small >= 0) != (y.small >= 0) || (s >= 0) == (x.small >= 0) {
			return zint{small: s}
		}
	}
	var t1, t2 big.Int
	return zbig(new(big.Int).Add(x.view(&t1), y.view(&t2)))
}

// Sub returns x - y.
func (x zint) Sub(y zint) zint {
	if x.big == nil && y.big == nil {
		d := x.small - y.small
		if (x.small >= 0) == (y.small >= 0) || (d >= 0) == (x.small >= 0) {
			return zint{small: d}
		}
	}
	var t1, t2 big.Int
	return zbig(new(big.Int).Sub(x.view(&t1), y.view(&t2)))
}

// Neg returns -x.
func (x zint) Neg() zint {
	if x.big == nil && x.small != math.MinInt64 {
		return zint{small: -x.small}
	}
	var t big.Int
	return zbig(new(big.Int).Neg(x.view(&t)))
}

// Abs returns |x|.
func (x zint) Abs() zint {
	if x.Sign() < 0 {
		return x.Neg()
	}
	return x
}

// Mul returns x * y.
func (x zint) Mul(y zint) zint {
	if x.big == nil && y.big == nil {
		if p, ok := mul64(x.small, y.small); ok {
			return zint{small: p}
		}
		return mul128(x.small, y.small).zint()
	}
	var t1, t2 big.Int
	return zbig(new(big.Int).Mul(x.view(&t1), y.view(&t2)))
}

// FloorDiv returns floor(x / y). It panics if y is 0.
func (x zint) FloorDiv(y zint) zint {
	if x.big == nil && y.big == nil && !(x.small == math.MinInt64 && y.small == -1) {
		q := x.small / y.small
		if x.small%y.small != 0 && (x.small < 0) != (y.small < 0) {
			q--
		}
		return zint{small: q}
	}
	var t1, t2 big.Int
	q, m := new(big.Int).QuoRem(x.view(&t1), y.view(&t2), new(big.Int))
	if m.Sign() != 0 && (m.Sign() < 0) != (y.Sign() < 0) {
		q.Sub(q, big.NewInt(1))
	}
	return zbig(q)
}

// CeilDiv returns ceil(x / y). It panics if y is 0.
func (x zint) CeilDiv(y zint) zint { return x.Neg().FloorDiv(y).Neg() }

// GCD returns gcd(|x|, |y|); GCD(0, 0) is 0.
func (x zint) GCD(y zint) zint {
	if x.big == nil && y.big == nil && x.small != math.MinInt64 && y.small != math.MinInt64 {
		return zint{small: gcd64(abs64(x.small), abs64(y.small))}
	}
	var t1, t2 big.Int
	a, b := new(big.Int).Abs(x.view(&t1)), new(big.Int).Abs(y.view(&t2))
	return zbig(a.GCD(nil, nil, a, b))
}

// Divisible reports whether y divides x (y != 0).
func (x zint) Divisible(y zint) bool {
	if x.big == nil && y.big == nil {
		if y.small == -1 {
			return true
		}
		return x.small%y.small == 0
	}
	var t1, t2 big.Int
	return new(big.Int).Rem(x.view(&t1), y.view(&t2)).Sign() == 0
}

// bitLen returns the bit length of |x|.
func (x zint) bitLen() int {
	if x.big != nil {
		return x.big.BitLen()
	}
	return bits.Len64(uint64(abs64(x.small)))
}

// String formats x in decimal.
func (x zint) String() string { return x.toInt().String() }

func abs64(a int64) int64 {
	if a < 0 {
		return -a
	}
	return a
}

// gcd64 returns the gcd of a, b >= 0.
func gcd64(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// mul64 returns a*b and whether it did not overflow.
func mul64(a, b int64) (int64, bool) {
	hi, lo := bits.Mul64(absU(a), absU(b))
	if hi != 0 {
		return 0, false
	}
	if (a < 0) != (b < 0) {
		if lo > 1<<63 {
			return 0, false
		}
		return int64(-lo), true
	}
	if lo > math.MaxInt64 {
		return 0, false
	}
	return int64(lo), true
}

func absU(a int64) uint64 {
	if a < 0 {
		return uint64(-a) // right for MinInt64 too, by two's complement
	}
	return uint64(a)
}

// i128 is a signed 128-bit integer in two's complement, hi:lo.
type i128 struct {
	hi int64
	lo uint64
}

// mul128 returns a*b exactly.
func mul128(a, b int64) i128 {
	hi, lo := bits.Mul64(absU(a), absU(b))
	r := i128{hi: int64(hi), lo: lo}
	if (a < 0) != (b < 0) {
		r = r.neg()
	}
	return r
}

func (x i128) neg() i128 {
	lo, borrow := bits.Sub64(0, x.lo, 0)
	hi := -x.hi - int64(borrow)
	return i128{hi: hi, lo: lo}
}

// add returns x + y and whether it did not overflow.
func (x i128) add(y i128) (i128, bool) {
	lo, carry := bits.Add64(x.lo, y.lo, 0)
	hi := x.hi + y.hi + int64(carry)
	// Overflow iff both have the same sign and the sum's differs.
	if (x.hi >= 0) == (y.hi >= 0) && (hi >= 0) != (x.hi >= 0) {
		return i128{}, false
	}
	return i128{hi: hi, lo: lo}, true
}

// cmp returns -1, 0, +1 as x <, ==, > y.
func (x i128) cmp(y i128) int {
	switch {
	case x.hi < y.hi:
		return -1
	case x.hi > y.hi:
		return 1
	case x.lo < y.lo:
		return -1
	case x.lo > y.lo:
		return 1
	}
	return 0
}

// cmpProducts returns the sign of a*b - c*d without allocating when the
// four are int64.
func cmpProducts(a, b, c, d zint) int {
	if a.big == nil && b.big == nil && c.big == nil && d.big == nil {
		return mul128(a.small, b.small).cmp(mul128(c.small, d.small))
	}
	var t1, t2, t3, t4, p, q big.Int
	p.Mul(a.view(&t1), b.view(&t2))
	q.Mul(c.view(&t3), d.view(&t4))
	return p.Cmp(&q)
}

func (x i128) sign() int {
	switch {
	case x.hi < 0:
		return -1
	case x.hi > 0 || x.lo != 0:
		return 1
	}
	return 0
}

// zint returns x as a zint.
func (x i128) zint() zint {
	if x.hi == 0 && x.lo <= math.MaxInt64 || x.hi == -1 && x.lo > math.MaxInt64 {
		return zint{small: int64(x.lo)}
	}
	neg := x.hi < 0
	if neg {
		x = x.neg() // fits: |x| <= 2^127
	}
	b := new(big.Int).SetUint64(uint64(x.hi))
	b.Lsh(b, 64)
	b.Or(b, new(big.Int).SetUint64(x.lo))
	if neg {
		b.Neg(b)
	}
	return zint{big: b}
}
