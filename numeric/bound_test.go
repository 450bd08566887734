package numeric_test

import (
	"math"
	"math/big"
	"math/rand"
	"testing"

	"github.com/numpred/numpred/numeric"
)

// randBound returns a finite bound, often near the ends of the range.
func randBound(rng *rand.Rand) numeric.Bound {
	switch rng.Intn(5) {
	case 0:
		return numeric.B(numeric.MaxFinite - rng.Int63n(4))
	case 1:
		return numeric.B(-numeric.MaxFinite + rng.Int63n(4))
	case 2:
		return numeric.B(rng.Int63n(21) - 10)
	case 3:
		return numeric.B(1<<32 - rng.Int63n(1<<33))
	}
	return numeric.B(rng.Int63() - rng.Int63())
}

func TestBoundRoundingAgainstExact(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for i := 0; i < 20000; i++ {
		b, c := randBound(rng), randBound(rng)
		sum := b.Int().Add(c.Int())
		if got, want := b.AddUp(c), numeric.BoundUp(sum); got != want {
			t.Fatalf("%s AddUp %s = %s, want %s (exact %s)", b, c, got, want, sum)
		}
		if got, want := b.AddDown(c), numeric.BoundDown(sum); got != want {
			t.Fatalf("%s AddDown %s = %s, want %s (exact %s)", b, c, got, want, sum)
		}
		k := randBound(rng)
		kv, _ := k.Int64()
		if rng.Intn(2) == 0 {
			kv = rng.Int63n(9) - 4
		}
		prod := b.Int().Mul(numeric.I(kv))
		if got, want := b.MulUp(kv), numeric.BoundUp(prod); got != want {
			t.Fatalf("%d MulUp %s = %s, want %s", kv, b, got, want)
		}
		if got, want := b.MulDown(kv), numeric.BoundDown(prod); got != want {
			t.Fatalf("%d MulDown %s = %s, want %s", kv, b, got, want)
		}
		if kv > 0 {
			if got, want := b.DivFloor(kv), numeric.BoundDown(b.Int().FloorDiv(numeric.I(kv))); got != want {
				t.Fatalf("%s DivFloor %d = %s, want %s", b, kv, got, want)
			}
			if got, want := b.DivCeil(kv), numeric.BoundUp(b.Int().CeilDiv(numeric.I(kv))); got != want {
				t.Fatalf("%s DivCeil %d = %s, want %s", b, kv, got, want)
			}
		}
		// Neg is exact on the symmetric finite range.
		if n := b.Neg(); n.Int().Cmp(b.Int().Neg()) != 0 || n.Neg() != b {
			t.Fatalf("Neg(%s) = %s", b, n)
		}
		if b.Cmp(c) != b.Int().Cmp(c.Int()) || b.Less(c) != (b.Cmp(c) < 0) {
			t.Fatalf("Cmp(%s, %s) = %d", b, c, b.Cmp(c))
		}
		if b.Min(c).Cmp(b) > 0 || b.Min(c).Cmp(c) > 0 || b.Max(c).Cmp(b) < 0 || b.Max(c).Cmp(c) < 0 {
			t.Fatalf("Min/Max(%s, %s)", b, c)
		}
	}
}

func TestBoundInfinities(t *testing.T) {
	inf, minf := numeric.PlusInf, numeric.MinusInf
	five := numeric.B(5)
	tests := []struct {
		name      string
		got, want numeric.Bound
	}{
		{"+oo AddUp 5", inf.AddUp(five), inf},
		{"-oo AddUp 5", minf.AddUp(five), minf},
		{"+oo AddUp -oo", inf.AddUp(minf), inf},
		{"+oo AddDown -oo", inf.AddDown(minf), minf},
		{"5 AddDown +oo", five.AddDown(inf), inf},
		{"+oo MulUp -2", inf.MulUp(-2), minf},
		{"-oo MulDown 3", minf.MulDown(3), minf},
		{"+oo MulUp 0", inf.MulUp(0), numeric.B(0)},
		{"-oo MulDown 0", minf.MulDown(0), numeric.B(0)},
		{"Neg +oo", inf.Neg(), minf},
		{"Neg -oo", minf.Neg(), inf},
		{"+oo DivFloor 3", inf.DivFloor(3), inf},
		{"-oo DivCeil 3", minf.DivCeil(3), minf},
		{"max AddUp 1 saturates", numeric.B(math.MaxInt64).AddUp(numeric.B(1)), inf},
		{"max AddDown 1 stays finite", numeric.B(math.MaxInt64).AddDown(numeric.B(1)), numeric.B(math.MaxInt64)},
		{"-max AddDown -1 saturates", numeric.B(-math.MaxInt64).AddDown(numeric.B(-1)), minf},
		{"-max AddUp -1 stays finite", numeric.B(-math.MaxInt64).AddUp(numeric.B(-1)), numeric.B(-math.MaxInt64)},
		{"2^62 MulUp 2 saturates", numeric.B(1 << 62).MulUp(2), inf},
		{"2^62 MulDown -2 saturates", numeric.B(1 << 62).MulDown(-2), minf},
		{"2^62 MulUp -2 is -max", numeric.B(1 << 62).MulUp(-2), numeric.B(-math.MaxInt64)},
		{"B(MinInt64) is -oo", numeric.B(math.MinInt64), minf},
		{"BoundUp(MinInt64)", numeric.BoundUp(numeric.I(math.MinInt64)), numeric.B(-math.MaxInt64)},
		{"BoundDown(MinInt64)", numeric.BoundDown(numeric.I(math.MinInt64)), minf},
		{"BoundUp(2^63)", numeric.BoundUp(numeric.IntFromBig(new(big.Int).Lsh(big.NewInt(1), 63))), inf},
		{"BoundDown(2^63)", numeric.BoundDown(numeric.IntFromBig(new(big.Int).Lsh(big.NewInt(1), 63))), numeric.B(math.MaxInt64)},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s = %s, want %s", tt.name, tt.got, tt.want)
		}
	}
	if !minf.Less(numeric.B(-math.MaxInt64)) || !numeric.B(math.MaxInt64).Less(inf) || inf.Cmp(inf) != 0 {
		t.Errorf("infinities are not ordered around the finite range")
	}
	if inf.IsFinite() || !inf.IsPlusInf() || !minf.IsMinusInf() || !five.IsFinite() {
		t.Errorf("IsFinite/IsPlusInf/IsMinusInf")
	}
	if _, ok := inf.Int64(); ok {
		t.Errorf("+oo.Int64() reports finite")
	}
	if inf.String() != "+oo" || minf.String() != "-oo" || numeric.B(-7).String() != "-7" {
		t.Errorf("String: %s %s %s", inf, minf, numeric.B(-7))
	}
}

