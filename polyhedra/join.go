// This file implements Join, the convex hull: the union of the generator
// systems of the two polyhedra generates the closed convex hull of their
// union, and the constraints follow by the dual Chernikova conversion.
//
// With decomposition, the blocks that are identical in both values are
// kept as they are (hull(A x C, B x C) = hull(A, B) x C); all the other
// dimensions are gathered into one block whose hull is taken, and the
// result is split into independent blocks again (Singh et al. 2017, §4).

package polyhedra

import (
	"cmp"
	"slices"
	"time"

	"github.com/numpred/numpred/numeric"
)

// hull returns the convex hull of p and q (or an upper bound, see Join),
// minimised.
func hull(p, q *poly) *poly {
	p.minimize()
	q.minimize()
	switch {
	case p.empty:
		return q
	case q.empty:
		return p
	case leq(p, q):
		return q
	case leq(q, p):
		return p
	}
	return hullIncremental(p, q)
}

// hullIncremental computes the hull of the minimal, non-empty p and q by
// the dual Chernikova algorithm started from p's constraints rather than
// from scratch: p's constraints are the extreme rays of the dual cone of p
// (with positivity when it is a facet), its equalities the lines, and p's
// generators the rows already processed; q's generators are then added.
func hullIncremental(p, q *poly) *poly {
	n := p.n
	c := dualCone(p, len(q.rays))
	for _, l := range q.lines {
		c.add(l, true)
	}
	// Generators of q inside p cost nothing; of the others, those that
	// violate few of p's constraints first keeps the intermediate cones
	// small.
	order := make([]int, len(q.rays))
	viol := make([]int, len(q.rays))
	for i, r := range q.rays {
		order[i] = i
		for _, c := range p.ineqs {
			if dotSign(c, r) < 0 {
				viol[i]++
			}
		}
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(viol[a], viol[b]) })
	c.limit, c.maxWork = p.st.convLimits()
	bitOf := make([]int, len(p.rays)+len(q.rays))
	for i := range p.rays {
		bitOf[i] = i // dualCone's rows are p's rays
	}
	for _, i := range order {
		bitOf[len(p.rays)+i] = c.nbits
		c.add(q.rays[i], false)
		if c.over {
			p.st.combined(c.made)
			if c.stopped {
				h := &poly{n: n, st: p.st}
				h.giveUp(c)
				h.min = true
				return h
			}
			p.st.approximated()
			h := weakHull(p, q)
			h.fresh = true
			h.minimize()
			return h
		}
	}
	p.st.combined(c.made)
	h := fromDual(c, n, append(cloneRows(p.lines), q.lines...), append(cloneRows(p.rays), q.rays...), bitOf, p.st)
	h.fresh = true // its tightening is converted under the work bound
	h.retighten()
	if h.empty {
		return newEmpty(n, p.st)
	}
	return h
}

// dualCone returns the state of the dual Chernikova conversion of the
// minimal, non-empty p, as if p's generators had been added to the whole
// space: p's constraints are the extreme rays of the dual cone (with
// positivity when it is a facet), its equalities the lines, and the
// saturation sets are over p's generators, with room for extra more.
func dualCone(p *poly, extra int) *cone {
	c := &cone{bitcap: len(p.rays) + extra, nbits: len(p.rays), neqs: len(p.lines), st: p.st}
	c.lines = cloneRows(p.eqs)
	cols := p.satColumns(c.bitcap)
	c.rays = make([]vec, 0, len(p.ineqs)+1)
	c.sat = make([]bitset, 0, len(p.ineqs)+1)
	for j, r := range p.ineqs {
		c.rays = append(c.rays, r)
		c.sat = append(c.sat, cols[j+1])
	}
	sp := cols[0]
	facet := true
	for _, s := range c.sat {
		if sp.subset(s) {
			facet = false
			break
		}
	}
	if facet {
		c.rays = append(c.rays, positivity(p.n))
		c.sat = append(c.sat, sp)
	}
	return c
}

