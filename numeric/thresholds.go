// This file implements Thresholds, the constants used by widening with
// thresholds.

package numeric

import "sort"

// Thresholds is a sorted set of integer constants. Widening with thresholds
// relaxes an unstable upper bound to the least threshold above it (and a
// lower bound to the greatest threshold below it) before giving up on it.
type Thresholds []int64

// NewThresholds returns the sorted, deduplicated set of vs.
func NewThresholds(vs ...int64) Thresholds {
	t := append(Thresholds(nil), vs...)
	sort.Slice(t, func(i, j int) bool { return t[i] < t[j] })
	out := t[:0]
	for i, v := range t {
		if i == 0 || v != t[i-1] {
			out = append(out, v)
		}
	}
	return out
}

// Above returns the least threshold >= b, or +oo.
func (t Thresholds) Above(b Bound) Bound {
	if !b.IsFinite() {
		return b
	}
	v, _ := b.Int64()
	i := sort.Search(len(t), func(i int) bool { return t[i] >= v })
	if i == len(t) {
		return PlusInf
	}
	return B(t[i])
}

// Below returns the greatest threshold <= b, or -oo.
func (t Thresholds) Below(b Bound) Bound {
	if !b.IsFinite() {
		return b
	}
	v, _ := b.Int64()
	i := sort.Search(len(t), func(i int) bool { return t[i] > v })
	if i == 0 {
		return MinusInf
	}
	return B(t[i-1])
}
