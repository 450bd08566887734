// This file implements the checks of the suite: lattice laws, widening
// and narrowing termination, and soundness of each operation against
// concrete points.

package numerictest

import (
	"fmt"
	"math/big"
	"math/rand"

	"github.com/numpred/numpred/numeric"
)

// check is one named subtest of the suite.
type check struct {
	name string
	fn   func(c *ctx)
}

func (s *suite[V]) checks() []check {
	cs := []check{
		{"TopBottom", s.checkTopBottom},
		{"Leq", s.checkLeq},
		{"IsTopIsBottom", s.checkIsTopIsBottom},
		{"Join", s.checkJoin},
		{"Meet", s.checkMeet},
		{"Widen", func(c *ctx) { s.checkWiden(c, false) }},
		{"WidenTermination", func(c *ctx) { s.checkWidenTermination(c, false) }},
		{"Narrow", s.checkNarrow},
		{"NarrowTermination", s.checkNarrowTermination},
		{"Assume", s.checkAssume},
		{"Assign", s.checkAssign},
		{"Forget", s.checkForget},
		{"Bound", s.checkBound},
		{"Entails", s.checkEntails},
		{"Constraints", s.checkConstraints},
		{"AddDims", s.checkAddDims},
		{"RemoveDims", s.checkRemoveDims},
		{"PermuteDims", s.checkPermuteDims},
	}
	if _, ok := s.d.(numeric.ThresholdWidener[V]); ok {
		cs = append(cs,
			check{"WidenThresholds", func(c *ctx) { s.checkWiden(c, true) }},
			check{"WidenThresholdsTermination", func(c *ctx) { s.checkWidenTermination(c, true) }})
	}
	return cs
}

// maxSample is the largest number of points of gamma(a) a case checks
// when each check needs more than a lookup in the pool.
const maxSample = 128

// cases runs f for each case of the check until it has failed enough.
func (s *suite[V]) cases(c *ctx, n int, f func()) {
	for c.caseNo = 0; c.caseNo < n && !c.stopped(); c.caseNo++ {
		f()
	}
}

// contains reports whether every pool point in pts is in gamma(res), and
// reports the first one that is not.
func (s *suite[V]) contains(c *ctx, res *val[V], pts []int, what string) bool {
	c.r.Helper()
	for _, i := range pts {
		if !s.inPool(res, i) {
			c.failf("%s is unsound\nresult = %s\nwitness %s is in the concrete result but not in gamma(result)",
				what, s.show(res), fmtPoint(s.pool.ints[i]))
			return false
		}
	}
	return true
}

// law reports a failed lattice law when ok is false.
func (s *suite[V]) law(c *ctx, ok bool, law string, vals ...any) {
	c.r.Helper()
	if ok {
		return
	}
	msg := "law violated: " + law
	for i := 0; i+1 < len(vals); i += 2 {
		msg += fmt.Sprintf("\n%s = %s", vals[i], s.show(vals[i+1].(*val[V])))
	}
	c.failf("%s", msg)
}

// randCoord returns a value for an unconstrained coordinate: usually
// small, sometimes near or beyond the int64 range.
func (s *suite[V]) randCoord(rng *rand.Rand) numeric.Int {
	switch rng.Intn(20) {
	case 0:
		return numeric.I(1<<62 + rng.Int63n(1<<62))
	case 1:
		return numeric.I(-(1<<62 + rng.Int63n(1<<62)))
	case 2:
		b := new(big.Int).Lsh(big.NewInt(1), 70)
		if rng.Intn(2) == 0 {
			b.Neg(b)
		}
		return numeric.IntFromBig(b)
	}
	r := 3 * s.cfg.Range
	return numeric.I(rng.Int63n(2*r+1) - r)
}

