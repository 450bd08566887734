// This file implements Octagon, the value of the octagon domain: a
// difference-bound matrix over 2n signed variables stored as a half
// matrix of saturating int64 bounds, plus the Domain type, its
// constructors and its simple queries.

package octagon

import (
	"fmt"
	"math"
	"sync/atomic"

	"github.com/numpred/numpred/numeric"
)

// Entries of the matrix. An entry is +infinity (inf) or a finite int64 in
// [negMax, thresh). Finite upper bounds at or above thresh are dropped
// (rounded up to +infinity), and lower overflow rounds up to negMax, which
// is even so that tightening keeps it; both only lose precision, never
// soundness. Keeping
// finite entries below thresh lets the closure kernels add two entries
// without overflow checks (see closure.go).
const (
	inf    int64 = math.MaxInt64
	thresh int64 = 1 << 61
	negMax int64 = math.MinInt64 + 2
)

// Octagon is an immutable conjunction of octagonal constraints
// ±x_i ± x_j <= c over n integer dimensions.
//
// The matrix m is Mine's difference-bound matrix over the 2n signed
// variables V_2k = +x_k and V_2k+1 = -x_k: entry m[i][j] bounds
// V_j - V_i <= m[i][j]. So m[2k+1][2k] bounds 2x_k from above and
// m[2k][2k+1] bounds -2x_k. The matrix is coherent (m[i][j] equals
// m[j^1][i^1], the same constraint), so only the half with j <= i|1 is
// stored, row by row: element (i, j) is at j + (i+1)*(i+1)/2, and the
// whole matrix has 2n(n+1) entries. Coherence therefore holds by
// construction.
//
// An Octagon is bottom (empty), or has a matrix that is either tightly
// closed (closed set) or arbitrary. Operations that need the closure
// compute it on a copy and cache it, so the raw matrix of a widening
// result is never replaced by its closure (which would break the
// termination of widening). The zero Octagon is bottom over zero
// dimensions. Use *Octagon values; an Octagon must not be copied.
type Octagon struct {
	n      int
	m      []int64 // nil: known empty (a raw matrix may be empty too)
	closed bool    // m is tightly closed (up to rounding, see exact.go)
	cache  atomic.Pointer[Octagon]
}

// Domain is the octagon domain; it implements numeric.Domain[*Octagon],
// numeric.ThresholdWidener[*Octagon] and numeric.Checker[*Octagon]. The
// zero value is ready to use.
type Domain struct{}

var (
	_ numeric.Domain[*Octagon]           = Domain{}
	_ numeric.ThresholdWidener[*Octagon] = Domain{}
	_ numeric.Checker[*Octagon]          = Domain{}
)

// New returns the octagon domain.
func New() Domain { return Domain{} }

// matSize returns the number of stored entries of a half matrix over n
// dimensions.
func matSize(n int) int { return 2 * n * (n + 1) }

// rowStart returns the index of element (i, 0) of the half matrix.
func rowStart(i int) int { return (i + 1) * (i + 1) / 2 }

// idx returns the index of the stored element holding (i, j).
func idx(i, j int) int {
	if j <= i|1 {
		return j + (i+1)*(i+1)/2
	}
	return (i ^ 1) + ((j^1)+1)*((j^1)+1)/2
}

// get returns entry (i, j) of the half matrix m.
func get(m []int64, i, j int) int64 { return m[idx(i, j)] }

// set stores entry (i, j) of m (and so its coherent twin).
func set(m []int64, i, j int, v int64) { m[idx(i, j)] = v }

// top returns a fresh top matrix over n dimensions: +inf everywhere but
// on the diagonal.
func topMatrix(n int) []int64 {
	m := make([]int64, matSize(n))
	for i := range m {
		m[i] = inf
	}
	for i := 0; i < 2*n; i++ {
		m[idx(i, i)] = 0
	}
	return m
}

func bottom(n int) *Octagon { return &Octagon{n: n} }

// closedOf wraps a tightly closed matrix.
func closedOf(n int, m []int64) *Octagon { return &Octagon{n: n, m: m, closed: true} }

// rawOf wraps an arbitrary matrix.
func rawOf(n int, m []int64) *Octagon { return &Octagon{n: n, m: m} }

// FromConstraints returns the octagon of Assume(Top(n), cs...).
func FromConstraints(n int, cs ...numeric.Constraint) *Octagon {
	return Domain{}.Assume(Domain{}.Top(n), cs...)
}

