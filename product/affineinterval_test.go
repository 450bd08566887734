package product_test

import (
	"strings"
	"testing"

	"github.com/numpred/numpred/affine"
	"github.com/numpred/numpred/interval"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/numeric/numerictest"
	"github.com/numpred/numpred/product"
)

func TestAffineIntervalReduction(t *testing.T) {
	d := product.NewAffineInterval()
	env := numeric.MustEnv("x", "y", "z")
	a := d.Assume(d.Top(3), numeric.MustParseConstraints("y = 2x, 0 <= x, x <= 10", env)...)
	for _, tc := range []struct{ e, want string }{
		{"y", "[0, 20]"},
		{"y - x", "[0, 10]"},
		{"y - 2x", "[0, 0]"},
		{"z", "[-oo, +oo]"},
	} {
		e, err := numeric.ParseLinExpr(tc.e, env)
		if err != nil {
			t.Fatal(err)
		}
		if got := d.Bound(a, e).String(); got != tc.want {
			t.Errorf("Bound(%s, %s) = %s, want %s", d.String(a, env), tc.e, got, tc.want)
		}
	}
	if c := numeric.MustParseConstraints("y - x <= 10", env)[0]; !d.Entails(a, c) {
		t.Errorf("%s does not entail %s", d.String(a, env), c.String(env))
	}
	// A bound that pins x becomes an equation, and through y = 2x + z
	// and z = 1 fixes y.
	b := d.Assume(d.Top(3), numeric.MustParseConstraints("y = 2x + z, x >= 3, x <= 3, z <= 1, z >= 1", env)...)
	if got, want := d.String(b, env), "x = 3 && y = 7 && z = 1"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	// The box bounds x to [0, 1]; the line x = 2y + 1 has no integer
	// point there with y in [0, 0]... only (1, 0).
	c := d.Assume(d.Top(3), numeric.MustParseConstraints("x = 2y + 1, 0 <= x, x <= 2, y >= 0", env)...)
	if got, want := d.String(c, env), "x = 1 && y = 0"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// The product is never less precise than its components on what both
// bound.
func TestAffineIntervalAtLeastComponents(t *testing.T) {
	d := product.NewAffineInterval()
	da, db := affine.New(), interval.New()
	env := numeric.MustEnv("x", "y", "z")
	for _, src := range []string{
		"y = 2x, 0 <= x, x <= 10",
		"x + y + z = 6, x >= 0, y >= 0, z >= 0, x <= 1",
		"x = y, y = z, z <= 4, x >= 4",
	} {
		cs := numeric.MustParseConstraints(src, env)
		p, a, b := d.Assume(d.Top(3), cs...), da.Assume(da.Top(3), cs...), db.Assume(db.Top(3), cs...)
		for _, es := range []string{"x", "y", "z", "x - y", "x + y + z", "2x - y"} {
			e, _ := numeric.ParseLinExpr(es, env)
			rp, ra, rb := d.Bound(p, e), da.Bound(a, e), db.Bound(b, e)
			for _, r := range []numeric.Range{ra, rb} {
				if rp.Lo.Less(r.Lo) || r.Hi.Less(rp.Hi) {
					t.Errorf("%s: Bound(%s) = %s is wider than a component's %s", src, es, rp, r)
				}
			}
		}
	}
}

// flippedReduction propagates the box through the equations with the
// sign of every variable term after the first flipped: a reduction bug.
func flippedReduction(a affine.Value, b interval.Box) (affine.Value, interval.Box) {
	var cs []numeric.Constraint
	for _, c := range affine.New().Constraints(a) {
		e := c.Expr()
		ts := e.Terms()
		for i := 1; i < len(ts); i++ {
			ts[i].Coef = ts[i].Coef.Neg()
		}
		cs = append(cs, numeric.NewConstraint(numeric.NewLinExpr(e.Constant(), ts...), numeric.EQ))
	}
	return a, interval.New().Assume(b, cs...)
}

func TestSuiteCatchesBrokenReduction(t *testing.T) {
	d := product.New[affine.Value, interval.Box](affine.New(), interval.New(), flippedReduction, nil)
	fs := numerictest.Failures[product.Value[affine.Value, interval.Box]](d, numerictest.Config{Cases: 300}, 1)
	for _, f := range fs {
		if strings.Contains(f, "is unsound") {
			return
		}
	}
	t.Errorf("suite did not report an unsound operation; it reported %d failures:\n%s", len(fs), strings.Join(fs, "\n"))
}

// TestAffineIntervalCascade: an equation with two unbounded dimensions
// bounds nothing and is left out of the propagation, but once another
// equation bounds one of them it must be used: z = u + x bounds z only
// after y = x + u (y and x bounded) has bounded u.
func TestAffineIntervalCascade(t *testing.T) {
	d := product.NewAffineInterval()
	env := numeric.MustEnv("x", "u", "y", "z")
	a := d.Assume(d.Top(4), numeric.MustParseConstraints("y = x + u, z = u + x, 0 <= x, x <= 10, 0 <= y, y <= 5", env)...)
	// The box itself must hold z's bounds after the one reduction of
	// Assume (Bound could rewrite z through the equations instead).
	var zBounds []string
	for _, c := range d.Constraints(a) {
		if e := c.Expr(); e.NumTerms() == 1 && e.Term(0).Dim == 3 {
			zBounds = append(zBounds, c.String(env))
		}
	}
	if len(zBounds) != 2 {
		t.Errorf("the box bounds z by %v, want a lower and an upper bound (%s)", zBounds, d.String(a, env))
	}
}
