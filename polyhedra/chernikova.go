// This file implements Chernikova's algorithm: the incremental conversion
// of a constraint system into the generator system of the cone it defines
// (and, by duality, of generators into constraints).
//
// References: N. V. Chernikova, "Algorithm for finding a general formula
// for the non-negative solutions of a system of linear inequalities"
// (1965); H. Le Verge, "A note on Chernikova's algorithm" (IRISA TR 635,
// 1992), whose saturation-based adjacency test this file uses.
//
// Sketch. The cone is kept as lines L (a basis of its lineality space) and
// extreme rays R, each ray with the set sat(r) of the inequality rows
// already processed that it saturates. Adding a row c:
//
//	if some line l has c·l != 0:
//	    make every other line and every ray orthogonal to c by adding a
//	    multiple of l; drop l, and for an inequality keep l, oriented so
//	    that c·l > 0, as a new ray (it saturates every earlier row);
//	else split R into R+ (c·r > 0), R0 (c·r = 0), R- (c·r < 0):
//	    keep R0 (and R+ for an inequality), and for every adjacent pair
//	    (p in R+, q in R-) add the ray (c·p)q - (c·q)p, which saturates c.
//
// p and q are adjacent iff no third ray r has sat(r) ⊇ sat(p) ∩ sat(q)
// (Le Verge's combinatorial test). It is exact when R holds exactly the
// extreme rays, which the algorithm preserves, so the output is minimal.
//
// A polyhedron P ⊆ Q^n is the section d = 1 of the cone
// C = {(d, x) | d >= 0, c[0]d + c[1:]·x >= 0 ...}: the primal conversion
// starts from the whole space, adds the positivity row d >= 0 and then the
// constraints. The dual conversion adds generator rows (lines as
// equalities, rays and vertices as inequalities) to the whole space and
// reads the constraints of P off the resulting lines and rays.

package polyhedra

import (
	"math/bits"
	"slices"
)

// cone is the state of Chernikova's algorithm.
type cone struct {
	lines  []vec
	rays   []vec
	sat    []bitset // sat[i]: processed inequality rows saturated by rays[i]
	nbits  int      // inequality rows processed so far
	neqs   int      // equality rows processed so far (bounds their rank)
	bitcap int      // bit capacity of each bitset, fixed when the cone is made
	made   int      // rays made by combining adjacent pairs (the work done)
	// limit, when positive, bounds the rays of the cone, and maxWork
	// the work of the conversion (pairs tested, rays scanned by the
	// adjacency tests): add stops as soon as one would be exceeded and
	// sets over. So does the stop hook of st (stopped is then set too).
	// The cone then holds the conversion of the rows added before the
	// one that was cut (only saturation bits of that row may have been
	// set, and no caller reads them); later adds do nothing.
	limit   int
	maxWork int64
	over    bool
	stopped bool
	st      *counters
	work    int64 // the work so far
	asked   int64 // the work when the stop hook was last asked
	buf     coneBuffers
}

// coneBuffers is add's reusable space: the scalar products and the
// split of the rays, and the arrays of the previous ray list, which
// the next add fills (every ray list add makes replaces the one before,
// and nothing else holds a cone's list while it is being converted).
// New rays and their saturation sets are cut from shared chunks.
type coneBuffers struct {
	sc            []zint
	pos, neg, zer []int
	spare         []vec
	spareSat      []bitset
	rowSlab       []zint
	bitSlab       []uint64
	common        bitset
	touched, pass []int
	hits          []int32
	chunk         int // rows per new chunk of the slabs (at most slabRows)
}

// slabRows is the most rows (or saturation sets) per chunk of a cone's
// slabs: enough to make one allocation serve most of an add, few enough
// that a final ray keeps little dead space alive. An add with fewer
// pairs to combine makes smaller chunks (chunk).
const slabRows = 16

// newRow returns a zeroed row of length n cut from the row slab.
func (b *coneBuffers) newRow(n int) vec {
	if len(b.rowSlab) < n {
		b.rowSlab = make([]zint, n*max(b.chunk, 1))
	}
	r := b.rowSlab[:n:n]
	b.rowSlab = b.rowSlab[n:]
	return vec(r)
}

// cloneBits returns a copy of s cut from the bitset slab.
func (b *coneBuffers) cloneBits(s bitset) bitset {
	n := len(s)
	if len(b.bitSlab) < n {
		b.bitSlab = make([]uint64, n*max(b.chunk, 1))
	}
	r := b.bitSlab[:n:n]
	b.bitSlab = b.bitSlab[n:]
	copy(r, s)
	return bitset(r)
}

