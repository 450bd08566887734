package numeric_test

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/numpred/numpred/numeric"
)

// TestKey checks that keys are equal exactly when constraints are, on
// random constraints with small and huge coefficients.
func TestKey(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	huge := numeric.IntFromBig(new(big.Int).Lsh(big.NewInt(1), 70))
	coef := func() numeric.Int {
		switch rng.IntN(6) {
		case 0:
			return huge
		case 1:
			return huge.Neg()
		}
		return numeric.I(int64(rng.IntN(7) - 3))
	}
	var cs []numeric.Constraint
	for i := 0; i < 400; i++ {
		e := numeric.ConstInt(coef())
		for j := 0; j < rng.IntN(3); j++ {
			e = e.Add(numeric.Var(numeric.Dim(rng.IntN(3))).Scale(coef()))
		}
		cs = append(cs, numeric.NewConstraint(e, []numeric.Kind{numeric.LE, numeric.EQ}[rng.IntN(2)]))
	}
	equal := 0
	for _, a := range cs {
		for _, b := range cs {
			if a.Equal(b) != (a.Key() == b.Key()) {
				t.Fatalf("%s and %s: Equal %v, keys equal %v", a.String(nil), b.String(nil), a.Equal(b), a.Key() == b.Key())
			}
			if a.Equal(b) {
				equal++
			}
		}
	}
	if equal == len(cs) {
		t.Error("no two distinct constraints were equal: the test compares nothing")
	}
}
