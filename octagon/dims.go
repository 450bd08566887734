// This file implements dimension management of octagons: AddDims,
// RemoveDims and PermuteDims. Each keeps a tightly closed matrix tightly
// closed: the operations only add unconstrained variables, take a
// sub-matrix (projection), or rename.

package octagon

import (
	"fmt"

	"github.com/numpred/numpred/numeric"
)

// AddDims appends k unconstrained dimensions n..n+k-1.
func (Domain) AddDims(a *Octagon, k int) *Octagon {
	if k < 0 {
		panic(fmt.Sprintf("octagon: AddDims(%d)", k))
	}
	ca := a.close()
	if ca.m == nil {
		return bottom(a.n + k)
	}
	if k == 0 {
		return ca
	}
	return closedOf(a.n+k, extend(ca.m, a.n, k))
}

// RemoveDims projects out dims (∃dims, then drop them) and renumbers the
// remaining dimensions in order.
func (Domain) RemoveDims(a *Octagon, dims ...numeric.Dim) *Octagon {
	drop := make([]bool, a.n)
	for _, d := range dims {
		checkDim(a.n, d)
		drop[d] = true
	}
	var keep []int
	for d := 0; d < a.n; d++ {
		if !drop[d] {
			keep = append(keep, d)
		}
	}
	n2 := len(keep)
	ca := a.close()
	if ca.m == nil {
		return bottom(n2)
	}
	m := make([]int64, matSize(n2))
	for i := 0; i < 2*n2; i++ {
		oi := 2*keep[i>>1] + i&1
		for j := 0; j <= i|1; j++ {
			oj := 2*keep[j>>1] + j&1
			m[j+rowStart(i)] = get(ca.m, oi, oj)
		}
	}
	return closedOf(n2, m)
}

// PermuteDims renames dimension i to perm[i].
func (Domain) PermuteDims(a *Octagon, perm []numeric.Dim) *Octagon {
	if len(perm) != a.n {
		panic(fmt.Sprintf("octagon: PermuteDims with %d entries for %d dimensions", len(perm), a.n))
	}
	seen := make([]bool, a.n)
	for _, p := range perm {
		checkDim(a.n, p)
		if seen[p] {
			panic(fmt.Sprintf("octagon: PermuteDims: %v is not a permutation", perm))
		}
		seen[p] = true
	}
	ca := a.close()
	if ca.m == nil {
		return ca
	}
	m := make([]int64, len(ca.m))
	for i := 0; i < 2*a.n; i++ {
		ni := 2*int(perm[i>>1]) + i&1
		for j := 0; j <= i|1; j++ {
			nj := 2*int(perm[j>>1]) + j&1
			set(m, ni, nj, ca.m[j+rowStart(i)])
		}
	}
	return closedOf(a.n, m)
}
