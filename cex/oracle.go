// This file implements the oracle that replays a candidate input vector.

package cex

import (
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/ir/exec"
	"github.com/numpred/numpred/numeric"
)

// vector answers inputs and choices from vals in order (as exec.Inputs
// does) and, past its end, with the value of least magnitude in range and
// the first enabled edge: a candidate fixes a prefix of a run's inputs
// and lets the rest take defaults.
type vector struct {
	vals []numeric.Int
	i    int
	dist map[*ir.Loc]int // past the end, a choice takes the edge nearest an error
}

func (v *vector) next() (numeric.Int, bool) {
	if v.i < len(v.vals) {
		v.i++
		return v.vals[v.i-1], true
	}
	return numeric.Int{}, false
}

func (v *vector) Input(h *ir.Havoc, _ *ir.Edge) (numeric.Int, bool) {
	if x, ok := v.next(); ok && h.Range.Contains(x) {
		return x, true
	}
	return leastInRange(h.Range), true
}

func (v *vector) Arbitrary(h *ir.Havoc, _ *ir.Edge) numeric.Int { return leastInRange(h.Range) }

func (v *vector) Choose(_ *ir.Loc, enabled []*ir.Edge) (int, bool) {
	if x, ok := v.next(); ok {
		if i, ok := x.Int64(); ok && i >= 0 && int(i) < len(enabled) {
			return int(i), true
		}
	}
	best := 0
	for i, e := range enabled {
		if v.dist[e.To] < v.dist[enabled[best].To] {
			best = i
		}
	}
	return best, true
}

// leastInRange returns the value of r of least magnitude.
func leastInRange(r numeric.Range) numeric.Int {
	switch {
	case r.Contains(numeric.I(0)):
		return numeric.I(0)
	case r.Lo.IsFinite() && r.Lo.Int().Sign() > 0:
		return r.Lo.Int()
	case r.Hi.IsFinite():
		return r.Hi.Int()
	}
	return numeric.I(0)
}

var _ exec.Oracle = (*vector)(nil)
