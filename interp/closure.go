// This file closes a precision under copies: for a predicate over x and a
// copy x := y + k (alone, or the net effect of a chain of assignments,
// chain.go), the predicate's weakest precondition over y becomes a
// predicate too. A state machine that parks its next state in a variable
// (next = 8640; ...; state = next) needs it: the predicates over state
// survive the copy only if those over next are tracked, and no branch
// of the program tests next.

package interp

import (
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// maxClosureTerms bounds the variables of a weakest precondition kept.
const maxClosureTerms = 2

// copyClosure returns the copy closure (CopyClosure) of atoms in each of
// p's functions.
func copyClosure(p *ir.Program, atoms []numeric.Constraint) []numeric.Constraint {
	ghosts := ghostVars(p)
	var out []numeric.Constraint
	for _, f := range p.Funcs {
		out = append(out, CopyClosure(f, atoms, ghosts)...)
	}
	return out
}

// ghostVars returns the dimensions of p's ghost variables: those its
// Plain twin (the program without the front end's ghost state) lacks.
func ghostVars(p *ir.Program) map[numeric.Dim]bool {
	if p.Plain == nil {
		return nil
	}
	plain := map[string]bool{}
	for _, v := range p.Plain.Vars {
		plain[v.Qual] = true
	}
	out := map[numeric.Dim]bool{}
	for _, v := range p.Vars {
		if !plain[v.Qual] {
			out[dimOf(v)] = true
		}
	}
	return out
}

// CopyClosure returns the weakest preconditions, not constant, of atoms
// over f's copies (one step) inside loops: a copy before any loop runs
// once, where the numeric part knows the value copied. Copies to and from
// a front end's temporaries are left out: a temporary lives for a few
// edges, where the numeric part decides its atoms. A copy of a ghost
// variable (ghosts: a tracked array element, cfront's kcell.go) into a
// temporary is the exception: the program's test of the element read
// ("a[x] != e") becomes a predicate over the tracked element, which
// carries it from the loop that establishes it to the loop that checks
// it (standard_find: "k < i implies a[k] != e").
func CopyClosure(f *ir.Func, atoms []numeric.Constraint, ghosts map[numeric.Dim]bool) []numeric.Constraint {
	byDim := map[numeric.Dim][]int{}
	for i, a := range atoms {
		for _, t := range a.Expr().Terms() {
			byDim[t.Dim] = append(byDim[t.Dim], i)
		}
	}
	var out []numeric.Constraint
	w := funcWTO(f)
	chains := funcChains(f, wtoHeads(f, w), deadTemps(f))
	inLoop := loopLocs(w)
	temps := map[numeric.Dim]bool{}
	for _, x := range f.Locals {
		if x.Temp {
			temps[dimOf(x)] = true
		}
	}
	inner := map[*ir.Edge]bool{}
	for _, c := range chains {
		for _, e := range c.edges[:len(c.edges)-1] {
			inner[e] = true
		}
	}
	for _, e := range f.Edges {
		op, ok := e.Op.(*ir.Assign)
		if !ok || inner[e] || !inLoop[e.From.ID] {
			continue
		}
		dims, exprs := effectiveAssign(op, chains[e])
		for i, d := range dims {
			if !isCopy(exprs[i], d) || temps[exprs[i].Term(0).Dim] || temps[d] && !ghosts[exprs[i].Term(0).Dim] {
				continue
			}
			for _, k := range byDim[d] {
				wp := substitute(atoms[k], dims, exprs)
				if wp.Expr().IsConst() || wp.Expr().NumTerms() > maxClosureTerms {
					continue
				}
				if temps[d] && mentions(wp, temps) {
					continue // a ghost read's test still over a temporary
				}
				out = append(out, wp)
			}
		}
	}
	return out
}

// isCopy reports whether e is y + k for a variable y other than d.
func isCopy(e numeric.LinExpr, d numeric.Dim) bool {
	if e.NumTerms() != 1 {
		return false
	}
	t := e.Term(0)
	return t.Dim != d && (t.Coef.Cmp(numeric.I(1)) == 0 || t.Coef.Cmp(numeric.I(-1)) == 0)
}

// effectiveAssign returns what op does, or c, the chain it ends, when
// there is one.
func effectiveAssign(op *ir.Assign, c *chain) ([]numeric.Dim, []numeric.LinExpr) {
	if c != nil {
		return c.dims, c.exprs
	}
	dims := make([]numeric.Dim, len(op.Lhs))
	for i, x := range op.Lhs {
		dims[i] = dimOf(x)
	}
	return dims, op.Rhs
}

// loopLocs returns the locations inside a component of the WTO w.
func loopLocs(w []WTOElem) map[int]bool {
	in := map[int]bool{}
	var walk func(es []WTOElem, inside bool)
	walk = func(es []WTOElem, inside bool) {
		for _, e := range es {
			if inside || e.IsComponent {
				in[e.Vertex] = true
			}
			if e.IsComponent {
				walk(e.Body, true)
			}
		}
	}
	walk(w, false)
	return in
}

// mentions reports whether c mentions one of dims.
func mentions(c numeric.Constraint, dims map[numeric.Dim]bool) bool {
	for _, t := range c.Expr().Terms() {
		if dims[t.Dim] {
			return true
		}
	}
	return false
}
