// This file defines MemRead and MemWrite, the exact memory operations a
// front end attaches to the havocs and skips that stand for accesses to
// memory it does not lower to variables (summarised arrays and blocks).

package ir

import (
	"fmt"
	"math/big"

	"github.com/numpred/numpred/numeric"
)

// MemRead is the exact meaning of a Havoc that reads memory: the Size
// bytes at address Addr (little-endian), read as a value of Type. The
// Havoc (its range) is a sound account of it, so abstract analyses and
// encodings ignore it; the concrete interpreter evaluates it, and a read
// of bytes no MemWrite of the run has defined gives an arbitrary value,
// like an uninitialised variable.
type MemRead struct {
	Addr  numeric.LinExpr
	Size  int64
	Type  IntType
	Block MemBlock
}

// MemBlock, when Stride is not 0, says that the access lies in one of
// the blocks of an allocation site: the k-th from Base + k*Stride, each
// Len bytes long. An access that leaves its block (undefined in C, and
// where gcc's heap layout differs from the front end's numbering) reads
// an arbitrary value and ends a run that writes.
type MemBlock struct {
	Base        int64
	Stride, Len int64
}

// Within reports whether the size bytes at address a lie in one block.
func (b MemBlock) Within(a uint64, size int64) bool {
	if b.Stride == 0 {
		return true
	}
	if a < uint64(b.Base) {
		return false
	}
	off := int64((a - uint64(b.Base)) % uint64(b.Stride))
	return off+size <= b.Len
}

// MemWrite is the exact memory effect of a Skip: Count copies of the
// Size-byte value Value (its two's-complement bits, little-endian) from
// address Addr on; with Undef set the bytes become undefined instead (a
// declaration without initializer, a write nobody models). Abstract
// analyses and encodings ignore it, which is sound as long as every
// read of such memory is a Havoc (see MemRead).
type MemWrite struct {
	Addr  numeric.LinExpr
	Size  int64
	Value numeric.LinExpr
	Count numeric.LinExpr
	Undef bool
	Block MemBlock
	// Copy, when set, makes the write a copy (memmove) of the Count*Size
	// bytes at Value (an address) instead; undefined bytes stay so.
	Copy bool
}

// String formats r naming variables by env.
func (r *MemRead) String(env *numeric.Env) string {
	return fmt.Sprintf("load %s [%s], %d", r.Type.Name, r.Addr.String(env), r.Size)
}

// String formats w naming variables by env.
func (w *MemWrite) String(env *numeric.Env) string {
	val := w.Value.String(env)
	if w.Undef {
		val = "undefined"
	}
	if w.Copy {
		val = "copy of [" + val + "]"
	}
	return fmt.Sprintf("store [%s], %d x %s bytes := %s", w.Addr.String(env), w.Size, w.Count.String(env), val)
}

// Exprs returns the expressions w reads.
func (w *MemWrite) Exprs() []numeric.LinExpr {
	return []numeric.LinExpr{w.Addr, w.Value, w.Count}
}

// BytesValue returns the value of type t that the size bytes u hold
// (little-endian, two's complement for a signed t); false when they hold
// none (a _Bool holding 2, a size outside 1..8, an unbounded t).
func BytesValue(u uint64, size int64, t IntType) (numeric.Int, bool) {
	if size < 1 || size > 8 || t.Bits <= 0 {
		return numeric.Int{}, false
	}
	w := uint(8 * size)
	if w < 64 {
		u &= 1<<w - 1
	}
	if uint(t.Bits) < w {
		if u>>uint(t.Bits) != 0 {
			return numeric.Int{}, false
		}
		w = uint(t.Bits)
	}
	if t.Signed && u>>(w-1)&1 == 1 {
		if w == 64 {
			return numeric.I(int64(u)), true
		}
		return numeric.I(int64(u) - int64(1)<<w), true
	}
	if u > 1<<63-1 {
		return numeric.IntFromBig(new(big.Int).SetUint64(u)), true
	}
	return numeric.I(int64(u)), true
}
