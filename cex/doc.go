// Package cex finds, confirms and reports concrete counterexamples: runs of
// a program that reach an error location.
//
// A Counterexample is the list of values the program's nondeterministic
// sources return, in the order the run calls them, and the path the run
// takes. numpred answers FALSE only with a Counterexample that Search has
// replayed on the concrete IR interpreter (package ir/exec): the solver
// proposes inputs, the interpreter decides. Anyone can check one without
// numpred: compile the C task with __VERIFIER_nondet_* stubs that return
// the inputs in order and see reach_error called (WriteWitness writes the
// same run as an SV-COMP violation witness, format 2.0).
//
// Search combines two ways of proposing inputs, within a deadline:
//
//   - boundary and random inputs (0, ±1, the type's extremes, small
//     values), replayed at once;
//   - concolic search: the path of a concrete run is encoded in SSA form
//     (package encode) and, branch by branch from the ones closest to an
//     error location, the solver is asked for inputs that follow the run's
//     prefix and then take the other edge; each model is replayed, and its
//     path explored in turn (generational search).
package cex
