// This file implements Path, the SSA encoder of one finite path.

package encode

import (
	"fmt"
	"math/big"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/smt"
)

// Mode selects the encoding.
type Mode int

const (
	LIA Mode = iota // linear integer arithmetic
	BV              // bit vectors
)

func (m Mode) String() string {
	if m == BV {
		return "bv"
	}
	return "lia"
}

// InputVar is a program input met on the path.
type InputVar struct {
	Havoc *ir.Havoc
	Edge  *ir.Edge
	Term  *smt.Term // its value: an Int, or a bit vector of the C type's width; nil for a lazy input not made yet (Concolic)
	group int       // its group (Concolic; slice.go)
	value *smt.Term // the value Term stands for (a lazy input's, once made)
}

// frame is one activation: the current SSA term of each variable read or
// written in it (globals live in Path.globals).
type frame struct {
	fn   *ir.Func
	vals map[int]*smt.Term
	conc map[int]numeric.Int // variables whose value is known (does not depend on an input or an arbitrary value)
	grp  map[int]int         // the groups of the variables' values (Concolic; slice.go)
	lazy map[int]int         // variables whose value is a lazy input not made yet: its index in Path.inputs (Concolic; lazy.go)
	call *ir.Call            // the call that opened the frame (nil for main)
}

// Path is the SSA encoding of a path under construction. Step encodes one
// edge at a time.
type Path struct {
	ctx     *smt.Context
	prog    *ir.Program
	mode    Mode
	globals map[int]*smt.Term
	gconc   map[int]numeric.Int
	frames  []*frame
	inputs  []InputVar
	pending []*smt.Term // range constraints of values created while encoding a step
	n       int
	wide    int // BV: the widest value width (widths.wide); each variable's is widths.vw
	w       *widths
	narrow  int         // BV: the width products, quotients and remainders are computed at (0: their type's; see Terms.SetNarrow)
	unfit   []*smt.Term // BV, narrow: the conditions under which a narrowed operation of the current step is inexact
	defOvf  *smt.Term   // BV: the condition under which the current step's signed product or left shift overflows
	fold    bool        // fold constants (fold.go): Terms do, a Path's formula keeps one conjunct per edge
	mem     *memory     // what the path wrote at known addresses (Concolic), nil when not concolic
	grp     groups      // the groups of values and constraints (Concolic)
	ggrp    map[int]int // the groups of the globals' values (Concolic)
	glazy   map[int]int // the globals whose value is a lazy input (Concolic)
	// nextAddr is the run's address of the next step's memory access,
	// when hasNextAddr (SetAddress).
	nextAddr    uint64
	hasNextAddr bool
	lits        map[int64]*smt.Term // LIA: literals made so far (at most maxLits)
}

// maxLits bounds the literals a Path keeps for reuse: a long path makes
// the same few (type bounds, small constants) millions of times.
const maxLits = 4096

// NewPath starts a path at the entry of prog's main.
func NewPath(ctx *smt.Context, prog *ir.Program, mode Mode) (*Path, error) {
	if prog.Main == nil {
		return nil, fmt.Errorf("encode: program has no main")
	}
	if mode == BV {
		for _, v := range prog.Vars {
			if !v.Type.IsBounded() {
				return nil, fmt.Errorf("encode: %s has an unbounded type: no bit-vector encoding", v.Qual)
			}
		}
	}
	w := newWidths(prog)
	p := &Path{ctx: ctx, prog: prog, mode: mode, wide: w.wide, w: w, globals: map[int]*smt.Term{}, gconc: map[int]numeric.Int{}, ggrp: map[int]int{}, glazy: map[int]int{}, lits: map[int64]*smt.Term{}}
	p.frames = []*frame{{fn: prog.Main, vals: map[int]*smt.Term{}, conc: map[int]numeric.Int{}, grp: map[int]int{}, lazy: map[int]int{}}}
	return p, nil
}

// Mode returns the encoding.
func (p *Path) Mode() Mode { return p.mode }

// Inputs returns the program inputs met so far, in order.
func (p *Path) Inputs() []InputVar { return p.inputs }

// Depth returns the number of open frames below main (0 in main).
func (p *Path) Depth() int { return len(p.frames) - 1 }

// Func returns the function of the current frame.
func (p *Path) Func() *ir.Func { return p.frames[len(p.frames)-1].fn }

