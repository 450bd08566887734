// This file generates the memory constructs of Config.Memory: struct
// types, global and local arrays (1-D and 2-D) and structs with
// initialisers, pointers to scalars, cells, fields, structs and array
// elements, pointer arithmetic within an array, pointer parameters and
// results, and malloc'd blocks in main.
//
// Every access is in bounds and every pointer dereferenced points to a
// live object, by construction:
//
//   - An index is a Sub: a constant in range, an expression reduced into
//     the range ((e & 3), (unsigned)(e) % 5u), or the counter of a loop
//     bounded by the array's length.
//   - Every pointer variable, parameter and result has a Shape {B, A}:
//     every value it ever holds points at least B cells after the start
//     of its array and A cells before its end (a scalar is an array of
//     one), so p[i] is generated only for -B <= i < A and p + k only for
//     -B <= k <= A. A value is assigned to a pointer only if its own
//     shape covers the pointer's.
//   - Every pointer variable declared at block depth d holds only
//     addresses of objects declared at depth <= d (lifeOf), so it never
//     outlives what it points to; parameters are never assigned, and a
//     function returns only a pointer parameter moved within its shape or
//     a global's address.
//   - Relational comparisons and differences of pointers are made of two
//     offsets from one base expression (or a loop's cursor and its
//     array), so they are within one array; equality compares pointers
//     into objects (shape A >= 1) or a pointer with 0.
//   - Locals are initialised by their declaration (an initialiser list
//     zeroes what it omits), malloc'd blocks cell by cell (Fill) before
//     anything else in main, and freed at its end.

package cgen

import (
	"fmt"
	"math"
)

// mem is the pseudo-variable that every access to memory (an array or
// struct cell, a dereference, an addressable scalar) reads or writes:
// the sequencing check treats all of memory as one variable.
var mem = &Var{Name: "$mem", Global: true}

// varsOf returns the sequencing variables an access of scalar v touches.
func varsOf(v *Var) varSet {
	if v.Addr {
		return varSet{v: true, mem: true}
	}
	return varSet{v: true}
}

func isScalar(v *Var) bool { return v.Mem == nil && v.Ptr == nil }

func isIntT(t *MType) bool { return t.isInt() }

// contains reports whether t or a part of it is of a type want accepts.
func contains(t *MType, want func(*MType) bool) bool {
	if want(t) {
		return true
	}
	switch {
	case t.isArray():
		return contains(t.Elem, want)
	case t.S != nil:
		for _, f := range t.S.Fields {
			if contains(f.T, want) {
				return true
			}
		}
	}
	return false
}

// cursor is the pointer of an enclosing loop over an array: q runs over
// base, base + 1, ..., base + n - 1.
type cursor struct {
	q    *Var
	base func() Expr
	n    int
}

// memGlobals adds struct types, addressable marks on the scalar
// globals, global arrays and structs, and sometimes a global pointer.
func (g *gen) memGlobals() {
	for i, n := 0, g.n(4); i < n; i++ {
		g.p.Structs = append(g.p.Structs, g.structType(i))
	}
	for _, v := range g.p.Globals {
		v.Addr = g.chance(30)
	}
	next := len(g.p.Globals)
	for i, n := 0, 1+g.n(3); i < n; i++ {
		t := g.aggType()
		v := &Var{Name: fmt.Sprintf("g%d", next), Mem: t, Global: true}
		next++
		if g.chance(60) {
			v.AInit = g.initList(t, true)
		}
		g.p.Globals = append(g.p.Globals, v)
	}
	if g.chance(40) {
		g.scope = append([]*Var(nil), g.p.Globals...)
		v := &Var{Name: fmt.Sprintf("g%d", next), Global: true}
		if e, sh := g.pickPtr(nil, Shape{}, 0, 0, ptrStatic); e != nil && g.chance(80) {
			v.PInit, v.Ptr, v.Shape = e, pointee(e), g.weaken(sh)
		} else {
			v.Ptr = intType(Int)
		}
		g.p.Globals = append(g.p.Globals, v)
		g.scope = nil
	}
}

