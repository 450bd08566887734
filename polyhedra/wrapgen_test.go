package polyhedra

import (
	"math/rand"
	"testing"
	"time"

	"github.com/numpred/numpred/numeric"
)

// Random programs over unsigned and signed 32-bit variables, abstracted
// the way the C front end does wrap-around: u := e mod 2^32 is
// k := nondet, assume 0 <= e - 2^32 k <= 2^32 - 1, u := e - 2^32 k,
// forget k. This is what brought coefficients of 2^32 and of its powers
// into polyhedra (issue 18). The test runs them on the domain and on
// concrete states side by side, checks every concrete state stays in its
// abstract value, and bounds the work of every single operation by
// counting (simplex pivots, rows made by Chernikova's algorithm, bits of
// the coefficients), so that it does not depend on the machine; the
// slowest operation's time is logged.

const two32 = int64(1) << 32

// Dimensions of the wrap programs.
const (
	wX    = iota // int
	wU           // unsigned int
	wV           // unsigned int
	wK           // the quotient of the wrap-around being modelled
	wDims        // number of dimensions
)

// Per-operation bounds of the work (counted, not timed).
const (
	wrapMaxPivots = 4 * bbNodes * 200 // a few searches, each within its budget
	wrapMaxRows   = 20000             // rows made by Chernikova's algorithm
	wrapMaxBits   = 1024              // bits of a coefficient of a result
)

type wrapRun struct {
	t       *testing.T
	d       *Domain
	pts     [][wDims]int64 // concrete states (x, u, v; k unused)
	slowest time.Duration
	slowOp  string
	ops     int
	maxBits int // largest coefficient seen, in bits
	maxRows int64
}

// op runs f, one domain operation, and checks its cost.
func (w *wrapRun) op(name string, f func() Poly) Poly {
	before := w.d.Stats()
	start := time.Now()
	r := f()
	el := time.Since(start)
	after := w.d.Stats()
	w.ops++
	if el > w.slowest {
		w.slowest, w.slowOp = el, name
	}
	if p := after.Pivots - before.Pivots; p > wrapMaxPivots {
		w.t.Fatalf("%s: %d simplex pivots in one operation", name, p)
	}
	if c := after.Combined - before.Combined; c > wrapMaxRows {
		w.t.Fatalf("%s: Chernikova made %d rows in one operation", name, c)
	} else if c > w.maxRows {
		w.maxRows = c
	}
	if el > 50*time.Millisecond {
		w.t.Logf("%s took %v: %d rows made, %d pivots; result %d blocks", name, el, after.Combined-before.Combined, after.Pivots-before.Pivots, len(r.blocks))
		for _, b := range r.blocks {
			b.p.minimize()
			w.t.Logf("  block %v: %d eqs %d ineqs, %d lines %d rays", b.dims, len(b.p.eqs), len(b.p.ineqs), len(b.p.lines), len(b.p.rays))
		}
	}
	if el > 5*time.Second {
		w.t.Fatalf("%s took %v", name, el) // a hang, whatever the load
	}
	for _, b := range r.blocks {
		b.p.minimize()
		for _, rs := range [][]vec{b.p.eqs, b.p.ineqs} {
			for _, row := range rs {
				for _, x := range row {
					if x.bitLen() > wrapMaxBits {
						w.t.Fatalf("%s: a coefficient of %d bits", name, x.bitLen())
					}
					if x.bitLen() > w.maxBits {
						w.maxBits = x.bitLen()
					}
				}
			}
		}
	}
	return r
}

// wrapTo returns a after x_dim := e mod 2^32 (unsigned) or its signed
// reinterpretation, as the front end models it. ks is the range of the
// quotient k.
func (w *wrapRun) wrapTo(a Poly, dim numeric.Dim, e numeric.LinExpr, signed bool, klo, khi int64) Poly {
	k := numeric.Var(wK)
	r := e.Sub(k.Scale(numeric.I(two32))) // e - 2^32 k
	lo, hi := int64(0), two32-1
	if signed {
		lo, hi = -two32/2, two32/2-1
	}
	a = w.op("Forget", func() Poly { return w.d.Forget(a, wK) })
	a = w.op("Assume", func() Poly {
		return w.d.Assume(a, numeric.Ge(k, numeric.Const(klo)), numeric.Le(k, numeric.Const(khi)),
			numeric.Ge(r, numeric.Const(lo)), numeric.Le(r, numeric.Const(hi)))
	})
	a = w.op("Assign", func() Poly { return w.d.Assign(a, []numeric.Dim{dim}, []numeric.LinExpr{r}) })
	w.op("IsBottom", func() Poly { w.d.IsBottom(a); return a }) // with the quotient alive
	return w.op("Forget", func() Poly { return w.d.Forget(a, wK) })
}