// fromDual returns the minimal polyhedron whose constraints are read off
// the dual cone c and whose generators (not necessarily minimal) are
// lines and rays. bitOf[i], when bitOf is not nil, is the row of c's
// saturation sets that stands for rays[i]: the saturation matrix of the
// result is then read off c instead of computed by scalar products (a
// ray saturates a constraint of the cone exactly when the cone's
// saturation set of that constraint has the ray's row).
func fromDual(c *cone, n int, lines, rays []vec, bitOf []int, st *counters) *poly {
	h := &poly{n: n, hasC: true, hasG: true, min: true, st: st}
	for _, l := range c.lines {
		h.eqs = append(h.eqs, l.signNormalize())
	}
	var kept []int
	for j, r := range c.rays {
		if !r.isZeroFrom(1) {
			h.ineqs = append(h.ineqs, r)
			kept = append(kept, j)
		}
	}
	h.lines, h.rays = lines, rays
	if bitOf == nil || !reuseSat {
		h.reduceGens()
	} else {
		sat := newBitsets(len(rays), 1+len(kept))
		for i, r := range rays {
			b := sat[i]
			if r[0].IsZero() {
				b.set(0)
			}
			for k, j := range kept {
				if c.sat[j].has(bitOf[i]) {
					b.set(k + 1)
				}
			}
			sat[i] = b
		}
		h.reduceGensWith(sat)
	}
	h.dropInfinity()
	return h
}

// reuseSat lets fromDual read the saturation matrix off the cone, and
// split restrict its operand's (a variable: a test compares both with the
// scalar products).
var reuseSat = true

// weakHull returns an upper bound of the hull of the minimal, non-empty
// p and q: the constraints of each that hold on every generator of the
// other (an equality that does not hold may still give one of its two
// inequalities). Every row kept holds on p and on q, so the result
// contains both; it is the weak join of Singh et al. (POPL 2017, §4),
// without the hull's new facets.
func weakHull(p, q *poly) *poly {
	h := &poly{n: p.n, hasC: true, st: p.st}
	// sign returns whether row·g is >= 0 and <= 0 on every generator of
	// g (lines: both ways).
	sign := func(row vec, g *poly) (ge, le bool) {
		ge, le = true, true
		for _, l := range g.lines {
			if dotSign(row, l) != 0 {
				return false, false
			}
		}
		for _, r := range g.rays {
			switch dotSign(row, r) {
			case 1:
				le = false
			case -1:
				ge = false
			}
			if !ge && !le {
				return false, false
			}
		}
		return ge, le
	}
	for _, pair := range [2][2]*poly{{p, q}, {q, p}} {
		a, b := pair[0], pair[1]
		for _, e := range a.eqs {
			switch ge, le := sign(e, b); {
			case ge && le:
				h.eqs = append(h.eqs, e)
			case ge:
				h.ineqs = append(h.ineqs, e)
			case le:
				h.ineqs = append(h.ineqs, e.neg())
			}
		}
		for _, r := range a.ineqs {
			if ge, _ := sign(r, b); ge {
				h.ineqs = append(h.ineqs, r)
			}
		}
	}
	return h
}

// Join returns the convex hull of a and b (the least polyhedron
// containing both), exactly, unless the Domain has a Budget
// (WithBudget). Under a budget there are two gaps, both counted in
// Stats.Approximated: when the blocks in which a and b differ would give
// the hull more than Budget.MaxVertices vertices to start from (k
// independent blocks of two vertices each give 2^k), it returns the
// product of the hulls of each group of overlapping blocks, an upper
// bound that drops the relations the hull would create between groups;
// and when the hull's Chernikova conversion grows past Budget.MaxRays
// intermediate constraints or Budget.MaxWork units of work, it returns
// the weak join (weakHull: the constraints of each operand that the
// other satisfies).
func (d *Domain) Join(a, b Poly) Poly {
	defer d.st.op(opJoin, time.Now())
	return d.join(a, b)
}

func (d *Domain) join(a, b Poly) Poly {
	checkDims(a, b)
	if d.isBottom(a) {
		return b
	}
	if d.isBottom(b) {
		return a
	}
	common, rest, pa, pb := d.factor(a, b)
	if len(rest) == 0 {
		return a
	}
	out := Poly{n: a.n, blocks: common}
	maxV := d.st.maxVertices()
	if !d.noDecomp && maxV > 0 && productVertices(pa, maxV)+productVertices(pb, maxV) > maxV {
		// The exact hull links the blocks of the rest and would start
		// from exponentially many vertices: hull each group of
		// overlapping blocks apart instead (an upper bound).
		d.st.approximated()
		for _, g := range groups(a.n, pa, pb) {
			ga, gb := partsOver(pa, g), partsOver(pb, g)
			if productVertices(ga, maxV)+productVertices(gb, maxV) > maxV {
				out.blocks = append(out.blocks, d.joinByBlocks(ga, gb)...)
				continue
			}
			h := hull(product(ga, g, d.st), product(gb, g, d.st))
			out.blocks = append(out.blocks, split(h, g)...)
		}
		sortBlocks(out.blocks)
		return out
	}
	h := hull(product(pa, rest, d.st), product(pb, rest, d.st))
	if d.noDecomp {
		out.blocks = append(out.blocks, block{dims: rest, p: h})
	} else {
		out.blocks = append(out.blocks, split(h, rest)...)
	}
	sortBlocks(out.blocks)
	return out
}