// Step encodes edge e, taken from the current frame's location, and
// returns the constraint it adds, nil when it adds none. An edge into a
// callee's Exit also returns to the caller. Precondition: e leaves a
// location of the current frame's function.
func (p *Path) Step(e *ir.Edge) (*smt.Term, error) {
	fr := p.frames[len(p.frames)-1]
	if e.From.Func != fr.fn {
		return nil, fmt.Errorf("encode: edge of %s taken in a frame of %s", e.From.Func.Name, fr.fn.Name)
	}
	p.pending = p.pending[:0]
	defer func() { p.hasNextAddr = false }()
	var c *smt.Term
	concolic := p.mem != nil
	sg := noGroup // the group of the step's constraint (Concolic)
	switch op := e.Op.(type) {
	case *ir.Assign:
		vals := make([]*smt.Term, len(op.Rhs))
		concs := make([]*numeric.Int, len(op.Rhs))
		var groups []int
		if concolic {
			for _, r := range op.Rhs {
				g := p.exprGroup(r)
				groups = append(groups, g)
				sg = p.grp.union(sg, g)
			}
		}
		lazy := make([]int, len(op.Rhs))
		for i, r := range op.Rhs {
			lazy[i] = -1
			if v, ok := p.concrete(r); ok {
				concs[i] = &v
				if !concolic {
					vals[i] = p.lit(v)
				}
			} else if k, ok := p.lazyCopy(r, op.Lhs[i]); ok {
				lazy[i] = k
			} else {
				vals[i] = p.Expr(r)
			}
		}
		for i, x := range op.Lhs {
			if concolic && concs[i] != nil {
				// Its literal is made when a term reads it (get).
				p.setKnown(x, *concs[i])
				p.setGroup(x, noGroup)
				continue
			}
			if lazy[i] >= 0 {
				p.setLazy(x, lazy[i])
			} else {
				p.set(x, vals[i])
			}
			p.setConc(x, concs[i])
			if concolic {
				p.setGroup(x, groups[i])
			}
		}
	case *ir.Assume:
		if op.Ghost && concolic {
			break // about ghost state: a run skips it
		}
		if v, ok := p.concreteCond(op.Cond); ok {
			if !v {
				c = p.ctx.False()
			}
		} else {
			c = p.Cond(op.Cond)
			if concolic {
				sg = p.condGroup(op.Cond)
			}
		}
	case *ir.Havoc:
		if op.Load != nil && concolic {
			if t, v, k, g, ok := p.memRead(op.Load); ok {
				if v != nil {
					t, g = p.lit(*v), noGroup
				}
				if k >= 0 && p.inputs[k].Havoc.Var.Type == op.Var.Type {
					p.setLazy(op.Var, k)
					p.setConc(op.Var, nil)
					p.setGroup(op.Var, g)
					break
				}
				if k >= 0 {
					t = p.materialize(k)
				}
				p.set(op.Var, t)
				p.setConc(op.Var, v)
				p.setGroup(op.Var, g)
				break
			}
		}
		if op.Ghost && concolic {
			v := ir.LeastMagnitude(op.Range)
			p.set(op.Var, p.lit(v))
			p.setConc(op.Var, &v)
			p.setGroup(op.Var, noGroup)
			break
		}
		if op.Def != nil {
			x, okx := p.concrete(op.Def.X)
			y, oky := p.concrete(op.Def.Y)
			if okx && oky {
				if v, err := op.Def.Apply(x, y); err == nil && op.Range.Contains(v) {
					p.set(op.Var, p.lit(v))
					p.setConc(op.Var, &v)
					if concolic {
						p.setGroup(op.Var, noGroup)
					}
					break
				}
			}
		}
		if concolic {
			if op.Def != nil {
				sg = p.grp.union(p.exprGroup(op.Def.X), p.exprGroup(op.Def.Y))
			}
			if sg == noGroup {
				sg = p.grp.add()
			}
		}
		if concolic && op.Input != "" && op.Def == nil {
			// A lazy input: its constant is made when a term reads it.
			p.inputs = append(p.inputs, InputVar{Havoc: op, Edge: e, group: sg})
			p.setLazy(op.Var, len(p.inputs)-1)
			p.setConc(op.Var, nil)
			p.setGroup(op.Var, sg)
			break
		}
		n0 := len(p.inputs)
		p.set(op.Var, p.havoc(op, e))
		p.setConc(op.Var, nil)
		if concolic {
			p.setGroup(op.Var, sg)
			if len(p.inputs) > n0 {
				p.inputs[n0].group = sg
			}
		}
	case *ir.Call:
		args := make([]*smt.Term, len(op.Args))
		for i, a := range op.Args {
			if v, ok := p.concrete(a); ok {
				args[i] = p.lit(v)
			} else {
				args[i] = p.Expr(a)
			}
		}
		if len(args) != len(op.Callee.Formals) {
			return nil, fmt.Errorf("encode: %s called with %d arguments, has %d formals", op.Callee.Name, len(args), len(op.Callee.Formals))
		}
		nf := &frame{fn: op.Callee, vals: map[int]*smt.Term{}, conc: map[int]numeric.Int{}, grp: map[int]int{}, lazy: map[int]int{}, call: op}
		for i, f := range op.Callee.Formals {
			nf.vals[f.ID] = p.fit(args[i], f)
			if v, ok := p.concrete(op.Args[i]); ok {
				nf.conc[f.ID] = v
			}
			if concolic {
				g := p.exprGroup(op.Args[i])
				nf.grp[f.ID] = g
				sg = p.grp.union(sg, g)
			}
		}
		p.frames = append(p.frames, nf)
		return p.finishIn(nil, sg)
	case *ir.Return:
		if op.HasValue && fr.fn.Ret != nil {
			if v, ok := p.concrete(op.Value); ok {
				p.set(fr.fn.Ret, p.lit(v))
				p.setConc(fr.fn.Ret, &v)
			} else {
				p.set(fr.fn.Ret, p.Expr(op.Value))
				p.setConc(fr.fn.Ret, nil)
			}
			if concolic {
				sg = p.exprGroup(op.Value)
				p.setGroup(fr.fn.Ret, sg)
			}
		}
	case *ir.Skip:
		if op.Mem != nil && concolic {
			p.memWrite(op.Mem)
		}
	default:
		return nil, fmt.Errorf("encode: unknown operation %T", op)
	}
	if e.To.Kind == ir.Exit && len(p.frames) > 1 {
		rg := noGroup
		if concolic && fr.call.Result != nil && fr.fn.Ret != nil {
			rg = p.groupOf(fr.fn.Ret, fr)
		}
		p.frames = p.frames[:len(p.frames)-1]
		if fr.call.Result != nil && fr.fn.Ret != nil {
			ret := p.get(fr.fn.Ret, fr)
			v, ok := fr.conc[fr.fn.Ret.ID]
			p.set(fr.call.Result, ret)
			if ok {
				p.setConc(fr.call.Result, &v)
			} else {
				p.setConc(fr.call.Result, nil)
			}
			if concolic {
				p.setGroup(fr.call.Result, rg)
			}
		}
	}
	return p.finishIn(c, sg)
}