// bigWordWork is the work charged per 64-bit word of the big entries of a
// row the conversion makes: combining two rows and dividing out their
// gcd costs time that grows with the size of the numbers, which the
// count of pairs and scans does not see (issue 18: hulls of rows with
// 600-bit entries took 80-140 ns per unit of uncharged work, 35-40 ns
// with small ones).
var bigWordWork int64 = 8

// bigWork returns the work charged for the made row r.
func bigWork(r vec) int64 {
	var w int64
	for _, x := range r {
		if x.big != nil {
			w += int64(len(x.big.Bits()))
		}
	}
	return w * bigWordWork
}

// stopCheckEvery is the work between two questions to the stop hook.
const stopCheckEvery = 1 << 14

// halt reports whether the conversion must stop (the stop hook said so,
// or the work bound is exceeded), setting over; it asks the hook only
// every stopCheckEvery units of work.
func (c *cone) halt() bool {
	if c.over {
		return true
	}
	if c.st != nil && c.st.stopped.Load() {
		c.over, c.stopped = true, true
		return true
	}
	if c.maxWork > 0 && c.work > c.maxWork {
		c.over = true
		return true
	}
	if c.work-c.asked >= stopCheckEvery {
		c.asked = c.work
		if c.st.interrupted() {
			c.over, c.stopped = true, true
		}
	}
	return c.over
}

// newUniverse returns the cone R^dim (dim unit lines, no rays), with room
// for nrows inequality rows.
func newUniverse(dim, nrows int, st *counters) *cone {
	c := &cone{bitcap: nrows, st: st}
	for i := 0; i < dim; i++ {
		l := make(vec, dim)
		l[i] = one
		c.lines = append(c.lines, l)
	}
	return c
}

// newCone returns the cone with the given minimal lines and rays, whose
// saturation sets over nbits inequality rows are sat, with room for extra
// more inequality rows.
func newCone(lines, rays []vec, sat []bitset, nbits, extra int, st *counters) *cone {
	c := &cone{lines: cloneRows(lines), rays: cloneRows(rays), nbits: nbits, bitcap: nbits + extra, st: st}
	c.sat = newBitsets(len(sat), c.bitcap)
	for i, s := range sat {
		copy(c.sat[i], s)
	}
	return c
}

