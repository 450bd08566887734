// This file lays out the numeric dimensions of an analysis: one space for
// the whole program, shared by every function.
//
//	[0, N)            the program's variables, dimension = ir.Var.ID
//	olds of f         for each called function f other than main: a copy
//	                  of each global f may read or write (transitively)
//	                  and of each formal of f, holding its value at f's entry
//	mids              temporaries used while composing a call with the
//	                  callee's summary: one per global, per formal position,
//	                  and one for the returned value
//
// Values at the locations of f relate f's current variables to f's olds,
// so the value at f's exit, with f's locals projected away, is a summary
// relating f's outputs to its inputs (Armando et al., Section 3). One space
// for all functions keeps the combined domain's precision (its predicates
// and numeric variables) fixed; a call is composed with its callee's
// summary by renaming through the mids and a meet, which also works for
// recursion, where caller and callee share their dimensions.

package interp

import (
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

type space struct {
	prog  *ir.Program
	n     int      // total dimensions
	names []string // per dimension
	old   map[*ir.Func]map[*ir.Var]numeric.Dim
	// globalsOf lists the globals each function may access, transitively.
	globalsOf map[*ir.Func][]*ir.Var
	midGlobal map[*ir.Var]numeric.Dim
	midFormal []numeric.Dim
	midRet    numeric.Dim
	env       *numeric.Env
}

func newSpace(p *ir.Program) *space {
	s := &space{prog: p, old: map[*ir.Func]map[*ir.Var]numeric.Dim{}, midGlobal: map[*ir.Var]numeric.Dim{}}
	for _, v := range p.Vars {
		s.names = append(s.names, v.Qual)
	}
	s.n = len(p.Vars)
	s.globalsOf = accessedGlobals(p)
	called := map[*ir.Func]bool{}
	maxFormals := 0
	for _, f := range p.Funcs {
		for _, e := range f.Edges {
			if c, ok := e.Op.(*ir.Call); ok {
				called[c.Callee] = true
			}
		}
	}
	newDim := func(name string) numeric.Dim {
		d := numeric.Dim(s.n)
		s.n++
		s.names = append(s.names, name)
		return d
	}
	for _, f := range p.Funcs {
		if !called[f] {
			continue
		}
		m := map[*ir.Var]numeric.Dim{}
		for _, g := range s.globalsOf[f] {
			m[g] = newDim("old(" + f.Name + "," + g.Qual + ")")
		}
		for _, x := range f.Formals {
			m[x] = newDim("old(" + x.Qual + ")")
		}
		s.old[f] = m
		if len(f.Formals) > maxFormals {
			maxFormals = len(f.Formals)
		}
	}
	if len(called) > 0 {
		for _, g := range p.Globals {
			s.midGlobal[g] = newDim("mid(" + g.Qual + ")")
		}
		for i := 0; i < maxFormals; i++ {
			s.midFormal = append(s.midFormal, newDim("mid(arg"+itoa(i)+")"))
		}
		s.midRet = newDim("mid(ret)")
	}
	env, err := numeric.NewEnv(s.names...)
	if err != nil {
		panic("interp: " + err.Error())
	}
	s.env = env
	return s
}

// accessedGlobals computes, per function, the globals it reads or writes
// directly or through its callees, sorted by ID.
func accessedGlobals(p *ir.Program) map[*ir.Func][]*ir.Var {
	return transitiveGlobals(p, func(op ir.Op, mark func(*ir.Var), markExpr func(numeric.LinExpr)) {
		switch op := op.(type) {
		case *ir.Assign:
			for i, x := range op.Lhs {
				mark(x)
				markExpr(op.Rhs[i])
			}
		case *ir.Assume:
			for _, a := range ir.Atoms(op.Cond) {
				markExpr(a.Expr())
			}
		case *ir.Havoc:
			mark(op.Var)
		case *ir.Call:
			mark(op.Result)
			for _, a := range op.Args {
				markExpr(a)
			}
		case *ir.Return:
			if op.HasValue {
				markExpr(op.Value)
			}
		}
	})
}

// modifiedGlobals computes, per function, the globals it may write,
// directly or through its callees, sorted by ID.
func modifiedGlobals(p *ir.Program) map[*ir.Func][]*ir.Var {
	return transitiveGlobals(p, func(op ir.Op, mark func(*ir.Var), _ func(numeric.LinExpr)) {
		switch op := op.(type) {
		case *ir.Assign:
			for _, x := range op.Lhs {
				mark(x)
			}
		case *ir.Havoc:
			mark(op.Var)
		case *ir.Call:
			mark(op.Result)
		}
	})
}

// transitiveGlobals collects, per function, the globals that visit marks
// on its edges, closed over the call graph (a function gets its callees'
// globals), as lists sorted by ID.
func transitiveGlobals(p *ir.Program, visit func(op ir.Op, mark func(*ir.Var), markExpr func(numeric.LinExpr))) map[*ir.Func][]*ir.Var {
	sets := map[*ir.Func]map[*ir.Var]bool{}
	callees := map[*ir.Func][]*ir.Func{}
	for _, f := range p.Funcs {
		set := map[*ir.Var]bool{}
		mark := func(v *ir.Var) {
			if v != nil && v.Scope == ir.Global {
				set[v] = true
			}
		}
		markExpr := func(e numeric.LinExpr) {
			for _, t := range e.Terms() {
				mark(p.Vars[t.Dim])
			}
		}
		for _, e := range f.Edges {
			visit(e.Op, mark, markExpr)
			if c, ok := e.Op.(*ir.Call); ok {
				callees[f] = append(callees[f], c.Callee)
			}
		}
		sets[f] = set
	}
	for changed := true; changed; {
		changed = false
		for _, f := range p.Funcs {
			for _, g := range callees[f] {
				for v := range sets[g] {
					if !sets[f][v] {
						sets[f][v] = true
						changed = true
					}
				}
			}
		}
	}
	out := map[*ir.Func][]*ir.Var{}
	for _, f := range p.Funcs {
		for _, v := range p.Globals {
			if sets[f][v] {
				out[f] = append(out[f], v)
			}
		}
	}
	return out
}

// dimOrder returns the rank of every dimension in the BDD variable order
// (numpred.DimOrder): the program's variables in declaration order, each
// followed by its old copies and its mid, then the mids of formal
// positions and of the returned value. The combined domains keep the
// predicates and numeric terms over one variable together, and the old
// copy of a variable next to it (a summary relates the two).
func (s *space) dimOrder() []int {
	rank := make([]int, s.n)
	for i := range rank {
		rank[i] = -1
	}
	next := 0
	place := func(d numeric.Dim) {
		if rank[d] < 0 {
			rank[d] = next
			next++
		}
	}
	for _, v := range s.prog.Vars {
		place(dimOf(v))
		for _, f := range s.prog.Funcs {
			if d, ok := s.old[f][v]; ok {
				place(d)
			}
		}
		if d, ok := s.midGlobal[v]; ok {
			place(d)
		}
	}
	for d := range rank {
		place(numeric.Dim(d))
	}
	return rank
}

func dimOf(v *ir.Var) numeric.Dim { return numeric.Dim(v.ID) }

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}