// joinByBlocks (under a Budget only) returns an upper bound of the hull of the products of
// parts a and b over one group of overlapping blocks whose products are
// still too large (kbfiltr_simpl2: a chain of blocks whose product had
// hundreds of thousands of vertices, one join running past 2 minutes):
// the blocks of the finer side, each hulled with the other side's
// projection onto its dimensions (a product of the projections of the
// other side's blocks it meets). Every point of either operand projects
// into each such hull, so their product contains the exact hull. A block
// whose other side's projection is itself too large a product is left
// out (unconstrained).
func (d *Domain) joinByBlocks(a, b []block) []block {
	maxV := d.st.maxVertices()
	base, other := a, b
	if len(base) < len(other) {
		base, other = other, base
	}
	var out []block
	for _, blk := range base {
		in := make(map[numeric.Dim]bool, len(blk.dims))
		for _, x := range blk.dims {
			in[x] = true
		}
		var proj []block
		for _, ob := range other {
			var keep []int
			var kd []numeric.Dim
			for i, x := range ob.dims {
				if in[x] {
					keep, kd = append(keep, i), append(kd, x)
				}
			}
			if len(keep) > 0 {
				// Fresh: a conversion past the work bound leaves this
				// projection unconstrained, still an upper bound.
				q := ob.p.project(keep)
				proj = append(proj, block{dims: kd, p: q})
			}
		}
		if productVertices(proj, maxV) > maxV {
			continue
		}
		h := hull(blk.p, product(proj, blk.dims, d.st))
		if h.isEmpty() {
			continue // never: blk's polyhedron is not empty
		}
		out = append(out, split(h, blk.dims)...)
	}
	return out
}

// productVertices returns the number of vertices of the product of the
// parts (the product of their numbers of vertices), saturated beyond
// limit.
func productVertices(parts []block, limit int) int {
	n := 1
	for _, b := range parts {
		b.p.minimize()
		k := 0
		for _, g := range b.p.rays {
			if !g[0].IsZero() {
				k++
			}
		}
		if k > 1 {
			n *= k
		}
		if n > limit {
			return limit + 1
		}
	}
	return n
}

// groups returns the dimensions of the connected groups of the blocks of
// pa and pb (blocks overlap through their dimensions), each sorted.
func groups(n int, pa, pb []block) [][]numeric.Dim {
	u := newUF(n)
	use := make([]bool, n)
	for _, parts := range [][]block{pa, pb} {
		for _, b := range parts {
			for _, x := range b.dims {
				use[x] = true
				u.union(int(b.dims[0]), int(x))
			}
		}
	}
	return u.classes(use)
}

// partsOver returns the parts whose dimensions lie in g.
func partsOver(parts []block, g []numeric.Dim) []block {
	in := make(map[numeric.Dim]bool, len(g))
	for _, x := range g {
		in[x] = true
	}
	var out []block
	for _, b := range parts {
		if in[b.dims[0]] {
			out = append(out, b)
		}
	}
	return out
}

// factor splits a and b into the blocks they share (same dimensions, same
// polyhedron: the same pointer or the same constraints) and the rest: the
// remaining dimensions (sorted) and the blocks of a and of b over them.
// The hull of the rest links its blocks, and its size is exponential in
// their number, so a block recomputed to the same polyhedron must not
// count as changed.
func (d *Domain) factor(a, b Poly) (common []block, rest []numeric.Dim, pa, pb []block) {
	ao, bo := a.owner(), b.owner()
	shared := make([]bool, len(a.blocks))
	sharedB := make([]bool, len(b.blocks))
	for k, ab := range a.blocks {
		if j := bo[ab.dims[0]]; j >= 0 && sameBlock(b.blocks[j], ab) {
			shared[k], sharedB[j] = true, true
			common = append(common, ab)
		}
	}
	for x := 0; x < a.n; x++ {
		ka, kb := ao[x], bo[x]
		if ka < 0 && kb < 0 || ka >= 0 && shared[ka] {
			continue
		}
		rest = append(rest, numeric.Dim(x))
	}
	for k, ab := range a.blocks {
		if !shared[k] {
			pa = append(pa, ab)
		}
	}
	for j, bb := range b.blocks {
		if !sharedB[j] {
			pb = append(pb, bb)
		}
	}
	return common, rest, pa, pb
}
