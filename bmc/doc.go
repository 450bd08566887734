// Package bmc is numpred's decision-procedure engine: bounded model
// checking (BMC) and k-induction over the whole unwound program, after
// Kroening and Strichman, "Decision Procedures", and CBMC's unwinding
// with unwinding assertions.
//
// # Bounded model checking
//
// Run unwinds main to a bound k (unwind.go): every call is inlined (a new
// instance of the callee per call), every natural loop is unrolled k
// times (a node is a location with the iteration counts of the loops
// around it), and a recursive function gets at most k activations. What
// lies beyond the bound becomes a cut arc: the unwinding assertion. The
// resulting directed acyclic graph is encoded as one formula
// (formula.go): a guard per node and per arc, SSA values per node,
// φ-functions where arcs meet, free choice Booleans where a location's
// out-edges are not one condition and its negation. Per bound k:
//
//  1. error reachable without a signed overflow: the model's path and
//     inputs (model.go) are replayed by cex.Replay: FALSE when the run is
//     trusted (cex.Counterexample.Trusted), else UNKNOWN;
//  2. error reachable only through an overflow branch (undefined
//     behaviour in C): UNKNOWN;
//  3. no error and no cut arc reachable: TRUE; a reachable cut arc: the
//     bound was too small (the next k, or UNKNOWN "bound reached").
//
// With Options.Unwind 0, k runs through 1, 2, 4, 8, ... until a verdict,
// the node limit or the end of the context.
//
// # k-induction
//
// With Options.Induction, every bound whose base case (1 and 2 above)
// holds also tries the step case (kind.go): k+1 segments between main's
// loop heads from an arbitrary state, the first k error-free, the last
// reaching an error; unsatisfiable means TRUE. The abstract interpreter's
// invariants at the loop heads (Options.Invariants, on by default)
// strengthen the arbitrary state.
//
// # Encodings
//
// Terms come from encode.Terms. The IR makes C's wrap-around explicit,
// so LIA is exact for programs whose operations are all linear, and Z3
// decides it far faster than 2w+16-bit vectors: BV (the default) uses
// LIA there. A program with products, shifts or bitwise operations is
// first checked in LIA with those havocked (an over-approximation: its
// UNSAT answers stand, its models are replayed) and in BV only when a
// model does not replay. Options.StrictBV forces BV throughout.
//
// # Soundness
//
// TRUE holds for the IR's semantics, which the C front end makes C's
// with gcc's wrap-around for signed overflow (as the abstract
// interpreter's TRUE does): in BV, a Def that C leaves undefined
// (division by zero, a shift out of range) is a fresh value, not Z3's
// total version of the operation. A program with Unsupported
// diagnostics gets UNKNOWN. Every FALSE has a replayed, trusted
// counterexample. The context ends everything: solver checks are
// interrupted (smt.Solver.CheckContext), the encoding checks it between
// nodes.
package bmc