// finishIn is finish, and files the step's constraint under group g when
// the path is concolic (slice.go).
func (p *Path) finishIn(c *smt.Term, g int) (*smt.Term, error) {
	t, err := p.finish(c)
	if err == nil && t != nil && p.mem != nil {
		p.record(t, g)
	}
	return t, err
}

// finish conjoins the pending range constraints with c.
func (p *Path) finish(c *smt.Term) (*smt.Term, error) {
	cs := append([]*smt.Term{}, p.pending...)
	if c != nil {
		cs = append(cs, c)
	}
	var t *smt.Term
	switch len(cs) {
	case 0:
		return nil, nil
	case 1:
		t = cs[0]
	default:
		t = p.ctx.And(cs...)
	}
	if err := t.Err(); err != nil {
		return nil, err
	}
	return t, nil
}

// get returns the current term of v in frame fr, creating an
// unconstrained initial value (within v's type) on first read.
func (p *Path) get(v *ir.Var, fr *frame) *smt.Term {
	vals := fr.vals
	if v.Scope == ir.Global {
		vals = p.globals
	}
	if t, ok := vals[v.ID]; ok {
		return t
	}
	if t := p.materializeVar(v, fr); t != nil {
		vals[v.ID] = t
		return t
	}
	if c, ok := p.concreteOf(v, fr); ok && p.mem != nil {
		t := p.fit(p.lit(c), v) // set by setKnown
		vals[v.ID] = t
		return t
	}
	t := p.fit(p.fresh(v.Qual+"@init", v.Type, p.initRange(v)), v)
	vals[v.ID] = t
	return t
}