func (s *suite[V]) checkTopBottom(c *ctx) {
	d := s.d
	for n := 0; n <= s.cfg.Dims; n++ {
		c.caseNo = n
		top := s.wrap(c, fmt.Sprintf("Top(%d)", n), d.Top(n), n)
		bot := s.wrap(c, fmt.Sprintf("Bottom(%d)", n), d.Bottom(n), n)
		if !d.IsTop(top.v) || d.IsBottom(top.v) {
			c.failf("Top(%d): IsTop = %v, IsBottom = %v, want true, false", n, d.IsTop(top.v), d.IsBottom(top.v))
		}
		if !d.IsBottom(bot.v) || d.IsTop(bot.v) {
			c.failf("Bottom(%d): IsBottom = %v, IsTop = %v, want true, false", n, d.IsBottom(bot.v), d.IsTop(bot.v))
		}
		if !d.Leq(bot.v, top.v) || d.Leq(top.v, bot.v) {
			c.failf("Leq(Bottom(%d), Top(%d)) = %v, Leq(Top, Bottom) = %v, want true, false", n, n, d.Leq(bot.v, top.v), d.Leq(top.v, bot.v))
		}
		p := make([]numeric.Int, n)
		for k := 0; k < 20; k++ {
			for i := range p {
				p[i] = s.randCoord(c.rng)
			}
			if !top.m.has(p) {
				c.failf("Top(%d) = %s misses witness %s", n, s.show(top), fmtPoint(p))
				break
			}
			if bot.m.has(p) {
				c.failf("Bottom(%d) = %s contains witness %s", n, s.show(bot), fmtPoint(p))
				break
			}
		}
		if n > 0 {
			x := numeric.Var(numeric.Dim(c.rng.Intn(n)))
			if r := d.Bound(top.v, x); !r.Lo.IsMinusInf() || !r.Hi.IsPlusInf() {
				c.failf("Bound(Top(%d), %s) = %s, want (-oo, +oo)", n, x.String(nil), r)
			}
			if r := d.Bound(bot.v, x); !r.IsEmpty() {
				c.failf("Bound(Bottom(%d), %s) = %s, want empty", n, x.String(nil), r)
			}
		}
		if n == s.cfg.Dims {
			if pts := s.points(top); len(pts) != len(s.pool.small) {
				c.failf("Top(%d) = %s has %d of the %d sample points", n, s.show(top), len(pts), len(s.pool.small))
			}
			if pts := s.points(bot); len(pts) != 0 {
				c.failf("Bottom(%d) = %s contains witness %s", n, s.show(bot), fmtPoint(s.pool.ints[pts[0]]))
			}
		}
	}
}

func (s *suite[V]) checkLeq(c *ctx) {
	d, n := s.d, s.cfg.Dims
	bot, top := s.wrap(c, "Bottom", d.Bottom(n), n), s.wrap(c, "Top", d.Top(n), n)
	s.cases(c, s.cfg.Cases, func() {
		a, b := s.gen(c), s.gen(c)
		s.law(c, d.Leq(a.v, a.v) && d.Equal(a.v, a.v), "Leq(a, a) and Equal(a, a)", "a", a)
		s.law(c, d.Leq(bot.v, a.v), "Leq(Bottom, a)", "a", a)
		s.law(c, d.Leq(a.v, top.v), "Leq(a, Top)", "a", a)
		lab, lba := d.Leq(a.v, b.v), d.Leq(b.v, a.v)
		if lab {
			s.contains(c, b, s.points(a), "Leq(a, b) = true with\na = "+s.show(a)+"\nb = "+s.show(b))
		}
		eq := d.Equal(a.v, b.v)
		s.law(c, eq == (lab && lba), fmt.Sprintf("Equal(a, b) = %v but Leq(a, b) = %v, Leq(b, a) = %v", eq, lab, lba), "a", a, "b", b)
		// Transitivity on a chain a <= a⊔x <= (a⊔x)⊔y, and on random triples.
		x, y := s.gen(c), s.gen(c)
		b2 := s.wrap(c, "Join", d.Join(a.v, x.v), n)
		c2 := s.wrap(c, "Join", d.Join(b2.v, y.v), n)
		if d.Leq(a.v, b2.v) && d.Leq(b2.v, c2.v) {
			s.law(c, d.Leq(a.v, c2.v), "Leq(a, b) && Leq(b, c) => Leq(a, c)", "a", a, "b", b2, "c", c2)
		}
		if lab && d.Leq(b.v, x.v) {
			s.law(c, d.Leq(a.v, x.v), "Leq(a, b) && Leq(b, c) => Leq(a, c)", "a", a, "b", b, "c", x)
		}
	})
}

