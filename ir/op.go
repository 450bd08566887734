// This file defines the operations carried by CFA edges.

package ir

import "github.com/numpred/numpred/numeric"

// Op is the operation of an edge: one of *Assign, *Assume, *Havoc, *Call,
// *Return, *Skip.
type Op interface {
	isOp()
}

// Assign is the parallel assignment Lhs[i] := Rhs[i] for all i at once;
// the right-hand sides are evaluated before any variable changes.
type Assign struct {
	Lhs []*Var
	Rhs []numeric.LinExpr // dimensions are variable IDs
	// Load, when non-nil, is the memory read the single assignment's
	// value stands for in a concrete run (see MemRead): a front end that
	// knows the value read (cfront's ghost cell of an array element, as
	// exact as the memory wherever the program defined it) gives the
	// analyses the assignment and the concrete interpreter the read.
	Load *MemRead
}

// Assume blocks executions where Cond is false.
type Assume struct {
	Cond Cond
	// Overflow marks the branch of a front end's wrap-around on which a
	// signed value left its type's range: undefined behaviour in C when
	// it comes from arithmetic (front ends also mark the conversions to a
	// narrower signed type, which C leaves implementation-defined). Runs
	// that take it are not counterexamples anyone can trust.
	Overflow bool
	// Wrap marks a front end's own case split or range constraint (the
	// cases of a wrap-around, the range of a quotient), as opposed to a
	// branch of the program: its atoms are not branch atoms, so a plain
	// analysis does not make them predicates.
	Wrap bool
	// Ghost marks an assumption about a front end's ghost state (see
	// Havoc.Ghost), not about the program's: every analysis and encoding
	// assumes it, the concrete interpreter skips it. A ghost Assume is
	// the only out-edge of its location.
	Ghost bool
}

// Havoc gives Var an arbitrary value in Range (sound for a nondet input,
// an unmodelled operation, or a value of unknown origin).
type Havoc struct {
	Var   *Var
	Range numeric.Range
	// Input, when set, says the value is a program input and names its
	// source: the C nondet function (e.g. "__VERIFIER_nondet_int") or
	// "nondet" for a Linear Program's x = ?. Counterexamples list inputs
	// in the order executions meet them.
	Input string
	// Def, when non-nil, is the exact operation the value stands for
	// (see Def); abstract analyses may ignore it.
	Def *Def
	// Overflow marks a wrap-around count of a signed type: a non-zero
	// value means a signed value left its type's range (see
	// Assume.Overflow).
	Overflow bool
	// Fresh marks the content of a freshly allocated block that no
	// replay can choose (valloc): any value to every analysis, 0 to a
	// concrete run.
	Fresh bool
	// Uninit marks the value of an automatic variable declared without
	// initializer (each time the declaration is reached): any value to
	// every analysis; to a concrete run the value gcc gives it under
	// -ftrivial-auto-var-init=pattern, every byte 0xFE (UninitPattern),
	// when Range holds it, and an arbitrary one otherwise.
	Uninit bool
	// Heap, with Input HeapInput, marks the first value of a cell of a
	// block malloc just returned (the block the last Skip.Alloc counted):
	// an input, which a replay with gcc writes into the block (cex's
	// harness wraps malloc).
	Heap *HeapCell
	// Load, when non-nil, is the memory read the value stands for (see
	// MemRead); abstract analyses may ignore it.
	Load *MemRead
	// Ghost marks a value of a front end's ghost state, which no value
	// of the program depends on (the index of the array element a front
	// end tracks, the element itself: cfront's kcell.go): any value to
	// every analysis, the one of least magnitude in range to a concrete
	// run, and no input or arbitrary value of it.
	Ghost bool
}

// Call calls Callee with Args bound to its formals; when Result is
// non-nil it receives the callee's Ret on return.
type Call struct {
	Callee *Func
	Args   []numeric.LinExpr
	Result *Var
}

// Return assigns Value to the function's Ret (when HasValue) and must lead
// to the function's Exit.
type Return struct {
	Value    numeric.LinExpr
	HasValue bool
}

// Skip does nothing to the variables. Mem, when non-nil, is the exact
// memory write it stands for (see MemWrite), which only the concrete
// interpreter performs.
type Skip struct {
	Mem *MemWrite
	// Alloc marks a call of malloc: concrete runs number the blocks it
	// returns, 1, 2, ... in execution order, as the gcc replay harness's
	// malloc numbers its calls, and HeapCell inputs go into the block
	// counted last.
	Alloc bool
}

// UninitPattern returns the value of type t whose bytes are all 0xFE:
// what gcc's -ftrivial-auto-var-init=pattern stores into an integer or
// pointer variable declared without initializer.
func UninitPattern(t IntType) numeric.Int {
	v := numeric.I(0)
	for range (t.Bits + 7) / 8 {
		v = v.Mul(numeric.I(256)).Add(numeric.I(0xFE))
	}
	return Wrap(v, t)
}

// LeastMagnitude returns the value of r closest to 0: the value a
// concrete run gives a Ghost havoc.
func LeastMagnitude(r numeric.Range) numeric.Int {
	if lo, ok := r.Lo.Int64(); ok && lo > 0 {
		return numeric.I(lo)
	}
	if hi, ok := r.Hi.Int64(); ok && hi < 0 {
		return numeric.I(hi)
	}
	return numeric.I(0)
}

// HeapInput is the Input of a Havoc with a Heap cell.
const HeapInput = "malloc"

// HeapCell is where a heap input lies in its block: Size bytes at offset
// Off (little-endian). With Pointer set the input is 0 or 1 and the cell
// holds a pointer: null, or InvalidAddress.
type HeapCell struct {
	Off, Size int64
	Pointer   bool
}

// InvalidAddress is the non-null address a pointer in a freshly malloc'd
// block holds when its heap input is 1: no object or function is
// numbered there, so a program that follows it reaches an unsupported
// location, and under gcc it faults.
const InvalidAddress = 8

func (*Assign) isOp() {}
func (*Assume) isOp() {}
func (*Havoc) isOp()  {}
func (*Call) isOp()   {}
func (*Return) isOp() {}
func (*Skip) isOp()   {}

// NewAssign returns the single assignment x := e.
func NewAssign(x *Var, e numeric.LinExpr) *Assign {
	return &Assign{Lhs: []*Var{x}, Rhs: []numeric.LinExpr{e}}
}

// VarExpr returns the expression consisting of v.
func VarExpr(v *Var) numeric.LinExpr { return numeric.Var(numeric.Dim(v.ID)) }
