package polyhedra

import (
	"fmt"
	"math/bits"
	"math/rand"
	"slices"
	"testing"

	"github.com/numpred/numpred/numeric"
)

// TestAdjacencyIndexed checks the indexed tests of cone.add against the
// plain ones on random saturation matrices: the rays of rowIndex that
// share at least need rows with p are exactly those a scan of every
// pair finds, and for every such pair adjacentIndexed (over the rays of
// common's rarest row) agrees with adjacent (over all rays).
func TestAdjacencyIndexed(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	agreeAdj, agreeNot := 0, 0
	for trial := 0; trial < 300; trial++ {
		nbits := 1 + rng.Intn(130)
		nrays := 2 + rng.Intn(40)
		density := 0.05 + 0.85*rng.Float64()
		c := &cone{bitcap: nbits, nbits: nbits}
		for i := 0; i < nrays; i++ {
			s := newBitset(nbits)
			for b := 0; b < nbits; b++ {
				if rng.Float64() < density {
					s.set(b)
				}
			}
			c.sat = append(c.sat, s)
			c.rays = append(c.rays, nil)
		}
		need := rng.Intn(nbits/2 + 2)
		var others []int
		for r := range c.sat {
			if rng.Intn(2) == 0 {
				others = append(others, r)
			}
		}
		idx, all := c.rowIndex(others), c.allRowIndex()
		common := newBitset(nbits)
		for p := range c.sat {
			// The rays of others sharing >= need rows with p, by the index.
			hits := make([]int, len(others))
			c.sat[p].each(func(b int) {
				for _, j := range idx[b] {
					hits[j]++
				}
			})
			for j, q := range others {
				cnt := 0
				for w := range common {
					common[w] = c.sat[p][w] & c.sat[q][w]
					cnt += bits.OnesCount64(common[w])
				}
				if hits[j] != cnt {
					t.Fatalf("trial %d, rays %d, %d: the index counts %d common rows, a scan %d", trial, p, q, hits[j], cnt)
				}
				if q == p || cnt < need {
					continue
				}
				got, want := c.adjacentIndexed(p, q, common, all), c.adjacent(p, q, common)
				if got != want {
					t.Fatalf("trial %d, rays %d, %d: adjacentIndexed %v, adjacent %v", trial, p, q, got, want)
				}
				if want {
					agreeAdj++
				} else {
					agreeNot++
				}
			}
		}
	}
	if agreeAdj == 0 || agreeNot == 0 {
		t.Fatalf("degenerate test: %d adjacent, %d not", agreeAdj, agreeNot)
	}
}

// TestRowIndexOrder checks that rowIndex lists each row's rays in
// increasing order (cone.add takes the pairs in neg's order from it).
func TestRowIndexOrder(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	c := &cone{bitcap: 200, nbits: 200}
	for i := 0; i < 50; i++ {
		s := newBitset(200)
		for b := 0; b < 200; b++ {
			if rng.Intn(3) == 0 {
				s.set(b)
			}
		}
		c.sat = append(c.sat, s)
		c.rays = append(c.rays, nil)
	}
	for _, l := range c.allRowIndex() {
		if !slices.IsSorted(l) {
			t.Fatalf("row list %v is not sorted", l)
		}
	}
}

// TestPairPathsAgree runs the same random joins, assignments and
// projections (every one a Chernikova conversion) with every pair loop of
// cone.add scanned and with every one indexed: the results must have the
// same constraints, row for row, and pass the sanity check.
func TestPairPathsAgree(t *testing.T) {
	rng := rand.New(rand.NewSource(15))
	saved, savedWords := indexedPairs, indexedWords
	defer func() { indexedPairs, indexedWords = saved, savedWords }()
	indexedWords = 0
	for trial := 0; trial < 150; trial++ {
		n := 2 + rng.Intn(4)
		ca, cb := randPoly(rng, allDims(n), 2+rng.Intn(5)), randPoly(rng, allDims(n), 2+rng.Intn(5))
		run := func(threshold int) []string {
			indexedPairs = threshold
			d := New(WithoutDecomposition())
			a, b := d.Assume(d.Top(n), ca...), d.Assume(d.Top(n), cb...)
			j := d.Join(a, b)
			f := d.Forget(j, 0)
			var out []string
			for _, v := range []Poly{a, b, j, f} {
				if err := d.SanityCheck(v); err != nil {
					t.Fatalf("trial %d, threshold %d: %v", trial, threshold, err)
				}
				out = append(out, d.String(v, nil))
			}
			return out
		}
		scan, indexed := run(1<<62), run(0)
		if !slices.Equal(scan, indexed) {
			t.Fatalf("trial %d: scanned %q, indexed %q", trial, scan, indexed)
		}
	}
}