func (s *suite[V]) checkIsTopIsBottom(c *ctx) {
	d, n := s.d, s.cfg.Dims
	s.cases(c, s.cfg.Cases, func() {
		a := s.gen(c)
		if c.rng.Intn(2) == 0 {
			a = s.wrap(c, "Meet", d.Meet(a.v, s.gen(c).v), n)
		}
		if d.IsBottom(a.v) {
			if pts := s.points(a); len(pts) > 0 {
				c.failf("IsBottom(a) = true but a contains witness %s\na = %s", fmtPoint(s.pool.ints[pts[0]]), s.show(a))
			}
		}
		if d.IsTop(a.v) {
			if pts := s.points(a); len(pts) != len(s.pool.small) {
				c.failf("IsTop(a) = true but a has only %d of the %d sample points\na = %s", len(pts), len(s.pool.small), s.show(a))
			}
			p := make([]numeric.Int, n)
			for i := range p {
				p[i] = s.randCoord(c.rng)
			}
			if !a.m.has(p) {
				c.failf("IsTop(a) = true but a misses witness %s\na = %s", fmtPoint(p), s.show(a))
			}
		}
	})
}

func (s *suite[V]) checkJoin(c *ctx) {
	d, n := s.d, s.cfg.Dims
	bot := d.Bottom(n)
	s.cases(c, s.cfg.Cases, func() {
		a, b := s.gen(c), s.gen(c)
		j := s.wrap(c, "Join(a, b)", d.Join(a.v, b.v), n)
		what := "Join(a, b) with\na = " + s.show(a) + "\nb = " + s.show(b)
		_ = s.contains(c, j, s.points(a), what) && s.contains(c, j, s.points(b), what)
		s.law(c, d.Leq(a.v, j.v) && d.Leq(b.v, j.v), "Join(a, b) is an upper bound of a and b", "a", a, "b", b, "Join(a, b)", j)
		s.law(c, d.Equal(j.v, d.Join(b.v, a.v)), "Join(a, b) = Join(b, a)", "a", a, "b", b)
		s.law(c, d.Equal(d.Join(a.v, bot), a.v) && d.Equal(d.Join(bot, a.v), a.v), "Join(a, Bottom) = Join(Bottom, a) = a", "a", a)
	})
}

func (s *suite[V]) checkMeet(c *ctx) {
	d, n := s.d, s.cfg.Dims
	top := d.Top(n)
	s.cases(c, s.cfg.Cases, func() {
		a, b := s.gen(c), s.gen(c)
		m := s.wrap(c, "Meet(a, b)", d.Meet(a.v, b.v), n)
		var both []int
		for _, i := range s.points(a) {
			if s.inPool(b, i) {
				both = append(both, i)
			}
		}
		s.contains(c, m, both, "Meet(a, b) with\na = "+s.show(a)+"\nb = "+s.show(b))
		s.law(c, d.Leq(m.v, a.v) && d.Leq(m.v, b.v), "Meet(a, b) is a lower bound of a and b", "a", a, "b", b, "Meet(a, b)", m)
		s.law(c, d.Equal(d.Meet(a.v, top), a.v), "Meet(a, Top) = a", "a", a)
	})
}

// randThresholds returns a few thresholds around the sampled box.
func (s *suite[V]) randThresholds(rng *rand.Rand) numeric.Thresholds {
	vs := make([]int64, 1+rng.Intn(3))
	r := 2 * s.cfg.Range
	for i := range vs {
		vs[i] = rng.Int63n(2*r+1) - r
	}
	return numeric.NewThresholds(vs...)
}

func (s *suite[V]) widen(a, b V, t numeric.Thresholds) V {
	if t == nil {
		return s.d.Widen(a, b)
	}
	return s.d.(numeric.ThresholdWidener[V]).WidenThresholds(a, b, t)
}

func (s *suite[V]) checkWiden(c *ctx, thresholds bool) {
	d, n := s.d, s.cfg.Dims
	s.cases(c, s.cfg.Cases, func() {
		a, b := s.gen(c), s.gen(c)
		if c.rng.Intn(2) == 0 {
			b = s.wrap(c, "Join(a, b)", d.Join(a.v, b.v), n)
		}
		var t numeric.Thresholds
		op := "Widen(a, b)"
		if thresholds {
			t = s.randThresholds(c.rng)
			op = fmt.Sprintf("WidenThresholds(a, b, %v)", t)
		}
		w := s.wrap(c, op, s.widen(a.v, b.v, t), n)
		what := op + " with\na = " + s.show(a) + "\nb = " + s.show(b)
		_ = s.contains(c, w, s.points(a), what) && s.contains(c, w, s.points(b), what)
		j := s.wrap(c, "Join(a, b)", d.Join(a.v, b.v), n)
		s.law(c, d.Leq(j.v, w.v), op+" is above Join(a, b)", "a", a, "b", b, "Join(a, b)", j, op, w)
	})
}

