package polyhedra

import (
	"testing"

	"github.com/numpred/numpred/numeric"
)

var env2 = numeric.MustEnv("x", "y")

func mk(t *testing.T, d *Domain, env *numeric.Env, src string) Poly {
	t.Helper()
	a := d.Assume(d.Top(env.Len()), numeric.MustParseConstraints(src, env)...)
	if err := d.SanityCheck(a); err != nil {
		t.Fatalf("%s: %v", src, err)
	}
	return a
}

func domains() map[string]*Domain {
	return map[string]*Domain{"decomposed": New(), "plain": New(WithoutDecomposition())}
}

// same checks a and the system src denote the same set.
func same(t *testing.T, d *Domain, env *numeric.Env, a Poly, src string) {
	t.Helper()
	if err := d.SanityCheck(a); err != nil {
		t.Fatalf("sanity: %v", err)
	}
	want := mk(t, d, env, src)
	if !d.Equal(a, want) {
		t.Errorf("got %s, want %s", d.String(a, env), d.String(want, env))
	}
}

func TestHullTwoPoints(t *testing.T) {
	for name, d := range domains() {
		t.Run(name, func(t *testing.T) {
			a := mk(t, d, env2, "x = 0, y = 0")
			b := mk(t, d, env2, "x = 2, y = 4")
			same(t, d, env2, d.Join(a, b), "y = 2x, 0 <= x, x <= 2")
		})
	}
}

func TestHullSquareAndPoint(t *testing.T) {
	for name, d := range domains() {
		t.Run(name, func(t *testing.T) {
			sq := mk(t, d, env2, "0 <= x, x <= 1, 0 <= y, y <= 1")
			pt := mk(t, d, env2, "x = 3, y = 0")
			// conv{(0,0),(1,0),(0,1),(1,1),(3,0)}: y >= 0, x >= 0, y <= 1, x + 2y <= 3.
			same(t, d, env2, d.Join(sq, pt), "y >= 0, x >= 0, y <= 1, x + 2y <= 3")
		})
	}
}

func TestWidenPointBySegment(t *testing.T) {
	env := numeric.MustEnv("x")
	for name, d := range domains() {
		t.Run(name, func(t *testing.T) {
			a := mk(t, d, env, "x = 0")
			b := mk(t, d, env, "0 <= x, x <= 1")
			same(t, d, env, d.Widen(a, b), "x >= 0")
		})
	}
}

func TestAssignOnTriangle(t *testing.T) {
	for name, d := range domains() {
		t.Run(name, func(t *testing.T) {
			tri := mk(t, d, env2, "x >= 0, y >= 0, x + y <= 4")
			r := d.Assign(tri, []numeric.Dim{0}, []numeric.LinExpr{numeric.Var(0).Add(numeric.Var(1))})
			// Image of (0,0),(4,0),(0,4) under (x,y) -> (x+y,y): (0,0),(4,0),(4,4).
			same(t, d, env2, r, "y >= 0, x <= 4, y <= x")
		})
	}
}