// structType returns struct S<i>: integer fields, small arrays, and
// structs declared before it.
func (g *gen) structType(i int) *Struct {
	s := &Struct{Name: fmt.Sprintf("S%d", i)}
	for j, n := 0, 1+g.n(4); j < n; j++ {
		var t *MType
		switch r := g.n(10); {
		case r < 2 && i > 0:
			t = &MType{S: g.p.Structs[g.n(i)]}
		case r < 4:
			t = &MType{Len: 1 + g.n(4), Elem: intType(g.varKind())}
		default:
			t = intType(g.varKind())
		}
		s.Fields = append(s.Fields, &Field{Name: fmt.Sprintf("f%d", j), T: t})
	}
	return s
}

// aggType returns the type of an array or struct variable.
func (g *gen) aggType() *MType {
	ns := len(g.p.Structs)
	switch r := g.n(10); {
	case r < 3 && ns > 0:
		return &MType{S: g.p.Structs[g.n(ns)]}
	case r < 4 && ns > 0:
		return &MType{Len: 1 + g.n(3), Elem: &MType{S: g.p.Structs[g.n(ns)]}}
	case r < 5:
		return &MType{Len: 2 + g.n(2), Elem: &MType{Len: 1 + g.n(3), Elem: intType(g.varKind())}}
	}
	return &MType{Len: 1 + g.n(8), Elem: intType(g.varKind())}
}

// initList returns an initialiser of t: all its elements or the first
// few (the rest are zero); constants only when static, else also reads
// of scalars (no side effects: the order of evaluation of an
// initialiser list is unspecified).
func (g *gen) initList(t *MType, static bool) *InitList {
	l := &InitList{}
	total := t.Len
	if t.S != nil {
		total = len(t.S.Fields)
	}
	m := total
	if g.chance(50) {
		m = 1 + g.n(total)
	}
	for i := 0; i < m; i++ {
		et := t.Elem
		if t.S != nil {
			et = t.S.Fields[i].T
		}
		if et.isInt() {
			l.Elems = append(l.Elems, g.initElem(et.K, static))
		} else {
			l.Elems = append(l.Elems, g.initList(et, static))
		}
	}
	return l
}

func (g *gen) initElem(k Kind, static bool) Expr {
	switch {
	case !static && g.chance(30):
		return ref(g.readVar())
	case g.chance(25):
		return ci(0)
	}
	return g.constant(k)
}

// weaken returns a shape covered by s, to declare a pointer with.
func (g *gen) weaken(s Shape) Shape {
	if g.chance(50) {
		return s
	}
	t := Shape{Before: g.n(s.Before + 1), After: g.n(s.After + 1)}
	if s.After > 0 && t.After == 0 && g.chance(70) {
		t.After = 1
	}
	return t
}

// memLocals adds to a function's top declarations addressable marks,
// arrays and structs, pointers and, in main, malloc'd blocks (with the
// statements that fill them).
func (g *gen) memLocals(locals []*Decl, isMain bool) ([]*Decl, []Stmt, []*Var) {
	for _, d := range locals {
		d.V.Addr = g.chance(30)
	}
	locals = append(locals, g.aggDecls(g.n(3))...)
	for i, n := 0, g.n(3); i < n; i++ {
		d := g.ptrDecl()
		locals = append(locals, d)
		g.scope = append(g.scope, d.V)
	}
	// The blocks come last: no initialiser may read them before they are
	// filled.
	var fills []Stmt
	var blocks []*Var
	if isMain {
		for i, n := 0, g.n(3); i < n; i++ {
			d, fill := g.mallocDecl()
			locals = append(locals, d)
			fills = append(fills, fill)
			blocks = append(blocks, d.V)
			g.scope = append(g.scope, d.V)
		}
	}
	return locals, fills, blocks
}

// aggDecls returns n declarations of initialised arrays and structs,
// added to the scope.
func (g *gen) aggDecls(n int) []*Decl {
	var ds []*Decl
	for i := 0; i < n; i++ {
		t := g.aggType()
		v := g.newVar(Int)
		v.Mem = t
		ds = append(ds, &Decl{V: v, Init: g.initList(t, false)})
		g.scope = append(g.scope, v)
	}
	return ds
}

