// This file attaches the exact meaning of accesses to summarised memory
// (ir.MemRead on the havoc of a read, ir.MemWrite on the skip of a
// write) for the concrete interpreter. The analyses keep their sound
// account (reads havoc, writes dropped); a run of ir/exec reads back what
// the program wrote, so a counterexample through an array too large to
// expand replays concretely, as it does with gcc.
//
// An object's summarised bytes are exact when no cell of it overlaps a
// region (a union of an array and a scalar would change bytes the
// interpreter does not see) and its cells are not locals of a recursive
// function (all activations share its addresses). Every way an object's
// summarised bytes are created or written then carries a MemWrite: the
// declaration or allocation (undefined, or zero for static storage,
// initialised objects, calloc and, in concrete runs, malloc as in the
// gcc harness), each store, and calls of unknown functions that may
// write it (undefined again). Bytes no write of the run defined read as
// an arbitrary value, which makes a counterexample untrusted.

package cfront

import (
	"strings"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// memExact reports whether o's summarised bytes are kept exactly in
// concrete runs (see the file comment).
func (o *object) memExact() bool {
	if o.owner != nil || len(o.regions) == 0 {
		return false
	}
	for _, r := range o.regions {
		lo, hi := r.off, r.end(o.size)
		for _, c := range o.cells {
			if c.off < hi && c.off+c.size > lo {
				return false
			}
		}
	}
	return true
}

// breakMemStores makes every exact store write its value plus one (a
// fault the differential test must catch).
var breakMemStores bool

// block returns the blocks of a summary site (none for other objects).
func (o *object) block() ir.MemBlock {
	if o.stride == 0 {
		return ir.MemBlock{}
	}
	base, _ := o.base.Int64()
	return ir.MemBlock{Base: base, Stride: o.stride, Len: o.blockLen}
}

// memLoad returns the Havoc of tmp reading size bytes at addr of o.
func memLoad(o *object, tmp *ir.Var, addr numeric.LinExpr, size int64) *ir.Havoc {
	h := &ir.Havoc{Var: tmp, Range: tmp.Type.Range()}
	if o.memExact() && size >= 1 && size <= 8 {
		h.Load = &ir.MemRead{Addr: addr, Size: size, Type: tmp.Type, Block: o.block()}
	}
	return h
}

// memStore returns the Skip of a write of val (size bytes) at addr of o.
func memStore(o *object, addr numeric.LinExpr, size int64, val numeric.LinExpr) *ir.Skip {
	if !o.memExact() || size < 1 || size > 8 {
		return &ir.Skip{}
	}
	if breakMemStores {
		val = val.AddConst(numeric.I(1))
	}
	return &ir.Skip{Mem: &ir.MemWrite{Addr: addr, Size: size, Value: val, Count: numeric.Const(1), Block: o.block()}}
}

// memFill returns the Skip that makes n bytes from addr zero, or
// undefined when !zero.
func memFill(addr numeric.LinExpr, n numeric.LinExpr, zero bool) *ir.Skip {
	return &ir.Skip{Mem: &ir.MemWrite{Addr: addr, Size: 1, Value: numeric.Const(0), Count: n, Undef: !zero}}
}

// fillRegions emits, for an exact object, the fills that make its
// summarised bytes zero or undefined (a declaration, an allocation).
func (b *builder) fillRegions(o *object, zero bool, pos ir.Pos) {
	for _, fill := range regionFills(o, zero) {
		b.emit(fill, pos)
	}
}

// regionFills returns, for an exact object, the fills that make its
// summarised bytes zero or undefined.
func regionFills(o *object, zero bool) []ir.Op {
	if !o.memExact() {
		return nil
	}
	if o.stride > 0 {
		return []ir.Op{memFill(numeric.ConstInt(o.base), numeric.ConstInt(o.end().Sub(o.base)), zero)}
	}
	var out []ir.Op
	for _, r := range o.regions {
		out = append(out, memFill(o.addrConst(r.off), numeric.Const(r.end(o.size)-r.off), zero))
	}
	return out
}

// blockWriteOp returns the exact memory effect of a call of the library
// function name that writes the block its first argument points to, for
// concrete runs: memset and bzero fill, memcpy and memmove copy (args
// are the integer values of the arguments, known says which are). It
// returns nil for the others and when an argument is unknown; the
// summarised bytes the call may write are then made undefined instead.
func blockWriteOp(name string, args []numeric.LinExpr, known []bool) ir.Op {
	have := func(n int) bool {
		if len(args) < n {
			return false
		}
		for i := range n {
			if !known[i] {
				return false
			}
		}
		return true
	}
	switch strings.TrimPrefix(name, "__builtin_") {
	case "memset":
		if have(3) {
			return &ir.Skip{Mem: &ir.MemWrite{Addr: args[0], Size: 1, Value: args[1], Count: args[2]}}
		}
	case "bzero":
		if have(2) {
			return &ir.Skip{Mem: &ir.MemWrite{Addr: args[0], Size: 1, Value: numeric.Const(0), Count: args[1]}}
		}
	case "memcpy", "memmove":
		if have(3) {
			return &ir.Skip{Mem: &ir.MemWrite{Addr: args[0], Size: 1, Value: args[1], Count: args[2], Copy: true}}
		}
	}
	return nil
}

// constFill is what memset(dst, b, n) or bzero(dst, n) writes: n bytes
// of value b.
type constFill struct {
	n numeric.LinExpr
	b byte
}

// memsetCell emits, from cur to next, the effect of the fill on cell c of
// o when the fill starts at dst: the cell's value of the repeated byte
// where the fill covers the cell, unchanged where it misses it, and havoc
// where it covers part of it (or the bytes are no value of its type).
func (t *translator) memsetCell(f *ir.Func, cur, next *ir.Loc, o *object, c *cell, dst numeric.LinExpr, fl *constFill, pos ir.Pos) {
	lo := o.addrConst(c.off)
	hi := lo.AddConst(numeric.I(c.size))
	end := dst.Add(fl.n)
	atom := func(x numeric.Constraint) ir.Cond { return ir.NewAtom(x) }
	inside := &ir.And{Xs: []ir.Cond{atom(numeric.Le(dst, lo)), atom(numeric.Le(hi, end))}}
	apart := &ir.Or{Xs: []ir.Cond{atom(numeric.Le(hi, dst)), atom(numeric.Ge(lo, end))}}
	in, part := f.NewLoc(ir.Normal, pos), f.NewLoc(ir.Normal, pos)
	f.AddEdge(cur, in, &ir.Assume{Cond: inside, Wrap: true}, pos)
	f.AddEdge(cur, next, &ir.Assume{Cond: apart, Wrap: true}, pos)
	f.AddEdge(cur, part, &ir.Assume{Cond: &ir.And{Xs: []ir.Cond{ir.Negate(inside), ir.Negate(apart)}}, Wrap: true}, pos)
	f.AddEdge(part, next, &ir.Havoc{Var: c.v, Range: c.v.Type.Range()}, pos)
	var u uint64
	for i := int64(0); i < c.size && i < 8; i++ {
		u |= uint64(fl.b) << (8 * i)
	}
	if v, ok := ir.BytesValue(u, c.size, c.v.Type); ok {
		f.AddEdge(in, next, ir.NewAssign(c.v, numeric.ConstInt(v)), pos)
	} else {
		f.AddEdge(in, next, &ir.Havoc{Var: c.v, Range: c.v.Type.Range()}, pos)
	}
}

// constFillOf returns what memset with a constant byte and bzero write
// (nil for other functions or unknown arguments).
func constFillOf(name string, args []numeric.LinExpr, known []bool) *constFill {
	switch strings.TrimPrefix(name, "__builtin_") {
	case "memset":
		if len(args) >= 3 && known[0] && known[1] && known[2] && args[1].IsConst() {
			c := args[1].Constant()
			b := c.Mod(numeric.I(256))
			x, _ := b.Int64()
			return &constFill{n: args[2], b: byte(x)}
		}
	case "bzero":
		if len(args) >= 2 && known[0] && known[1] {
			return &constFill{n: args[1], b: 0}
		}
	}
	return nil
}
