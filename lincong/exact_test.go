package lincong_test

import (
	"testing"

	"github.com/numpred/numpred/lincong"
	"github.com/numpred/numpred/numeric"
)

func pt(xs ...int64) []numeric.Int {
	p := make([]numeric.Int, len(xs))
	for i, x := range xs {
		p[i] = numeric.I(x)
	}
	return p
}

func lin(t *testing.T, src string, env *numeric.Env) numeric.LinExpr {
	t.Helper()
	e, err := numeric.ParseLinExpr(src, env)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestJoinOfPoints: the join of two points is the lattice through them,
// not the line: (0,0) and (2,1) give x = 2y, and (0,0) and (2,0) give
// x ≡ 0 mod 2 on y = 0.
func TestJoinOfPoints(t *testing.T) {
	d := lincong.New()
	env := numeric.MustEnv("x", "y")
	for _, tc := range []struct {
		p, q []numeric.Int
		want string
	}{
		{pt(0, 0), pt(2, 1), "x - 2y = 0"},
		{pt(0, 0), pt(2, 0), "y = 0 && x ≡ 0 (mod 2)"},
		{pt(1, 1), pt(1, 1), "x = 1 && y = 1"},
		{pt(1, 0), pt(4, 6), "2x - y = 2 && x + 2 ≡ 0 (mod 3)"},
	} {
		got := d.Join(lincong.Point(tc.p), lincong.Point(tc.q))
		if err := d.SanityCheck(got); err != nil {
			t.Fatal(err)
		}
		if s := d.String(got, env); s != tc.want {
			t.Errorf("Join(%v, %v) = %s, want %s", tc.p, tc.q, s, tc.want)
		}
	}
}

// TestSwapLoop: a := 1; b := 2; i := 0; while (*) { t := a; a := b;
// b := t; i := i + 1 } has the invariant a + b = 3, a - i ≡ 1 (mod 2);
// at i = 10000 it gives a ≡ 1 (mod 2).
func TestSwapLoop(t *testing.T) {
	d := lincong.New()
	env := numeric.MustEnv("a", "b", "i", "t")
	head := lincong.Point(pt(1, 2, 0, 0))
	dims := func(names ...string) []numeric.Dim {
		var ds []numeric.Dim
		for _, n := range names {
			x, _ := env.Lookup(n)
			ds = append(ds, x)
		}
		return ds
	}
	steps := 0
	for {
		body := d.Assign(head, dims("t"), []numeric.LinExpr{lin(t, "a", env)})
		body = d.Assign(body, dims("a", "b", "i"), []numeric.LinExpr{lin(t, "b", env), lin(t, "t", env), lin(t, "i + 1", env)})
		next := d.Widen(head, d.Join(head, body))
		if d.Equal(next, head) {
			break
		}
		head = next
		if steps++; steps > 10 {
			t.Fatal("no fixpoint after 10 widenings")
		}
	}
	head = d.Forget(head, dims("t")...)
	if s, want := d.String(head, env), "a + b = 3 && a + i + 1 ≡ 0 (mod 2)"; s != want {
		t.Errorf("loop head: %s, want %s", s, want)
	}
	exit := d.Assume(head, numeric.MustParseConstraints("i = 10000", env)...)
	if m, r := exit.Class(0); m.Cmp(numeric.I(2)) != 0 || r.Cmp(numeric.I(1)) != 0 {
		t.Errorf("at i = 10000: a ≡ %s mod %s, want a ≡ 1 mod 2", r, m)
	}
	if d.Contains(exit, pt(2, 1, 10000, 0)) || !d.Contains(exit, pt(1, 2, 10000, 5)) {
		t.Errorf("at i = 10000: %s", d.String(exit, env))
	}
}

// TestAssumeSolves: equalities are solved over the integers.
func TestAssumeSolves(t *testing.T) {
	d := lincong.New()
	env := numeric.MustEnv("x", "t", "y")
	for _, tc := range []struct{ src, want string }{
		{"x = 2t", "x - 2t = 0"},
		{"x = 2t + 1, y = 3x", "x - 2t = 1 && 3x - y = 0"},
		{"x = 4t + 1, x = 6y + 3", "x - 4t = 1 && x - 6y = 3"},
		{"x = 4t + 1, x = 6y", "false"},
		{"x = 3, x <= 2", "false"},
		{"x <= 2", "true"},
		{"2x = 3t + 1", "2x - 3t = 1"},
	} {
		got := d.Assume(d.Top(3), numeric.MustParseConstraints(tc.src, env)...)
		if err := d.SanityCheck(got); err != nil {
			t.Fatal(err)
		}
		if s := d.String(got, env); s != tc.want {
			t.Errorf("Assume(%s) = %s, want %s", tc.src, s, tc.want)
		}
	}
}
