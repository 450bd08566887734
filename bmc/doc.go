// Package bmc is numpred's decision-procedure engine: bounded model
// checking (BMC) and k-induction over the whole unwound program, after
// Kroening and Strichman, "Decision Procedures", and CBMC's unwinding
// with unwinding assertions.
//
// # Bounded model checking
//
// Run unwinds main to a bound k (unwind.go): every call is inlined (a new
// instance of the callee per call), every natural loop is unrolled k
// times and its (k+1)-th iteration up to the back edges, so that a loop
// whose test follows a side effect (while (c++ < n)) or that leaves by a
// break needs no extra bound (a node is a location with the iteration
// counts of the loops around it), and a recursive function gets at most
// k activations. What lies beyond the bound becomes a cut arc: the
// unwinding assertion. The
// resulting directed acyclic graph is encoded as one formula
// (formula.go): a guard per node and per arc, SSA values per node,
// φ-functions where arcs meet, free choice Booleans where a location's
// out-edges are not Assumes of pairwise disjoint conditions (decided in
// LIA once per location: the three branches of an overflow check need no
// choice, which would hide from the solver's simplifier which branch a
// path takes). Per bound k:
//
//  1. error reachable without a signed overflow: the model's path and
//     inputs (model.go) are replayed by cex.Replay: FALSE when the run is
//     trusted (cex.Counterexample.Trusted); else the error is asked again
//     on paths that read no possibly uninitialised variable and havoc no
//     undetermined value (arbitrary.go), FALSE when that model's run is
//     trusted, UNKNOWN otherwise;
//  2. error reachable only through an overflow branch (undefined
//     behaviour in C): UNKNOWN;
//  3. no error and no cut arc reachable: TRUE; a reachable cut arc: the
//     bound was too small (the next k, or UNKNOWN "bound reached").
//
// With Options.Unwind 0, k starts at the bound a few concrete runs on
// small inputs need (probe.go; 1 when they give none) and doubles until a
// verdict, the node limit or the end of the context. A probe run that
// reaches an error is replayed, and when trusted it is the
// counterexample: no formula is built.
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
// Terms come from encode.Terms. The IR's variables are integers and C's
// wrap-around is explicit in it (x := e - k*2^w on the branch where e
// wraps k times, or with a havocked quotient k), so its linear
// expressions are exact only in more than w bits: values are kept at the
// widest type's width and every expression is computed at the width its
// operands' bounds need (see encode). It used to be one width of 2w+16
// bits (144 for a 64-bit program) for everything; the narrower values
// made a generated task's formula 40 % smaller and 2x faster to decide.
// Z3 encodes a division relationally (q*y + r = x), which unit
// propagation cannot run forwards; a product by -1 bit-blasts into one
// adder per bit, and a wrap count was a fresh value the simplifier could
// not propagate (encode subtracts, and shifts). The queries of a round
// share one incremental QF_BV solver (see queries).
// The IR makes C's wrap-around explicit,
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
// interrupted (smt.Solver.CheckContext), and one that has not stopped
// 200 ms later is left to finish behind the run; graph building and
// encoding poll it every 256 nodes; the invariants' fixpoint runs under
// it. Over the SV-COMP tasks at 5 s, no run ended more than 0.9 s late.
package bmc
