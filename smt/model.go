// This file implements Model: the values a satisfiable check found, read
// back as exact integers and Booleans.

package smt

/*
#include "shim.h"
*/
import "C"

import (
	"math/big"
	"runtime"
)

// Model assigns a value to every constant of a satisfiable formula. The
// readers complete it: a constant the formula does not constrain gets a
// default value (0, false) rather than an error.
//
// Close releases the model; an unreachable Model is released anyway.
type Model struct {
	ctx     *Context
	m       C.Z3_model
	cleanup runtime.Cleanup
}

func (c *Context) newModel(m C.Z3_model) *Model {
	md := &Model{ctx: c, m: m}
	md.cleanup = runtime.AddCleanup(md, releaseModel, modelRef{c.st, m})
	c.hold()
	return md
}

func (m *Model) z(op string, t *Term) (C.Z3_context, error) {
	if m.m == nil {
		return nil, &Error{Op: op, Code: InvalidUsage, Msg: "model is closed"}
	}
	return m.ctx.check(op, t)
}

// Eval returns the value of t in the model, as a literal when t's
// constants all have values (always, thanks to completion, for the sorts
// of this package).
func (m *Model) Eval(t *Term) (*Term, error) {
	z, err := m.z("Eval", t)
	if err != nil {
		return nil, err
	}
	r := m.ctx.wrap("Eval", C.np_model_eval(z, m.m, t.a))
	return r, r.err
}

// Int returns the value of an Int term, or of a BitVec term read as
// unsigned.
func (m *Model) Int(t *Term) (*big.Int, error) {
	v, err := m.read("Int", t)
	if err != nil {
		return nil, err
	}
	if v.isnum == 0 || (v.kind != C.NP_KIND_INT && v.kind != C.NP_KIND_BV) {
		return nil, &Error{Op: "Int", Code: SortError, Msg: "value of " + t.String() + " is not an integer"}
	}
	return numeral(v), nil
}

// Signed returns the value of a BitVec term read as two's complement
// (and of an Int term, as Int does).
func (m *Model) Signed(t *Term) (*big.Int, error) {
	n, err := m.Int(t)
	if err != nil || t.kind != KindBV {
		return n, err
	}
	return ToSigned(n, t.width), nil
}

// ToSigned returns the w-bit pattern u (unsigned, in [0, 2^w)) read as
// two's complement: u - 2^w when bit w-1 is set.
func ToSigned(u *big.Int, w int) *big.Int {
	if w < 1 || u.Bit(w-1) == 0 {
		return u
	}
	return new(big.Int).Sub(u, new(big.Int).Lsh(big.NewInt(1), uint(w)))
}

// Bool returns the value of a Bool term.
func (m *Model) Bool(t *Term) (bool, error) {
	v, err := m.read("Bool", t)
	if err != nil {
		return false, err
	}
	if v.isbool == 0 {
		return false, &Error{Op: "Bool", Code: SortError, Msg: "value of " + t.String() + " is not a Boolean"}
	}
	return v.b != 0, nil
}

func (m *Model) read(op string, t *Term) (C.np_value, error) {
	z, err := m.z(op, t)
	if err != nil {
		return C.np_value{}, err
	}
	v := C.np_model_read(z, m.m, t.a)
	return v, valueErr(op, v)
}

// String returns the model in Z3's syntax, for debugging.
func (m *Model) String() string {
	if m.m == nil {
		return "; model is closed"
	}
	z := m.ctx.z()
	if z == nil {
		return "; " + ErrClosed.Error()
	}
	return C.GoString(C.np_model_to_string(z, m.m))
}

// Close releases the model; later reads fail. Close is idempotent.
func (m *Model) Close() {
	if m.m == nil {
		return
	}
	m.cleanup.Stop()
	if z := m.ctx.z(); z != nil {
		C.np_model_dec_ref(z, m.m)
		m.ctx.released(1)
	}
	m.m = nil
}
