// This file implements the linear SSA form of path segments that the
// refiner interpolates: one disjunction of conjunctions of linear
// constraints (a dnf) per IR edge, over SSA dimensions, and the maps
// between SSA dimensions and the state dimensions labels are written in.
//
// The form over-approximates each edge: a non-linear operation's value
// (a Def other than a floor division by a positive constant) is a fresh
// value in range, a Nondet condition is true, and a condition whose
// disjunctive normal form would exceed maxDNF disjuncts is true. So an
// interpolant of the form is an interpolant of the path; only when the
// path is infeasible for a reason the form drops is there none.

package impact

import (
	"fmt"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// maxDNF bounds the disjuncts of one condition's normal form.
const maxDNF = 16

// conj is a conjunction of linear constraints (empty: true).
type conj []numeric.Constraint

// dnf is a disjunction of conjunctions (empty: false; one empty conj: true).
type dnf []conj

func dnfTrue() dnf  { return dnf{conj{}} }
func dnfFalse() dnf { return dnf{} }

func (d dnf) isTrue() bool {
	for _, c := range d {
		if len(c) == 0 {
			return true
		}
	}
	return false
}

// and returns the product of a and b, or ok false past maxDNF disjuncts.
func and(a, b dnf, limit int) (dnf, bool) {
	if len(a)*len(b) > limit {
		return nil, false
	}
	out := make(dnf, 0, len(a)*len(b))
	for _, x := range a {
		for _, y := range b {
			c := make(conj, 0, len(x)+len(y))
			c = append(c, x...)
			c = append(c, y...)
			out = append(out, c)
		}
	}
	return out, true
}

// condDNF returns the normal form of c (over SSA dimensions via expr),
// or true when it is too large (an over-approximation).
func condDNF(c ir.Cond, expr func(numeric.LinExpr) numeric.LinExpr) dnf {
	d, ok := condDNF1(c, expr)
	if !ok {
		return dnfTrue()
	}
	return d
}

func condDNF1(c ir.Cond, expr func(numeric.LinExpr) numeric.LinExpr) (dnf, bool) {
	atom := func(k numeric.Constraint) dnf {
		k = numeric.NewConstraint(expr(k.Expr()), k.Kind())
		switch {
		case k.IsTrue():
			return dnfTrue()
		case k.IsFalse():
			return dnfFalse()
		}
		return dnf{conj{k}}
	}
	switch c := c.(type) {
	case *ir.Atom:
		return atom(c.C), true
	case *ir.Not:
		if a, ok := c.X.(*ir.Atom); ok {
			if n, ok := a.C.Negate(); ok {
				return atom(n), true
			}
			lo, hi := a.C.SplitNeq()
			return append(atom(lo), atom(hi)...), true
		}
		return condDNF1(ir.Negate(c.X), expr)
	case *ir.And:
		out := dnfTrue()
		for _, x := range c.Xs {
			d, ok := condDNF1(x, expr)
			if !ok {
				return nil, false
			}
			if out, ok = and(out, d, maxDNF); !ok {
				return nil, false
			}
		}
		return out, true
	case *ir.Or:
		var out dnf
		for _, x := range c.Xs {
			d, ok := condDNF1(x, expr)
			if !ok {
				return nil, false
			}
			out = append(out, d...)
			if len(out) > maxDNF {
				return nil, false
			}
		}
		return out, true
	case *ir.BoolConst:
		if c.V {
			return dnfTrue(), true
		}
		return dnfFalse(), true
	case *ir.Nondet:
		return dnfTrue(), true
	}
	return nil, false
}

// ssaPath is the linear SSA form of a path segment under construction.
// It starts in a given call context (the stack of calls of the node it
// starts at) so that returns pop the right frames.
type ssaPath struct {
	prog    *ir.Program
	n       int // SSA dimensions used
	globals map[int]numeric.Dim
	frames  []map[int]numeric.Dim // by depth: main's at 0
	calls   []*ir.Call            // the call that opened frame i+1
	origin  map[numeric.Dim]stateDim
}

// stateDim names a variable of one activation: dim = depth*len(Vars) +
// ID for locals, formals and return slots, ID for globals.
type stateDim = numeric.Dim

func newSSAPath(prog *ir.Program, s *stack) *ssaPath {
	calls := s.calls()
	p := &ssaPath{prog: prog, globals: map[int]numeric.Dim{}, calls: calls, origin: map[numeric.Dim]stateDim{}}
	for i := 0; i <= len(calls); i++ {
		p.frames = append(p.frames, map[int]numeric.Dim{})
	}
	return p
}

func (p *ssaPath) depth() int { return len(p.frames) - 1 }

// stateOf returns the state dimension of v in the frame at depth.
func (p *ssaPath) stateOf(v *ir.Var, depth int) stateDim {
	if v.Scope == ir.Global {
		return numeric.Dim(v.ID)
	}
	return numeric.Dim(depth*len(p.prog.Vars) + v.ID)
}

func (p *ssaPath) scope(v *ir.Var, depth int) map[int]numeric.Dim {
	if v.Scope == ir.Global {
		return p.globals
	}
	return p.frames[depth]
}

func (p *ssaPath) fresh() numeric.Dim {
	d := numeric.Dim(p.n)
	p.n++
	return d
}

// cur returns the current version of v at depth, a fresh one on first read.
func (p *ssaPath) cur(v *ir.Var, depth int) numeric.Dim {
	m := p.scope(v, depth)
	if d, ok := m[v.ID]; ok {
		return d
	}
	d := p.fresh()
	m[v.ID] = d
	p.origin[d] = p.stateOf(v, depth)
	return d
}

func (p *ssaPath) set(v *ir.Var, depth int, d numeric.Dim) {
	p.scope(v, depth)[v.ID] = d
	p.origin[d] = p.stateOf(v, depth)
}

func (p *ssaPath) expr(e numeric.LinExpr, depth int) numeric.LinExpr {
	out := numeric.ConstInt(e.Constant())
	for _, t := range e.Terms() {
		out = out.Add(numeric.Var(p.cur(p.prog.Vars[t.Dim], depth)).Scale(t.Coef))
	}
	return out
}

func rangeDNF(d numeric.Dim, r numeric.Range) dnf {
	var c conj
	if lo, ok := r.Lo.Int64(); ok {
		c = append(c, numeric.Ge(numeric.Var(d), numeric.Const(lo)))
	}
	if hi, ok := r.Hi.Int64(); ok {
		c = append(c, numeric.Le(numeric.Var(d), numeric.Const(hi)))
	}
	return dnf{c}
}

// step returns the form of edge e taken at the current depth.
func (p *ssaPath) step(e *ir.Edge) (dnf, error) {
	depth := p.depth()
	ex := func(l numeric.LinExpr) numeric.LinExpr { return p.expr(l, depth) }
	out := dnfTrue()
	switch op := e.Op.(type) {
	case *ir.Assign:
		rhs := make([]numeric.LinExpr, len(op.Rhs))
		for i, r := range op.Rhs {
			rhs[i] = ex(r)
		}
		var c conj
		for i, x := range op.Lhs {
			d := p.fresh()
			c = append(c, numeric.Eq(numeric.Var(d), rhs[i]))
			p.set(x, depth, d)
		}
		out = dnf{c}
	case *ir.Assume:
		out = condDNF(op.Cond, ex)
	case *ir.Havoc:
		var x, y numeric.LinExpr
		def := op.Def
		if def != nil {
			x, y = ex(def.X), def.Y
		}
		d := p.fresh()
		p.set(op.Var, depth, d)
		out = rangeDNF(d, op.Range)
		if def != nil && def.Op == ir.DefFloorDiv && y.IsConst() && y.Constant().Sign() > 0 {
			// d = floor(x / m): m*d <= x <= m*d + m - 1.
			m := y.Constant()
			md := numeric.Var(d).Scale(m)
			out[0] = append(out[0], numeric.Le(md, x), numeric.Le(x, md.AddConst(m.Sub(numeric.I(1)))))
		}
	case *ir.Call:
		args := make([]numeric.LinExpr, len(op.Args))
		for i, a := range op.Args {
			args[i] = ex(a)
		}
		if len(args) != len(op.Callee.Formals) {
			return nil, fmt.Errorf("impact: %s called with %d arguments, has %d formals", op.Callee.Name, len(args), len(op.Callee.Formals))
		}
		p.frames = append(p.frames, map[int]numeric.Dim{})
		p.calls = append(p.calls, op)
		var c conj
		for i, f := range op.Callee.Formals {
			d := p.fresh()
			c = append(c, numeric.Eq(numeric.Var(d), args[i]))
			p.set(f, depth+1, d)
		}
		return dnf{c}, nil
	case *ir.Return:
		if ret := e.From.Func.Ret; op.HasValue && ret != nil {
			v := ex(op.Value)
			d := p.fresh()
			out = dnf{conj{numeric.Eq(numeric.Var(d), v)}}
			p.set(ret, depth, d)
		}
	case *ir.Skip:
	default:
		return nil, fmt.Errorf("impact: unknown operation %T", op)
	}
	if e.To.Kind == ir.Exit && depth > 0 {
		call := p.calls[len(p.calls)-1]
		ret := e.From.Func.Ret
		hasRet := call.Result != nil && ret != nil
		var rd numeric.Dim
		if hasRet {
			rd = p.cur(ret, depth)
		}
		p.frames = p.frames[:depth]
		p.calls = p.calls[:len(p.calls)-1]
		if hasRet {
			d := p.fresh()
			p.set(call.Result, depth-1, d)
			var ok bool
			if out, ok = and(out, dnf{conj{numeric.Eq(numeric.Var(d), numeric.Var(rd))}}, 1<<30); !ok {
				return nil, fmt.Errorf("impact: internal: product bound")
			}
		}
	}
	return out, nil
}

// current returns the map from the SSA dimensions current now to their
// state dimensions.
func (p *ssaPath) current() map[numeric.Dim]stateDim {
	out := map[numeric.Dim]stateDim{}
	for id, d := range p.globals {
		out[d] = numeric.Dim(id)
	}
	for depth, m := range p.frames {
		for id, d := range m {
			out[d] = p.stateOf(p.prog.Vars[id], depth)
		}
	}
	return out
}

// at returns d (a formula over state dimensions) over the current SSA
// versions; false when it names a frame deeper than the current one.
func (p *ssaPath) at(d dnf) (dnf, bool) {
	nv := len(p.prog.Vars)
	ok := true
	f := func(s numeric.Dim) numeric.Dim {
		id := int(s) % nv
		depth := int(s) / nv
		v := p.prog.Vars[id]
		if v.Scope == ir.Global {
			depth = 0
		}
		if depth > p.depth() {
			ok = false
			return 0
		}
		return p.cur(v, depth)
	}
	out := make(dnf, len(d))
	for i, c := range d {
		out[i] = make(conj, len(c))
		for j, k := range c {
			out[i][j] = k.Rename(f)
		}
	}
	return out, ok
}

// rename maps d from SSA dimensions to state dimensions by scope; false
// when it names a dimension out of scope.
func rename(d dnf, scope map[numeric.Dim]stateDim) (dnf, bool) {
	ok := true
	f := func(x numeric.Dim) numeric.Dim {
		s, in := scope[x]
		if !in {
			ok = false
		}
		return s
	}
	out := make(dnf, len(d))
	for i, c := range d {
		out[i] = make(conj, len(c))
		for j, k := range c {
			out[i][j] = k.Rename(f)
		}
	}
	return out, ok
}
