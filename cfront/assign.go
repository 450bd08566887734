// This file implements unary and postfix operators, assignments, ++/--,
// lvalues, and expressions evaluated for their side effects only.

package cfront

import (
	"strings"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"modernc.org/cc/v4"
)

func (b *builder) unary(n *cc.UnaryExpression, want bool) value {
	pos := b.pos(n)
	switch n.Case {
	case cc.UnaryExpressionPostfix:
		return b.eval(n.PostfixExpression)
	case cc.UnaryExpressionInc:
		return b.incDec(n.UnaryExpression, 1, true, want, pos)
	case cc.UnaryExpressionDec:
		return b.incDec(n.UnaryExpression, -1, true, want, pos)
	case cc.UnaryExpressionAddrof:
		if v, ok := b.funcValue(n.CastExpression); ok {
			return v // &f is f's address
		}
		b.lvalue(n.CastExpression)
		return opaque("address")
	case cc.UnaryExpressionDeref:
		v := b.eval(n.CastExpression)
		if isFnPtr(v) {
			return v // *p designates the function, which decays to p again
		}
		return opaque("value read through a pointer")
	case cc.UnaryExpressionPlus, cc.UnaryExpressionMinus, cc.UnaryExpressionCpl:
		v := b.eval(n.CastExpression)
		rt, ok := intType(n.Type())
		if !ok {
			return opaque("value of type " + typeStr(n.Type()))
		}
		v = b.convert(v, rt, pos)
		switch n.Case {
		case cc.UnaryExpressionMinus:
			v.e = v.e.Neg()
		case cc.UnaryExpressionCpl:
			// ~x == -x - 1 in two's complement, modulo 2^n.
			v.e = v.e.Neg().AddConst(numeric.I(-1))
		}
		return v
	case cc.UnaryExpressionNot:
		return b.boolValue(n)
	case cc.UnaryExpressionSizeofExpr, cc.UnaryExpressionSizeofType,
		cc.UnaryExpressionAlignofExpr, cc.UnaryExpressionAlignofType:
		if c, ok := constValue(n); ok {
			t, _ := intType(n.Type())
			return constVal(c, t)
		}
		if t, ok := intType(n.Type()); ok {
			return b.havocVal(t, pos, "non-constant sizeof not modelled: havoc")
		}
		return opaque("sizeof")
	case cc.UnaryExpressionLabelAddr:
		b.unsupported(pos, "address of label")
		return opaque("label address")
	}
	b.eval(n.CastExpression)
	return opaque("complex value")
}

func (b *builder) postfix(n *cc.PostfixExpression, want bool) value {
	pos := b.pos(n)
	switch n.Case {
	case cc.PostfixExpressionPrimary:
		return b.eval(n.PrimaryExpression)
	case cc.PostfixExpressionIndex:
		b.eval(n.PostfixExpression)
		b.discard(n.ExpressionList)
		return opaque("array element")
	case cc.PostfixExpressionCall:
		return b.call(n, want)
	case cc.PostfixExpressionSelect:
		b.eval(n.PostfixExpression)
		return opaque("struct or union field")
	case cc.PostfixExpressionPSelect:
		b.eval(n.PostfixExpression)
		return opaque("field read through a pointer")
	case cc.PostfixExpressionInc:
		return b.incDec(n.PostfixExpression, 1, false, want, pos)
	case cc.PostfixExpressionDec:
		return b.incDec(n.PostfixExpression, -1, false, want, pos)
	}
	return opaque("compound literal")
}

