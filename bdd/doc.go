// Package bdd is numpred's thin layer over the github.com/dalzilio/rudd
// binary decision diagram library.
//
// It adds what the combined predicate/numeric domains of package numpred
// need on top of plain BDDs (Gurfinkel & Chaki, "Combining Predicate and
// Numeric Abstraction for Software Model Checking", Sections III and V):
//
//   - Variables allocated by role. rudd fixes the number of variables (and
//     their order) when a BDD is created, so a Manager reserves them up
//     front: for every predicate p_i three adjacent variables (current,
//     primed and shadow copies), numeric-term variables in blocks reserved
//     per group, and a pool of term variables for any group. By default
//     the predicates come first, in index order, then the pool: predicate
//     variables precede every numeric-term variable, as MTNDD requires
//     (Section V-C). The Layout option places predicates and term blocks
//     in any order, which lets NDD keep the terms over a program variable
//     next to the predicates over it (a relation between them then costs a
//     few nodes instead of a diagram exponential in their distance).
//     Primed and shadow copies always sit next to their unprimed variable,
//     which keeps renaming cheap. A run that needs more numeric terms than
//     reserved gets a *CapacityError; the caller rebuilds with a larger
//     capacity (nothing is ever silently corrupted).
//   - The usual operations (And, Or, Not, Ite, Exists over a variable set,
//     Replace for priming and unpriming, which falls back to an exact
//     substitution when the target variable is already in the support).
//   - Traversal (Var, High, Low: the paper's varOf, bddT, bddE), cube and
//     path enumeration, node counts and Graphviz dot output.
//   - A memoised custom apply over one or two diagrams (Apply1, Apply2):
//     the recursion of bddApply with a caller-supplied terminal case, which
//     is how MTNDD lifts numeric operations to diagrams (Fig. 6). The
//     recursion reads rudd's node table directly and hands its callbacks
//     borrowed nodes, valid during the apply (view.go): a callback that
//     keeps a node keeps Hold(n).
//   - Interruptible operations (SetInterrupt): once rudd's node table is
//     large, And, Or, Ite and IteVar run as a Go recursion that polls the
//     caller's check and stops with ErrInterrupted, since one rudd apply on
//     millions of nodes cannot be interrupted and can run for minutes.
//
// # Errors
//
// rudd keeps a sticky error and returns nil nodes after a failure (node
// table exhausted, bad variable). This package checks rudd's error flag
// after every call and returns a Go error instead; no nil node ever leaves
// it. Once rudd has failed the Manager stays failed: every later operation
// returns the same error.
//
// Nodes are garbage-collected by rudd through finalizers, so a Node may be
// kept for as long as the caller likes. The finalizers only queue the
// decrement of the node's reference count, which the Manager applies on
// its own goroutine (refs.go: rudd's own finalizer raced the operations
// and lost counts). A Manager is not safe for concurrent use.
//
// Tests pass with rudd's default (Hudd) backend and with its BuDDy-style
// backend selected by the build tag buddy: go test -tags buddy ./bdd/.
package bdd
