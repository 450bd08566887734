package cfront_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/numpred/numpred/cfront"
	"github.com/numpred/numpred/cfront/cgen"
)

// TestDifferentialCatchesSwappedFor shows that the differential tester
// can fail: with the condition and post-expression of every for loop
// swapped (the bug of issue 11, generalised), the slice of generated
// programs that the normal test run compares (its first 50 programs)
// must report mismatches; the reducer then shrinks one.
func TestDifferentialCatchesSwappedFor(t *testing.T) {
	h := &cgen.Harness{}
	if !h.Available() {
		t.Skip("gcc not available")
	}
	cfront.SetSwapForClauses(true)
	defer cfront.SetSwapForClauses(false)
	st, ms, err := cgen.Fuzz(context.Background(), h, cgen.FuzzOptions{Seed: 1, N: 50, MaxMismatches: 3})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("with for clauses swapped: %v", st)
	if len(ms) == 0 {
		t.Fatalf("no mismatch found with every for loop's condition and post swapped")
	}
	r := h.Reduce(context.Background(), ms[0], 10*time.Second)
	t.Logf("reduced reproduction:\n%v", r)
	if !strings.Contains(r.Program.Source(), "for (") {
		t.Errorf("the reduced program has no for loop:\n%s", r.Program.Source())
	}
}