// ptrDecl returns the declaration of a pointer initialised to a value
// in scope (or null).
func (g *gen) ptrDecl() *Decl {
	v := g.newVar(Int)
	v.life = v.depth
	e, sh := g.pickPtr(nil, Shape{}, v.depth, g.cfg.ExprDepth-1, ptrAny)
	if e == nil {
		v.Ptr = intType(g.varKind())
		return &Decl{V: v, Init: &Null{}}
	}
	v.Ptr, v.Shape = pointee(e), g.weaken(sh)
	return &Decl{V: v, Init: e}
}

// mallocDecl returns T *m = malloc(N * sizeof(T)); and the statements
// that initialise every cell of the block.
func (g *gen) mallocDecl() (*Decl, Stmt) {
	v := g.newVar(Int)
	v.ReadOnly, v.life = true, v.depth
	var t *MType
	n := 1 + g.n(8)
	if ns := len(g.p.Structs); ns > 0 && g.chance(40) {
		t, n = &MType{S: g.p.Structs[g.n(ns)]}, 1+g.n(2)
	} else {
		t = intType(g.varKind())
	}
	v.Ptr, v.Shape = t, Shape{After: n}
	fill := &Fill{V: v}
	for i := 0; i < n; i++ {
		var base Expr = &Index{X: ref(v), I: &Sub{K: i, N: n}}
		if n == 1 && g.chance(50) {
			base = &Deref{P: ref(v)}
		}
		for _, c := range cellsOf(base, t) {
			fill.Stmts = append(fill.Stmts, &ExprStmt{X: &Store{Op: "=", L: c, X: g.initElem(ltype(c).K, false)}})
		}
	}
	return &Decl{V: v, Init: &Malloc{T: t, N: n}}, fill
}

// cellsOf returns lvalues of every integer cell of the object base of
// type t, with constant indices.
func cellsOf(base Expr, t *MType) []Expr {
	switch {
	case t.isInt():
		return []Expr{base}
	case t.isArray():
		var cs []Expr
		for i := 0; i < t.Len; i++ {
			cs = append(cs, cellsOf(&Index{X: base, I: &Sub{K: i, N: t.Len}}, t.Elem)...)
		}
		return cs
	}
	var cs []Expr
	for _, f := range t.S.Fields {
		if d, ok := base.(*Deref); ok {
			cs = append(cs, cellsOf(&Member{X: d.P, F: f, Arrow: true}, f.T)...)
		} else {
			cs = append(cs, cellsOf(&Member{X: base, F: f}, f.T)...)
		}
	}
	return cs
}

// sub returns an index in [lo, lo+n): a constant, or an expression of
// depth d reduced into the range.
func (g *gen) sub(n, lo, d int) *Sub {
	if g.chance(45) || (n == 1 && g.chance(60)) {
		return &Sub{K: lo + g.n(n), N: n, Lo: lo}
	}
	var x Expr
	if d <= 0 {
		x = ref(g.readVar())
	} else {
		x = g.expr(d)
	}
	return &Sub{X: x, N: n, Lo: lo}
}

// What pickPtr may build.
type ptrMode int

const (
	ptrAny    ptrMode = iota // anything in scope
	ptrStable                // constant indices, no calls, read-only pointers only
	ptrConst                 // constant indices, no calls
	ptrStatic                // address constants (of globals, at file scope)
)

// ptrCand is a pointer value the generator can build, its shape and
// lifetime (-1: known once built).
type ptrCand struct {
	mk    func() Expr
	shape Shape
	life  int
}

