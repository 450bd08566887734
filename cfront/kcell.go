// This file implements the distinguished cell of summarised integer
// arrays (cell morphing; Monniaux and Gonnord, "Cell morphing: from
// array programs to array-free Horn clauses", SAS 2016). A summary
// region reads havoc and drops its writes (memory.go), which proves
// nothing about the contents of a large array. The front end adds, for
// each summarised region of integers of an object kept exactly
// (exactmem.go), a ghost variable holding the element at a ghost index
// k (one for the whole program, any value in [0, the largest region's
// length) chosen at main's entry, ir.Havoc.Ghost):
//
//   - a write at the address of element k sets the ghost cell, a write
//     that misses the element leaves it, one that overlaps it partially
//     (or writes another type) makes it any value; a declaration,
//     allocation, fill, copy or unknown function that may write the
//     region resets it (to zero where the analyses know the region is
//     zero);
//   - a read at the address of element k is the ghost cell (an
//     ir.Assume.Ghost tying the read's value to it), any other read is
//     havoc as before;
//   - a ghost flag, lastk, records whether the last such read overlapped
//     element k, and every error location is reached only when it did.
//
// Every run of the program is a run of the lowered program for every k
// (the ghost state never changes a value the program reads), and an
// error reached after a last summarised read in element j is reached
// with k = j, where lastk holds. So the gate loses no error, and a
// property of the elements, checked in a loop over them, becomes a
// property of one element at a symbolic index: the branches on the
// address's order against element k's (plain branch atoms like i < k,
// which the predicate domains split on) let the analyses keep facts
// like "k < i implies a[k] = 42".
//
// The concrete interpreter keeps the exact memory (exactmem.go), skips
// the ghost assumptions and gives the ghost havocs fixed values, so a
// counterexample replays as before.

package cfront

