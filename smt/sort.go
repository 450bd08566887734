// This file implements sorts: Bool, Int and BitVec(w).

package smt

/*
#include "shim.h"
*/
import "C"

import "fmt"

// Kind is the kind of a sort.
type Kind int

// The kinds of sorts. Terms of this package have one of the first three;
// KindOther only appears on terms read from SMT-LIB2 text.
const (
	KindBool Kind = iota
	KindInt
	KindBV
	KindOther
)

// String returns the kind's SMT-LIB name: "Bool", "Int", "BitVec".
func (k Kind) String() string {
	switch k {
	case KindBool:
		return "Bool"
	case KindInt:
		return "Int"
	case KindBV:
		return "BitVec"
	}
	return "other"
}

func kindOf(z3kind C.int) Kind {
	switch z3kind {
	case C.NP_KIND_BOOL:
		return KindBool
	case C.NP_KIND_INT:
		return KindInt
	case C.NP_KIND_BV:
		return KindBV
	}
	return KindOther
}

// Sort is a Z3 sort: Bool, Int (mathematical integers) or BitVec(w)
// (w-bit machine words, neither signed nor unsigned: the operations say
// how they read the bits). A context makes each sort once and keeps it
// until Close, so sorts can be compared with ==.
type Sort struct {
	ctx   *Context
	s     C.Z3_sort
	kind  Kind
	width int
}

// Kind returns the sort's kind.
func (s *Sort) Kind() Kind { return s.kind }

// Width returns the width of a BitVec sort, 0 for the others.
func (s *Sort) Width() int { return s.width }

// String returns the sort in SMT-LIB2 syntax: "Bool", "Int",
// "(_ BitVec 32)".
func (s *Sort) String() string {
	if s.kind == KindBV {
		return fmt.Sprintf("(_ BitVec %d)", s.width)
	}
	return s.kind.String()
}

// BoolSort returns the Boolean sort.
func (c *Context) BoolSort() *Sort {
	if c.boolSort == nil {
		c.boolSort = &Sort{ctx: c, kind: KindBool}
	}
	return c.boolSort
}

// IntSort returns the sort of mathematical integers.
func (c *Context) IntSort() *Sort {
	if c.intSort == nil {
		c.intSort = &Sort{ctx: c, kind: KindInt}
	}
	return c.intSort
}

// BVSort returns the sort of w-bit vectors. Precondition: w >= 1 (a
// non-positive w yields terms that carry an InvalidArg error).
func (c *Context) BVSort(w int) *Sort {
	s := c.bvSorts[w]
	if s == nil {
		s = &Sort{ctx: c, kind: KindBV, width: w}
		c.bvSorts[w] = s
	}
	return s
}

// sortOf returns the sort of a term's kind and width.
func (c *Context) sortOf(k Kind, w int) *Sort {
	switch k {
	case KindBool:
		return c.BoolSort()
	case KindInt:
		return c.IntSort()
	case KindBV:
		return c.BVSort(w)
	}
	return nil
}

// z3sort returns s's Z3 sort, made on first use (sorts live until Close).
func (c *Context) z3sort(op string, s *Sort) (C.Z3_sort, error) {
	if s == nil {
		return nil, &Error{Op: op, Code: InvalidArg, Msg: "nil sort"}
	}
	if s.ctx != c {
		return nil, &Error{Op: op, Code: InvalidUsage, Msg: "sort of another context"}
	}
	z := c.z()
	if z == nil {
		return nil, ErrClosed
	}
	if s.s != nil {
		return s.s, nil
	}
	if s.kind == KindBV && s.width < 1 {
		return nil, &Error{Op: op, Code: InvalidArg, Msg: fmt.Sprintf("bit-vector width %d", s.width)}
	}
	var st C.np_status
	zs := C.np_sort(z, C.int(kindToZ3(s.kind)), C.uint(s.width), &st)
	if err := statusErr(op, st); err != nil {
		return nil, err
	}
	s.s = zs
	return zs, nil
}

func kindToZ3(k Kind) C.int {
	switch k {
	case KindBool:
		return C.NP_KIND_BOOL
	case KindInt:
		return C.NP_KIND_INT
	case KindBV:
		return C.NP_KIND_BV
	}
	return -1
}

// statusErr turns a wrapper's status into an error (nil for Z3_OK).
func statusErr(op string, st C.np_status) error {
	if st.err == 0 {
		return nil
	}
	msg := ""
	if st.msg != nil {
		msg = C.GoString(st.msg)
	}
	return &Error{Op: op, Code: ErrorCode(st.err), Msg: msg}
}
