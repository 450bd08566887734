package polyhedra

import (
	"math/bits"
	"math/rand"
	"testing"
)

// TestAdjacencyCandidates checks the candidate filter of cone.add
// against the plain combinatorial test on random saturation matrices:
// for every pair with at least need common rows, adjacentAmong (over the
// candidates of p) and adjacent (over all rays) agree.
func TestAdjacencyCandidates(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	agreeAdj, agreeNot := 0, 0
	for trial := 0; trial < 300; trial++ {
		nbits := 1 + rng.Intn(130)
		nrays := 2 + rng.Intn(40)
		density := 0.2 + 0.7*rng.Float64()
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
		common := newBitset(nbits)
		for p := range c.sat {
			var cand, share []int
			for r, sr := range c.sat {
				if r == p {
					continue
				}
				cnt := 0
				for w, x := range c.sat[p] {
					cnt += bits.OnesCount64(x & sr[w])
				}
				if cnt >= need {
					cand, share = append(cand, r), append(share, cnt)
				}
			}
			for q := range c.sat {
				if q == p {
					continue
				}
				cnt := 0
				for w := range common {
					common[w] = c.sat[p][w] & c.sat[q][w]
					cnt += bits.OnesCount64(common[w])
				}
				if cnt < need {
					continue
				}
				got, want := c.adjacentAmong(q, common, cnt, cand, share), c.adjacent(p, q, common)
				if got != want {
					t.Fatalf("trial %d, rays %d, %d: adjacentAmong %v, adjacent %v", trial, p, q, got, want)
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
