// This file implements the translation of C expressions into linear
// expressions over variable IDs, with the edges their side effects need.
//
// A value of integer type is a linear expression e and a C type t with the
// invariant that e is congruent to the C value modulo 2^bits(t) (for _Bool:
// e is the value). Additions, subtractions and multiplications by
// constants preserve the congruence, so their wrap-around can be deferred
// to the point where the exact value matters: normalize then computes
// bounds of e from its variables' types and, only when e may leave t's
// range, stores e into a temporary through one branch per possible number
// of wrap-arounds ([e <= max] t := e; [e > max] t := e - 2^n; ...).

package cfront

import (
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"modernc.org/cc/v4"
)

// value is the result of evaluating an expression.
type value struct {
	e     numeric.LinExpr
	t     ir.IntType
	isInt bool
	ptr   bool   // a modelled pointer (pointer.go): e is its address, of type t
	what  string // non-integer values: what it is, for diagnostics
}

func constVal(c numeric.Int, t ir.IntType) value {
	return value{e: numeric.ConstInt(c), t: t, isInt: true}
}

func varVal(v *ir.Var) value { return value{e: ir.VarExpr(v), t: v.Type, isInt: true} }

func opaque(what string) value { return value{what: what} }

// maxWraps is the largest number of wrap-around cases normalize branches
// on; beyond it the value is havocked within its type.
const maxWraps = 3

// bounds returns the range of e given the types of its variables.
func (b *builder) bounds(e numeric.LinExpr) (lo, hi numeric.Int, ok bool) {
	return b.prog.TypeRange(e)
}

// havocVal returns a fresh temporary havocked within t, with a warning.
func (b *builder) havocVal(t ir.IntType, pos ir.Pos, format string, args ...any) value {
	return b.havocDef(t, nil, pos, format, args...)
}

// havocDef is havocVal for a value whose exact meaning def records (nil
// when unknown).
func (b *builder) havocDef(t ir.IntType, def *ir.Def, pos ir.Pos, format string, args ...any) value {
	if !t.IsBounded() {
		t = tInt
	}
	tmp := b.temp(t, pos)
	b.emit(&ir.Havoc{Var: tmp, Range: t.Range(), Def: def}, pos)
	if format != "" {
		b.diag(pos, ir.Warning, format, args...)
	}
	return varVal(tmp)
}

// normalize returns v with its expression within v.t's range.
func (b *builder) normalize(v value, pos ir.Pos) value {
	if !v.isInt {
		t := v.t
		if !t.IsBounded() {
			t = tInt
		}
		return b.havocVal(t, pos, "%s not modelled: havoc", v.what)
	}
	if v.e.IsConst() {
		return constVal(wrapConst(v.e.Constant(), v.t), v.t)
	}
	if lo, hi, ok := b.bounds(v.e); ok && inRange(lo, hi, v.t) {
		return v
	}
	tmp := b.temp(v.t, pos)
	b.storeWrapped(tmp, v.e, pos)
	return varVal(tmp)
}

// storeWrapped assigns to x the value of e, an arithmetic result of x's
// type: e itself when it fits, else e - k*2^n on the branch where it wraps
// k times. A wrap of a signed type is an overflow (undefined behaviour,
// C11 6.5p5) and is marked as such.
func (b *builder) storeWrapped(x *ir.Var, e numeric.LinExpr, pos ir.Pos) {
	b.wrapInto(x, e, x.Type.Signed, pos)
}

// storeConverted is storeWrapped for the conversion of a value (already
// within the range of its own type) to x's type: a wrap into a signed type
// is implementation-defined (C11 6.3.1.3p3; gcc reduces modulo 2^n, as the
// IR does), not undefined, and is not marked.
func (b *builder) storeConverted(x *ir.Var, e numeric.LinExpr, pos ir.Pos) {
	b.wrapInto(x, e, false, pos)
}

