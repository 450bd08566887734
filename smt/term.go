// This file implements Term, the handle of a Z3 expression, and the
// plumbing every term constructor shares: argument checks, error
// propagation and reference counting.

package smt

/*
#include "shim.h"
*/
import "C"

import (
	"fmt"
	"math"
	"math/big"
	"runtime"
)

// Term is a Z3 expression of sort Bool, Int or BitVec(w). Terms are
// immutable and hash-consed by Z3: structurally equal terms of one context
// are Equal.
//
// A term that could not be built carries the error instead of an
// expression (Err), like a NaN: every term built from it carries the same
// error, and a solver given it reports the error at its next Check. So a
// formula can be built without checking each step, and checked once.
//
// The Z3 expression is released when the Term becomes unreachable; there
// is nothing to close.
type Term struct {
	ctx   *Context
	a     C.Z3_ast
	err   error
	kind  Kind
	width int
}

// Err returns the error that kept the term from being built, or nil.
func (t *Term) Err() error { return t.err }

// Sort returns the term's sort, or nil if the term carries an error.
func (t *Term) Sort() *Sort {
	if t.err != nil {
		return nil
	}
	return t.ctx.sortOf(t.kind, t.width)
}

// Kind returns the kind of the term's sort (KindOther if it carries an
// error).
func (t *Term) Kind() Kind {
	if t.err != nil {
		return KindOther
	}
	return t.kind
}

// Width returns the width of a BitVec term, 0 for the others.
func (t *Term) Width() int { return t.width }

// Equal reports whether t and u are the same expression (Z3 shares
// structurally equal expressions, so this is structural equality).
func (t *Term) Equal(u *Term) bool {
	return t != nil && u != nil && t.err == nil && u.err == nil && t.ctx == u.ctx && t.a == u.a
}

// String returns the term in SMT-LIB2 syntax, or "<error: ...>" if it
// carries an error.
func (t *Term) String() string {
	if t == nil {
		return "<nil>"
	}
	if t.err != nil {
		return "<error: " + t.err.Error() + ">"
	}
	z := t.ctx.z()
	if z == nil {
		return "<closed>"
	}
	return C.GoString(C.np_ast_to_string(z, t.a))
}

// Numeral returns the value of an Int or BitVec literal (a bit-vector
// unsigned), and false if t is not a literal.
func (t *Term) Numeral() (*big.Int, bool) {
	v, err := t.read("Numeral")
	if err != nil || v.isnum == 0 {
		return nil, false
	}
	return numeral(v), true
}

// BoolValue returns the value of the literals true and false, with ok
// false if t is neither.
func (t *Term) BoolValue() (value, ok bool) {
	v, err := t.read("BoolValue")
	if err != nil || v.isbool == 0 {
		return false, false
	}
	return v.b != 0, true
}

func (t *Term) read(op string) (C.np_value, error) {
	if t == nil || t.err != nil {
		return C.np_value{}, &Error{Op: op, Code: InvalidArg, Msg: "no term"}
	}
	z := t.ctx.z()
	if z == nil {
		return C.np_value{}, ErrClosed
	}
	v := C.np_read(z, t.a)
	if err := valueErr(op, v); err != nil {
		return v, err
	}
	return v, nil
}

// numeral converts a numeral read by np_read or np_model_read.
func numeral(v C.np_value) *big.Int {
	if v.fits != 0 {
		return big.NewInt(int64(v.small))
	}
	n, ok := new(big.Int).SetString(C.GoString(v.dec), 10)
	if !ok {
		// Z3 prints integer and bit-vector numerals in decimal; anything
		// else is a bug here.
		panic("smt: unexpected numeral " + C.GoString(v.dec))
	}
	return n
}

func valueErr(op string, v C.np_value) error {
	return statusErr(op, C.np_status{err: v.err, msg: v.msg})
}

// errTerm returns a term carrying err.
func (c *Context) errTerm(err error) *Term {
	return &Term{ctx: c, err: err}
}

// check returns the first error among the arguments of operation op: a
// nil term, a term carrying an error, a term of another context, or a
// closed context. It returns the Z3 context otherwise.
func (c *Context) check(op string, ts ...*Term) (C.Z3_context, error) {
	for _, t := range ts {
		if t == nil {
			return nil, &Error{Op: op, Code: InvalidArg, Msg: "nil term"}
		}
		if t.err != nil {
			return nil, t.err
		}
		if t.ctx != c {
			return nil, &Error{Op: op, Code: InvalidUsage, Msg: "term of another context"}
		}
	}
	z := c.z()
	if z == nil {
		return nil, ErrClosed
	}
	return z, nil
}

