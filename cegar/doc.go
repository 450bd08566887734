// Package cegar is counterexample-guided abstraction refinement over the
// NumPredDom fixpoint of package interp (Gurfinkel & Chaki, "Combining
// Predicate and Numeric Abstraction for Software Model Checking",
// Section VI: "a simple abstraction-refinement scheme based on the
// analysis of an UNSAT-core of the WP of an infeasible counterexample").
//
// # The loop
//
//	precision := Options.Initial (empty, branch atoms, or the user's)
//	repeat
//	    analyse the program with interp at precision
//	    no error location reachable            → TRUE
//	    an abstract counterexample (interp.Result.Path: a run of edges
//	    from main's entry to an error location, calls expanded, searched
//	    in the abstraction without joins; when that search is exhaustive
//	    and finds none, interp.Result.NoPath) → TRUE
//	    → its path formula (package encode, LIA)
//	    satisfiable   → replay the model's inputs (cex.Replay); a trusted
//	                    run that reaches the error → FALSE, else UNKNOWN
//	    unsatisfiable → refine the precision from the proof, and repeat
//	until TRUE, FALSE, the deadline or Options.MaxRefinements
//
// # Refiners
//
//   - RefinerCore, the paper's: the path formula is checked with one
//     assumption literal per edge, and Z3's unsat core names the edges
//     whose constraints suffice. First the numeric variables of the core
//     (the variables of its conditions and, backwards along the path,
//     of the assignments they depend on) join V_N; when that adds nothing
//     or the same counterexample comes back, the atoms of the core's
//     conditions join V_P.
//   - RefinerInterpolant: sequence interpolants of the path (package itp,
//     Farkas multipliers of the exact simplex); their atoms, renamed back
//     from SSA versions to program variables, join V_P in the function of
//     the position they were found at.
//   - RefinerBoth: the union of the two.
//
// # Initial precision
//
// InitialAuto, the default, runs the loop from the branch atoms and every
// variable first (so the first round proves what a plain analysis proves,
// at its cost), then, if that ends without a verdict, from nothing: no
// predicates and no numeric variables, as the paper starts. The second
// loop is the one that proves control-heavy code (the ntdrivers and ssh
// tasks): with few predicates and variables, states of the abstraction
// without joins are equal or included far more often, so its search
// covers them. InitialNone is that second loop alone; the default
// strategy of package verify runs it, after an absint stage that has
// already run the branch atoms' round.
//
// # Progress
//
// The search for an abstract counterexample has a budget of abstract
// operations (interp.Config.CexBudget); when it runs out, the path is
// read off the fixpoint's joined values instead (interp.Result.
// PathJoined), and such a path often mixes branches no predicate
// separates. When a joined path comes back, the loop first searches 8
// times longer (once), then escalates as below.
//
// A refinement that adds nothing, or a counterexample path that comes
// back after it was refined, escalates: the next stage adds more (the
// core's atoms, the interpolants' atoms, every atom of the path, then a
// longer widening delay and more calling contexts, so that joins and
// widening lose less). A path that still comes back after the last stage
// ends the run UNKNOWN: the loop never repeats itself forever.
//
// Every round is reported (RoundStats): what was added, the time in the
// analysis and in the SMT solver.
package cegar