// ptrCands returns the pointer values to T (to any integer or struct
// type if T is nil) that the visible variables provide.
func (g *gen) ptrCands(T *MType, mode ptrMode, d int) []ptrCand {
	var cs []ptrCand
	match := func(t *MType) bool {
		if T == nil {
			return t.isInt() || t.S != nil
		}
		return t.same(T)
	}
	for _, v := range g.visible() {
		switch {
		case v.Ptr != nil:
			if mode == ptrStatic || (mode == ptrStable && !v.ReadOnly) {
				continue
			}
			s := v.Shape
			if match(v.Ptr) {
				cs = append(cs, ptrCand{func() Expr { return ref(v) }, s, v.life})
				for k := -s.Before; k <= s.After; k++ {
					if k != 0 {
						cs = append(cs, ptrCand{func() Expr { return &PtrAdd{P: ref(v), K: k} }, Shape{s.Before + k, s.After - k}, v.life})
					}
				}
			}
			if s.After >= 1 && v.Ptr.S != nil {
				for _, f := range v.Ptr.S.Fields {
					g.addrPaths(&cs, func() Expr { return &Member{X: ref(v), F: f, Arrow: true} }, f.T, match, mode, d, v.life)
				}
			}
		case v.Mem != nil:
			g.addrPaths(&cs, func() Expr { return ref(v) }, v.Mem, match, mode, d, v.depth)
		case v.Addr:
			if match(intType(v.Type)) {
				cs = append(cs, ptrCand{func() Expr { return &AddrOf{L: ref(v)} }, Shape{After: 1}, v.depth})
			}
		}
	}
	if mode == ptrAny && d > 0 {
		for _, f := range g.p.Funcs {
			if f.RetPtr != nil && match(f.RetPtr) && g.mult*f.cost <= maxCost && g.f != nil && g.chance(50) {
				cs = append(cs, ptrCand{func() Expr {
					if c := g.callOf(f, d-1, nil); c != nil {
						return c
					}
					return nil
				}, f.RetShape, -1})
			}
		}
	}
	return cs
}

// addrPaths adds the addresses within the object base of type t whose
// type match accepts (and its arrays of such, decayed or moved).
func (g *gen) addrPaths(cs *[]ptrCand, base func() Expr, t *MType, match func(*MType) bool, mode ptrMode, d, life int) {
	constIdx := mode != ptrAny
	switch {
	case t.isArray():
		n := t.Len
		if match(t.Elem) {
			*cs = append(*cs, ptrCand{base, Shape{After: n}, life})
			for k := 1; k <= n; k++ {
				*cs = append(*cs, ptrCand{func() Expr {
					if k < n && g.chance(50) {
						return &AddrOf{L: &Index{X: base(), I: &Sub{K: k, N: n}}}
					}
					return &PtrAdd{P: base(), K: k}
				}, Shape{k, n - k}, life})
			}
			if !constIdx {
				*cs = append(*cs, ptrCand{func() Expr { return &AddrOf{L: &Index{X: base(), I: g.sub(n, 0, d-1)}} }, Shape{After: 1}, life})
			}
		}
		if !t.Elem.isInt() {
			g.addrPaths(cs, func() Expr {
				if constIdx {
					return &Index{X: base(), I: &Sub{K: g.n(n), N: n}}
				}
				return &Index{X: base(), I: g.sub(n, 0, d-1)}
			}, t.Elem, match, mode, d, life)
		}
	case t.S != nil:
		if match(t) {
			*cs = append(*cs, ptrCand{func() Expr { return &AddrOf{L: base()} }, Shape{After: 1}, life})
		}
		for _, f := range t.S.Fields {
			g.addrPaths(cs, func() Expr { return &Member{X: base(), F: f} }, f.T, match, mode, d, life)
		}
	default:
		if match(t) {
			*cs = append(*cs, ptrCand{func() Expr { return &AddrOf{L: base()} }, Shape{After: 1}, life})
		}
	}
}

// pickPtr returns a pointer to T (any type if nil) whose shape covers
// need and that points only to objects of depth <= maxLife, free of
// sequencing conflicts, and its shape; or nil.
func (g *gen) pickPtr(T *MType, need Shape, maxLife, d int, mode ptrMode) (Expr, Shape) {
	var ok []ptrCand
	for _, c := range g.ptrCands(T, mode, d) {
		if c.shape.covers(need) && c.life <= maxLife {
			ok = append(ok, c)
		}
	}
	if need == (Shape{}) && T != nil && g.chance(10) {
		return &Null{}, Shape{}
	}
	for try := 0; try < 4 && len(ok) > 0; try++ {
		c := ok[g.n(len(ok))]
		e := c.mk()
		if e == nil || lifeOf(e) > maxLife {
			continue
		}
		if _, fine := seqOK(e); !fine {
			continue
		}
		return e, c.shape
	}
	return nil, Shape{}
}