// wrapInto assigns to x the value of e reduced into x's type; overflow
// marks the branches where it wraps.
func (b *builder) wrapInto(x *ir.Var, e numeric.LinExpr, overflow bool, pos ir.Pos) {
	t := x.Type
	if e.IsConst() {
		b.emit(ir.NewAssign(x, numeric.ConstInt(wrapConst(e.Constant(), t))), pos)
		return
	}
	if !overflow && t.IsBounded() && !isBool(t) {
		// Only the value modulo 2^n matters (an overflow is marked on
		// the original value's wrap, so not there).
		if e = reduceModulo(e, modulus(t)); e.IsConst() {
			b.emit(ir.NewAssign(x, numeric.ConstInt(wrapConst(e.Constant(), t))), pos)
			return
		}
	}
	lo, hi, ok := b.bounds(e)
	if !ok || !t.IsBounded() {
		b.emit(ir.NewAssign(x, e), pos)
		return
	}
	if inRange(lo, hi, t) {
		b.emit(ir.NewAssign(x, e), pos)
		return
	}
	if isBool(t) {
		b.boolStore(x, e, pos)
		return
	}
	m := modulus(t)
	kmin := lo.Sub(t.Min()).FloorDiv(m)
	kmax := hi.Sub(t.Min()).FloorDiv(m)
	n := kmax.Sub(kmin).Add(numeric.I(1))
	if n.Cmp(numeric.I(maxWraps)) > 0 {
		// Exact reduction modulo 2^n through a fresh quotient k:
		// x := e - k*2^n with min <= e - k*2^n <= max.
		kt := tLongLong
		if !inRange(kmin, kmax, kt) {
			kt = tInt128
		}
		k := b.temp(kt, pos)
		b.emit(&ir.Havoc{Var: k, Range: numeric.Range{Lo: numeric.BoundDown(kmin), Hi: numeric.BoundUp(kmax)},
			Def: &ir.Def{Op: ir.DefFloorDiv, X: e.Sub(numeric.ConstInt(t.Min())), Y: numeric.ConstInt(m), Type: kt}, Overflow: overflow}, pos)
		r := e.Sub(ir.VarExpr(k).Scale(m))
		b.emit(&ir.Assume{Cond: &ir.And{Xs: []ir.Cond{
			ir.NewAtom(numeric.Ge(r, numeric.ConstInt(t.Min()))),
			ir.NewAtom(numeric.Le(r, numeric.ConstInt(t.Max()))),
		}}, Wrap: true}, pos)
		b.emit(ir.NewAssign(x, r), pos)
		return
	}
	join := b.newLoc(pos)
	from := b.cur
	for k := kmin; k.Cmp(kmax) <= 0; k = k.Add(numeric.I(1)) {
		km := k.Mul(m)
		var cs []ir.Cond
		if k.Cmp(kmin) > 0 {
			cs = append(cs, ir.NewAtom(numeric.Ge(e, numeric.ConstInt(t.Min().Add(km)))))
		}
		if k.Cmp(kmax) < 0 {
			cs = append(cs, ir.NewAtom(numeric.Le(e, numeric.ConstInt(t.Max().Add(km)))))
		}
		mid := b.newLoc(pos)
		b.f.AddEdge(from, mid, &ir.Assume{Cond: conj(cs), Overflow: overflow && !k.IsZero(), Wrap: true}, pos)
		b.f.AddEdge(mid, join, ir.NewAssign(x, e.Sub(numeric.ConstInt(km))), pos)
	}
	b.cur = join
}

// boolStore assigns x := (e != 0).
func (b *builder) boolStore(x *ir.Var, e numeric.LinExpr, pos ir.Pos) {
	join := b.newLoc(pos)
	tl, fl := b.newLoc(pos), b.newLoc(pos)
	b.branch(ir.NewAtom(numeric.Eq(e, numeric.Const(0))), fl, tl, pos)
	b.f.AddEdge(tl, join, ir.NewAssign(x, numeric.Const(1)), pos)
	b.f.AddEdge(fl, join, ir.NewAssign(x, numeric.Const(0)), pos)
	b.cur = join
}