// maxIncreases is the number of strict increases (or decreases) a
// widening (or narrowing) chain may take before the suite calls it
// non-terminating. It is generous: an interval chain takes at most 2n+1,
// an octagon chain 2n²+1.
func (s *suite[V]) maxIncreases(t numeric.Thresholds) int {
	n := s.cfg.Dims
	return (4*n*n + 4*n + 8) * (len(t) + 1)
}

// chainLength is the length of each widening or narrowing chain.
func (s *suite[V]) chainLength(limit int) int { return 2*limit + 20 }

func (s *suite[V]) checkWidenTermination(c *ctx, thresholds bool) {
	d, n := s.d, s.cfg.Dims
	chains := max(1, s.cfg.Cases/40)
	s.cases(c, chains, func() {
		var t numeric.Thresholds
		if thresholds {
			t = s.randThresholds(c.rng)
		}
		limit := s.maxIncreases(t)
		x := s.gen(c)
		increases := 0
		for step := 0; step < s.chainLength(limit) && !c.stopped(); step++ {
			y := s.gen(c)
			j := d.Join(x.v, y.v)
			nx := s.wrap(c, "widening chain", s.widen(x.v, j, t), n)
			if !d.Leq(x.v, nx.v) {
				s.law(c, false, fmt.Sprintf("widening chain is increasing (step %d, thresholds %v)", step, t), "x_i", x, "y_i", y, "x_i+1", nx)
				return
			}
			if !s.contains(c, nx, s.points(y), fmt.Sprintf("widening chain step %d (thresholds %v) x_i ∇ (x_i ⊔ y_i) with\nx_i = %s\ny_i = %s", step, t, s.show(x), s.show(y))) {
				return
			}
			if !d.Leq(nx.v, x.v) {
				increases++
				if increases > limit {
					s.law(c, false, fmt.Sprintf("widening chain stabilises: still increasing after %d strict increases in %d steps (thresholds %v)", increases, step+1, t), "x_i", x, "y_i", y, "x_i+1", nx)
					return
				}
			}
			x = nx
		}
	})
}

func (s *suite[V]) checkNarrow(c *ctx) {
	d, n := s.d, s.cfg.Dims
	s.cases(c, s.cfg.Cases, func() {
		a, b := s.gen(c), s.gen(c)
		if c.rng.Intn(2) == 0 {
			b = s.wrap(c, "Meet(a, b)", d.Meet(a.v, b.v), n)
		}
		nr := s.wrap(c, "Narrow(a, b)", d.Narrow(a.v, b.v), n)
		var both []int
		for _, i := range s.points(a) {
			if s.inPool(b, i) {
				both = append(both, i)
			}
		}
		s.contains(c, nr, both, "Narrow(a, b) with\na = "+s.show(a)+"\nb = "+s.show(b))
		m := s.wrap(c, "Meet(a, b)", d.Meet(a.v, b.v), n)
		s.law(c, d.Leq(m.v, nr.v) && d.Leq(nr.v, a.v), "Meet(a, b) <= Narrow(a, b) <= a", "a", a, "b", b, "Meet(a, b)", m, "Narrow(a, b)", nr)
	})
}

