// This file defines Terms: the term building of the path encoding (Path)
// over a state the caller owns, for encodings of many paths at once
// (bounded model checking's unwound program, with φ-functions at merges).

package encode

import (
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/smt"
)

// State maps variable IDs to their current terms. A whole-program encoder
// keeps one per node of its graph.
type State map[int]*smt.Term

// Terms builds the terms of IR expressions, conditions and havocs in one
// encoding (LIA or BV) over a caller's State, exactly as Path does along a
// path: a caller that chains the results edge by edge gets Path's
// formula. Side constraints (the ranges of fresh values) are returned,
// not asserted: the caller decides under which guard they hold.
type Terms struct {
	p *Path
}

// NewTerms returns the term builder of prog in mode (an error when BV is
// asked of a program with unbounded variables).
func NewTerms(ctx *smt.Context, prog *ir.Program, mode Mode) (*Terms, error) {
	p, err := NewPath(ctx, prog, mode)
	if err != nil {
		return nil, err
	}
	p.fold = true
	return &Terms{p: p}, nil
}

// Mode returns the encoding.
func (t *Terms) Mode() Mode { return t.p.mode }

// Wide returns the width of the widest bit vectors values are kept in
// (BV; each variable's own is at most that), 0 in LIA.
func (t *Terms) Wide() int {
	if t.p.mode == BV {
		return t.p.wide
	}
	return 0
}

// Width returns the width BV computes e at (exactly: see widths), 0 in
// LIA.
func (t *Terms) Width(e numeric.LinExpr) int {
	if t.p.mode == BV {
		return t.p.w.need(e)
	}
	return 0
}

// use points the path's lookups at st.
func (t *Terms) use(st State) {
	t.p.pending = t.p.pending[:0]
	t.p.unfit = t.p.unfit[:0]
	t.p.defOvf = nil
	t.p.globals = st
	t.p.frames = t.p.frames[:1]
	t.p.frames[0].vals = st
}

// side returns the pending constraints (copied).
func (t *Terms) side() []*smt.Term {
	if len(t.p.pending) == 0 {
		return nil
	}
	return append([]*smt.Term(nil), t.p.pending...)
}

// Lit returns the literal c.
func (t *Terms) Lit(c numeric.Int) *smt.Term { return t.p.lit(c) }

// EqConst returns x = c, for a value x of any width (BV) or an Int.
func (t *Terms) EqConst(x *smt.Term, c numeric.Int) *smt.Term { return t.p.eqConst(x, c) }

// Fit returns the value x at the width v's values are kept in (BV): a
// value given to a variable goes through Fit, or comes from a method that
// names the variable (ExprAs, Havoc, Initial).
func (t *Terms) Fit(v *ir.Var, x *smt.Term) *smt.Term { return t.p.fit(x, v) }

// ExprAs returns the term of e in st as a value of v (e assigned to v,
// or passed to the formal v).
func (t *Terms) ExprAs(st State, v *ir.Var, e numeric.LinExpr) *smt.Term {
	return t.Fit(v, t.Expr(st, e))
}

// Le returns a <= b over linear-arithmetic terms.
func (t *Terms) Le(a, b *smt.Term) *smt.Term { return t.p.le(a, b) }

// Initial returns an arbitrary value of v's type (an uninitialised
// variable) and the constraints that bound it.
func (t *Terms) Initial(v *ir.Var) (*smt.Term, []*smt.Term) {
	t.p.pending = t.p.pending[:0]
	x := t.p.fit(t.p.fresh(v.Qual+"@init", v.Type, t.p.initRange(v)), v)
	return x, t.side()
}

// Expr returns the term of e in st. Precondition: st has every variable
// of e (a missing one gets an unconstrained initial value, recorded in
// st, whose range constraints are lost).
func (t *Terms) Expr(st State, e numeric.LinExpr) *smt.Term {
	t.use(st)
	return t.p.Expr(e)
}

// Constraint returns the term of c in st.
func (t *Terms) Constraint(st State, c numeric.Constraint) *smt.Term {
	t.use(st)
	return t.p.Constraint(c)
}

// Cond returns the term of c in st (a Nondet is a fresh Boolean).
func (t *Terms) Cond(st State, c ir.Cond) *smt.Term {
	t.use(st)
	return t.p.Cond(c)
}

// Havoc returns the value h gives its variable in st, the constraints
// that hold when the edge is taken (ranges; in LIA the range of a Def's
// value, which is a function of st), and the input term when h is a
// program input (a bit vector of the C type's width in BV). Unlike
// Path, a Def whose operands C leaves undefined (division by zero, the
// signed division overflow, a shift out of range) is a fresh value in
// range there, not the solver's total version of the operation: a
// formula must not decide what gcc does on undefined behaviour.
func (t *Terms) Havoc(st State, h *ir.Havoc, e *ir.Edge) (val *smt.Term, side []*smt.Term, input *InputVar) {
	t.use(st)
	n := len(t.p.inputs)
	v := t.p.fit(t.p.havoc(h, e), h.Var)
	if h.Def != nil && t.p.mode == BV && t.p.def(h.Def) != nil {
		if ub := t.undefined(h.Def); ub != nil {
			x := t.p.fit(t.p.fresh(h.Var.Qual+"@ub", h.Var.Type, h.Range), h.Var)
			v = t.p.ctx.Ite(ub, x, v)
		}
	}
	if len(t.p.inputs) > n {
		in := t.p.inputs[len(t.p.inputs)-1]
		input = &in
	}
	return v, t.side(), input
}

// undefined returns the condition under which the BV value of d is
// undefined in C, nil when it never is. Precondition: t.use was called.
func (t *Terms) undefined(d *ir.Def) *smt.Term {
	c := t.p.ctx
	switch d.Op {
	case ir.DefDiv, ir.DefRem:
		y := t.p.Expr(d.Y)
		ub := t.p.eqConst(y, numeric.I(0))
		if d.Type.Signed {
			x := t.p.Expr(d.X)
			ub = c.Or(ub, c.And(t.p.eqConst(y, numeric.I(-1)), t.p.eqConst(x, d.Type.Min())))
		}
		return ub
	case ir.DefShl, ir.DefShr:
		y := t.p.Expr(d.Y)
		return c.Or(t.p.atMost(y, numeric.I(-1)), t.p.leConst(numeric.I(int64(d.Type.Bits)), y))
	}
	return nil
}