// initRange returns the range of v's initial value (see newWidths): its
// type's in LIA.
func (p *Path) initRange(v *ir.Var) numeric.Range {
	if p.mode == BV {
		return p.w.init[v.ID]
	}
	return v.Type.Range()
}

func (p *Path) set(v *ir.Var, t *smt.Term) {
	if p.mem != nil {
		p.clearLazy(v)
	}
	t = p.fit(t, v)
	if v.Scope == ir.Global {
		p.globals[v.ID] = t
		return
	}
	p.frames[len(p.frames)-1].vals[v.ID] = t
}

// Var returns the current term of v (in the current frame).
func (p *Path) Var(v *ir.Var) *smt.Term { return p.get(v, p.frames[len(p.frames)-1]) }

// fresh returns a new value of type t within r: in LIA an Int constant
// with its bounds as pending constraints; in BV a vector of t's width,
// extended to a signed vector (and bounded when r is narrower than the
// type).
func (p *Path) fresh(name string, t ir.IntType, r numeric.Range) *smt.Term {
	p.n++
	name = fmt.Sprintf("%s#%d", name, p.n)
	if p.mode == LIA {
		x := p.ctx.Const(name, p.ctx.IntSort())
		p.bound(x, r)
		if t.IsBounded() && !within(r, t) {
			// Bounds beyond int64 are infinite in r; the type's are exact.
			p.pending = append(p.pending, p.le(p.lit(t.Min()), x), p.le(x, p.lit(t.Max())))
		}
		return x
	}
	w := t.Bits
	x := p.ctx.Const(name, p.ctx.BVSort(w))
	wx := p.extend(x, t)
	if !(r.Lo.IsFinite() && r.Lo.Int().Cmp(t.Min()) == 0 && r.Hi.IsFinite() && r.Hi.Int().Cmp(t.Max()) == 0) {
		p.bound(wx, r)
	}
	return wx
}

// within reports whether r's bounds are finite and within t's range.
func within(r numeric.Range, t ir.IntType) bool {
	return r.Lo.IsFinite() && r.Hi.IsFinite() && r.Lo.Int().Cmp(t.Min()) >= 0 && r.Hi.Int().Cmp(t.Max()) <= 0
}

// extend makes a t.Bits-bit vector a signed vector of the same value:
// itself for a signed t, one zero bit wider for an unsigned one.
func (p *Path) extend(x *smt.Term, t ir.IntType) *smt.Term {
	if t.Signed {
		return x
	}
	return p.ctx.ZeroExt(x, 1)
}

// width returns the width of a signed vector (BV).
func width(x *smt.Term) int { return x.Sort().Width() }

// fit returns the value t (a signed vector in BV) at the width v's values
// are kept in: sign-extended, or cut to its low bits, which keeps the
// value because every value of v fits there. t itself in LIA.
func (p *Path) fit(t *smt.Term, v *ir.Var) *smt.Term {
	if p.mode != BV {
		return t
	}
	return p.resize(t, p.w.vw[v.ID])
}

// resize sign-extends or cuts the signed vector t to w bits.
func (p *Path) resize(t *smt.Term, w int) *smt.Term {
	if width(t) != w {
		if v, ok := p.value(t); ok {
			return p.litAt(v, w)
		}
	}
	switch tw := width(t); {
	case tw < w:
		return p.ctx.SignExt(t, w-tw)
	case tw > w:
		return p.ctx.Extract(t, w-1, 0)
	}
	return t
}

// litFor returns x, sign-extended when c needs more bits, and the literal
// c at the same width: x compared with c is then exact (in LIA, x and c).
func (p *Path) litFor(x *smt.Term, c numeric.Int) (*smt.Term, *smt.Term) {
	if p.mode != BV {
		return x, p.lit(c)
	}
	w := max(width(x), c.Big().BitLen()+1)
	x = p.resize(x, w)
	return x, p.ctx.BVBig(c.Big(), w)
}

// leConst returns c <= x, exactly.
func (p *Path) leConst(c numeric.Int, x *smt.Term) *smt.Term {
	x, l := p.litFor(x, c)
	return p.le(l, x)
}

