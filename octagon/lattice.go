// This file implements the lattice operations of octagons: inclusion,
// equality, meet and join (Mine, HOSC 2006, §4.4.1-§4.4.3).

package octagon

import "slices"

// Leq reports whether gamma(a) ⊆ gamma(b). It compares the tight closure
// of a with the raw matrix of b entry by entry; this is exact because every
// entry of a tightly closed matrix is attained by an integer point.
func (Domain) Leq(a, b *Octagon) bool {
	sameDims(a, b)
	ca := a.close()
	if ca.m == nil {
		return true
	}
	if b.m == nil {
		return false
	}
	bm := b.m
	for k, v := range ca.m {
		if v > bm[k] {
			return false
		}
	}
	return true
}

// Equal reports whether a and b denote the same set: their tight
// closures are equal (tight closure is a normal form).
func (Domain) Equal(a, b *Octagon) bool {
	sameDims(a, b)
	ca, cb := a.close(), b.close()
	if ca.m == nil || cb.m == nil {
		return ca.m == nil && cb.m == nil
	}
	for k, v := range ca.m {
		if v != cb.m[k] {
			return false
		}
	}
	return true
}

// Meet returns a ∩ b exactly: the entry-wise minimum of the raw
// matrices. The result is not closed; it is closed on first use.
func (Domain) Meet(a, b *Octagon) *Octagon {
	sameDims(a, b)
	if a.m == nil {
		return a
	}
	if b.m == nil {
		return b
	}
	switch order(a.m, b.m) {
	case -1, 0:
		return a
	case 1:
		return b
	}
	m := slices.Clone(a.m) // no zeroing, unlike make
	bm := b.m[:len(m)]
	for k, v := range m {
		m[k] = min(v, bm[k])
	}
	return rawOf(a.n, m)
}

// Join returns the least octagon containing a ∪ b: the entry-wise maximum
// of the tight closures, which is tightly closed again.
func (Domain) Join(a, b *Octagon) *Octagon {
	sameDims(a, b)
	ca, cb := a.close(), b.close()
	if ca.m == nil {
		return cb
	}
	if cb.m == nil {
		return ca
	}
	switch order(ca.m, cb.m) {
	case -1, 0:
		return cb // values are immutable: share
	case 1:
		return ca
	}
	m := slices.Clone(ca.m)
	bm := cb.m[:len(m)]
	for k, v := range m {
		m[k] = max(v, bm[k])
	}
	return closedOf(a.n, m)
}

// order compares two matrices entry-wise: -1 when a <= b everywhere, 1
// when a >= b everywhere (and not equal), 0 when equal, 2 otherwise. It
// stops at the first pair of entries that disagree both ways, so it is
// cheap on incomparable matrices; it lets Join, Meet and Widen return an
// argument instead of allocating.
func order(a, b []int64) int {
	le, ge := true, true
	b = b[:len(a)]
	for k, v := range a {
		w := b[k]
		if v < w {
			ge = false
		} else if v > w {
			le = false
		}
		if !le && !ge {
			return 2
		}
	}
	switch {
	case le && ge:
		return 0
	case le:
		return -1
	}
	return 1
}
