// This file defines Def, the exact C operation a Havoc stands for when the
// IR's linear expressions cannot express it, and its concrete evaluation.

package ir

import (
	"fmt"
	"math/big"

	"github.com/numpred/numpred/numeric"
)

// DefOp is the operator of a Def.
type DefOp uint8

const (
	DefMul      DefOp = iota // X * Y, wrapped to Type
	DefDiv                   // X / Y truncated toward zero (C), wrapped to Type
	DefRem                   // X % Y with the sign of X (C)
	DefFloorDiv              // floor(X / Y), exact (no wrap)
	DefShl                   // X << Y, wrapped to Type (bit pattern)
	DefShr                   // X >> Y: floor(X / 2^Y) (gcc: arithmetic for signed)
	DefAnd                   // X & Y on Type's two's-complement bit patterns
	DefOr                    // X | Y
	DefXor                   // X ^ Y
)

var defOpNames = [...]string{"*", "/", "%", "floordiv", "<<", ">>", "&", "|", "^"}

func (o DefOp) String() string {
	if int(o) < len(defOpNames) {
		return defOpNames[o]
	}
	return fmt.Sprintf("DefOp(%d)", uint8(o))
}

// Def is the exact meaning of a havocked value: X Op Y computed in C's
// type Type. For /, %, >> and floordiv, X and Y evaluate to the operands
// themselves; for *, <<, &, | and ^, whose results modulo 2^Type.Bits
// depend only on X modulo 2^Type.Bits, X may be any value congruent to
// the operand (the shift amount Y is always exact). When the Havoc is
// followed by Assumes that fix its value (a quotient, a wrap-around
// count), Def and those Assumes agree. Abstract analyses
// ignore a Def (the Havoc, and any Assume the front end put after it, are
// a sound account of it); the concrete interpreter and bit-precise
// encodings evaluate it.
type Def struct {
	Op   DefOp
	X, Y numeric.LinExpr
	Type IntType
}

// String formats d naming variables by env.
func (d *Def) String(env *numeric.Env) string {
	if d.Op == DefFloorDiv {
		return fmt.Sprintf("floor((%s) / (%s))", d.X.String(env), d.Y.String(env))
	}
	return fmt.Sprintf("(%s) %s (%s) in %s", d.X.String(env), d.Op, d.Y.String(env), d.Type.Name)
}

// ErrUndefined is returned by Def.Eval for operands on which C leaves the
// operation undefined (division by zero, a shift out of range); gcc's
// behaviour there is not C semantics, so callers treat it as "no answer".
type ErrUndefined struct{ Why string }

func (e *ErrUndefined) Error() string { return "undefined behaviour: " + e.Why }

// Eval computes d at the point p (indexed by variable ID). Signed overflow
// of * and << wraps (gcc's behaviour; C leaves it undefined, and front ends
// report it as such where they can tell).
func (d *Def) Eval(p []numeric.Int) (numeric.Int, error) {
	return d.Apply(d.X.Eval(p), d.Y.Eval(p))
}

// SignedOverflow reports whether x Op y leaves d.Type's range before
// Apply wraps it, for a signed product or left shift (a left shift of a
// negative value included): undefined behaviour in C, which gcc wraps.
// A run that takes it is no counterexample anyone can trust.
func (d *Def) SignedOverflow(x, y numeric.Int) bool {
	if !d.Type.Signed || d.Type.Bits == 0 {
		return false
	}
	var r *big.Int
	switch d.Op {
	case DefMul:
		if a, ok := x.Int64(); ok && a > -1<<31 && a < 1<<31 {
			if b, ok := y.Int64(); ok && b > -1<<31 && b < 1<<31 {
				p := numeric.I(a * b)
				return p.Cmp(d.Type.Min()) < 0 || p.Cmp(d.Type.Max()) > 0
			}
		}
		r = new(big.Int).Mul(x.Big(), y.Big())
	case DefShl:
		if x.Sign() < 0 {
			return true
		}
		k, ok := y.Int64()
		if !ok || k < 0 || k >= int64(d.Type.Bits) {
			return false // undefined, and reported so by Apply
		}
		r = new(big.Int).Lsh(x.Big(), uint(k))
	default:
		return false
	}
	v := numeric.IntFromBig(r)
	return v.Cmp(d.Type.Min()) < 0 || v.Cmp(d.Type.Max()) > 0
}

// Apply computes x Op y in d.Type.
func (d *Def) Apply(x, y numeric.Int) (numeric.Int, error) {
	bx, by := x.Big(), y.Big()
	r := new(big.Int)
	switch d.Op {
	case DefMul:
		r.Mul(bx, by)
	case DefDiv, DefRem:
		if by.Sign() == 0 {
			return numeric.Int{}, &ErrUndefined{Why: "division by zero"}
		}
		if d.Type.Signed && d.Type.Bits > 0 && by.Cmp(big.NewInt(-1)) == 0 && x.Cmp(d.Type.Min()) == 0 {
			// The quotient overflows; C11 makes the remainder undefined too.
			return numeric.Int{}, &ErrUndefined{Why: "signed division overflow"}
		}
		q, m := new(big.Int).QuoRem(bx, by, new(big.Int)) // truncated, as C
		if d.Op == DefDiv {
			r = q
		} else {
			r = m
		}
	case DefFloorDiv:
		if by.Sign() == 0 {
			return numeric.Int{}, &ErrUndefined{Why: "division by zero"}
		}
		return x.FloorDiv(y), nil
	case DefShl, DefShr:
		if by.Sign() < 0 || (d.Type.Bits > 0 && by.Cmp(big.NewInt(int64(d.Type.Bits))) >= 0) {
			return numeric.Int{}, &ErrUndefined{Why: "shift by " + by.String()}
		}
		k := uint(by.Uint64())
		if d.Op == DefShl {
			r.Lsh(bx, k)
		} else {
			r.Rsh(bx, k) // big.Int.Rsh is floor division for negatives
		}
	case DefAnd, DefOr, DefXor:
		// big.Int's bitwise operations use infinite two's complement,
		// which agrees with C's on values in range after wrapping.
		switch d.Op {
		case DefAnd:
			r.And(bx, by)
		case DefOr:
			r.Or(bx, by)
		default:
			r.Xor(bx, by)
		}
	default:
		return numeric.Int{}, fmt.Errorf("ir: unknown Def operator %d", d.Op)
	}
	return Wrap(numeric.IntFromBig(r), d.Type), nil
}

// Wrap reduces x into t's range modulo 2^t.Bits (C's conversion to an
// unsigned type; gcc's to a signed one); _Bool maps non-zero to 1; an
// unbounded type leaves x unchanged.
func Wrap(x numeric.Int, t IntType) numeric.Int {
	if !t.IsBounded() {
		return x
	}
	if t.Bits == 1 && !t.Signed { // _Bool
		if x.IsZero() {
			return x
		}
		return numeric.I(1)
	}
	m := new(big.Int).Lsh(big.NewInt(1), uint(t.Bits))
	r := new(big.Int).Mod(x.Big(), m) // 0 <= r < 2^bits
	if t.Signed && r.Cmp(new(big.Int).Rsh(m, 1)) >= 0 {
		r.Sub(r, m)
	}
	return numeric.IntFromBig(r)
}
