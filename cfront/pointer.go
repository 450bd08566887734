// This file implements pointer values: a pointer (a variable, formal,
// result or cell of pointer type that is not itself in memory) holds its
// address as an unsigned integer of pointer width. gcc keeps a pointer's
// bits when converting it to or from an integer type (an integer is
// sign- or zero-extended to pointer width first), and a null pointer is
// address 0; so casts, the null pointer constant, copies, truth tests
// and comparisons are exact, and so are arithmetic (the address moves by
// the element size times the offset) and differences (an exact division
// by the element size). Addresses come from memory.go's numbering. A
// value that is no address (an unmodelled expression) stored into a
// pointer is an undetermined one: a havoc that ir/exec counts as
// arbitrary.

package cfront

import (
	"modernc.org/cc/v4"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// ptrType returns the integer type that holds the addresses of the data
// pointer type t, false when t is not one.
func ptrType(t cc.Type) (ir.IntType, bool) {
	pt, ok := t.(*cc.PointerType)
	if !ok || t.Size() <= 0 {
		return ir.IntType{}, false
	}
	if e := pt.Elem(); e == nil {
		return ir.IntType{}, false
	}
	if it, _, ok := fnPtrType(t); ok {
		return it, true // fptr.go
	}
	return ir.IntType{Name: "pointer", Bits: int(t.Size()) * 8}, true
}

// ptrVal is the value of a modelled pointer: its address in e, of type t
// (ptrType), not an integer for the rest of the translator.
func ptrVal(v value) value {
	return value{e: v.e, t: v.t, ptr: true, what: "pointer value"}
}

// varValue is the value of the modelled variable x: an address for a
// pointer variable.
func (b *builder) varValue(x *ir.Var) value {
	if b.ptrVars[x] {
		return ptrVal(varVal(x))
	}
	return varVal(x)
}

// address returns v as the integer address a pointer of type pt holds,
// when v is a modelled pointer or an integer (converted as gcc converts
// an integer to a pointer).
func (b *builder) address(v value, pt ir.IntType, pos ir.Pos) (value, bool) {
	switch {
	case v.ptr:
		return value{e: v.e, t: pt, isInt: true}, v.t.Bits == pt.Bits
	case v.isInt:
		return b.convert(v, pt, pos), true
	}
	return value{}, false
}

// storePtr assigns v to the pointer variable x: its address when it has
// one, else an undetermined value.
func (b *builder) storePtr(x *ir.Var, v value, pos ir.Pos) {
	if a, ok := b.address(v, x.Type, pos); ok {
		b.store(x, a, pos)
		return
	}
	b.emit(&ir.Havoc{Var: x, Range: x.Type.Range()}, pos)
	b.diag(pos, ir.Warning, "%s not modelled: pointer %s gets an arbitrary address", v.what, x.Name)
}

// castPtr converts v to the pointer type to (a cast): false when to is
// not a modelled pointer type.
func (b *builder) castPtr(v value, to cc.Type, pos ir.Pos) (value, bool) {
	pt, ok := ptrType(to)
	if !ok {
		return value{}, false
	}
	if a, ok := b.address(v, pt, pos); ok {
		return ptrVal(a), true
	}
	return opaque("value of type " + typeStr(to)), true
}

// asInteger returns a modelled pointer's address as an integer (for a
// cast to an integer type, a truth test or a comparison); v itself
// otherwise.
func asInteger(v value) value {
	if v.ptr {
		return value{e: v.e, t: v.t, isInt: true}
	}
	return v
}

// isPtrType reports whether t is a data pointer or an array (which
// decays to one) type.
func isPtrType(t cc.Type) bool {
	if t == nil {
		return false
	}
	switch t.Kind() {
	case cc.Array:
		return true
	case cc.Ptr:
		_, _, isFn := fnPtrType(t)
		return !isFn
	}
	return false
}

// elemSize returns the size of the elements a pointer (or array) of
// type t addresses; 1 for void (GNU arithmetic on void *).
func elemSize(t cc.Type) int64 {
	var et cc.Type
	switch x := t.(type) {
	case *cc.PointerType:
		et = x.Elem()
	case *cc.ArrayType:
		et = x.Elem()
	}
	if et == nil || et.Kind() == cc.Void || et.Size() <= 0 {
		return 1
	}
	return et.Size()
}

// ptrArith computes p op i (op + or -) for a pointer p of type pt and an
// integer i: the address moves by i elements.
func (b *builder) ptrArith(op string, p, i value, pt cc.Type, pos ir.Pos) value {
	if !p.ptr || isFnPtr(p) {
		return opaque("pointer arithmetic on " + p.whatOr("an unmodelled pointer"))
	}
	if !i.isInt {
		return opaque("pointer arithmetic with " + i.whatOr("an unmodelled offset"))
	}
	i = b.normalize(b.convert(i, tLongLong, pos), pos)
	d := i.e.Scale(numeric.I(elemSize(pt)))
	if op == "-" {
		d = d.Neg()
	}
	a := b.normalize(value{e: p.e.Add(d), t: b.ptrT, isInt: true}, pos)
	return ptrVal(a)
}

// ptrDiff computes p - q for two pointers into one array: the difference
// of the addresses divided by the element size, of type rt (ptrdiff_t).
func (b *builder) ptrDiff(p, q value, pt, rt cc.Type, pos ir.Pos) value {
	it, ok := intType(rt)
	if !ok {
		it = tLongLong
	}
	if !p.ptr || !q.ptr {
		return b.havocVal(it, pos, "difference of unmodelled pointers: havoc")
	}
	diff := p.e.Sub(q.e)
	es := elemSize(pt)
	if es == 1 {
		return b.normalize(value{e: diff, t: it, isInt: true}, pos)
	}
	return value{e: b.truncDiv(diff, numeric.I(es), it, pos), t: it, isInt: true}
}

// evalFor evaluates n as the value of an object of type target: an
// allocation (malloc) takes target's pointee as the type of its block.
func (b *builder) evalFor(n cc.ExpressionNode, target cc.Type) value {
	if pt, ok := target.(*cc.PointerType); ok && b.isAllocCall(n) {
		b.allocHint = pt.Elem()
	}
	v := b.eval(n)
	b.allocHint = nil
	return v
}
