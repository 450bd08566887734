// This file implements the Boolean connectives, equality and
// if-then-else (any sort), and integer arithmetic and comparisons.

package smt

/*
#include "shim.h"
*/
import "C"

// Not returns ¬a.
func (c *Context) Not(a *Term) *Term { return c.op1("Not", C.NP_NOT, sigBool, a) }

// And returns the conjunction of ts (true if ts is empty), built with one
// Z3 call.
func (c *Context) And(ts ...*Term) *Term {
	if len(ts) == 0 {
		return c.True()
	}
	return c.opn("And", C.NP_AND, sigBool, ts)
}

// Or returns the disjunction of ts (false if ts is empty).
func (c *Context) Or(ts ...*Term) *Term {
	if len(ts) == 0 {
		return c.False()
	}
	return c.opn("Or", C.NP_OR, sigBool, ts)
}

// AndFold returns the conjunction of ts with the constants folded: nil
// and true operands are left out, a false one makes it false, and one
// operand left is returned as it is.
func (c *Context) AndFold(ts ...*Term) *Term { return c.fold(ts, false) }

// OrFold returns the disjunction of ts with the constants folded (the
// dual of AndFold).
func (c *Context) OrFold(ts ...*Term) *Term { return c.fold(ts, true) }

// fold is AndFold (absorbing false) or OrFold (absorbing true).
func (c *Context) fold(ts []*Term, or bool) *Term {
	var xs []*Term
	for _, t := range ts {
		if t == nil {
			continue
		}
		if v, ok := t.BoolValue(); ok {
			if v == or {
				return c.BoolVal(or)
			}
			continue
		}
		xs = append(xs, t)
	}
	switch {
	case len(xs) == 1:
		return xs[0]
	case or:
		return c.Or(xs...)
	}
	return c.And(xs...)
}

// Implies returns a ⇒ b.
func (c *Context) Implies(a, b *Term) *Term { return c.op2("Implies", C.NP_IMPLIES, sigBool, a, b) }

// Iff returns a ⇔ b.
func (c *Context) Iff(a, b *Term) *Term { return c.op2("Iff", C.NP_IFF, sigBool, a, b) }

// Xor returns a ⊕ b.
func (c *Context) Xor(a, b *Term) *Term { return c.op2("Xor", C.NP_XOR, sigBool, a, b) }

// Eq returns a = b, for a and b of the same sort.
func (c *Context) Eq(a, b *Term) *Term { return c.op2("Eq", C.NP_EQ, sigSame, a, b) }

// Distinct returns the formula that ts are pairwise different. It needs
// at least two terms, all of one sort.
func (c *Context) Distinct(ts ...*Term) *Term {
	if len(ts) < 2 {
		return c.errTerm(&Error{Op: "Distinct", Code: InvalidArg, Msg: "needs at least two terms"})
	}
	return c.opn("Distinct", C.NP_DISTINCT, sigSame, ts)
}

// Ite returns if cond then a else b, for a Bool cond and a and b of one
// sort.
func (c *Context) Ite(cond, a, b *Term) *Term {
	z, err := c.check("Ite", cond, a, b)
	if err == nil {
		err = checkSig("Ite", sigBool, cond)
	}
	if err == nil {
		err = checkSig("Ite", sigSame, a, b)
	}
	if err != nil {
		return c.errTerm(err)
	}
	return c.wrap("Ite", C.np_ite(z, cond.a, a.a, b.a))
}

// Add returns the sum of the Int terms ts (at least one).
func (c *Context) Add(ts ...*Term) *Term {
	if len(ts) == 0 {
		return c.errTerm(&Error{Op: "Add", Code: InvalidArg, Msg: "no terms"})
	}
	return c.opn("Add", C.NP_ADD, sigInt, ts)
}

// Sub returns ts[0] - ts[1] - ... - ts[n-1] (at least one Int term).
func (c *Context) Sub(ts ...*Term) *Term {
	if len(ts) == 0 {
		return c.errTerm(&Error{Op: "Sub", Code: InvalidArg, Msg: "no terms"})
	}
	return c.opn("Sub", C.NP_SUB, sigInt, ts)
}

// Mul returns the product of the Int terms ts (at least one). A product of
// two non-literal terms is nonlinear: Z3 may answer Unknown.
func (c *Context) Mul(ts ...*Term) *Term {
	if len(ts) == 0 {
		return c.errTerm(&Error{Op: "Mul", Code: InvalidArg, Msg: "no terms"})
	}
	return c.opn("Mul", C.NP_MUL, sigInt, ts)
}

// Neg returns -a.
func (c *Context) Neg(a *Term) *Term { return c.op1("Neg", C.NP_NEG, sigInt, a) }

// Div returns the integer quotient a div b of SMT-LIB: rounded so that
// the remainder Mod(a, b) is non-negative (floor for b > 0, ceiling for
// b < 0), which is not Go's or C's truncation. Division by zero is
// unspecified: Z3 picks some value.
func (c *Context) Div(a, b *Term) *Term { return c.op2("Div", C.NP_DIV, sigInt, a, b) }

// Mod returns a mod b of SMT-LIB: in [0, |b|) for b ≠ 0.
func (c *Context) Mod(a, b *Term) *Term { return c.op2("Mod", C.NP_MOD, sigInt, a, b) }

// Rem returns Z3's a rem b: a mod b with the sign of b flipped when b is
// negative. It is not C's %: for C's truncating remainder use
// a - b*(truncated quotient), or bit-vectors (BVSRem).
func (c *Context) Rem(a, b *Term) *Term { return c.op2("Rem", C.NP_REM, sigInt, a, b) }

// Le returns a ≤ b, for Int terms.
func (c *Context) Le(a, b *Term) *Term { return c.op2("Le", C.NP_LE, sigInt, a, b) }

// Lt returns a < b, for Int terms.
func (c *Context) Lt(a, b *Term) *Term { return c.op2("Lt", C.NP_LT, sigInt, a, b) }

// Ge returns a ≥ b, for Int terms.
func (c *Context) Ge(a, b *Term) *Term { return c.op2("Ge", C.NP_GE, sigInt, a, b) }

// Gt returns a > b, for Int terms.
func (c *Context) Gt(a, b *Term) *Term { return c.op2("Gt", C.NP_GT, sigInt, a, b) }