// wrapConcrete returns v mod 2^32 as unsigned or signed.
func wrapConcrete(v int64, signed bool) int64 {
	m := ((v % two32) + two32) % two32
	if signed && m >= two32/2 {
		m -= two32
	}
	return m
}

// contains reports whether the concrete state p is in a.
func (w *wrapRun) contains(a Poly, p [wDims]int64) bool {
	for _, c := range w.d.Constraints(a) {
		e := c.Expr()
		v := e.Constant()
		for _, t := range e.Terms() {
			if t.Dim != wK {
				v = v.Add(t.Coef.Mul(numeric.I(p[t.Dim])))
			}
		}
		if c.Kind() == numeric.EQ && !v.IsZero() || v.Sign() > 0 {
			return false
		}
	}
	return true
}

// step runs one random statement from a, concretely on pts (those that
// take the branch, for a guard), and returns the new value and states.
func (w *wrapRun) step(rng *rand.Rand, a Poly, pts [][wDims]int64, depth int) (Poly, [][wDims]int64) {
	x, u, v := numeric.Var(wX), numeric.Var(wU), numeric.Var(wV)
	small := func() int64 { return rng.Int63n(11) - 5 }
	switch c := rng.Intn(7); {
	case c == 0 || c == 1: // u or v := a u + b v + c x + d, mod 2^32
		ca, cb, cx, cc := small(), small(), small(), rng.Int63n(2*two32)-two32
		if c == 0 {
			ca, cb, cx = 1, 0, 0
		}
		dst := numeric.Dim(wU)
		if rng.Intn(2) == 0 {
			dst = wV
		}
		e := u.Scale(numeric.I(ca)).Add(v.Scale(numeric.I(cb))).Add(x.Scale(numeric.I(cx))).AddConst(numeric.I(cc))
		// e ranges over [min, max] for u, v in [0, 2^32) and x in
		// [-2^31, 2^31): k in floor(./2^32).
		mn, mx := cc, cc
		for _, k := range []int64{ca, cb} {
			if k < 0 {
				mn += k * (two32 - 1)
			} else {
				mx += k * (two32 - 1)
			}
		}
		if cx < 0 {
			mn, mx = mn+cx*(two32/2-1), mx-cx*two32/2
		} else {
			mn, mx = mn-cx*two32/2, mx+cx*(two32/2-1)
		}
		a = w.wrapTo(a, dst, e, false, floorDiv(mn, two32), floorDiv(mx, two32))
		for i := range pts {
			pts[i][dst] = wrapConcrete(ca*pts[i][wU]+cb*pts[i][wV]+cx*pts[i][wX]+cc, false)
		}
	case c == 2: // x := (int) u, or v := (unsigned) x + c
		if rng.Intn(2) == 0 {
			a = w.wrapTo(a, wX, u, true, 0, 1)
			for i := range pts {
				pts[i][wX] = wrapConcrete(pts[i][wU], true)
			}
		} else {
			cc := small()
			a = w.wrapTo(a, wV, x.AddConst(numeric.I(cc)), false, -1, 1)
			for i := range pts {
				pts[i][wV] = wrapConcrete(pts[i][wX]+cc, false)
			}
		}
	case c == 5 && depth < 3: // if (x == (int) u) S1 else S2, kept as x = u - 2^32 k
		k := numeric.Var(wK)
		eq := []numeric.Constraint{numeric.Eq(x, u.Sub(k.Scale(numeric.I(two32)))),
			numeric.Ge(k, numeric.Const(0)), numeric.Le(k, numeric.Const(1))}
		var in, out [][wDims]int64
		for _, p := range pts {
			if p[wX] == wrapConcrete(p[wU], true) {
				in = append(in, p)
			} else {
				out = append(out, p)
			}
		}
		t := w.op("Forget", func() Poly { return w.d.Forget(a, wK) })
		t = w.op("Assume", func() Poly { return w.d.Assume(t, eq...) })
		w.op("IsBottom", func() Poly { w.d.IsBottom(t); return t })
		t = w.op("Forget", func() Poly { return w.d.Forget(t, wK) })
		t, in = w.step(rng, t, in, depth+1)
		f, out := w.step(rng, a, out, depth+1)
		a = w.op("Join", func() Poly { return w.d.Join(t, f) })
		pts = append(in, out...)
	case c == 3 && depth < 3: // if (g) S1 else S2
		// A guard on a combination of the variables, as C comparisons
		// of wrapped values give.
		comb := x.Scale(numeric.I(small())).Add(u.Scale(numeric.I(small()))).Add(v.Scale(numeric.I(small())))
		g := numeric.Le(comb, numeric.Const(rng.Int63n(2*two32)-two32))
		if rng.Intn(3) == 0 {
			g = numeric.Ge(u, numeric.Const(rng.Int63n(two32)))
		}
		var in, out [][wDims]int64
		for _, p := range pts {
			if holds(g, p) {
				in = append(in, p)
			} else {
				out = append(out, p)
			}
		}
		t := w.op("Assume", func() Poly { return w.d.Assume(a, g) })
		ng, _ := g.Negate() // an inequality: always one constraint
		f := w.op("Assume", func() Poly { return w.d.Assume(a, ng) })
		t, in = w.step(rng, t, in, depth+1)
		f, out = w.step(rng, f, out, depth+1)
		a = w.op("Join", func() Poly { return w.d.Join(t, f) })
		w.op("Leq", func() Poly {
			if !w.d.Leq(t, a) || !w.d.Leq(f, a) {
				w.t.Fatal("a branch is not below the join")
			}
			return a
		})
		pts = append(in, out...)
	case c == 4 && depth < 2: // a loop head: widen with one more iteration
		b, pts2 := w.step(rng, a, append([][wDims]int64(nil), pts...), depth+1)
		j := w.op("Join", func() Poly { return w.d.Join(a, b) })
		a = w.op("Widen", func() Poly { return w.d.Widen(a, j) })
		pts = append(pts, pts2...)
	default: // x := x + c (signed, wraps)
		cc := small()
		a = w.wrapTo(a, wX, x.AddConst(numeric.I(cc)), true, -1, 1)
		for i := range pts {
			pts[i][wX] = wrapConcrete(pts[i][wX]+cc, true)
		}
	}
	w.op("IsBottom", func() Poly {
		if w.d.IsBottom(a) && len(pts) > 0 {
			w.t.Fatal("IsBottom of a value with concrete states")
		}
		return a
	})
	for _, p := range pts {
		if !w.contains(a, p) {
			w.t.Fatalf("concrete state %v not in %s", p, w.d.String(a, nil))
		}
	}
	return a, pts
}

