// This file implements Value, the value of the congruence domain, the
// Domain type and its lattice operations.

package congruence

import (
	"fmt"
	"slices"

	"github.com/numpred/numpred/numeric"
)

// Value is an immutable product of congruence classes, one per
// dimension. The zero Value is bottom over zero dimensions.
//
// Invariant (see SanityCheck): a value is either the canonical bottom
// (bot set, no classes) or has one canonical class per dimension.
type Value struct {
	c   []class
	n   int
	bot bool
}

// Domain is the congruence domain; it implements numeric.Domain[Value],
// numeric.Membership[Value] and numeric.Checker[Value]. The zero value
// is ready to use.
type Domain struct{}

var (
	_ numeric.Domain[Value]     = Domain{}
	_ numeric.Membership[Value] = Domain{}
	_ numeric.Checker[Value]    = Domain{}
)

// New returns the congruence domain.
func New() Domain { return Domain{} }

func bottom(n int) Value { return Value{n: n, bot: true} }

// Dims returns the number of dimensions of a.
func (a Value) Dims() int { return a.n }

// IsBottom reports whether a is empty.
func (a Value) IsBottom() bool { return a.bot }

// Class returns the congruence of dimension d as x ≡ r (mod m): m = 0
// for the single value r, m = 1 for no information. Precondition: a is
// not bottom.
func (a Value) Class(d numeric.Dim) (m, r numeric.Int) { return a.c[d].m, a.c[d].r }

// Top returns Z^n.
func (Domain) Top(n int) Value {
	c := make([]class, n)
	for i := range c {
		c[i] = topClass
	}
	return Value{c: c, n: n}
}

// Bottom returns the empty set over n dimensions.
func (Domain) Bottom(n int) Value { return bottom(n) }

// Dims returns the number of dimensions of a.
func (Domain) Dims(a Value) int { return a.n }

// IsTop reports whether every class is Z (exact).
func (Domain) IsTop(a Value) bool {
	return !a.bot && !slices.ContainsFunc(a.c, func(c class) bool { return !c.isTop() })
}

// IsBottom reports whether a is empty (exact).
func (Domain) IsBottom(a Value) bool { return a.bot }

func sameDims(a, b Value) {
	if a.n != b.n {
		panic(fmt.Sprintf("congruence: dimension mismatch %d vs %d", a.n, b.n))
	}
}

// Leq reports whether a ⊆ b (exact, classwise).
func (Domain) Leq(a, b Value) bool {
	sameDims(a, b)
	if a.bot || b.bot {
		return a.bot
	}
	for i, c := range a.c {
		if !c.leq(b.c[i]) {
			return false
		}
	}
	return true
}

// Equal reports whether a and b denote the same set (exact: classes are
// canonical).
func (Domain) Equal(a, b Value) bool {
	sameDims(a, b)
	if a.bot || b.bot {
		return a.bot == b.bot
	}
	return slices.EqualFunc(a.c, b.c, class.equal)
}

// Join returns the least product of classes containing a and b
// (classwise join; exact in the domain).
func (Domain) Join(a, b Value) Value {
	sameDims(a, b)
	switch {
	case a.bot:
		return b
	case b.bot:
		return a
	}
	c := make([]class, a.n)
	for i := range c {
		c[i] = a.c[i].join(b.c[i])
	}
	return Value{c: c, n: a.n}
}

// Meet returns a ∩ b (exact, classwise by Chinese remainders).
func (Domain) Meet(a, b Value) Value {
	sameDims(a, b)
	if a.bot || b.bot {
		return bottom(a.n)
	}
	return meetWith(a, b.c, func(int) bool { return true })
}

// meetWith meets the classes of a selected by sel with cs; bottom when
// one meet is empty.
func meetWith(a Value, cs []class, sel func(i int) bool) Value {
	c := slices.Clone(a.c)
	for i := range c {
		if !sel(i) {
			continue
		}
		m, ok := c[i].meet(cs[i])
		if !ok {
			return bottom(a.n)
		}
		c[i] = m
	}
	return Value{c: c, n: a.n}
}

// Widen returns Join(a, b). Each strict increase of a class divides its
// modulus by at least 2 (or leaves a single value), so chains stabilise
// after at most 2 + log2 m steps per dimension, m the first modulus.
func (d Domain) Widen(a, b Value) Value { return d.Join(a, b) }

// Narrow refines only the classes of a that are Z by those of b, so
// decreasing chains stop after at most n strict steps (Meet alone could
// descend 2Z ⊃ 4Z ⊃ 8Z ... forever).
func (Domain) Narrow(a, b Value) Value {
	sameDims(a, b)
	if a.bot || b.bot {
		return bottom(a.n)
	}
	return meetWith(a, b.c, func(i int) bool { return a.c[i].isTop() })
}
