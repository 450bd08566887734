// This file implements the independence slicing of a concolic Path
// (Concolic): the path's constraints are kept in groups of values that
// some constraint or assignment connects, so that a query about one
// branch takes only the constraints of the values it reads (KLEE's
// constraint independence). A solver given every constraint of a path
// through a loop over a 10^5-element input array took 44 s on a branch
// that compares two of its elements; the slice is two bounds.

package encode

import (
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/smt"
)

// noGroup is the group of a value the path knows (no constraint
// involves it).
const noGroup = -1

// groups is a union-find over the path's groups with each root's
// constraints.
type groups struct {
	parent []int32
	cons   [][]*smt.Term // a root's constraints (nil for a non-root)
}

// add returns a new group.
func (g *groups) add() int {
	g.parent = append(g.parent, int32(len(g.parent)))
	g.cons = append(g.cons, nil)
	return len(g.parent) - 1
}

// find returns the root of group x (noGroup for noGroup).
func (g *groups) find(x int) int {
	if x == noGroup {
		return noGroup
	}
	r := x
	for int(g.parent[r]) != r {
		r = int(g.parent[r])
	}
	for int(g.parent[x]) != r {
		x, g.parent[x] = int(g.parent[x]), int32(r)
	}
	return r
}

// union merges the groups of x and y and returns the root.
func (g *groups) union(x, y int) int {
	x, y = g.find(x), g.find(y)
	switch {
	case x == noGroup:
		return y
	case y == noGroup || x == y:
		return x
	}
	if len(g.cons[x]) < len(g.cons[y]) {
		x, y = y, x
	}
	g.parent[y] = int32(x)
	g.cons[x] = append(g.cons[x], g.cons[y]...)
	g.cons[y] = nil
	return x
}

// groupOf returns the group of v's current value in frame fr, creating
// one for a value the path has not set (its initial value, a fresh
// constant as get creates it).
func (p *Path) groupOf(v *ir.Var, fr *frame) int {
	if _, ok := p.concreteOf(v, fr); ok {
		return noGroup
	}
	grp := fr.grp
	if v.Scope == ir.Global {
		grp = p.ggrp
	}
	if g, ok := grp[v.ID]; ok {
		return g
	}
	g := p.grp.add()
	grp[v.ID] = g
	return g
}

// setGroup sets the group of v's value in the current frame.
func (p *Path) setGroup(v *ir.Var, g int) {
	grp := p.frames[len(p.frames)-1].grp
	if v.Scope == ir.Global {
		grp = p.ggrp
	}
	grp[v.ID] = g
}

// exprGroup returns the union of the groups of e's variables.
func (p *Path) exprGroup(e numeric.LinExpr) int {
	fr := p.frames[len(p.frames)-1]
	g := noGroup
	for i := 0; i < e.NumTerms(); i++ {
		g = p.grp.union(g, p.groupOf(p.prog.Vars[e.Term(i).Dim], fr))
	}
	return g
}

// condGroup returns the union of the groups of c's variables.
func (p *Path) condGroup(c ir.Cond) int {
	switch c := c.(type) {
	case *ir.Atom:
		return p.exprGroup(c.C.Expr())
	case *ir.Congruence:
		return p.exprGroup(c.C.Expr())
	case *ir.Not:
		return p.condGroup(c.X)
	case *ir.And:
		g := noGroup
		for _, x := range c.Xs {
			g = p.grp.union(g, p.condGroup(x))
		}
		return g
	case *ir.Or:
		g := noGroup
		for _, x := range c.Xs {
			g = p.grp.union(g, p.condGroup(x))
		}
		return g
	}
	return noGroup
}

// opGroup returns the union of the groups of the variables op reads,
// before it runs.
func (p *Path) opGroup(op ir.Op) int {
	g := noGroup
	switch op := op.(type) {
	case *ir.Assign:
		for _, r := range op.Rhs {
			g = p.grp.union(g, p.exprGroup(r))
		}
	case *ir.Assume:
		g = p.condGroup(op.Cond)
	case *ir.Havoc:
		if op.Def != nil {
			g = p.grp.union(p.exprGroup(op.Def.X), p.exprGroup(op.Def.Y))
		}
	case *ir.Call:
		for _, a := range op.Args {
			g = p.grp.union(g, p.exprGroup(a))
		}
	case *ir.Return:
		if op.HasValue {
			g = p.exprGroup(op.Value)
		}
	}
	return g
}

// record files constraint c of the current step under group g (a new
// group when g is noGroup: a constraint on values the path creates).
func (p *Path) record(c *smt.Term, g int) {
	if g == noGroup {
		g = p.grp.add()
	}
	r := p.grp.find(g)
	p.grp.cons[r] = append(p.grp.cons[r], c)
}

// Slice returns the constraints of the path so far that bear on c (those
// of the groups of c's variables) and a function that tells whether the
// i-th input of Inputs is in those groups: a model of the slice and c
// gives those inputs values that take c with the path's prefix; the
// others keep theirs. Call it after Cond(c), which makes the lazy inputs
// c reads (and their bounds). Precondition: Concolic.
func (p *Path) Slice(c ir.Cond) ([]*smt.Term, func(i int) bool) {
	var roots []int
	var cs []*smt.Term
	var walk func(ir.Cond)
	addExpr := func(e numeric.LinExpr) {
		fr := p.frames[len(p.frames)-1]
		for i := 0; i < e.NumTerms(); i++ {
			r := p.grp.find(p.groupOf(p.prog.Vars[e.Term(i).Dim], fr))
			if r == noGroup {
				continue
			}
			seen := false
			for _, x := range roots {
				seen = seen || x == r
			}
			if !seen {
				roots = append(roots, r)
				cs = append(cs, p.grp.cons[r]...)
			}
		}
	}
	walk = func(c ir.Cond) {
		switch c := c.(type) {
		case *ir.Atom:
			addExpr(c.C.Expr())
		case *ir.Congruence:
			addExpr(c.C.Expr())
		case *ir.Not:
			walk(c.X)
		case *ir.And:
			for _, x := range c.Xs {
				walk(x)
			}
		case *ir.Or:
			for _, x := range c.Xs {
				walk(x)
			}
		}
	}
	walk(c)
	in := func(i int) bool {
		r := p.grp.find(p.inputs[i].group)
		for _, x := range roots {
			if x == r {
				return true
			}
		}
		return false
	}
	return cs, in
}

// Constraints returns every constraint of the path so far (Concolic):
// the conjunction of all its groups'.
func (p *Path) Constraints() []*smt.Term {
	var cs []*smt.Term
	for r := range p.grp.parent {
		if p.grp.find(r) == r {
			cs = append(cs, p.grp.cons[r]...)
		}
	}
	return cs
}
