// This file models allocation: malloc, calloc, alloca and their builtin
// forms create an object per allocation site, free is a no-op (a use
// after free is undefined; numpred does not check memory safety), and
// realloc is unsupported.
//
// Allocation is assumed to succeed: gcc's malloc does for the sizes such
// programs ask, so a counterexample stays replayable; a program whose
// property depends on malloc returning null is analysed as if it never
// did (a documented assumption, as in SV-COMP's ReachSafety).
//
// A malloc'd block's content is undetermined in C. Each call of malloc
// is counted (ir.Skip.Alloc) and each scalar cell of an ordinary block
// gets its first value from a heap input (ir.HeapInput, ir.HeapCell):
// any integer for an integer cell; for a pointer cell, null or
// ir.InvalidAddress, an address no object has (following it is an
// unsupported location, as for any address outside every object). cex's
// gcc replay harness wraps malloc: block k is zero-filled and gets the
// counterexample's values for the cells of block k, so a counterexample
// that reads a fresh block replays with gcc. The summarised parts of a
// block (large arrays, summary sites) are any value to the analyses and
// zero in concrete runs and in the harness.
//
// The block's type is the pointee of the pointer it is converted to (a
// cast, an assignment, an initialiser: evalFor); its size the argument,
// when constant: a block of k elements of that type is an array of k.
// A site outside loops of a non-recursive function is an ordinary
// object: in main's code before any label it runs at most once;
// elsewhere (a function called twice, a goto back) a flag checks it, and
// a second run goes to an unsupported location. Any other site is a
// summary: allocation k gets address base + k*stride (distinct, as
// in C) and its cells are a summary region (reads havoc, writes dropped).

package cfront

