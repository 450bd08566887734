// This file implements the suite's random inputs: constraints, linear
// expressions, dimension lists and domain values built from them.

package numerictest

import (
	"math/big"
	"math/rand"

	"github.com/numpred/numpred/numeric"
)

// suite is one run of the conformance suite on one domain.
type suite[V any] struct {
	d    numeric.Domain[V]
	cfg  Config
	pool *pool
}

func newSuite[V any](d numeric.Domain[V], cfg Config, seed int64) *suite[V] {
	return &suite[V]{d: d, cfg: cfg, pool: newPool(cfg.Dims, cfg.Range, rand.New(rand.NewSource(seed)))}
}

// randConst returns a constant for a random constraint or expression:
// usually in [-k, k], rarely close to or beyond the int64 range, to
// exercise saturation and big-integer paths.
func randConst(rng *rand.Rand, k int64) numeric.Int {
	switch r := rng.Intn(200); {
	case r == 0:
		// beyond int64
		b := new(big.Int).Lsh(big.NewInt(1), uint(64+rng.Intn(8)))
		if rng.Intn(2) == 0 {
			b.Neg(b)
		}
		return numeric.IntFromBig(b)
	case r == 1:
		v := int64(1<<62) + rng.Int63n(1<<62)
		if rng.Intn(2) == 0 {
			v = -v
		}
		return numeric.I(v)
	}
	return numeric.I(rng.Int63n(2*k+1) - k)
}

// randCoefs returns random coefficients in [-2, 2] over n dimensions, at
// least one non-zero when n > 0, and rarely a huge one.
func randCoefs(rng *rand.Rand, n int) []numeric.Term {
	var ts []numeric.Term
	for len(ts) == 0 && n > 0 {
		for d := 0; d < n; d++ {
			if rng.Intn(3) == 0 {
				continue
			}
			k := numeric.I(rng.Int63n(5) - 2)
			if rng.Intn(400) == 0 {
				k = numeric.I(1<<40 + rng.Int63n(7))
			}
			if !k.IsZero() {
				ts = append(ts, numeric.Term{Dim: numeric.Dim(d), Coef: k})
			}
		}
	}
	return ts
}

// randCons returns a random constraint over n dimensions.
func (s *suite[V]) randCons(rng *rand.Rand, n int) numeric.Constraint {
	e := numeric.NewLinExpr(randConst(rng, 2*s.cfg.Range), randCoefs(rng, n)...)
	k := numeric.LE
	if rng.Intn(7) == 0 {
		k = numeric.EQ
	}
	return numeric.NewConstraint(e, k)
}

// randBox returns random bounds l <= x_d <= h on some dimensions.
func (s *suite[V]) randBox(rng *rand.Rand, n int) []numeric.Constraint {
	var cs []numeric.Constraint
	r := s.cfg.Range
	for d := 0; d < n; d++ {
		x := numeric.Var(numeric.Dim(d))
		lo := rng.Int63n(2*r+1) - r
		hi := lo + rng.Int63n(r+1)
		if rng.Intn(3) > 0 {
			cs = append(cs, numeric.Ge(x, numeric.Const(lo)))
		}
		if rng.Intn(3) > 0 {
			cs = append(cs, numeric.Le(x, numeric.Const(hi)))
		}
	}
	return cs
}

// randExpr returns a random linear expression over n dimensions (possibly
// constant).
func (s *suite[V]) randExpr(rng *rand.Rand, n int) numeric.LinExpr {
	var ts []numeric.Term
	if rng.Intn(8) > 0 {
		ts = randCoefs(rng, n)
	}
	return numeric.NewLinExpr(randConst(rng, s.cfg.Range), ts...)
}

// randDims returns k distinct random dimensions among n, in random order.
func randDims(rng *rand.Rand, n, k int) []numeric.Dim {
	perm := rng.Perm(n)
	out := make([]numeric.Dim, k)
	for i := range out {
		out[i] = numeric.Dim(perm[i])
	}
	return out
}

// gen returns a random value over the suite's dimensions.
func (s *suite[V]) gen(c *ctx) *val[V] { return s.genN(c, s.cfg.Dims, 2) }

// genN returns a random value over n dimensions, nesting Joins, Meets and
// assignments up to depth.
func (s *suite[V]) genN(c *ctx, n, depth int) *val[V] {
	d, rng := s.d, c.rng
	r := rng.Intn(100)
	if depth == 0 && r >= 70 {
		r = rng.Intn(70)
	}
	var v V
	switch {
	case r < 4:
		v = d.Bottom(n)
	case r < 8:
		v = d.Top(n)
	case r < 45:
		cs := make([]numeric.Constraint, 1+rng.Intn(3))
		for i := range cs {
			cs[i] = s.randCons(rng, n)
		}
		v = d.Assume(d.Top(n), cs...)
	case r < 70:
		cs := s.randBox(rng, n)
		if rng.Intn(2) == 0 {
			cs = append(cs, s.randCons(rng, n))
		}
		v = d.Assume(d.Top(n), cs...)
	case r < 82:
		v = d.Join(s.genN(c, n, depth-1).v, s.genN(c, n, depth-1).v)
	case r < 92:
		v = d.Meet(s.genN(c, n, depth-1).v, s.genN(c, n, depth-1).v)
	default:
		a := s.genN(c, n, depth-1)
		k := 1 + rng.Intn(n)
		dims := randDims(rng, n, k)
		exprs := make([]numeric.LinExpr, k)
		for i := range exprs {
			exprs[i] = s.randExpr(rng, n)
		}
		v = d.Assign(a.v, dims, exprs)
	}
	return s.wrap(c, "generated value", v, n)
}

// wrap checks a value an operation produced (sanity checker, dimension
// count, constraints over its dimensions) and caches its constraints.
func (s *suite[V]) wrap(c *ctx, op string, v V, n int) *val[V] {
	c.r.Helper()
	if err := numeric.SanityCheck(s.d, v); err != nil {
		c.failf("%s: SanityCheck: %v\nvalue = %s", op, err, s.d.String(v, nil))
	}
	if got := s.d.Dims(v); got != n {
		c.failf("%s: Dims = %d, want %d\nvalue = %s", op, got, n, s.d.String(v, nil))
	}
	cs := s.d.Constraints(v)
	ok := cs[:0:0]
	for _, k := range cs {
		if md := k.Expr().MaxDim(); int(md) >= n {
			c.failf("%s: Constraints has %s over dimension x%d of %d", op, k.String(nil), md, n)
			continue
		}
		ok = append(ok, k)
	}
	m := newMember(ok, n, s.cfg.Range)
	if mem, exact := s.d.(numeric.Membership[V]); exact {
		m.in = func(p []numeric.Int) bool { return mem.Contains(v, p) }
	}
	return &val[V]{v: v, n: n, m: m}
}

// show formats a value for a failure message.
func (s *suite[V]) show(a *val[V]) string { return s.d.String(a.v, nil) }
