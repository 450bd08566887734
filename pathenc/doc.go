// Package pathenc is the path layer of the refining engines (cegar, abe,
// impact): the linear SSA form of a sequence of IR edges, sequence
// interpolants over it, and the exact check of a path.
//
// # Linear SSA
//
// An SSA value is a numbered dimension; each write of a variable makes a
// new one, and a read takes the variable's current value in the frame the
// edge runs in (a fresh, unconstrained value on first read). An SSA
// starts in a call context (the calls of the frames above main's, so that
// a return pops the right frame) and follows calls and returns: a call
// binds the callee's formals to the arguments in a new frame, an edge
// into a callee's Exit returns to the caller (the call's Result takes the
// callee's Ret). Step gives each edge's formula as a DNF, a disjunction of
// conjunctions of linear constraints over SSA dimensions:
//
//	x := e              x' = e
//	assume c            the disjunctive normal form of c (CondDNF)
//	havoc x in [l, h]   l <= x' <= h
//	x := floor(a / m)   l <= x' <= h, m*x' <= a <= m*x' + m - 1 (m > 0 constant)
//	call f(a)           formals' = a
//	return e            ret' = e
//
// The form over-approximates each edge, which keeps an interpolant of it
// an interpolant of the path: a Def other than a floor division by a
// positive constant (products, bitwise operations, C's truncating
// division) is a fresh value in the havoc's range, a Nondet condition is
// true, and a condition whose normal form would exceed MaxDNF disjuncts
// is true. Floor division is exact: it is the one policy for Defs.
//
// Options.Cond is the one hook for disjunctions: it sees the normal form
// of each condition (over program variables) and returns what to encode:
// the form itself (exact), Common's weaker conjunction (what every
// disjunct implies), or one disjunct (a case: interpolants then refute
// that case only, which is enough to find predicates, not to label an
// abstract reachability tree).
//
// # Interpolation
//
// Interpolator.Sequence computes sequence interpolants of a sequence of
// DNF groups whose conjunction is unsatisfiable: with a solver, the
// groups outside an unsat core first become true; the disjunctions left
// are split into cases, each a conjunction whose Farkas sequence
// interpolants come from package itp, and the cases' interpolants
// combine into one DNF per cut (see interpolate.go).
//
// # Exact check
//
// Exact checks a path from main's entry with package encode's exact
// formula in linear integer arithmetic (one assumption literal per edge,
// so that the unsat core names edges). It decides whether a path whose
// linear form is satisfiable is feasible, and gives the path with a
// model's inputs, which cex.ReplayPath turns into a counterexample.
package pathenc
