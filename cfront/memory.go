// This file defines the memory model: memory objects, their cells and
// their addresses.
//
// A memory object is a variable of aggregate type (array, struct, union),
// a variable whose address is taken, a string literal or a block from an
// allocation site (malloc, calloc, alloca). Its layout is flattened into
// cells: every scalar leaf (integer, pointer, enum; struct fields
// recursively, union members all at their offsets, array elements
// expanded while the object has at most maxCells of them) is one ir
// variable named by its C access path (g[2].f, s.in.x); floating-point
// leaves are opaque cells without a variable. Arrays too large to expand,
// arrays of variable length and allocation sites that may run more than
// once are summaries (regions): their reads are havoc within the read
// type and writes to them are dropped, which is sound for any number of
// elements and allocations.
//
// Every object gets an address range of its own, [base, base+size), in
// one numbering for the whole program: bases start at memBase, aligned to
// 16, with a gap between objects so that a one-past-the-end pointer is no
// other object's address. A pointer is an unsigned integer of pointer
// width holding base + byte offset, so null tests, equality, casts and
// arithmetic within an object are exact in every domain and encoding.
// The allocations of a summary site get the addresses base + k*stride for
// a counter k, distinct as in C.

package cfront

import (
	"fmt"
	"sort"
	"strings"

	"modernc.org/cc/v4"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

const (
	// memBase is the first object address (function addresses, fptr.go,
	// lie below it).
	memBase = 1 << 20
	// maxCells bounds the cells of one object; arrays beyond it are
	// summaries.
	maxCells = 1024
	// summaryInstances bounds the allocations of a summary site (more
	// end in an unsupported location).
	summaryInstances = 1 << 10
	// unknownStride separates the blocks of a summary site whose size is
	// not constant (all of a site's blocks are one summary, so an access
	// past it stays within the site's range).
	unknownStride = 1 << 12
	// unboundedBytes is the size assumed for an object of unknown size.
	unboundedBytes = 1 << 20
)

// maxExpand bounds the elements of one expanded array.
const maxExpand = 256

// summariseLocals makes every array of more than one element that is an
// object of its own (not a member) and not at file scope a summary: a
// test hook (the differential test compares the cells of globals; a
// type's layout for aggregate copies does not follow the hook, so
// members stay expanded).
var summariseLocals bool

// cell is one scalar leaf of an object.
type cell struct {
	off, size int64
	t         ir.IntType // integer or pointer type (Bits 0: opaque)
	class     byte       // 'i' integer, 'p' data pointer, 'f' function pointer, 'o' opaque
	v         *ir.Var    // nil for an opaque cell
	path      string
}

// region is a summarised part of an object: count elements of elem at
// off (count < 0: as many as fit in the object).
type region struct {
	off, count, elemSize int64
	elem                 cc.Type // nil: untyped bytes
	keys                 map[string]bool
}

// end returns the end offset of r within an object of size size.
func (r *region) end(size int64) int64 {
	if r.count < 0 {
		return size
	}
	return r.off + r.count*r.elemSize
}

// object is one memory object.
type object struct {
	name    string
	typ     cc.Type // nil for an untyped block
	size    int64
	base    numeric.Int
	cells   []*cell
	regions []*region
	// subs lists, per type key, the offsets where a sub-object of that
	// type starts (the object itself at 0).
	subs map[string][]int64
	// owner is set when the cells are locals of a recursive function:
	// such an object is reachable only by name, never through a pointer.
	owner *ir.Func
	// summary sites: allocation k has address base + k*stride.
	counter *ir.Var
	stride  int64
	// blockLen is the bytes of each allocation of a summary site (the
	// stride when the size is not constant).
	blockLen int64
	pos      ir.Pos
	// kcells are the ghost cells of its summarised integer regions
	// (kcell.go).
	kcells []*kcell
}

// memory is the program's set of objects and its address allocator.
type memory struct {
	objs []*object
	next numeric.Int
}

func newMemory() *memory { return &memory{next: numeric.I(memBase)} }

// alloc reserves size bytes (at least 1) and returns the base.
func (m *memory) alloc(size int64) numeric.Int {
	if size < 1 {
		size = 1
	}
	b := m.next
	n := (size + 16 + 15) / 16 * 16
	m.next = m.next.Add(numeric.I(n))
	return b
}

// typeKey names a type for sub-object matching: structurally for structs
// and unions (tag, size and fields), by class and size for scalars.
func typeKey(t cc.Type) string {
	if t == nil {
		return "?"
	}
	switch x := t.(type) {
	case *cc.StructType:
		var sb strings.Builder
		fmt.Fprintf(&sb, "struct %s %d{", tagOf(x.Tag()), t.Size())
		for i := 0; i < x.NumFields(); i++ {
			f := x.FieldByIndex(i)
			fmt.Fprintf(&sb, "%s@%d:%d,", f.Name(), f.Offset(), f.Type().Size())
		}
		return sb.String() + "}"
	case *cc.UnionType:
		var sb strings.Builder
		fmt.Fprintf(&sb, "union %s %d{", tagOf(x.Tag()), t.Size())
		for i := 0; i < x.NumFields(); i++ {
			f := x.FieldByIndex(i)
			fmt.Fprintf(&sb, "%s:%d,", f.Name(), f.Type().Size())
		}
		return sb.String() + "}"
	case *cc.ArrayType:
		return fmt.Sprintf("[%d]%s", x.Len(), typeKey(x.Elem()))
	}
	c, _ := scalarClass(t)
	return fmt.Sprintf("%c%d", c, t.Size())
}

// scalarClass returns the class of a scalar type and its ir type: 'i'
// integer, 'p' data pointer, 'f' function pointer, 'o' floating point or
// other; ok is false for aggregates.
func scalarClass(t cc.Type) (byte, ir.IntType) {
	if it, ok := intType(t); ok {
		return 'i', it
	}
	if fp, _, ok := fnPtrType(t); ok {
		return 'f', fp
	}
	if pt, ok := ptrType(t); ok {
		return 'p', pt
	}
	return 'o', ir.IntType{}
}

// isIntElem reports whether t is an integer type with a size (an
// element a ghost cell can track).
func isIntElem(t cc.Type) bool {
	if t == nil || t.Size() <= 0 || isAggregate(t) {
		return false
	}
	c, _ := scalarClass(t)
	return c == 'i'
}

// isAggregate reports whether t is an array, struct or union.
func isAggregate(t cc.Type) bool {
	if t == nil {
		return false
	}
	switch t.Kind() {
	case cc.Array, cc.Struct, cc.Union:
		return true
	}
	return false
}

// newObject lays out an object of type typ (an array of count elements
// of typ when count > 0; unbounded and untyped when typ is nil or
// incomplete) and makes its cells variables: globals, or locals of owner.
func (t *translator) newObject(name string, typ cc.Type, count int64, owner *ir.Func, pos ir.Pos) *object {
	o := &object{name: name, typ: typ, owner: owner, subs: map[string][]int64{}, pos: pos}
	budget := maxCells
	vla, _ := typ.(*cc.ArrayType)
	switch {
	case vla != nil && vla.IsVLA() && isIntElem(vla.Elem()):
		return t.newVarLenObject(name, typ, vla.Elem(), owner, pos)
	case typ == nil || typ.Size() <= 0:
		o.size = unboundedBytes
		o.regions = append(o.regions, &region{off: 0, count: -1, elemSize: 1, keys: map[string]bool{}})
	case count > 0:
		o.size = count * typ.Size()
		t.layoutElems(o, typ, count, false, 0, name, &budget)
	default:
		o.size = typ.Size()
		t.layout(o, typ, 0, name, &budget)
	}
	o.base = t.mem.alloc(o.size)
	for _, c := range o.cells {
		if c.class == 'o' {
			continue
		}
		if owner != nil {
			c.v = owner.NewLocal(c.path, c.t, pos)
		} else {
			c.v = t.prog.NewGlobal(c.path, c.t, pos)
		}
		t.cellOf[c.v] = c
		if c.class != 'i' {
			t.ptrVars[c.v] = true
		}
	}
	sort.SliceStable(o.cells, func(i, j int) bool { return o.cells[i].off < o.cells[j].off })
	t.mem.objs = append(t.mem.objs, o)
	t.addKCells(o)
	return o
}

// newVarLenObject lays out an object of as many elements of the integer
// type elem as the unbounded object holds (a variable-length array, or
// a block malloc'd with a size that is not a constant): one summarised
// region of elem, whose ghost cell tracks one element (kcell.go). The
// runtime length is not modelled: as for any unbounded object, an access
// past it stays within the object. typ is the object's type (nil for a
// block); an object of a recursive function (owner) gets no ghost cell,
// since each activation has its own array.
func (t *translator) newVarLenObject(name string, typ, elem cc.Type, owner *ir.Func, pos ir.Pos) *object {
	o := &object{name: name, typ: typ, owner: owner, subs: map[string][]int64{}, pos: pos, size: unboundedBytes}
	budget := maxCells
	t.layoutElems(o, elem, -1, true, 0, name, &budget)
	o.base = t.mem.alloc(o.size)
	t.mem.objs = append(t.mem.objs, o)
	t.addKCells(o)
	return o
}

// members returns the fields of a struct or union type (nil for any
// other type), and whether they overlap (a union).
func members(t cc.Type) (fs []*cc.Field, union bool) {
	type fielded interface {
		NumFields() int
		FieldByIndex(int) *cc.Field
	}
	x, ok := t.(fielded)
	if !ok || (t.Kind() != cc.Struct && t.Kind() != cc.Union) {
		return nil, false
	}
	for i := 0; i < x.NumFields(); i++ {
		if f := x.FieldByIndex(i); f != nil && f.Type() != nil {
			fs = append(fs, f)
		}
	}
	return fs, t.Kind() == cc.Union
}

// fieldOffset is a member's offset within its struct (0 in a union).
func fieldOffset(f *cc.Field, union bool) int64 {
	if union {
		return 0
	}
	return f.Offset()
}

// layout flattens typ at offset off of o into cells, regions and
// sub-object records.
func (t *translator) layout(o *object, typ cc.Type, off int64, path string, budget *int) {
	o.subs[typeKey(typ)] = append(o.subs[typeKey(typ)], off)
	if fs, union := members(typ); fs != nil || typ.Kind() == cc.Struct || typ.Kind() == cc.Union {
		for _, f := range fs {
			if f.IsBitfield() {
				o.regions = append(o.regions, &region{off: off + f.Offset(), count: 1, elemSize: max(f.Type().Size(), 1), keys: map[string]bool{}})
				continue
			}
			t.layout(o, f.Type(), off+fieldOffset(f, union), path+"."+f.Name(), budget)
		}
		return
	}
	if x, ok := typ.(*cc.ArrayType); ok {
		t.layoutElems(o, x.Elem(), x.Len(), x.IsVLA(), off, path, budget)
		return
	}
	c, it := scalarClass(typ)
	*budget--
	o.cells = append(o.cells, &cell{off: off, size: typ.Size(), t: it, class: c, path: path})
}

// layoutElems lays out n elements of type elem at off: expanded, or a
// summary region.
func (t *translator) layoutElems(o *object, elem cc.Type, n int64, vla bool, off int64, path string, budget *int) {
	es := elem.Size()
	if es <= 0 {
		o.regions = append(o.regions, &region{off: off, count: -1, elemSize: 1, keys: map[string]bool{}})
		return
	}
	leaves := int64(countLeaves(elem))
	limit := int64(maxExpand)
	if summariseLocals && !t.layingGlobal && o.owner == nil && path == o.name {
		limit = 1
	}
	if vla || n < 0 || n > limit || n*leaves > int64(*budget) {
		r := &region{off: off, count: n, elemSize: es, elem: elem, keys: map[string]bool{}}
		if vla || n < 0 {
			r.count = -1
		}
		collectKeys(elem, r.keys)
		o.regions = append(o.regions, r)
		return
	}
	for i := int64(0); i < n; i++ {
		t.layout(o, elem, off+i*es, fmt.Sprintf("%s[%d]", path, i), budget)
	}
}

// countLeaves counts the scalar leaves of t (an expanded layout's cells).
func countLeaves(t cc.Type) int {
	if fs, _ := members(t); fs != nil {
		n := 0
		for _, f := range fs {
			n += countLeaves(f.Type())
		}
		return n
	}
	if x, ok := t.(*cc.ArrayType); ok {
		if x.Len() <= 0 {
			return 1
		}
		return int(min(x.Len(), maxCells+1)) * countLeaves(x.Elem())
	}
	return 1
}

// collectKeys adds the type keys of t and of its sub-objects.
func collectKeys(t cc.Type, keys map[string]bool) {
	keys[typeKey(t)] = true
	fs, _ := members(t)
	for _, f := range fs {
		collectKeys(f.Type(), keys)
	}
	if x, ok := t.(*cc.ArrayType); ok {
		collectKeys(x.Elem(), keys)
	}
}

// cellAt returns o's cell at exactly [off, off+size), nil if none.
func (o *object) cellAt(off, size int64) *cell {
	i := sort.Search(len(o.cells), func(i int) bool { return o.cells[i].off >= off })
	for ; i < len(o.cells) && o.cells[i].off == off; i++ {
		if o.cells[i].size == size {
			return o.cells[i]
		}
	}
	return nil
}

// regionAt returns the region containing offset off, nil if none.
func (o *object) regionAt(off int64) *region {
	for _, r := range o.regions {
		if off >= r.off && off < r.end(o.size) {
			return r
		}
	}
	return nil
}

// overlapping returns the cells other than c whose bytes overlap c's
// (union members).
func (o *object) overlapping(c *cell) []*cell {
	var out []*cell
	for _, d := range o.cells {
		if d != c && d.off < c.off+c.size && c.off < d.off+d.size {
			out = append(out, d)
		}
	}
	return out
}

// addrConst is the address of offset off in o.
func (o *object) addrConst(off int64) numeric.LinExpr {
	return numeric.ConstInt(o.base.Add(numeric.I(off)))
}

// end is the first address past o (past every allocation of a summary
// site).
func (o *object) end() numeric.Int {
	if o.stride > 0 {
		return o.base.Add(numeric.I(o.stride * summaryInstances))
	}
	return o.base.Add(numeric.I(o.size))
}

func tagOf(t cc.Token) string { return t.SrcStr() }

// stringObject returns the object of a string literal: a char array,
// initialised at the start of main (nil for a literal too long to
// expand).
func (t *translator) stringObject(n *cc.PrimaryExpression) *object {
	if o := t.strObjs[n]; o != nil {
		return o
	}
	s, ok := stringLit(n)
	if !ok || len(s) > maxExpand {
		return nil
	}
	t.nstrings++
	if t.ast.Char == nil {
		return nil
	}
	o := t.newObject(fmt.Sprintf("$str%d", t.nstrings), t.ast.Char, int64(len(s)), nil, t.pos(n))
	if o.size != int64(len(s)) || len(o.cells) != len(s) {
		return nil
	}
	t.strObjs[n] = o
	t.objInits = append(t.objInits, objInit{o: o, str: s, isStr: true})
	return o
}
