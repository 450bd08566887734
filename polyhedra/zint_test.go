package polyhedra

import (
	"math"
	"math/big"
	"math/rand"
	"testing"
)

// randZ returns a random integer around the int64 and int128 boundaries
// or small, as a big.Int.
func randZ(rng *rand.Rand) *big.Int {
	switch rng.Intn(6) {
	case 0:
		return big.NewInt(rng.Int63n(21) - 10)
	case 1:
		return big.NewInt(math.MaxInt64 - rng.Int63n(3))
	case 2:
		return big.NewInt(math.MinInt64 + rng.Int63n(3))
	case 3:
		b := new(big.Int).Lsh(big.NewInt(1), uint(60+rng.Intn(80)))
		b.Add(b, big.NewInt(rng.Int63n(7)-3))
		if rng.Intn(2) == 0 {
			b.Neg(b)
		}
		return b
	}
	return big.NewInt(rng.Int63() - rng.Int63())
}

func zOf(b *big.Int) zint { return zbig(new(big.Int).Set(b)) }

func checkZ(t *testing.T, what string, got zint, want *big.Int) {
	t.Helper()
	if got.toInt().Big().Cmp(want) != 0 {
		t.Fatalf("%s = %s, want %s", what, got, want)
	}
	if got.big != nil && want.IsInt64() {
		t.Fatalf("%s = %s is held as big but fits an int64", what, got)
	}
}

// TestZintAgainstBig compares zint arithmetic with math/big.
func TestZintAgainstBig(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 20000; i++ {
		a, b := randZ(rng), randZ(rng)
		x, y := zOf(a), zOf(b)
		checkZ(t, "add", x.Add(y), new(big.Int).Add(a, b))
		checkZ(t, "sub", x.Sub(y), new(big.Int).Sub(a, b))
		checkZ(t, "mul", x.Mul(y), new(big.Int).Mul(a, b))
		checkZ(t, "neg", x.Neg(), new(big.Int).Neg(a))
		checkZ(t, "gcd", x.GCD(y), new(big.Int).GCD(nil, nil, new(big.Int).Abs(a), new(big.Int).Abs(b)))
		if x.Cmp(y) != a.Cmp(b) || x.Sign() != a.Sign() {
			t.Fatalf("Cmp/Sign(%s, %s)", a, b)
		}
		c, e := randZ(rng), randZ(rng)
		if got, want := cmpProducts(x, y, zOf(c), zOf(e)), new(big.Int).Mul(a, b).Cmp(new(big.Int).Mul(c, e)); got != want {
			t.Fatalf("cmpProducts(%s, %s, %s, %s) = %d, want %d", a, b, c, e, got, want)
		}
		if b.Sign() != 0 {
			q, m := new(big.Int).QuoRem(a, b, new(big.Int))
			if m.Sign() != 0 && (m.Sign() < 0) != (b.Sign() < 0) {
				q.Sub(q, big.NewInt(1))
			}
			checkZ(t, "floordiv", x.FloorDiv(y), q)
			if x.Divisible(y) != (m.Sign() == 0) {
				t.Fatalf("Divisible(%s, %s)", a, b)
			}
		}
	}
}

// TestKernelsAgainstBig compares dot, dotSign, combine and normalize with
// the same computations in math/big, on rows mixing small and big
// entries.
func TestKernelsAgainstBig(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	row := func(n int, huge bool) ([]*big.Int, vec) {
		bs := make([]*big.Int, n)
		v := make(vec, n)
		for i := range bs {
			if huge {
				bs[i] = randZ(rng)
			} else {
				bs[i] = big.NewInt(rng.Int63n(2001) - 1000)
			}
			v[i] = zOf(bs[i])
		}
		return bs, v
	}
	// The extremes: MinInt64 * MinInt64 twice overflows 128 bits.
	m := vec{zi(math.MinInt64), zi(math.MinInt64)}
	c := combine(zi(math.MinInt64), m, zi(math.MinInt64), m)
	if c[0].Cmp(one) != 0 || c[1].Cmp(one) != 0 {
		t.Fatalf("combine of extremes = %v, want [1 1]", c)
	}
	w := new(big.Int).Lsh(big.NewInt(1), 127)
	checkZ(t, "dot of extremes", dot(m, m), w)
	for i := 0; i < 5000; i++ {
		n := 1 + rng.Intn(6)
		ab, a := row(n, rng.Intn(2) == 0)
		bb, b := row(n, rng.Intn(2) == 0)
		want := new(big.Int)
		for k := range ab {
			want.Add(want, new(big.Int).Mul(ab[k], bb[k]))
		}
		checkZ(t, "dot", dot(a, b), want)
		if dotSign(a, b) != want.Sign() {
			t.Fatalf("dotSign(%v, %v) = %d", a, b, dotSign(a, b))
		}
		kab, kbb := randZ(rng), randZ(rng)
		c := combine(zOf(kab), a, zOf(kbb), b)
		w := make([]*big.Int, n)
		g := new(big.Int)
		for k := range w {
			w[k] = new(big.Int).Add(new(big.Int).Mul(kab, ab[k]), new(big.Int).Mul(kbb, bb[k]))
			g.GCD(nil, nil, g, new(big.Int).Abs(w[k]))
		}
		for k := range w {
			if g.Sign() != 0 {
				w[k].Quo(w[k], g)
			}
			checkZ(t, "combine", c[k], w[k])
		}
	}
}
