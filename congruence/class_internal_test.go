package congruence

import (
	"math/rand"
	"testing"

	"github.com/numpred/numpred/numeric"
)

// The class operations are checked against enumeration on the window
// [-w, w]: a class is drawn with a small modulus (0 for a single value),
// and the window is wide enough for every class involved to repeat.
const w = 200

func randClass(rng *rand.Rand) class {
	m := rng.Int63n(7)
	if rng.Intn(8) == 0 {
		m = 0
	}
	return mkClass(numeric.I(m), numeric.I(rng.Int63n(21)-10))
}

func elems(c class) map[int64]bool {
	out := map[int64]bool{}
	for x := int64(-w); x <= w; x++ {
		if c.contains(numeric.I(x)) {
			out[x] = true
		}
	}
	return out
}

// best returns the least class containing the set s (non-empty): its
// modulus is the gcd of the differences from one element.
func best(s map[int64]bool) class {
	var first int64
	var g numeric.Int
	start := true
	for x := int64(-w); x <= w; x++ {
		if !s[x] {
			continue
		}
		if start {
			first, start = x, false
			continue
		}
		g = g.GCD(numeric.I(x - first))
	}
	return mkClass(g, numeric.I(first))
}

func TestClassJoinMeetAgainstEnumeration(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for k := 0; k < 3000; k++ {
		a, b := randClass(rng), randClass(rng)
		ea, eb := elems(a), elems(b)
		union := map[int64]bool{}
		for x := range ea {
			union[x] = true
		}
		for x := range eb {
			union[x] = true
		}
		if j := a.join(b); !j.equal(best(union)) {
			t.Fatalf("join(%v, %v) = %v, want %v", a, b, j, best(union))
		}
		m, ok := a.meet(b)
		for x := int64(-w / 2); x <= w/2; x++ {
			in := ea[x] && eb[x]
			if in && (!ok || !m.contains(numeric.I(x))) || !in && ok && m.contains(numeric.I(x)) {
				t.Fatalf("meet(%v, %v) = %v, %v wrong at %d", a, b, m, ok, x)
			}
		}
		if a.leq(b) != subset(ea, eb) {
			t.Fatalf("leq(%v, %v) = %v", a, b, a.leq(b))
		}
	}
}

func subset(a, b map[int64]bool) bool {
	for x := range a {
		if !b[x] {
			return false
		}
	}
	return true
}

func TestClassArithmeticAgainstEnumeration(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for k := 0; k < 2000; k++ {
		a, b := randClass(rng), randClass(rng)
		kk := rng.Int63n(9) - 4
		ea, eb := elems(a), elems(b)
		sum, scaled := map[int64]bool{}, map[int64]bool{}
		for x := range ea {
			if x > w/2 || x < -w/2 {
				continue
			}
			scaled[kk*x] = true
			for y := range eb {
				if y <= w/2 && y >= -w/2 {
					sum[x+y] = true
				}
			}
		}
		if len(sum) > 0 {
			if s := a.add(b); !s.equal(best(sum)) {
				t.Fatalf("add(%v, %v) = %v, want %v", a, b, s, best(sum))
			}
		}
		if len(scaled) > 0 {
			if s := a.scale(numeric.I(kk)); !s.equal(best(scaled)) {
				t.Fatalf("scale(%v, %d) = %v, want %v", a, kk, s, best(scaled))
			}
		}
		if kk == 0 {
			continue
		}
		// solve: exactly the x with kk*x in a.
		sol := map[int64]bool{}
		for x := int64(-w / 8); x <= w/8; x++ {
			if a.contains(numeric.I(kk * x)) {
				sol[x] = true
			}
		}
		c, ok := a.solve(numeric.I(kk))
		for x := int64(-w / 8); x <= w/8; x++ {
			if sol[x] != (ok && c.contains(numeric.I(x))) {
				t.Fatalf("solve(%v, %d) = %v, %v wrong at %d", a, kk, c, ok, x)
			}
		}
	}
}
