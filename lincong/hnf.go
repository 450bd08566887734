// This file implements the integer linear algebra of the domain: the
// Hermite normal form of a set of integer vectors, reduction of a vector
// by such a form, and lattice membership.

package lincong

import "github.com/numpred/numpred/numeric"

type vec []numeric.Int

var zero = numeric.I(0)

func newVec(n int) vec {
	v := make(vec, n)
	for i := range v {
		v[i] = zero
	}
	return v
}

func (v vec) clone() vec { return append(vec(nil), v...) }

func (v vec) isZero() bool {
	for _, x := range v {
		if !x.IsZero() {
			return false
		}
	}
	return true
}

// pivot returns the index of v's first non-zero entry, or len(v).
func (v vec) pivot() int {
	for i, x := range v {
		if !x.IsZero() {
			return i
		}
	}
	return len(v)
}

// subMul returns v - k*w.
func (v vec) subMul(k numeric.Int, w vec) vec {
	if k.IsZero() {
		return v
	}
	out := make(vec, len(v))
	for i := range v {
		if w[i].IsZero() {
			out[i] = v[i]
		} else {
			out[i] = v[i].Sub(k.Mul(w[i]))
		}
	}
	return out
}

// subMulInPlace sets v to v - k*w.
func (v vec) subMulInPlace(k numeric.Int, w vec) {
	if k.IsZero() {
		return
	}
	for i := range v {
		if !w[i].IsZero() {
			v[i] = v[i].Sub(k.Mul(w[i]))
		}
	}
}

func (v vec) neg() vec {
	out := make(vec, len(v))
	for i := range v {
		out[i] = v[i].Neg()
	}
	return out
}

func (v vec) sub(w vec) vec { return v.subMul(numeric.I(1), w) }

func (v vec) equal(w vec) bool {
	for i := range v {
		if v[i].Cmp(w[i]) != 0 {
			return false
		}
	}
	return true
}

// hnf returns the Hermite normal form of the lattice spanned by rows
// (vectors of length n) modulo the unit vectors of the free columns: the
// non-zero rows of the echelon form of the rows with their free entries
// set to 0, pivots strictly increasing and positive, entries above each
// pivot in [0, pivot). The input is not modified.
func hnf(rows []vec, n int, free []bool) []vec {
	// The rows may be shared with other values: work on copies, in place.
	work := make([]vec, 0, len(rows))
	for _, r := range rows {
		c := r.clone()
		for i, f := range free {
			if f {
				c[i] = zero
			}
		}
		if !c.isZero() {
			work = append(work, c)
		}
	}
	var out []vec
	for col := 0; col < n && len(work) > 0; col++ {
		// Euclid on column col: the row with the least non-zero entry
		// reduces the others until one non-zero entry is left.
		for {
			k := -1
			for i, r := range work {
				if !r[col].IsZero() && (k < 0 || r[col].Abs().Cmp(work[k][col].Abs()) < 0) {
					k = i
				}
			}
			if k < 0 {
				break
			}
			done := true
			zeroed := false
			for i, r := range work {
				if i == k || r[col].IsZero() {
					continue
				}
				r.subMulInPlace(r[col].FloorDiv(work[k][col]), work[k])
				if !r[col].IsZero() {
					done = false
				} else if r.isZero() {
					zeroed = true
				}
			}
			if zeroed {
				// Drop the rows that became zero (keeping k's index).
				w := work[:0]
				for i, r := range work {
					if i == k || !r.isZero() {
						if i == k {
							k = len(w)
						}
						w = append(w, r)
					}
				}
				work = w
			}
			if done {
				p := work[k]
				if p[col].Sign() < 0 {
					for j := range p {
						p[j] = p[j].Neg()
					}
				}
				out = append(out, p)
				work = append(work[:k], work[k+1:]...)
				break
			}
		}
	}
	// Reduce the entries above each pivot, pivots in increasing order.
	for i := range out {
		c := out[i].pivot()
		for j := 0; j < i; j++ {
			if q := out[j][c].FloorDiv(out[i][c]); !q.IsZero() {
				out[j].subMulInPlace(q, out[i])
			}
		}
	}
	return out
}

// reduce returns v reduced by the Hermite form rows: each entry at a
// pivot column brought into [0, pivot).
func reduce(v vec, rows []vec) vec {
	for _, r := range rows {
		c := r.pivot()
		if q := v[c].FloorDiv(r[c]); !q.IsZero() {
			v = v.subMul(q, r)
		}
	}
	return v
}

// member reports whether v is in the lattice spanned by the Hermite form
// rows. It overwrites v.
func member(v vec, rows []vec) bool {
	start := 0
	for _, r := range rows {
		c := r.pivot()
		for ; start < c; start++ {
			if !v[start].IsZero() {
				return false
			}
		}
		if v[c].IsZero() {
			continue
		}
		if !v[c].Divisible(r[c]) {
			return false
		}
		q := v[c].FloorDiv(r[c])
		for j := c; j < len(v); j++ {
			if !r[j].IsZero() {
				v[j] = v[j].Sub(q.Mul(r[j]))
			}
		}
	}
	for ; start < len(v); start++ {
		if !v[start].IsZero() {
			return false
		}
	}
	return true
}

// contains reports whether q - p (q when p is nil) is in the lattice of
// rows and the unit vectors of free, without allocating for up to 8
// dimensions.
func contains(q, p vec, rows []vec, free []bool) bool {
	var buf [8]numeric.Int
	var d vec
	if len(q) <= len(buf) {
		d = buf[:len(q)]
	} else {
		d = make(vec, len(q))
	}
	for i := range q {
		switch {
		case free[i]:
			d[i] = zero
		case p == nil:
			d[i] = q[i]
		default:
			d[i] = q[i].Sub(p[i])
		}
	}
	return member(d, rows)
}
