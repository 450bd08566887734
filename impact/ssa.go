// This file maps the linear SSA form of path segments (package pathenc)
// to and from the state dimensions labels are written in: dim =
// depth*len(Vars) + ID for a local, formal or return slot of the
// activation at depth, ID for a global.

package impact

import (
	"context"
	"time"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/pathenc"
)

// errSat and errNoInterpolant are pathenc's answers of an interpolation
// (the groups are satisfiable; no interpolant).
var (
	errSat           = pathenc.ErrSat
	errNoInterpolant = pathenc.ErrNoInterpolant
)

// stateDim names a variable of one activation.
type stateDim = numeric.Dim

// newSSA starts the linear SSA form of a segment in the call context s.
func (r *runner) newSSA(s *ir.Stack) *pathenc.SSA {
	var calls []*ir.Call
	for _, e := range s.Calls() {
		calls = append(calls, e.Op.(*ir.Call))
	}
	return pathenc.New(r.prog, calls, pathenc.Options{})
}

// stateOf returns the state dimension of v in the frame at depth.
func (r *runner) stateOf(v *ir.Var, depth int) stateDim {
	if v.Scope == ir.Global {
		return numeric.Dim(v.ID)
	}
	return numeric.Dim(depth*len(r.prog.Vars) + v.ID)
}

// current returns the map from the SSA dimensions current now to their
// state dimensions.
func (r *runner) current(p *pathenc.SSA) map[numeric.Dim]stateDim {
	out := map[numeric.Dim]stateDim{}
	for d, v := range p.Scope() {
		out[d] = r.stateOf(v.Var, v.Depth)
	}
	return out
}

// at returns d (a formula over state dimensions) over the current SSA
// values of p; false when it names a frame deeper than the current one.
func (r *runner) at(p *pathenc.SSA, d pathenc.DNF) (pathenc.DNF, bool) {
	nv := len(r.prog.Vars)
	return d.Rename(func(s numeric.Dim) (numeric.Dim, bool) {
		v, depth := r.prog.Vars[int(s)%nv], int(s)/nv
		if v.Scope == ir.Global {
			depth = 0
		}
		if depth > p.Depth() {
			return 0, false
		}
		return p.Cur(v, depth), true
	})
}

// rename maps d from SSA dimensions to state dimensions by scope; false
// when it names a dimension out of scope.
func rename(d pathenc.DNF, scope map[numeric.Dim]stateDim) (pathenc.DNF, bool) {
	return d.Rename(func(x numeric.Dim) (numeric.Dim, bool) {
		s, ok := scope[x]
		return s, ok
	})
}

// interpolate returns the sequence interpolants of groups (see
// pathenc.Interpolator), counting the time in the statistics.
func (r *runner) interpolate(ctx context.Context, groups []pathenc.DNF) ([]pathenc.DNF, error) {
	t0 := time.Now()
	defer func() { r.stats.ItpTime += time.Since(t0) }()
	return r.itp.Sequence(ctx, groups)
}
