// Package cfront translates C programs — the integer subset used by
// SV-COMP ReachSafety tasks, as .c or preprocessed .i files — into numpred's
// program representation, package ir. It is built on modernc.org/cc/v4,
// which preprocesses (with the host compiler's predefined macros and
// include paths, so .c files may #include system headers), parses (GNU
// extensions included: __extension__, attributes, statement expressions,
// __restrict, __inline, case ranges) and type-checks the translation unit.
//
// Parse returns an error, "file:line:col: message", for a preprocessing,
// syntax or type error and for a program without main; everything else
// translates, and what is not modelled exactly is listed in
// ir.Program.Diags: a Warning for a sound over-approximation, Unsupported
// for a construct that is not modelled soundly. Inside a function, such a
// construct becomes an edge into an unsupported location (an error
// location marked ir.Loc.Unsupported that carries the diagnostic, marked
// Local): every engine needs it unreachable for TRUE and answers UNKNOWN,
// never FALSE, when it is reachable, while a counterexample that reaches
// a real error without passing it stands. Only file-scope asm is still a
// program-wide Unsupported diagnostic (no verdict but UNKNOWN).
//
// Only the functions the call graph reaches from main are translated
// (callgraph.go): direct calls, function designators used as values, and
// functions named in file-scope initialisers. Library code main never
// calls leaves no diagnostic.
//
// # What is modelled, and how
//
// Variables. Every scalar of integer type (char, short, int, long, long
// long, __int128, _Bool, enums, and their unsigned forms; LP64 widths, char
// signed) is an ir variable whose IntType gives its range. Globals (and
// static locals, named func.x) are initialised at the start of main: by
// their constant initialiser, else to 0; an extern never defined is
// havocked (Warning). A declaration of an automatic variable without
// initialiser havocs it (ir.Havoc.Uninit), since each execution of it
// yields an indeterminate value: any value to the analyses, and in
// concrete runs the one gcc gives it under -ftrivial-auto-var-init=pattern
// (every byte 0xFE; also the bytes of its summarised arrays), so a
// counterexample that reads it replays with gcc under that flag (cex's
// ReplayGCC passes it). Shadowed names are
// disambiguated (x, x.1, ...); temporaries are named $t1, $t2, ...
//
// Integer arithmetic. An expression is a linear expression e with a C
// type t, kept congruent to the C value modulo 2^bits(t). +, -, unary -,
// ~ (as -x-1), multiplication by a constant and << by a constant preserve
// the congruence, so wrap-around is resolved only where the exact value is
// needed (assignment, comparison, division, argument, return, conversion
// to a wider type). There, unless the wrap is a signed overflow (marked on
// the original value), e's coefficients and constant are first reduced to
// their symmetric residues modulo 2^n: C computes -2*u for an unsigned u
// as (2^32-2)*u, which would wrap 2^32 times over u's range, -2*u at most
// three. The bounds of e are then computed from its variables'
// types; if e may leave t's range, one branch per possible wrap count k is
// emitted ([min+k2^n <= e <= max+k2^n] x := e - k2^n); beyond three counts a
// fresh quotient k is havocked and x := e - k2^n is assumed within range.
// Both are exact modular reduction. Signed overflow, undefined in C, is
// given this two's complement (gcc -fwrapv) meaning, as are conversions to
// narrower signed types; conversions to _Bool test e != 0. Constants are
// folded without branches.
//
// Division and remainder by a constant c are exact: a fresh q with
// |c|q <= a <= |c|q + |c|-1 for a >= 0 and |c|q - |c|+1 <= a <= |c|q for a < 0
// (C truncates toward zero; the sign split is a branch unless the bounds
// of a decide it); a % c is a - |c|q. x >> k (k constant) is floor division
// by 2^k (gcc's arithmetic shift), x & (2^k-1) is x - 2^k floor(x / 2^k).
// Other non-linear operations (x*y, division by a variable or by zero,
// other bitwise operations, shifts by a variable) havoc the result within
// its type (Warning).
//
// Conditions. &&, || and ! are short-circuit control flow, ?: is a branch
// into a temporary, comparisons are linear atoms over the operands after
// the usual arithmetic conversions (so u > -1 for unsigned u compares with
// UINT_MAX), any other scalar is compared with 0. A constant condition
// yields a single edge; unreachable locations are removed.
//
// Statements. if, while, do, for, switch (a chain of tests in source
// order, then default; fall-through; GNU case ranges), goto and labels,
// break, continue, return, statement expressions, the comma operator,
// ++/-- and compound assignments. Operands are evaluated left to right;
// a left operand that mentions a global is copied first when the right
// operand has side effects (only a call can then change it).
//
// Calls. A call of a defined function is an ir.Call; its integer
// parameters are formals (others are not modelled and their arguments are
// evaluated for side effects only), its integer result is the return slot;
// recursion is supported. Harness functions, when the program does not
// define them: __VERIFIER_nondet_T() havocs within T; __VERIFIER_assume(c)
// and assume_abort_if_not(c) branch to a sink when c is false;
// reach_error() and __VERIFIER_error() (even when defined: the property is
// that they are never called), __assert_fail and a failing assert(c) go to
// an error location; abort, exit and their variants go to a sink. Any other
// undefined function is assumed to write any memory cell (all are
// havocked) but no other variable; its result is havocked (Warning);
// output and string-inspection functions (printf, strlen, ...) write
// nothing. setjmp/longjmp, pthread_create, fork, signal, atexit, a
// function pointer passed to an external function, computed goto, asm,
// nested functions, calls of main and non-constant case labels are
// Unsupported (unsupported locations).
//
// Function pointers (fptr.go). Each defined function whose address is
// taken gets a distinct nonzero address; a designator used as a value,
// &f and *p evaluate to it, and a function-pointer variable whose own
// address is never taken (local, formal, global) is an integer variable
// holding it. A call through a pointer is a branch over the address-taken
// functions whose type fits the pointer's, each guarded by the pointer's
// value; any other value (null, unknown) goes to an unsupported location.
//
// Memory (memory.go, place.go, pointsto.go, alloc.go, init.go,
// prune.go). Variables of aggregate type and variables whose address is
// taken, string literals and allocated blocks are memory objects. Each is
// flattened into cells, one ir variable per scalar leaf named by its C
// access path (g[2].f): struct fields, union members (a write havocs the
// members it overlaps), array elements up to 256 per array; larger and
// variable-length arrays are summaries whose reads are havoc and whose
// writes are dropped (exactmem.go attaches their exact meaning,
// ir.MemRead and ir.MemWrite, for concrete runs). Every object has an address range in one
// numbering; a pointer is an unsigned integer of pointer width holding
// base + offset, so null, casts, copies, arithmetic, differences and
// comparisons are exact. An access whose object and offset are known is
// its cell; any other is a branch over the candidate cells, each guarded
// by the address, found by type and pruned by an inclusion-based
// points-to analysis of the lowered program; an address no candidate
// matches is an arbitrary value when read and an unsupported location
// when written. malloc, calloc and alloca succeed; a site outside loops
// of a non-recursive function is one block, any other a summary of
// distinct blocks; free does nothing; realloc is unsupported. Floating
// point and bit-fields are not modelled (havoc); copies of aggregates
// that hold bit-fields are unsupported. Cells and temporaries
// that nothing reads are removed (Options.KeepGlobalCells keeps those of
// file-scope objects).
//
// Positions. Every edge and location carries the position (in the input
// file, not following #line markers) of the construct it comes from; loop
// heads are marked with ir.Func.MarkLoopHeads.
package cfront
