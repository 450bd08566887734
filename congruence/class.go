// This file implements class, one congruence x ≡ r (mod m), and its
// lattice operations and arithmetic (Granger, "Static analysis of
// arithmetical congruences", 1989).

package congruence

import "github.com/numpred/numpred/numeric"

// class is the set r + mZ. m >= 0; m = 0 is the single value r; for
// m > 0, 0 <= r < m. The class 0 + 1Z is all of Z.
type class struct {
	m, r numeric.Int
}

var one = numeric.I(1)

// mkClass returns the canonical class r + mZ.
func mkClass(m, r numeric.Int) class {
	m = m.Abs()
	if m.IsZero() {
		return class{m, r}
	}
	return class{m, r.Mod(m)}
}

func constant(v numeric.Int) class { return class{r: v} }

var topClass = class{m: one}

func (c class) isTop() bool { return c.m.Cmp(one) == 0 }

func (c class) isConst() bool { return c.m.IsZero() }

// divides reports whether m divides x (m = 0 divides only 0).
func divides(m, x numeric.Int) bool {
	if m.IsZero() {
		return x.IsZero()
	}
	if a, ok := m.Int64(); ok {
		if b, ok := x.Int64(); ok && a > 0 {
			return b%a == 0
		}
	}
	return x.Divisible(m)
}

// contains reports whether x ∈ c.
func (c class) contains(x numeric.Int) bool { return divides(c.m, x.Sub(c.r)) }

// leq reports whether c ⊆ d.
func (c class) leq(d class) bool { return divides(d.m, c.m) && divides(d.m, c.r.Sub(d.r)) }

func (c class) equal(d class) bool { return c.m.Cmp(d.m) == 0 && c.r.Cmp(d.r) == 0 }

// join returns the least class containing c and d: the modulus is
// gcd(m_c, m_d, r_c - r_d).
func (c class) join(d class) class {
	return mkClass(c.m.GCD(d.m).GCD(c.r.Sub(d.r)), c.r)
}

// meet returns c ∩ d, and false when it is empty (Chinese remainders:
// x = r_c + m_c*k solves x ≡ r_d (mod m_d) iff g = gcd(m_c, m_d)
// divides r_d - r_c, with k = s*(r_d - r_c)/g for s*m_c + t*m_d = g).
func (c class) meet(d class) (class, bool) {
	switch {
	case c.isConst():
		return c, d.contains(c.r)
	case d.isConst():
		return d, c.contains(d.r)
	}
	g, s, _ := c.m.ExtGCD(d.m)
	diff := d.r.Sub(c.r)
	if !diff.Divisible(g) {
		return class{}, false
	}
	l := c.m.FloorDiv(g).Mul(d.m)
	return mkClass(l, c.r.Add(c.m.Mul(diff.FloorDiv(g).Mul(s)))), true
}

// add returns {x + y | x ∈ c, y ∈ d}.
func (c class) add(d class) class { return mkClass(c.m.GCD(d.m), c.r.Add(d.r)) }

// scale returns {k*x | x ∈ c} (exact for the values; the class k*r +
// k*mZ is exactly that set).
func (c class) scale(k numeric.Int) class { return mkClass(c.m.Mul(k), c.r.Mul(k)) }

// solve returns the class of x with k*x ∈ c, and false when no integer
// x has it: k*x = r + m*y has a solution iff g = gcd(k, m) divides r,
// and then x ≡ (r/g) * (k/g)^-1 (mod m/g). Precondition: k != 0.
func (c class) solve(k numeric.Int) (class, bool) {
	if c.isConst() {
		if !c.r.Divisible(k) {
			return class{}, false
		}
		return constant(c.r.FloorDiv(k)), true
	}
	g := k.GCD(c.m)
	if !c.r.Divisible(g) {
		return class{}, false
	}
	m := c.m.FloorDiv(g)
	_, inv, _ := k.FloorDiv(g).ExtGCD(m)
	return mkClass(m, c.r.FloorDiv(g).Mul(inv)), true
}