// Dims returns the number of dimensions of a.
func (a *Octagon) Dims() int { return a.n }

// String formats a with dimensions named x0, x1, ...
func (a *Octagon) String() string { return Domain{}.String(a, nil) }

// close returns the tightly closed form of a: a itself when it is closed
// or empty, its cached closure otherwise (computed on first use). The
// result is either empty (m == nil) or closed.
func (a *Octagon) close() *Octagon {
	if a.m == nil || a.closed {
		return a
	}
	if c := a.cache.Load(); c != nil {
		return c
	}
	m := append([]int64(nil), a.m...)
	var c *Octagon
	if tightClose(m, a.n) {
		c = closedOf(a.n, m)
	} else {
		c = bottom(a.n)
	}
	a.cache.Store(c)
	return c
}

// Top returns the octagon with n dimensions and no constraints.
func (Domain) Top(n int) *Octagon { return closedOf(n, topMatrix(n)) }

// Bottom returns the empty octagon with n dimensions.
func (Domain) Bottom(n int) *Octagon { return bottom(n) }

// Dims returns the number of dimensions of a.
func (Domain) Dims(a *Octagon) int { return a.n }

// IsTop reports whether a has no constraints. A finite entry off the
// diagonal is a constraint that excludes some integer point, so the raw
// matrix decides, unless it is empty.
func (Domain) IsTop(a *Octagon) bool {
	if a.m == nil {
		return false
	}
	for i := 0; i < 2*a.n; i++ {
		row := a.m[rowStart(i) : rowStart(i)+(i|1)+1]
		for j, v := range row {
			if j == i {
				if v < 0 {
					return false
				}
			} else if v != inf {
				return false
			}
		}
	}
	return true
}

// IsBottom reports whether a is empty; it closes a (cached) to decide.
func (Domain) IsBottom(a *Octagon) bool { return a.close().m == nil }

// checkDim panics when d is not a dimension of an n-dimensional value.
func checkDim(n int, d numeric.Dim) {
	if d < 0 || int(d) >= n {
		panic(fmt.Sprintf("octagon: dimension %d out of range [0, %d)", d, n))
	}
}

// sameDims panics when a and b differ in dimension count.
func sameDims(a, b *Octagon) {
	if a.n != b.n {
		panic(fmt.Sprintf("octagon: dimension mismatch %d vs %d", a.n, b.n))
	}
}

// ---- conversions between numeric scalars and entries ----

// norm rounds an int64 upper bound to an entry.
func norm(v int64) int64 {
	if v >= thresh {
		return inf
	}
	if v < negMax {
		return negMax
	}
	return v
}

// entryOfInt rounds an exact upper bound up to an entry.
func entryOfInt(x numeric.Int) int64 {
	if v, ok := x.Int64(); ok {
		return norm(v)
	}
	if x.Sign() > 0 {
		return inf
	}
	return negMax
}

// addUp returns a + b rounded up to an entry (inf absorbs).
func addUp(a, b int64) int64 {
	if a == inf || b == inf {
		return inf
	}
	s := a + b
	if (a >= 0) == (b >= 0) && (s >= 0) != (a >= 0) {
		if a >= 0 {
			return inf
		}
		return negMax
	}
	return norm(s)
}

// double returns 2v rounded up to an entry.
func double(v int64) int64 { return addUp(v, v) }

// half returns floor(v/2) for a finite entry, inf for inf.
func half(v int64) int64 {
	if v == inf {
		return inf
	}
	return v >> 1 // arithmetic shift is floor division by 2
}

// boundOf returns entry v as a numeric upper Bound.
func boundOf(v int64) numeric.Bound {
	if v == inf {
		return numeric.PlusInf
	}
	return numeric.B(v)
}

// negBoundOf returns -v as a numeric lower Bound, for an entry v that
// bounds the negation of a quantity.
func negBoundOf(v int64) numeric.Bound {
	if v == inf {
		return numeric.MinusInf
	}
	return numeric.B(-v)
}

// upper returns the upper bound of x_k in a closed matrix.
func upper(m []int64, k int) int64 { return half(get(m, 2*k+1, 2*k)) }

// lowerNeg returns the upper bound of -x_k in a closed matrix.
func lowerNeg(m []int64, k int) int64 { return half(get(m, 2*k, 2*k+1)) }
