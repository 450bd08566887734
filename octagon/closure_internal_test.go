package octagon

import (
	"fmt"
	"math/big"
	"math/rand"
	"testing"
)

// refClose is the textbook tight closure on a full 2n x 2n matrix
// (Floyd-Warshall over all 2n nodes, tightening, strengthening), used as
// an oracle. It reports false when the matrix is empty. Entries must be
// small enough not to overflow.
func refClose(f [][]int64, n int) bool {
	N := 2 * n
	add := func(a, b int64) int64 {
		if a == inf || b == inf {
			return inf
		}
		return a + b
	}
	for k := 0; k < N; k++ {
		for i := 0; i < N; i++ {
			for j := 0; j < N; j++ {
				f[i][j] = min(f[i][j], add(f[i][k], f[k][j]))
			}
		}
	}
	for i := 0; i < N; i++ {
		if f[i][i] < 0 {
			return false
		}
	}
	for i := 0; i < N; i++ {
		if f[i][i^1] != inf {
			f[i][i^1] = 2 * half(f[i][i^1])
		}
	}
	for i := 0; i < N; i++ {
		if add(f[i][i^1], f[i^1][i]) < 0 {
			return false
		}
	}
	for i := 0; i < N; i++ {
		for j := 0; j < N; j++ {
			f[i][j] = min(f[i][j], add(half(f[i][i^1]), half(f[j^1][j])))
		}
	}
	return true
}

func toFull(m []int64, n int) [][]int64 {
	f := make([][]int64, 2*n)
	for i := range f {
		f[i] = make([]int64, 2*n)
		for j := range f[i] {
			f[i][j] = get(m, i, j)
		}
	}
	return f
}

func fromFull(f [][]int64, n int) []int64 {
	m := make([]int64, matSize(n))
	for i := 0; i < 2*n; i++ {
		for j := 0; j <= i|1; j++ {
			m[idx(i, j)] = f[i][j]
		}
	}
	return m
}

// randMatrix returns a random coherent matrix: k random octagonal
// constraints with constants in [-r, r] on top.
func randMatrix(rng *rand.Rand, n, k int, r int64) []int64 {
	m := topMatrix(n)
	for c := 0; c < k; c++ {
		i, j := rng.Intn(2*n), rng.Intn(2*n)
		if i == j {
			continue
		}
		v := rng.Int63n(2*r+1) - r/3
		set(m, i, j, min(get(m, i, j), v))
	}
	return m
}

func diff(got, want []int64, n int) string {
	for i := 0; i < 2*n; i++ {
		for j := 0; j <= i|1; j++ {
			if g, w := get(got, i, j), get(want, i, j); g != w {
				return fmt.Sprintf("entry (%d, %d) = %d, want %d", i, j, g, w)
			}
		}
	}
	return ""
}

func eachMode(t *testing.T, f func(t *testing.T)) {
	for _, slow := range []bool{false, true} {
		t.Run(fmt.Sprintf("exact=%v", slow), func(t *testing.T) {
			forceExact = slow
			defer func() { forceExact = false }()
			f(t)
		})
	}
}

func TestTightCloseMatchesReference(t *testing.T) {
	eachMode(t, func(t *testing.T) {
		rng := rand.New(rand.NewSource(1))
		empties := 0
		for c := 0; c < 3000; c++ {
			n := 1 + rng.Intn(6)
			k := rng.Intn(4 * n)
			if c%5 == 0 { // larger and sparse: exercises relaxSparse
				n = 8 + rng.Intn(10)
				k = rng.Intn(2 * n)
			}
			m := randMatrix(rng, n, k, 20)
			f := toFull(m, n)
			okRef := refClose(f, n)
			got := append([]int64(nil), m...)
			ok := tightClose(got, n)
			if ok != okRef {
				t.Fatalf("case %d: tightClose non-empty = %v, reference %v\n%v", c, ok, okRef, toFull(m, n))
			}
			if !ok {
				empties++
				continue
			}
			if d := diff(got, fromFull(f, n), n); d != "" {
				t.Fatalf("case %d: %s\ninput %v", c, d, toFull(m, n))
			}
			if err := check(closedOf(n, got)); err != nil {
				t.Fatalf("case %d: %v", c, err)
			}
		}
		if empties == 0 || empties > 2500 {
			t.Fatalf("%d empty cases of 3000: the generator is not testing both outcomes", empties)
		}
	})
}

