// Package interp is numpred's fixpoint interpreter: it computes, for every
// location of a program's control-flow automata, an abstract value that
// over-approximates the states reaching it, and answers TRUE when every
// error location's value is bottom.
//
// # Intraprocedural iteration
//
// Each function's locations are ordered by Bourdoncle's weak topological
// order (wto.go) and iterated with his recursive strategy (fixpoint.go):
// components are stabilised innermost first; at a component head the new
// value is joined into the old one for the first WidenDelay rounds (default
// 2) and widened afterwards, with thresholds collected from the program's
// constants; then, if anything was widened, Narrow (default 2) descending
// rounds re-evaluate every location without widening, keeping the meet of
// the old and new values.
//
// A second round of the whole analysis, run only when the first leaves an
// error location reachable, first tries to run each loop exactly
// (unroll.go): iteration by iteration from the value entering it, with
// each iteration's exits collected separately, while the loop behaves
// deterministically and within the budget Config.Unroll. This proves what
// no convex invariant can, e.g. s = 1 + ... + N after a loop, as the
// eureka procedure does by never widening.
//
// # Interprocedural analysis
//
// Following the eureka procedure of Armando, Castellini and Mantovani
// (Section 3), itself after Reps, Horwitz and Sagiv, values relate a
// function's entry state to its current state: every called function has
// "old" copies of its formals and of the globals it accesses (space.go).
// Its exit value, with locals projected away, is a summary edge, kept per
// calling context (interproc.go): a call whose input is a single point on
// the callee's inputs has a context of its own (Config.PointContexts), so
// its summary is exact; other calls share up to Config.Contexts contexts,
// reusing one whose input covers theirs or growing the last. A new
// context is analysed at once; when a summary grows, the callers are
// re-analysed. Inputs and
// summaries are widened after the delay, so recursion terminates. A call is
// the meet of the caller's state and the callee's summary after renaming
// both through temporary "mid" dimensions (transfer.go).
//
// # Domains and precision
//
// The engine is generic over absDomain (domain.go): a lattice with
// widening and transformers for the IR's operations. numericDomain runs a
// numeric domain (interval, octagon, polyhedra, affine, congruence, lincong and
// their products) directly; predDomain
// abstracts each operation into a NumPredDom transformer (Fig. 5 of
// Gurfinkel & Chaki) for a precision: numeric variables V_N (all integer
// variables) and predicates V_P (the linear atoms of branch conditions and
// assertions, plus Config.Preds). An assignment becomes a numeric parallel
// assignment plus, for each predicate it affects, p := choice(wp, not wp)
// when the weakest precondition wp is again a linear atom, and
// choice(false, false) otherwise. A havoc that stands for a product
// (an ir.Def with *) reads its operands' bounds first (product.go): an
// operand fixed to c makes it c times the other, and two bounded ones
// bound it, whenever that stays in the type's range.
//
// # Verdicts
//
// TRUE when every error location is unreachable in the abstraction and the
// front end reported nothing unsupported; otherwise UNKNOWN with the error
// location, an abstract trace (a call chain and a path through reachable
// locations), or the reason (timeout, unsupported construct). FALSE needs a
// confirmed counterexample and comes with the CEGAR loop.
package interp