func TestRange(t *testing.T) {
	max := numeric.I(math.MaxInt64)
	r := numeric.Range{Lo: numeric.B(-3), Hi: numeric.B(math.MaxInt64)}
	tests := []struct {
		r    numeric.Range
		v    numeric.Int
		want bool
	}{
		{r, numeric.I(-3), true},
		{r, numeric.I(-4), false},
		{r, max, true},
		{r, max.Add(numeric.I(1)), false}, // beyond the largest finite upper bound
		{numeric.Range{Lo: numeric.B(-math.MaxInt64), Hi: numeric.B(0)}, numeric.I(math.MinInt64), false},
		{numeric.FullRange, numeric.I(math.MinInt64).Sub(numeric.I(5)), true},
		{numeric.EmptyRange, numeric.I(0), false},
		{numeric.EmptyRange, numeric.I(1), false},
	}
	for _, tt := range tests {
		if got := tt.r.Contains(tt.v); got != tt.want {
			t.Errorf("%s.Contains(%s) = %v, want %v", tt.r, tt.v, got, tt.want)
		}
	}
	if !numeric.EmptyRange.IsEmpty() || numeric.FullRange.IsEmpty() || numeric.EmptyRange.String() != "empty" || numeric.FullRange.String() != "[-oo, +oo]" {
		t.Errorf("EmptyRange/FullRange: %s %s", numeric.EmptyRange, numeric.FullRange)
	}
}

func TestThresholds(t *testing.T) {
	th := numeric.NewThresholds(10, -5, 0, 10, 3)
	if got := []int64(th); len(got) != 4 || got[0] != -5 || got[1] != 0 || got[2] != 3 || got[3] != 10 {
		t.Fatalf("NewThresholds = %v, want [-5 0 3 10]", th)
	}
	tests := []struct {
		b            numeric.Bound
		above, below numeric.Bound
	}{
		{numeric.B(1), numeric.B(3), numeric.B(0)},
		{numeric.B(3), numeric.B(3), numeric.B(3)},
		{numeric.B(11), numeric.PlusInf, numeric.B(10)},
		{numeric.B(-6), numeric.B(-5), numeric.MinusInf},
		{numeric.PlusInf, numeric.PlusInf, numeric.PlusInf},
		{numeric.MinusInf, numeric.MinusInf, numeric.MinusInf},
	}
	for _, tt := range tests {
		if got := th.Above(tt.b); got != tt.above {
			t.Errorf("Above(%s) = %s, want %s", tt.b, got, tt.above)
		}
		if got := th.Below(tt.b); got != tt.below {
			t.Errorf("Below(%s) = %s, want %s", tt.b, got, tt.below)
		}
	}
	var none numeric.Thresholds
	if none.Above(numeric.B(0)) != numeric.PlusInf || none.Below(numeric.B(0)) != numeric.MinusInf {
		t.Errorf("empty thresholds do not go to infinity")
	}
}

func TestEnv(t *testing.T) {
	env, err := numeric.NewEnv("x", "y")
	if err != nil {
		t.Fatal(err)
	}
	if d, ok := env.Lookup("y"); !ok || d != 1 || env.Len() != 2 || env.Name(0) != "x" || env.Name(5) != "x5" {
		t.Errorf("Lookup/Len/Name wrong on %v", env.Names())
	}
	if _, ok := env.Lookup("z"); ok {
		t.Errorf("Lookup(z) found")
	}
	env2, err := env.Add("z")
	if err != nil || env2.Len() != 3 || env.Len() != 2 {
		t.Errorf("Add: %v, %v", env2.Names(), err)
	}
	if _, err := env.Add("x"); err == nil {
		t.Errorf("Add of a duplicate name succeeded")
	}
	if _, err := numeric.NewEnv("a", ""); err == nil {
		t.Errorf("NewEnv with an empty name succeeded")
	}
	var nilEnv *numeric.Env
	if nilEnv.Len() != 0 || nilEnv.Name(2) != "x2" || nilEnv.Names() != nil {
		t.Errorf("nil Env is not empty")
	}
	if _, ok := nilEnv.Lookup("x"); ok {
		t.Errorf("nil Env Lookup found a name")
	}
}
