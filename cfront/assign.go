// This file implements unary and postfix operators, assignments, ++/--,
// lvalues, and expressions evaluated for their side effects only.

package cfront

import (
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
		return b.addressOf(b.lplace(n.CastExpression))
	case cc.UnaryExpressionDeref:
		if _, _, isFn := fnPtrType(n.CastExpression.Type()); isFn || (n.Type() != nil && n.Type().Kind() == cc.Function) {
			v := b.eval(n.CastExpression)
			if isFnPtr(v) {
				return v // *p designates the function, which decays to p again
			}
			return opaque("function designated through a pointer")
		}
		return b.placeValue(b.lplace(n), pos)
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
	case cc.PostfixExpressionIndex, cc.PostfixExpressionSelect, cc.PostfixExpressionPSelect:
		return b.placeValue(b.lplace(n), pos)
	case cc.PostfixExpressionCall:
		return b.call(n, want)
	case cc.PostfixExpressionInc:
		return b.incDec(n.PostfixExpression, 1, false, want, pos)
	case cc.PostfixExpressionDec:
		return b.incDec(n.PostfixExpression, -1, false, want, pos)
	}
	return opaque("compound literal")
}

// lplace evaluates the side effects of an lvalue and returns its place.
func (b *builder) lplace(n cc.ExpressionNode) place {
	pos := b.pos(n)
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
				if o := b.objectOf(d); o != nil {
					p := objPlace(o)
					p.t = d.Type()
					if o.owner != nil && o.owner != b.f {
						return place{what: "a local of another function", t: n.Type()}
					}
					return p
				}
				if v := b.lookup(d); v != nil {
					return place{v: v, t: n.Type()}
				}
			}
			return place{what: "an unmodelled variable", t: n.Type()}
		}
		if n.Case == cc.PrimaryExpressionString {
			if o := b.stringObject(n); o != nil {
				return objPlace(o)
			}
		}
	case *cc.PostfixExpression:
		switch n.Case {
		case cc.PostfixExpressionIndex:
			base, idx := n.PostfixExpression, cc.ExpressionNode(n.ExpressionList)
			if bt := base.Type(); bt != nil && bt.Kind() != cc.Array && bt.Kind() != cc.Ptr {
				base, idx = idx, base // i[a]
			}
			et := undecayed(n.Type())
			if at, ok := undecayed(base.Type()).(*cc.ArrayType); ok {
				et = at.Elem()
			} else if pt, ok := base.Type().(*cc.PointerType); ok && pt.Elem() != nil {
				et = pt.Elem()
			}
			var p place
			if isArrayExpr(base) {
				p = b.lplace(base)
				if !p.memory() {
					b.discard(idx)
					return place{what: "an element of " + p.whatOr("an array"), t: et}
				}
			} else {
				pv := b.eval(base)
				if !idx.Pure() {
					pv = b.protectPtr(pv, pos)
				}
				p = b.deref(pv, et, pos)
				if !p.memory() {
					b.discard(idx)
					return place{what: "an element through " + pv.whatOr("a pointer"), t: et}
				}
			}
			if !idx.Pure() && p.memory() {
				p.addr = b.snapshot(value{e: p.addr, t: b.ptrT, isInt: true}, pos).e
			}
			return b.index(p, b.eval(idx), et, pos)
		case cc.PostfixExpressionSelect:
			p := b.lplace(n.PostfixExpression)
			return b.field(p, n, pos)
		case cc.PostfixExpressionPSelect:
			pv := b.eval(n.PostfixExpression)
			var st cc.Type
			if pt, ok := n.PostfixExpression.Type().(*cc.PointerType); ok {
				st = pt.Elem()
			} else if at, ok := n.PostfixExpression.Type().(*cc.ArrayType); ok {
				st = at.Elem()
			}
			return b.field(b.deref(pv, st, pos), n, pos)
		}
	case *cc.UnaryExpression:
		if n.Case == cc.UnaryExpressionDeref {
			pv := b.eval(n.CastExpression)
			et := undecayed(n.Type())
			if pt, ok := n.CastExpression.Type().(*cc.PointerType); ok && pt.Elem() != nil {
				et = pt.Elem()
			}
			return b.deref(pv, et, pos)
		}
	}
	b.eval(n)
	return place{what: "a non-variable lvalue", t: n.Type()}
}

// isArrayExpr reports whether n has array type (before it decays).
func isArrayExpr(n cc.ExpressionNode) bool {
	t := n.Type()
	if t == nil {
		return false
	}
	if t.Kind() == cc.Array {
		return true
	}
	if pt, ok := t.(*cc.PointerType); ok {
		if u := pt.Undecay(); u != nil && u.Kind() == cc.Array {
			return true
		}
	}
	return false
}

// field returns the place of the member that n selects within p.
func (b *builder) field(p place, n *cc.PostfixExpression, pos ir.Pos) place {
	f := n.Field()
	switch {
	case !p.memory():
		return place{what: "a field of " + p.whatOr("a struct"), t: n.Type()}
	case f == nil:
		return place{what: "an unknown field", t: n.Type()}
	case f.IsBitfield():
		return place{what: "a bit-field", t: n.Type()}
	}
	return p.sub(f.Offset(), f.Type())
}

// undecayed returns the array type a pointer type t decayed from, else t.
func undecayed(t cc.Type) cc.Type {
	if pt, ok := t.(*cc.PointerType); ok {
		if u := pt.Undecay(); u != nil && u.Kind() == cc.Array {
			return u
		}
	}
	return t
}

