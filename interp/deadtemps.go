// This file computes where a function's temporaries die, so that the
// engine forgets them there.
//
// A front end's temporary (ir.Var.Temp: the value of a condition, of a
// call, a wrap-around's quotient) lives for a few edges, but a numeric
// domain keeps relating it to the program's variables until it is
// reassigned, and every one of them is a dimension more in each later
// join and emptiness test. Forgetting a temporary set by an assignment
// once no path reads it again is an exact projection: it is a function
// of the other variables, so the values of the live variables are those
// of the analysis that keeps it.
//
// A temporary set by a havoc (a wrap-around's or a division's quotient,
// defined by inequalities) is different: it is an integer, and a
// polyhedron that keeps it knows more integer facts than its rational
// projection (on wrap_poly.c, forgetting quotients where they die lost
// the proof). Those are forgotten only on the edges into a loop head,
// where the values of a loop's iterations meet and the extra dimensions
// cost most.

package interp

import (
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// deadTemps returns, for each edge of f, the temporaries of f that are
// live at its source or set by it but dead at its target (no path from
// the target reads them before setting them), as dimensions, except
// quotients on edges into other locations than loop heads (see the file
// comment); edges without any are absent.
func deadTemps(f *ir.Func) map[*ir.Edge][]numeric.Dim {
	idx := map[numeric.Dim]int{}
	var temps []numeric.Dim
	for _, v := range f.Locals {
		if v.Temp {
			idx[dimOf(v)] = len(temps)
			temps = append(temps, dimOf(v))
		}
	}
	if len(temps) == 0 {
		return nil
	}
	n := len(temps)
	quotient := make([]bool, n)
	uses := make([][]bool, len(f.Edges))
	defs := make([][]bool, len(f.Edges))
	for i, e := range f.Edges {
		uses[i], defs[i] = make([]bool, n), make([]bool, n)
		use := func(x numeric.LinExpr) {
			for k := 0; k < x.NumTerms(); k++ {
				if j, ok := idx[x.Term(k).Dim]; ok {
					uses[i][j] = true
				}
			}
		}
		def := func(v *ir.Var) {
			if v == nil {
				return
			}
			if j, ok := idx[dimOf(v)]; ok {
				defs[i][j] = true
			}
		}
		switch op := e.Op.(type) {
		case *ir.Assign:
			for _, x := range op.Rhs {
				use(x)
			}
			for _, v := range op.Lhs {
				def(v)
			}
		case *ir.Assume:
			for _, c := range ir.Atoms(op.Cond) {
				use(c.Expr())
			}
		case *ir.Havoc:
			def(op.Var)
			if j, ok := idx[dimOf(op.Var)]; ok {
				quotient[j] = true
			}
		case *ir.Call:
			for _, x := range op.Args {
				use(x)
			}
			def(op.Result)
		case *ir.Return:
			if op.HasValue {
				use(op.Value)
			}
		}
	}
	// Backward may-liveness at each location, to the fixpoint.
	live := make([][]bool, len(f.Locs))
	for i := range live {
		live[i] = make([]bool, n)
	}
	for changed := true; changed; {
		changed = false
		for li := len(f.Locs) - 1; li >= 0; li-- {
			l := f.Locs[li]
			for _, e := range l.Out {
				to := live[e.To.ID]
				for j := 0; j < n; j++ {
					if live[li][j] {
						continue
					}
					if uses[e.ID][j] || (to[j] && !defs[e.ID][j]) {
						live[li][j] = true
						changed = true
					}
				}
			}
		}
	}
	out := map[*ir.Edge][]numeric.Dim{}
	for i, e := range f.Edges {
		var dead []numeric.Dim
		for j := 0; j < n; j++ {
			if (!quotient[j] || e.To.LoopHead) && (live[e.From.ID][j] || defs[i][j]) && !live[e.To.ID][j] {
				dead = append(dead, temps[j])
			}
		}
		if len(dead) > 0 {
			out[e] = dead
		}
	}
	return out
}