func conj(cs []ir.Cond) ir.Cond {
	switch len(cs) {
	case 0:
		return &ir.BoolConst{V: true}
	case 1:
		return cs[0]
	}
	return &ir.And{Xs: cs}
}

// convert converts v to type t (C's conversion as if by assignment).
func (b *builder) convert(v value, t ir.IntType, pos ir.Pos) value {
	if isFnPtr(v) && t.Name != fnPtrName && t.Name != "pointer" {
		return b.fnPtrAsInteger(v, t, pos) // e.g. an int assigned a function pointer
	}
	if !v.isInt {
		return b.havocVal(t, pos, "%s not modelled: havoc", v.what)
	}
	if v.e.IsConst() {
		// v.e is v's value modulo 2^v.t.Bits (~(0 * u) is -1 for an
		// unsigned u): its value in v.t first, then in t.
		return constVal(wrapConst(wrapConst(v.e.Constant(), v.t), t), t)
	}
	if isBool(t) {
		nv := b.normalize(v, pos)
		if lo, hi, ok := b.bounds(nv.e); ok && lo.Sign() >= 0 && hi.Cmp(numeric.I(1)) <= 0 {
			return value{e: nv.e, t: t, isInt: true}
		}
		tmp := b.temp(ir.Bool, pos)
		b.boolStore(tmp, nv.e, pos)
		return varVal(tmp)
	}
	if nv, ok := b.signedConversion(v, t, pos); ok {
		if lo, hi, ok := b.bounds(nv.e); ok && inRange(lo, hi, t) {
			return value{e: nv.e, t: t, isInt: true}
		}
		tmp := b.temp(t, pos)
		b.storeConverted(tmp, nv.e, pos)
		return varVal(tmp)
	}
	if t.Bits <= v.t.Bits && !isBool(v.t) {
		// Congruence modulo 2^v.t.Bits implies it modulo 2^t.Bits.
		return value{e: v.e, t: t, isInt: true}
	}
	nv := b.normalize(v, pos)
	return value{e: nv.e, t: t, isInt: true}
}

// signedConversion prepares the conversion of v to a signed type t of
// another range: it returns v's value within v's own type (an overflow
// there is undefined if that type is signed, and marked), which the caller
// reduces into t as a conversion. ok is false for any other conversion.
func (b *builder) signedConversion(v value, t ir.IntType, pos ir.Pos) (value, bool) {
	if !v.isInt || v.e.IsConst() || !t.Signed || !t.IsBounded() || !v.t.IsBounded() || sameType(t, v.t) || isBool(v.t) {
		return v, false
	}
	if v.t.Signed || t.Bits > v.t.Bits {
		// Unsigned arithmetic is congruent modulo 2^v.t.Bits, hence modulo
		// 2^t.Bits when t is not wider; otherwise reduce it first.
		v = b.normalize(v, pos)
	}
	return v, true
}

// store assigns v, converted to x's type, to x.
func (b *builder) store(x *ir.Var, v value, pos ir.Pos) {
	if nv, ok := b.signedConversion(v, x.Type, pos); ok {
		b.storeConverted(x, nv.e, pos)
		return
	}
	cv := b.convert(v, x.Type, pos)
	b.storeWrapped(x, cv.e, pos)
}

// assignExpr translates x = n; a nondet call whose range fits x's type
// becomes a havoc of x.
func (b *builder) assignExpr(x *ir.Var, n cc.ExpressionNode, pos ir.Pos) {
	if c, ok := strip(n).(*cc.PostfixExpression); ok && c.Case == cc.PostfixExpressionCall {
		if name := b.calleeName(c); b.isNondet(name) {
			if rt, ok := intType(c.Type()); ok && c.ArgumentExpressionList == nil &&
				inRange(rt.Min(), rt.Max(), x.Type) && (!isBool(x.Type) || isBool(rt)) {
				b.emit(&ir.Havoc{Var: x, Range: rt.Range(), Input: name}, pos)
				return
			}
		}
	}
	b.store(x, b.eval(n), pos)
}

