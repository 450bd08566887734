// This file maps C types onto ir.IntType (widths from the ABI: LP64 or ILP32) and implements C's integer
// promotions and usual arithmetic conversions on them.

package cfront

import (
	"math/big"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"modernc.org/cc/v4"
)

// The integer types whose width is the same under LP64 and ILP32, named
// by their C spelling (long follows the ABI, see intType).
var (
	tChar      = ir.IntType{Name: "char", Bits: 8, Signed: true}
	tSChar     = ir.IntType{Name: "signed char", Bits: 8, Signed: true}
	tUChar     = ir.IntType{Name: "unsigned char", Bits: 8}
	tShort     = ir.IntType{Name: "short", Bits: 16, Signed: true}
	tUShort    = ir.IntType{Name: "unsigned short", Bits: 16}
	tInt       = ir.IntType{Name: "int", Bits: 32, Signed: true}
	tUInt      = ir.IntType{Name: "unsigned int", Bits: 32}
	tLongLong  = ir.IntType{Name: "long long", Bits: 64, Signed: true}
	tULongLong = ir.IntType{Name: "unsigned long long", Bits: 64}
	tInt128    = ir.IntType{Name: "__int128", Bits: 128, Signed: true}
	tUInt128   = ir.IntType{Name: "unsigned __int128", Bits: 128}
)

// intType returns the ir type of the C integer type t, and false when t is
// not an integer type (pointer, floating point, aggregate, void, function).
func intType(t cc.Type) (ir.IntType, bool) {
	if t == nil {
		return ir.IntType{}, false
	}
	switch t.Kind() {
	case cc.Bool:
		return ir.Bool, true
	case cc.Char:
		if cc.IsSignedInteger(t) {
			return tChar, true
		}
		return ir.IntType{Name: "char", Bits: 8}, true
	case cc.SChar:
		return tSChar, true
	case cc.UChar:
		return tUChar, true
	case cc.Short:
		return tShort, true
	case cc.UShort:
		return tUShort, true
	case cc.Int:
		return tInt, true
	case cc.UInt:
		return tUInt, true
	case cc.Long:
		// 64 bits under LP64, 32 under ILP32: the ABI decides.
		return ir.IntType{Name: "long", Bits: int(t.Size()) * 8, Signed: true}, true
	case cc.ULong:
		return ir.IntType{Name: "unsigned long", Bits: int(t.Size()) * 8}, true
	case cc.LongLong:
		return tLongLong, true
	case cc.ULongLong:
		return tULongLong, true
	case cc.Int128:
		return tInt128, true
	case cc.UInt128:
		return tUInt128, true
	case cc.Enum:
		if et, ok := t.(*cc.EnumType); ok {
			if u := et.UnderlyingType(); u != nil && u.Kind() != cc.Enum {
				return intType(u)
			}
		}
		return tInt, true
	}
	if cc.IsIntegerType(t) && t.Size() > 0 && t.Size() <= 16 {
		bits := int(t.Size() * 8)
		signed := cc.IsSignedInteger(t)
		name := t.String()
		return ir.IntType{Name: name, Bits: bits, Signed: signed}, true
	}
	return ir.IntType{}, false
}

// isBool reports whether t is _Bool.
func isBool(t ir.IntType) bool { return t.Bits == 1 && !t.Signed }

// promote applies C's integer promotions: types narrower than int become
// int.
func promote(t ir.IntType) ir.IntType {
	if t.Bits < 32 {
		return tInt
	}
	return t
}

// arithConv returns the common type of the usual arithmetic conversions.
func arithConv(a, b ir.IntType) ir.IntType {
	a, b = promote(a), promote(b)
	switch {
	case a == b:
		return a
	case a.Signed == b.Signed:
		if a.Bits >= b.Bits {
			return a
		}
		return b
	}
	u, s := a, b
	if a.Signed {
		u, s = b, a
	}
	switch {
	case u.Bits >= s.Bits:
		return u
	case s.Bits > u.Bits:
		return s
	}
	return unsignedOf(s)
}

// unsignedOf returns the unsigned type of the same width as t.
func unsignedOf(t ir.IntType) ir.IntType {
	switch t.Bits {
	case 8:
		return tUChar
	case 16:
		return tUShort
	case 32:
		return tUInt
	case 64:
		return tULongLong
	case 128:
		return tUInt128
	}
	return ir.IntType{Name: "unsigned " + t.Name, Bits: t.Bits}
}

// modulus returns 2^t.Bits.
func modulus(t ir.IntType) numeric.Int {
	return numeric.IntFromBig(new(big.Int).Lsh(big.NewInt(1), uint(t.Bits)))
}

// symmetricMod returns the c' congruent to c modulo m (m > 0, even) with
// -m/2 <= c' < m/2.
func symmetricMod(c, m numeric.Int) numeric.Int {
	h := m.FloorDiv(numeric.I(2))
	return c.Add(h).Mod(m).Sub(h)
}

// reduceModulo returns an expression congruent to e modulo m for every
// integer valuation: each coefficient and the constant replaced by its
// symmetric residue (symmetricMod). Unsigned arithmetic brings
// coefficients like 2^32-2 for -2 (C converts -2 to unsigned before the
// product); reduced, the value's range, and so the number of times it
// wraps, is that of the small expression.
func reduceModulo(e numeric.LinExpr, m numeric.Int) numeric.LinExpr {
	ts := e.Terms()
	out := make([]numeric.Term, len(ts))
	for i, t := range ts {
		out[i] = numeric.Term{Dim: t.Dim, Coef: symmetricMod(t.Coef, m)}
	}
	return numeric.NewLinExpr(symmetricMod(e.Constant(), m), out...)
}

// inRange reports whether lo..hi lies within t's range.
func inRange(lo, hi numeric.Int, t ir.IntType) bool {
	return lo.Cmp(t.Min()) >= 0 && hi.Cmp(t.Max()) <= 0
}

// wrapConst returns c converted to t modulo 2^t.Bits (_Bool: c != 0).
func wrapConst(c numeric.Int, t ir.IntType) numeric.Int {
	if !t.IsBounded() {
		return c
	}
	if isBool(t) {
		if c.IsZero() {
			return numeric.I(0)
		}
		return numeric.I(1)
	}
	m := modulus(t)
	r := c.Sub(t.Min()).Mod(m)
	return r.Add(t.Min())
}

// pow2 returns 2^k.
func pow2(k int) numeric.Int {
	return numeric.IntFromBig(new(big.Int).Lsh(big.NewInt(1), uint(k)))
}

// eachObject calls f for every declarator of the declaration d that
// declares an object: not a typedef name, not a function.
func eachObject(d *cc.Declaration, f func(id *cc.InitDeclarator, dd *cc.Declarator)) {
	if d == nil || d.Case != cc.DeclarationDecl {
		return
	}
	for l := d.InitDeclaratorList; l != nil; l = l.InitDeclaratorList {
		id := l.InitDeclarator
		if id == nil || id.Declarator == nil {
			continue
		}
		dd := id.Declarator
		if dd.IsTypename() || dd.Type() == nil || dd.Type().Kind() == cc.Function {
			continue
		}
		f(id, dd)
	}
}

// sameType tells whether a and b have the same range of values (int and
// long on ILP32, say), so that converting between them changes no value.
func sameType(a, b ir.IntType) bool { return a.Bits == b.Bits && a.Signed == b.Signed }
