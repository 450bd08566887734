// This file defines the syntax tree of generated programs: variables,
// functions, expressions and statements. The tree is printed twice (see
// print.go): as a stand-alone C file for cfront and as one part of a gcc
// harness; keeping it (rather than text) lets the reducer delete and
// simplify parts of a failing program.

package cgen

import "math/big"

// Var is a variable of a generated program.
type Var struct {
	Name   string
	Type   Kind
	Global bool
	// ReadOnly marks loop counters and depth parameters: generated code
	// reads them but never assigns them, so loops and recursion stay
	// bounded.
	ReadOnly bool
	// Init is the initial value of a global (nil: 0).
	Init *big.Int

	// Memory (Config.Memory; see mem.go). Mem is the type of an array
	// or struct variable (nil for a scalar or a pointer). Ptr is the type
	// a pointer variable points to (an integer or a struct; nil if the
	// variable is not a pointer), and Shape bounds the cells around it
	// that may be accessed through it. Addr marks a scalar whose address
	// may be taken. AInit initialises a global array or struct (nil:
	// zero), PInit a global pointer (nil: null).
	Mem   *MType
	Ptr   *MType
	Shape Shape
	Addr  bool
	AInit *InitList
	PInit Expr
	// depth is the block depth of the declaration (0 global, 1
	// parameter, 2 a function's top block, more in nested blocks); life,
	// for a pointer, the greatest depth of an object it may point to.
	depth, life int
}

// input is the pseudo-variable that every nondet call reads and writes:
// two of them in one expression would be evaluated in an unspecified
// order.
var input = &Var{Name: "$input", Global: true}

// halt is the pseudo-variable that a function which may call
// reach_error (and so end the run) writes: a write of a global
// unsequenced with such a call may or may not happen before the run
// ends, which the observed globals show.
var halt = &Var{Name: "$halt", Global: true}

// Func is a generated function.
type Func struct {
	Name   string
	Ret    Kind
	Void   bool
	Params []*Var
	// Depth is the parameter bounding its recursion (nil: the function
	// does not call itself).
	Depth *Var
	Body  *Block
	// RetPtr, if set, makes f return a pointer to RetPtr (one of its
	// pointer parameters, moved within its shape, or a global's address)
	// whose shape covers RetShape.
	RetPtr   *MType
	RetShape Shape
	// reads and writes are the globals (and input) the function and its
	// callees may read and write; see seq.go.
	reads, writes varSet
	// cost estimates the statements one call executes.
	cost int
}

// Program is a generated program: globals, functions (callees before
// callers) and main, last.
type Program struct {
	Model   Model
	Structs []*Struct
	Globals []*Var
	Funcs   []*Func
}

// Main returns the program's main function.
func (p *Program) Main() *Func { return p.Funcs[len(p.Funcs)-1] }

// Expr is an expression: one of the types below.
type Expr interface{ isExpr() }

type (
	// VarRef reads a variable.
	VarRef struct{ V *Var }
	// Const is a constant of type T (printed with a suffix or a cast).
	Const struct {
		T Kind
		V *big.Int
	}
	// Unary is -X, ~X or !X.
	Unary struct {
		Op string
		X  Expr
	}
	// Cast is (T)X.
	Cast struct {
		T Kind
		X Expr
	}
	// Binary is X Op Y: arithmetic, bitwise, shifts, comparisons, && and ||.
	Binary struct {
		Op   string
		X, Y Expr
	}
	// Cond is C ? X : Y.
	Cond struct{ C, X, Y Expr }
	// Assign is V Op X with Op one of = += -= *= /= %= <<= >>= &= |= ^=.
	Assign struct {
		Op string
		V  *Var
		X  Expr
	}
	// IncDec is ++V, --V, V++ or V--.
	IncDec struct {
		V   *Var
		Op  string // "++" or "--"
		Pre bool
	}
	// Call calls a generated function: F(Args) directly, (*F)(Args)
	// through the pointer F decays to when Deref, or, when Alt is set,
	// (Sel ? F : &Alt)(Args) through a function pointer chosen between
	// two functions of the same signature (Sel reads variables only, and
	// is an operand unsequenced with the arguments).
	Call struct {
		F     *Func
		Args  []Expr
		Deref bool
		Alt   *Func
		Sel   Expr
	}
	// Nondet is a call of __VERIFIER_nondet_T(), an input.
	Nondet struct{ T Kind }
	// Comma is X, Y.
	Comma struct{ X, Y Expr }
)

func (*VarRef) isExpr() {}
func (*Const) isExpr()  {}
func (*Unary) isExpr()  {}
func (*Cast) isExpr()   {}
func (*Binary) isExpr() {}
func (*Cond) isExpr()   {}
func (*Assign) isExpr() {}
func (*IncDec) isExpr() {}
func (*Call) isExpr()   {}
func (*Nondet) isExpr() {}
func (*Comma) isExpr()  {}

// Stmt is a statement: one of the types below.
type Stmt interface{ isStmt() }

// Block is { Decls Stmts }: declarations come first, so that no goto
// jumps past an initialiser.
type Block struct {
	Decls []*Decl
	Stmts []Stmt
}

// Decl declares V, initialised to Init.
type Decl struct {
	V    *Var
	Init Expr
}

type (
	// ExprStmt is X;.
	ExprStmt struct{ X Expr }
	// If is if (C) Then else Else (Else may be nil).
	If struct {
		C          Expr
		Then, Else *Block
	}
	// For is for (Init; Cond; Post) Body. Init is a declaration (Decl),
	// an expression (InitX) or empty; Cond and Post may be nil (empty).
	For struct {
		Decl  *Decl
		InitX Expr
		Cond  Expr
		Post  Expr
		Body  *Block
	}
	// While is while (C) Body.
	While struct {
		C    Expr
		Body *Block
	}
	// Do is do Body while (C);.
	Do struct {
		Body *Block
		C    Expr
	}
	// Switch is switch (X) { Cases }.
	Switch struct {
		X     Expr
		Cases []*Case
	}
	// Break is break;.
	Break struct{}
	// Continue is continue;.
	Continue struct{}
	// Goto is goto Label;.
	Goto struct{ Label string }
	// Label is Name: ;.
	Label struct{ Name string }
	// Return is return X; (X nil in a void function).
	Return struct{ X Expr }
	// ReachError is reach_error();.
	ReachError struct{}
	// Assume is __VERIFIER_assume(C);.
	Assume struct{ C Expr }
	// Nested is a nested block { ... }.
	Nested struct{ B *Block }
	// Check is the property of a soundness task: if (X Op K)
	// reach_error(); with X converted to long long. A Probe instead
	// reports X's value to the harness (which prints nothing for it in a
	// stand-alone program).
	Check struct {
		X     Expr
		Op    string // ">" or "<"
		K     *big.Int
		Probe bool
	}
)

// Case is one arm of a switch: case Vals...: (or default: when Default)
// then Body, which falls through unless it ends in a break.
type Case struct {
	Vals    []int64
	Default bool
	Body    []Stmt
}

func (*ExprStmt) isStmt()   {}
func (*If) isStmt()         {}
func (*For) isStmt()        {}
func (*While) isStmt()      {}
func (*Do) isStmt()         {}
func (*Switch) isStmt()     {}
func (*Break) isStmt()      {}
func (*Continue) isStmt()   {}
func (*Goto) isStmt()       {}
func (*Label) isStmt()      {}
func (*Return) isStmt()     {}
func (*ReachError) isStmt() {}
func (*Assume) isStmt()     {}
func (*Nested) isStmt()     {}
func (*Check) isStmt()      {}