// lvalue returns a random lvalue of a type want accepts (and not
// wider), reached from a visible array, struct or pointer; or nil.
func (g *gen) lvalue(want func(*MType) bool, d int) Expr {
	type root struct {
		mk func() Expr
		t  *MType
	}
	var roots []root
	for _, v := range g.visible() {
		switch {
		case v.Mem != nil && contains(v.Mem, want):
			roots = append(roots, root{func() Expr { return ref(v) }, v.Mem})
		case v.Ptr != nil && v.Shape.Before+v.Shape.After > 0 && contains(v.Ptr, want):
			roots = append(roots, root{func() Expr { return g.derefOf(ref(v), v.Shape, d) }, v.Ptr})
		}
	}
	for _, f := range g.p.Funcs {
		if d > 0 && f.RetPtr != nil && f.RetShape.After >= 1 && contains(f.RetPtr, want) && g.mult*f.cost <= maxCost && g.chance(15) {
			roots = append(roots, root{func() Expr {
				if c := g.callOf(f, d-1, nil); c != nil {
					return g.derefOf(c, Shape{After: 1}, d)
				}
				return nil
			}, f.RetPtr})
		}
	}
	if len(roots) == 0 {
		return nil
	}
	r := roots[g.n(len(roots))]
	e := r.mk()
	if e == nil {
		return nil
	}
	return g.descend(e, r.t, want, d)
}

// derefOf returns *p, *(p + k) or p[i] for a pointer p of shape s.
func (g *gen) derefOf(p Expr, s Shape, d int) Expr {
	switch n := s.Before + s.After; {
	case s.After >= 1 && g.chance(40):
		return &Deref{P: p}
	case g.chance(25):
		k := g.n(n) - s.Before
		if k == 0 {
			return &Deref{P: p}
		}
		return &Deref{P: &PtrAdd{P: p, K: k}}
	default:
		return &Index{X: p, I: g.sub(n, -s.Before, d-1)}
	}
}

// descend returns an lvalue within e (of type t) of a type want accepts.
func (g *gen) descend(e Expr, t *MType, want func(*MType) bool, d int) Expr {
	for !want(t) {
		switch {
		case t.isArray():
			e = &Index{X: e, I: g.sub(t.Len, 0, d-1)}
			t = t.Elem
		case t.S != nil:
			var fs []*Field
			for _, f := range t.S.Fields {
				if contains(f.T, want) {
					fs = append(fs, f)
				}
			}
			f := fs[g.n(len(fs))]
			if dr, ok := e.(*Deref); ok && g.chance(70) {
				e = &Member{X: dr.P, F: f, Arrow: true}
			} else {
				e = &Member{X: e, F: f}
			}
			t = f.T
		default:
			return nil
		}
	}
	return e
}

// memRead returns a read of an integer cell, or nil.
func (g *gen) memRead(d int) Expr {
	return g.lvalue(isIntT, d)
}

// storeExpr returns L op= X for an integer cell L, or nil.
func (g *gen) storeExpr(d int) Expr {
	l := g.lvalue(isIntT, d)
	if l == nil {
		return nil
	}
	op, x := g.assignRHS(ltype(l).K, d)
	return &Store{Op: op, L: l, X: x}
}

// storeIncDec returns ++L (or another form) for an integer cell L, or
// nil.
func (g *gen) storeIncDec(d int) Expr {
	l := g.lvalue(isIntT, d)
	if l == nil {
		return nil
	}
	return &StoreIncDec{L: l, Op: []string{"++", "--"}[g.n(2)], Pre: g.chance(50)}
}

