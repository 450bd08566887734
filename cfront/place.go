// This file implements lvalues as places and the accesses to memory
// cells: a read or write of a place whose object and offset are known
// statically is the cell itself; any other is lowered, once every
// function is translated and so every object is known, into a chain of
// branches over the cells it may address, each guarded by the address
// (addr == base + offset; base <= addr < end for a summary region), and a
// last branch into an unsupported location for every other address (null,
// out of bounds, an address the candidates miss). The guards decide,
// so the candidate set is a matter of precision, never of soundness:
// an address outside every candidate ends in the unsupported location.
//
// Candidates are found by type (the sub-object the pointer was formed
// from: a p->f access of a struct S pointer may only hit the cell at f's
// offset within an S sub-object of some object) among the objects whose
// address may be taken (not the locals of recursive functions, which are
// reached by name only); see pointsto.go for the flow-insensitive
// pruning by where addresses flow.

package cfront

import (
	"modernc.org/cc/v4"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// place is an lvalue: a plain variable, or a memory location.
type place struct {
	v *ir.Var // a plain variable
	// A memory location: its address (of pointer type, within range).
	addr numeric.LinExpr
	obj  *object // the object, when known statically
	off  int64   // with obj and offKnown: the offset in it
	// offKnown: obj and off are exact.
	offKnown bool
	// anchor is the type key of the sub-object the address was formed
	// from (the pointee of a dereferenced pointer, an array's element),
	// anchorSize its size and delta the offset of the place within it
	// (deltaKnown: exactly).
	anchor     string
	anchorSize int64
	delta      int64
	deltaKnown bool
	t          cc.Type // the lvalue's type
	what       string  // non-empty: an unmodelled lvalue, for diagnostics
}

func (p place) memory() bool { return p.v == nil && p.what == "" }

// sub returns the place at byte offset d within p, of type t.
func (p place) sub(d int64, t cc.Type) place {
	q := p
	q.t = t
	q.addr = p.addr.AddConst(numeric.I(d))
	q.off += d
	q.delta += d
	return q
}

// index returns the place of element i (a value of integer type) of
// size es within p; the element's type is et.
func (b *builder) index(p place, i value, et cc.Type, pos ir.Pos) place {
	es := et.Size()
	if es <= 0 {
		return place{what: "an element of an array of incomplete type", t: et}
	}
	i = b.normalize(b.convert(i, tLongLong, pos), pos)
	if i.e.IsConst() {
		if k, ok := i.e.Constant().Int64(); ok {
			q := p.sub(k*es, et)
			q.anchor, q.anchorSize, q.delta, q.deltaKnown = typeKey(et), es, 0, true
			return q
		}
	}
	q := p
	q.t = et
	q.addr = p.addr.Add(i.e.Scale(numeric.I(es)))
	q.offKnown = false
	// Every element is a sub-object of the element type.
	q.anchor, q.anchorSize, q.delta, q.deltaKnown = typeKey(et), es, 0, true
	return q
}

// deref is the place *v for a pointer value v to elements of type et.
func (b *builder) deref(v value, et cc.Type, pos ir.Pos) place {
	if !v.ptr || isFnPtr(v) {
		return place{what: "a pointer target", t: et}
	}
	v = b.normalize(value{e: v.e, t: v.t, isInt: true}, pos)
	size := int64(0)
	if et != nil {
		size = et.Size()
	}
	return place{addr: v.e, anchor: typeKey(et), anchorSize: size, deltaKnown: true, t: et}
}

// objPlace is the place of a whole object.
func objPlace(o *object) place {
	return place{addr: o.addrConst(0), obj: o, offKnown: true, t: o.typ}
}

// addressOf returns the address of p as a pointer value.
func (b *builder) addressOf(p place) value {
	if !p.memory() {
		return opaque("address of " + p.whatOr("a variable"))
	}
	return ptrVal(value{e: p.addr, t: b.ptrT, isInt: true})
}

func (p place) whatOr(s string) string {
	if p.what != "" {
		return p.what
	}
	return s
}

// accessType returns the class and ir type of a scalar access of type t.
func accessType(t cc.Type) (byte, ir.IntType, bool) {
	if t == nil || t.Size() <= 0 || isAggregate(t) {
		return 0, ir.IntType{}, false
	}
	c, it := scalarClass(t)
	return c, it, true
}

// cellValue is the value held by a cell variable of class c.
func (b *builder) cellValue(x *ir.Var, c byte) value {
	if c == 'i' {
		return varVal(x)
	}
	return ptrVal(varVal(x))
}

// readPlace returns the value of the scalar place p.
func (b *builder) readPlace(p place, pos ir.Pos) value {
	if p.v != nil {
		return b.varValue(p.v)
	}
	if p.what != "" {
		return opaque("value of " + p.what)
	}
	cl, it, ok := accessType(p.t)
	if !ok {
		return opaque("value of type " + typeStr(p.t))
	}
	if cl == 'o' {
		return opaque("floating-point value")
	}
	if p.offKnown {
		if c := p.obj.cellAt(p.off, p.t.Size()); c != nil && c.class == cl {
			if cl == 'i' && c.v != nil && !sameType(c.v.Type, it) {
				// A union member of the other signedness: the same bits.
				return b.convert(varVal(c.v), it, pos)
			}
			return b.cellValue(c.v, cl)
		}
		if p.obj.regionAt(p.off) != nil {
			tmp := b.temp(it, pos)
			b.readRegion(p.obj, p.off, p.obj.addrConst(p.off), p.t.Size(), tmp, pos)
			b.diag(pos, ir.Warning, "read of a summarised array element or block of %s: havoc", p.obj.name)
			return varVal(tmp)
		}
	}
	tmp := b.temp(it, pos)
	b.defer_(&access{place: p, class: cl, tmp: tmp}, pos)
	return b.cellValue(tmp, cl)
}

// writePlace stores v into the scalar place p; the cells of other union
// members it overlaps become arbitrary.
func (b *builder) writePlace(p place, v value, pos ir.Pos) value {
	return b.writeCell(p, v, true, pos)
}

// writeCell is writePlace; overlap says whether overlapping cells are
// havocked (not when a whole aggregate is copied). It returns the value
// stored.
func (b *builder) writeCell(p place, v value, overlap bool, pos ir.Pos) value {
	if p.v != nil {
		if b.ptrVars[p.v] {
			b.storePtr(p.v, v, pos)
		} else {
			b.store(p.v, v, pos)
		}
		return b.varValue(p.v)
	}
	if p.what != "" {
		b.diag(pos, ir.Warning, "write to %s not modelled (its reads are havoc)", p.what)
		b.lose(v)
		return opaque("value of " + p.what)
	}
	cl, it, ok := accessType(p.t)
	if !ok || cl == 'o' {
		b.lose(v)
		b.diag(pos, ir.Warning, "write of a value of type %s not modelled (its reads are havoc)", typeStr(p.t))
		if ok {
			b.havocOverlapping(p, pos)
		}
		return opaque("value of type " + typeStr(p.t))
	}
	if p.offKnown {
		if c := p.obj.cellAt(p.off, p.t.Size()); c != nil && c.class == cl {
			b.storeCell(c, v, pos)
			if overlap {
				b.overwriteOverlapping(p.obj, c, pos)
			}
			return b.cellValue(c.v, cl)
		}
		if p.obj.regionAt(p.off) != nil {
			b.diag(pos, ir.Warning, "write to a summarised array element or block of %s dropped (its reads are havoc)", p.obj.name)
			b.lose(v)
			tmp := b.convertedTemp(v, cl, it, pos)
			b.emit(memStore(p.obj, p.obj.addrConst(p.off), p.t.Size(), ir.VarExpr(tmp)), pos)
			b.writeKCell(p.obj, p.off, p.obj.addrConst(p.off), p.t.Size(), tmp, pos)
			return b.cellValue(tmp, cl)
		}
	}
	// The value, converted to the access type, is fixed first.
	tmp := b.temp(it, pos)
	if cl == 'i' {
		b.store(tmp, v, pos)
	} else {
		b.storePtr(tmp, v, pos)
	}
	b.defer_(&access{place: p, class: cl, val: ir.VarExpr(tmp), write: true, noOverlap: !overlap}, pos)
	return b.cellValue(tmp, cl)
}

// convertTo returns v converted to an access of class cl and type it.
func (b *builder) convertTo(v value, cl byte, it ir.IntType, pos ir.Pos) value {
	return b.cellValue(b.convertedTemp(v, cl, it, pos), cl)
}

// convertedTemp returns a fresh temporary holding v converted to an
// access of class cl and type it.
func (b *builder) convertedTemp(v value, cl byte, it ir.IntType, pos ir.Pos) *ir.Var {
	tmp := b.temp(it, pos)
	if cl == 'i' {
		b.store(tmp, v, pos)
	} else {
		b.storePtr(tmp, v, pos)
	}
	return tmp
}

// havocOverlapping havocs the cells a write of an unmodelled value at a
// statically known place overlaps.
func (b *builder) havocOverlapping(p place, pos ir.Pos) {
	if !p.offKnown || p.t == nil {
		return
	}
	probe := &cell{off: p.off, size: p.t.Size()}
	for _, d := range p.obj.overlapping(probe) {
		b.havocCell(d, pos)
	}
}

// storeCell assigns v to the cell c.
func (b *builder) storeCell(c *cell, v value, pos ir.Pos) {
	if c.v == nil {
		return
	}
	if c.class == 'i' {
		b.store(c.v, v, pos)
	} else {
		b.storePtr(c.v, v, pos)
	}
}

// overwriteOverlapping updates the cells of o that overlap c after a
// write to c (union members): a cell at c's offset and of c's size that
// holds an integer or a data pointer gets c's bits, reinterpreted in its
// type (pointers are integers of pointer width here, as casts are); any
// other overlapping cell (a part of c, a function pointer, a wider or
// shifted one) is havocked.
func (b *builder) overwriteOverlapping(o *object, c *cell, pos ir.Pos) {
	for _, d := range o.overlapping(c) {
		if d.v != nil && c.v != nil && d.off == c.off && d.size == c.size && plainCell(c) && plainCell(d) {
			b.storeConverted(d.v, ir.VarExpr(c.v), pos)
			continue
		}
		b.havocCell(d, pos)
	}
}

// plainCell reports whether c holds an integer (not a _Bool, whose other
// bit patterns C leaves undefined) or a data pointer.
func plainCell(c *cell) bool {
	return c.class == 'p' || c.class == 'i' && c.v != nil && !isBool(c.v.Type)
}

// havocCell makes c's value arbitrary (an overlapping union member was
// written, or an unknown function may have written it).
func (b *builder) havocCell(c *cell, pos ir.Pos) {
	if c.v != nil {
		b.emit(&ir.Havoc{Var: c.v, Range: c.v.Type.Range()}, pos)
	}
}

// access is a memory access lowered once all objects are known: from
// the location cur had, to a fresh one where translation continued.
type access struct {
	place
	class byte
	tmp   *ir.Var // a read: the temporary receiving the value
	val   numeric.LinExpr
	write bool
	// noOverlap: the overlapping cells keep their values (an aggregate
	// copy writes them all).
	noOverlap bool
	// havocAll: a call of an unknown function, which may write the cells
	// of the objects reachable from the addresses in reach and from the
	// globals; closed: only the objects reach points to (memset).
	havocAll bool
	reach    []numeric.LinExpr
	closed   bool
	// keepRegions: an exact memory write (blockWriteOp) follows, so the
	// summarised bytes are not made undefined.
	keepRegions bool
	// fill, for memset and bzero with a constant byte, makes the write
	// of each cell exact (see memsetCell) instead of a havoc.
	fill     *constFill
	f        *ir.Func
	b        *builder
	from, to *ir.Loc
	pos      ir.Pos
}

// defer_ records the access a at the current location and continues at a
// fresh one.
func (b *builder) defer_(a *access, pos ir.Pos) {
	a.f, a.b, a.from, a.to, a.pos = b.f, b, b.cur, b.newLoc(pos), pos
	b.pending = append(b.pending, a)
	b.cur = a.to
}

// target is one candidate of an access: a cell, or a summary region.
type target struct {
	o *object
	c *cell
	r *region
}

// candidates returns the targets a may address, by object: those of
// its type in the objects its address may point to (pointsto.go).
func (t *translator) candidates(a *access) [][]target {
	ts := t.candidatesTyped(a)
	if a.obj != nil || t.pts == nil {
		return ts
	}
	as := t.pts.exprSet(a.addr)
	var out [][]target
	for _, g := range ts {
		if as.has(t.pts.index[g[0].o]) {
			out = append(out, g)
		}
	}
	return out
}

// candidatesTyped returns the targets of a's type, by object.
func (t *translator) candidatesTyped(a *access) [][]target {
	size := a.t.Size()
	var out [][]target
	for _, o := range t.mem.objs {
		if a.obj != nil && o != a.obj {
			continue
		}
		if a.obj == nil && o.owner != nil && (o.owner != a.f || (t.pts != nil && t.pts.escapes(o))) {
			// Each activation of a recursive function has its own
			// cells: reached through a pointer only in that function,
			// and only when its address stays there.
			continue
		}
		var ts []target
		for _, c := range o.cells {
			if c.size != size || c.class != a.class || !anchorFits(a.place, o, c.off) {
				continue
			}
			ts = append(ts, target{o: o, c: c})
		}
		for _, r := range o.regions {
			if a.anchor == "" || r.elem == nil || r.keys[a.anchor] || anchorFits(a.place, o, r.off) {
				ts = append(ts, target{o: o, r: r})
			}
		}
		if len(ts) > 0 {
			out = append(out, ts)
		}
	}
	return out
}

// anchorFits reports whether offset off of o can be a's place: inside a
// sub-object of a's anchor type, at a's offset in it when known.
func anchorFits(p place, o *object, off int64) bool {
	if p.anchor == "" {
		return true
	}
	for _, s := range o.subs[p.anchor] {
		if p.deltaKnown {
			if off-s == p.delta {
				return true
			}
		} else if off >= s && off < s+p.anchorSize {
			return true
		}
	}
	return false
}

// lowerAccesses emits every deferred access.
func (t *translator) lowerAccesses() {
	t.pts = t.analysePointsTo()
	t.pts.env = t.environment()
	for _, a := range t.pending {
		t.lower(a)
	}
	t.pending = nil
}

var debugHook func(*translator, *access)

func (t *translator) lower(a *access) {
	if debugHook != nil {
		debugHook(t, a)
	}
	f, pos := a.f, a.pos
	if a.havocAll {
		cur := a.from
		for _, o := range t.reachable(a) {
			for _, op := range kcellResets(o, false) {
				next := f.NewLoc(ir.Normal, pos)
				f.AddEdge(cur, next, op, pos)
				cur = next
			}
			if !a.keepRegions {
				for _, fill := range regionFills(o, false) {
					next := f.NewLoc(ir.Normal, pos)
					f.AddEdge(cur, next, fill, pos)
					cur = next
				}
			}
			for _, c := range o.cells {
				if c.v == nil {
					continue
				}
				next := f.NewLoc(ir.Normal, pos)
				if a.fill != nil {
					t.memsetCell(f, cur, next, o, c, a.reach[0], a.fill, pos)
				} else {
					f.AddEdge(cur, next, &ir.Havoc{Var: c.v, Range: c.v.Type.Range()}, pos)
				}
				cur = next
			}
		}
		f.AddEdge(cur, a.to, &ir.Skip{}, pos)
		return
	}
	cur := a.from
	addr := a.addr
	size := a.t.Size()
	atom := func(c numeric.Constraint) ir.Cond { return ir.NewAtom(c) }
	edge := func(from, to *ir.Loc, op ir.Op) { f.AddEdge(from, to, op, pos) }
	for _, ts := range t.candidates(a) {
		o := ts[0].o
		in, next := f.NewLoc(ir.Normal, pos), f.NewLoc(ir.Normal, pos)
		lo := numeric.ConstInt(o.base)
		hi := numeric.ConstInt(o.end())
		inRange := &ir.And{Xs: []ir.Cond{atom(numeric.Ge(addr, lo)), atom(numeric.Le(addr.AddConst(numeric.I(size)), hi))}}
		edge(cur, in, &ir.Assume{Cond: inRange, Wrap: true})
		edge(cur, next, &ir.Assume{Cond: ir.Negate(inRange), Wrap: true})
		c := in
		for _, tg := range ts {
			hit, miss := f.NewLoc(ir.Normal, pos), f.NewLoc(ir.Normal, pos)
			var g ir.Cond
			if tg.c != nil {
				g = atom(numeric.Eq(addr, o.addrConst(tg.c.off)))
			} else {
				rlo := o.addrConst(tg.r.off)
				rhi := numeric.ConstInt(o.base.Add(numeric.I(tg.r.end(o.size))))
				if o.stride > 0 {
					rlo, rhi = lo, hi
				}
				g = &ir.And{Xs: []ir.Cond{atom(numeric.Ge(addr, rlo)), atom(numeric.Le(addr.AddConst(numeric.I(size)), rhi))}}
			}
			edge(c, hit, &ir.Assume{Cond: g, Wrap: true})
			edge(c, miss, &ir.Assume{Cond: ir.Negate(g), Wrap: true})
			t.hit(a, tg, hit)
			c = miss
		}
		t.miss(a, c, "memory access in "+o.name+" that matches none of its cells (misaligned, out of bounds or of another type)")
		cur = next
	}
	t.miss(a, cur, "memory access through a pointer to no object it may address (null, dangling, out of bounds or unknown)")
}

// miss emits, from loc, an access that hits no modelled cell: a read
// gets an arbitrary value (whatever memory it reads, if any, the value
// is one of those), a write goes to an unsupported location (it could
// change a modelled cell).
func (t *translator) miss(a *access, loc *ir.Loc, msg string) {
	if !a.write {
		a.f.AddEdge(loc, a.to, &ir.Havoc{Var: a.tmp, Range: a.tmp.Type.Range()}, a.pos)
		t.unmatchedReads[loc] = msg
		return
	}
	a.f.AddEdge(loc, t.memCheck(a.f, a.pos, msg), &ir.Skip{}, a.pos)
}

// hit emits, from loc, what access a does to target tg, and continues
// to a.to.
func (t *translator) hit(a *access, tg target, loc *ir.Loc) {
	f, pos, b := a.f, a.pos, a.b
	if tg.c == nil {
		// A summary: reads are havoc, writes are dropped.
		kc := tg.o.kcellOf(tg.r)
		to := a.to
		if kc != nil && a.write {
			to = f.NewLoc(ir.Normal, pos)
		}
		if !a.write {
			if kc != nil {
				t.kcellRead(f, loc, a.to, tg.o, kc, a.addr, a.t.Size(), a.tmp, pos)
			} else {
				f.AddEdge(loc, a.to, memLoad(tg.o, a.tmp, a.addr, a.t.Size()), pos)
			}
			t.diag(pos, ir.Warning, "read of a summarised array element or block of %s: havoc", tg.o.name)
		} else {
			f.AddEdge(loc, to, memStore(tg.o, a.addr, a.t.Size(), a.val), pos)
			if kc != nil {
				_, vt, _ := accessType(a.t)
				t.kcellWrite(f, to, a.to, tg.o, kc, a.addr, a.t.Size(), a.val, vt, pos)
			}
			t.diag(pos, ir.Warning, "write to a summarised array element or block of %s dropped (its reads are havoc)", tg.o.name)
		}
		return
	}
	// Cell and access have the same class and size; an integer of the
	// other signedness is converted (modulo 2^n, as the bits are kept).
	b.cur = loc
	if !a.write {
		b.storeConverted(a.tmp, ir.VarExpr(tg.c.v), pos)
	} else {
		b.storeConverted(tg.c.v, a.val, pos)
		if !a.noOverlap {
			b.overwriteOverlapping(tg.o, tg.c, pos)
		}
	}
	b.goTo(a.to, pos)
}

// memCheck returns a fresh unsupported location for an access that hits
// no cell: a run-time check, like an error location, which is no
// diagnostic of the program unless an engine finds it reachable.
func (t *translator) memCheck(f *ir.Func, pos ir.Pos, msg string) *ir.Loc {
	l := f.NewUnsupportedLoc(pos, msg)
	l.Unsupported.Check = true
	return l
}

// reachable returns the objects an unknown function called at a may
// write. A closed one (memset) writes the block its destination may
// address; any other may write the environment: every object an unknown
// function's argument (integers too: one may hold an address) may
// address at any call, the file-scope objects and what global pointer
// variables address (it may name them), and every object whose address
// one of those holds, transitively (it may have kept an address from an
// earlier call and return it later). Objects whose address the
// points-to analysis lost track of are in both.
func (t *translator) reachable(a *access) []*object {
	in := map[*object]bool{}
	if a.closed {
		for _, e := range a.reach {
			s := t.pts.exprSet(e)
			for _, o := range t.mem.objs {
				if s.has(t.pts.index[o]) {
					in[o] = true
				}
			}
		}
		for _, o := range t.mem.objs {
			if t.pts.lost.has(t.pts.index[o]) {
				in[o] = true
			}
		}
	} else {
		in = t.pts.env
	}
	var out []*object
	for _, o := range t.mem.objs {
		if in[o] && (o.owner == nil) {
			out = append(out, o)
		}
	}
	return out
}

// environment computes what unknown functions may reach (reachable).
func (t *translator) environment() map[*object]bool {
	in := map[*object]bool{}
	var work []*object
	addSet := func(s ptsSet) {
		for _, o := range t.mem.objs {
			if s.has(t.pts.index[o]) && !in[o] {
				in[o] = true
				work = append(work, o)
			}
		}
	}
	addSet(t.pts.lost)
	for _, a := range t.pending {
		if a.havocAll && !a.closed {
			for _, e := range a.reach {
				addSet(t.pts.exprSet(e))
			}
		}
	}
	for _, o := range t.mem.objs {
		if t.globalObjs[o.name] == o && !in[o] {
			in[o] = true
			work = append(work, o)
		}
	}
	// A global pointer variable (not in memory) may be read by name.
	for _, v := range t.prog.Globals {
		if s := t.pts.sets[v.ID]; s != nil && t.cellOf[v] == nil {
			addSet(*s)
		}
	}
	for len(work) > 0 {
		o := work[len(work)-1]
		work = work[:len(work)-1]
		for _, c := range o.cells {
			if c.v != nil {
				if s := t.pts.sets[c.v.ID]; s != nil {
					addSet(*s)
				}
			}
		}
	}
	return in
}

// lose records that v, possibly an address, is stored where the
// points-to analysis does not follow it.
func (b *builder) lose(v value) {
	if v.isInt || v.ptr {
		b.lostVals = append(b.lostVals, v.e)
	}
}