// strip removes parentheses.
func strip(n cc.ExpressionNode) cc.ExpressionNode {
	for {
		switch p := n.(type) {
		case *cc.PrimaryExpression:
			if p.Case == cc.PrimaryExpressionExpr && p.ExpressionList != nil {
				n = p.ExpressionList
				continue
			}
		case *cc.ExpressionList:
			if p.ExpressionList == nil && p.AssignmentExpression != nil {
				n = p.AssignmentExpression
				continue
			}
		}
		return n
	}
}

// snapshot copies a non-constant value into a temporary, so that later
// side effects do not change it (left-to-right evaluation).
func (b *builder) snapshot(v value, pos ir.Pos) value {
	if !v.isInt || v.e.IsConst() {
		return v
	}
	tmp := b.temp(v.t, pos)
	b.storeWrapped(tmp, v.e, pos)
	return varVal(tmp)
}

// protect snapshots a value that a later, impure operand could change.
// Only a call can do so without undefined behaviour (a write to a variable
// read by an unsequenced operand is undefined), and a call can only change
// globals, so only values mentioning a global are copied.
func (b *builder) protect(v value, pos ir.Pos) value {
	if !v.isInt {
		return v
	}
	for i := 0; i < v.e.NumTerms(); i++ {
		if b.prog.Vars[v.e.Term(i).Dim].Scope == ir.Global {
			return b.snapshot(v, pos)
		}
	}
	return v
}

// eval translates n and returns its value.
func (b *builder) eval(n cc.ExpressionNode) value {
	if n == nil {
		return opaque("missing expression")
	}
	pos := b.pos(n)
	if c, ok := constValue(n); ok && n.Pure() {
		t, _ := intType(n.Type())
		return constVal(c, t)
	}
	switch n := n.(type) {
	case *cc.PrimaryExpression:
		switch n.Case {
		case cc.PrimaryExpressionIdent:
			return b.ident(n)
		case cc.PrimaryExpressionExpr:
			return b.eval(n.ExpressionList)
		case cc.PrimaryExpressionStmt:
			return b.stmtExpr(n.CompoundStatement)
		case cc.PrimaryExpressionFloat:
			return opaque("floating-point value")
		case cc.PrimaryExpressionString:
			if o := b.stringObject(n); o != nil {
				return ptrVal(value{e: o.addrConst(0), t: b.ptrT, isInt: true})
			}
			return opaque("string")
		case cc.PrimaryExpressionLString:
			return opaque("string")
		case cc.PrimaryExpressionGeneric:
			b.unsupported(pos, "_Generic selection")
			return opaque("_Generic selection")
		}
		return opaque("constant of type " + typeStr(n.Type()))
	case *cc.ExpressionList:
		for l := n; l != nil; l = l.ExpressionList {
			if l.ExpressionList == nil {
				return b.eval(l.AssignmentExpression)
			}
			b.discard(l.AssignmentExpression)
		}
	case *cc.AssignmentExpression:
		if n.Case == cc.AssignmentExpressionCond {
			return b.eval(n.ConditionalExpression)
		}
		return b.assign(n)
	case *cc.ConditionalExpression:
		if n.Case == cc.ConditionalExpressionLOr {
			return b.eval(n.LogicalOrExpression)
		}
		return b.ternary(n, true)
	case *cc.LogicalOrExpression, *cc.LogicalAndExpression, *cc.EqualityExpression, *cc.RelationalExpression:
		return b.boolValue(n)
	case *cc.AdditiveExpression:
		switch n.Case {
		case cc.AdditiveExpressionAdd:
			return b.binary(n, "+", n.AdditiveExpression, n.MultiplicativeExpression)
		case cc.AdditiveExpressionSub:
			return b.binary(n, "-", n.AdditiveExpression, n.MultiplicativeExpression)
		}
		return b.eval(n.MultiplicativeExpression)
	case *cc.MultiplicativeExpression:
		op := map[cc.MultiplicativeExpressionCase]string{
			cc.MultiplicativeExpressionMul: "*", cc.MultiplicativeExpressionDiv: "/", cc.MultiplicativeExpressionMod: "%",
		}[n.Case]
		if op == "" {
			return b.eval(n.CastExpression)
		}
		return b.binary(n, op, n.MultiplicativeExpression, n.CastExpression)
	case *cc.ShiftExpression:
		switch n.Case {
		case cc.ShiftExpressionLsh:
			return b.binary(n, "<<", n.ShiftExpression, n.AdditiveExpression)
		case cc.ShiftExpressionRsh:
			return b.binary(n, ">>", n.ShiftExpression, n.AdditiveExpression)
		}
		return b.eval(n.AdditiveExpression)
	case *cc.AndExpression:
		if n.Case == cc.AndExpressionAnd {
			return b.binary(n, "&", n.AndExpression, n.EqualityExpression)
		}
		return b.eval(n.EqualityExpression)
	case *cc.ExclusiveOrExpression:
		if n.Case == cc.ExclusiveOrExpressionXor {
			return b.binary(n, "^", n.ExclusiveOrExpression, n.AndExpression)
		}
		return b.eval(n.AndExpression)
	case *cc.InclusiveOrExpression:
		if n.Case == cc.InclusiveOrExpressionOr {
			return b.binary(n, "|", n.InclusiveOrExpression, n.ExclusiveOrExpression)
		}
		return b.eval(n.ExclusiveOrExpression)
	case *cc.CastExpression:
		if n.Case != cc.CastExpressionCast {
			return b.eval(n.UnaryExpression)
		}
		var to cc.Type
		if n.TypeName != nil {
			to = n.TypeName.Type()
		}
		v := b.evalFor(n.CastExpression, to)
		if to == nil || to.Kind() == cc.Void {
			return opaque("void value")
		}
		if it, ok := intType(to); ok {
			if isFnPtr(v) {
				return b.fnPtrAsInteger(v, it, pos)
			}
			return b.convert(asInteger(v), it, pos)
		}
		if pv, ok := b.castPtr(v, to, pos); ok {
			return pv
		}
		return opaque("value of type " + typeStr(to))
	case *cc.UnaryExpression:
		return b.unary(n, true)
	case *cc.PostfixExpression:
		return b.postfix(n, true)
	}
	b.diag(pos, ir.Warning, "expression %T not modelled: havoc", n)
	return opaque("expression")
}

