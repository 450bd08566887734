package octagon_test

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/octagon"
)

func TestClosureDerivesTransitiveBound(t *testing.T) {
	d := octagon.New()
	env := numeric.MustEnv("x", "y", "z")
	o := parse(t, env, "x - y <= 1, y - z <= 2")
	c, _ := numeric.ParseConstraint("x - z <= 3", env)
	if !d.Entails(o, c) {
		t.Errorf("%s does not entail %s", d.String(o, env), c.String(env))
	}
	c4, _ := numeric.ParseConstraint("x - z <= 2", env)
	if d.Entails(o, c4) {
		t.Errorf("%s entails %s", d.String(o, env), c4.String(env))
	}
	// Through a sum: x + y <= 4 and z - y <= -1 give x + z <= 3.
	o = parse(t, env, "x + y <= 4, z - y <= -1")
	xz, _ := numeric.ParseLinExpr("x + z", env)
	if got := d.Bound(o, xz); got.Hi.Cmp(numeric.B(3)) != 0 {
		t.Errorf("Bound(x + z) = %s, want hi 3", got)
	}
}

func TestIntegerTightening(t *testing.T) {
	d := octagon.New()
	env := numeric.MustEnv("x", "y")
	// 2x <= 3 derived from x + y <= 3 and x - y <= 0: over the
	// integers x <= 1, hence also y >= x... and x + y <= 3 stays.
	o := parse(t, env, "x + y <= 3, x - y <= 0")
	if got := d.Bound(o, numeric.Var(0)); got.Hi.Cmp(numeric.B(1)) != 0 {
		t.Errorf("Bound(x) = %s, want hi 1 (tightened from 3/2)", got)
	}
	// x + y = 1 and x - y = 0 has no integer solution (x = 1/2).
	o = parse(t, env, "x + y = 1, x - y = 0")
	if !d.IsBottom(o) {
		t.Errorf("x + y = 1 && x = y is %s, want bottom (no integer point)", d.String(o, env))
	}
}

func TestEmptiness(t *testing.T) {
	d := octagon.New()
	env := numeric.MustEnv("x", "y", "z")
	for _, src := range []string{
		"x <= 0, x >= 1",
		"x - y <= -1, y - z <= -1, z - x <= 1",
		"x + y <= 0, x >= 1, y >= 0",
	} {
		if o := parse(t, env, src); !d.IsBottom(o) {
			t.Errorf("%s: got %s, want bottom", src, d.String(o, env))
		}
	}
	if o := parse(t, env, "x - y <= -1, y - z <= -1, z - x <= 2"); d.IsBottom(o) {
		t.Errorf("a zero-weight cycle is not empty")
	}
}

// points enumerates the integer points of [-r, r]^n.
func points(n int, r int64, f func(p []numeric.Int)) {
	p := make([]numeric.Int, n)
	var rec func(d int)
	rec = func(d int) {
		if d == n {
			f(p)
			return
		}
		for v := -r; v <= r; v++ {
			p[d] = numeric.I(v)
			rec(d + 1)
		}
	}
	rec(0)
}

func sat(cs []numeric.Constraint, p []numeric.Int) bool {
	for _, c := range cs {
		if !c.Sat(p) {
			return false
		}
	}
	return true
}

func key(p []numeric.Int) string { return fmt.Sprint(p) }

// randOct returns random octagonal constraints over n dims inside the box
// [-3, 3]^n.
func randOct(rng *rand.Rand, n int) []numeric.Constraint {
	var cs []numeric.Constraint
	for x := 0; x < n; x++ {
		v := numeric.Var(numeric.Dim(x))
		cs = append(cs, numeric.Le(v, numeric.Const(3)), numeric.Ge(v, numeric.Const(-3)))
	}
	for k := rng.Intn(5); k > 0; k-- {
		x, y := rng.Intn(n), rng.Intn(n)
		e := numeric.Var(numeric.Dim(x)).Scale(numeric.I(int64(1 - 2*rng.Intn(2))))
		if x != y && rng.Intn(3) > 0 {
			e = e.Add(numeric.Var(numeric.Dim(y)).Scale(numeric.I(int64(1 - 2*rng.Intn(2)))))
		}
		kind := numeric.LE
		if rng.Intn(6) == 0 {
			kind = numeric.EQ
		}
		cs = append(cs, numeric.NewConstraint(e.AddConst(numeric.I(rng.Int63n(9)-4)), kind))
	}
	return cs
}

// TestAssumeExact: octagonal constraints are represented exactly, so
// Constraints(Assume(Top, cs)) has exactly the integer points of cs.
func TestAssumeExact(t *testing.T) {
	d := octagon.New()
	rng := rand.New(rand.NewSource(1))
	for c := 0; c < 300; c++ {
		n := 1 + rng.Intn(3)
		cs := randOct(rng, n)
		o := d.Assume(d.Top(n), cs...)
		check(t, o)
		got := d.Constraints(o)
		points(n, 4, func(p []numeric.Int) {
			if sat(cs, p) != sat(got, p) {
				t.Fatalf("case %d: point %v: in cs %v, in result %v\ncs = %s\nresult = %s",
					c, p, sat(cs, p), sat(got, p), numeric.ConjString(cs, nil), d.String(o, nil))
			}
		})
	}
}

