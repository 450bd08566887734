// Package ir is numpred's program representation: every function as a
// control-flow automaton (CFA) whose edges carry operations.
//
// A Program has global variables and functions; Main is where execution
// starts. Every variable of the program (globals, and the formals, locals
// and return slots of every function) has a unique ID, and Program.Vars[ID]
// is that variable. Expressions are numeric.LinExpr values whose dimension
// d denotes the variable with ID d, so an expression is structured data,
// never text: the interpreter abstracts it and a later SMT encoding can
// translate it into SSA form.
//
// A Func is a graph of locations (Loc) and edges (Edge). Each edge carries
// one Op:
//
//	Assign   x1, ..., xk := e1, ..., ek   (parallel; linear expressions)
//	Assume   [c]                          (c a Boolean combination of linear atoms)
//	Havoc    x := nondet in [lo, hi]
//	Call     r := f(e1, ..., ek)          (r optional)
//	Return   ret := e; go to exit         (e optional)
//	Skip     no effect
//
// Semantics. Variables are mathematical integers; a variable's IntType only
// documents the range the front end guarantees (C types, wrapped or
// havocked where C semantics could leave it). Globals and locals start with
// arbitrary values; front ends put the program's initialisation (C's
// zero-initialised globals, say) at the start of Main. A Call binds the
// callee's formals to its arguments evaluated in the caller, runs the callee
// from Entry to Exit with fresh (arbitrary) locals, and then assigns the
// callee's Ret variable to the call's result. A location of kind Error is
// an error location: the property is that none is reachable. A Sink (from
// abort or exit) has no successors: executions reaching it stop safely.
//
// Exact meanings for concrete runs. A Havoc may carry a Def (the C
// operation it stands for) or a MemRead (the memory it reads), and a Skip
// a MemWrite (the memory it writes): the havoc and the skip are a sound
// account of them, so analyses and encodings may ignore them, while the
// concrete interpreter ir/exec evaluates them, so that a counterexample
// through them replays as the compiled program runs. An Assign may carry
// a MemRead too, when the front end knows the value read (its ghost cell
// of an array element): analyses take the assignment, ir/exec the read.
// Ghost state (Havoc.Ghost, Assume.Ghost) is a front end's bookkeeping
// that no program value depends on: analyses treat it as any havoc and
// assumption, ir/exec gives ghost havocs fixed values and skips ghost
// assumptions.
//
// Front ends record what they could not model exactly as Diagnostics: a
// sound over-approximation (havoc) is a Warning; a construct that cannot be
// modelled soundly is Unsupported, and an analyser must not answer TRUE for
// a program with one.
//
// Print and Dot render programs for golden tests and the CLI; SanityCheck
// validates the graph's invariants.
package ir
