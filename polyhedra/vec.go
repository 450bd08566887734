// This file implements the exact integer vectors and bit sets that both
// representations of a polyhedron are made of.

package polyhedra

import (
	"math/bits"

	"github.com/numpred/numpred/numeric"
)

// vec is a row of a constraint or generator system in homogeneous form.
// Entry 0 is the homogenising coordinate and entries 1..n the coefficients
// of dimensions 0..n-1:
//
//   - a constraint row c means c[0] + sum_i c[i+1]*x_i >= 0 (inequality)
//     or = 0 (equality);
//   - a generator row g is a vertex g[1:]/g[0] when g[0] > 0, and a ray or
//     line with direction g[1:] when g[0] = 0.
//
// Constraint c is satisfied by generator g in homogeneous form iff
// dot(c, g) >= 0 (= 0 for equalities and lines). Rows are normalised by the
// gcd of their entries; arithmetic is numeric.Int, exact with an int64 fast
// path, so nothing ever wraps.
type vec []numeric.Int

var (
	zero = numeric.I(0)
	one  = numeric.I(1)
)

// dot returns the scalar product of a and b.
func dot(a, b vec) numeric.Int {
	var s numeric.Int
	for i := range a {
		if a[i].IsZero() || b[i].IsZero() {
			continue
		}
		s = s.Add(a[i].Mul(b[i]))
	}
	return s
}

// combine returns ka*a + kb*b, normalised.
func combine(ka numeric.Int, a vec, kb numeric.Int, b vec) vec {
	out := make(vec, len(a))
	for i := range a {
		var x, y numeric.Int
		if !a[i].IsZero() {
			x = ka.Mul(a[i])
		}
		if !b[i].IsZero() {
			y = kb.Mul(b[i])
		}
		out[i] = x.Add(y)
	}
	return out.normalize()
}

// normalize divides v in place by the gcd of its entries and returns it.
func (v vec) normalize() vec {
	var g numeric.Int
	for _, x := range v {
		if !x.IsZero() {
			g = g.GCD(x)
			if g.Cmp(one) == 0 {
				return v
			}
		}
	}
	if g.IsZero() {
		return v
	}
	for i, x := range v {
		if !x.IsZero() {
			v[i] = x.FloorDiv(g)
		}
	}
	return v
}

// neg returns -v (a new row).
func (v vec) neg() vec {
	out := make(vec, len(v))
	for i, x := range v {
		out[i] = x.Neg()
	}
	return out
}

// isZero reports whether every entry of v is 0.
func (v vec) isZero() bool {
	for _, x := range v {
		if !x.IsZero() {
			return false
		}
	}
	return true
}

// isZeroFrom reports whether entries k.. of v are all 0.
func (v vec) isZeroFrom(k int) bool { return v[k:].isZero() }

// equal reports whether a and b are the same row.
func (a vec) equal(b vec) bool {
	for i := range a {
		if a[i].Cmp(b[i]) != 0 {
			return false
		}
	}
	return true
}

// clone returns a copy of v.
func (v vec) clone() vec { return append(vec(nil), v...) }

// signNormalize makes the first non-zero entry of v positive (for lines and
// equalities, whose sign carries no meaning).
func (v vec) signNormalize() vec {
	for _, x := range v {
		if s := x.Sign(); s != 0 {
			if s < 0 {
				return v.neg()
			}
			return v
		}
	}
	return v
}

// cloneRows returns a deep-enough copy of rows (rows are never mutated
// after construction, so sharing them is safe).
func cloneRows(rows []vec) []vec { return append([]vec(nil), rows...) }

// bitset is a fixed-size set of small integers.
type bitset []uint64

func newBitset(n int) bitset { return make(bitset, (n+63)/64) }

func (b bitset) set(i int)      { b[i/64] |= 1 << (uint(i) % 64) }
func (b bitset) has(i int) bool { return b[i/64]&(1<<(uint(i)%64)) != 0 }
func (b bitset) clone() bitset  { return append(bitset(nil), b...) }
func (b bitset) count() int {
	n := 0
	for _, w := range b {
		n += bits.OnesCount64(w)
	}
	return n
}

// and returns b & c.
func (b bitset) and(c bitset) bitset {
	out := make(bitset, len(b))
	for i := range b {
		out[i] = b[i] & c[i]
	}
	return out
}

// subset reports whether b ⊆ c.
func (b bitset) subset(c bitset) bool {
	for i := range b {
		if b[i]&^c[i] != 0 {
			return false
		}
	}
	return true
}

// equal reports whether b = c.
func (b bitset) equal(c bitset) bool {
	for i := range b {
		if b[i] != c[i] {
			return false
		}
	}
	return true
}

// independent returns the rows of rs that are linearly independent of the
// rows before them (fraction-free Gaussian elimination on copies; the
// original rows are returned).
func independent(rs []vec) []vec {
	var basis []vec // echelon rows
	var piv []int
	var out []vec
	for _, r := range rs {
		w := r.clone()
		for k, b := range basis {
			p := piv[k]
			if w[p].IsZero() {
				continue
			}
			w = combine(b[p], w, w[p].Neg(), b)
		}
		p := -1
		for i, x := range w {
			if !x.IsZero() {
				p = i
				break
			}
		}
		if p < 0 {
			continue
		}
		basis = append(basis, w)
		piv = append(piv, p)
		out = append(out, r)
	}
	return out
}
