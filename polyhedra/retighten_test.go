package polyhedra

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

// TestRetightenMatchesScratch checks the incremental re-minimisation
// after integer tightening (retighten) against tightening and converting
// the tightened system from scratch, on random systems whose rows have
// common factors (so that tightening moves them): the same minimal
// constraints, row for row once sorted, the same polyhedron, and
// representations that pass the sanity check.
func TestRetightenMatchesScratch(t *testing.T) {
	rng := rand.New(rand.NewSource(18))
	d := New()
	moved := 0
	for trial := 0; trial < 400; trial++ {
		n := 2 + rng.Intn(3)
		var ineqs []vec
		// Rows r[0] + r[1:]·x >= 0 built directly (numeric constraints
		// come tightened already).
		for i := 0; i < 2+rng.Intn(6); i++ {
			f := int64(1 + rng.Intn(3))
			r := make(vec, n+1)
			r[0] = zi(rng.Int63n(20))
			for k := 1; k <= n; k++ {
				if rng.Intn(3) > 0 {
					r[k] = zi(f * (rng.Int63n(7) - 3))
				}
			}
			if !r.isZeroFrom(1) {
				ineqs = append(ineqs, r.normalize())
			}
		}
		for k := 1; k <= n; k++ { // a box, so that most systems are bounded
			for _, s := range []int64{1, -1} {
				r := make(vec, n+1)
				r[0], r[k] = zi(9), zi(s)
				ineqs = append(ineqs, r)
			}
		}
		rational := func() *poly {
			p := newFromCons(n, nil, cloneRows(ineqs), d.st)
			p.exact = true
			p.minimize()
			p.exact = false
			return p
		}
		a, b := rational(), rational()
		if a.empty {
			continue
		}
		if _, rows, _ := a.tightened(); len(rows) > 0 {
			moved++
		}
		a.retighten()
		if b.tighten() {
			b.primal()
		}
		if a.empty != b.empty {
			t.Fatalf("trial %d: retighten empty %v, from scratch %v", trial, a.empty, b.empty)
		}
		if a.empty {
			continue
		}
		for _, p := range []*poly{a, b} {
			p.min, p.hasC, p.hasG = true, true, true
			if err := p.sanity(); err != nil {
				t.Fatalf("trial %d: %v", trial, err)
			}
		}
		if ra, rb := rowStrings(a), rowStrings(b); !slices.Equal(ra, rb) {
			t.Fatalf("trial %d: retighten %v, from scratch %v", trial, ra, rb)
		}
		if !leq(a, b) || !leq(b, a) {
			t.Fatalf("trial %d: the polyhedra differ", trial)
		}
	}
	if moved < 50 {
		t.Fatalf("only %d systems were moved by tightening", moved)
	}
}

// rowStrings lists p's constraint rows, sorted.
func rowStrings(p *poly) []string {
	var out []string
	for _, e := range p.eqs {
		out = append(out, fmt.Sprint("eq", e.signNormalize()))
	}
	for _, r := range p.ineqs {
		out = append(out, fmt.Sprint("ineq", r))
	}
	slices.Sort(out)
	return out
}
