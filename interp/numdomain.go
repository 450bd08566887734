// This file implements absDomain directly over a numeric domain: the
// analysis without predicates. Boolean conditions are handled by pushing
// negations to the atoms, meeting conjunctions and joining disjunctions.

package interp

import (
	"time"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

type numericDomain[V any] struct {
	d      numeric.Domain[V]
	n      int
	env    *numeric.Env
	thresh numeric.Thresholds
	join   time.Duration
	post   time.Duration
}

func newNumericDomain[V any](d numeric.Domain[V], s *space, t numeric.Thresholds) *numericDomain[V] {
	return &numericDomain[V]{d: d, n: s.n, env: s.env, thresh: t}
}

func (nd *numericDomain[V]) Top() V            { return nd.d.Top(nd.n) }
func (nd *numericDomain[V]) Bottom() V         { return nd.d.Bottom(nd.n) }
func (nd *numericDomain[V]) IsBottom(a V) bool { return nd.d.IsBottom(a) }
func (nd *numericDomain[V]) Leq(a, b V) bool   { return nd.d.Leq(a, b) }
func (nd *numericDomain[V]) String(a V) string { return nd.d.String(a, nd.env) }

// Formula is the conjunction of a's constraints and congruences.
func (nd *numericDomain[V]) Formula(a V) ir.Cond {
	if nd.d.IsBottom(a) {
		return &ir.BoolConst{V: false}
	}
	var xs []ir.Cond
	for _, c := range nd.d.Constraints(a) {
		xs = append(xs, ir.NewAtom(c))
	}
	for _, g := range numeric.CongruencesOf(nd.d, a) {
		xs = append(xs, &ir.Congruence{C: g})
	}
	return &ir.And{Xs: xs}
}
func (nd *numericDomain[V]) Reduce(a V) V     { return a }
func (nd *numericDomain[V]) IsEmpty(a V) bool { return nd.d.IsBottom(a) }
func (nd *numericDomain[V]) Strained() bool   { return false }

func (nd *numericDomain[V]) Join(a, b V) V {
	defer nd.timeJoin(time.Now())
	return nd.d.Join(a, b)
}

func (nd *numericDomain[V]) Widen(a, b V) V {
	defer nd.timeJoin(time.Now())
	return numeric.WidenWith(nd.d, a, b, nd.thresh)
}

func (nd *numericDomain[V]) Meet(a, b V) V {
	defer nd.timePost(time.Now())
	return nd.d.Meet(a, b)
}

func (nd *numericDomain[V]) Assume(a V, c ir.Cond) V {
	defer nd.timePost(time.Now())
	return nd.assume(a, c)
}

func (nd *numericDomain[V]) assume(a V, c ir.Cond) V {
	if nd.d.IsBottom(a) {
		return a
	}
	switch c := c.(type) {
	case *ir.Atom:
		return nd.d.Assume(a, c.C)
	case *ir.Not:
		if at, ok := c.X.(*ir.Atom); ok && at.C.Kind() == numeric.EQ {
			lt, gt := ir.SplitDisequality(at.C)
			return nd.d.Join(nd.assume(a, lt), nd.assume(a, gt))
		}
		if _, ok := c.X.(*ir.Congruence); ok {
			return a // a weakening: no edge has one
		}
		return nd.assume(a, ir.Negate(c.X))
	case *ir.And:
		for _, x := range c.Xs {
			a = nd.assume(a, x)
		}
		return a
	case *ir.Or:
		out := nd.d.Bottom(nd.n)
		for _, x := range c.Xs {
			out = nd.d.Join(out, nd.assume(a, x))
		}
		return out
	case *ir.BoolConst:
		if c.V {
			return a
		}
		return nd.d.Bottom(nd.n)
	case *ir.Nondet, *ir.Congruence:
		return a
	}
	panic("interp: unknown condition")
}

func (nd *numericDomain[V]) Assign(a V, dims []numeric.Dim, exprs []numeric.LinExpr) V {
	defer nd.timePost(time.Now())
	return nd.d.Assign(a, dims, exprs)
}

func (nd *numericDomain[V]) Havoc(a V, dims []numeric.Dim) V {
	defer nd.timePost(time.Now())
	return nd.d.Forget(a, dims...)
}

func (nd *numericDomain[V]) Fill(s *Stats) {
	s.Join += nd.join
	s.AlphaPost += nd.post
	s.NumVars = nd.n
}

func (nd *numericDomain[V]) timeJoin(start time.Time) { nd.join += time.Since(start) }
func (nd *numericDomain[V]) timePost(start time.Time) { nd.post += time.Since(start) }