func typeStr(t cc.Type) string {
	if t == nil {
		return "?"
	}
	return t.String()
}

// lookup returns the modelled variable a declarator denotes, or nil.
func (b *builder) lookup(d *cc.Declarator) *ir.Var {
	if v := b.vars[d]; v != nil {
		return v
	}
	if d.Linkage() != cc.None {
		return b.globals[d.Name()]
	}
	return nil
}

func (b *builder) ident(n *cc.PrimaryExpression) value {
	var d *cc.Declarator
	switch r := n.ResolvedTo().(type) {
	case *cc.Declarator:
		d = r
	case *cc.Parameter:
		d = r.Declarator
	case *cc.Enumerator:
		if c, ok := constValue(n); ok {
			t, _ := intType(n.Type())
			return constVal(c, t)
		}
	}
	name := n.Token.SrcStr()
	if d != nil {
		if o := b.objectOf(d); o != nil {
			return b.placeValue(b.lplace(n), b.pos(n))
		}
		if v := b.lookup(d); v != nil {
			return b.varValue(v)
		}
	}
	if v, ok := b.funcValue(n); ok {
		return v // a function designator: its address (fptr.go)
	}
	if t := n.Type(); t != nil && t.Kind() == cc.Function {
		return opaque("function " + name)
	}
	return opaque("value of " + name + " (" + typeStr(n.Type()) + ")")
}

