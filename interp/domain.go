// This file defines what the fixpoint engine needs from an abstract
// domain: a lattice with widening and the abstract transformers of the IR's
// operations. Two implementations exist: numericDomain runs a numeric
// domain directly, and predDomain abstracts operations into NumPredDom
// transformers for a precision (predicates and numeric variables).

package interp

import (
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// absDomain is an abstract domain over the dimensions of a space, with
// values of type A (immutable).
type absDomain[A any] interface {
	Top() A
	Bottom() A
	IsBottom(a A) bool
	Leq(a, b A) bool
	Join(a, b A) A
	// Widen is a ∇ b, using the thresholds the domain was built with.
	Widen(a, b A) A
	Meet(a, b A) A
	// Assume over-approximates gamma(a) ∩ {states where c holds}; Nondet
	// conditions hold in every state.
	Assume(a A, c ir.Cond) A
	// Assign is the parallel assignment dims[i] := exprs[i].
	Assign(a A, dims []numeric.Dim, exprs []numeric.LinExpr) A
	// Reduce refines a without changing its meaning (sharing information
	// between predicates and numeric part).
	Reduce(a A) A
	// IsEmpty is the precise emptiness test the verdict needs: IsBottom
	// after Reduce, computed as cheaply as the domain can.
	IsEmpty(a A) bool
	// Havoc forgets dims (they may take any value).
	Havoc(a A, dims []numeric.Dim) A
	// PointKey reports whether a fixes each of dims to one integer, and
	// then returns a key naming that point (equal points, equal keys).
	PointKey(a A, dims []numeric.Dim) (string, bool)
	// Bounds returns, for each of es, a range holding its value in every
	// state of a; false (always sound) when the domain cannot tell or a
	// is bottom.
	Bounds(a A, es []numeric.LinExpr) ([]numeric.Range, bool)
	// Strained reports that the domain's resources run low, so optional
	// precision (unrolling, point contexts) should not be spent.
	Strained() bool
	// String formats a naming dimensions by the space's environment.
	String(a A) string
	// Formula returns gamma(a) as a condition over the space's
	// dimensions (an over-approximation where the domain must).
	Formula(a A) ir.Cond
	// Fill copies the domain's own statistics (time in gamma, join,
	// alphaPost, apply; BDD nodes; precision size) into s.
	Fill(s *Stats)
}

// scopedDomain is implemented by a domain whose precision differs from
// function to function (predDomain under a Precision with per-function
// predicates): the engine says which function's operations it
// interprets, and has it forget what a function does not track when a
// call enters it or returns to it.
type scopedDomain[A any] interface {
	// enter makes f the current function and returns the previous one.
	enter(f *ir.Func) *ir.Func
	// forgetForeign forgets in a what the current function does not track.
	forgetForeign(a A) A
}
