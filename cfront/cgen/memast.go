// This file defines the memory part of the syntax tree (Config.Memory):
// struct and array types, the expressions that designate, address and
// move through memory, and the statements of malloc'd blocks.

package cgen

import "fmt"

// Struct is a struct type of a generated program.
type Struct struct {
	Name   string
	Fields []*Field
}

// Field is a field of a struct.
type Field struct {
	Name string
	T    *MType
}

// MType is the type of a memory object: an integer of kind K (Elem and
// S nil), an array of Len elements of type Elem, or the struct S.
type MType struct {
	K    Kind
	Len  int
	Elem *MType
	S    *Struct
}

func intType(k Kind) *MType { return &MType{K: k} }

func (t *MType) isInt() bool   { return t.Elem == nil && t.S == nil }
func (t *MType) isArray() bool { return t.Elem != nil }

// same reports whether t and u are the same C type.
func (t *MType) same(u *MType) bool {
	switch {
	case t == nil || u == nil:
		return t == u
	case t.isInt():
		return u.isInt() && t.K == u.K
	case t.S != nil:
		return t.S == u.S
	}
	return u.isArray() && t.Len == u.Len && t.Elem.same(u.Elem)
}

// Shape bounds what may be accessed around a pointer p: p[i] for
// -Before <= i < After, and p + i for -Before <= i <= After. A shape
// {0, 0} pointer (null or one past an end) is never dereferenced.
type Shape struct{ Before, After int }

func (s Shape) covers(t Shape) bool { return s.Before >= t.Before && s.After >= t.After }

// Cell is an integer cell of a global that the differential test
// observes: Path is its C access path (g, g[1], s.in.x, t[2].f, m[1][0]),
// which is also the name cfront gives its IR variable.
type Cell struct {
	Path string
	K    Kind
}

// Cells returns the cells of p's globals that the differential test
// observes, in order: every global integer scalar, and every integer
// cell of every global array and struct (pointers are not observed:
// their values are addresses).
func (p *Program) Cells() []Cell {
	var cs []Cell
	var walk func(path string, t *MType)
	walk = func(path string, t *MType) {
		switch {
		case t.isInt():
			cs = append(cs, Cell{Path: path, K: t.K})
		case t.isArray():
			for i := 0; i < t.Len; i++ {
				walk(fmt.Sprintf("%s[%d]", path, i), t.Elem)
			}
		default:
			for _, f := range t.S.Fields {
				walk(path+"."+f.Name, f.T)
			}
		}
	}
	for _, g := range p.Globals {
		switch {
		case g.Ptr != nil:
		case g.Mem != nil:
			walk(g.Name, g.Mem)
		default:
			cs = append(cs, Cell{Path: g.Name, K: g.Type})
		}
	}
	return cs
}

type (
	// Index is X[I]: X an array lvalue or a pointer, I a *Sub.
	Index struct{ X, I Expr }
	// Member is X.F, or X->F when Arrow (X a pointer to a struct).
	Member struct {
		X     Expr
		F     *Field
		Arrow bool
	}
	// Deref is *P.
	Deref struct{ P Expr }
	// AddrOf is &L.
	AddrOf struct{ L Expr }
	// PtrAdd is P + K (P - -K when K < 0), within P's shape.
	PtrAdd struct {
		P Expr
		K int
	}
	// PtrDiff is P - Q for two pointers into one array (type long).
	PtrDiff struct{ P, Q Expr }
	// PtrCmp is P Op Q for two pointers (Op one of == != < <= > >=;
	// relational only within one array), or a pointer and Null.
	PtrCmp struct {
		Op   string
		P, Q Expr
	}
	// Null is the null pointer constant 0.
	Null struct{}
	// Sub is an index in [Lo, Lo+N) by construction: the constant K when
	// X is nil; X itself when Raw (a loop counter bounded by the loop, of
	// an array whose bound the sanitizer checks); else X reduced into the
	// range, (X & (N-1)) or ((int)((unsigned)X % N) + Lo).
	Sub struct {
		X        Expr
		K, N, Lo int
		Raw      bool
	}
	// Store is L Op X for a memory lvalue L (an integer cell, a struct
	// with Op =, or a pointer variable with Op =).
	Store struct {
		Op   string
		L, X Expr
	}
	// StoreIncDec is ++L, --L, L++ or L-- for an integer cell L.
	StoreIncDec struct {
		L   Expr
		Op  string
		Pre bool
	}
	// Malloc is (T *)malloc(N * sizeof(T)) (N == 1: sizeof(T) alone).
	Malloc struct {
		T *MType
		N int
	}
	// InitList is the initialiser { Elems } of an array or struct:
	// fewer elements than the object leave the rest zero.
	InitList struct{ Elems []Expr }
)

