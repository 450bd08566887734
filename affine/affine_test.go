package affine_test

import (
	"testing"

	"github.com/numpred/numpred/affine"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/numeric/numerictest"
)

func TestConformance(t *testing.T) {
	numerictest.Run(t, affine.New(), numerictest.Config{})
}

func TestConstraintsWith(t *testing.T) {
	d := affine.New()
	env := numeric.MustEnv("x", "y", "z", "w")
	a := d.Assume(d.Top(4), numeric.MustParseConstraints("y = 2x, w = x + y + z", env)...)
	bounded := map[numeric.Dim]bool{0: true}
	got := d.ConstraintsWith(a, func(x numeric.Dim) bool { return bounded[x] })
	if len(got) != 1 || got[0].Expr().Coef(1).IsZero() {
		t.Fatalf("with only x bounded: %v, want the one equation over x and y", got)
	}
	if n := len(d.ConstraintsWith(a, func(numeric.Dim) bool { return true })); n != 2 {
		t.Fatalf("with every dimension bounded: %d equations, want 2", n)
	}
	if n := len(d.ConstraintsWith(a, func(numeric.Dim) bool { return false })); n != 0 {
		t.Fatalf("with no dimension bounded: %d equations, want 0", n)
	}
}