// TestTightCloseBruteForce checks tightness against the integer points of
// small bounded octagons: every entry of the tight closure is attained.
func TestTightCloseBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for c := 0; c < 400; c++ {
		n := 1 + rng.Intn(3)
		m := randMatrix(rng, n, rng.Intn(3*n), 9)
		for x := 0; x < n; x++ { // a box keeps the enumeration finite
			set(m, 2*x+1, 2*x, min(get(m, 2*x+1, 2*x), 10))
			set(m, 2*x, 2*x+1, min(get(m, 2*x, 2*x+1), 10))
		}
		want := make([]int64, len(m))
		for i := range want {
			want[i] = -inf
		}
		found := false
		pt := make([]int64, n)
		var rec func(d int)
		sval := func(i int) int64 {
			if i&1 == 0 {
				return pt[i/2]
			}
			return -pt[i/2]
		}
		rec = func(d int) {
			if d == n {
				for i := 0; i < 2*n; i++ {
					for j := 0; j < 2*n; j++ {
						if v := get(m, i, j); v != inf && sval(j)-sval(i) > v {
							return
						}
					}
				}
				found = true
				for i := 0; i < 2*n; i++ {
					for j := 0; j <= i|1; j++ {
						k := idx(i, j)
						want[k] = max(want[k], sval(j)-sval(i))
					}
				}
				return
			}
			for v := int64(-5); v <= 5; v++ {
				pt[d] = v
				rec(d + 1)
			}
		}
		rec(0)
		got := append([]int64(nil), m...)
		ok := tightClose(got, n)
		if ok != found {
			t.Fatalf("case %d: tightClose non-empty = %v, integer points exist = %v\n%v", c, ok, found, toFull(m, n))
		}
		if ok {
			if d := diff(got, want, n); d != "" {
				t.Fatalf("case %d: %s\ninput %v", c, d, toFull(m, n))
			}
		}
	}
}

func TestAddConstraintMatchesFullClosure(t *testing.T) {
	eachMode(t, func(t *testing.T) {
		rng := rand.New(rand.NewSource(3))
		for c := 0; c < 3000; c++ {
			n := 1 + rng.Intn(6)
			if c%5 == 0 {
				n = 8 + rng.Intn(10)
			}
			m := randMatrix(rng, n, rng.Intn(3*n), 20)
			if !tightClose(m, n) {
				continue
			}
			a, b := rng.Intn(2*n), rng.Intn(2*n)
			if a == b {
				continue
			}
			v := rng.Int63n(41) - 20
			want := append([]int64(nil), m...)
			set(want, a, b, min(get(want, a, b), v))
			okWant := tightClose(want, n)
			got := append([]int64(nil), m...)
			ok := addConstraint(got, n, a, b, v, newScratch(n))
			if ok != okWant {
				t.Fatalf("case %d: addConstraint(%d, %d, %d) non-empty = %v, full closure %v\n%v", c, a, b, v, ok, okWant, toFull(m, n))
			}
			if ok {
				if d := diff(got, want, n); d != "" {
					t.Fatalf("case %d: addConstraint(%d, %d, %d): %s\ninput %v", c, a, b, v, d, toFull(m, n))
				}
			}
		}
	})
}

func TestCloseVarMatchesFullClosure(t *testing.T) {
	eachMode(t, func(t *testing.T) {
		rng := rand.New(rand.NewSource(4))
		for c := 0; c < 3000; c++ {
			n := 1 + rng.Intn(6)
			m := randMatrix(rng, n, rng.Intn(3*n), 20)
			if rng.Intn(4) == 0 {
				// A bound near the fast kernels' limit of 2^58 in the
				// closed rest.
				setHuge(rng, m, rng.Intn(2*n), rng.Intn(2*n))
			}
			if !exactClose(m, n) {
				continue
			}
			x := rng.Intn(n)
			forgetVar(m, n, x)
			for k := rng.Intn(4 * n); k > 0; k-- {
				j := rng.Intn(2 * n)
				p := 2*x + rng.Intn(2)
				if j == p {
					continue
				}
				set(m, p, j, rng.Int63n(41)-10)
			}
			if rng.Intn(4) == 0 {
				// A bound of x near the fast kernels' limit of 2^58.
				setHuge(rng, m, 2*x+rng.Intn(2), rng.Intn(2*n))
			}
			want := append([]int64(nil), m...)
			okWant := exactClose(want, n)
			got := append([]int64(nil), m...)
			ok := closeVar(got, n, x, newScratch(n))
			if ok != okWant {
				t.Fatalf("case %d: closeVar(%d) non-empty = %v, full closure %v\n%v", c, x, ok, okWant, toFull(m, n))
			}
			if ok {
				if d := diff(got, want, n); d != "" {
					t.Fatalf("case %d: closeVar(%d): %s\ninput %v", c, x, d, toFull(m, n))
				}
			}
		}
	})
}

