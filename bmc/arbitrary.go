// This file finds where a run of the unwound graph may take a value the
// program leaves undetermined: a read of a variable that may still be
// uninitialised (a local declared without a value, a callee's local), or
// a havoc that is neither an input nor a defined operation (an unknown
// function's result). A counterexample through such a place is not one
// of the C program (ir/exec counts these values as Arbitrary, and cex
// does not trust the run), so when the formula's first model goes
// through one, BMC asks for an error path that avoids them all.
//
// Whether a variable is initialised is decided statically, as a must
// analysis over the acyclic graph (intersection at merges), which mirrors
// ir/exec's activations: a call starts the callee's locals and return
// slot uninitialised and initialises its formals; a return restores the
// callee's own variables as they were at the call (recursion) and
// initialises the call's result. A read that the analysis cannot show
// initialised is avoided even when the model's path initialises it: the
// query may miss a counterexample, never trust a wrong one (the replay
// decides that anyway).

package bmc

import (
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/smt"
)

// varSet is a set of variable IDs.
type varSet []uint64

func newVarSet(n int) varSet { return make(varSet, (n+63)/64) }

func (s varSet) has(id int) bool { return s[id/64]&(1<<(id%64)) != 0 }
func (s varSet) add(id int)      { s[id/64] |= 1 << (id % 64) }
func (s varSet) del(id int)      { s[id/64] &^= 1 << (id % 64) }

func (s varSet) clone() varSet { return append(varSet(nil), s...) }

// intersect sets s to s ∩ t.
func (s varSet) intersect(t varSet) {
	for i := range s {
		s[i] &= t[i]
	}
}

// arbitraryArcs returns the terms under which a run of g's formula takes
// an undetermined value: per arc that may, the arc taken (for an Assume,
// its source reached: a run evaluates the conditions of every out-edge).
// order is g's topological order; every guard must be encoded.
func arbitraryArcs(prog *ir.Program, g *graph, order []*node) []*smt.Term {
	n := len(prog.Vars)
	init := make([]varSet, len(g.nodes))
	var out []*smt.Term
	for _, nd := range order {
		s := init[nd.id]
		if s == nil {
			s = newVarSet(n) // the entry: nothing initialised yet
			init[nd.id] = s
		}
		for _, a := range nd.out {
			reads, arbitraryHavoc := arcReads(a)
			bad := arbitraryHavoc
			for _, e := range reads {
				for i := 0; i < e.NumTerms() && !bad; i++ {
					bad = !s.has(int(e.Term(i).Dim))
				}
			}
			if a.kind == arcReturn {
				if c := a.edge.Op.(*ir.Call); c.Result != nil && a.callee.fn.Ret != nil && !s.has(a.callee.fn.Ret.ID) {
					bad = true
				}
			}
			if bad {
				if _, ok := a.edge.Op.(*ir.Assume); ok {
					out = append(out, nd.guard)
				} else {
					out = append(out, a.guard)
				}
			}
			if a.to == nil {
				continue
			}
			t := arcInit(a, s, init)
			if init[a.to.id] == nil {
				init[a.to.id] = t
			} else {
				init[a.to.id].intersect(t)
			}
		}
	}
	return out
}

// arcReads returns the expressions arc a reads, and whether it havocs an
// undetermined value.
func arcReads(a *arc) ([]numeric.LinExpr, bool) {
	switch a.kind {
	case arcCall:
		return a.edge.Op.(*ir.Call).Args, false
	case arcReturn:
		return nil, false // the result: see arbitraryArcs
	}
	switch op := a.edge.Op.(type) {
	case *ir.Assign:
		return op.Rhs, false
	case *ir.Assume:
		var es []numeric.LinExpr
		for _, c := range ir.Atoms(op.Cond) {
			es = append(es, c.Expr())
		}
		return es, false
	case *ir.Havoc:
		if op.Def != nil {
			return []numeric.LinExpr{op.Def.X, op.Def.Y}, false
		}
		return nil, op.Input == ""
	case *ir.Return:
		if op.HasValue {
			return []numeric.LinExpr{op.Value}, false
		}
	}
	return nil, false
}

// arcInit returns the variables initialised after arc a from a node
// where s are.
func arcInit(a *arc, s varSet, init []varSet) varSet {
	t := s.clone()
	switch a.kind {
	case arcCall:
		fn := a.callee.fn
		for _, v := range fn.Locals {
			t.del(v.ID)
		}
		if fn.Ret != nil {
			t.del(fn.Ret.ID)
		}
		for _, v := range fn.Formals {
			t.add(v.ID)
		}
		return t
	case arcReturn:
		fn := a.callee.fn
		at := init[a.call.id]
		own := append(append([]*ir.Var{}, fn.Formals...), fn.Locals...)
		if fn.Ret != nil {
			own = append(own, fn.Ret)
		}
		for _, v := range own {
			if at.has(v.ID) {
				t.add(v.ID)
			} else {
				t.del(v.ID)
			}
		}
		if r := a.edge.Op.(*ir.Call).Result; r != nil {
			t.add(r.ID)
		}
		return t
	}
	switch op := a.edge.Op.(type) {
	case *ir.Assign:
		for _, v := range op.Lhs {
			t.add(v.ID)
		}
	case *ir.Havoc:
		t.add(op.Var.ID)
	case *ir.Return:
		if op.HasValue {
			if fn := a.edge.From.Func; fn.Ret != nil {
				t.add(fn.Ret.ID)
			}
		}
	}
	return t
}
