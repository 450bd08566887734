// This file removes the cells nothing reads: the cells of block-scope,
// heap and string objects (driver code declares structs of a hundred
// fields and touches three) and the temporaries that only fed them. A
// write to a variable no edge reads changes no run's control flow nor
// any value that is read, so dropping it (and the variable) keeps the
// program's behaviour; the variables left are renumbered. Inputs read
// into dead cells are still read, into a variable of their own.
// Options.KeepGlobalCells keeps the cells of file-scope objects, the
// state a differential test observes.

package cfront

import (
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// pruneDeadCells removes the unread cells and temporaries.
func (t *translator) pruneDeadCells() {
	prunable := map[int]bool{}
	for _, o := range t.mem.objs {
		if t.keepGlobalCells && t.globalObjs[o.name] == o {
			continue
		}
		for _, c := range o.cells {
			if c.v != nil {
				prunable[c.v.ID] = true
			}
		}
	}
	for _, f := range t.prog.Funcs {
		for _, v := range f.Locals {
			if v.Temp {
				prunable[v.ID] = true
			}
		}
	}
	if len(prunable) == 0 {
		return
	}
	dead := map[int]bool{}
	for {
		read := map[int]bool{}
		mark := func(e numeric.LinExpr) {
			for i := 0; i < e.NumTerms(); i++ {
				read[int(e.Term(i).Dim)] = true
			}
		}
		for _, f := range t.prog.Funcs {
			for _, e := range f.Edges {
				switch op := e.Op.(type) {
				case *ir.Assign:
					for i, x := range op.Lhs {
						if !dead[x.ID] {
							mark(op.Rhs[i])
							if op.Load != nil {
								mark(op.Load.Addr)
							}
						}
					}
				case *ir.Assume:
					for _, c := range ir.Atoms(op.Cond) {
						mark(c.Expr())
					}
				case *ir.Havoc:
					if op.Def != nil && !dead[op.Var.ID] {
						mark(op.Def.X)
						mark(op.Def.Y)
					}
					if op.Load != nil && !dead[op.Var.ID] {
						mark(op.Load.Addr)
					}
				case *ir.Skip:
					if op.Mem != nil {
						for _, x := range op.Mem.Exprs() {
							mark(x)
						}
					}
				case *ir.Call:
					for _, a := range op.Args {
						mark(a)
					}
				case *ir.Return:
					if op.HasValue {
						mark(op.Value)
					}
				}
			}
		}
		grew := false
		for id := range prunable {
			if !read[id] && !dead[id] {
				dead[id] = true
				grew = true
			}
		}
		if !grew {
			break
		}
	}
	if len(dead) == 0 {
		return
	}
	// Drop the writes of dead variables.
	sinks := map[string]*ir.Var{}
	for _, f := range t.prog.Funcs {
		for _, e := range f.Edges {
			switch op := e.Op.(type) {
			case *ir.Assign:
				var lhs []*ir.Var
				var rhs []numeric.LinExpr
				for i, x := range op.Lhs {
					if !dead[x.ID] {
						lhs, rhs = append(lhs, x), append(rhs, op.Rhs[i])
					}
				}
				if len(lhs) == 0 {
					e.Op = &ir.Skip{}
				} else {
					op.Lhs, op.Rhs = lhs, rhs
				}
			case *ir.Havoc:
				switch {
				case !dead[op.Var.ID]:
				case op.Input != "":
					// The input is still read (counterexamples list
					// every input in order), into a variable of its own.
					k := f.Name + "|" + op.Var.Type.Name + "|" + itoa(op.Var.Type.Bits)
					if sinks[k] == nil {
						sinks[k] = f.NewLocal("$input"+itoa(len(sinks)+1), op.Var.Type, f.Pos)
						sinks[k].Temp = true
					}
					op.Var = sinks[k]
				default:
					e.Op = &ir.Skip{}
				}
			case *ir.Call:
				if op.Result != nil && dead[op.Result.ID] {
					op.Result = nil
				}
			}
		}
	}
	// Renumber the survivors.
	newID := make([]int, len(t.prog.Vars))
	for len(newID) < len(t.prog.Vars) {
		newID = append(newID, 0)
	}
	var vars []*ir.Var
	for _, v := range t.prog.Vars {
		if dead[v.ID] {
			newID[v.ID] = -1
			continue
		}
		newID[v.ID] = len(vars)
		vars = append(vars, v)
	}
	ren := func(d numeric.Dim) numeric.Dim { return numeric.Dim(newID[int(d)]) }
	re := func(e numeric.LinExpr) numeric.LinExpr { return e.Rename(ren) }
	for _, f := range t.prog.Funcs {
		var locals []*ir.Var
		for _, v := range f.Locals {
			if !dead[v.ID] {
				locals = append(locals, v)
			}
		}
		f.Locals = locals
		for _, e := range f.Edges {
			switch op := e.Op.(type) {
			case *ir.Assign:
				for i := range op.Rhs {
					op.Rhs[i] = re(op.Rhs[i])
				}
				if op.Load != nil {
					l := *op.Load
					l.Addr = re(l.Addr)
					op.Load = &l
				}
			case *ir.Assume:
				op.Cond = renameCond(op.Cond, re)
			case *ir.Havoc:
				if op.Def != nil {
					d := *op.Def
					d.X, d.Y = re(d.X), re(d.Y)
					op.Def = &d
				}
				if op.Load != nil {
					l := *op.Load
					l.Addr = re(l.Addr)
					op.Load = &l
				}
			case *ir.Skip:
				if op.Mem != nil {
					w := *op.Mem
					w.Addr, w.Value, w.Count = re(w.Addr), re(w.Value), re(w.Count)
					op.Mem = &w
				}
			case *ir.Call:
				for i := range op.Args {
					op.Args[i] = re(op.Args[i])
				}
			case *ir.Return:
				if op.HasValue {
					op.Value = re(op.Value)
				}
			}
		}
	}
	var globals []*ir.Var
	for _, v := range t.prog.Globals {
		if !dead[v.ID] {
			globals = append(globals, v)
		}
	}
	t.prog.Globals = globals
	for i, v := range vars {
		v.ID = i
	}
	t.prog.Vars = vars
}

// renameCond renames the variables of c.
func renameCond(c ir.Cond, re func(numeric.LinExpr) numeric.LinExpr) ir.Cond {
	switch c := c.(type) {
	case *ir.Atom:
		return &ir.Atom{C: numeric.NewConstraint(re(c.C.Expr()), c.C.Kind())}
	case *ir.Not:
		return &ir.Not{X: renameCond(c.X, re)}
	case *ir.And:
		xs := make([]ir.Cond, len(c.Xs))
		for i, x := range c.Xs {
			xs[i] = renameCond(x, re)
		}
		return &ir.And{Xs: xs}
	case *ir.Or:
		xs := make([]ir.Cond, len(c.Xs))
		for i, x := range c.Xs {
			xs[i] = renameCond(x, re)
		}
		return &ir.Or{Xs: xs}
	}
	return c
}