import (
	"fmt"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// kcell is the ghost cell of one summarised region: the value of its
// element at index k.
type kcell struct {
	r *region
	v *ir.Var
}

// ghostIndexType is the type of the ghost index and of lastk.
var ghostIndexType = ir.IntType{Name: "ghost index", Bits: 64, Signed: true}

// breakKCell injects a fault the soundness tests must catch: "write", a
// write at element k leaves the ghost cell unchanged; "gate", a read at
// element k closes the gate.
var breakKCell string

// regionLen returns the number of elements of r in o.
func regionLen(o *object, r *region) int64 {
	if r.elemSize <= 0 {
		return 0
	}
	return (r.end(o.size) - r.off) / r.elemSize
}

// addKCells gives o's summarised integer regions their ghost cells, when
// o's summarised bytes are kept exactly (every write to them is seen).
func (t *translator) addKCells(o *object) {
	if t.noKCells || o.stride != 0 || !o.memExact() {
		return
	}
	for _, r := range o.regions {
		if r.elem == nil {
			continue
		}
		cl, it := scalarClass(r.elem)
		n := regionLen(o, r)
		if cl != 'i' || it.Bits == 0 || r.elemSize > 8 || n < 2 || int64(it.Bits) != 8*r.elemSize {
			continue
		}
		if t.kIndex == nil {
			t.kIndex = t.prog.NewGlobal("#k", ghostIndexType, o.pos)
			t.lastK = t.prog.NewGlobal("#lastk", ghostIndexType, o.pos)
		}
		t.kMax = max(t.kMax, n)
		kc := &kcell{r: r, v: t.prog.NewGlobal(fmt.Sprintf("%s[#k]@%d", o.name, r.off), it, o.pos)}
		o.kcells = append(o.kcells, kc)
		t.allKCells = append(t.allKCells, kc)
	}
}

// kcellAt returns the ghost cell of the region of o at offset off, or
// nil.
func (o *object) kcellAt(off int64) *kcell {
	for _, kc := range o.kcells {
		if off >= kc.r.off && off < kc.r.end(o.size) {
			return kc
		}
	}
	return nil
}

// kcellOf returns the ghost cell of region r of o, or nil.
func (o *object) kcellOf(r *region) *kcell {
	for _, kc := range o.kcells {
		if kc.r == r {
			return kc
		}
	}
	return nil
}

// kaddr returns the address of element k of kc's region in o.
func (t *translator) kaddr(o *object, kc *kcell) numeric.LinExpr {
	return ir.VarExpr(t.kIndex).Scale(numeric.I(kc.r.elemSize)).Add(o.addrConst(kc.r.off))
}

// aligned reports whether addr is surely at an element boundary of kc's
// region: every coefficient and the offset from the region's start are
// multiples of the element size.
func aligned(o *object, kc *kcell, addr numeric.LinExpr) bool {
	s := numeric.I(kc.r.elemSize)
	for i := 0; i < addr.NumTerms(); i++ {
		if !addr.Term(i).Coef.Divisible(s) {
			return false
		}
	}
	start := o.base.Add(numeric.I(kc.r.off))
	return addr.Constant().Sub(start).Divisible(s)
}

// kcellCase is one branch of an access against element k: its guard,
// and what the access does there.
type kcellCase struct {
	guard ir.Cond
	ops   []ir.Op
}

// kcellCases returns the branches of an access of size bytes at addr
// against element k of kc's region in o: below it, at it, above it and
// (when addr may be misaligned or the size differs) overlapping it; at
// and overlap get atOps and overlapOps, the others missOps. The guards
// cover every address: a concrete run always has one branch to take.
func (t *translator) kcellCases(o *object, kc *kcell, addr numeric.LinExpr, size int64, atOps, overlapOps, missOps []ir.Op) []kcellCase {
	k := t.kaddr(o, kc)
	s := kc.r.elemSize
	atom := func(c numeric.Constraint) ir.Cond { return ir.NewAtom(c) }
	cs := []kcellCase{
		{atom(numeric.Le(addr.AddConst(numeric.I(size)), k)), missOps},
		{atom(numeric.Eq(addr, k)), atOps},
		{atom(numeric.Ge(addr, k.AddConst(numeric.I(s)))), missOps},
	}
	if size != s || !aligned(o, kc, addr) {
		// Aligned accesses of the element's size meet element k exactly
		// or miss it; any other may overlap it.
		if s > 1 {
			cs = append(cs, kcellCase{&ir.And{Xs: []ir.Cond{atom(numeric.Ge(addr, k.AddConst(numeric.I(1)))), atom(numeric.Le(addr, k.AddConst(numeric.I(s-1))))}}, overlapOps})
		}
		if size > 1 {
			cs = append(cs, kcellCase{&ir.And{Xs: []ir.Cond{atom(numeric.Ge(addr, k.AddConst(numeric.I(1-size)))), atom(numeric.Le(addr, k.AddConst(numeric.I(-1))))}}, overlapOps})
		}
	}
	return cs
}

// emitCases adds, from from to to in f, one branch per case: its guard,
// then its operations.
func emitCases(f *ir.Func, from, to *ir.Loc, cases []kcellCase, pos ir.Pos) {
	for _, c := range cases {
		cur := f.NewLoc(ir.Normal, pos)
		f.AddEdge(from, cur, &ir.Assume{Cond: c.guard}, pos)
		for _, op := range c.ops {
			next := f.NewLoc(ir.Normal, pos)
			f.AddEdge(cur, next, cloneOp(op), pos)
			cur = next
		}
		f.AddEdge(cur, to, &ir.Skip{}, pos)
	}
}

// cloneOp returns a copy of op that shares nothing another edge could
// change in place (pruneDeadCells renames each edge's expressions).
func cloneOp(op ir.Op) ir.Op {
	switch op := op.(type) {
	case *ir.Assign:
		c := *op
		c.Lhs = append([]*ir.Var(nil), op.Lhs...)
		c.Rhs = append([]numeric.LinExpr(nil), op.Rhs...)
		return &c
	case *ir.Havoc:
		c := *op
		return &c
	case *ir.Assume:
		c := *op
		return &c
	}
	panic(fmt.Sprintf("cfront: cloneOp of %T", op))
}

// ghostHavoc returns the ghost havoc of v.
func ghostHavoc(v *ir.Var) *ir.Havoc {
	return &ir.Havoc{Var: v, Range: v.Type.Range(), Ghost: true}
}

// kcellRead adds, from from to to in f, a read of size bytes at addr
// into tmp in kc's region of o: the ghost cell at element k (the
// analyses' assignment, a concrete run's memory read: ir.Assign.Load),
// havoc elsewhere (memLoad), and lastk.
func (t *translator) kcellRead(f *ir.Func, from, to *ir.Loc, o *object, kc *kcell, addr numeric.LinExpr, size int64, tmp *ir.Var, pos ir.Pos) {
	load := memLoad(o, tmp, addr, size)
	one := ir.NewAssign(t.lastK, numeric.Const(1))
	atOne := one
	if breakKCell == "gate" {
		atOne = ir.NewAssign(t.lastK, numeric.Const(0))
	}
	atOps := []ir.Op{load, atOne}
	if size == kc.r.elemSize && sameType(tmp.Type, kc.v.Type) {
		get := ir.NewAssign(tmp, ir.VarExpr(kc.v))
		get.Load = load.Load
		atOps = []ir.Op{get, atOne}
	}
	miss := []ir.Op{load, ir.NewAssign(t.lastK, numeric.Const(0))}
	emitCases(f, from, to, t.kcellCases(o, kc, addr, size, atOps, []ir.Op{load, one}, miss), pos)
}

// kcellWrite adds, from from to to in f, what a write of val (size
// bytes, of type vt) at addr does to the ghost cell of kc's region in o.
func (t *translator) kcellWrite(f *ir.Func, from, to *ir.Loc, o *object, kc *kcell, addr numeric.LinExpr, size int64, val numeric.LinExpr, vt ir.IntType, pos ir.Pos) {
	clobber := []ir.Op{ghostHavoc(kc.v)}
	atOps := clobber
	if size == kc.r.elemSize && sameType(vt, kc.v.Type) {
		atOps = []ir.Op{ir.NewAssign(kc.v, val)}
	}
	if breakKCell == "write" {
		atOps = nil
	}
	emitCases(f, from, to, t.kcellCases(o, kc, addr, size, atOps, clobber, nil), pos)
}

// kcellResets returns the operations that reset o's ghost cells: zero,
// or any value.
func kcellResets(o *object, zero bool) []ir.Op {
	var ops []ir.Op
	for _, kc := range o.kcells {
		if zero {
			ops = append(ops, ir.NewAssign(kc.v, numeric.Const(0)))
		} else {
			ops = append(ops, ghostHavoc(kc.v))
		}
	}
	return ops
}

// resetKCells emits the reset of o's ghost cells (see kcellResets).
func (b *builder) resetKCells(o *object, zero bool, pos ir.Pos) {
	for _, op := range kcellResets(o, zero) {
		b.emit(op, pos)
	}
}

// readRegion emits the read of tmp at addr in o's region at offset off
// (kcellRead, or memLoad's havoc).
func (b *builder) readRegion(o *object, off int64, addr numeric.LinExpr, size int64, tmp *ir.Var, pos ir.Pos) {
	kc := o.kcellAt(off)
	if kc == nil {
		b.emit(memLoad(o, tmp, addr, size), pos)
		return
	}
	to := b.newLoc(pos)
	b.kcellRead(b.f, b.cur, to, o, kc, addr, size, tmp, pos)
	b.cur = to
}

// writeKCell emits, after the dropped write of tmp at addr in o's region
// at offset off, the ghost state's part of it.
func (b *builder) writeKCell(o *object, off int64, addr numeric.LinExpr, size int64, tmp *ir.Var, pos ir.Pos) {
	if kc := o.kcellAt(off); kc != nil {
		to := b.newLoc(pos)
		b.kcellWrite(b.f, b.cur, to, o, kc, addr, size, ir.VarExpr(tmp), tmp.Type, pos)
		b.cur = to
	}
}

// clobberAllKCells emits a placeholder for the reset of every ghost cell
// of the program (an aggregate copy to an address not known
// statically), filled in by finishKCells once every object is known.
func (b *builder) clobberAllKCells(pos ir.Pos) {
	to := b.newLoc(pos)
	b.kcellClobbers = append(b.kcellClobbers, kcellClobber{b.f, b.cur, to, pos})
	b.cur = to
}

// kcellClobber is a placeholder of clobberAllKCells.
type kcellClobber struct {
	f        *ir.Func
	from, to *ir.Loc
	pos      ir.Pos
}

// startKCells emits, at main's start, the choice of the ghost index and
// lastk's start (no read yet: the gate is open).
func (t *translator) startKCells(b *builder, pos ir.Pos) {
	if t.kIndex == nil {
		return
	}
	b.emit(&ir.Havoc{Var: t.kIndex, Range: numeric.Range{Lo: numeric.B(0), Hi: numeric.B(t.kMax - 1)}, Ghost: true}, pos)
	b.emit(ir.NewAssign(t.lastK, numeric.Const(1)), pos)
}

// finishKCells fills the placeholders of clobberAllKCells and puts the
// gate lastk = 1 before every error location (not the unsupported ones:
// a TRUE answer needs them unreachable whatever was read).
func (t *translator) finishKCells() {
	for _, c := range t.kcellClobbers {
		cur := c.from
		for _, kc := range t.allKCells {
			next := c.f.NewLoc(ir.Normal, c.pos)
			c.f.AddEdge(cur, next, ghostHavoc(kc.v), c.pos)
			cur = next
		}
		c.f.AddEdge(cur, c.to, &ir.Skip{}, c.pos)
	}
	t.kcellClobbers = nil
	if t.lastK == nil {
		return
	}
	gate := ir.NewAtom(numeric.Eq(ir.VarExpr(t.lastK), numeric.Const(1)))
	for _, f := range t.prog.Funcs {
		for _, l := range f.Locs {
			if l.Kind != ir.Error || l.Unsupported != nil || len(l.In) == 0 {
				continue
			}
			before := f.NewLoc(ir.Normal, l.Pos)
			for _, e := range l.In {
				e.To = before
			}
			before.In, l.In = l.In, nil
			f.AddEdge(before, l, &ir.Assume{Cond: gate, Ghost: true}, l.Pos)
		}
	}
}
