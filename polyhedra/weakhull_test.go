package polyhedra

import (
	"math/rand"
	"testing"
)

// TestWeakHullIsUpperBound checks, on random pairs, that the weak join
// contains both operands and the exact hull, and that Join falls back
// to it (soundly) when the hull's cone is bounded very low.
func TestWeakHullIsUpperBound(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	d := New()
	for trial := 0; trial < 40; trial++ {
		n := 2 + rng.Intn(3)
		a := d.Assume(d.Top(n), randPoly(rng, allDims(n), 3)...)
		b := d.Assume(d.Top(n), randPoly(rng, allDims(n), 3)...)
		if d.IsBottom(a) || d.IsBottom(b) {
			continue
		}
		pa := product(a.blocks, allDims(n), d.st)
		pb := product(b.blocks, allDims(n), d.st)
		pa.minimize()
		pb.minimize()
		w := weakHull(pa, pb)
		h := hull(pa, pb)
		if !leq(pa, w) || !leq(pb, w) || !leq(h, w) {
			t.Fatalf("trial %d: weak hull is not above a, b and their hull", trial)
		}
		saved := d.st.budget
		d.st.budget = Budget{MaxRays: 1}
		j := d.Join(a, b)
		d.st.budget = saved
		if !d.Leq(a, j) || !d.Leq(b, j) {
			t.Fatalf("trial %d: budgeted join is not above its operands", trial)
		}
		if err := d.SanityCheck(j); err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
	}
	if d.Stats().Approximated == 0 {
		t.Fatal("the bounded hull never fell back to the weak join")
	}
}