// atMost returns x <= c, exactly.
func (p *Path) atMost(x *smt.Term, c numeric.Int) *smt.Term {
	x, l := p.litFor(x, c)
	return p.le(x, l)
}

// eqConst returns x = c, exactly.
func (p *Path) eqConst(x *smt.Term, c numeric.Int) *smt.Term {
	x, l := p.litFor(x, c)
	return p.ctx.Eq(x, l)
}

// bound adds r's finite bounds on x to the pending constraints.
func (p *Path) bound(x *smt.Term, r numeric.Range) {
	if r.Lo.IsFinite() {
		p.pending = append(p.pending, p.leConst(r.Lo.Int(), x))
	}
	if r.Hi.IsFinite() {
		p.pending = append(p.pending, p.atMost(x, r.Hi.Int()))
	}
}

// havoc returns the value of a Havoc edge.
func (p *Path) havoc(h *ir.Havoc, e *ir.Edge) *smt.Term {
	v, raw := p.havocTerm(h)
	if raw != nil && h.Input != "" {
		p.inputs = append(p.inputs, InputVar{Havoc: h, Edge: e, Term: raw})
	}
	return v
}

// havocTerm returns the value of a Havoc and, unless it is a Def's, the
// constant it is made of (in BV a vector of the type's width, which the
// value extends).
func (p *Path) havocTerm(h *ir.Havoc) (value, raw *smt.Term) {
	if h.Def != nil {
		if t := p.def(h.Def); t != nil {
			if p.mode == LIA {
				p.bound(t, h.Range)
			}
			return t, nil
		}
	}
	t := h.Var.Type
	if !t.IsBounded() || p.mode == LIA {
		x := p.fresh(h.Var.Qual, t, h.Range)
		return x, x
	}
	// BV: the input is a vector of the variable's width.
	p.n++
	x := p.ctx.Const(fmt.Sprintf("%s#%d", h.Var.Qual, p.n), p.ctx.BVSort(t.Bits))
	wx := p.extend(x, t)
	if !(h.Range.Lo.IsFinite() && h.Range.Lo.Int().Cmp(t.Min()) == 0 && h.Range.Hi.IsFinite() && h.Range.Hi.Int().Cmp(t.Max()) == 0) {
		p.bound(wx, h.Range)
	}
	return wx, x
}

// lit returns the literal c (in BV at the widest value width: every value
// of a variable fits, and set cuts it to the variable's).
func (p *Path) lit(c numeric.Int) *smt.Term {
	if p.mode == LIA {
		if v, ok := c.Int64(); ok {
			if t, ok := p.lits[v]; ok {
				return t
			}
			t := p.ctx.IntVal(v)
			if len(p.lits) < maxLits {
				p.lits[v] = t
			}
			return t
		}
		return p.ctx.IntBig(c.Big())
	}
	return p.ctx.BVBig(c.Big(), max(p.wide, c.Big().BitLen()+1))
}

func (p *Path) le(a, b *smt.Term) *smt.Term {
	if p.mode == LIA {
		return p.ctx.Le(a, b)
	}
	return p.ctx.BVSLe(a, b)
}

func (p *Path) add(a, b *smt.Term) *smt.Term {
	if p.mode == LIA {
		return p.ctx.Add(a, b)
	}
	return p.ctx.BVAdd(a, b)
}

func (p *Path) mul(a, b *smt.Term) *smt.Term {
	if p.mode == LIA {
		return p.ctx.Mul(a, b)
	}
	return p.ctx.BVMul(a, b)
}

// Expr returns the term of a linear expression over the current frame:
// in BV a signed vector of the width the expression needs (see widths),
// computed exactly; set cuts it to the variable it is assigned to, which
// keeps the value (an assigned value is in its variable's type).
func (p *Path) Expr(e numeric.LinExpr) *smt.Term {
	if p.mode == LIA {
		return p.exprAt(e, 0)
	}
	return p.exprAt(e, p.w.need(e))
}

// exprAtLeast is Expr at w bits at least (BV).
func (p *Path) exprAtLeast(e numeric.LinExpr, w int) *smt.Term {
	if p.mode == LIA {
		return p.exprAt(e, 0)
	}
	return p.exprAt(e, max(w, p.w.need(e)))
}

// exprAt returns the term of e, in BV at width w >= need(e) (operands
// sign-extended from their variables' widths).
func (p *Path) exprAt(e numeric.LinExpr, w int) *smt.Term {
	if v, ok := p.foldExpr(e); ok {
		return p.litAt(v, w)
	}
	return p.exprTerm(e, w)
}

