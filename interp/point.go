// This file implements the point test behind point contexts: whether an
// abstract value fixes every one of some dimensions to a single integer,
// and if so a key naming that point.

package interp

import (
	"strconv"
	"strings"

	"github.com/numpred/numpred/interval"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/numpred"
)

// maxPointCubes bounds the cubes a NumPredDom value may have for the
// point test to look at them.
const maxPointCubes = 64

// pointKey returns the key of the point that bound fixes on dims, and
// whether every dimension is fixed.
func pointKey(dims []numeric.Dim, bound func(numeric.Dim) numeric.Range) (string, bool) {
	var b strings.Builder
	for _, d := range dims {
		r := bound(d)
		lo, ok1 := r.Lo.Int64()
		hi, ok2 := r.Hi.Int64()
		if !ok1 || !ok2 || lo != hi {
			return "", false
		}
		b.WriteString(strconv.FormatInt(lo, 10))
		b.WriteByte(',')
	}
	return b.String(), true
}

// PointKey reads the bounds of a's dimensions.
func (nd *numericDomain[V]) PointKey(a V, dims []numeric.Dim) (string, bool) {
	if nd.d.IsBottom(a) {
		return "", false
	}
	return pointKey(dims, func(d numeric.Dim) numeric.Range { return nd.d.Bound(a, numeric.Var(d)) })
}

// PointKey quantifies a's predicates away and reads the cubes that remain
// (one for NEXPOINT and NEX; the numeric-term paths for MTNDD and NDD): a
// is a point on dims when every non-empty cube fixes dims to the same
// values. Quantifying first keeps the test from enumerating the paths of
// a BDD over many predicates on every call; what the predicates alone
// knew is lost to the test, which only costs a point context (a context's
// input is still checked by Leq before it is reused).
func (pd *predDomain) PointKey(a numpred.Value, dims []numeric.Dim) (string, bool) {
	cubes := pd.d.Cubes(pd.d.Exists(pd.allPreds, a))
	if len(cubes) == 0 || len(cubes) > maxPointCubes {
		return "", false
	}
	iv := interval.New()
	n := pd.sp.NumDims()
	key, found := "", false
	for _, c := range cubes {
		v := iv.Assume(iv.Top(n), c.Cons...)
		if iv.IsBottom(v) {
			continue
		}
		k, ok := pointKey(dims, func(d numeric.Dim) numeric.Range { return iv.Bound(v, numeric.Var(d)) })
		if !ok || (found && k != key) {
			return "", false
		}
		key, found = k, true
	}
	return key, found
}
