// This file implements the point test behind point contexts (whether an
// abstract value fixes every one of some dimensions to a single integer,
// and if so a key naming that point) and the bounds behind split calls and
// widened contexts (the range of linear expressions).

package interp

import (
	"strconv"
	"strings"

	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/numpred"
)

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

// Bounds reads the bounds of es in a.
func (nd *numericDomain[V]) Bounds(a V, es []numeric.LinExpr) ([]numeric.Range, bool) {
	if nd.d.IsBottom(a) {
		return nil, false
	}
	rs := make([]numeric.Range, len(es))
	for i, e := range es {
		rs[i] = nd.d.Bound(a, e)
	}
	return rs, true
}

// Bounds asks the domain (numpred.Domain.Bounds).
func (pd *predDomain) Bounds(a numpred.Value, es []numeric.LinExpr) ([]numeric.Range, bool) {
	return pd.d.Bounds(a, es)
}

// PointKey asks the domain (numpred.Domain.Point, which reads the value
// with its own numeric domain).
func (pd *predDomain) PointKey(a numpred.Value, dims []numeric.Dim) (string, bool) {
	vals, ok := pd.d.Point(a, dims)
	if !ok {
		return "", false
	}
	var b strings.Builder
	for _, v := range vals {
		b.WriteString(strconv.FormatInt(v, 10))
		b.WriteByte(',')
	}
	return b.String(), true
}