// exprTerm is exprAt without folding (for an e that does not fold).
func (p *Path) exprTerm(e numeric.LinExpr, w int) *smt.Term {
	lit := p.lit
	if p.mode == BV {
		lit = func(c numeric.Int) *smt.Term { return p.ctx.BVBig(c.Big(), w) }
	}
	t := lit(e.Constant())
	for i := 0; i < e.NumTerms(); i++ {
		tm := e.Term(i)
		x := p.Var(p.prog.Vars[tm.Dim])
		if p.mode == BV {
			x = p.resize(x, w)
		}
		c := tm.Coef
		neg := p.mode == BV && c.Sign() < 0
		if neg {
			// A negative constant has w-|c| one bits, and a solver
			// that bit-blasts a product by a constant adds a shifted
			// copy per one bit (144 adders of 144 bits for -1): a
			// subtraction of |c| x costs one.
			c = c.Neg()
		}
		if c.Cmp(numeric.I(1)) != 0 {
			x = p.mul(lit(c), x)
		}
		switch {
		case i == 0 && e.Constant().IsZero() && neg:
			t = p.ctx.BVNeg(x)
		case i == 0 && e.Constant().IsZero():
			t = x
		case neg:
			t = p.ctx.BVSub(t, x)
		default:
			t = p.add(t, x)
		}
	}
	return t
}

// Constraint returns the term of a linear constraint (in BV compared at
// the width its expression needs: exact).
func (p *Path) Constraint(c numeric.Constraint) *smt.Term {
	w := 0
	if p.mode == BV {
		w = p.w.need(c.Expr())
	}
	if v, ok := p.foldExpr(c.Expr()); ok {
		if c.Kind() == numeric.EQ {
			return p.ctx.BoolVal(v.IsZero())
		}
		return p.ctx.BoolVal(v.Sign() <= 0)
	}
	e := p.exprTerm(c.Expr(), w)
	zero := p.ctx.IntVal(0)
	if p.mode == BV {
		zero = p.ctx.BVBig(new(big.Int), w)
	}
	if c.Kind() == numeric.EQ {
		return p.ctx.Eq(e, zero)
	}
	if p.mode == LIA {
		return p.ctx.Le(e, zero)
	}
	return p.ctx.BVSLe(e, zero)
}

// Congruence returns the term of a linear congruence (in BV at a width
// that holds its expression and its modulus: exact).
func (p *Path) Congruence(c numeric.Congruence) *smt.Term {
	if v, ok := p.foldExpr(c.Expr()); ok {
		return p.ctx.BoolVal(v.Divisible(c.Mod()))
	}
	if p.mode == LIA {
		e := p.exprTerm(c.Expr(), 0)
		return p.ctx.Eq(p.ctx.Mod(e, p.ctx.IntBig(c.Mod().Big())), p.ctx.IntVal(0))
	}
	w := p.w.need(c.Expr())
	if w == 0 {
		// An unbounded variable: no exact width, so the congruence is
		// an unknown Boolean (a check that needs it fails).
		p.n++
		return p.ctx.Const(fmt.Sprintf("choice#%d", p.n), p.ctx.BoolSort())
	}
	w = max(w, c.Mod().Big().BitLen()+1)
	e := p.exprTerm(c.Expr(), w)
	return p.ctx.Eq(p.ctx.BVSRem(e, p.ctx.BVBig(c.Mod().Big(), w)), p.ctx.BVBig(new(big.Int), w))
}

// Cond returns the term of a condition. A Nondet condition is a fresh
// Boolean: the path's choice.
func (p *Path) Cond(c ir.Cond) *smt.Term {
	switch c := c.(type) {
	case *ir.Atom:
		return p.Constraint(c.C)
	case *ir.Congruence:
		return p.Congruence(c.C)
	case *ir.Not:
		x := p.Cond(c.X)
		if b, ok := p.foldBool(x); ok {
			return p.ctx.BoolVal(!b)
		}
		return p.ctx.Not(x)
	case *ir.And:
		return p.junction(c.Xs, false)
	case *ir.Or:
		return p.junction(c.Xs, true)
	case *ir.BoolConst:
		return p.ctx.BoolVal(c.V)
	case *ir.Nondet:
		p.n++
		return p.ctx.Const(fmt.Sprintf("choice#%d", p.n), p.ctx.BoolSort())
	}
	panic(fmt.Sprintf("encode: unknown condition %T", c))
}