// stmtExpr translates a GNU statement expression ({ ...; e; }).
func (b *builder) stmtExpr(cs *cc.CompoundStatement) value {
	if cs == nil {
		return opaque("void value")
	}
	var last *cc.ExpressionStatement
	for l := cs.BlockItemList; l != nil; l = l.BlockItemList {
		bi := l.BlockItem
		if l.BlockItemList == nil && bi != nil && bi.Case == cc.BlockItemStmt && bi.Statement != nil &&
			bi.Statement.Case == cc.StatementExpr && bi.Statement.ExpressionStatement != nil &&
			bi.Statement.ExpressionStatement.ExpressionList != nil {
			last = bi.Statement.ExpressionStatement
			break
		}
		b.blockItem(bi)
	}
	if last == nil {
		return opaque("void value")
	}
	return b.eval(last.ExpressionList)
}

// binary translates an arithmetic or bitwise binary expression.
func (b *builder) binary(n cc.ExpressionNode, op string, ln, rn cc.ExpressionNode) value {
	pos := b.pos(n)
	l := b.eval(ln)
	if !rn.Pure() {
		l = b.protectPtr(l, pos)
	}
	r := b.eval(rn)
	if (op == "+" || op == "-") && (isPtrType(ln.Type()) || isPtrType(rn.Type())) {
		if op == "-" && isPtrType(ln.Type()) && isPtrType(rn.Type()) {
			return b.ptrDiff(l, r, ln.Type(), n.Type(), pos)
		}
		if isPtrType(rn.Type()) {
			l, r = r, l // i + p
			ln, rn = rn, ln
		}
		return b.ptrArith(op, l, r, ln.Type(), pos)
	}
	rt, ok := intType(n.Type())
	if !ok {
		return opaque("value of type " + typeStr(n.Type()))
	}
	return b.arith(op, l, r, rt, pos)
}

// arith computes l op r in type rt (for shifts, rt is the promoted type of
// l; r keeps its own type).
func (b *builder) arith(op string, l, r value, rt ir.IntType, pos ir.Pos) value {
	l = b.convert(l, rt, pos)
	if op == "<<" || op == ">>" {
		rtt := tInt
		if r.isInt {
			rtt = promote(r.t)
		}
		r = b.convert(r, rtt, pos)
	} else {
		r = b.convert(r, rt, pos)
	}
	nonlin := func(why string) value {
		return b.havocVal(rt, pos, "%s not modelled: havoc in %s", why, rt.Name)
	}
	// exactly records the operation's meaning for concrete execution and
	// bit-precise encodings; the abstraction still sees a havoc.
	exactly := func(d ir.DefOp, why string) value {
		return b.havocDef(rt, &ir.Def{Op: d, X: l.e, Y: r.e, Type: rt}, pos, "%s not modelled: havoc in %s", why, rt.Name)
	}
	switch op {
	case "+":
		return value{e: l.e.Add(r.e), t: rt, isInt: true}
	case "-":
		return value{e: l.e.Sub(r.e), t: rt, isInt: true}
	case "*":
		switch {
		case l.e.IsConst():
			return value{e: r.e.Scale(l.e.Constant()), t: rt, isInt: true}
		case r.e.IsConst():
			return value{e: l.e.Scale(r.e.Constant()), t: rt, isInt: true}
		}
		return exactly(ir.DefMul, "product of non-constants (*)")
	case "/", "%":
		l, r = b.normalize(l, pos), b.normalize(r, pos)
		if !r.e.IsConst() {
			d := ir.DefDiv
			if op == "%" {
				d = ir.DefRem
			}
			return exactly(d, "division by a non-constant ("+op+")")
		}
		c := r.e.Constant()
		if c.IsZero() {
			return nonlin("division by zero")
		}
		m := c.Abs()
		q := l.e
		if m.Cmp(numeric.I(1)) != 0 {
			q = b.truncDiv(l.e, m, rt, pos)
		}
		if op == "%" {
			// |a % m| < m fits rt: store it without wrap branches.
			return b.exactTemp(l.e.Sub(q.Scale(m)), rt, pos)
		}
		if c.Sign() < 0 {
			q = q.Neg()
		}
		return value{e: q, t: rt, isInt: true}
	case "<<", ">>":
		r = b.normalize(r, pos)
		k, ok := r.e.Constant().Int64()
		if !r.e.IsConst() || !ok || k < 0 || k >= int64(rt.Bits) {
			if op == ">>" {
				l = b.normalize(l, pos)
				return exactly(ir.DefShr, "shift by a non-constant or out-of-range amount (>>)")
			}
			return exactly(ir.DefShl, "shift by a non-constant or out-of-range amount (<<)")
		}
		if op == "<<" {
			return value{e: l.e.Scale(pow2(int(k))), t: rt, isInt: true}
		}
		l = b.normalize(l, pos)
		if k == 0 {
			return l
		}
		return value{e: b.floorDiv(l.e, pow2(int(k)), rt, pos), t: rt, isInt: true}
	case "&":
		if l.e.IsConst() {
			l, r = r, l
		}
		if r.e.IsConst() {
			m := wrapConst(r.e.Constant(), unsignedOf(rt)) // the bit pattern
			if m.IsZero() {
				return constVal(numeric.I(0), rt)
			}
			p := m.Add(numeric.I(1))
			if k := log2(p); k > 0 {
				if k >= rt.Bits {
					return l
				}
				l = b.normalize(l, pos)
				if lo, hi, ok := b.bounds(l.e); ok && lo.Sign() >= 0 && hi.Cmp(m) <= 0 {
					return l
				}
				q := b.floorDiv(l.e, p, rt, pos)
				return b.exactTemp(l.e.Sub(q.Scale(p)), rt, pos)
			}
		}
		return exactly(ir.DefAnd, "bitwise and (&)")
	case "|", "^":
		if l.e.IsConst() {
			l, r = r, l
		}
		if r.e.IsConst() && r.e.Constant().IsZero() {
			return l
		}
		if op == "|" {
			return exactly(ir.DefOr, "bitwise or (|)")
		}
		return exactly(ir.DefXor, "bitwise xor (^)")
	}
	return nonlin("operator " + op)
}