// ptrIntExpr returns an integer expression over pointers: a comparison
// or a difference within one array, an equality, a test against null.
func (g *gen) ptrIntExpr(d int) Expr {
	offset := func(e Expr, k int) Expr {
		if k == 0 {
			return e
		}
		return &PtrAdd{P: e, K: k}
	}
	rel := []string{"<", "<=", ">", ">=", "==", "!="}
	switch g.n(4) {
	case 0:
		if len(g.cursors) > 0 {
			c := g.cursors[g.n(len(g.cursors))]
			if g.chance(50) {
				return &PtrDiff{P: ref(c.q), Q: c.base()}
			}
			return &PtrCmp{Op: rel[g.n(len(rel))], P: ref(c.q), Q: offset(c.base(), g.n(c.n+1))}
		}
	case 1:
		var ps []*Var
		for _, v := range g.visible() {
			if v.Ptr != nil {
				ps = append(ps, v)
			}
		}
		if len(ps) > 0 {
			return &PtrCmp{Op: []string{"==", "!="}[g.n(2)], P: ref(ps[g.n(len(ps))]), Q: &Null{}}
		}
	case 2:
		// Equality of two pointers into objects.
		e1, _ := g.pickPtr(nil, Shape{After: 1}, math.MaxInt, d, ptrConst)
		if e1 == nil {
			return nil
		}
		e2, _ := g.pickPtr(pointee(e1), Shape{After: 1}, math.MaxInt, d, ptrConst)
		if e2 == nil {
			return nil
		}
		return &PtrCmp{Op: []string{"==", "!="}[g.n(2)], P: e1, Q: e2}
	}
	// Two offsets from one base.
	cs := g.ptrCands(nil, ptrConst, d)
	if len(cs) == 0 {
		return nil
	}
	c := cs[g.n(len(cs))]
	n := c.shape.Before + c.shape.After
	k1, k2 := g.n(n+1)-c.shape.Before, g.n(n+1)-c.shape.Before
	b := c.mk()
	p, q := offset(b, k1), offset(copyExpr(b), k2)
	if g.chance(40) {
		return &PtrDiff{P: p, Q: q}
	}
	return &PtrCmp{Op: rel[g.n(len(rel))], P: p, Q: q}
}

// memStmt returns a statement of memory: a struct assignment, a pointer
// assignment, or a loop over an array; or nil.
func (g *gen) memStmt(depth int) []Stmt {
	d := g.cfg.ExprDepth
	switch g.n(5) {
	case 0:
		l := g.lvalue(func(t *MType) bool { return t.S != nil }, d)
		if l == nil {
			return nil
		}
		s := ltype(l).S
		r := g.lvalue(func(t *MType) bool { return t.S == s }, d)
		if r == nil {
			return nil
		}
		e := &Store{Op: "=", L: l, X: r}
		if _, ok := seqOK(e); ok {
			return []Stmt{&ExprStmt{X: e}}
		}
	case 1:
		var ps []*Var
		for _, v := range g.visible() {
			if v.Ptr != nil && !v.ReadOnly {
				ps = append(ps, v)
			}
		}
		if len(ps) == 0 {
			return nil
		}
		v := ps[g.n(len(ps))]
		if e, _ := g.pickPtr(v.Ptr, v.Shape, v.life, d-1, ptrAny); e != nil {
			return []Stmt{&ExprStmt{X: &Store{Op: "=", L: ref(v), X: e}}}
		}
	case 2, 3:
		if depth > 0 && g.loops < maxLoopNest {
			if g.chance(50) {
				return g.fillLoop(depth)
			}
			return g.cursorLoop(depth)
		}
	}
	return nil
}

