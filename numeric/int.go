// This file implements Int, an exact integer with an int64 fast path.

package numeric

import (
	"math"
	"math/big"
	"math/bits"
)

// Int is an exact, immutable integer. Values that fit in an int64 are held
// inline; larger ones fall back to math/big. Arithmetic never wraps: the
// int64 fast path detects overflow (math/bits) and switches to big.
//
// The zero value is 0.
type Int struct {
	small int64
	big   *big.Int // non-nil only when the value does not fit in int64
}

// I returns the Int with value v.
func I(v int64) Int { return Int{small: v} }

// IntFromBig returns the Int with value b (b is copied).
func IntFromBig(b *big.Int) Int {
	if b.IsInt64() {
		return Int{small: b.Int64()}
	}
	return Int{big: new(big.Int).Set(b)}
}

func norm(b *big.Int) Int {
	if b.IsInt64() {
		return Int{small: b.Int64()}
	}
	return Int{big: b}
}

// Big returns a new big.Int with the value of x.
func (x Int) Big() *big.Int {
	if x.big != nil {
		return new(big.Int).Set(x.big)
	}
	return big.NewInt(x.small)
}

// bigOf returns x as a big.Int the caller must not modify: x's own when
// x is big (no copy), a new one otherwise.
func (x Int) bigOf() *big.Int {
	if x.big != nil {
		return x.big
	}
	return big.NewInt(x.small)
}

// IsInt64 reports whether x fits in an int64.
func (x Int) IsInt64() bool { return x.big == nil }

// Int64 returns x as an int64 and whether it fits.
func (x Int) Int64() (int64, bool) {
	if x.big != nil {
		return 0, false
	}
	return x.small, true
}

// Sign returns -1, 0 or +1 according to the sign of x.
func (x Int) Sign() int {
	if x.big != nil {
		return x.big.Sign()
	}
	switch {
	case x.small < 0:
		return -1
	case x.small > 0:
		return 1
	}
	return 0
}

// IsZero reports whether x is 0.
func (x Int) IsZero() bool { return x.big == nil && x.small == 0 }

// Cmp returns -1, 0 or +1 as x <, ==, > y.
func (x Int) Cmp(y Int) int {
	if x.big == nil && y.big == nil {
		switch {
		case x.small < y.small:
			return -1
		case x.small > y.small:
			return 1
		}
		return 0
	}
	// A big value lies beyond every int64 (norm keeps the invariant).
	switch {
	case x.big == nil:
		return -y.big.Sign()
	case y.big == nil:
		return x.big.Sign()
	}
	return x.big.Cmp(y.big)
}

// Add returns x + y.
func (x Int) Add(y Int) Int {
	if x.big == nil && y.big == nil {
		s := x.small + y.small
		// Overflow iff both operands have the same sign and the sum's differs.
		if (x.small >= 0) == (y.small >= 0) && (s >= 0) != (x.small >= 0) {
			return norm(new(big.Int).Add(big.NewInt(x.small), big.NewInt(y.small)))
		}
		return Int{small: s}
	}
	return norm(new(big.Int).Add(x.bigOf(), y.bigOf()))
}

// Neg returns -x.
func (x Int) Neg() Int {
	if x.big == nil {
		if x.small == math.MinInt64 {
			return norm(new(big.Int).Neg(big.NewInt(x.small)))
		}
		return Int{small: -x.small}
	}
	return norm(new(big.Int).Neg(x.big))
}

// Sub returns x - y.
func (x Int) Sub(y Int) Int {
	if x.big == nil && y.big == nil {
		d := x.small - y.small
		// Overflow iff operands have different signs and the result's sign
		// differs from x's.
		if (x.small >= 0) != (y.small >= 0) && (d >= 0) != (x.small >= 0) {
			return norm(new(big.Int).Sub(big.NewInt(x.small), big.NewInt(y.small)))
		}
		return Int{small: d}
	}
	return norm(new(big.Int).Sub(x.bigOf(), y.bigOf()))
}

