// This file implements the leaves of terms: constants (Z3's name for free
// variables) and literals of each sort.

package smt

/*
#include <stdlib.h>
#include "shim.h"
*/
import "C"

import (
	"math/big"
	"unsafe"
)

// Const returns the constant (free variable) called name of sort s. The
// same name and sort give the same term.
func (c *Context) Const(name string, s *Sort) *Term {
	return c.mkConst("Const", name, s, false)
}

// FreshConst returns a new constant of sort s whose name starts with
// prefix and differs from every other constant's.
func (c *Context) FreshConst(prefix string, s *Sort) *Term {
	return c.mkConst("FreshConst", prefix, s, true)
}

func (c *Context) mkConst(op, name string, s *Sort, fresh bool) *Term {
	zs, err := c.z3sort(op, s)
	if err != nil {
		return c.errTerm(err)
	}
	cname := C.CString(name)
	defer C.free(unsafe.Pointer(cname))
	return c.wrap(op, C.np_const(c.st.z, cname, zs, cbool(fresh)))
}

// BoolVal returns the literal true or false.
func (c *Context) BoolVal(b bool) *Term {
	z, err := c.check("BoolVal")
	if err != nil {
		return c.errTerm(err)
	}
	return c.wrap("BoolVal", C.np_bool(z, cbool(b)))
}

// True returns the literal true.
func (c *Context) True() *Term { return c.BoolVal(true) }

// False returns the literal false.
func (c *Context) False() *Term { return c.BoolVal(false) }

// IntVal returns the Int literal v.
func (c *Context) IntVal(v int64) *Term {
	zs, err := c.z3sort("IntVal", c.IntSort())
	if err != nil {
		return c.errTerm(err)
	}
	return c.wrap("IntVal", C.np_int64(c.st.z, C.int64_t(v), zs))
}

// IntBig returns the Int literal v, of any size.
func (c *Context) IntBig(v *big.Int) *Term {
	if v == nil {
		return c.errTerm(&Error{Op: "IntBig", Code: InvalidArg, Msg: "nil value"})
	}
	if v.IsInt64() {
		return c.IntVal(v.Int64())
	}
	return c.numeral("IntBig", v, c.IntSort())
}

// BVVal returns the w-bit literal v mod 2^w: v is read as two's
// complement, so BVVal(-1, 8) is #xff, the same as BVVal(255, 8).
func (c *Context) BVVal(v int64, w int) *Term {
	if w >= 1 && w < 63 {
		v &= 1<<w - 1
	}
	if v >= 0 {
		zs, err := c.z3sort("BVVal", c.BVSort(w))
		if err != nil {
			return c.errTerm(err)
		}
		return c.wrap("BVVal", C.np_int64(c.st.z, C.int64_t(v), zs))
	}
	return c.BVBig(big.NewInt(v), w)
}

// BVBig returns the w-bit literal v mod 2^w (two's complement for
// negative v).
func (c *Context) BVBig(v *big.Int, w int) *Term {
	if v == nil {
		return c.errTerm(&Error{Op: "BVBig", Code: InvalidArg, Msg: "nil value"})
	}
	if w < 1 {
		_, err := c.z3sort("BVBig", c.BVSort(w))
		return c.errTerm(err)
	}
	m := new(big.Int).Lsh(big.NewInt(1), uint(w))
	u := new(big.Int).Mod(v, m) // Euclidean: in [0, 2^w)
	if u.IsInt64() {
		return c.BVVal(u.Int64(), w)
	}
	return c.numeral("BVBig", u, c.BVSort(w))
}

func (c *Context) numeral(op string, v *big.Int, s *Sort) *Term {
	zs, err := c.z3sort(op, s)
	if err != nil {
		return c.errTerm(err)
	}
	dec := C.CString(v.String())
	defer C.free(unsafe.Pointer(dec))
	return c.wrap(op, C.np_numeral(c.st.z, dec, zs))
}