// TestOctagonalOpsExact checks the exact transfer functions against the
// concrete images of all points: x := ±y + c, x := ±x + c, x := c,
// Forget, and Bound of octagonal expressions.
func TestOctagonalOpsExact(t *testing.T) {
	d := octagon.New()
	rng := rand.New(rand.NewSource(2))
	for c := 0; c < 300; c++ {
		n := 1 + rng.Intn(3)
		cs := randOct(rng, n)
		o := d.Assume(d.Top(n), cs...)
		x := numeric.Dim(rng.Intn(n))
		y := numeric.Dim(rng.Intn(n))
		k := numeric.I(rng.Int63n(5) - 2)
		var e numeric.LinExpr
		switch rng.Intn(3) {
		case 0:
			e = numeric.Var(y).AddConst(k)
		case 1:
			e = numeric.Var(y).Neg().AddConst(k)
		default:
			e = numeric.ConstInt(k)
		}
		ops := []struct {
			name string
			res  *octagon.Octagon
			img  func(p []numeric.Int) []numeric.Int
		}{
			{fmt.Sprintf("x%d := %s", x, e.String(nil)), d.Assign(o, []numeric.Dim{x}, []numeric.LinExpr{e}),
				func(p []numeric.Int) []numeric.Int {
					q := append([]numeric.Int(nil), p...)
					q[x] = e.Eval(p)
					return q
				}},
		}
		for _, op := range ops {
			check(t, op.res)
			img := map[string]bool{}
			points(n, 3, func(p []numeric.Int) {
				if sat(cs, p) {
					img[key(op.img(p))] = true
				}
			})
			got := d.Constraints(op.res)
			points(n, 6, func(q []numeric.Int) {
				if img[key(q)] != sat(got, q) {
					t.Fatalf("case %d: %s: point %v: in image %v, in result %v\na = %s\nresult = %s",
						c, op.name, q, img[key(q)], sat(got, q), d.String(o, nil), d.String(op.res, nil))
				}
			})
		}
		// Forget x: the projection, checked on the remaining coordinates.
		f := d.Forget(o, x)
		check(t, f)
		proj := map[string]bool{}
		points(n, 3, func(p []numeric.Int) {
			if sat(cs, p) {
				q := append([]numeric.Int(nil), p...)
				q[x] = numeric.I(0)
				proj[key(q)] = true
			}
		})
		fc := d.Constraints(f)
		points(n, 3, func(q []numeric.Int) {
			if q[x].Sign() == 0 && proj[key(q)] != sat(fc, q) {
				t.Fatalf("case %d: Forget(x%d): point %v: in projection %v, in result %v\na = %s\nresult = %s",
					c, x, q, proj[key(q)], sat(fc, q), d.String(o, nil), d.String(f, nil))
			}
		})
		// Bound of ±x ± y + k is the exact range over the points.
		be := numeric.Var(x).Scale(numeric.I(int64(1 - 2*rng.Intn(2)))).AddConst(k)
		if y != x {
			be = be.Add(numeric.Var(y).Scale(numeric.I(int64(1 - 2*rng.Intn(2)))))
		}
		lo, hi, any := int64(1<<62), int64(-1<<62), false
		points(n, 3, func(p []numeric.Int) {
			if sat(cs, p) {
				v, _ := be.Eval(p).Int64()
				lo, hi, any = min(lo, v), max(hi, v), true
			}
		})
		r := d.Bound(o, be)
		if !any {
			if !r.IsEmpty() {
				t.Fatalf("case %d: Bound(%s) = %s on an empty octagon", c, be.String(nil), r)
			}
			continue
		}
		if r.Lo.Cmp(numeric.B(lo)) != 0 || r.Hi.Cmp(numeric.B(hi)) != 0 {
			t.Fatalf("case %d: Bound(%s) = %s, want [%d, %d]\na = %s", c, be.String(nil), r, lo, hi, d.String(o, nil))
		}
	}
}

// TestWidenChainStabilises runs the loop i = j = 0; while (...) { i++; j++ }
// through widening: it must stabilise after one increase, keeping i = j.
func TestWidenChainStabilises(t *testing.T) {
	d := octagon.New()
	env := numeric.MustEnv("i", "j")
	x := parse(t, env, "i = 0, j = 0")
	increases := 0
	one := numeric.I(1)
	for step := 0; step < 50; step++ {
		body := d.Assign(x, []numeric.Dim{0, 1}, []numeric.LinExpr{numeric.Var(0).AddConst(one), numeric.Var(1).AddConst(one)})
		nx := d.Widen(x, d.Join(x, body))
		check(t, nx)
		if !d.Leq(x, nx) {
			t.Fatalf("step %d: widening is not increasing", step)
		}
		if !d.Leq(nx, x) {
			increases++
		}
		x = nx
	}
	if increases != 1 {
		t.Errorf("%d strict increases, want 1", increases)
	}
	if want := parse(t, env, "i >= 0, j = i"); !d.Equal(x, want) {
		t.Errorf("limit = %s, want %s", d.String(x, env), d.String(want, env))
	}
}