import (
	"fmt"

	"modernc.org/cc/v4"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

var allocFuncs = map[string]bool{
	"malloc": true, "calloc": true, "alloca": true, "__builtin_alloca": true,
	"__builtin_malloc": true, "__builtin_calloc": true, "valloc": true,
}

// isAllocCall reports whether n (through casts and parentheses) calls an
// allocation function.
func (b *builder) isAllocCall(n cc.ExpressionNode) bool {
	for {
		switch x := strip(n).(type) {
		case *cc.CastExpression:
			if x.Case == cc.CastExpressionCast {
				n = x.CastExpression
				continue
			}
			n = x.UnaryExpression
			continue
		case *cc.UnaryExpression:
			if x.Case == cc.UnaryExpressionPostfix {
				n = x.PostfixExpression
				continue
			}
		case *cc.PostfixExpression:
			if x.Case == cc.PostfixExpressionCall {
				name := b.calleeName(x)
				return allocFuncs[name] && b.fdefs[name] == nil
			}
			if x.Case == cc.PostfixExpressionPrimary {
				n = x.PrimaryExpression
				continue
			}
		}
		return false
	}
}

// allocate translates a call of an allocation function name with
// arguments args and returns the block's address.
func (b *builder) allocate(name string, args []cc.ExpressionNode, pos ir.Pos) value {
	elem := b.allocHint
	b.allocHint = nil
	if elem == nil || elem.Kind() == cc.Void || elem.Size() <= 1 {
		// void * and char * say nothing of the block (CIL allocates
		// into char * temporaries): a sizeof in the size does.
		if st := sizeofType(args); st != nil || elem == nil || elem.Kind() == cc.Void {
			elem = st
		}
	}
	var sizeV value
	switch {
	case name == "calloc" || name == "__builtin_calloc":
		if len(args) != 2 {
			b.discardAll(args)
			b.unsupported(pos, "call of %s with %d arguments", name, len(args))
			return opaque("allocation")
		}
		n := b.normalize(b.convert(b.eval(args[0]), tULongLong, pos), pos)
		s := b.normalize(b.convert(b.eval(args[1]), tULongLong, pos), pos)
		if n.e.IsConst() && s.e.IsConst() {
			sizeV = constVal(n.e.Constant().Mul(s.e.Constant()), tULongLong)
		} else {
			sizeV = opaque("size")
		}
	default:
		if len(args) != 1 {
			b.discardAll(args)
			b.unsupported(pos, "call of %s with %d arguments", name, len(args))
			return opaque("allocation")
		}
		sizeV = b.normalize(b.convert(b.eval(args[0]), tULongLong, pos), pos)
	}
	size := int64(-1)
	if sizeV.isInt && sizeV.e.IsConst() {
		if k, ok := sizeV.e.Constant().Int64(); ok && k >= 0 && k <= unboundedBytes {
			size = k
		}
	}
	var typ cc.Type
	count := int64(0)
	if elem != nil && elem.Kind() != cc.Void && elem.Size() > 0 && !elem.IsIncomplete() {
		es := elem.Size()
		switch {
		case size == es:
			typ = elem
		case size > es && size%es == 0 && size/es <= maxExpand:
			typ, count = elem, size/es
		}
	}
	once := b.loopDepth == 0 && !b.recursive[b.f.Name]
	label := fmt.Sprintf("%s@%d:%d", name, pos.Line, pos.Col)
	// A block of integers whose size is not a constant (malloc(n *
	// sizeof(int))) in main, outside loops, is laid out as a
	// variable-length array of them: one region of the element type,
	// with its ghost cell. Elsewhere (a function that may be called
	// twice) it stays a summary site, which any number of runs fits.
	var varLen cc.Type
	if once && typ == nil && size < 0 && isIntElem(elem) && b.f == b.prog.Main && !b.sawLabel {
		varLen = elem
	}
	if once && (typ != nil || varLen != nil) {
		var o *object
		if varLen != nil {
			o = b.newVarLenObject(label, nil, varLen, nil, pos)
		} else {
			o = b.newObject(label, typ, count, nil, pos)
		}
		if b.f != b.prog.Main || b.sawLabel {
			// Outside main the site may run again (its function called
			// twice): a flag makes a second run an unsupported location.
			flag := b.prog.NewGlobal(label+"#done", ir.Bool, pos)
			b.allocCounters = append(b.allocCounters, flag)
			ok := b.newLoc(pos)
			b.branch(ir.NewAtom(numeric.Eq(ir.VarExpr(flag), numeric.Const(0))), ok,
				b.f.NewUnsupportedLoc(pos, fmt.Sprintf("allocation site %s ran twice (modelled as one block)", label)), pos)
			b.cur = ok
			b.emit(ir.NewAssign(flag, numeric.Const(1)), pos)
		}
		switch name {
		case "calloc", "__builtin_calloc":
			b.initObject(objPlace(o), nil, true, pos)
		case "alloca", "__builtin_alloca":
			b.initObject(objPlace(o), nil, false, pos)
		case "malloc", "__builtin_malloc":
			b.emit(&ir.Skip{Alloc: true}, pos)
			b.heapCells(o, pos)
			b.fillRegions(o, true, pos)
			b.resetKCells(o, false, pos)
		default:
			// valloc's content: any value to the analyses, zero in
			// concrete runs (ir.Havoc.Fresh).
			for _, c := range o.cells {
				if c.v != nil {
					b.emit(&ir.Havoc{Var: c.v, Range: c.v.Type.Range(), Fresh: true}, pos)
				}
			}
			b.fillRegions(o, true, pos)
			b.resetKCells(o, false, pos)
		}
		return ptrVal(value{e: o.addrConst(0), t: b.ptrT, isInt: true})
	}
	// A summary site: distinct addresses from a counter, summarised
	// contents.
	stride := size
	if stride <= 0 {
		stride = unknownStride
	}
	stride = (stride + 16 + 15) / 16 * 16
	blockLen := size
	if blockLen < 0 {
		blockLen = stride
	}
	o := &object{name: label, typ: typ, size: stride, subs: map[string][]int64{}, stride: stride, blockLen: blockLen, pos: pos}
	r := &region{off: 0, count: -1, elemSize: 1, keys: map[string]bool{}}
	if elem != nil && elem.Kind() != cc.Void && elem.Size() > 0 {
		r.elem, r.elemSize = elem, elem.Size()
		collectKeys(elem, r.keys)
	}
	o.regions = []*region{r}
	o.base = b.mem.alloc(stride * summaryInstances)
	o.counter = b.prog.NewGlobal(label+"#count", ir.IntType{Name: "allocation count", Bits: 32, Signed: true}, pos)
	b.mem.objs = append(b.mem.objs, o)
	b.allocCounters = append(b.allocCounters, o.counter)
	k := ir.VarExpr(o.counter)
	ok := b.newLoc(pos)
	b.branch(ir.NewAtom(numeric.Lt(k, numeric.Const(summaryInstances))), ok,
		b.f.NewUnsupportedLoc(pos, fmt.Sprintf("allocation site %s ran more than %d times", label, summaryInstances)), pos)
	b.cur = ok
	addr := b.temp(b.ptrT, pos)
	b.emit(ir.NewAssign(addr, k.Scale(numeric.I(stride)).AddConst(o.base)), pos)
	// The new block's bytes: zero in concrete runs (malloc as in the gcc
	// harness, calloc), undefined for alloca.
	fill := memFill(ir.VarExpr(addr), numeric.Const(blockLen), name != "alloca" && name != "__builtin_alloca")
	fill.Alloc = name == "malloc" || name == "__builtin_malloc"
	b.emit(fill, pos)
	b.emit(ir.NewAssign(o.counter, k.AddConst(numeric.I(1))), pos)
	b.diag(pos, ir.Warning, "allocation site %s may run more than once: its blocks are summarised (reads havoc, writes dropped)", label)
	return ptrVal(varVal(addr))
}

// heapCells gives the scalar cells of o, a block malloc just returned,
// their first values: heap inputs (see the file comment).
func (b *builder) heapCells(o *object, pos ir.Pos) {
	for _, c := range o.cells {
		if c.v == nil {
			continue
		}
		cell := &ir.HeapCell{Off: c.off, Size: c.size}
		if c.class != 'p' && c.class != 'f' {
			b.emit(&ir.Havoc{Var: c.v, Range: c.v.Type.Range(), Input: ir.HeapInput, Heap: cell}, pos)
			continue
		}
		// A pointer: null (0) or the invalid address (1).
		cell.Pointer = true
		b.emit(&ir.Havoc{Var: c.v, Range: numeric.Range{Lo: numeric.B(0), Hi: numeric.B(1)}, Input: ir.HeapInput, Heap: cell}, pos)
		b.emit(ir.NewAssign(c.v, ir.VarExpr(c.v).Scale(numeric.I(ir.InvalidAddress))), pos)
	}
}

// sizeofType returns the type T of the first sizeof(T) (or sizeof e) in
// an allocation's arguments, the block's element type when the pointer
// it is stored into says nothing (void *).
func sizeofType(args []cc.ExpressionNode) cc.Type {
	var found cc.Type
	for _, a := range args {
		walkAST(a, func(n cc.Node) {
			u, ok := n.(*cc.UnaryExpression)
			if !ok || found != nil {
				return
			}
			switch u.Case {
			case cc.UnaryExpressionSizeofType:
				if u.TypeName != nil {
					found = u.TypeName.Type()
				}
			case cc.UnaryExpressionSizeofExpr:
				if u.UnaryExpression != nil {
					found = u.UnaryExpression.Type()
				}
			}
		})
	}
	if found != nil && (found.Kind() == cc.Void || found.Size() <= 0) {
		return nil
	}
	return found
}
