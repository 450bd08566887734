// This file implements the concrete side of the suite: the pool of
// integer points, membership of a point in gamma(a) through a's
// constraints, and the wrapper that caches them per value.

package numerictest

import (
	"math/rand"

	"github.com/numpred/numpred/numeric"
)

// maxPool is the largest number of points of the box enumerated in full.
const maxPool = 4096

// pool is the set of concrete points the suite samples gamma(a) from.
type pool struct {
	n     int
	small [][]int64       // the points
	ints  [][]numeric.Int // the same points as Ints
}

func newPool(n int, r int64, rng *rand.Rand) *pool {
	p := &pool{n: n}
	side := 2*r + 1
	total := int64(1)
	full := true
	for i := 0; i < n; i++ {
		total *= side
		if total > maxPool {
			full = false
			break
		}
	}
	add := func(pt []int64) {
		ints := make([]numeric.Int, n)
		for i, v := range pt {
			ints[i] = numeric.I(v)
		}
		p.small = append(p.small, pt)
		p.ints = append(p.ints, ints)
	}
	if full {
		for k := int64(0); k < total; k++ {
			pt := make([]int64, n)
			q := k
			for i := range pt {
				pt[i] = q%side - r
				q /= side
			}
			add(pt)
		}
		return p
	}
	for k := 0; k < maxPool; k++ {
		pt := make([]int64, n)
		for i := range pt {
			pt[i] = rng.Int63n(side) - r
		}
		add(pt)
	}
	return p
}

// fastCons is a constraint with int64 coefficients, dense over the
// dimensions, whose evaluation on pool points cannot overflow.
type fastCons struct {
	coef []int64
	c    int64
	eq   bool
}

// member is the membership test of gamma(a) for one value a, given by
// Constraints(a), or by the domain's exact test when it has one
// (numeric.Membership: then the constraints only contain gamma(a)).
type member struct {
	cs   []numeric.Constraint
	fast []fastCons
	slow []numeric.Constraint       // constraints too large for the fast path
	in   func(p []numeric.Int) bool // the exact test, or nil
}

const fastLimit = 1 << 30

func newMember(cs []numeric.Constraint, n int, r int64) member {
	m := member{cs: cs}
	for _, c := range cs {
		e := c.Expr()
		fc := fastCons{coef: make([]int64, n), eq: c.Kind() == numeric.EQ}
		ok := int64(n)*r < fastLimit
		if k, fits := e.Constant().Int64(); fits && k > -fastLimit*fastLimit && k < fastLimit*fastLimit {
			fc.c = k
		} else {
			ok = false
		}
		for i := 0; ok && i < e.NumTerms(); i++ {
			t := e.Term(i)
			k, fits := t.Coef.Int64()
			if !fits || k <= -fastLimit || k >= fastLimit || int(t.Dim) >= n || t.Dim < 0 {
				ok = false
				break
			}
			fc.coef[t.Dim] = k
		}
		if ok {
			m.fast = append(m.fast, fc)
		} else {
			m.slow = append(m.slow, c)
		}
	}
	return m
}

// hasPool reports whether pool point i is in gamma.
func (m *member) hasPool(p *pool, i int) bool {
	if m.in != nil {
		return m.in(p.ints[i])
	}
	pt := p.small[i]
	for _, fc := range m.fast {
		v := fc.c
		for d, k := range fc.coef {
			v += k * pt[d]
		}
		if v > 0 || (fc.eq && v != 0) {
			return false
		}
	}
	for _, c := range m.slow {
		if !c.Sat(p.ints[i]) {
			return false
		}
	}
	return true
}

// has reports whether the point p (any size of coordinates) is in gamma.
func (m *member) has(p []numeric.Int) bool {
	if m.in != nil {
		return m.in(p)
	}
	for _, c := range m.cs {
		if !c.Sat(p) {
			return false
		}
	}
	return true
}

// val is a domain value with its constraints and its points in the pool,
// computed once.
type val[V any] struct {
	v    V
	n    int
	str  string
	m    member
	pts  []int // indices of pool points in gamma(v)
	done bool
}

// points returns the indices of the pool points in gamma(v). Precondition:
// v has the pool's number of dimensions.
func (s *suite[V]) points(a *val[V]) []int {
	if !a.done {
		a.done = true
		for i := range s.pool.small {
			if a.m.hasPool(s.pool, i) {
				a.pts = append(a.pts, i)
			}
		}
	}
	return a.pts
}

// inPool reports whether pool point i is in gamma(a).
func (s *suite[V]) inPool(a *val[V], i int) bool { return a.m.hasPool(s.pool, i) }

// sample returns at most k indices of pool points of a, chosen at random.
func (s *suite[V]) sample(c *ctx, a *val[V], k int) []int {
	pts := s.points(a)
	if len(pts) <= k {
		return pts
	}
	out := make([]int, k)
	for i := range out {
		out[i] = pts[c.rng.Intn(len(pts))]
	}
	return out
}
