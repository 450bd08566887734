// This file holds what the loop reads off an abstract counterexample's
// path: its key, the atoms of its conditions, and the variables an
// unsat core depends on.

package cegar

import (
	"fmt"
	"strings"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// pathKey names a path by its edges, to recognise a counterexample that
// comes back.
func pathKey(path []*ir.Edge) string {
	var b strings.Builder
	for _, e := range path {
		fmt.Fprintf(&b, "%s:%d>%d;", e.From.Func.Name, e.From.ID, e.To.ID)
	}
	return b.String()
}

// exitCalls returns, per index of path, the call an edge into a callee's
// exit returns to (nil elsewhere).
func exitCalls(path []*ir.Edge) []*ir.Call {
	out := make([]*ir.Call, len(path))
	var stack []*ir.Call
	for i, e := range path {
		if c, ok := e.Op.(*ir.Call); ok {
			stack = append(stack, c)
			continue
		}
		if e.To.Kind == ir.Exit && len(stack) > 0 {
			out[i] = stack[len(stack)-1]
			stack = stack[:len(stack)-1]
		}
	}
	return out
}

// coreAtoms returns the atoms of the conditions of the core's edges, each
// with the function it belongs to.
func coreAtoms(path []*ir.Edge, core []int) []funcAtom {
	var out []funcAtom
	for _, i := range core {
		if a, ok := path[i].Op.(*ir.Assume); ok {
			for _, c := range ir.Atoms(a.Cond) {
				out = append(out, funcAtom{path[i].From.Func, c})
			}
		}
	}
	return out
}

// pathAtoms returns the atoms of every condition on the path.
func pathAtoms(path []*ir.Edge) []funcAtom {
	all := make([]int, len(path))
	for i := range all {
		all[i] = i
	}
	return coreAtoms(path, all)
}

type funcAtom struct {
	f *ir.Func
	c numeric.Constraint
}

// sliceVars returns the program variables the core depends on: those of
// its conditions and havocs and, backwards along the path, those of the
// assignments, arguments and returned values that define them.
func sliceVars(prog *ir.Program, path []*ir.Edge, core []int) []*ir.Var {
	inCore := map[int]bool{}
	for _, i := range core {
		inCore[i] = true
	}
	rel := map[*ir.Var]bool{}
	markExpr := func(e numeric.LinExpr) {
		for _, t := range e.Terms() {
			rel[prog.Vars[t.Dim]] = true
		}
	}
	exits := exitCalls(path)
	for i := len(path) - 1; i >= 0; i-- {
		e := path[i]
		if c := exits[i]; c != nil && c.Result != nil && rel[c.Result] && c.Callee.Ret != nil {
			rel[c.Callee.Ret] = true
		}
		switch op := e.Op.(type) {
		case *ir.Assign:
			for k, x := range op.Lhs {
				if rel[x] {
					markExpr(op.Rhs[k])
				}
			}
		case *ir.Assume:
			if inCore[i] {
				for _, a := range ir.Atoms(op.Cond) {
					markExpr(a.Expr())
				}
			}
		case *ir.Havoc:
			if inCore[i] {
				rel[op.Var] = true
			}
			if op.Def != nil && rel[op.Var] {
				markExpr(op.Def.X)
				markExpr(op.Def.Y)
			}
		case *ir.Call:
			for k, x := range op.Callee.Formals {
				if rel[x] && k < len(op.Args) {
					markExpr(op.Args[k])
				}
			}
		case *ir.Return:
			if op.HasValue && e.From.Func.Ret != nil && rel[e.From.Func.Ret] {
				markExpr(op.Value)
			}
		}
	}
	var out []*ir.Var
	for _, v := range prog.Vars {
		if rel[v] {
			out = append(out, v)
		}
	}
	return out
}