// TestDualSatFromCone runs random joins and projections with the
// saturation matrices of results read off the dual cone (and restricted
// from the operand's when a result splits into blocks) and computed by
// scalar products: the results must be the same, row for row.
func TestDualSatFromCone(t *testing.T) {
	rng := rand.New(rand.NewSource(16))
	defer func() { reuseSat = true }()
	for trial := 0; trial < 150; trial++ {
		n := 2 + rng.Intn(4)
		ca, cb := randPoly(rng, allDims(n), 2+rng.Intn(5)), randPoly(rng, allDims(n), 2+rng.Intn(5))
		x := numeric.Dim(rng.Intn(n))
		run := func(fromCone bool) []string {
			reuseSat = fromCone
			opts := []Option{WithoutDecomposition()}
			if trial%2 == 0 {
				opts = nil // split restricts saturation matrices too
			}
			d := New(opts...)
			a, b := d.Assume(d.Top(n), ca...), d.Assume(d.Top(n), cb...)
			j := d.Join(a, b)
			var out []string
			y := numeric.Dim((int(x) + 1) % n)
			vs := []Poly{j, d.Forget(j, x), d.Forget(a, x), d.Forget(j, x, y)}
			// Results over fewer dims than their operands' blocks (split's
			// shortcut for a product with the whole space, and its refusal
			// when the generators mix the dims).
			vs = append(vs, d.Join(d.Forget(a, x), d.Forget(b, x)), d.Join(d.Forget(a, x), d.Forget(b, y)))
			for _, v := range vs {
				if err := d.SanityCheck(v); err != nil {
					t.Fatalf("trial %d, from the cone %v: %v", trial, fromCone, err)
				}
				out = append(out, d.String(v, nil))
				for _, bl := range v.blocks {
					out = append(out, fmt.Sprint(bl.p.rays, bl.p.lines))
				}
			}
			return out
		}
		if got, want := run(true), run(false); !slices.Equal(got, want) {
			t.Fatalf("trial %d: from the cone %q, by scalar products %q", trial, got, want)
		}
	}
}

// TestRowOrderIsPrintOrder: sorting a block's rows by cmpRows gives its
// constraints in the print order (so Constraints needs no sort of its
// own), on random values with and without decomposition.
func TestRowOrderIsPrintOrder(t *testing.T) {
	rng := rand.New(rand.NewSource(21))
	for trial := 0; trial < 300; trial++ {
		n := 1 + rng.Intn(5)
		d := New()
		v := d.Assume(d.Top(n), randPoly(rng, allDims(n), 1+rng.Intn(6))...)
		if trial%3 == 0 {
			v = d.Join(v, d.Assume(d.Top(n), randPoly(rng, allDims(n), 1+rng.Intn(6))...))
		}
		if d.IsBottom(v) {
			continue
		}
		for _, b := range v.blocks {
			cs := blockConstraintsOrdered(b)
			if !slices.IsSortedFunc(cs, cmpConstraint) {
				t.Fatalf("trial %d: rows sorted by cmpRows give %v, not in print order", trial, cs)
			}
		}
		// A product of blocks over interleaved dims: the merge.
		w := d.Assume(d.Top(2*n), randPoly(rng, []numeric.Dim{0, 2, 4}[:min(n, 3)], 1+rng.Intn(5))...)
		w = d.Assume(w, randPoly(rng, []numeric.Dim{1, 3, 5}[:min(n, 3)], 1+rng.Intn(5))...)
		if !d.IsBottom(w) {
			if cs := orderedConstraints(w); !slices.IsSortedFunc(cs, cmpConstraint) {
				t.Fatalf("trial %d: %d blocks merged give %v, not in print order", trial, len(w.blocks), cs)
			}
		}
	}
}