// exactTemp stores e, whose value is known to lie in t's range, into a
// fresh temporary of type t, so that later bounds are t's.
func (b *builder) exactTemp(e numeric.LinExpr, t ir.IntType, pos ir.Pos) value {
	if lo, hi, ok := b.bounds(e); ok && inRange(lo, hi, t) {
		return value{e: e, t: t, isInt: true}
	}
	tmp := b.temp(t, pos)
	b.emit(ir.NewAssign(tmp, e), pos)
	return varVal(tmp)
}

// log2 returns k when p = 2^k (k >= 1), else 0.
func log2(p numeric.Int) int {
	bp := p.Big()
	if bp.Sign() <= 0 {
		return 0
	}
	k := bp.BitLen() - 1
	if k >= 1 && bp.TrailingZeroBits() == uint(k) {
		return k
	}
	return 0
}

// floorDiv returns a fresh q with m*q <= a <= m*q + m - 1 (m > 0): floor(a/m).
func (b *builder) floorDiv(a numeric.LinExpr, m numeric.Int, t ir.IntType, pos ir.Pos) numeric.LinExpr {
	q := b.temp(t, pos)
	b.emit(&ir.Havoc{Var: q, Range: t.Range(), Def: &ir.Def{Op: ir.DefFloorDiv, X: a, Y: numeric.ConstInt(m), Type: t}}, pos)
	b.emit(&ir.Assume{Cond: floorCond(a, ir.VarExpr(q), m)}, pos)
	return ir.VarExpr(q)
}

func floorCond(a, q numeric.LinExpr, m numeric.Int) ir.Cond {
	mq := q.Scale(m)
	return &ir.And{Xs: []ir.Cond{
		ir.NewAtom(numeric.Le(mq, a)),
		ir.NewAtom(numeric.Le(a, mq.AddConst(m.Sub(numeric.I(1))))),
	}}
}

func ceilCond(a, q numeric.LinExpr, m numeric.Int) ir.Cond {
	mq := q.Scale(m)
	return &ir.And{Xs: []ir.Cond{
		ir.NewAtom(numeric.Le(mq.Sub(numeric.ConstInt(m)).AddConst(numeric.I(1)), a)),
		ir.NewAtom(numeric.Le(a, mq)),
	}}
}

