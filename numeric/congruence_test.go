package numeric_test

import (
	"math/rand"
	"testing"

	"github.com/numpred/numpred/numeric"
)

// TestNewCongruenceKeepsItsPoints: the normalised congruence holds at
// exactly the points where e is a multiple of m, on a grid; it says
// nothing (ok false) only when it holds everywhere.
func TestNewCongruenceKeepsItsPoints(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	for round := 0; round < 2000; round++ {
		e := numeric.NewLinExpr(numeric.I(int64(r.Intn(21)-10)),
			numeric.Term{Dim: 0, Coef: numeric.I(int64(r.Intn(13) - 6))},
			numeric.Term{Dim: 1, Coef: numeric.I(int64(r.Intn(13) - 6))})
		m := numeric.I(int64(r.Intn(9) - 4))
		if m.IsZero() {
			continue
		}
		c, ok := numeric.NewCongruence(e, m)
		everywhere := true
		for x := int64(-9); x <= 9; x++ {
			for y := int64(-9); y <= 9; y++ {
				p := []numeric.Int{numeric.I(x), numeric.I(y)}
				want := e.Eval(p).Divisible(m)
				everywhere = everywhere && want
				if ok && c.Holds(p) != want {
					t.Fatalf("%s ≡ 0 mod %s normalised to %s: at %v %v, want %v", e.String(nil), m, c.String(nil), p, !want, want)
				}
			}
		}
		if ok == everywhere {
			t.Fatalf("%s ≡ 0 mod %s: ok %v, but it holds everywhere: %v", e.String(nil), m, ok, everywhere)
		}
		if ok && (c.Mod().Cmp(numeric.I(2)) < 0 || c.Expr().Constant().Sign() < 0 || c.Expr().Constant().Cmp(c.Mod()) >= 0) {
			t.Fatalf("%s: not normalised", c.String(nil))
		}
	}
}
