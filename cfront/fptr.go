// This file models function pointers, a first resolution without a
// points-to analysis. Every defined function whose address is taken
// (callgraph.go: a function designator used other than as a direct
// callee, in a function main reaches or a file-scope initialiser) gets a
// distinct nonzero address (16, 32, ... in definition order); a function
// designator used as a value, &f and *f evaluate to it. A variable of
// function-pointer type whose own address is never taken (a local, a
// formal or a global) is an unsigned integer variable of pointer width
// holding that address (pointer.go's machinery: null, copies, casts
// between pointers, truth tests and comparisons are exact). Converted to
// an integer type, a function pointer is an arbitrary value where it may
// hold a function's address (gcc's addresses are not ours), and its value
// otherwise: null, or an integer the program stored in it, which gcc
// converts back unchanged.
//
// A call through a function pointer p is a branch over its candidates:
// the address-taken functions whose type fits the pointer's (the same
// number of parameters, variadic or not, and parameter and result types
// that agree: equal integer types, or the same kind otherwise), each
// guarded by p == its address; the arguments are evaluated once, before
// the branch. Every other value of p (null, an address from memory the
// front end does not model, a function of another type) goes to an
// unsupported location: a TRUE verdict needs it unreachable.

package cfront

import (
	"sort"

	"modernc.org/cc/v4"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// fnPtrName is the IntType name of function pointers held as addresses.
const fnPtrName = "function pointer"

// fnPtrType returns the integer type that holds function addresses and
// the function type pointed to, when t is a pointer to a function.
func fnPtrType(t cc.Type) (ir.IntType, *cc.FunctionType, bool) {
	pt, ok := t.(*cc.PointerType)
	if !ok || t.Size() <= 0 || pt.Elem() == nil {
		return ir.IntType{}, nil, false
	}
	ft, ok := pt.Elem().(*cc.FunctionType)
	if !ok {
		return ir.IntType{}, nil, false
	}
	return ir.IntType{Name: fnPtrName, Bits: int(t.Size()) * 8}, ft, true
}

// isFnPtr reports whether v is a function address.
func isFnPtr(v value) bool { return v.ptr && v.t.Name == fnPtrName }

// fnAddrs numbers the address-taken functions that are translated.
func (t *translator) fnAddrs() {
	t.fnAddr = map[string]numeric.Int{}
	var names []string
	for _, f := range t.prog.Funcs {
		if t.cg.addrTaken[f.Name] {
			names = append(names, f.Name)
		}
	}
	for i, name := range names {
		t.fnAddr[name] = numeric.I(int64(16 * (i + 1)))
	}
}

// funcValue returns the address of the function that the designator n
// names, when it has one.
func (t *translator) funcValue(n cc.ExpressionNode) (value, bool) {
	p, ok := strip(n).(*cc.PrimaryExpression)
	if !ok {
		return value{}, false
	}
	name, ok := t.funcDesignator(p)
	if !ok {
		return value{}, false
	}
	a, ok := t.fnAddr[name]
	if !ok {
		return value{}, false
	}
	pt, _, ok := fnPtrType(t.fdefs[name].Declarator.Type().Decay())
	if !ok {
		return value{}, false
	}
	return ptrVal(constVal(a, pt)), true
}

// fits reports whether a function of type ft may be called through a
// pointer to a function of type want.
func fits(want, ft *cc.FunctionType) bool {
	if want.IsVariadic() != ft.IsVariadic() || !typesAgree(want.Result(), ft.Result()) {
		return false
	}
	wp, fp := params(want), params(ft)
	if len(wp) != len(fp) {
		return false
	}
	for i := range wp {
		if !typesAgree(wp[i].Type(), fp[i].Type()) {
			return false
		}
	}
	return true
}

func params(ft *cc.FunctionType) []*cc.Parameter {
	ps := ft.Parameters()
	if len(ps) == 1 && ps[0].Type() != nil && ps[0].Type().Kind() == cc.Void {
		return nil
	}
	return ps
}

func typesAgree(a, b cc.Type) bool {
	if a == nil || b == nil {
		return a == b
	}
	ai, aok := intType(a)
	bi, bok := intType(b)
	if aok || bok {
		return aok && bok && ai == bi
	}
	return a.Kind() == b.Kind()
}

// candidates returns the translated address-taken functions that fit
// ft, by address.
func (b *builder) candidates(ft *cc.FunctionType) []*ir.Func {
	var out []*ir.Func
	for name := range b.fnAddr {
		if fd := b.fdefs[name]; fd != nil {
			if t, ok := fd.Declarator.Type().(*cc.FunctionType); ok && fits(ft, t) {
				out = append(out, b.funcs[name])
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return b.fnAddr[out[i].Name].Cmp(b.fnAddr[out[j].Name]) < 0 })
	return out
}

// callIndirect translates a call through a function pointer: the callee
// expression, the arguments, then the branch over the candidates.
func (b *builder) callIndirect(n *cc.PostfixExpression, args []cc.ExpressionNode, want bool, pos ir.Pos) value {
	callee := b.eval(n.PostfixExpression)
	_, ft, ok := fnPtrType(n.PostfixExpression.Type())
	if !ok {
		if f, isF := n.PostfixExpression.Type().(*cc.FunctionType); isF {
			ft, ok = f, true
		}
	}
	if !ok {
		b.discardAll(args)
		b.unsupported(pos, "call through a function pointer")
		return b.resultOf(n, want, pos, "")
	}
	var p numeric.LinExpr
	if isFnPtr(callee) {
		p = b.snapshot(asInteger(callee), pos).e
	}
	vals := make([]value, len(args))
	for i, a := range args {
		v := b.eval(a)
		if v.ptr {
			vals[i] = ptrVal(b.snapshot(asInteger(v), pos))
		} else {
			vals[i] = b.snapshot(v, pos)
		}
	}
	cands := b.candidates(ft)
	if len(cands) > 0 && !isFnPtr(callee) {
		pt, _, _ := fnPtrType(ft.Decay())
		p = b.havocVal(pt, pos, "%s not modelled: the call may go to any function of its type, or nowhere", callee.what).e
	}
	rt, isInt := intType(ft.Result())
	var res *ir.Var
	if want && isInt {
		res = b.temp(rt, pos)
	}
	join := b.newLoc(pos)
	for _, f := range cands {
		this, next := b.newLoc(pos), b.newLoc(pos)
		b.branch(ir.NewAtom(numeric.Eq(p, numeric.ConstInt(b.fnAddr[f.Name]))), this, next, pos)
		b.cur = this
		op := &ir.Call{Callee: f, Args: b.actuals(f, vals, pos)}
		if res != nil && f.Ret != nil && f.Ret.Type == res.Type {
			op.Result = res
		}
		b.emit(op, pos)
		b.goTo(join, pos)
		b.cur = next
	}
	if len(cands) == 0 {
		b.unsupported(pos, "call through a function pointer: no function of its type has its address taken")
	} else {
		b.unsupported(pos, "call through a function pointer that holds no address of a function of its type (null, or unknown)")
	}
	b.cur = join
	if res == nil {
		return opaque("result of a call through a function pointer")
	}
	return varVal(res)
}

// actuals converts the evaluated arguments vals to f's formals.
func (b *builder) actuals(f *ir.Func, vals []value, pos ir.Pos) []numeric.LinExpr {
	params := b.params[f]
	var out []numeric.LinExpr
	for i, v := range vals {
		if i >= len(params) || params[i] == nil {
			continue
		}
		out = append(out, b.argValue(params[i], v, pos).e)
	}
	for i := len(vals); i < len(params); i++ {
		if formal := params[i]; formal != nil {
			out = append(out, b.havocVal(formal.Type, pos, "missing argument %s of %s: havoc", formal.Name, f.Name).e)
		}
	}
	return out
}

// argValue converts v to the type of formal: an address for a pointer
// formal (an arbitrary one when v is none), an integer otherwise.
func (b *builder) argValue(formal *ir.Var, v value, pos ir.Pos) value {
	if b.ptrVars[formal] {
		if a, ok := b.address(v, formal.Type, pos); ok {
			return b.normalize(a, pos)
		}
		return b.havocVal(formal.Type, pos, "%s not modelled: argument %s gets an arbitrary address", v.what, formal.Name)
	}
	return b.normalize(b.convert(v, formal.Type, pos), pos)
}

// fnPtrAsInteger converts the function pointer v to the integer type it
// (see the file comment): a havoc where v lies in the range of the
// function addresses, the exact conversion elsewhere.
func (b *builder) fnPtrAsInteger(v value, it ir.IntType, pos ir.Pos) value {
	hi := numeric.I(0)
	for _, a := range b.fnAddr {
		if a.Cmp(hi) > 0 {
			hi = a
		}
	}
	x := asInteger(v)
	if hi.IsZero() {
		return b.convert(x, it, pos) // no function has an address
	}
	r := b.temp(it, pos)
	join := b.newLoc(pos)
	fn, other := b.newLoc(pos), b.newLoc(pos)
	mayBeFn := &ir.And{Xs: []ir.Cond{ir.NewAtom(numeric.Ge(x.e, numeric.Const(16))), ir.NewAtom(numeric.Le(x.e, numeric.ConstInt(hi)))}}
	b.branch(mayBeFn, fn, other, pos)
	b.cur = fn
	rg := it.Range()
	if !it.Signed && it.Bits >= v.t.Bits {
		rg.Lo = numeric.B(1) // a function's address is not null
	}
	b.emit(&ir.Havoc{Var: r, Range: rg}, pos)
	b.goTo(join, pos)
	b.cur = other
	exact := b.convert(x, it, pos)
	b.emit(ir.NewAssign(r, exact.e), pos)
	b.goTo(join, pos)
	b.diag(pos, ir.Warning, "function address converted to an integer: havoc where it may be one")
	return varVal(r)
}