func (s *suite[V]) checkNarrowTermination(c *ctx) {
	d, n := s.d, s.cfg.Dims
	chains := max(1, s.cfg.Cases/40)
	s.cases(c, chains, func() {
		limit := s.maxIncreases(nil)
		x := s.gen(c)
		// Start high: widen x with a few random values first.
		for k := 0; k < 3; k++ {
			x = s.wrap(c, "Widen", d.Widen(x.v, d.Join(x.v, s.gen(c).v)), n)
		}
		decreases := 0
		for step := 0; step < s.chainLength(limit) && !c.stopped(); step++ {
			y := s.gen(c)
			if c.rng.Intn(3) > 0 {
				y = s.wrap(c, "Join", d.Join(y.v, s.gen(c).v), n)
			}
			nx := s.wrap(c, "narrowing chain", d.Narrow(x.v, y.v), n)
			if !d.Leq(nx.v, x.v) {
				s.law(c, false, fmt.Sprintf("narrowing chain is decreasing (step %d)", step), "x_i", x, "y_i", y, "x_i+1", nx)
				return
			}
			if !d.Leq(x.v, nx.v) {
				decreases++
				if decreases > limit {
					s.law(c, false, fmt.Sprintf("narrowing chain stabilises: still decreasing after %d strict decreases in %d steps", decreases, step+1), "x_i", x, "y_i", y, "x_i+1", nx)
					return
				}
			}
			x = nx
		}
	})
}

func (s *suite[V]) checkAssume(c *ctx) {
	d, n := s.d, s.cfg.Dims
	s.cases(c, s.cfg.Cases, func() {
		a := s.gen(c)
		exact := s.cfg.Exact && c.rng.Intn(4) == 0
		if exact {
			a = s.wrap(c, "Top", d.Top(n), n)
		}
		var cs []numeric.Constraint
		switch c.rng.Intn(4) {
		case 0:
			cs = s.randBox(c.rng, n)
		case 1:
			cs = d.Constraints(s.gen(c).v)
		default:
			for k := c.rng.Intn(4); k >= 0; k-- {
				cs = append(cs, s.randCons(c.rng, n))
			}
		}
		r := s.wrap(c, "Assume(a, cs)", d.Assume(a.v, cs...), n)
		sol := newMember(cs, n, s.cfg.Range)
		var want []int
		for _, i := range s.points(a) {
			if sol.hasPool(s.pool, i) {
				want = append(want, i)
			}
		}
		what := "Assume(a, cs) with\na = " + s.show(a) + "\ncs = " + numeric.ConjString(cs, nil)
		s.contains(c, r, want, what)
		s.law(c, d.Leq(r.v, a.v), "Leq(Assume(a, cs), a) with cs = "+numeric.ConjString(cs, nil), "a", a, "Assume(a, cs)", r)
		if exact {
			if got := s.points(r); len(got) != len(want) {
				for _, i := range got {
					if !sol.hasPool(s.pool, i) {
						c.failf("Assume(Top, cs) is not exact (Config.Exact)\ncs = %s\nresult = %s\nwitness %s is in gamma(result) but violates cs",
							numeric.ConjString(cs, nil), s.show(r), fmtPoint(s.pool.ints[i]))
						break
					}
				}
			}
		}
	})
}

func (s *suite[V]) checkAssign(c *ctx) {
	d, n := s.d, s.cfg.Dims
	s.cases(c, s.cfg.Cases, func() {
		a := s.gen(c)
		k := 1 + c.rng.Intn(n)
		dims := randDims(c.rng, n, k)
		exprs := make([]numeric.LinExpr, k)
		for i := range exprs {
			switch c.rng.Intn(4) {
			case 0: // x := x + c
				exprs[i] = numeric.Var(dims[i]).AddConst(randConst(c.rng, s.cfg.Range))
			case 1: // x := y (swaps and copies)
				exprs[i] = numeric.Var(numeric.Dim(c.rng.Intn(n)))
			default:
				exprs[i] = s.randExpr(c.rng, n)
			}
		}
		r := s.wrap(c, "Assign", d.Assign(a.v, dims, exprs), n)
		for _, i := range s.sample(c, a, maxSample) {
			p := s.pool.ints[i]
			q := append([]numeric.Int(nil), p...)
			for j, x := range dims {
				q[x] = exprs[j].Eval(p)
			}
			if !r.m.has(q) {
				c.failf("Assign(a, %s, %s) is unsound\na = %s\nresult = %s\nwitness %s -> %s is not in gamma(result)",
					fmtDims(dims), fmtExprs(exprs), s.show(a), s.show(r), fmtPoint(p), fmtPoint(q))
				return
			}
		}
	})
}

func fmtExprs(es []numeric.LinExpr) string {
	out := "["
	for i, e := range es {
		if i > 0 {
			out += ", "
		}
		out += e.String(nil)
	}
	return out + "]"
}