// add intersects the cone with the half-space row·v >= 0 (eq: the
// hyperplane row·v = 0). Inequality rows get the next saturation bit.
func (c *cone) add(row vec, eq bool) {
	c.work += int64(len(c.rays) + len(c.lines))
	if c.halt() {
		return
	}
	bit := -1
	if !eq {
		bit = c.nbits
		c.nbits++
	} else {
		defer func() { c.neqs++ }()
	}
	// A line not orthogonal to row absorbs the row.
	for p, lp := range c.lines {
		sp := dot(row, lp)
		if sp.IsZero() {
			continue
		}
		for i, l := range c.lines {
			if i == p {
				continue
			}
			if si := dot(row, l); !si.IsZero() {
				c.lines[i] = combine(sp, l, si.Neg(), lp).signNormalize()
			}
		}
		abs, sgn := sp, one
		if sp.Sign() < 0 {
			abs, sgn = sp.Neg(), zi(-1)
		}
		for i, r := range c.rays {
			if sr := dot(row, r); !sr.IsZero() {
				c.rays[i] = combine(abs, r, sgn.Mul(sr).Neg(), lp)
			}
			if bit >= 0 {
				c.sat[i].set(bit)
			}
		}
		c.lines = append(c.lines[:p:p], c.lines[p+1:]...)
		if !eq {
			r := lp
			if sp.Sign() < 0 {
				r = lp.neg()
			}
			s := newBitset(c.bitcap)
			for b := 0; b < bit; b++ {
				s.set(b)
			}
			c.rays = append(c.rays, r)
			c.sat = append(c.sat, s)
		}
		return
	}

	// Every line is orthogonal to row: split the rays.
	b := &c.buf
	sc := slices.Grow(b.sc[:0], len(c.rays))[:len(c.rays)]
	pos, neg, zer := b.pos[:0], b.neg[:0], b.zer[:0]
	defer func() { b.sc, b.pos, b.neg, b.zer = sc, pos, neg, zer }()
	for i, r := range c.rays {
		sc[i] = dot(row, r)
		if sc[i].big != nil {
			c.work += int64(len(sc[i].big.Bits())) * bigWordWork
		}
		switch sc[i].Sign() {
		case 1:
			pos = append(pos, i)
		case -1:
			neg = append(neg, i)
		default:
			zer = append(zer, i)
		}
	}
	if len(neg) == 0 && (!eq || len(pos) == 0) {
		if bit >= 0 {
			for _, i := range zer {
				c.sat[i].set(bit)
			}
		}
		return
	}
	rays := slices.Grow(b.spare[:0], len(pos)+len(zer)+len(neg))
	sat := slices.Grow(b.spareSat[:0], len(pos)+len(zer)+len(neg))
	// The old list's arrays become the next add's (see coneBuffers).
	replace := func() {
		b.spare, b.spareSat = c.rays[:0], c.sat[:0]
		c.rays, c.sat = rays, sat
	}
	if !eq {
		for _, i := range pos {
			rays = append(rays, c.rays[i])
			sat = append(sat, c.sat[i])
		}
	}
	for _, i := range zer {
		if bit >= 0 {
			c.sat[i].set(bit)
		}
		rays = append(rays, c.rays[i])
		sat = append(sat, c.sat[i])
	}
	// Adjacent rays span a 2-dimensional face (modulo the lines): the
	// rows tight on both have rank dim - lines - 2 - rank(equalities),
	// so at least that many are needed (a quick necessary condition).
	need := len(row) - len(c.lines) - 2 - c.neqs
	b.chunk = min(len(pos)*len(neg), slabRows)
	common := b.common
	if len(common) != (c.bitcap+63)/64 {
		common = newBitset(c.bitcap)
		b.common = common
	}
	// A pair passes the count test when q saturates at least need of the
	// rows p saturates. Rays saturate few rows each (a handful of the
	// hundreds processed in a hull), so the q's that pass for a p are
	// found from an index of the rows to the rays of neg that saturate
	// them, by counting along p's rows, rather than by intersecting p's
	// set with every q's; they are then taken in neg's order, as a scan
	// would. The adjacency test itself scans only the rays of one row
	// (adjacentIndexed). The work counts every pair and the rays scanned.
	// (poly-n6-c8-box join: 1.2 s -> 0.55 s per op.)
	if len(common) < indexedWords || len(pos)*len(neg) < indexedPairs {
		c.addPairsScan(pos, neg, sc, need, bit, common, &rays, &sat)
		if !c.over {
			replace()
		}
		return
	}
	idx := c.rowIndex(neg)
	var all [][]int32
	hits := slices.Grow(b.hits[:0], len(neg))[:len(neg)]
	clear(hits)
	touched, pass := b.touched[:0], b.pass[:0]
	defer func() { b.hits, b.touched, b.pass = hits, touched, pass }()
	for _, p := range pos {
		c.work += int64(len(neg))
		if c.work-c.asked >= stopCheckEvery && c.halt() {
			return
		}
		sp := c.sat[p]
		touched, pass = touched[:0], pass[:0]
		sp.each(func(b int) {
			for _, j := range idx[b] {
				if hits[j] == 0 {
					touched = append(touched, int(j))
				}
				hits[j]++
			}
		})
		if need <= 0 {
			// Every pair passes, even those with no common row.
			for j := range neg {
				pass = append(pass, j)
			}
		} else {
			for _, j := range touched {
				if int(hits[j]) >= need {
					pass = append(pass, j)
				}
			}
			slices.Sort(pass)
		}
		for _, j := range pass {
			q := neg[j]
			sq := c.sat[q]
			for w := range common {
				common[w] = sp[w] & sq[w]
			}
			if all == nil {
				all = c.allRowIndex()
			}
			if !c.adjacentIndexed(p, q, common, all) {
				continue
			}
			r := combineTo(b.newRow(len(row)), sc[p], c.rays[q], sc[q].Neg(), c.rays[p])
			c.work += bigWork(r)
			s := b.cloneBits(common)
			if bit >= 0 {
				s.set(bit)
			}
			rays = append(rays, r)
			sat = append(sat, s)
			c.made++
			if c.limit > 0 && len(rays) > c.limit || c.halt() {
				c.over = true
				return
			}
		}
		for _, j := range touched {
			hits[j] = 0
		}
	}
	replace()
}

// indexedPairs is the number of pairs (p, q) from which cone.add finds
// the pairs that pass the count test through an index of the rows; below
// it, building the index costs more than scanning. (A variable: tests
// send every pair loop through either path.)
var indexedPairs = 4096

// indexedWords is the bitset length (in 64-bit words) from which the
// index pays: a conversion of constraints (one word, few rows, each ray
// saturating many) counts a pair with one AND.
var indexedWords = 2