// placeValue is the value of an lvalue expression: its address for an
// array (which decays), the cell's value for a scalar.
func (b *builder) placeValue(p place, pos ir.Pos) value {
	if p.t != nil && p.t.Kind() == cc.Array {
		return b.addressOf(p)
	}
	if p.t != nil && isAggregate(p.t) {
		return opaque("value of type " + typeStr(p.t))
	}
	return b.readPlace(p, pos)
}

// protectAddr snapshots the address addr when a call could change a
// variable it reads: a global, or a cell of an object.
func (b *builder) protectAddr(addr numeric.LinExpr, pos ir.Pos) numeric.LinExpr {
	for i := 0; i < addr.NumTerms(); i++ {
		v := b.prog.Vars[addr.Term(i).Dim]
		if v.Scope == ir.Global || b.cellOf[v] != nil {
			return b.snapshot(value{e: addr, t: b.ptrT, isInt: true}, pos).e
		}
	}
	return addr
}

// protectPtr snapshots a pointer value a later operand could change.
func (b *builder) protectPtr(v value, pos ir.Pos) value {
	if !v.ptr {
		return b.protect(v, pos)
	}
	w := b.protect(asInteger(v), pos)
	return ptrVal(value{e: w.e, t: v.t, isInt: true})
}

func (v value) whatOr(s string) string {
	if v.what != "" {
		return v.what
	}
	return s
}

// objectOf returns the memory object of a declarator, nil if it has none.
func (b *builder) objectOf(d *cc.Declarator) *object {
	if o := b.objOf[d]; o != nil {
		return o
	}
	if d.Linkage() != cc.None {
		return b.globalObjs[d.Name()]
	}
	return nil
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
	lt := n.UnaryExpression.Type()
	if n.Case == cc.AssignmentExpressionAssign && lt != nil && isAggregate(lt) {
		dst := b.lplace(n.UnaryExpression)
		if !dst.memory() {
			b.eval(n.AssignmentExpression)
			return opaque("value of type " + typeStr(lt))
		}
		if !n.AssignmentExpression.Pure() {
			dst.addr = b.snapshot(value{e: dst.addr, t: b.ptrT, isInt: true}, pos).e
		}
		b.copyInto(dst, n.AssignmentExpression, pos)
		return opaque("value of type " + typeStr(lt))
	}
	p := b.lplace(n.UnaryExpression)
	if p.memory() && !n.AssignmentExpression.Pure() {
		// Only a call on the right can change what the address reads,
		// and only a global or a variable in memory (see protect; the
		// cells of a recursive function's objects are locals): a[i] =
		// f() keeps 4i + base, which the analyses relate to i.
		p.addr = b.protectAddr(p.addr, pos)
	}
	x := p.v
	if n.Case == cc.AssignmentExpressionAssign {
		if x != nil && !b.ptrVars[x] {
			b.assignExpr(x, n.AssignmentExpression, pos)
			return varVal(x)
		}
		v := b.evalFor(n.AssignmentExpression, lt)
		return b.writePlace(p, v, pos)
	}
	op := compoundOps[n.Case]
	r := b.eval(n.AssignmentExpression)
	if p.what != "" {
		b.diag(pos, ir.Warning, "write to %s not modelled (its reads are havoc)", p.what)
		return opaque("value of type " + typeStr(n.Type()))
	}
	old := b.readPlace(p, pos)
	if old.ptr {
		if op != "+" && op != "-" {
			return b.writePlace(p, opaque("pointer arithmetic"), pos)
		}
		return b.writePlace(p, b.ptrArith(op, old, r, lt, pos), pos)
	}
	if !old.isInt {
		return b.writePlace(p, opaque(old.what), pos)
	}
	var ot ir.IntType
	switch {
	case op == "<<" || op == ">>":
		ot = promote(old.t)
	case r.isInt:
		ot = arithConv(old.t, r.t)
	default:
		ot = promote(old.t)
		if rt, ok := intType(n.AssignmentExpression.Type()); ok {
			ot = arithConv(old.t, rt)
		} else if n.AssignmentExpression.Type() != nil && cc.IsFloatingPointType(n.AssignmentExpression.Type()) {
			return b.writePlace(p, b.havocVal(old.t, pos, "floating-point arithmetic not modelled: havoc"), pos)
		}
	}
	res := b.arith(op, old, r, ot, pos)
	return b.writePlace(p, res, pos)
}

// incDec translates ++ and -- (prefix: the value is the new one).
func (b *builder) incDec(operand cc.ExpressionNode, delta int64, prefix, want bool, pos ir.Pos) value {
	p := b.lplace(operand)
	if p.what != "" {
		b.diag(pos, ir.Warning, "write to %s not modelled (its reads are havoc)", p.what)
		return opaque("value of an unmodelled object")
	}
	old := b.readPlace(p, pos)
	if old.ptr {
		old = ptrVal(b.snapshot(asInteger(old), pos))
		nv := b.writePlace(p, b.ptrArith("+", old, constVal(numeric.I(delta), tInt), operand.Type(), pos), pos)
		if prefix {
			return nv
		}
		return old
	}
	if !old.isInt {
		b.writePlace(p, opaque(old.what), pos)
		return opaque("value of an unmodelled object")
	}
	if !prefix && want {
		old = b.snapshot(old, pos)
	}
	res := b.arith("+", old, constVal(numeric.I(delta), tInt), arithConv(old.t, tInt), pos)
	nv := b.writePlace(p, res, pos)
	if prefix || !want {
		return nv
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
		if _, ok := stringLit(n); ok {
			return
		}
	}
	b.eval(n)
}
