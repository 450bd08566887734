package polyhedra

import (
	"math/rand"
	"testing"
	"time"

	"github.com/numpred/numpred/numeric"
)

// hardPair returns two random polytopes over n dimensions whose
// conversions and hull take long (many vertices, many facets).
func hardPair(n int) ([]numeric.Constraint, []numeric.Constraint) {
	rng := rand.New(rand.NewSource(11))
	dims := allDims(n)
	return randPoly(rng, dims, 4*n), randPoly(rng, dims, 4*n)
}

// TestStopHookInterruptsConversion: with a stop hook that answers true,
// the conversion of a large polyhedron and a hull give up at once, with
// an upper bound of the exact answer, counted in Stats.Interrupted; the
// hook is asked (a conversion that never asks it fails this test).
func TestStopHookInterruptsConversion(t *testing.T) {
	const n = 8
	ca, cb := hardPair(n)
	exact := New(WithoutDecomposition())
	a, b := exact.Assume(exact.Top(n), ca...), exact.Assume(exact.Top(n), cb...)
	asked := 0
	stop := false
	d := New(WithoutDecomposition(), WithStop(func() bool { asked++; return stop }))
	a2, b2 := d.Assume(d.Top(n), ca...), d.Assume(d.Top(n), cb...)
	if d.IsBottom(a2) || d.IsBottom(b2) {
		t.Fatal("operands empty")
	}
	stop = true
	t0 := time.Now()
	j2 := d.Join(a2, b2)
	took := time.Since(t0)
	if asked == 0 {
		t.Fatal("the stop hook was never asked")
	}
	if d.Stats().Interrupted == 0 {
		t.Fatal("Stats.Interrupted = 0 after an interrupted join")
	}
	// The interrupted join is an upper bound (checked by a Domain without
	// a hook, on the exact values). The exact join takes seconds.
	j := exact.Assume(exact.Top(n), d.Constraints(j2)...)
	if !exact.Leq(a, j) || !exact.Leq(b, j) {
		t.Fatal("the interrupted join is not an upper bound of its operands")
	}
	t.Logf("interrupted join: %v", took)

	// A conversion from constraints (primal), interrupted.
	stop = false
	e := New(WithoutDecomposition(), WithStop(func() bool { return stop }))
	p := e.Assume(e.Top(n), append(ca, randCuts(rand.New(rand.NewSource(3)), allDims(n), 3*n)...)...)
	stop = true
	if e.IsBottom(p) {
		t.Fatal("an interrupted emptiness test answered empty")
	}
	if e.Stats().Interrupted == 0 {
		t.Fatal("the interrupted conversion was not counted")
	}
	if !e.IsTop(p) {
		t.Fatalf("an interrupted conversion gave %v, want the whole space", e.Constraints(p))
	}
}

// TestConversionWorkBound: the conversion of a join's result has a work
// bound; beyond it the constraints converted so far are kept, an upper
// bound counted in Stats.Bounded.
func TestConversionWorkBound(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	d := New()
	bounded := 0
	for trial := 0; trial < 30; trial++ {
		n := 3 + rng.Intn(3)
		a := d.Assume(d.Top(n), randPoly(rng, allDims(n), 4)...)
		b := d.Assume(d.Top(n), randPoly(rng, allDims(n), 4)...)
		if d.IsBottom(a) || d.IsBottom(b) {
			continue
		}
		pa := product(a.blocks, allDims(n), d.st)
		pb := product(b.blocks, allDims(n), d.st)
		pa.minimize()
		pb.minimize()
		w := weakHull(pa, pb)
		w.fresh = true
		before := d.Stats().Bounded
		withConvWorkBound(d, 1, w.minimize)
		if d.Stats().Bounded > before {
			bounded++
		}
		if !leq(pa, w) || !leq(pb, w) {
			t.Fatalf("trial %d: the bounded conversion is not above the operands", trial)
		}
	}
	if bounded == 0 {
		t.Fatal("the work bound never cut a conversion")
	}
}

// TestFreshGeneratorConversionBound: a fresh value converted from its
// generators (a projection hulled by joinByBlocks) has the same work
// bound; past it the value is the whole space, an upper bound counted in
// Stats.Bounded, and without the bound it is the exact projection.
func TestFreshGeneratorConversionBound(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	d := New()
	cut := 0
	for trial := 0; trial < 30; trial++ {
		n := 4 + rng.Intn(2)
		a := d.Assume(d.Top(n), randPoly(rng, allDims(n), 6)...)
		if d.IsBottom(a) {
			continue
		}
		p := product(a.blocks, allDims(n), d.st)
		p.minimize()
		keep := []int{0, 1, 2}
		exact := p.project(keep)
		exact.minimize()
		q := p.project(keep)
		q.fresh = true
		before := d.Stats().Bounded
		withConvWorkBound(d, 1, q.minimize)
		if d.Stats().Bounded > before {
			cut++
			if len(q.eqs) != 0 || len(q.ineqs) != 0 {
				t.Fatalf("trial %d: a cut conversion is not the whole space", trial)
			}
		} else if !leq(exact, q) || !leq(q, exact) {
			t.Fatalf("trial %d: an uncut conversion differs from the projection", trial)
		}
	}
	if cut == 0 {
		t.Fatal("the work bound never cut a conversion from generators")
	}
}

// TestFreshPendingConversionBound: a value with pending constraints
// (addCons) is fresh; past the work bound its incremental conversion
// keeps the constraints added so far, an upper bound marked cut, whose
// generators no longer decide integer emptiness.
func TestFreshPendingConversionBound(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	d := New()
	cut := 0
	for trial := 0; trial < 40; trial++ {
		n := 3 + rng.Intn(3)
		a := d.Assume(d.Top(n), randPoly(rng, allDims(n), 4)...)
		if d.IsBottom(a) {
			continue
		}
		p := product(a.blocks, allDims(n), d.st)
		p.minimize()
		var rows []vec
		for _, c := range randPoly(rng, allDims(n), 3) {
			if r, eq := rowOf(c, n); !eq {
				rows = append(rows, r)
			}
		}
		if len(rows) == 0 || p.empty {
			continue
		}
		exact := p.addCons(nil, rows)
		exact.minimize()
		q := p.addCons(nil, rows)
		if !q.fresh {
			t.Fatal("a value with pending constraints is not fresh")
		}
		withConvWorkBound(d, 1, q.minimize)
		if !leq(exact, q) || !leq(q, p) {
			t.Fatalf("trial %d: the bounded conversion is not between the exact value and p", trial)
		}
		if q.cut {
			cut++
			if _, _, ok := q.decideOnGenerators(&thinBudget{sections: splitBudget, work: thinWorkBudget}); ok && !q.empty {
				t.Fatalf("trial %d: a cut value's generators decided integer emptiness", trial)
			}
		}
	}
	if cut == 0 {
		t.Fatal("the work bound never cut a conversion of pending constraints")
	}
}

// withConvWorkBound runs f with d's budget of conversion work set to b.
func withConvWorkBound(d *Domain, b int64, f func()) {
	saved := d.st.budget
	d.st.budget.MaxWork = b
	defer func() { d.st.budget = saved }()
	f()
}
