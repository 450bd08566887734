// This file implements the initialisation of memory objects: a declared
// object with an initializer, or of static storage, starts with every
// cell zero (C11 6.7.9p10, p21) and then takes each initializer's value at
// its offset; a block-scope object without initializer starts
// indeterminate (its cells are havocked).

package cfront

import (
	"modernc.org/cc/v4"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// initObject initialises the object at the statically known place p
// from in (nil: no initializer). zero says whether the cells start at
// zero (an initializer, or static storage); otherwise they are havocked.
func (b *builder) initObject(p place, in *cc.Initializer, zero bool, pos ir.Pos) {
	o := p.obj
	if in != nil && in.Case == cc.InitializerExpr && in.AssignmentExpression != nil && !isAggregate(o.typ) {
		// A scalar object: one value.
		b.writePlace(p, b.eval(in.AssignmentExpression), pos)
		return
	}
	b.fillRegions(o, zero || in != nil, pos)
	b.resetKCells(o, zero || in != nil, pos)
	for _, c := range o.cells {
		if c.v == nil {
			continue
		}
		if zero || in != nil {
			b.emit(ir.NewAssign(c.v, numeric.Const(0)), pos)
		} else {
			b.emit(&ir.Havoc{Var: c.v, Range: c.v.Type.Range()}, pos)
		}
	}
	if in == nil {
		return
	}
	if in.Case == cc.InitializerExpr {
		// An aggregate initialised from an expression: a struct copy, or
		// a string for a char array.
		b.copyInto(p, in.AssignmentExpression, pos)
		return
	}
	b.initList(p, in.InitializerList, pos)
}

// initAuto initialises the object at p of an automatic variable from in:
// without initializer its cells and summarised bytes are indeterminate,
// which concrete runs take as gcc's -ftrivial-auto-var-init=pattern
// does (every byte 0xFE: ir.Havoc.Uninit).
func (b *builder) initAuto(p place, in *cc.Initializer, pos ir.Pos) {
	if in != nil {
		b.initObject(p, in, false, pos)
		return
	}
	o := p.obj
	for _, fill := range regionFills(o, false) {
		if sk, ok := fill.(*ir.Skip); ok && sk.Mem != nil {
			w := *sk.Mem
			w.Undef, w.Value = false, numeric.Const(0xFE)
			fill = &ir.Skip{Mem: &w}
		}
		b.emit(fill, pos)
	}
	b.resetKCells(o, false, pos)
	for _, c := range o.cells {
		if c.v != nil {
			b.emit(&ir.Havoc{Var: c.v, Range: c.v.Type.Range(), Uninit: true}, pos)
		}
	}
}

// initList applies the initializers of a brace-enclosed list: each one
// knows its absolute offset in the object and its type.
func (b *builder) initList(p place, l *cc.InitializerList, pos ir.Pos) {
	for ; l != nil; l = l.InitializerList {
		in := l.Initializer
		if in == nil {
			continue
		}
		if in.Case == cc.InitializerInitList {
			b.initList(p, in.InitializerList, pos)
			continue
		}
		if in.AssignmentExpression == nil || in.Type() == nil {
			continue
		}
		t := in.Type()
		sub := p.sub(in.Offset()-p.off, t)
		n := in.Len()
		if isAggregate(t) {
			for k := int64(0); k < n; k++ {
				b.copyInto(sub.sub(k*t.Size(), t), in.AssignmentExpression, pos)
			}
			continue
		}
		v := b.eval(in.AssignmentExpression)
		if n > 1 {
			v = b.snapshot(v, pos)
		}
		for k := int64(0); k < n; k++ {
			b.writePlace(sub.sub(k*t.Size(), t), v, pos)
		}
	}
}

// copyInto assigns the aggregate value of expression src to the place
// dst of aggregate type: a struct or union copy cell by cell, a string
// literal into a char array; anything else havocs what dst may hold.
func (b *builder) copyInto(dst place, src cc.ExpressionNode, pos ir.Pos) {
	if s, ok := stringLit(src); ok && dst.t != nil && dst.t.Kind() == cc.Array {
		at := dst.t.(*cc.ArrayType)
		es := at.Elem().Size()
		for i := int64(0); i < at.Len() && es > 0; i++ {
			c := int64(0)
			if i < int64(len(s)) {
				c = int64(s[i])
			}
			b.writePlace(dst.sub(i*es, at.Elem()), constVal(numeric.I(c), tInt), pos)
		}
		return
	}
	sp := b.lplace(src)
	if !sp.memory() || !dst.memory() {
		b.havocAggregate(dst, pos, "copy of an aggregate value that is not in memory (a call's result, a conditional)")
		return
	}
	b.copyPlace(dst, sp, pos)
}

// copyPlace copies the aggregate at src to dst (same type), leaf by leaf
// of the type's layout.
func (b *builder) copyPlace(dst, src place, pos ir.Pos) {
	lay := b.typeLayout(dst.t)
	if lay.bitfields > 0 {
		b.unsupported(pos, "copy of an aggregate that holds a bit-field")
		return
	}
	if lay.regions > 0 {
		// The summarised arrays: dropped for the analyses (their reads
		// are havoc), copied byte by byte in concrete runs.
		b.diag(pos, ir.Warning, "copy of an aggregate that holds a summarised array: the array's elements are havoc afterwards")
		b.emit(&ir.Skip{Mem: &ir.MemWrite{Addr: dst.addr, Size: 1, Value: src.addr, Count: numeric.Const(dst.t.Size()), Copy: true}}, pos)
		if dst.obj != nil {
			b.resetKCells(dst.obj, false, pos)
		} else {
			b.clobberAllKCells(pos)
		}
	}
	// Reads first, then writes: src and dst may overlap.
	vals := make([]value, len(lay.cells))
	for i, c := range lay.cells {
		ct := c.ctype
		if c.class == 'o' {
			continue
		}
		vals[i] = b.snapshot(b.readPlace(src.sub(c.off, ct), pos), pos)
		if vals[i].ptr {
			vals[i] = ptrVal(b.snapshot(asInteger(vals[i]), pos))
		}
	}
	for i, c := range lay.cells {
		if c.class == 'o' {
			b.havocOverlapping(dst.sub(c.off, c.ctype), pos)
			continue
		}
		b.writeCell(dst.sub(c.off, c.ctype), vals[i], false, pos)
	}
}

// havocAggregate makes every cell dst may address arbitrary.
func (b *builder) havocAggregate(dst place, pos ir.Pos, why string) {
	if dst.memory() && dst.offKnown {
		probe := &cell{off: dst.off, size: dst.t.Size()}
		b.diag(pos, ir.Warning, "%s: the target is havocked", why)
		b.resetKCells(dst.obj, false, pos)
		for _, c := range dst.obj.cells {
			if c.off >= probe.off && c.off+c.size <= probe.off+probe.size {
				b.havocCell(c, pos)
			}
		}
		return
	}
	b.unsupported(pos, "%s", why)
}

// stringLit returns the bytes of a string literal expression (with its
// terminating zero).
func stringLit(n cc.ExpressionNode) (string, bool) {
	p, ok := strip(n).(*cc.PrimaryExpression)
	if !ok || p.Case != cc.PrimaryExpressionString {
		return "", false
	}
	if v, ok := p.Value().(cc.StringValue); ok {
		return string(v), true
	}
	return "", false
}

// typeLeaf is a scalar leaf of a type's layout.
type typeLeaf struct {
	off   int64
	class byte
	ctype cc.Type
}

// typeLayout is the flattened layout of a type (cached).
type typeLayoutT struct {
	cells     []typeLeaf
	regions   int // summarised arrays and bit-fields
	bitfields int
}

func (t *translator) typeLayout(typ cc.Type) typeLayoutT {
	var out typeLayoutT
	var walk func(cc.Type, int64)
	budget := maxCells
	walk = func(typ cc.Type, off int64) {
		if fs, union := members(typ); fs != nil || typ.Kind() == cc.Struct || typ.Kind() == cc.Union {
			// A union's members are all copied, without havocking the
			// ones they overlap: the copy keeps the source's state.
			for _, f := range fs {
				if f.IsBitfield() {
					out.regions++
					out.bitfields++
					continue
				}
				walk(f.Type(), off+fieldOffset(f, union))
			}
			return
		}
		switch x := typ.(type) {
		case *cc.ArrayType:
			n, es := x.Len(), x.Elem().Size()
			leaves := int64(countLeaves(x.Elem()))
			if es <= 0 || x.IsVLA() || n < 0 || n > maxExpand || n*leaves > int64(budget) {
				out.regions++
				return
			}
			for i := int64(0); i < n; i++ {
				walk(x.Elem(), off+i*es)
			}
			return
		}
		c, _ := scalarClass(typ)
		budget--
		out.cells = append(out.cells, typeLeaf{off: off, class: c, ctype: typ})
	}
	walk(typ, 0)
	return out
}