// truncDiv returns a fresh q = a / m with C's truncation toward zero
// (m > 0): floor for a >= 0, ceiling for a < 0, split by branches when the
// sign of a is unknown.
func (b *builder) truncDiv(a numeric.LinExpr, m numeric.Int, t ir.IntType, pos ir.Pos) numeric.LinExpr {
	q := b.temp(t, pos)
	b.emit(&ir.Havoc{Var: q, Range: t.Range(), Def: &ir.Def{Op: ir.DefDiv, X: a, Y: numeric.ConstInt(m), Type: t}}, pos)
	qe := ir.VarExpr(q)
	lo, hi, _ := b.bounds(a)
	switch {
	case lo.Sign() >= 0:
		b.emit(&ir.Assume{Cond: floorCond(a, qe, m)}, pos)
	case hi.Sign() <= 0:
		b.emit(&ir.Assume{Cond: ceilCond(a, qe, m)}, pos)
	default:
		join := b.newLoc(pos)
		nonneg := ir.NewAtom(numeric.Ge(a, numeric.Const(0)))
		b.f.AddEdge(b.cur, join, &ir.Assume{Cond: &ir.And{Xs: []ir.Cond{nonneg, floorCond(a, qe, m)}}}, pos)
		b.f.AddEdge(b.cur, join, &ir.Assume{Cond: &ir.And{Xs: []ir.Cond{ir.Negate(nonneg), ceilCond(a, qe, m)}}}, pos)
		b.cur = join
	}
	return qe
}

// boolValue materialises a condition as 0 or 1.
func (b *builder) boolValue(n cc.ExpressionNode) value {
	pos := b.pos(n)
	tmp := b.temp(tInt, pos)
	tl, fl, join := b.newLoc(pos), b.newLoc(pos), b.newLoc(pos)
	b.cond(n, tl, fl)
	b.f.AddEdge(tl, join, ir.NewAssign(tmp, numeric.Const(1)), pos)
	b.f.AddEdge(fl, join, ir.NewAssign(tmp, numeric.Const(0)), pos)
	b.cur = join
	return varVal(tmp)
}

// ternary translates c ? a : b (and GNU c ?: b).
func (b *builder) ternary(n *cc.ConditionalExpression, want bool) value {
	pos := b.pos(n)
	rt, isInt := intType(n.Type())
	fp, _, isFP := fnPtrType(n.Type())
	var tmp *ir.Var
	if isInt && want {
		tmp = b.temp(rt, pos)
	} else if isFP && want {
		tmp = b.temp(fp, pos) // a function address (fptr.go)
	}
	tl, fl, join := b.newLoc(pos), b.newLoc(pos), b.newLoc(pos)
	arm := func(v value) {
		switch {
		case tmp != nil && !isInt:
			b.storePtr(tmp, v, pos)
		case tmp != nil:
			b.store(tmp, v, pos)
		}
		b.goTo(join, pos)
	}
	if n.ExpressionList == nil {
		c := b.eval(n.LogicalOrExpression)
		ct := tInt
		if c.isInt {
			ct = promote(c.t)
		}
		c = b.snapshot(b.normalize(b.convert(c, ct, pos), pos), pos)
		b.branch(ir.NewAtom(numeric.Eq(c.e, numeric.Const(0))), fl, tl, pos)
		b.cur = tl
		arm(c)
	} else {
		b.cond(n.LogicalOrExpression, tl, fl)
		b.cur = tl
		if want {
			arm(b.eval(n.ExpressionList))
		} else {
			b.discard(n.ExpressionList)
			arm(value{})
		}
	}
	b.cur = fl
	if want {
		arm(b.eval(n.ConditionalExpression))
	} else {
		b.discard(n.ConditionalExpression)
		arm(value{})
	}
	b.cur = join
	if tmp == nil {
		return opaque("value of type " + typeStr(n.Type()))
	}
	if !isInt {
		return ptrVal(varVal(tmp))
	}
	return varVal(tmp)
}
