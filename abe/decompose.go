// This file implements the decomposed boolean abstraction: predicates over
// variables a block never reads or writes keep their values from the
// block's start, so their part of the abstraction is the root's ψ itself,
// and AllSAT enumerates only the predicates that the block's paths
// constrain.
//
// Let R be the predicates of the root's ψ (at the root's location, over
// the block's start values) and T those of the target location. Group the
// variables of R ∪ T into components (a predicate joins its variables). A
// component is passive when no variable of it is touched by the block and
// every target predicate in it is also a root predicate; the others are
// active. Then, with R_A, T_A the predicates in active components and T_P
// the target predicates in passive ones,
//
//	(ψ ∧ φ)^T = ∃ R'. ψ[R_A ∪ (R \ T_P) := primed] ∧ Rel(R_A', T_A)
//
// where Rel is the AllSAT enumeration of ψ ∧ φ over the start values of
// R_A (primed BDD variables) and the end values of T_A. It is exact: φ
// neither reads nor writes the passive variables, and no predicate of R_A
// or T_A mentions them, so a concrete start state of a model can take any
// values of them that ψ's cube allows, with the same path and the same
// values of the active predicates; a passive target predicate is its own
// start value. Enumerating R_A and T_A instead of T pays when the passive
// predicates are many (a block that touches few variables of many, as the
// small functions of a SystemC scheduler do): their combinations no
// longer multiply the models.

package abe

import (
	"github.com/numpred/numpred/ir"
)

// split is a decomposition of an abstraction: the root predicates whose
// start values AllSAT enumerates with the block's formula (rootActive),
// the target predicates whose end values it enumerates (targetActive),
// the untouched components whose target predicates are not all root
// predicates (comps: their relation is enumerated alone, without the
// block's formula), and the root predicates renamed to primed variables
// and quantified (primed: all but the target predicates of the passive
// components, which keep their start values).
type split struct {
	rootActive, targetActive, primed []int
	comps                            []component
	// groups partition rootActive and targetActive into parts AllSAT
	// enumerates one at a time: one part, unless the block's path to the
	// state is a single path, whose formula is then a conjunction of parts
	// over disjoint variables (the components joined by its edges too).
	groups []component
}

// component is the root and target predicates of an untouched component
// whose relation is enumerated alone.
type component struct{ root, target []int }

// decompose returns the decomposition of s's abstraction, or false when it
// would not enumerate fewer predicates with the block's formula than the
// plain abstraction.
func (g *graph) decompose(s *state) (split, bool) {
	b := s.blk
	root := b.root
	if !g.r.opt.Decompose || root == nil || root.loc == nil {
		return split{}, false
	}
	rootPreds := g.r.prec.at(root.loc)[:root.nPrec]
	targetPreds := g.r.prec.at(s.loc)
	if len(targetPreds) == 0 {
		return split{}, false
	}
	// Union-find over variable IDs.
	parent := map[int]int{}
	var find func(int) int
	find = func(x int) int {
		p, ok := parent[x]
		if !ok {
			parent[x] = x
			return x
		}
		if p == x {
			return x
		}
		r := find(p)
		parent[x] = r
		return r
	}
	predVars := func(i int) []int { return exprVars(nil, g.r.prec.preds[i].Expr()) }
	join := func(i int) {
		vs := predVars(i)
		for _, v := range vs[1:] {
			parent[find(v)] = find(vs[0])
		}
		find(vs[0])
	}
	for _, i := range rootPreds {
		join(i)
	}
	for _, i := range targetPreds {
		join(i)
	}
	path, straight := straightPath(s)
	if straight {
		for _, e := range path {
			vs := edgeVars(e.edge, e.from.stk)
			for _, v := range vs {
				if _, ok := parent[v]; !ok {
					parent[v] = v
				}
			}
			for _, v := range vs[min(1, len(vs)):] {
				parent[find(v)] = find(vs[0])
			}
		}
	}
	compOf := func(i int) int { return find(predVars(i)[0]) }
	touched := map[int]bool{} // component roots
	for v := range parent {
		if b.touched[v] && !breakTouched {
			touched[find(v)] = true
		}
	}
	inRoot := map[int]bool{}
	for _, i := range rootPreds {
		inRoot[i] = true
	}
	// An untouched component is passive when its target predicates are
	// root predicates; the other untouched ones are enumerated alone.
	alone := map[int]*component{}
	var order []int
	for _, i := range targetPreds {
		c := compOf(i)
		if !touched[c] && !inRoot[i] && alone[c] == nil {
			alone[c] = &component{}
			order = append(order, c)
		}
	}
	var sp split
	keep := map[int]bool{} // passive target predicates
	for _, i := range targetPreds {
		c := compOf(i)
		switch {
		case touched[c]:
			sp.targetActive = append(sp.targetActive, i)
		case alone[c] != nil:
			alone[c].target = append(alone[c].target, i)
		default:
			keep[i] = true
		}
	}
	for _, i := range rootPreds {
		c := compOf(i)
		switch {
		case touched[c]:
			sp.rootActive = append(sp.rootActive, i)
		case alone[c] != nil:
			alone[c].root = append(alone[c].root, i)
		}
		if !keep[i] {
			sp.primed = append(sp.primed, i)
		}
	}
	for _, c := range order {
		sp.comps = append(sp.comps, *alone[c])
	}
	if !straight {
		if len(sp.rootActive)+len(sp.targetActive) >= len(targetPreds) {
			return split{}, false
		}
		sp.groups = []component{{root: sp.rootActive, target: sp.targetActive}}
		return sp, true
	}
	byComp := map[int]*component{}
	var corder []int
	part := func(i int) *component {
		c := compOf(i)
		if byComp[c] == nil {
			byComp[c] = &component{}
			corder = append(corder, c)
		}
		return byComp[c]
	}
	for _, i := range sp.targetActive {
		p := part(i)
		p.target = append(p.target, i)
	}
	for _, i := range sp.rootActive {
		p := part(i)
		p.root = append(p.root, i)
	}
	largest := 0
	for _, c := range corder {
		g := *byComp[c]
		sp.groups = append(sp.groups, g)
		largest = max(largest, len(g.root)+len(g.target))
	}
	if largest >= len(targetPreds) {
		return split{}, false
	}
	return sp, true
}