// setHuge sets entry (i, j), off the diagonal, to about ±2^58 (either
// side of closeVar's fast limit).
func setHuge(rng *rand.Rand, m []int64, i, j int) {
	if i == j {
		return
	}
	v := int64(1)<<58 - 2 + rng.Int63n(5)
	if rng.Intn(2) == 0 {
		v = -v
	}
	set(m, i, j, v)
}

// bigClose is refClose in exact big-integer arithmetic (nil is +inf).
func bigClose(f [][]*big.Int, n int) bool {
	N := 2 * n
	add := func(a, b *big.Int) *big.Int {
		if a == nil || b == nil {
			return nil
		}
		return new(big.Int).Add(a, b)
	}
	less := func(a, b *big.Int) bool { return a != nil && (b == nil || a.Cmp(b) < 0) }
	halfOf := func(a *big.Int) *big.Int {
		if a == nil {
			return nil
		}
		return new(big.Int).Rsh(a, 1) // floor
	}
	for k := 0; k < N; k++ {
		for i := 0; i < N; i++ {
			for j := 0; j < N; j++ {
				if s := add(f[i][k], f[k][j]); less(s, f[i][j]) {
					f[i][j] = s
				}
			}
		}
	}
	for i := 0; i < N; i++ {
		if f[i][i].Sign() < 0 {
			return false
		}
	}
	h := make([]*big.Int, N)
	for i := range h {
		h[i] = halfOf(f[i][i^1])
	}
	for i := 0; i < N; i++ {
		if s := add(h[i], h[i^1]); s != nil && s.Sign() < 0 {
			return false
		}
		if h[i] != nil {
			f[i][i^1] = add(h[i], h[i])
		}
	}
	for i := 0; i < N; i++ {
		for j := 0; j < N; j++ {
			if s := add(h[i], h[j^1]); less(s, f[i][j]) {
				f[i][j] = s
			}
		}
	}
	return true
}

// TestHugeBoundsExactFallback closes matrices with bounds near and beyond
// the fast range: the result must be the exact tight closure rounded to
// entries (upper bounds >= 2^61 dropped, lower ones clamped at negMax).
func TestHugeBoundsExactFallback(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	huge := []int64{1 << 59, 1 << 60, 1 << 61, 1 << 62, negMax}
	for c := 0; c < 2000; c++ {
		n := 1 + rng.Intn(4)
		m := randMatrix(rng, n, rng.Intn(3*n), 20)
		for k := rng.Intn(3); k >= 0; k-- {
			i, j := rng.Intn(2*n), rng.Intn(2*n)
			if i == j {
				continue
			}
			v := huge[rng.Intn(len(huge))] - rng.Int63n(8)
			if rng.Intn(2) == 0 && v != negMax {
				v = -v
			}
			set(m, i, j, norm(v))
		}
		f := make([][]*big.Int, 2*n)
		for i := range f {
			f[i] = make([]*big.Int, 2*n)
			for j := range f[i] {
				if v := get(m, i, j); v != inf {
					f[i][j] = big.NewInt(v)
				}
			}
		}
		okRef := bigClose(f, n)
		got := append([]int64(nil), m...)
		ok := tightClose(got, n)
		if ok != okRef {
			t.Fatalf("case %d: non-empty = %v, exact reference %v\n%v", c, ok, okRef, toFull(m, n))
		}
		if !ok {
			continue
		}
		if err := check(closedOf(n, got)); err != nil {
			t.Fatalf("case %d: %v\ninput %v", c, err, toFull(m, n))
		}
		for i := 0; i < 2*n; i++ {
			for j := 0; j < 2*n; j++ {
				want := int64(inf)
				if f[i][j] != nil {
					want = w128FromBig(f[i][j]).entry()
				}
				if g := get(got, i, j); g != want {
					t.Fatalf("case %d: entry (%d, %d) = %d, want %d (exact %v)\ninput %v", c, i, j, g, want, f[i][j], toFull(m, n))
				}
			}
		}
	}
}

func w128FromBig(b *big.Int) w128 {
	lo := new(big.Int).And(b, new(big.Int).SetUint64(^uint64(0))).Uint64()
	hi := new(big.Int).Rsh(b, 64).Int64()
	return w128{hi: hi, lo: lo}
}
