package octagon

import (
	"math/rand"
	"slices"
	"testing"
)

// TestKernelsAgree runs relax1 and relax2 with and without the AVX2
// kernels on random rows of every length up to 21 (so every tail length),
// with negative entries, +inf stand-ins and operands near the fast range's
// edge, and wants identical rows. On a CPU without AVX2 both runs take the
// portable loop.
func TestKernelsAgree(t *testing.T) {
	saved := useAVX2
	defer func() { useAVX2 = saved }()
	if !saved {
		t.Log("no AVX2 on this CPU: comparing the portable loop with itself")
	}
	rng := rand.New(rand.NewSource(7))
	entry := func() int64 {
		switch rng.Intn(6) {
		case 0:
			return bigStand
		case 1:
			return fastLim - 1 - rng.Int63n(5)
		case 2:
			return -fastLim + 1 + rng.Int63n(5)
		}
		return rng.Int63n(2001) - 1000
	}
	operand := func() int64 {
		if rng.Intn(5) == 0 {
			return -fastLim + 1 + rng.Int63n(5)
		}
		return rng.Int63n(2001) - 1000
	}
	for it := 0; it < 2000; it++ {
		n := rng.Intn(22)
		row := make([]int64, n)
		r0 := make([]int64, n+rng.Intn(3))
		r1 := make([]int64, len(r0))
		for j := range row {
			row[j] = entry()
		}
		for j := range r0 {
			r0[j], r1[j] = entry(), entry()
		}
		x0, x1 := operand(), operand()
		want2, got2 := slices.Clone(row), slices.Clone(row)
		useAVX2 = false
		relax2(want2, x0, x1, r0, r1)
		useAVX2 = saved
		relax2(got2, x0, x1, r0, r1)
		if !slices.Equal(want2, got2) {
			t.Fatalf("relax2(%v, %d, %d, %v, %v):\n got %v\nwant %v", row, x0, x1, r0, r1, got2, want2)
		}
		want1, got1 := slices.Clone(row), slices.Clone(row)
		useAVX2 = false
		relax1(want1, x0, r0)
		useAVX2 = saved
		relax1(got1, x0, r0)
		if !slices.Equal(want1, got1) {
			t.Fatalf("relax1(%v, %d, %v):\n got %v\nwant %v", row, x0, r0, got1, want1)
		}
		// And the portable loop against the definition.
		for j := range row {
			if w := min(row[j], x0+r0[j], x1+r1[j]); want2[j] != w {
				t.Fatalf("portable relax2 wrong at %d", j)
			}
		}
	}
}

// TestTightClosePortable repeats the closure oracle test with the
// portable kernels, so that they stay covered on AVX2 machines.
func TestTightClosePortable(t *testing.T) {
	saved := useAVX2
	defer func() { useAVX2 = saved }()
	useAVX2 = false
	TestTightCloseMatchesReference(t)
	TestCloseVarMatchesFullClosure(t)
}
