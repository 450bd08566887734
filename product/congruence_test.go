package product_test

import (
	"testing"

	"github.com/numpred/numpred/congruence"
	"github.com/numpred/numpred/interval"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/numeric/numerictest"
	"github.com/numpred/numpred/polyhedra"
	"github.com/numpred/numpred/product"
)

func TestCongruenceIntervalReduction(t *testing.T) {
	d := product.NewCongruence[interval.Box](interval.New())
	env := numeric.MustEnv("x", "t")
	for _, tc := range []struct{ src, want string }{
		{"x = 2t + 1, x >= 0, x <= 9", "x ≡ 1 mod 2 && x >= 1 && x <= 9 && t >= 0 && t <= 4"},
		{"x = 2t + 1, x >= 2, x <= 2", "false"},
		{"x = 2t + 1, x >= 2, x <= 4", "x = 3 && t = 1"},
		{"x = 4t, x >= -5, x <= 7", "x ≡ 0 mod 4 && x >= -4 && x <= 4 && t >= -1 && t <= 1"},
	} {
		got := d.Assume(d.Top(2), numeric.MustParseConstraints(tc.src, env)...)
		if err := d.SanityCheck(got); err != nil {
			t.Fatal(err)
		}
		if s := d.String(got, env); s != tc.want {
			t.Errorf("Assume(%s) = %s, want %s", tc.src, s, tc.want)
		}
	}
}

// TestParityOfRemainder: the front end lowers r = x % 2 to a quotient q
// with 0 <= x - 2q <= 1 (x >= 0) and r := x - 2q. With x even, the
// congruences give r ≡ 0 mod 2 and the relational bound 0 <= r <= 1,
// which only polyhedra keep, leaves r = 0: r != 0 is then infeasible.
func TestParityOfRemainder(t *testing.T) {
	env := numeric.MustEnv("x", "q", "r")
	d := product.NewCongruence[polyhedra.Poly](polyhedra.New())
	even := d.Assume(d.Top(3), numeric.MustParseConstraints("x = 2q, x >= 0", env)...)
	even = d.Forget(even, 1) // x ≡ 0 mod 2, x >= 0, q unknown
	div := d.Assume(even, numeric.MustParseConstraints("x - 2q >= 0, x - 2q <= 1", env)...)
	r := d.Assign(div, []numeric.Dim{2}, []numeric.LinExpr{numeric.Var(0).Sub(numeric.Var(1).Scale(numeric.I(2)))})
	if c := numeric.MustParseConstraints("r = 0", env)[0]; !d.Entails(r, c) {
		t.Errorf("%s does not entail r = 0", d.String(r, env))
	}
	// Intervals lose 0 <= x - 2q <= 1, so the same steps leave r open.
	di := product.NewCongruence[interval.Box](interval.New())
	ei := di.Forget(di.Assume(di.Top(3), numeric.MustParseConstraints("x = 2q, x >= 0", env)...), 1)
	ri := di.Assign(di.Assume(ei, numeric.MustParseConstraints("x - 2q >= 0, x - 2q <= 1", env)...), []numeric.Dim{2}, []numeric.LinExpr{numeric.Var(0).Sub(numeric.Var(1).Scale(numeric.I(2)))})
	if c := numeric.MustParseConstraints("r = 0", env)[0]; di.Entails(ri, c) {
		t.Errorf("congruence+interval unexpectedly entails r = 0 on %s", di.String(ri, env))
	}
}

// TestWidenWithThresholds: a product widens each component with the
// thresholds when it supports them, so that it keeps the bound its
// numeric component alone keeps (x <= 10 here), which the plain
// widening drops. (Without it, congruence+polyhedra lost the loop bound
// of count_by_1 that polyhedra keep.)
func TestWidenWithThresholds(t *testing.T) {
	env := numeric.MustEnv("x")
	d := product.NewCongruence[polyhedra.Poly](polyhedra.New())
	a := d.Assume(d.Top(1), numeric.MustParseConstraints("x >= 0, x <= 0", env)...)
	b := d.Assume(d.Top(1), numeric.MustParseConstraints("x >= 0, x <= 1", env)...)
	th := numeric.NewThresholds(10)
	x := numeric.Var(0)
	if got := numeric.WidenWith[product.Value[congruence.Value, polyhedra.Poly]](d, a, b, th); d.Bound(got, x).Hi.Cmp(numeric.BoundUp(numeric.I(10))) != 0 {
		t.Errorf("widening with threshold 10: %s, want x <= 10", d.String(got, env))
	}
	if got := d.Widen(a, b); d.Bound(got, x).Hi.IsFinite() {
		t.Errorf("plain widening: %s, want no upper bound", d.String(got, env))
	}
}

// TestLincongIntervalReduction: the lattice's relations carry a value
// the box fixes to other dimensions, whose bounds then fix them.
func TestLincongIntervalReduction(t *testing.T) {
	d := product.NewLincong[interval.Box](interval.New())
	env := numeric.MustEnv("a", "b", "i", "k")
	for _, tc := range []struct{ src, want string }{
		// a - i ≡ 1 (mod 2), a + b = 3, a, b ∈ [1, 2], i = 10000.
		{"a + b = 3, a = i + 1 + 2k, a >= 1, a <= 2, b >= 1, b <= 2, i = 10000", "a = 1 && b = 2 && i = 10000 && k = -5000"},
		{"a + b = 3, a = i + 1 + 2k, a >= 1, a <= 2, b >= 1, b <= 2, i = 9999", "a = 2 && b = 1 && i = 9999 && k = -4999"},
		{"a = 2k + 1, a >= 2, a <= 2", "false"},
		{"a = 4k, a >= -5, a <= 7", "a - 4k = 0 && a >= -4 && a <= 4 && k >= -1 && k <= 1"},
	} {
		got := d.Assume(d.Top(4), numeric.MustParseConstraints(tc.src, env)...)
		if err := d.SanityCheck(got); err != nil {
			t.Fatal(err)
		}
		if s := d.String(got, env); s != tc.want {
			t.Errorf("Assume(%s) = %s, want %s", tc.src, s, tc.want)
		}
	}
}

func TestLincongConformance(t *testing.T) {
	numerictest.Run(t, product.NewLincong[interval.Box](interval.New()), numerictest.Config{Cases: 500})
}
