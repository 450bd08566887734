package cgen_test

import (
	"context"
	"flag"
	"testing"
	"time"

	"github.com/numpred/numpred/cfront/cgen"
)

var (
	diffN     = flag.Int("cgen.n", 300, "programs compared by TestDifferential")
	diffSeed  = flag.Uint64("cgen.seed", 1, "seed of TestDifferential")
	diffStart = flag.Int("cgen.start", 0, "first program of TestDifferential")
	diffMemN  = flag.Int("cgen.memn.diff", 300, "programs compared by TestDifferentialMemory")
	diffMem   = flag.Bool("cgen.memory", false, "TestDifferential: programs with arrays, structs, pointers and malloc'd blocks (cgen.MemoryConfig; LP64 programs only)")
)

// TestDifferential compares cfront + ir/exec with gcc on generated
// programs, each on several input vectors: every run that gcc completes
// without undefined behaviour must end the same way with the same
// globals.
func TestDifferential(t *testing.T) {
	h := &cgen.Harness{}
	if !h.Available() {
		t.Skip("gcc not available")
	}
	n := *diffN
	if testing.Short() {
		n = min(n, 100)
	}
	start := time.Now()
	o := cgen.FuzzOptions{Seed: *diffSeed, Start: *diffStart, N: n,
		Progress: func(s cgen.Stats) { t.Logf("%v (%v)", s, time.Since(start).Round(time.Second)) },
		OnMismatch: func(m *cgen.Mismatch) {
			t.Errorf("%v\nreduced:\n%v", m, h.Reduce(context.Background(), m, 2*time.Minute))
		}}
	if *diffMem {
		// Memory constructs are generated under LP64 only.
		o.Config, o.Models = cgen.MemoryConfig, []cgen.Model{cgen.LP64}
	}
	st, _, err := cgen.Fuzz(context.Background(), h, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%v in %v", st, time.Since(start).Round(time.Millisecond))
}

// TestDifferentialMemory is TestDifferential's default slice of memory
// programs (arrays, structs, pointers, malloc'd blocks; LP64): the
// lowering of memory to cells checked against gcc on every run.
func TestDifferentialMemory(t *testing.T) {
	h := &cgen.Harness{}
	if !h.Available() {
		t.Skip("gcc not available")
	}
	n := *diffMemN
	if testing.Short() {
		n = min(n, 100)
	}
	o := cgen.FuzzOptions{Seed: *diffSeed, Start: *diffStart, N: n,
		Config: cgen.MemoryConfig, Models: []cgen.Model{cgen.LP64},
		OnMismatch: func(m *cgen.Mismatch) {
			t.Errorf("%v\nreduced:\n%v", m, h.Reduce(context.Background(), m, 2*time.Minute))
		}}
	st, _, err := cgen.Fuzz(context.Background(), h, o)
	if err != nil {
		t.Fatal(err)
	}
	if st.Compared() == 0 {
		t.Fatalf("no run compared: %v", st)
	}
	t.Logf("%v", st)
}
