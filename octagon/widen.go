// This file implements widening (plain and with thresholds) and
// narrowing of octagons (Mine, HOSC 2006, §4.7).
//
// Widening must look at the matrix of its left argument as it is, not at
// its closure: closing the iterates of a widening sequence can make it
// infinite (Mine, HOSC 2006, Fig. 22). So Widen keeps the entries of the
// raw left matrix that the closed right argument does not exceed, drops
// the others, and returns an unclosed result. Raw entries of a widening
// sequence then never decrease and each one increases at most once
// (plain) or once per threshold (with thresholds): the sequence
// stabilises. Narrowing likewise only refines the +inf entries of its raw
// left argument, so a narrowing sequence refines each entry at most once.

package octagon

import "github.com/numpred/numpred/numeric"

// Widen returns a ∇ b: entry k is a's raw entry when the closure of b
// does not exceed it, and +inf otherwise. Any b is accepted (the result is
// above Join(a, b)).
func (Domain) Widen(a, b *Octagon) *Octagon {
	return widen(a, b, nil)
}

// WidenThresholds returns a ∇_T b: like Widen, but an unstable entry is
// relaxed to the least threshold-derived bound that holds on b before it
// is dropped. A bound on one variable, x <= u or x >= l, is relaxed to a
// threshold t (as 2x <= 2t or -2x <= -2t); a bound on x ± y is relaxed to
// the least threshold above it.
func (Domain) WidenThresholds(a, b *Octagon, t numeric.Thresholds) *Octagon {
	return widen(a, b, t)
}

func widen(a, b *Octagon, t numeric.Thresholds) *Octagon {
	sameDims(a, b)
	cb := b.close()
	if cb.m == nil {
		return a
	}
	if a.close().m == nil {
		return cb
	}
	if o := order(cb.m, a.m); o == -1 || o == 0 {
		return a // every entry is stable
	}
	m := make([]int64, len(a.m))
	am, bm := a.m, cb.m
	for i := 0; i < 2*a.n; i++ {
		start := rowStart(i)
		for j := 0; j <= i|1; j++ {
			k := start + j
			switch {
			case bm[k] <= am[k]:
				m[k] = am[k]
			case len(t) == 0 || bm[k] == inf:
				m[k] = inf
			case j == i^1:
				m[k] = unaryThreshold(bm[k], i&1 == 1, t)
			default:
				m[k] = entryOfBound(t.Above(numeric.B(bm[k])))
			}
		}
	}
	return rawOf(a.n, m)
}

// unaryThreshold returns the least entry >= v of the form 2t (upper is
// true: v bounds 2x, and x <= t) or -2t (v bounds -2x, and x >= t) for a
// threshold t, or inf.
func unaryThreshold(v int64, upper bool, t numeric.Thresholds) int64 {
	if upper {
		// 2x <= v gives x <= floor(v/2); relax to the least t >= it.
		u := t.Above(numeric.B(half(v)))
		return double(entryOfBound(u))
	}
	// -2x <= v gives x >= -floor(v/2); relax to the greatest t <= it.
	l := t.Below(numeric.B(-half(v)))
	if l.IsMinusInf() {
		return inf
	}
	lv, _ := l.Int64()
	return double(norm(-lv))
}

// entryOfBound converts an upper Bound to an entry (+inf for +oo).
// Precondition: b is not -oo.
func entryOfBound(b numeric.Bound) int64 {
	if v, ok := b.Int64(); ok {
		return norm(v)
	}
	return inf
}

// Narrow returns a Δ b: a's raw matrix with each +inf entry replaced by
// the entry of the closure of b. It lies between Meet(a, b) and a.
func (Domain) Narrow(a, b *Octagon) *Octagon {
	sameDims(a, b)
	if a.close().m == nil {
		return a
	}
	cb := b.close()
	if cb.m == nil {
		return cb
	}
	m := make([]int64, len(a.m))
	for k, v := range a.m {
		if v == inf {
			v = cb.m[k]
		}
		m[k] = v
	}
	return rawOf(a.n, m)
}
