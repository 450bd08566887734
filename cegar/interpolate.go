// This file implements the interpolation refiner: the path in SSA form as
// one conjunction of linear constraints per edge, its sequence
// interpolants (package itp), and their atoms renamed back from SSA
// versions to the program variables current at each cut.
//
// The linear form over-approximates the path: a disequality, a
// disjunction or a non-linear operation's value (a Def) adds nothing, so
// when the path is infeasible only because of them the conjunction has a
// rational solution and the refiner adds nothing (the loop escalates).

package cegar

import (
	"context"
	"errors"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/itp"
	"github.com/numpred/numpred/numeric"
)

// ssaPath is the linear SSA form of a path under construction.
type ssaPath struct {
	prog    *ir.Program
	vars    []*ir.Var // program variable of each SSA dimension
	globals map[*ir.Var]numeric.Dim
	frames  []map[*ir.Var]numeric.Dim
	calls   []*ir.Call // the call that opened each frame but main's
}

func newSSAPath(prog *ir.Program) *ssaPath {
	return &ssaPath{prog: prog, globals: map[*ir.Var]numeric.Dim{}, frames: []map[*ir.Var]numeric.Dim{{}}}
}

// fresh returns a new SSA version of v.
func (s *ssaPath) fresh(v *ir.Var) numeric.Dim {
	d := numeric.Dim(len(s.vars))
	s.vars = append(s.vars, v)
	return d
}

func (s *ssaPath) scope(v *ir.Var, frame int) map[*ir.Var]numeric.Dim {
	if v.Scope == ir.Global {
		return s.globals
	}
	return s.frames[frame]
}

// cur returns the current version of v in frame (a fresh, unconstrained
// one on first read).
func (s *ssaPath) cur(v *ir.Var, frame int) numeric.Dim {
	m := s.scope(v, frame)
	if d, ok := m[v]; ok {
		return d
	}
	d := s.fresh(v)
	m[v] = d
	return d
}

// set makes d the current version of v in frame.
func (s *ssaPath) set(v *ir.Var, frame int, d numeric.Dim) { s.scope(v, frame)[v] = d }

// expr translates e, over program variables, to the current versions of
// frame.
func (s *ssaPath) expr(e numeric.LinExpr, frame int) numeric.LinExpr {
	out := numeric.ConstInt(e.Constant())
	for _, t := range e.Terms() {
		out = out.Add(numeric.Var(s.cur(s.prog.Vars[t.Dim], frame)).Scale(t.Coef))
	}
	return out
}

// cond returns the constraints of c when c is a conjunction of atoms and
// negated atoms (true: none); disjunctions and disequalities add nothing.
func (s *ssaPath) cond(c ir.Cond, frame int) []numeric.Constraint {
	switch c := c.(type) {
	case *ir.Atom:
		return []numeric.Constraint{numeric.NewConstraint(s.expr(c.C.Expr(), frame), c.C.Kind())}
	case *ir.Not:
		if a, ok := c.X.(*ir.Atom); ok {
			if n, ok := a.C.Negate(); ok {
				return []numeric.Constraint{numeric.NewConstraint(s.expr(n.Expr(), frame), n.Kind())}
			}
		}
	case *ir.And:
		var out []numeric.Constraint
		for _, x := range c.Xs {
			out = append(out, s.cond(x, frame)...)
		}
		return out
	case *ir.BoolConst:
		if !c.V {
			return []numeric.Constraint{numeric.NewConstraint(numeric.ConstInt(numeric.I(1)), numeric.LE)}
		}
	}
	return nil
}

// bounds returns lo <= d <= hi for the finite ends of r.
func bounds(d numeric.Dim, r numeric.Range) []numeric.Constraint {
	var out []numeric.Constraint
	if lo, ok := r.Lo.Int64(); ok {
		out = append(out, numeric.Ge(numeric.Var(d), numeric.Const(lo)))
	}
	if hi, ok := r.Hi.Int64(); ok {
		out = append(out, numeric.Le(numeric.Var(d), numeric.Const(hi)))
	}
	return out
}