// fillLoop returns for (int i = 0; i < N; i++) { a[i]... = e; ... } over
// an array lvalue a of N elements.
func (g *gen) fillLoop(depth int) []Stmt {
	a := g.lvalue(func(t *MType) bool { return t.isArray() && contains(t.Elem, isIntT) }, 1)
	if a == nil {
		return nil
	}
	t := ltype(a)
	mark := len(g.scope)
	defer func() { g.scope = g.scope[:mark] }()
	i := g.newVar(Int)
	i.ReadOnly = true
	g.scope = append(g.scope, i)
	cell := g.descend(&Index{X: a, I: &Sub{X: ref(i), N: t.Len, Raw: true}}, t.Elem, isIntT, 1)
	first := &ExprStmt{X: &Store{Op: "=", L: cell, X: g.full(g.cfg.ExprDepth - 1)}}
	if _, ok := seqOK(first.X); !ok {
		return nil
	}
	return []Stmt{&For{Decl: &Decl{V: i, Init: ci(0)}, Cond: bin("<", ref(i), ci(int64(t.Len))), Post: &IncDec{V: i, Op: "++", Pre: g.chance(50)},
		Body: g.loopBody(depth, t.Len, first)}}
}

// cursorLoop returns for (T *q = b; q != b + N; q++) { *q... = e; ... }
// over a stable base b with N cells after it.
func (g *gen) cursorLoop(depth int) []Stmt {
	var cs []ptrCand
	for _, c := range g.ptrCands(nil, ptrStable, 1) {
		if c.shape.After >= 1 {
			cs = append(cs, c)
		}
	}
	if len(cs) == 0 {
		return nil
	}
	c := cs[g.n(len(cs))]
	b := c.mk()
	base := func() Expr { return copyExpr(b) } // one base, printed again (mk may draw another)
	n := c.shape.After
	q := g.newVar(Int)
	q.depth++
	q.Ptr, q.Shape, q.ReadOnly, q.life = pointee(b), Shape{After: 1}, true, lifeOf(b)
	mark := len(g.scope)
	defer func() { g.scope = g.scope[:mark] }()
	g.scope = append(g.scope, q)
	cond := &PtrCmp{Op: "!=", P: ref(q), Q: &PtrAdd{P: base(), K: n}}
	if g.chance(40) {
		cond.Op = "<"
	}
	var pre []Stmt
	if cell := g.descend(&Deref{P: ref(q)}, q.Ptr, isIntT, 1); cell != nil && g.chance(70) {
		st := &Store{Op: "=", L: cell, X: g.full(g.cfg.ExprDepth - 1)}
		if _, ok := seqOK(st); ok {
			pre = append(pre, &ExprStmt{X: st})
		}
	}
	g.cursors = append(g.cursors, cursor{q: q, base: base, n: n})
	body := g.loopBody(depth, n, pre...)
	g.cursors = g.cursors[:len(g.cursors)-1]
	return []Stmt{&For{Decl: &Decl{V: q, Init: b}, Cond: cond, Post: &IncDec{V: q, Op: "++", Pre: g.chance(50)}, Body: body}}
}

// ptrParams adds one or two pointer parameters to f, pointing to types
// the globals provide, and sometimes makes f return a pointer.
func (g *gen) ptrParams(f *Func) {
	save := g.scope
	g.scope = append([]*Var(nil), g.p.Globals...)
	defer func() { g.scope = save }()
	for i, np := 0, 1+g.n(2); i < np; i++ {
		cs := g.ptrCands(nil, ptrConst, 1)
		if len(cs) == 0 {
			return
		}
		c := cs[g.n(len(cs))]
		e := c.mk()
		v := &Var{Name: fmt.Sprintf("p%d", len(f.Params)), Type: Int, ReadOnly: true, Ptr: pointee(e), Shape: g.weaken(c.shape)}
		f.Params = append(f.Params, v)
		if i == 0 && !f.Void && f.Depth == nil && g.chance(35) {
			f.RetPtr, f.RetShape = v.Ptr, v.Shape
		}
	}
}

// retPtr returns the value a pointer-returning function returns.
func (g *gen) retPtr() Expr {
	f := g.f
	e, _ := g.pickPtr(f.RetPtr, f.RetShape, 1, g.cfg.ExprDepth-1, ptrAny)
	if e == nil {
		for _, p := range f.Params {
			if p.Ptr != nil && p.Ptr.same(f.RetPtr) && p.Shape.covers(f.RetShape) {
				return ref(p)
			}
		}
		panic("cgen: no pointer to return")
	}
	return e
}
