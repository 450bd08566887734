// This file models pointer locals as addresses: a block-scope pointer
// variable (not static, not a function pointer) whose address is never
// taken gets a variable holding its address as an unsigned integer of
// pointer width. gcc keeps a pointer's bits when converting it to or from
// an integer type (an integer is sign- or zero-extended to pointer width
// first), and a null pointer is address 0; so the explicit conversions
// (casts), the null pointer constant, copies between such variables,
// truth tests and comparisons are exact. Everything else that reads a
// pointer (arithmetic, which scales by the element size; dereference;
// passing it to a function) still sees an unmodelled value, and any other
// value stored into such a variable (an address, a call's result,
// pointer arithmetic) is an undetermined one: a havoc that ir/exec counts
// as arbitrary. CIL output compares such temporaries with (void *)0 on
// every pass of the ssh state machines, which made every counterexample
// there depend on a havoc.

package cfront

import (
	"modernc.org/cc/v4"

	"github.com/numpred/numpred/ir"
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