// lvalue evaluates the side effects of an lvalue and returns the modelled
// variable it denotes, or nil and what it is (empty for an unmodelled
// named object, whose reads are havoc anyway).
func (b *builder) lvalue(n cc.ExpressionNode) (*ir.Var, string) {
	switch n := strip(n).(type) {
	case *cc.PrimaryExpression:
		if n.Case == cc.PrimaryExpressionIdent {
			var d *cc.Declarator
			switch r := n.ResolvedTo().(type) {
			case *cc.Declarator:
				d = r
			case *cc.Parameter:
				d = r.Declarator
			}
			if d != nil {
				if v := b.lookup(d); v != nil {
					return v, ""
				}
			}
			return nil, ""
		}
	case *cc.PostfixExpression:
		switch n.Case {
		case cc.PostfixExpressionIndex:
			b.eval(n.PostfixExpression)
			b.discard(n.ExpressionList)
			if namedObject(n.PostfixExpression, cc.Array) {
				return nil, "an element of a named array"
			}
			return nil, "an array element"
		case cc.PostfixExpressionSelect:
			_, what := b.lvalue(n.PostfixExpression)
			if what == "" && namedObject(n.PostfixExpression, cc.Struct, cc.Union) {
				return nil, "a field of a named struct or union"
			}
			if what == "" {
				what = "a struct or union field"
			}
			return nil, what
		case cc.PostfixExpressionPSelect:
			b.eval(n.PostfixExpression)
			return nil, "a field through a pointer"
		}
	case *cc.UnaryExpression:
		if n.Case == cc.UnaryExpressionDeref {
			b.eval(n.CastExpression)
			return nil, "a pointer target"
		}
	}
	b.eval(n)
	return nil, "a non-variable lvalue"
}

// writeThrough accounts for a write to an unmodelled object: it is
// dropped (reads of such objects are havoc), and every modelled global
// whose address is taken is havocked because the write may reach it.
func (b *builder) writeThrough(what string, pos ir.Pos) {
	if what == "" {
		return
	}
	b.diag(pos, ir.Warning, "write to %s not modelled (its reads are havoc)", what)
	if !strings.Contains(what, "named") {
		b.havocAddrTaken(pos)
	}
}

// namedObject reports whether n names a declared object (not a pointer
// dereference) whose type has one of the kinds: a write into it cannot
// reach a modelled scalar in a defined program.
func namedObject(n cc.ExpressionNode, kinds ...cc.Kind) bool {
	p, ok := strip(n).(*cc.PrimaryExpression)
	if !ok || p.Case != cc.PrimaryExpressionIdent {
		return false
	}
	d, ok := p.ResolvedTo().(*cc.Declarator)
	if !ok || d.Type() == nil {
		return false
	}
	for _, k := range kinds {
		if d.Type().Kind() == k {
			return true
		}
	}
	return false
}

// havocAddrTaken havocs every modelled global whose address is taken.
func (b *builder) havocAddrTaken(pos ir.Pos) {
	for _, v := range b.addrTaken {
		b.emit(&ir.Havoc{Var: v, Range: v.Type.Range()}, pos)
		b.diag(pos, ir.Warning, "%s may be modified through a pointer here: havoc", v.Name)
	}
}

var compoundOps = map[cc.AssignmentExpressionCase]string{
	cc.AssignmentExpressionMul: "*", cc.AssignmentExpressionDiv: "/", cc.AssignmentExpressionMod: "%",
	cc.AssignmentExpressionAdd: "+", cc.AssignmentExpressionSub: "-", cc.AssignmentExpressionLsh: "<<",
	cc.AssignmentExpressionRsh: ">>", cc.AssignmentExpressionAnd: "&", cc.AssignmentExpressionXor: "^",
	cc.AssignmentExpressionOr: "|",
}