// junction returns the conjunction (or false) or the disjunction (or
// true) of cs, folding literal operands.
func (p *Path) junction(cs []ir.Cond, or bool) *smt.Term {
	ts := make([]*smt.Term, 0, len(cs))
	for _, x := range cs {
		t := p.Cond(x)
		if b, ok := p.foldBool(t); ok {
			if b == or {
				return p.ctx.BoolVal(or) // decides the junction
			}
			continue // neutral
		}
		ts = append(ts, t)
	}
	switch len(ts) {
	case 0:
		return p.ctx.BoolVal(!or)
	case 1:
		return ts[0]
	}
	if or {
		return p.ctx.Or(ts...)
	}
	return p.ctx.And(ts...)
}

// def returns the term of a Def, or nil when the encoding leaves it to a
// havoc (LIA: products, bitwise operations, non-constant divisors).
func (p *Path) def(d *ir.Def) *smt.Term {
	if p.mode == LIA {
		return p.liaDef(d)
	}
	return p.bvDef(d)
}

func (p *Path) liaDef(d *ir.Def) *smt.Term {
	if !d.Y.IsConst() {
		return nil
	}
	m := d.Y.Constant()
	if m.Sign() <= 0 {
		return nil
	}
	if r := p.foldLIADef(d, m); r != nil {
		return r
	}
	x := p.Expr(d.X)
	mt := p.lit(m)
	switch d.Op {
	case ir.DefFloorDiv:
		return p.ctx.Div(x, mt) // SMT-LIB div is floor for a positive divisor
	case ir.DefDiv, ir.DefRem:
		// Truncation toward zero: floor for x >= 0, -floor(-x/m) below.
		zero := p.ctx.IntVal(0)
		q := p.ctx.Ite(p.ctx.Ge(x, zero), p.ctx.Div(x, mt), p.ctx.Neg(p.ctx.Div(p.ctx.Neg(x), mt)))
		if d.Op == ir.DefDiv {
			return q // |q| <= |x|: within the type, no wrap
		}
		return p.ctx.Sub(x, p.ctx.Mul(mt, q))
	}
	return nil
}

// bvDef computes d at d.Type's width with C's semantics, as a signed
// vector (see extend).
func (p *Path) bvDef(d *ir.Def) *smt.Term {
	t := d.Type
	if !t.IsBounded() || t.Bits > 128 {
		return nil
	}
	if d.Op == ir.DefFloorDiv {
		// A wrap-around count divides by a power of two: an arithmetic
		// shift at the width the dividend needs, which costs the solver nothing and
		// lets it propagate the value (a fresh value pinned by the
		// Assumes after the Havoc hid constants from its simplifier: 4
		// iterations of a generated task ran 30 s with its inputs fixed).
		// Other quotients stay fresh values: a division at Wide bits
		// would cost far more.
		if s, ok := log2(d.Y); ok {
			w := p.w.need(d.X)
			x := p.exprAt(d.X, w)
			return p.ctx.BVAShr(x, p.ctx.BVBig(big.NewInt(int64(s)), w))
		}
		return nil
	}
	if r := p.foldBVDef(d); r != nil {
		return r
	}
	if r := p.narrowDef(d); r != nil {
		return r
	}
	w := t.Bits
	x := p.ctx.Extract(p.exprAtLeast(d.X, w), w-1, 0)
	y := p.ctx.Extract(p.exprAtLeast(d.Y, w), w-1, 0)
	var r *smt.Term
	switch d.Op {
	case ir.DefMul:
		r = p.ctx.BVMul(x, y)
		if t.Signed {
			p.defOvf = p.ctx.Not(p.ctx.BVMulNoOverflow(x, y, true))
		}
	case ir.DefDiv:
		if t.Signed {
			r = p.ctx.BVSDiv(x, y)
		} else {
			r = p.ctx.BVUDiv(x, y)
		}
	case ir.DefRem:
		if t.Signed {
			r = p.ctx.BVSRem(x, y)
		} else {
			r = p.ctx.BVURem(x, y)
		}
	case ir.DefShl:
		r = p.ctx.BVShl(x, y)
		if t.Signed {
			// Undefined in C: a negative operand, or bits shifted into or
			// past the sign bit (shifting back does not give x, or the
			// result is negative).
			zero := p.ctx.BVVal(0, w)
			p.defOvf = p.ctx.Or(p.ctx.BVSLt(x, zero), p.ctx.BVSLt(r, zero),
				p.ctx.Not(p.ctx.Eq(p.ctx.BVAShr(r, y), x)))
		}
	case ir.DefShr:
		if t.Signed {
			r = p.ctx.BVAShr(x, y)
		} else {
			r = p.ctx.BVLShr(x, y)
		}
	case ir.DefAnd:
		r = p.ctx.BVAnd(x, y)
	case ir.DefOr:
		r = p.ctx.BVOr(x, y)
	case ir.DefXor:
		r = p.ctx.BVXor(x, y)
	default:
		return nil
	}
	return p.extend(r, t)
}