// straightPath returns the arcs of the block's path to the abstraction
// state s when there is only one (no state on it merged two paths), and
// true; false otherwise.
func straightPath(s *state) ([]*arc, bool) {
	if len(s.in) != 1 {
		return nil, false
	}
	var out []*arc
	for a := s.in[0]; ; {
		out = append(out, a)
		p := a.from
		if p.abs {
			return out, true
		}
		if len(p.in) != 1 {
			return nil, false
		}
		a = p.in[0]
	}
}

// breakTouched breaks the decomposition on purpose, for the test that shows the tests notice: every component
// counts as untouched, so predicates keep their start values across
// assignments.
var breakTouched bool

// edgeVars returns the variables edge e reads or writes, in the frame of
// stk (a call also writes the callee's formals, locals and return value;
// an edge into a callee's exit the caller's result).
func edgeVars(e *ir.Edge, stk *ir.Stack) []int {
	var out []int
	switch op := e.Op.(type) {
	case *ir.Assume:
		out = condVars(out, op.Cond)
	case *ir.Assign:
		for _, x := range op.Rhs {
			out = exprVars(out, x)
		}
		for _, x := range op.Lhs {
			out = append(out, x.ID)
		}
	case *ir.Havoc:
		out = append(out, op.Var.ID)
		if op.Def != nil {
			out = exprVars(exprVars(out, op.Def.X), op.Def.Y)
		}
	case *ir.Return:
		if fn := e.From.Func; fn.Ret != nil {
			out = append(out, fn.Ret.ID)
		}
		if op.HasValue {
			out = exprVars(out, op.Value)
		}
	case *ir.Call:
		for _, x := range op.Args {
			out = exprVars(out, x)
		}
		fn := op.Callee
		for _, v := range fn.Formals {
			out = append(out, v.ID)
		}
		for _, v := range fn.Locals {
			out = append(out, v.ID)
		}
		if fn.Ret != nil {
			out = append(out, fn.Ret.ID)
		}
		if op.Result != nil {
			out = append(out, op.Result.ID)
		}
	}
	if e.To.Kind == ir.Exit && stk != nil {
		if c, ok := stk.Call().Op.(*ir.Call); ok {
			if c.Result != nil {
				out = append(out, c.Result.ID)
			}
			if c.Callee.Ret != nil {
				out = append(out, c.Callee.Ret.ID)
			}
		}
	}
	return out
}
