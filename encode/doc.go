// Package encode turns executions of ir programs into SMT formulas (package
// smt): a Path is the static single assignment (SSA) form of a finite
// sequence of edges, across calls and returns (recursion included), one
// formula per edge.
//
// Every assignment creates a new version of the variable (as a term: the
// right-hand side over the current versions, so assignments add no
// constraints); an Assume adds its condition; a Havoc adds a fresh
// constant with its range; a Call opens a frame whose formals are the
// arguments and whose locals are fresh, and the edge that reaches the
// callee's exit closes it, passing the return value back. Program inputs
// (Havocs with an Input) are recorded in order, so a model gives the
// inputs of a run that follows the path.
//
// Two encodings:
//
//   - LIA: variables are mathematical integers, as in the IR. Exact for
//     the IR, since the C front end makes wrap-around explicit; a Def (a
//     C operation the IR's linear expressions cannot express) is exact
//     when linear with a constant divisor (quotients, remainders, wrap
//     counts) and otherwise a fresh value in range, as the IR says.
//   - BV: bit-precise. An input or havoc of a C type of w bits is a
//     w-bit vector, and a Def is computed with the bit-vector operation
//     of C's semantics at that width (multiplication, signed and unsigned
//     division and remainder, shifts, bitwise operations); values are
//     kept sign- or zero-extended to the widest type's width, and each
//     linear expression of the IR is computed at the width its operands'
//     bounds need (see widths), so it never wraps and agrees with LIA
//     wherever the IR is exact. A wrap-around
//     count (a floor division by 2^n) is an arithmetic shift; other
//     quotients by constants are fresh values the Assumes pin. The solver
//     pays for the width: the search uses LIA, BV is asked for. Linear Programs (unbounded integers) have
//     no bit-vector form.
package encode
