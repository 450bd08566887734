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
	var o cgen.FuzzOptions
	if *diffMem {
		// Memory constructs are generated under LP64 only.
		o.Config, o.Models = cgen.MemoryConfig, []cgen.Model{cgen.LP64}
	}
	differential(t, *diffN, o)
}

// TestDifferentialMemory is TestDifferential's default slice of memory
// programs (arrays, structs, pointers, malloc'd blocks; LP64): the
// lowering of memory to cells checked against gcc on every run.
func TestDifferentialMemory(t *testing.T) {
	differential(t, *diffMemN, cgen.FuzzOptions{Config: cgen.MemoryConfig, Models: []cgen.Model{cgen.LP64}})
}

// differential runs n programs of the configuration in o against gcc
// and fails on every mismatch (reduced) and when no run was compared.
func differential(t *testing.T, n int, o cgen.FuzzOptions) {
	h := &cgen.Harness{}
	if !h.Available() {
		t.Skip("gcc not available")
	}
	if testing.Short() {
		n = min(n, 100)
	}
	start := time.Now()
	o.Seed, o.Start, o.N = *diffSeed, *diffStart, n
	o.Progress = func(s cgen.Stats) { t.Logf("%v (%v)", s, time.Since(start).Round(time.Second)) }
	o.OnMismatch = func(m *cgen.Mismatch) {
		t.Errorf("%v\nreduced:\n%v", m, h.Reduce(context.Background(), m, 2*time.Minute))
	}
	st, _, err := cgen.Fuzz(context.Background(), h, o)
	if err != nil {
		t.Fatal(err)
	}
	if st.Compared() == 0 {
		t.Fatalf("no run compared: %v", st)
	}
	t.Logf("%v in %v", st, time.Since(start).Round(time.Millisecond))
}
