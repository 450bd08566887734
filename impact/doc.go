// Package impact implements McMillan's lazy abstraction with
// interpolants (IMPACT; "Lazy abstraction with interpolants", CAV 2006),
// as Beyer & Wendler present it ("Algorithms for Software Model
// Checking: Predicate Abstraction vs. IMPACT", FMCAD 2012), forced
// covering included.
//
// # The tree
//
// The program is unwound into a tree (the ARG) whose nodes carry a
// place (the call stack, as the call edges from main, and a location)
// and a label: a formula over the state, initially true. A label is a
// conjunction of disjunctions of conjunctions of linear constraints over
// state dimensions: variable x of the activation at call depth d is
// dimension d*len(Vars)+x.ID (globals: x.ID). Calls are inlined per
// call site, so the call stack is part of the place and labels of one
// place speak of the same activations; the depth is bounded
// (Options.MaxCallDepth), and a call past the bound that stays
// uncovered makes the answer UNKNOWN, never TRUE.
//
// # The operations
//
//   - Expand(v): one child per out-edge of v's location, label true. A
//     call enters the callee's entry with the call pushed; an edge into
//     a callee's exit returns to the call's target, as encode.Path does.
//   - Refine(v), v at an error location: the path from the root. Its
//     linear SSA form (ssa.go) unsatisfiable: sequence interpolants
//     strengthen the labels along the path (each node whose label does
//     not imply its interpolant gets it conjoined, and the nodes it
//     covered are uncovered), and v's label becomes false. Satisfiable:
//     the exact path formula (package encode, LIA) and cex.Replay decide
//     FALSE; otherwise UNKNOWN.
//   - Cover(v, w): w older, at the same place, not covered, and
//     label(v) implies label(w) (a solver query, memoised by the labels'
//     versions). Covering v uncovers what v's subtree covered; a covered
//     node's subtree is not expanded.
//   - Forced covering (Options.ForcedCovering): when v cannot be
//     covered, for a few older nodes w at the same place (most recent
//     first), prove label(w) at v from the nearest common ancestor a:
//     label(a), the edges from a to v and not label(w) unsatisfiable;
//     their interpolants strengthen the nodes from a to v, and v is
//     covered by w.
//
// Exploration is depth first (McMillan's DFS): a node is closed (cover
// tried) before it is expanded, an error node is refined when reached,
// and after a refinement the strengthened ancestors are closed again.
// When the stack is empty and coverings were removed since, the leaves
// that are no longer covered are explored. An empty stack with nothing
// uncovered is a complete, well-labelled tree: TRUE. Options.Check
// re-verifies that before answering (check.go).
//
// # Interpolants
//
// There is no interpolating SMT solver: interpolants come from Farkas
// certificates (package itp) of the path's linear form, with a
// disjunction (a disequality, an || condition) split into cases after
// Z3's unsat core has dropped the edges that do not matter
// (interpolate.go). The linear form over-approximates every edge (a
// non-linear operation is a fresh value in range), so every interpolant
// is sound; a path that is infeasible only over the integers, or only
// for a non-linear reason, has none, and the run ends with UNKNOWN.
//
// # Verdicts
//
// TRUE: a complete, well-labelled tree. FALSE: a counterexample replayed
// by cex.Replay and Trusted. UNKNOWN otherwise, with a reason (timeout,
// node bound, call-depth bound, no interpolant, untrusted run,
// unsupported constructs).
package impact
