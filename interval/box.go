// This file implements Box, the value of the interval domain, and the
// Domain type with its constructors and queries.

package interval

import (
	"fmt"

	"github.com/numpred/numpred/numeric"
)

// Box is an immutable product of integer intervals, one per dimension.
// The zero Box is bottom over zero dimensions.
//
// Invariant (see SanityCheck): a box is either the canonical bottom
// (bot set, r nil) or has one non-empty range per dimension, with no
// lower bound +oo and no upper bound -oo.
type Box struct {
	r   []numeric.Range
	n   int
	bot bool
}

// Domain is the interval domain; it implements numeric.Domain[Box],
// numeric.ThresholdWidener[Box] and numeric.Checker[Box]. The zero value
// is ready to use.
type Domain struct{}

var (
	_ numeric.Domain[Box]           = Domain{}
	_ numeric.ThresholdWidener[Box] = Domain{}
	_ numeric.Checker[Box]          = Domain{}
)

// New returns the interval domain.
func New() Domain { return Domain{} }

// bottom returns the canonical bottom over n dimensions.
func bottom(n int) Box { return Box{n: n, bot: true} }

// NewBox returns the box with the given ranges, one per dimension; it is
// bottom when any range is empty.
func NewBox(ranges ...numeric.Range) Box {
	r := make([]numeric.Range, len(ranges))
	for i, x := range ranges {
		if x.IsEmpty() || x.Lo.IsPlusInf() || x.Hi.IsMinusInf() {
			return bottom(len(ranges))
		}
		r[i] = x
	}
	return Box{r: r, n: len(ranges)}
}

// Dims returns the number of dimensions of b.
func (b Box) Dims() int { return b.n }

// IsBottom reports whether b is empty.
func (b Box) IsBottom() bool { return b.bot }

// Range returns the interval of dimension d; it is empty when b is
// bottom.
func (b Box) Range(d numeric.Dim) numeric.Range {
	b.checkDim(d)
	if b.bot {
		return numeric.EmptyRange
	}
	return b.r[d]
}

func (b Box) checkDim(d numeric.Dim) {
	if d < 0 || int(d) >= b.n {
		panic(fmt.Sprintf("interval: dimension %d out of range [0, %d)", d, b.n))
	}
}

func sameDims(a, b Box) {
	if a.n != b.n {
		panic(fmt.Sprintf("interval: boxes with %d and %d dimensions", a.n, b.n))
	}
}

// Top returns the box with n unconstrained dimensions.
func (Domain) Top(n int) Box {
	r := make([]numeric.Range, n)
	for i := range r {
		r[i] = numeric.FullRange
	}
	return Box{r: r, n: n}
}

// Bottom returns the empty box with n dimensions.
func (Domain) Bottom(n int) Box { return bottom(n) }

// Dims returns the number of dimensions of a.
func (Domain) Dims(a Box) int { return a.n }

// IsTop reports whether every dimension of a is unconstrained.
func (Domain) IsTop(a Box) bool {
	if a.bot {
		return false
	}
	for _, x := range a.r {
		if !x.Lo.IsMinusInf() || !x.Hi.IsPlusInf() {
			return false
		}
	}
	return true
}

// IsBottom reports whether a is empty (exact).
func (Domain) IsBottom(a Box) bool { return a.bot }

// AddDims appends k unconstrained dimensions.
func (Domain) AddDims(a Box, k int) Box {
	if a.bot {
		return bottom(a.n + k)
	}
	r := make([]numeric.Range, a.n+k)
	copy(r, a.r)
	for i := a.n; i < len(r); i++ {
		r[i] = numeric.FullRange
	}
	return Box{r: r, n: len(r)}
}

// RemoveDims projects out dims and renumbers the remaining dimensions in
// order.
func (Domain) RemoveDims(a Box, dims ...numeric.Dim) Box {
	gone := make([]bool, a.n)
	k := 0
	for _, d := range dims {
		a.checkDim(d)
		if !gone[d] {
			gone[d] = true
			k++
		}
	}
	if a.bot {
		return bottom(a.n - k)
	}
	r := make([]numeric.Range, 0, a.n-k)
	for i, x := range a.r {
		if !gone[i] {
			r = append(r, x)
		}
	}
	return Box{r: r, n: len(r)}
}

// PermuteDims renames dimension i to perm[i].
func (Domain) PermuteDims(a Box, perm []numeric.Dim) Box {
	if len(perm) != a.n {
		panic(fmt.Sprintf("interval: permutation of %d dimensions for a box of %d", len(perm), a.n))
	}
	if a.bot {
		return a
	}
	r := make([]numeric.Range, a.n)
	seen := make([]bool, a.n)
	for i, d := range perm {
		a.checkDim(d)
		if seen[d] {
			panic(fmt.Sprintf("interval: %v is not a permutation", perm))
		}
		seen[d] = true
		r[d] = a.r[i]
	}
	return Box{r: r, n: a.n}
}

// Forget makes dims unconstrained: ∃dims. a.
func (Domain) Forget(a Box, dims ...numeric.Dim) Box {
	for _, d := range dims {
		a.checkDim(d)
	}
	if a.bot || len(dims) == 0 {
		return a
	}
	r := append([]numeric.Range(nil), a.r...)
	for _, d := range dims {
		r[d] = numeric.FullRange
	}
	return Box{r: r, n: a.n}
}
