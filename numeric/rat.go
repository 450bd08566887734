// This file implements Rat, an exact rational on top of Int.

package numeric

import "math/big"

// Rat is an exact, immutable rational number num/den in lowest terms with
// den > 0. The zero value is 0.
type Rat struct {
	num Int
	den Int // zero value means 1
}

// R returns the rational n/d in lowest terms. It panics if d is 0.
func R(n, d Int) Rat {
	if d.IsZero() {
		panic("numeric: zero denominator")
	}
	if d.Sign() < 0 {
		n, d = n.Neg(), d.Neg()
	}
	if g := n.GCD(d); !g.IsZero() && g.Cmp(I(1)) != 0 {
		n, d = n.FloorDiv(g), d.FloorDiv(g)
	}
	return Rat{num: n, den: d}
}

// RInt returns the rational with integer value n.
func RInt(n Int) Rat { return Rat{num: n, den: I(1)} }

// Num returns the numerator.
func (r Rat) Num() Int { return r.num }

// Den returns the (positive) denominator.
func (r Rat) Den() Int {
	if r.den.IsZero() {
		return I(1)
	}
	return r.den
}

// IsInt reports whether r is an integer.
func (r Rat) IsInt() bool { return r.Den().Cmp(I(1)) == 0 }

// Sign returns the sign of r.
func (r Rat) Sign() int { return r.num.Sign() }

// Add returns r + s.
func (r Rat) Add(s Rat) Rat {
	return R(r.num.Mul(s.Den()).Add(s.num.Mul(r.Den())), r.Den().Mul(s.Den()))
}

// Sub returns r - s.
func (r Rat) Sub(s Rat) Rat { return r.Add(s.Neg()) }

// Neg returns -r.
func (r Rat) Neg() Rat { return Rat{num: r.num.Neg(), den: r.Den()} }

// Mul returns r * s.
func (r Rat) Mul(s Rat) Rat { return R(r.num.Mul(s.num), r.Den().Mul(s.Den())) }

// Quo returns r / s. It panics if s is 0.
func (r Rat) Quo(s Rat) Rat { return R(r.num.Mul(s.Den()), r.Den().Mul(s.num)) }

// Cmp returns -1, 0, +1 as r <, ==, > s.
func (r Rat) Cmp(s Rat) int { return r.num.Mul(s.Den()).Cmp(s.num.Mul(r.Den())) }

// Floor returns the largest integer <= r.
func (r Rat) Floor() Int { return r.num.FloorDiv(r.Den()) }

// Ceil returns the smallest integer >= r.
func (r Rat) Ceil() Int { return r.num.CeilDiv(r.Den()) }

// Big returns r as a new big.Rat.
func (r Rat) Big() *big.Rat { return new(big.Rat).SetFrac(r.num.Big(), r.Den().Big()) }

// String formats r as "n" or "n/d".
func (r Rat) String() string {
	if r.IsInt() {
		return r.num.String()
	}
	return r.num.String() + "/" + r.Den().String()
}
