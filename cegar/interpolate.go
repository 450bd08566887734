// This file implements the interpolation refiner: the path's linear SSA
// form (package pathenc), one group per edge, its sequence interpolants,
// and their atoms renamed back from SSA values to the program variables
// current at each cut.
//
// Disjunctions and disequalities add what all their disjuncts share
// (pathenc.Common), so when the path is infeasible only because of them,
// or of a non-linear operation the form drops, it has a rational
// solution and the refiner adds nothing (the loop escalates).

package cegar

import (
	"context"
	"errors"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/pathenc"
)

// interpolantAtoms returns the atoms of the sequence interpolants of
// path after each edge, over program variables, each with the function
// of the location it holds at. Only the conditions of core (nil: all)
// count. It returns nothing when the path's linear form is feasible.
func interpolantAtoms(ctx context.Context, prog *ir.Program, path []*ir.Edge, core []int) ([]funcAtom, error) {
	keep := map[int]bool{}
	for _, i := range core {
		keep[i] = true
	}
	s := pathenc.New(prog, nil, pathenc.Options{Cond: func(i int, _ *ir.Edge, d pathenc.DNF) pathenc.DNF {
		if core != nil && !keep[i] {
			return pathenc.True()
		}
		return pathenc.Common(d)
	}})
	groups := make([]pathenc.DNF, len(path))
	scopes := make([]map[numeric.Dim]pathenc.Version, len(path))
	fns := make([]*ir.Func, len(path))
	for i, e := range path {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		g, err := s.Step(e)
		if err != nil {
			return nil, err
		}
		groups[i] = g
		scopes[i] = s.Scope()
		fns[i] = e.To.Func
		if c, ok := e.Op.(*ir.Call); ok {
			fns[i] = c.Callee
		}
	}
	is, err := (&pathenc.Interpolator{}).Sequence(ctx, groups)
	if errors.Is(err, pathenc.ErrNoInterpolant) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []funcAtom
	for k, d := range is {
		for _, c := range d {
			for _, a := range c {
				if a, ok := pathenc.ToVars(a, scopes[k]); ok {
					out = append(out, funcAtom{fns[k], a})
				}
			}
		}
	}
	return out, nil
}
