package numeric_test

import (
	"math"
	"math/big"
	"math/rand"
	"testing"

	"github.com/numpred/numpred/numeric"
)

// randBig returns a random integer drawn to hit the int64 fast path, its
// overflow boundaries and the big fallback.
func randBig(rng *rand.Rand) *big.Int {
	switch rng.Intn(8) {
	case 0:
		return big.NewInt(rng.Int63n(21) - 10)
	case 1:
		return big.NewInt(math.MaxInt64 - rng.Int63n(4))
	case 2:
		return big.NewInt(math.MinInt64 + rng.Int63n(4))
	case 3:
		return big.NewInt(rng.Int63() - rng.Int63())
	case 4: // around ±2^32, whose products straddle the int64 range
		v := big.NewInt(1<<32 + rng.Int63n(1<<20) - 1<<19)
		if rng.Intn(2) == 0 {
			v.Neg(v)
		}
		return v
	case 5: // just outside int64
		v := new(big.Int).Add(big.NewInt(math.MaxInt64), big.NewInt(rng.Int63n(4)+1))
		if rng.Intn(2) == 0 {
			v.Neg(v)
		}
		return v
	case 6: // far outside
		v := new(big.Int).Lsh(big.NewInt(rng.Int63()), uint(rng.Intn(100)))
		if rng.Intn(2) == 0 {
			v.Neg(v)
		}
		return v
	}
	return big.NewInt(rng.Int63n(1<<20) - 1<<19)
}

// check asserts that x has value want and the canonical representation
// (inline exactly when it fits in int64).
func checkInt(t *testing.T, op string, x numeric.Int, want *big.Int) {
	t.Helper()
	if x.Big().Cmp(want) != 0 {
		t.Fatalf("%s = %s, want %s", op, x, want)
	}
	if x.IsInt64() != want.IsInt64() {
		t.Fatalf("%s = %s: IsInt64 = %v, want %v", op, x, x.IsInt64(), want.IsInt64())
	}
	if v, ok := x.Int64(); ok != want.IsInt64() || (ok && v != want.Int64()) {
		t.Fatalf("%s: Int64() = %d, %v", op, v, ok)
	}
}

func floorDiv(x, y *big.Int) *big.Int {
	q, m := new(big.Int).QuoRem(x, y, new(big.Int))
	if m.Sign() != 0 && (m.Sign() < 0) != (y.Sign() < 0) {
		q.Sub(q, big.NewInt(1))
	}
	return q
}

func TestIntAgainstBig(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 20000; i++ {
		a, b := randBig(rng), randBig(rng)
		x, y := numeric.IntFromBig(a), numeric.IntFromBig(b)
		checkInt(t, "IntFromBig", x, a)
		checkInt(t, x.String()+" + "+y.String(), x.Add(y), new(big.Int).Add(a, b))
		checkInt(t, x.String()+" - "+y.String(), x.Sub(y), new(big.Int).Sub(a, b))
		checkInt(t, x.String()+" * "+y.String(), x.Mul(y), new(big.Int).Mul(a, b))
		checkInt(t, "-"+x.String(), x.Neg(), new(big.Int).Neg(a))
		checkInt(t, "|"+x.String()+"|", x.Abs(), new(big.Int).Abs(a))
		checkInt(t, "gcd", x.GCD(y), new(big.Int).GCD(nil, nil, new(big.Int).Abs(a), new(big.Int).Abs(b)))
		if got, want := x.Cmp(y), a.Cmp(b); got != want {
			t.Fatalf("Cmp(%s, %s) = %d, want %d", x, y, got, want)
		}
		if x.Sign() != a.Sign() || x.IsZero() != (a.Sign() == 0) {
			t.Fatalf("Sign(%s) = %d", x, x.Sign())
		}
		if x.String() != a.String() {
			t.Fatalf("String = %q, want %q", x.String(), a.String())
		}
		if p, ok := numeric.ParseInt(a.String()); !ok || p.Cmp(x) != 0 {
			t.Fatalf("ParseInt(%s) = %s, %v", a, p, ok)
		}
		if b.Sign() == 0 {
			continue
		}
		fl := floorDiv(a, b)
		checkInt(t, "FloorDiv("+x.String()+", "+y.String()+")", x.FloorDiv(y), fl)
		ce := new(big.Int).Neg(floorDiv(new(big.Int).Neg(a), b))
		checkInt(t, "CeilDiv("+x.String()+", "+y.String()+")", x.CeilDiv(y), ce)
		checkInt(t, "Mod("+x.String()+", "+y.String()+")", x.Mod(y), new(big.Int).Sub(a, new(big.Int).Mul(b, fl)))
		if got, want := x.Divisible(y), new(big.Int).Rem(a, b).Sign() == 0; got != want {
			t.Fatalf("Divisible(%s, %s) = %v", x, y, got)
		}
	}
}

func TestIntOverflowBoundaries(t *testing.T) {
	max, min := numeric.I(math.MaxInt64), numeric.I(math.MinInt64)
	one := numeric.I(1)
	two63 := new(big.Int).Lsh(big.NewInt(1), 63)
	tests := []struct {
		name string
		got  numeric.Int
		want *big.Int
	}{
		{"MaxInt64 + 1", max.Add(one), two63},
		{"MinInt64 - 1", min.Sub(one), new(big.Int).Sub(new(big.Int).Neg(two63), big.NewInt(1))},
		{"-MinInt64", min.Neg(), two63},
		{"|MinInt64|", min.Abs(), two63},
		{"MinInt64 * -1", min.Mul(numeric.I(-1)), two63},
		{"MinInt64 / -1", min.FloorDiv(numeric.I(-1)), two63},
		{"2^32 * 2^31", numeric.I(1 << 32).Mul(numeric.I(1 << 31)), two63},
		{"-2^32 * 2^31 fits", numeric.I(-1 << 32).Mul(numeric.I(1 << 31)), new(big.Int).Neg(two63)},
		{"(MaxInt64 + 1) - 1 is small again", max.Add(one).Sub(one), big.NewInt(math.MaxInt64)},
		{"gcd(MinInt64, 0)", min.GCD(numeric.I(0)), two63},
		{"0 - MinInt64", numeric.I(0).Sub(min), two63},
		{"MaxInt64 - MinInt64", max.Sub(min), new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 64), big.NewInt(1))},
	}
	for _, tt := range tests {
		checkInt(t, tt.name, tt.got, tt.want)
	}
	var zero numeric.Int
	if !zero.IsZero() || zero.String() != "0" || !zero.IsInt64() {
		t.Errorf("zero Int = %s", zero)
	}
	if _, ok := numeric.ParseInt("12x"); ok {
		t.Errorf("ParseInt(12x) succeeded")
	}
}

func TestExtGCD(t *testing.T) {
	I := numeric.I
	huge := I(1 << 62).Mul(I(12))
	for _, c := range [][2]numeric.Int{{I(0), I(0)}, {I(12), I(18)}, {I(-12), I(18)}, {I(7), I(-3)}, {I(0), I(-5)}, {huge, I(18)}, {I(-9), I(0)}} {
		x, y := c[0], c[1]
		g, s, u := x.ExtGCD(y)
		if g.Cmp(x.GCD(y)) != 0 || s.Mul(x).Add(u.Mul(y)).Cmp(g) != 0 {
			t.Errorf("ExtGCD(%s, %s) = %s, %s, %s", x, y, g, s, u)
		}
	}
}