func (s *suite[V]) checkForget(c *ctx) {
	d, n := s.d, s.cfg.Dims
	s.cases(c, s.cfg.Cases, func() {
		a := s.gen(c)
		dims := randDims(c.rng, n, c.rng.Intn(n+1))
		r := s.wrap(c, "Forget", d.Forget(a.v, dims...), n)
		for _, i := range s.sample(c, a, maxSample) {
			p := s.pool.ints[i]
			q := append([]numeric.Int(nil), p...)
			for _, x := range dims {
				q[x] = s.randCoord(c.rng)
			}
			for _, pt := range [][]numeric.Int{p, q} {
				if !r.m.has(pt) {
					c.failf("Forget(a, %s) is unsound\na = %s\nresult = %s\nwitness %s is in gamma(a), %s is not in gamma(result)",
						fmtDims(dims), s.show(a), s.show(r), fmtPoint(p), fmtPoint(pt))
					return
				}
			}
		}
	})
}

func (s *suite[V]) checkBound(c *ctx) {
	d, n := s.d, s.cfg.Dims
	s.cases(c, s.cfg.Cases, func() {
		a := s.gen(c)
		e := s.randExpr(c.rng, n)
		rg := d.Bound(a.v, e)
		if d.IsBottom(a.v) && !rg.IsEmpty() {
			c.failf("Bound(a, %s) = %s, want empty for bottom a = %s", e.String(nil), rg, s.show(a))
			return
		}
		for _, i := range s.points(a) {
			p := s.pool.ints[i]
			if v := e.Eval(p); !rg.Contains(v) {
				c.failf("Bound(a, %s) = %s is unsound\na = %s\nwitness %s in gamma(a) gives %s", e.String(nil), rg, s.show(a), fmtPoint(p), v)
				return
			}
		}
	})
}

func (s *suite[V]) checkEntails(c *ctx) {
	d, n := s.d, s.cfg.Dims
	s.cases(c, s.cfg.Cases, func() {
		a := s.gen(c)
		var cons numeric.Constraint
		own := false
		switch r := c.rng.Intn(4); {
		case r == 0 && len(a.m.cs) > 0:
			cons, own = a.m.cs[c.rng.Intn(len(a.m.cs))], true
		case r == 1:
			cs := d.Constraints(d.Join(a.v, s.gen(c).v))
			if len(cs) > 0 {
				cons = cs[c.rng.Intn(len(cs))]
				break
			}
			fallthrough
		default:
			cons = s.randCons(c.rng, n)
		}
		ent := d.Entails(a.v, cons)
		if own {
			s.law(c, ent, "Entails(a, c) for c in Constraints(a), c = "+cons.String(nil), "a", a)
		}
		if !ent {
			return
		}
		one := newMember([]numeric.Constraint{cons}, n, s.cfg.Range)
		for _, i := range s.points(a) {
			if !one.hasPool(s.pool, i) {
				c.failf("Entails(a, %s) = true is unsound\na = %s\nwitness %s in gamma(a) violates it", cons.String(nil), s.show(a), fmtPoint(s.pool.ints[i]))
				return
			}
		}
	})
}

func (s *suite[V]) checkConstraints(c *ctx) {
	d, n := s.d, s.cfg.Dims
	s.cases(c, s.cfg.Cases, func() {
		a := s.gen(c)
		r := s.wrap(c, "Assume(Top, Constraints(a))", d.Assume(d.Top(n), a.m.cs...), n)
		if numeric.HasExactConstraints(d) {
			s.law(c, d.Equal(r.v, a.v), "Assume(Top, Constraints(a)) = a, Constraints(a) = "+numeric.ConjString(a.m.cs, nil), "a", a, "Assume(Top, Constraints(a))", r)
		} else {
			// Constraints only contain gamma(a): every point of a
			// satisfies them.
			s.law(c, d.Leq(a.v, r.v), "Leq(a, Assume(Top, Constraints(a))), Constraints(a) = "+numeric.ConjString(a.m.cs, nil), "a", a, "Assume(Top, Constraints(a))", r)
			cs := newMember(a.m.cs, n, s.cfg.Range)
			for _, i := range s.points(a) {
				if !cs.hasPool(s.pool, i) {
					c.failf("Constraints(a) = %s is unsound\na = %s\nwitness %s in gamma(a) violates it", numeric.ConjString(a.m.cs, nil), s.show(a), fmtPoint(s.pool.ints[i]))
					break
				}
			}
		}
		if d.IsBottom(a.v) {
			return
		}
		// String names dimensions by the environment it is given.
		env, _ := numeric.NewEnv(names(n)...)
		if str := d.String(a.v, env); str == "" {
			c.failf("String(a, env) is empty for a = %s", s.show(a))
		}
	})
}