// wrap turns a wrapper's result into a Term that releases its reference
// when it becomes unreachable.
func (c *Context) wrap(op string, r C.np_term) *Term {
	if r.err != 0 || r.ast == nil {
		msg := ""
		if r.msg != nil {
			msg = C.GoString(r.msg)
		}
		code := ErrorCode(r.err)
		if code == OK {
			code = Exception
		}
		return c.errTerm(&Error{Op: op, Code: code, Msg: msg})
	}
	t := &Term{ctx: c, a: r.ast, kind: kindOf(r.kind), width: int(r.width)}
	runtime.AddCleanup(t, releaseAST, astRef{c.st, r.ast})
	c.hold()
	return t
}

// sig is the signature of an operation: which sorts its arguments need.
// Z3 checks some signatures and crashes on others (bv2int of an Int), so
// every constructor checks here first.
type sig int

const (
	sigBool  sig = iota // all Bool
	sigInt              // all Int
	sigBV               // all BitVec of one width
	sigSame             // all of one sort
	sigBVAny            // all BitVec
)

// checkSig returns an error if ts do not fit s. Precondition: c.check
// accepted ts.
func checkSig(op string, s sig, ts ...*Term) error {
	for i, t := range ts {
		var ok bool
		switch s {
		case sigBool:
			ok = t.kind == KindBool
		case sigInt:
			ok = t.kind == KindInt
		case sigBV:
			ok = t.kind == KindBV && t.width == ts[0].width
		case sigSame:
			ok = t.kind == ts[0].kind && t.width == ts[0].width
		case sigBVAny:
			ok = t.kind == KindBV
		}
		if !ok {
			return sortError(op, i, t, s, ts[0])
		}
	}
	return nil
}

func sortError(op string, i int, t *Term, s sig, first *Term) error {
	var want string
	switch s {
	case sigBool:
		want = "Bool"
	case sigInt:
		want = "Int"
	case sigBV, sigSame:
		want = first.Sort().String()
	case sigBVAny:
		want = "a BitVec"
	}
	return &Error{Op: op, Code: SortError,
		Msg: fmt.Sprintf("argument %d has sort %v, want %s", i+1, t.Sort(), want)}
}

func (c *Context) op1(op string, code C.int, s sig, a *Term) *Term {
	z, err := c.check(op, a)
	if err == nil {
		err = checkSig(op, s, a)
	}
	if err != nil {
		return c.errTerm(err)
	}
	return c.wrap(op, C.np_op1(z, code, a.a))
}

func (c *Context) op2(op string, code C.int, s sig, a, b *Term) *Term {
	z, err := c.check(op, a, b)
	if err == nil {
		err = checkSig(op, s, a, b)
	}
	if err != nil {
		return c.errTerm(err)
	}
	return c.wrap(op, C.np_op2(z, code, a.a, b.a))
}

// opn builds an n-ary operation with one cgo call.
func (c *Context) opn(op string, code C.int, s sig, ts []*Term) *Term {
	z, err := c.check(op, ts...)
	if err == nil {
		err = checkSig(op, s, ts...)
	}
	if err != nil {
		return c.errTerm(err)
	}
	var buf [8]C.Z3_ast
	args := buf[:0]
	if len(ts) > len(buf) {
		args = make([]C.Z3_ast, 0, len(ts))
	}
	for _, t := range ts {
		args = append(args, t.a)
	}
	var p *C.Z3_ast
	if len(args) > 0 {
		p = &args[0]
	}
	return c.wrap(op, C.np_opn(z, code, C.uint(len(args)), p))
}

// opi builds an operation with integer parameters i and j on a, whose
// sort the caller has checked (want).
func (c *Context) opi(op string, code C.int, want Kind, i, j int, a *Term) *Term {
	z, err := c.check(op, a)
	if err == nil && a.kind != want {
		err = &Error{Op: op, Code: SortError, Msg: fmt.Sprintf("argument has sort %v, want %v", a.Sort(), want)}
	}
	if err == nil && (i < 0 || j < 0 || i > math.MaxInt32 || j > math.MaxInt32) {
		err = &Error{Op: op, Code: InvalidArg, Msg: fmt.Sprintf("parameter out of range: %d, %d", i, j)}
	}
	if err != nil {
		return c.errTerm(err)
	}
	return c.wrap(op, C.np_opi(z, code, C.uint(i), C.uint(j), a.a))
}
