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
// projection. A wrap-around y := e - 2^32*q where q may be 0 or -1 makes
// y one of two values far apart; the projection keeps their hull, the
// polyhedron with q both values and nothing between (wrap_poly.c and
// most of the generator's programs of issue 18 need that). So a quotient
// lives as long as a value computed from it: from the assignment that
// reads it until the assigned variable is set again (or, for a
// temporary, dies), on every path: one held on a single branch is
// forgotten, its bounds rounded, before the join, whose hull would
// otherwise project it rationally. Each such quotient doubles the vertices of the
// polyhedra it is in, but a variable holds at most one at a time, so
// their number is bounded by that of the variables instead of growing
// with the length of the code. On the edges into a loop head, where the
// values of a loop's iterations meet and the extra dimensions cost most,
// a quotient only lives while it is read again.
//
// Before a numeric domain forgets a dimension it may round its bounds
// (polyhedra does): a quotient that has one integer value left is then
// forgotten exactly.

package interp

import (
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// deadTemps returns, for each edge of f, the temporaries of f that are
// kept at its source or set by it but not kept at its target: read again
// on some path from the target before being set, or, for a quotient, held
// by a variable assigned from it (see the file comment); edges without
// any are absent.
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
	live := liveTemps(f, uses, defs, n)
	held := heldQuotients(f, idx, quotient, live, n)
	keep := func(l *ir.Loc, j int) bool { return live[l.ID][j] || held[l.ID][j] }
	out := map[*ir.Edge][]numeric.Dim{}
	for i, e := range f.Edges {
		var dead []numeric.Dim
		for j := 0; j < n; j++ {
			if (keep(e.From, j) || defs[i][j]) && !keep(e.To, j) {
				dead = append(dead, temps[j])
			}
		}
		if len(dead) > 0 {
			out[e] = dead
		}
	}
	return out
}

// liveTemps returns the backward may-liveness of the temporaries at each
// location of f: read on some path before being set.
func liveTemps(f *ir.Func, uses, defs [][]bool, n int) [][]bool {
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
	return live
}

// heldQuotients returns, per location of f, the quotients held there: on
// every path since an assignment read the quotient, no variable it
// assigned has been set again (nor the quotient), and, for a temporary
// it assigned, that temporary is still live. Loop heads hold none.
func heldQuotients(f *ir.Func, idx map[numeric.Dim]int, quotient []bool, live [][]bool, n int) [][]bool {
	// holders[j]: the variables assignments from quotient j set.
	holders := make([][]*ir.Var, n)
	reads := func(x numeric.LinExpr, j int) bool {
		for k := 0; k < x.NumTerms(); k++ {
			if jj, ok := idx[x.Term(k).Dim]; ok && jj == j {
				return true
			}
		}
		return false
	}
	gen := make([][]bool, len(f.Edges))
	for i, e := range f.Edges {
		gen[i] = make([]bool, n)
		a, ok := e.Op.(*ir.Assign)
		if !ok {
			continue
		}
		for j := 0; j < n; j++ {
			if !quotient[j] {
				continue
			}
			for _, x := range a.Rhs {
				if reads(x, j) {
					gen[i][j] = true
					holders[j] = append(holders[j], a.Lhs...)
					break
				}
			}
		}
	}
	sets := func(e *ir.Edge, v *ir.Var) bool {
		switch op := e.Op.(type) {
		case *ir.Assign:
			for _, x := range op.Lhs {
				if x == v {
					return true
				}
			}
		case *ir.Havoc:
			return op.Var == v
		case *ir.Call:
			return op.Result == v
		}
		return false
	}
	kill := make([][]bool, len(f.Edges))
	for i, e := range f.Edges {
		kill[i] = make([]bool, n)
		for j := 0; j < n; j++ {
			if !quotient[j] || gen[i][j] {
				continue
			}
			if h, ok := e.Op.(*ir.Havoc); ok && idx[dimOf(h.Var)] == j && h.Var.Temp {
				kill[i][j] = true
				continue
			}
			for _, v := range holders[j] {
				if sets(e, v) {
					kill[i][j] = true
					break
				}
			}
		}
	}
	// Forward must-analysis to the greatest fixpoint: held on every path,
	// so that a quotient held on one branch only is forgotten (its bounds
	// rounded) before the join, not projected rationally by the hull.
	linked := make([][]bool, len(f.Locs))
	for i, l := range f.Locs {
		linked[i] = make([]bool, n)
		if l != f.Entry && len(l.In) > 0 {
			for j := range linked[i] {
				linked[i][j] = quotient[j]
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for _, l := range f.Locs {
			if l == f.Entry || len(l.In) == 0 {
				continue
			}
			for j := 0; j < n; j++ {
				if !linked[l.ID][j] {
					continue
				}
				for _, e := range l.In {
					if !gen[e.ID][j] && (!linked[e.From.ID][j] || kill[e.ID][j]) {
						linked[l.ID][j] = false
						changed = true
						break
					}
				}
			}
		}
	}
	held := make([][]bool, len(f.Locs))
	for _, l := range f.Locs {
		held[l.ID] = make([]bool, n)
		if l.LoopHead {
			continue
		}
		for j := 0; j < n; j++ {
			if linked[l.ID][j] && holderAlive(holders[j], l, idx, live) {
				held[l.ID][j] = true
			}
		}
	}
	return held
}

// holderAlive reports whether some holder of a quotient may still hold its
// value at l: a program variable always, a temporary while it is live.
func holderAlive(holders []*ir.Var, l *ir.Loc, idx map[numeric.Dim]int, live [][]bool) bool {
	for _, v := range holders {
		j, ok := idx[dimOf(v)]
		if !ok || live[l.ID][j] {
			return true
		}
	}
	return false
}
