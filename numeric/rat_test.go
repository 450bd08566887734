package numeric_test

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/numpred/numpred/numeric"
)

func TestRatNormalForm(t *testing.T) {
	tests := []struct {
		n, d     int64
		num, den int64
		str      string
	}{
		{6, 4, 3, 2, "3/2"},
		{-6, 4, -3, 2, "-3/2"},
		{6, -4, -3, 2, "-3/2"},
		{-6, -4, 3, 2, "3/2"},
		{0, -5, 0, 1, "0"},
		{10, 5, 2, 1, "2"},
	}
	for _, tt := range tests {
		r := numeric.R(numeric.I(tt.n), numeric.I(tt.d))
		if r.Num().Cmp(numeric.I(tt.num)) != 0 || r.Den().Cmp(numeric.I(tt.den)) != 0 || r.String() != tt.str {
			t.Errorf("R(%d, %d) = %s (%s/%s), want %s", tt.n, tt.d, r, r.Num(), r.Den(), tt.str)
		}
	}
	var zero numeric.Rat
	if zero.Sign() != 0 || !zero.IsInt() || zero.Den().Cmp(numeric.I(1)) != 0 || zero.String() != "0" {
		t.Errorf("zero Rat = %s", zero)
	}
	defer func() {
		if recover() == nil {
			t.Errorf("R(1, 0) did not panic")
		}
	}()
	numeric.R(numeric.I(1), numeric.I(0))
}

func TestRatAgainstBig(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	rat := func() (numeric.Rat, *big.Rat) {
		n, d := randBig(rng), randBig(rng)
		if d.Sign() == 0 {
			d = big.NewInt(1)
		}
		return numeric.R(numeric.IntFromBig(n), numeric.IntFromBig(d)), new(big.Rat).SetFrac(n, d)
	}
	for i := 0; i < 5000; i++ {
		x, a := rat()
		y, b := rat()
		eq := func(op string, got numeric.Rat, want *big.Rat) {
			t.Helper()
			if got.Big().Cmp(want) != 0 || got.Den().Sign() <= 0 || got.Num().GCD(got.Den()).Cmp(numeric.I(1)) != 0 {
				t.Fatalf("%s = %s, want %s (in lowest terms)", op, got, want.RatString())
			}
		}
		eq("x", x, a)
		eq("x + y", x.Add(y), new(big.Rat).Add(a, b))
		eq("x - y", x.Sub(y), new(big.Rat).Sub(a, b))
		eq("x * y", x.Mul(y), new(big.Rat).Mul(a, b))
		eq("-x", x.Neg(), new(big.Rat).Neg(a))
		if y.Sign() != 0 {
			eq("x / y", x.Quo(y), new(big.Rat).Quo(a, b))
		}
		if x.Cmp(y) != a.Cmp(b) || x.Sign() != a.Sign() || x.IsInt() != a.IsInt() {
			t.Fatalf("Cmp/Sign/IsInt disagree on %s, %s", x, y)
		}
		if x.String() != a.RatString() {
			t.Fatalf("String = %s, want %s", x, a.RatString())
		}
		fl := floorDiv(a.Num(), a.Denom())
		if x.Floor().Big().Cmp(fl) != 0 {
			t.Fatalf("Floor(%s) = %s, want %s", x, x.Floor(), fl)
		}
		ce := new(big.Int).Neg(floorDiv(new(big.Int).Neg(a.Num()), a.Denom()))
		if x.Ceil().Big().Cmp(ce) != 0 {
			t.Fatalf("Ceil(%s) = %s, want %s", x, x.Ceil(), ce)
		}
	}
}
