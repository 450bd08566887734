// This file implements SSA, the linear SSA form of a sequence of edges
// (see the package documentation for what each edge becomes).

package pathenc

import (
	"fmt"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// breakFloorDiv, set by tests only, weakens the floor division's upper
// bound by one (wrong: the differential test must notice).
var breakFloorDiv bool

// Options say how SSA encodes a path.
type Options struct {
	// Cond, when non-nil, decides what the condition of edge e (the i-th
	// edge stepped) adds: it gets the condition's normal form d over
	// program variables (CondDNF; true when too large) and returns the
	// formula to encode, over the same variables: d (exact), a formula d
	// implies (an over-approximation, e.g. Common(d)), or a case of d.
	Cond func(i int, e *ir.Edge, d DNF) DNF
	// InitRange bounds a variable's first value on the path by its type's
	// range (the values the IR guarantees), as encode does for an
	// uninitialised read.
	InitRange bool
}

// Version names what an SSA dimension is a value of: a variable in the
// activation at Depth (0: main's; a global's is 0).
type Version struct {
	Var   *ir.Var
	Depth int
}

// SSA is the linear SSA form of a path under construction.
type SSA struct {
	prog    *ir.Program
	opt     Options
	n       int // SSA dimensions used
	steps   int // edges stepped
	globals map[*ir.Var]numeric.Dim
	frames  []map[*ir.Var]numeric.Dim // by depth: main's at 0
	calls   []*ir.Call                // the call that opened frame i+1
	pending Conj                      // InitRange: the bounds of first reads in the current step
}

// New starts an SSA form in the call context calls (the calls that
// opened the frames above main's, outermost first; none: in main).
func New(prog *ir.Program, calls []*ir.Call, opt Options) *SSA {
	p := &SSA{prog: prog, opt: opt, globals: map[*ir.Var]numeric.Dim{}, calls: append([]*ir.Call(nil), calls...)}
	for i := 0; i <= len(calls); i++ {
		p.frames = append(p.frames, map[*ir.Var]numeric.Dim{})
	}
	return p
}

// Dims returns the number of SSA dimensions used so far.
func (p *SSA) Dims() int { return p.n }

// Depth returns the depth of the current frame (0: main's).
func (p *SSA) Depth() int { return len(p.frames) - 1 }

func (p *SSA) scope(v *ir.Var, depth int) map[*ir.Var]numeric.Dim {
	if v.Scope == ir.Global {
		return p.globals
	}
	return p.frames[depth]
}

func (p *SSA) fresh() numeric.Dim {
	d := numeric.Dim(p.n)
	p.n++
	return d
}

// Cur returns the current value of v in the frame at depth, a fresh one
// on first read. Precondition: depth <= Depth().
func (p *SSA) Cur(v *ir.Var, depth int) numeric.Dim {
	m := p.scope(v, depth)
	if d, ok := m[v]; ok {
		return d
	}
	d := p.fresh()
	m[v] = d
	if p.opt.InitRange {
		p.pending = append(p.pending, bounds(d, v.Type.Range())...)
	}
	return d
}

func (p *SSA) set(v *ir.Var, depth int, d numeric.Dim) { p.scope(v, depth)[v] = d }

// expr returns e, over program variables, over the current values of the
// frame at depth.
func (p *SSA) expr(e numeric.LinExpr, depth int) numeric.LinExpr {
	out := numeric.ConstInt(e.Constant())
	for _, t := range e.Terms() {
		out = out.Add(numeric.Var(p.Cur(p.prog.Vars[t.Dim], depth)).Scale(t.Coef))
	}
	return out
}

// bounds returns lo <= d <= hi for the finite ends of r.
func bounds(d numeric.Dim, r numeric.Range) Conj {
	var c Conj
	if lo, ok := r.Lo.Int64(); ok {
		c = append(c, numeric.Ge(numeric.Var(d), numeric.Const(lo)))
	}
	if hi, ok := r.Hi.Int64(); ok {
		c = append(c, numeric.Le(numeric.Var(d), numeric.Const(hi)))
	}
	return c
}

// cond returns the formula of condition c of edge e in the frame at depth.
func (p *SSA) cond(e *ir.Edge, c ir.Cond, depth int) DNF {
	d, ok := CondDNF(c)
	if !ok {
		d = True()
	}
	if p.opt.Cond != nil {
		d = p.opt.Cond(p.steps, e, d)
	}
	out := make(DNF, 0, len(d))
	for _, x := range d {
		y := make(Conj, 0, len(x))
		for _, k := range x {
			k = numeric.NewConstraint(p.expr(k.Expr(), depth), k.Kind())
			if !k.IsTrue() {
				y = append(y, k)
			}
		}
		out = append(out, y)
	}
	return out
}

// Step returns the formula of edge e, taken in the current frame. An edge
// into a callee's Exit also returns to the caller.
func (p *SSA) Step(e *ir.Edge) (DNF, error) {
	defer func() { p.steps++ }()
	p.pending = p.pending[:0]
	depth := p.Depth()
	ex := func(l numeric.LinExpr) numeric.LinExpr { return p.expr(l, depth) }
	var out DNF
	switch op := e.Op.(type) {
	case *ir.Assign:
		rhs := make([]numeric.LinExpr, len(op.Rhs))
		for i, r := range op.Rhs {
			rhs[i] = ex(r)
		}
		var c Conj
		for i, x := range op.Lhs {
			d := p.fresh()
			c = append(c, numeric.Eq(numeric.Var(d), rhs[i]))
			p.set(x, depth, d)
		}
		out = DNF{c}
	case *ir.Assume:
		out = p.cond(e, op.Cond, depth)
	case *ir.Havoc:
		var x, y numeric.LinExpr
		def := op.Def
		if def != nil {
			x, y = ex(def.X), def.Y
		}
		d := p.fresh()
		p.set(op.Var, depth, d)
		c := bounds(d, op.Range)
		if def != nil && def.Op == ir.DefFloorDiv && y.IsConst() && y.Constant().Sign() > 0 {
			// d = floor(x / m): m*d <= x <= m*d + m - 1.
			m := y.Constant()
			md := numeric.Var(d).Scale(m)
			hi := m.Sub(numeric.I(1))
			if breakFloorDiv {
				hi = m
			}
			c = append(c, numeric.Le(md, x), numeric.Le(x, md.AddConst(hi)))
		}
		out = DNF{c}
	case *ir.Call:
		args := make([]numeric.LinExpr, len(op.Args))
		for i, a := range op.Args {
			args[i] = ex(a)
		}
		if len(args) != len(op.Callee.Formals) {
			return nil, fmt.Errorf("pathenc: %s called with %d arguments, has %d formals", op.Callee.Name, len(args), len(op.Callee.Formals))
		}
		p.frames = append(p.frames, map[*ir.Var]numeric.Dim{})
		p.calls = append(p.calls, op)
		var c Conj
		for i, f := range op.Callee.Formals {
			d := p.fresh()
			c = append(c, numeric.Eq(numeric.Var(d), args[i]))
			p.set(f, depth+1, d)
		}
		return p.finish(DNF{c}), nil
	case *ir.Return:
		out = True()
		if ret := e.From.Func.Ret; op.HasValue && ret != nil {
			v := ex(op.Value)
			d := p.fresh()
			out = DNF{Conj{numeric.Eq(numeric.Var(d), v)}}
			p.set(ret, depth, d)
		}
	case *ir.Skip:
		out = True()
	default:
		return nil, fmt.Errorf("pathenc: unknown operation %T", op)
	}
	if e.To.Kind == ir.Exit && depth > 0 {
		call := p.calls[len(p.calls)-1]
		ret := e.From.Func.Ret
		hasRet := call.Result != nil && ret != nil
		var rd numeric.Dim
		if hasRet {
			rd = p.Cur(ret, depth)
		}
		p.frames = p.frames[:depth]
		p.calls = p.calls[:len(p.calls)-1]
		if hasRet {
			d := p.fresh()
			p.set(call.Result, depth-1, d)
			out, _ = And(out, DNF{Conj{numeric.Eq(numeric.Var(d), numeric.Var(rd))}}, len(out))
		}
	}
	return p.finish(out), nil
}

// finish conjoins the pending bounds of first reads to every disjunct of d.
func (p *SSA) finish(d DNF) DNF {
	if len(p.pending) == 0 {
		return d
	}
	out, _ := And(d, DNF{p.pending}, len(d))
	p.pending = nil
	return out
}

// Scope returns what each SSA dimension current now is the value of.
func (p *SSA) Scope() map[numeric.Dim]Version {
	out := map[numeric.Dim]Version{}
	for v, d := range p.globals {
		out[d] = Version{v, 0}
	}
	for depth, m := range p.frames {
		for v, d := range m {
			out[d] = Version{v, depth}
		}
	}
	return out
}

// ToVars returns c, over SSA dimensions, over the program variables
// (dimension = variable ID) whose values scope says they are; false when
// c is constant, names a dimension out of scope, or two values of one
// variable (two activations of a recursive function).
func ToVars(c numeric.Constraint, scope map[numeric.Dim]Version) (numeric.Constraint, bool) {
	e := c.Expr()
	if e.IsConst() {
		return c, false
	}
	out := numeric.ConstInt(e.Constant())
	used := map[*ir.Var]bool{}
	for _, t := range e.Terms() {
		v, ok := scope[t.Dim]
		if !ok || used[v.Var] {
			return c, false
		}
		used[v.Var] = true
		out = out.Add(numeric.Var(numeric.Dim(v.Var.ID)).Scale(t.Coef))
	}
	return numeric.NewConstraint(out, c.Kind()), true
}
