// This file implements Bound, an int64 extended with ±infinity and
// saturating, direction-aware arithmetic.

package numeric

import (
	"math"
	"strconv"
)

// Bound is an integer in [-(2^63-1), 2^63-1] or ±infinity. It is the scalar
// of the interval and octagon domains.
//
// Arithmetic never wraps. Each operation that can leave the finite range
// comes in two roundings: the Up form rounds toward +infinity (use it for
// upper bounds) and the Down form toward -infinity (use it for lower
// bounds). A result that cannot be represented becomes the infinity in the
// direction of rounding, which loses the bound and is therefore sound.
// The finite range is symmetric, so Neg is always exact.
type Bound struct {
	v   int64
	inf int8 // -1: -infinity, 0: finite, +1: +infinity
}

// MaxFinite is the largest finite Bound value; -MaxFinite is the smallest.
const MaxFinite = math.MaxInt64

var (
	// PlusInf is +infinity.
	PlusInf = Bound{inf: 1}
	// MinusInf is -infinity.
	MinusInf = Bound{inf: -1}
)

// B returns the finite bound v. The value math.MinInt64, outside the finite
// range, is treated as -infinity; callers that mean it as an upper bound
// should use BoundUp.
func B(v int64) Bound {
	if v == math.MinInt64 {
		return MinusInf
	}
	return Bound{v: v}
}

// BoundUp returns the smallest Bound >= x.
func BoundUp(x Int) Bound {
	if v, ok := x.Int64(); ok {
		if v == math.MinInt64 {
			return Bound{v: -MaxFinite}
		}
		return Bound{v: v}
	}
	if x.Sign() > 0 {
		return PlusInf
	}
	return Bound{v: -MaxFinite}
}

// BoundDown returns the largest Bound <= x.
func BoundDown(x Int) Bound {
	if v, ok := x.Int64(); ok && v != math.MinInt64 {
		return Bound{v: v}
	}
	if x.Sign() > 0 {
		return Bound{v: MaxFinite}
	}
	return MinusInf
}

// IsFinite reports whether b is finite.
func (b Bound) IsFinite() bool { return b.inf == 0 }

// IsPlusInf reports whether b is +infinity.
func (b Bound) IsPlusInf() bool { return b.inf > 0 }

// IsMinusInf reports whether b is -infinity.
func (b Bound) IsMinusInf() bool { return b.inf < 0 }

// Int64 returns the value of a finite bound and whether b is finite.
func (b Bound) Int64() (int64, bool) { return b.v, b.inf == 0 }

// Int returns a finite bound as an Int. Precondition: b is finite.
func (b Bound) Int() Int { return I(b.v) }

// Cmp returns -1, 0, +1 as b <, ==, > c.
func (b Bound) Cmp(c Bound) int {
	if b.inf != c.inf {
		if b.inf < c.inf {
			return -1
		}
		return 1
	}
	if b.inf != 0 {
		return 0
	}
	switch {
	case b.v < c.v:
		return -1
	case b.v > c.v:
		return 1
	}
	return 0
}

// Less reports whether b < c.
func (b Bound) Less(c Bound) bool { return b.Cmp(c) < 0 }

// Min returns the smaller of b and c.
func (b Bound) Min(c Bound) Bound {
	if b.Cmp(c) <= 0 {
		return b
	}
	return c
}

// Max returns the larger of b and c.
func (b Bound) Max(c Bound) Bound {
	if b.Cmp(c) >= 0 {
		return b
	}
	return c
}

// Neg returns -b (exact).
func (b Bound) Neg() Bound { return Bound{v: -b.v, inf: -b.inf} }

// AddUp returns b + c rounded toward +infinity. An infinite operand makes
// the result infinite; (+inf) + (-inf) is +inf (the Up rounding of an
// undefined sum loses the bound).
func (b Bound) AddUp(c Bound) Bound {
	if b.inf > 0 || c.inf > 0 {
		return PlusInf
	}
	if b.inf < 0 || c.inf < 0 {
		return MinusInf
	}
	return roundUp(b.v, c.v)
}

// AddDown returns b + c rounded toward -infinity; (+inf) + (-inf) is -inf.
func (b Bound) AddDown(c Bound) Bound {
	if b.inf < 0 || c.inf < 0 {
		return MinusInf
	}
	if b.inf > 0 || c.inf > 0 {
		return PlusInf
	}
	return b.Neg().AddUp(c.Neg()).Neg()
}

func roundUp(x, y int64) Bound {
	s := x + y
	if (x >= 0) == (y >= 0) && (s >= 0) != (x >= 0) {
		if x >= 0 {
			return PlusInf
		}
		return Bound{v: -MaxFinite}
	}
	if s == math.MinInt64 {
		return Bound{v: -MaxFinite}
	}
	return Bound{v: s}
}

// MulUp returns k * b rounded toward +infinity (0 * ±inf is 0).
func (b Bound) MulUp(k int64) Bound {
	if k == 0 {
		return Bound{}
	}
	if b.inf != 0 {
		if k > 0 {
			return b
		}
		return b.Neg()
	}
	p, ok := mul64(b.v, k)
	if !ok || p == math.MinInt64 {
		if (b.v < 0) == (k < 0) {
			return PlusInf
		}
		return Bound{v: -MaxFinite}
	}
	return Bound{v: p}
}

// MulDown returns k * b rounded toward -infinity (0 * ±inf is 0).
func (b Bound) MulDown(k int64) Bound { return b.Neg().MulUp(k).Neg() }

// DivFloor returns floor(b / k) for k > 0 (infinities stay).
func (b Bound) DivFloor(k int64) Bound {
	if b.inf != 0 {
		return b
	}
	q := b.v / k
	if b.v%k != 0 && b.v < 0 {
		q--
	}
	return Bound{v: q}
}

// DivCeil returns ceil(b / k) for k > 0 (infinities stay).
func (b Bound) DivCeil(k int64) Bound { return b.Neg().DivFloor(k).Neg() }

// String formats b as a decimal, "+oo" or "-oo".
func (b Bound) String() string {
	switch {
	case b.inf > 0:
		return "+oo"
	case b.inf < 0:
		return "-oo"
	}
	return strconv.FormatInt(b.v, 10)
}