// assign translates = and the compound assignments; the value is the new
// value of the left operand.
func (b *builder) assign(n *cc.AssignmentExpression) value {
	pos := b.pos(n)
	x, what := b.lvalue(n.UnaryExpression)
	if x != nil && b.ptrVars[x] {
		if n.Case == cc.AssignmentExpressionAssign {
			b.storePtr(x, b.eval(n.AssignmentExpression), pos)
		} else {
			b.eval(n.AssignmentExpression)
			b.storePtr(x, opaque("pointer arithmetic"), pos)
		}
		return b.varValue(x)
	}
	if n.Case == cc.AssignmentExpressionAssign {
		if x != nil {
			b.assignExpr(x, n.AssignmentExpression, pos)
			return varVal(x)
		}
		v := b.eval(n.AssignmentExpression)
		b.writeThrough(what, pos)
		if t, ok := intType(n.Type()); ok {
			return b.snapshot(b.convert(v, t, pos), pos)
		}
		return opaque("value of type " + typeStr(n.Type()))
	}
	op := compoundOps[n.Case]
	r := b.eval(n.AssignmentExpression)
	if x == nil {
		b.writeThrough(what, pos)
		return opaque("value of type " + typeStr(n.Type()))
	}
	var ot ir.IntType
	switch {
	case op == "<<" || op == ">>":
		ot = promote(x.Type)
	case r.isInt:
		ot = arithConv(x.Type, r.t)
	default:
		ot = promote(x.Type)
		if rt, ok := intType(n.AssignmentExpression.Type()); ok {
			ot = arithConv(x.Type, rt)
		} else if n.AssignmentExpression.Type() != nil && cc.IsFloatingPointType(n.AssignmentExpression.Type()) {
			b.store(x, b.havocVal(x.Type, pos, "floating-point arithmetic not modelled: havoc"), pos)
			return varVal(x)
		}
	}
	res := b.arith(op, varVal(x), r, ot, pos)
	b.store(x, res, pos)
	return varVal(x)
}

// incDec translates ++ and -- (prefix: the value is the new one).
func (b *builder) incDec(operand cc.ExpressionNode, delta int64, prefix, want bool, pos ir.Pos) value {
	x, what := b.lvalue(operand)
	if x == nil {
		b.writeThrough(what, pos)
		return opaque("value of an unmodelled object")
	}
	if b.ptrVars[x] {
		b.storePtr(x, opaque("pointer arithmetic"), pos)
		return opaque("pointer arithmetic")
	}
	var old value
	if !prefix && want {
		old = b.snapshot(varVal(x), pos)
	}
	res := b.arith("+", varVal(x), constVal(numeric.I(delta), tInt), arithConv(x.Type, tInt), pos)
	b.store(x, res, pos)
	if prefix || !want {
		return varVal(x)
	}
	return old
}

// discard translates n for its side effects only.
func (b *builder) discard(n cc.ExpressionNode) {
	if n == nil {
		return
	}
	switch n := strip(n).(type) {
	case *cc.AssignmentExpression:
		if n.Case != cc.AssignmentExpressionCond {
			b.assign(n)
			return
		}
		b.discard(n.ConditionalExpression)
		return
	case *cc.ExpressionList:
		for l := n; l != nil; l = l.ExpressionList {
			b.discard(l.AssignmentExpression)
		}
		return
	case *cc.PostfixExpression:
		switch n.Case {
		case cc.PostfixExpressionInc:
			b.incDec(n.PostfixExpression, 1, false, false, b.pos(n))
			return
		case cc.PostfixExpressionDec:
			b.incDec(n.PostfixExpression, -1, false, false, b.pos(n))
			return
		case cc.PostfixExpressionCall:
			b.call(n, false)
			return
		}
	case *cc.UnaryExpression:
		switch n.Case {
		case cc.UnaryExpressionInc, cc.UnaryExpressionDec:
			b.unary(n, false)
			return
		}
	case *cc.CastExpression:
		if n.Case == cc.CastExpressionCast {
			b.discard(n.CastExpression)
			return
		}
	case *cc.ConditionalExpression:
		if n.Case == cc.ConditionalExpressionCond {
			b.ternary(n, false)
			return
		}
	case *cc.LogicalAndExpression, *cc.LogicalOrExpression:
		pos := b.pos(n)
		join := b.newLoc(pos)
		b.cond(n, join, join)
		b.cur = join
		return
	}
	if n.Pure() {
		if _, ok := constValue(n); ok {
			return
		}
	}
	b.eval(n)
}