func (*Index) isExpr()       {}
func (*Member) isExpr()      {}
func (*Deref) isExpr()       {}
func (*AddrOf) isExpr()      {}
func (*PtrAdd) isExpr()      {}
func (*PtrDiff) isExpr()     {}
func (*PtrCmp) isExpr()      {}
func (*Null) isExpr()        {}
func (*Sub) isExpr()         {}
func (*Store) isExpr()       {}
func (*StoreIncDec) isExpr() {}
func (*Malloc) isExpr()      {}
func (*InitList) isExpr()    {}

type (
	// Fill initialises the malloc'd block V cell by cell (Stmts assign
	// every cell) right after main's declarations; the reducer keeps it.
	Fill struct {
		V     *Var
		Stmts []Stmt
	}
	// Free is free(V); for a malloc'd block V, at the end of main.
	Free struct{ V *Var }
)

func (*Fill) isStmt() {}
func (*Free) isStmt() {}

// isPtrValued reports whether e's value is a pointer (an array lvalue,
// which decays, is not counted).
func isPtrValued(e Expr) bool {
	switch e := e.(type) {
	case *VarRef:
		return e.V.Ptr != nil
	case *AddrOf, *PtrAdd, *Malloc, *Null:
		return true
	case *Call:
		return e.F.RetPtr != nil
	}
	return false
}

// ltype returns the type of the lvalue e.
func ltype(e Expr) *MType {
	switch e := e.(type) {
	case *VarRef:
		if e.V.Mem != nil {
			return e.V.Mem
		}
		return intType(e.V.Type)
	case *Index:
		if isPtrValued(e.X) {
			return pointee(e.X)
		}
		return ltype(e.X).Elem
	case *Member:
		return e.F.T
	case *Deref:
		return pointee(e.P)
	}
	panic(fmt.Sprintf("cgen: %T is not an lvalue", e))
}

// pointee returns the type e points to: e is pointer-valued or an
// array lvalue, which decays to a pointer to its first element.
func pointee(e Expr) *MType {
	switch e := e.(type) {
	case *VarRef:
		if e.V.Ptr != nil {
			return e.V.Ptr
		}
		return e.V.Mem.Elem
	case *Index, *Member, *Deref:
		return ltype(e).Elem
	case *AddrOf:
		return ltype(e.L)
	case *PtrAdd:
		return pointee(e.P)
	case *Call:
		return e.F.RetPtr
	case *Malloc:
		return e.T
	}
	panic(fmt.Sprintf("cgen: %T is not a pointer", e))
}

// intValued reports whether e's value is an integer (not a pointer, an
// array or a struct), so that the reducer may replace it by another.
func intValued(e Expr) bool {
	switch e := e.(type) {
	case *VarRef:
		return e.V.Mem == nil && e.V.Ptr == nil
	case *Index, *Member, *Deref:
		return ltype(e).isInt()
	case *Store:
		return !isPtrValued(e.L) && ltype(e.L).isInt()
	case *AddrOf, *PtrAdd, *Malloc, *Null, *Sub, *InitList:
		return false
	case *Call:
		return e.F.RetPtr == nil
	}
	return true
}

// rootVar returns the variable at the root of the lvalue e, and the
// pointer expression it goes through if any.
func rootVar(e Expr) (*Var, Expr) {
	switch x := e.(type) {
	case *VarRef:
		return x.V, nil
	case *Index:
		if isPtrValued(x.X) {
			return nil, x.X
		}
		return rootVar(x.X)
	case *Member:
		if x.Arrow {
			return nil, x.X
		}
		return rootVar(x.X)
	case *Deref:
		return nil, x.P
	}
	return nil, nil
}

// lifeOf returns the greatest depth of an object the pointer value e may
// point to (0: globals only).
func lifeOf(e Expr) int {
	switch x := e.(type) {
	case *VarRef:
		if x.V.Ptr != nil {
			return x.V.life
		}
		return x.V.depth // an array decays
	case *Index, *Member, *Deref:
		v, p := rootVar(x)
		if p != nil {
			return lifeOf(p)
		}
		return v.depth
	case *AddrOf:
		return lifeOf(x.L)
	case *PtrAdd:
		return lifeOf(x.P)
	case *Call:
		l := 0
		for i, a := range x.Args {
			if x.F.Params[i].Ptr != nil {
				l = max(l, lifeOf(a))
			}
		}
		return l
	}
	return 0
}
