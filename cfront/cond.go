// This file translates C expressions in Boolean context into Assume
// edges: && and || by short-circuit control flow, ! by swapping the
// targets, comparisons as linear atoms over the operands converted by the
// usual arithmetic conversions, and any other scalar as "!= 0".

package cfront

import (
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"modernc.org/cc/v4"
)

// branch adds cur -[c]-> t and cur -[!c]-> f (one skip edge when c is
// constant). cur is left for the caller to set.
func (b *builder) branch(c ir.Cond, t, f *ir.Loc, pos ir.Pos) {
	if k, ok := c.(*ir.BoolConst); ok {
		if k.V {
			b.f.AddEdge(b.cur, t, &ir.Skip{}, pos)
		} else {
			b.f.AddEdge(b.cur, f, &ir.Skip{}, pos)
		}
		return
	}
	if _, ok := c.(*ir.Nondet); ok {
		b.f.AddEdge(b.cur, t, &ir.Skip{}, pos)
		b.f.AddEdge(b.cur, f, &ir.Skip{}, pos)
		return
	}
	b.f.AddEdge(b.cur, t, &ir.Assume{Cond: c}, pos)
	b.f.AddEdge(b.cur, f, &ir.Assume{Cond: ir.Negate(c)}, pos)
}

// cond translates n as a condition: control goes from cur to t when n is
// non-zero, to f otherwise. cur is left for the caller to set.
func (b *builder) cond(n cc.ExpressionNode, t, f *ir.Loc) {
	n = strip(n)
	pos := b.pos(n)
	if c, ok := constValue(n); ok && n.Pure() {
		b.branch(&ir.BoolConst{V: !c.IsZero()}, t, f, pos)
		return
	}
	switch n := n.(type) {
	case *cc.LogicalAndExpression:
		if n.Case == cc.LogicalAndExpressionLAnd {
			mid := b.newLoc(pos)
			b.cond(n.LogicalAndExpression, mid, f)
			b.cur = mid
			b.cond(n.InclusiveOrExpression, t, f)
			return
		}
	case *cc.LogicalOrExpression:
		if n.Case == cc.LogicalOrExpressionLOr {
			mid := b.newLoc(pos)
			b.cond(n.LogicalOrExpression, t, mid)
			b.cur = mid
			b.cond(n.LogicalAndExpression, t, f)
			return
		}
	case *cc.UnaryExpression:
		if n.Case == cc.UnaryExpressionNot {
			b.cond(n.CastExpression, f, t)
			return
		}
	case *cc.ExpressionList:
		for l := n; l != nil; l = l.ExpressionList {
			if l.ExpressionList == nil {
				b.cond(l.AssignmentExpression, t, f)
				return
			}
			b.discard(l.AssignmentExpression)
		}
		return
	case *cc.EqualityExpression:
		switch n.Case {
		case cc.EqualityExpressionEq:
			b.compare(n, "==", n.EqualityExpression, n.RelationalExpression, t, f)
			return
		case cc.EqualityExpressionNeq:
			b.compare(n, "!=", n.EqualityExpression, n.RelationalExpression, t, f)
			return
		}
	case *cc.RelationalExpression:
		op := map[cc.RelationalExpressionCase]string{
			cc.RelationalExpressionLt: "<", cc.RelationalExpressionGt: ">",
			cc.RelationalExpressionLeq: "<=", cc.RelationalExpressionGeq: ">=",
		}[n.Case]
		if op != "" {
			b.compare(n, op, n.RelationalExpression, n.ShiftExpression, t, f)
			return
		}
	case *cc.ConditionalExpression:
		if n.Case == cc.ConditionalExpressionCond && n.ExpressionList != nil {
			tl, fl := b.newLoc(pos), b.newLoc(pos)
			b.cond(n.LogicalOrExpression, tl, fl)
			b.cur = tl
			b.cond(n.ExpressionList, t, f)
			b.cur = fl
			b.cond(n.ConditionalExpression, t, f)
			return
		}
	}
	v := asInteger(b.eval(n))
	if !v.isInt {
		b.diag(pos, ir.Warning, "condition on %s not modelled: nondeterministic", v.what)
		b.branch(&ir.Nondet{}, t, f, pos)
		return
	}
	v = b.normalize(b.convert(v, promote(v.t), pos), pos)
	b.branch(ir.NewAtom(numeric.Eq(v.e, numeric.Const(0))), f, t, pos)
}

// compare translates the comparison ln op rn.
func (b *builder) compare(n cc.ExpressionNode, op string, ln, rn cc.ExpressionNode, t, f *ir.Loc) {
	pos := b.pos(n)
	l := asInteger(b.eval(ln))
	if !rn.Pure() {
		l = b.protect(l, pos)
	}
	r := asInteger(b.eval(rn))
	if !l.isInt || !r.isInt {
		what := l.what
		if l.isInt {
			what = r.what
		}
		b.diag(pos, ir.Warning, "comparison of %s not modelled: nondeterministic", what)
		b.branch(&ir.Nondet{}, t, f, pos)
		return
	}
	ct := arithConv(l.t, r.t)
	l = b.normalize(b.convert(l, ct, pos), pos)
	r = b.normalize(b.convert(r, ct, pos), pos)
	var c ir.Cond
	switch op {
	case "==":
		c = ir.NewAtom(numeric.Eq(l.e, r.e))
	case "!=":
		// Branch on the equality with the targets swapped: its negation
		// is the disjunction x < y || x > y.
		b.branch(ir.NewAtom(numeric.Eq(l.e, r.e)), f, t, pos)
		return
	case "<":
		c = ir.NewAtom(numeric.Lt(l.e, r.e))
	case ">":
		c = ir.NewAtom(numeric.Gt(l.e, r.e))
	case "<=":
		c = ir.NewAtom(numeric.Le(l.e, r.e))
	case ">=":
		c = ir.NewAtom(numeric.Ge(l.e, r.e))
	}
	b.branch(c, t, f, pos)
}