// log2 returns s when e is the constant 2^s, s >= 0.
func log2(e numeric.LinExpr) (int, bool) {
	if !e.IsConst() {
		return 0, false
	}
	b := e.Constant().Big()
	if b.Sign() <= 0 || new(big.Int).And(b, new(big.Int).Sub(b, big.NewInt(1))).Sign() != 0 {
		return 0, false
	}
	return b.BitLen() - 1, true
}

// Value reads an input's value from a model evaluation of its term: ints
// as they are, bit vectors as the two's complement of the input's type.
func Value(in InputVar, raw *big.Int) numeric.Int {
	t := in.Havoc.Var.Type
	if in.Term.Kind() != smt.KindBV || !t.Signed {
		return numeric.IntFromBig(raw)
	}
	v := new(big.Int).Set(raw)
	if v.Bit(t.Bits-1) == 1 {
		v.Sub(v, new(big.Int).Lsh(big.NewInt(1), uint(t.Bits)))
	}
	return numeric.IntFromBig(v)
}

// concreteOf returns v's value in frame fr when it is known.
func (p *Path) concreteOf(v *ir.Var, fr *frame) (numeric.Int, bool) {
	conc := fr.conc
	if v.Scope == ir.Global {
		conc = p.gconc
	}
	x, ok := conc[v.ID]
	return x, ok
}

func (p *Path) setConc(v *ir.Var, x *numeric.Int) {
	conc := p.frames[len(p.frames)-1].conc
	if v.Scope == ir.Global {
		conc = p.gconc
	}
	if x == nil {
		delete(conc, v.ID)
	} else {
		conc[v.ID] = *x
	}
}

// concrete returns e's value in the current frame when every variable it
// mentions has a known value.
func (p *Path) concrete(e numeric.LinExpr) (numeric.Int, bool) {
	fr := p.frames[len(p.frames)-1]
	v := e.Constant()
	for i := 0; i < e.NumTerms(); i++ {
		tm := e.Term(i)
		x, ok := p.concreteOf(p.prog.Vars[tm.Dim], fr)
		if !ok {
			return numeric.Int{}, false
		}
		v = v.Add(tm.Coef.Mul(x))
	}
	return v, true
}

// concreteCond evaluates c when its value is known.
func (p *Path) concreteCond(c ir.Cond) (bool, bool) {
	switch c := c.(type) {
	case *ir.Atom:
		v, ok := p.concrete(c.C.Expr())
		if !ok {
			return false, false
		}
		if c.C.Kind() == numeric.EQ {
			return v.IsZero(), true
		}
		return v.Sign() <= 0, true
	case *ir.Not:
		v, ok := p.concreteCond(c.X)
		return !v, ok
	case *ir.And:
		all := true
		for _, x := range c.Xs {
			v, ok := p.concreteCond(x)
			if ok && !v {
				return false, true
			}
			all = all && ok
		}
		return true, all
	case *ir.Or:
		all := true
		for _, x := range c.Xs {
			v, ok := p.concreteCond(x)
			if ok && v {
				return true, true
			}
			all = all && ok
		}
		return false, all
	case *ir.BoolConst:
		return c.V, true
	}
	return false, false
}

// Symbolic reports whether c's value in the current state depends on an
// input or an arbitrary value: a condition that does not has the same
// value on every run that follows the path so far, so no solver query can
// flip it.
func (p *Path) Symbolic(c ir.Cond) bool {
	_, known := p.concreteCond(c)
	return !known
}