func holds(c numeric.Constraint, p [wDims]int64) bool {
	e := c.Expr()
	v := e.Constant()
	for _, t := range e.Terms() {
		v = v.Add(t.Coef.Mul(numeric.I(p[t.Dim])))
	}
	if c.Kind() == numeric.EQ {
		return v.IsZero()
	}
	return v.Sign() <= 0
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// TestWrapAroundPrograms runs random wrap-around programs (see the top of
// the file).
func TestWrapAroundPrograms(t *testing.T) {
	programs, steps := 30, 16
	if testing.Short() {
		programs = 8
	}
	w := &wrapRun{t: t, d: New()}
	rng := rand.New(rand.NewSource(18))
	for p := 0; p < programs; p++ {
		a := w.d.Top(wDims)
		x, u, v := numeric.Var(wX), numeric.Var(wU), numeric.Var(wV)
		a = w.op("Assume", func() Poly {
			return w.d.Assume(a, numeric.Ge(x, numeric.Const(-two32/2)), numeric.Le(x, numeric.Const(two32/2-1)),
				numeric.Ge(u, numeric.Const(0)), numeric.Le(u, numeric.Const(two32-1)),
				numeric.Ge(v, numeric.Const(0)), numeric.Le(v, numeric.Const(two32-1)))
		})
		var pts [][wDims]int64
		for i := 0; i < 6; i++ {
			pts = append(pts, [wDims]int64{rng.Int63n(two32) - two32/2, rng.Int63n(two32), rng.Int63n(two32)})
		}
		for s := 0; s < steps; s++ {
			a, pts = w.step(rng, a, pts, 0)
		}
	}
	st := w.d.Stats()
	t.Logf("%d operations; slowest %s %v; at most %d rows made in one; coefficients up to %d bits; %s", w.ops, w.slowOp, w.slowest, w.maxRows, w.maxBits, st)
	if st.Emptiness.Count == 0 || st.Combined == 0 {
		t.Error("the programs exercise neither emptiness tests nor conversions")
	}
}