// addPairsScan is the pair loop of add for few pairs: every pair is
// counted, and the adjacency test scans every ray. It appends the
// combined rays to *rays and *sat, and sets c.over when it stops early.
func (c *cone) addPairsScan(pos, neg []int, sc []zint, need, bit int, common bitset, rays *[]vec, sat *[]bitset) {
	// A ray r that refutes the adjacency of p and q saturates every row
	// both saturate, so it shares at least |common| >= need rows with p.
	// Once a p has passed the count test with a few q's, the rays that
	// share enough rows with p (and their share) are listed once, and
	// later tests of p scan only them; before that, the plain test, which
	// stops at the first refuting ray, is cheaper.
	var cand, share []int
	for _, p := range pos {
		sp := c.sat[p]
		cand, share = cand[:0], share[:0]
		passed := 0
		for _, q := range neg {
			c.work++
			if c.work-c.asked >= stopCheckEvery && c.halt() {
				return
			}
			sq := c.sat[q]
			cnt := 0
			for w := range common {
				common[w] = sp[w] & sq[w]
				cnt += bits.OnesCount64(common[w])
			}
			if cnt < need {
				continue
			}
			passed++
			if passed == candAfter {
				c.work += int64(len(c.sat))
				for r, sr := range c.sat {
					if r == p {
						continue
					}
					k := 0
					for w, x := range sp {
						k += bits.OnesCount64(x & sr[w])
					}
					if k >= need {
						cand, share = append(cand, r), append(share, k)
					}
				}
			}
			if passed < candAfter && !c.adjacent(p, q, common) ||
				passed >= candAfter && !c.adjacentAmong(q, common, cnt, cand, share) {
				continue
			}
			s := c.buf.cloneBits(common)
			if bit >= 0 {
				s.set(bit)
			}
			r := combineTo(c.buf.newRow(len(c.rays[p])), sc[p], c.rays[q], sc[q].Neg(), c.rays[p])
			c.work += bigWork(r)
			*rays = append(*rays, r)
			*sat = append(*sat, s)
			c.made++
			if c.limit > 0 && len(*rays) > c.limit || c.halt() {
				c.over = true
				return
			}
		}
	}
}

// candAfter is the number of pairs (p, q) passing the count test after
// which addPairsScan lists p's candidate rays.
const candAfter = 4

// adjacentAmong reports whether rays p and q are adjacent, given
// common, the rows both saturate (cnt of them), and the candidates: the
// rays other than p that share at least need rows with p, and how many.
// They are adjacent iff no candidate other than q saturates all of
// common (Le Verge's test, restricted to the rays that can fail it).
func (c *cone) adjacentAmong(q int, common bitset, cnt int, cand, share []int) bool {
	c.work += int64(len(cand))
	for k, r := range cand {
		if share[k] < cnt || r == q {
			continue
		}
		if common.subset(c.sat[r]) {
			return false
		}
	}
	return true
}

// rowIndex returns, for every inequality row processed, the positions
// in rs of the rays that saturate it, in increasing order.
func (c *cone) rowIndex(rs []int) [][]int32 {
	idx := make([][]int32, c.nbits)
	for j, r := range rs {
		c.sat[r].each(func(b int) {
			if b < len(idx) {
				idx[b] = append(idx[b], int32(j))
			}
		})
	}
	return idx
}

// allRowIndex is rowIndex of every ray, by its index.
func (c *cone) allRowIndex() [][]int32 {
	rs := make([]int, len(c.rays))
	for i := range rs {
		rs[i] = i
	}
	return c.rowIndex(rs)
}

// adjacentIndexed reports whether rays p and q are adjacent, given
// common, the rows both saturate, and all, the index of every ray by
// the rows it saturates (allRowIndex). A ray that refutes it
// saturates every row of common, so it is among those of the row of
// common that the fewest rays saturate (Le Verge's test, restricted to
// the rays that can fail it).
func (c *cone) adjacentIndexed(p, q int, common bitset, all [][]int32) bool {
	var shortest []int32
	first := true
	common.each(func(b int) {
		if b < len(all) && (first || len(all[b]) < len(shortest)) {
			shortest, first = all[b], false
		}
	})
	if first {
		return c.adjacent(p, q, common) // no common row: any third ray refutes
	}
	c.work += int64(len(shortest))
	for _, r := range shortest {
		if int(r) == p || int(r) == q {
			continue
		}
		if common.subset(c.sat[r]) {
			return false
		}
	}
	return true
}

// adjacent reports whether rays p and q are adjacent: no other ray
// saturates every row that both saturate.
func (c *cone) adjacent(p, q int, common bitset) bool {
	c.work += int64(len(c.rays))
	for r := range c.rays {
		if r == p || r == q {
			continue
		}
		if common.subset(c.sat[r]) {
			return false
		}
	}
	return true
}