// step returns the constraints of edge e; keepCond says whether its
// condition counts (conditions outside the unsat core are left out).
func (s *ssaPath) step(e *ir.Edge, keepCond bool) []numeric.Constraint {
	frame := len(s.frames) - 1
	var out []numeric.Constraint
	switch op := e.Op.(type) {
	case *ir.Assign:
		rhs := make([]numeric.LinExpr, len(op.Rhs))
		for i, r := range op.Rhs {
			rhs[i] = s.expr(r, frame)
		}
		for i, x := range op.Lhs {
			d := s.fresh(x)
			out = append(out, numeric.Eq(numeric.Var(d), rhs[i]))
			s.set(x, frame, d)
		}
	case *ir.Assume:
		if keepCond {
			out = s.cond(op.Cond, frame)
		}
	case *ir.Havoc:
		d := s.fresh(op.Var)
		s.set(op.Var, frame, d)
		out = bounds(d, op.Range)
	case *ir.Call:
		args := make([]numeric.LinExpr, len(op.Args))
		for i, a := range op.Args {
			args[i] = s.expr(a, frame)
		}
		s.frames = append(s.frames, map[*ir.Var]numeric.Dim{})
		s.calls = append(s.calls, op)
		for i, x := range op.Callee.Formals {
			if i < len(args) {
				d := s.fresh(x)
				out = append(out, numeric.Eq(numeric.Var(d), args[i]))
				s.set(x, frame+1, d)
			}
		}
		return out
	case *ir.Return:
		if ret := e.From.Func.Ret; op.HasValue && ret != nil {
			v := s.expr(op.Value, frame)
			d := s.fresh(ret)
			out = append(out, numeric.Eq(numeric.Var(d), v))
			s.set(ret, frame, d)
		}
	}
	if e.To.Kind == ir.Exit && len(s.frames) > 1 {
		call := s.calls[len(s.calls)-1]
		var ret numeric.Dim
		hasRet := call.Result != nil && e.From.Func.Ret != nil
		if hasRet {
			ret = s.cur(e.From.Func.Ret, frame)
		}
		s.frames = s.frames[:frame]
		s.calls = s.calls[:len(s.calls)-1]
		if hasRet {
			d := s.fresh(call.Result)
			out = append(out, numeric.Eq(numeric.Var(d), numeric.Var(ret)))
			s.set(call.Result, frame-1, d)
		}
	}
	return out
}

// current returns, for each SSA dimension that is the current version of
// a variable in some frame, that variable.
func (s *ssaPath) current() map[numeric.Dim]*ir.Var {
	out := map[numeric.Dim]*ir.Var{}
	for v, d := range s.globals {
		out[d] = v
	}
	for _, m := range s.frames {
		for v, d := range m {
			out[d] = v
		}
	}
	return out
}

// interpolantAtoms returns the atoms of the sequence interpolants of
// path after each edge, over program variables, each with the function
// of the location it holds at. Only the conditions of core (nil: all)
// count. It returns nothing when the path's linear form is feasible.
func interpolantAtoms(ctx context.Context, prog *ir.Program, path []*ir.Edge, core []int) ([]funcAtom, error) {
	keep := map[int]bool{}
	for _, i := range core {
		keep[i] = true
	}
	s := newSSAPath(prog)
	groups := make([][]numeric.Constraint, len(path))
	scopes := make([]map[numeric.Dim]*ir.Var, len(path))
	fns := make([]*ir.Func, len(path))
	for i, e := range path {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		groups[i] = s.step(e, core == nil || keep[i])
		scopes[i] = s.current()
		fns[i] = e.To.Func
		if c, ok := e.Op.(*ir.Call); ok {
			fns[i] = c.Callee
		}
	}
	is, err := itp.Sequence(groups, len(s.vars))
	if errors.Is(err, itp.ErrFeasible) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []funcAtom
	for k, c := range is {
		if a, ok := rename(c, scopes[k]); ok {
			out = append(out, funcAtom{fns[k], a})
		}
	}
	return out, nil
}

// rename maps interpolant c from SSA dimensions to program variables by
// scope; false when c is constant, mentions a dimension out of scope, or
// two versions of one variable (recursion).
func rename(c numeric.Constraint, scope map[numeric.Dim]*ir.Var) (numeric.Constraint, bool) {
	e := c.Expr()
	if e.IsConst() {
		return c, false
	}
	out := numeric.ConstInt(e.Constant())
	used := map[*ir.Var]bool{}
	for _, t := range e.Terms() {
		v, ok := scope[t.Dim]
		if !ok || used[v] {
			return c, false
		}
		used[v] = true
		out = out.Add(numeric.Var(numeric.Dim(v.ID)).Scale(t.Coef))
	}
	return numeric.NewConstraint(out, c.Kind()), true
}