func names(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("v%d", i)
	}
	return out
}

func (s *suite[V]) checkAddDims(c *ctx) {
	d, n := s.d, s.cfg.Dims
	s.cases(c, s.cfg.Cases, func() {
		a := s.gen(c)
		k := c.rng.Intn(3)
		r := s.wrap(c, fmt.Sprintf("AddDims(a, %d)", k), d.AddDims(a.v, k), n+k)
		for _, i := range s.sample(c, a, maxSample) {
			p := append(append([]numeric.Int(nil), s.pool.ints[i]...), make([]numeric.Int, k)...)
			for j := n; j < n+k; j++ {
				p[j] = s.randCoord(c.rng)
			}
			if !r.m.has(p) {
				c.failf("AddDims(a, %d) is unsound\na = %s\nresult = %s\nwitness %s is not in gamma(result)", k, s.show(a), s.show(r), fmtPoint(p))
				return
			}
		}
		added := make([]numeric.Dim, k)
		for j := range added {
			added[j] = numeric.Dim(n + j)
		}
		back := s.wrap(c, "RemoveDims(AddDims(a, k))", d.RemoveDims(r.v, added...), n)
		s.law(c, d.Equal(back.v, a.v), fmt.Sprintf("RemoveDims(AddDims(a, %d), new dims) = a", k), "a", a, "AddDims(a, k)", r, "RemoveDims(AddDims(a, k))", back)
	})
}

func (s *suite[V]) checkRemoveDims(c *ctx) {
	d, n := s.d, s.cfg.Dims
	s.cases(c, s.cfg.Cases, func() {
		a := s.gen(c)
		dims := randDims(c.rng, n, c.rng.Intn(n+1))
		r := s.wrap(c, "RemoveDims", d.RemoveDims(a.v, dims...), n-len(dims))
		gone := make([]bool, n)
		for _, x := range dims {
			gone[x] = true
		}
		for _, i := range s.sample(c, a, maxSample) {
			p := s.pool.ints[i]
			var q []numeric.Int
			for j, v := range p {
				if !gone[j] {
					q = append(q, v)
				}
			}
			if !r.m.has(q) {
				c.failf("RemoveDims(a, %s) is unsound\na = %s\nresult = %s\nwitness %s projects to %s, not in gamma(result)",
					fmtDims(dims), s.show(a), s.show(r), fmtPoint(p), fmtPoint(q))
				return
			}
		}
	})
}

func (s *suite[V]) checkPermuteDims(c *ctx) {
	d, n := s.d, s.cfg.Dims
	s.cases(c, s.cfg.Cases, func() {
		a := s.gen(c)
		perm := randDims(c.rng, n, n)
		r := s.wrap(c, "PermuteDims", d.PermuteDims(a.v, perm), n)
		for _, i := range s.sample(c, a, maxSample) {
			p := s.pool.ints[i]
			q := make([]numeric.Int, n)
			for j, v := range p {
				q[perm[j]] = v
			}
			if !r.m.has(q) {
				c.failf("PermuteDims(a, %s) is unsound\na = %s\nresult = %s\nwitness %s renames to %s, not in gamma(result)",
					fmtDims(perm), s.show(a), s.show(r), fmtPoint(p), fmtPoint(q))
				return
			}
		}
		inv := make([]numeric.Dim, n)
		for j, x := range perm {
			inv[x] = numeric.Dim(j)
		}
		back := s.wrap(c, "PermuteDims(PermuteDims(a, perm), inverse)", d.PermuteDims(r.v, inv), n)
		s.law(c, d.Equal(back.v, a.v), "PermuteDims(PermuteDims(a, perm), inverse) = a, perm = "+fmtDims(perm), "a", a, "back", back)
	})
}
