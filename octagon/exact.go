// This file implements the exact fallback of the closure: a tight
// closure in 128-bit arithmetic, used when an operand of the int64
// kernels could leave their overflow-free range (constants near 2^61 and
// beyond).
//
// Saturating int64 arithmetic would be sound there, but it is not
// associative, so a saturating Floyd-Warshall can return a matrix that is
// not closed. Instead the closure runs exactly on 128-bit integers (a path
// of at most 4n edges of magnitude below 2^63 cannot overflow them) and
// only the result is rounded to entries: bounds at or above 2^61 become
// +inf and bounds below -(2^63-2) become -(2^63-2). Rounding an exact
// tight closure up this way keeps it closed up to saturation
// (m[i][j] <= addUp(m[i][k], m[k][j])), strongly coherent and tight, which
// is what the sanity checker verifies.

package octagon

import "math/bits"

// w128 is a 128-bit two's complement integer, or +inf when hi is
// w128InfHi.
type w128 struct {
	hi int64
	lo uint64
}

const w128InfHi = 1<<63 - 1

var w128Inf = w128{hi: w128InfHi}

func w128Of(v int64) w128 {
	if v == inf {
		return w128Inf
	}
	return w128{hi: v >> 63, lo: uint64(v)}
}

func (a w128) isInf() bool { return a.hi == w128InfHi }

func (a w128) add(b w128) w128 {
	if a.isInf() || b.isInf() {
		return w128Inf
	}
	lo, c := bits.Add64(a.lo, b.lo, 0)
	return w128{hi: a.hi + b.hi + int64(c), lo: lo}
}

func (a w128) less(b w128) bool { return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo) }

func (a w128) min(b w128) w128 {
	if b.less(a) {
		return b
	}
	return a
}

func (a w128) neg() bool { return a.hi < 0 }

// floorHalf returns floor(a/2) (+inf stays).
func (a w128) floorHalf() w128 {
	if a.isInf() {
		return a
	}
	return w128{hi: a.hi >> 1, lo: a.lo>>1 | uint64(a.hi)<<63}
}

// entry rounds a up to an entry.
func (a w128) entry() int64 {
	switch {
	case a.isInf():
		return inf
	case a.hi == 0 && a.lo < 1<<63, a.hi == -1 && a.lo >= 1<<63:
		return norm(int64(a.lo))
	case a.hi >= 0:
		return inf
	}
	return negMax
}

// exactClose replaces m by its tight closure computed exactly (then
// rounded to entries) and reports whether it is non-empty. It accepts +inf
// stand-ins of the fast kernels in m.
func exactClose(m []int64, n int) bool {
	N := 2 * n
	f := make([]w128, N*N)
	for i := 0; i < N; i++ {
		for j := 0; j < N; j++ {
			f[i*N+j] = w128Of(readEntry(m, i, j))
		}
	}
	for k := 0; k < N; k++ {
		rk := f[k*N : k*N+N]
		for i := 0; i < N; i++ {
			a := f[i*N+k]
			if a.isInf() {
				continue
			}
			ri := f[i*N : i*N+N]
			for j := range ri {
				ri[j] = ri[j].min(a.add(rk[j]))
			}
			if ri[i].neg() {
				return false
			}
		}
	}
	h := make([]w128, N)
	for i := 0; i < N; i++ {
		h[i] = f[i*N+(i^1)].floorHalf()
	}
	for i := 0; i < N; i += 2 {
		if h[i].add(h[i+1]).neg() {
			return false
		}
	}
	for i := 0; i < N; i++ {
		for j := 0; j <= i|1; j++ {
			v := f[i*N+j]
			if j == i^1 {
				v = h[i].add(h[i])
			}
			m[idx(i, j)] = v.min(h[i].add(h[j^1])).entry()
		}
	}
	return true
}
