// Package abe is predicate abstraction with adjustable-block encoding
// (Beyer, Keremoglu & Wendler, "Predicate Abstraction with Adjustable-Block
// Encoding", FMCAD 2010): a configurable program analysis whose abstract
// states carry an abstraction formula ψ (a boolean combination of the
// precision's predicates, held as a BDD in package bdd), the location l^ψ
// where ψ was computed, and a path formula φ (SMT, package smt, built
// with package encode) of the paths since then.
//
// # The analysis
//
// The CPA algorithm (cpa.go) explores the program from main's entry with
// every call inlined (a call stack is part of the location; recursion,
// or calls nested deeper than Options.MaxCallDepth, leave the reached set
// incomplete, and the run then answers UNKNOWN, never TRUE). Along an
// edge the transfer relation either extends φ by the edge's strongest
// postcondition (in SSA form, no quantifiers), or, when the
// block-adjustment operator says so, computes the abstraction
// (ψ ∧ SP(φ))^Π(l') and starts a new block with φ = true:
//
//	sbe       every edge (single-block encoding)
//	lbe       loop heads, function entries and returns (large blocks)
//	k=N       when the longest path of φ exceeds N edges (blk_k)
//	lbe+k=N   either (the paper's blk_k^lbe)
//	loops     loop heads only (Beyer & Wendler's ABE-l: blocks span calls)
//	loops+k=N either
//
// and always at an error location, where the abstraction is just the
// satisfiability of ψ ∧ φ. Merge joins two non-abstraction states at the
// same location, stack and block by disjunction of their path formulas
// (the paper's merge: same l, ψ and l^ψ); stop covers an abstraction
// state by a reached one at the same location and stack whose ψ it
// implies (BDD implication), and a merged state by the merge result. The
// waitlist is ordered topologically (reverse postorder, call sites
// first), so the paths of a block meet at merges before the merged state
// is expanded.
//
// Path formulas are guarded SSA, as in bmc's unwound programs: a state
// has a guard (some path of its block reaches it) and SSA values; a merge
// names the disjunction of the guards and an if-then-else of the values,
// and locations with a nondeterministic choice give each arc a fresh
// choice literal, so every path is the one whose guards hold in some
// model and a model's path can be read back.
//
// The boolean abstraction enumerates the predicate valuations of ψ ∧ φ by
// AllSAT (each model's cube of predicate literals is added to the BDD and
// blocked); Options.Decompose enumerates only the predicates a block
// can change and takes the others from the root's ψ (decompose.go);
// Options.Cartesian computes the cartesian abstraction instead
// (the predicate literals ψ ∧ φ entails, two queries per predicate),
// except at the locations of an error path that no new predicate
// removes: those switch to the boolean abstraction (refine.go,
// exactChain), and the path's stale states are its pivots. The
// context interrupts every check, inside AllSAT loops too.
//
// A predicate that refinement finds at a location applies there only
// (Options.Share "location", the paper's parsimonious precision), at
// every location of its function ("function"), or at every location of
// every function where its variables are in scope ("global"; always at
// its own function's, where it may name inlined callers' locals).
// Sharing trades larger abstractions for fewer refinements: schedulers
// whose loop heads all need the same predicates (the SystemC token
// rings) are proved in seconds with it and time out without.
//
// # Error paths and refinement
//
// An abstraction state at an error location stops the round. Its chain of
// abstraction states back to the start gives one formula per block (the
// path formula its abstraction was computed from), linked by equalities
// between a block's end values and the next block's start values. When
// the conjunction is satisfiable without a signed overflow, the model's
// path and inputs are run on the concrete interpreter and replayed with
// cex.Replay: FALSE only for a trusted replay, UNKNOWN otherwise (also
// when the error is reachable only through an overflow branch of the
// IR). When it is unsatisfiable, the precision is refined (refine.go).
// The disjunctive block formulas are reduced to one program path per
// block, read from a model of the blocks linked abstractly (consecutive
// blocks meet in states that agree on the predicates of the abstraction
// location between them): the paths the abstract error path stands for.
// The Farkas sequence interpolants of their linear form (package pathenc) at
// the block boundaries, renamed to program variables, become predicates
// at the abstraction locations there; a disjunction on the paths (a
// disequality is two strict cases) takes the disjunct the model takes,
// then, failing that, up to 64 case splits. For such paths the
// interpolants cannot all be known already (the end of a path satisfies
// its interpolant, which the next path's start then satisfies, down to
// false), so each refinement adds a predicate unless the linear form is
// feasible (a non-linear value). Fallbacks: the paths of the longest
// satisfiable prefix of blocks plus a path of the block that contradicts
// it; then the atoms of that last path at the abstraction location
// before it; last, the atoms of every path at the abstraction locations at
// both ends of its block. A refinement progresses when a location of the
// error path has more predicates than its state was computed with; one
// that does not ends the run with UNKNOWN. After the first interpolants,
// the paths that the error path still stands for under the grown
// precision are interpolated too (up to maxRepaths more), the effect of
// the paper's interpolants of whole block formulas.
//
// Refinement is lazy (lazy.go): the reached set is kept, the subtree below
// the first abstraction state of the error path whose precision grew is
// removed (the tree of blocks below it), and that state's arrival and
// every arrival a removed state had covered are expanded again.
// Options.Restart rebuilds the reached set from scratch instead (the
// eager variant); so does a precision that outgrows the BDD manager.
//
// The precision is per location (the paper's Π: L → 2^P): a predicate
// learnt at a loop head is tracked there only.
//
// # Differences from the paper
//
//   - Interpolation is per program path through the blocks, not of the
//     disjunctive block formulas themselves (there is no interpolating
//     SMT solver here); a block with many paths may need several
//     refinements where the paper's needs one.
//   - The pivot of a lazy refinement is the first state whose location
//     gained predicates, not the first infeasible abstraction state of
//     the path (the two coincide when the interpolant before it is not
//     new everywhere).
//   - The formulas are linear integer arithmetic by default (the IR makes
//     C's wrap-around explicit); products, bitwise operations and the
//     like are havocked there, so the abstraction stays sound and
//     a counterexample that depends on them does not replay (UNKNOWN).
//     Options.Encoding selects bit vectors instead.
package abe