// Mul returns x * y.
func (x Int) Mul(y Int) Int {
	if x.big == nil && y.big == nil {
		if p, ok := mul64(x.small, y.small); ok {
			return Int{small: p}
		}
	}
	return norm(new(big.Int).Mul(x.bigOf(), y.bigOf()))
}

// mul64 returns a*b and whether it did not overflow.
func mul64(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	neg := (a < 0) != (b < 0)
	ua, ub := absU(a), absU(b)
	hi, lo := bits.Mul64(ua, ub)
	if hi != 0 {
		return 0, false
	}
	if neg {
		if lo > 1<<63 {
			return 0, false
		}
		return int64(-lo), true // -lo wraps to MinInt64 exactly when lo == 1<<63
	}
	if lo > math.MaxInt64 {
		return 0, false
	}
	return int64(lo), true
}

func absU(a int64) uint64 {
	if a < 0 {
		return uint64(-a) // correct for MinInt64 too, by two's complement
	}
	return uint64(a)
}

// Abs returns |x|.
func (x Int) Abs() Int {
	if x.Sign() < 0 {
		return x.Neg()
	}
	return x
}

// FloorDiv returns floor(x / y). It panics if y is 0.
func (x Int) FloorDiv(y Int) Int {
	if x.big == nil && y.big == nil && y.small != 0 && !(x.small == math.MinInt64 && y.small == -1) {
		q := x.small / y.small
		if (x.small%y.small != 0) && ((x.small < 0) != (y.small < 0)) {
			q--
		}
		return Int{small: q}
	}
	q, m := new(big.Int).DivMod(x.bigOf(), y.bigOf(), new(big.Int)) // Euclidean
	// Euclidean division has x = q*y + m with 0 <= m < |y|. For y < 0 and
	// m != 0, x/y = q + m/y with m/y in (-1, 0), so floor(x/y) = q - 1.
	if y.Sign() < 0 && m.Sign() != 0 {
		q.Sub(q, big.NewInt(1))
	}
	return norm(q)
}

// CeilDiv returns ceil(x / y). It panics if y is 0.
func (x Int) CeilDiv(y Int) Int {
	return x.Neg().FloorDiv(y).Neg()
}

// Mod returns x - y*floor(x/y) (the sign of the result follows y).
func (x Int) Mod(y Int) Int {
	return x.Sub(y.Mul(x.FloorDiv(y)))
}

// GCD returns gcd(|x|, |y|); GCD(0, 0) is 0.
func (x Int) GCD(y Int) Int {
	if x.big == nil && y.big == nil && x.small != math.MinInt64 && y.small != math.MinInt64 {
		a, b := x.small, y.small
		if a < 0 {
			a = -a
		}
		if b < 0 {
			b = -b
		}
		for b != 0 {
			a, b = b, a%b
		}
		return Int{small: a}
	}
	return norm(new(big.Int).GCD(nil, nil, x.Abs().bigOf(), y.Abs().bigOf()))
}

// ExtGCD returns g = gcd(|x|, |y|) and Bézout coefficients s, t with
// s*x + t*y = g (extended Euclid). ExtGCD(0, 0) is 0, 1, 0.
func (x Int) ExtGCD(y Int) (g, s, t Int) {
	r0, r1 := x, y
	s0, s1 := I(1), I(0)
	t0, t1 := I(0), I(1)
	for !r1.IsZero() {
		q := r0.FloorDiv(r1)
		r0, r1 = r1, r0.Sub(q.Mul(r1))
		s0, s1 = s1, s0.Sub(q.Mul(s1))
		t0, t1 = t1, t0.Sub(q.Mul(t1))
	}
	if r0.Sign() < 0 {
		return r0.Neg(), s0.Neg(), t0.Neg()
	}
	return r0, s0, t0
}

// Divisible reports whether y divides x (y != 0).
func (x Int) Divisible(y Int) bool { return x.Mod(y).IsZero() }

// String formats x in decimal.
func (x Int) String() string {
	if x.big != nil {
		return x.big.String()
	}
	return big.NewInt(x.small).String()
}

// ParseInt parses a decimal integer of any size.
func ParseInt(s string) (Int, bool) {
	b, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return Int{}, false
	}
	return norm(b), true
}
