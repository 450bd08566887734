// This file copies a program's variables, functions and locations, so
// that the lifting can add to the copy and leave its input alone.

package polylift

import "github.com/numpred/numpred/ir"

// skeleton is a copy of a program without edges: the same variables (same
// IDs), functions and locations (same IDs), and the maps from the
// original's to the copy's.
type skeleton struct {
	prog  *ir.Program
	vars  []*ir.Var // by ID
	funcs map[*ir.Func]*ir.Func
}

func copySkeleton(p *ir.Program) *skeleton {
	np := ir.NewProgram(p.File, p.Lang)
	np.Diags = append([]ir.Diagnostic(nil), p.Diags...)
	s := &skeleton{prog: np, vars: make([]*ir.Var, len(p.Vars)), funcs: map[*ir.Func]*ir.Func{}}
	for i, v := range p.Vars {
		c := *v
		c.Func = nil
		s.vars[i] = &c
	}
	np.Vars = append([]*ir.Var(nil), s.vars...)
	for _, g := range p.Globals {
		np.Globals = append(np.Globals, s.vars[g.ID])
	}
	for _, f := range p.Funcs {
		nf := &ir.Func{Name: f.Name, Pos: f.Pos, Program: np}
		s.funcs[f] = nf
		np.Funcs = append(np.Funcs, nf)
		if f == p.Main {
			np.Main = nf
		}
		for _, v := range f.Formals {
			nf.Formals = append(nf.Formals, s.vars[v.ID])
		}
		for _, v := range f.Locals {
			nf.Locals = append(nf.Locals, s.vars[v.ID])
		}
		if f.Ret != nil {
			nf.Ret = s.vars[f.Ret.ID]
		}
		for _, l := range f.Locs {
			nl := nf.NewLoc(l.Kind, l.Pos)
			nl.LoopHead = l.LoopHead
			nl.Label = l.Label
			nl.Unsupported = l.Unsupported
		}
		nf.Entry = nf.Locs[f.Entry.ID]
		nf.Exit = nf.Locs[f.Exit.ID]
	}
	for _, v := range p.Vars {
		if v.Func != nil {
			s.vars[v.ID].Func = s.funcs[v.Func]
		}
	}
	return s
}

// op returns o with its variables and callee those of the copy
// (expressions and conditions name variables by ID and are shared).
func (s *skeleton) op(o ir.Op) ir.Op {
	switch o := o.(type) {
	case *ir.Assign:
		lhs := make([]*ir.Var, len(o.Lhs))
		for i, v := range o.Lhs {
			lhs[i] = s.vars[v.ID]
		}
		return &ir.Assign{Lhs: lhs, Rhs: o.Rhs, Load: o.Load}
	case *ir.Havoc:
		c := *o
		c.Var = s.vars[o.Var.ID]
		return &c
	case *ir.Call:
		c := *o
		c.Callee = s.funcs[o.Callee]
		if o.Result != nil {
			c.Result = s.vars[o.Result.ID]
		}
		return &c
	case *ir.Assume:
		c := *o
		return &c
	case *ir.Return:
		c := *o
		return &c
	case *ir.Skip:
		c := *o // its memory write, if any, names variables by ID
		return &c
	default:
		return &ir.Skip{}
	}
}
