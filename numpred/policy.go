// This file implements the decisions a client of Domain would otherwise
// make by the implementation's name: when to reduce, when the domain's
// reserved resources run low, how to rebuild it larger after it ran out,
// and the bounds and point tests (reading a value's numeric part with the
// domain's own numeric domain).

package numpred

import (
	"errors"

	"github.com/numpred/numpred/bdd"
	"github.com/numpred/numpred/numeric"
)

// maxEagerReducePreds bounds the precision for which NEXPOINT, NEX and
// MTNDD ask to be reduced after every assume (see ReduceAfterAssume).
const maxEagerReducePreds = 16

// nddStrainTerms is the term count from which NDD is strained: its joins
// and widenings of many points grow with the terms (on count_by_1.i,
// unrolling to 64 terms took 0.1 s, to 256 terms 2.1 s).
const nddStrainTerms = 64

// maxTermCapacity is the most numeric-term variables Retry asks for.
const maxTermCapacity = 16384

// policy is the per-implementation part of the decisions above, set by
// each constructor.
type policy struct {
	// eagerReduce: ReduceAfterAssume's answer.
	eagerReduce bool
	// strainTerms, when positive, is the term count from which the domain
	// is strained whatever its capacity.
	strainTerms int
	// bounds evaluates a conjunction of constraints with the numeric
	// domain: whether it is empty, else the range of each of es.
	bounds func(cs []numeric.Constraint, es []numeric.LinExpr) (rs []numeric.Range, empty bool)
}

// ReduceAfterAssume reports whether a client should Reduce after every
// assume. NEXPOINT, NEX and MTNDD answer yes while the precision has at
// most 16 predicates (EagerReducePreds): an assume on a predicate otherwise teaches the
// numeric part nothing until the predicate is reassigned, so a loop's exit
// test leaves a non-empty value (Section V-A); past 16 predicates reduce,
// alpha(gamma(a)), costs too much (on test_locks_5, 33 predicates, it was
// 70% of the run). NDD answers no: it keeps numeric values per valuation
// and is reduced where a verdict needs emptiness (IsEmpty), which measured
// 3-6 times faster on Fig. 8(b) with the same verdicts.
func (f *front[A]) ReduceAfterAssume() bool { return f.b.pol.eagerReduce }

// Strained reports that optional precision which brings new constants,
// and so new numeric-term variables, should not be spent (unrolling, point
// contexts): when half the reserved term variables are in use, and for
// NDD from 64 terms on. Domains without terms are never strained.
func (f *front[A]) Strained() bool {
	used, capacity := f.TermUse()
	if capacity == 0 || f.b.m.TermCapacity() == 0 {
		return false
	}
	return 2*used >= capacity || (f.b.pol.strainTerms > 0 && used >= f.b.pol.strainTerms)
}

// Retry reports, after a failure (Err non-nil), whether a domain built
// with more reserved resources could avoid it, and the options that build
// that domain (appended to the ones this one was built with). The BDD
// package cannot add variables to a manager, so MTNDD and NDD, which
// allocate a variable per numeric atom, grow by being rebuilt with four
// times the term variables, up to 16384.
func (f *front[A]) Retry() ([]Option, bool) {
	var capErr *bdd.CapacityError
	if f.b.err == nil || !errors.As(f.b.err, &capErr) || f.b.opts.terms*4 > maxTermCapacity {
		return nil, false
	}
	return []Option{TermCapacity(f.b.opts.terms * 4)}, true
}

// Point reports whether every state of a fixes each of dims to one
// integer, the same in all, and returns those integers (see Bounds).
// false is always sound.
func (f *front[A]) Point(a A, dims []numeric.Dim) (vals []int64, ok bool) {
	defer f.b.stats.start(OpPoint)()
	es := make([]numeric.LinExpr, len(dims))
	for i, d := range dims {
		es[i] = numeric.Var(d)
	}
	rs, ok := f.bounds(a, es)
	if !ok {
		return nil, false
	}
	vals = make([]int64, len(rs))
	for i, r := range rs {
		lo, ok1 := r.Lo.Int64()
		hi, ok2 := r.Hi.Int64()
		if !ok1 || !ok2 || lo != hi {
			return nil, false
		}
		vals[i] = lo
	}
	return vals, true
}

// Bounds returns, for each of es, a range holding its value in every state
// of a. It quantifies a's predicates away first and joins the ranges the
// numeric domain reads on the cubes that remain (one cube for NEXPOINT and
// NEX; the numeric-term paths for MTNDD and NDD, at most 64 of them, else
// the answer is no): what the predicates alone knew is lost to the test.
// It answers no for an empty a. false is always sound.
func (f *front[A]) Bounds(a A, es []numeric.LinExpr) (rs []numeric.Range, ok bool) {
	return f.bounds(a, es)
}

func (f *front[A]) bounds(a A, es []numeric.LinExpr) (rs []numeric.Range, ok bool) {
	defer f.b.catch(func() { rs, ok = nil, false })
	if f.b.pol.bounds == nil {
		return nil, false
	}
	all := make([]PredID, f.b.sp.NumPreds())
	for i := range all {
		all[i] = PredID(i)
	}
	a = f.i.existsVars(f.b.predVars(all, false), a)
	if nb, ok := f.i.(numBounder[A]); ok {
		return nb.numBounds(a, es)
	}
	cubes := f.i.cubes(a)
	if len(cubes) == 0 || len(cubes) > maxPointCubes {
		return nil, false
	}
	found := false
	for _, c := range cubes {
		cr, empty := f.b.pol.bounds(c.Cons, es)
		if empty {
			continue
		}
		if !found {
			rs, found = cr, true
			continue
		}
		for i := range rs {
			rs[i] = rs[i].Join(cr[i])
		}
	}
	return rs, found
}

// numBounder is the optional capability of an impl whose values hold
// numeric values directly (NEXPOINT, NEX): Bounds reads the numeric
// domain's Bound on them, joined over their parts, instead of rebuilding
// each from its constraints (what the numeric domain knows beyond its
// constraints, congruences, stays in the answer). a has no predicates
// left; found is false for an empty a.
type numBounder[A any] interface {
	numBounds(a A, es []numeric.LinExpr) (rs []numeric.Range, found bool)
}

// boundsOf joins the ranges of es over the numeric values ns (found false
// when every one of them is empty).
func boundsOf[V any](num numeric.Domain[V], ns []V, es []numeric.LinExpr) (rs []numeric.Range, found bool) {
	for _, n := range ns {
		if num.IsBottom(n) {
			continue
		}
		if !found {
			rs, found = make([]numeric.Range, len(es)), true
			for i, e := range es {
				rs[i] = num.Bound(n, e)
			}
			continue
		}
		for i, e := range es {
			rs[i] = rs[i].Join(num.Bound(n, e))
		}
	}
	return rs, found
}

// maxPointCubes bounds the cubes Point looks at.
const maxPointCubes = 64

func equalInts(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// numBounds is policy.bounds for the numeric domain num over n dimensions.
func numBounds[V any](num numeric.Domain[V], n int) func(cs []numeric.Constraint, es []numeric.LinExpr) ([]numeric.Range, bool) {
	return func(cs []numeric.Constraint, es []numeric.LinExpr) ([]numeric.Range, bool) {
		v := num.Assume(num.Top(n), cs...)
		if num.IsBottom(v) {
			return nil, true
		}
		out := make([]numeric.Range, len(es))
		for i, e := range es {
			out[i] = num.Bound(v, e)
		}
		return out, false
	}
}
