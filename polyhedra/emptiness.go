// This file implements the integer emptiness test behind IsBottom: whether
// a polyhedron has no integer point. Minimisation decides rational
// emptiness only (an empty rational polyhedron has no integer point); the
// integer question is asked only where an answer needs it (IsBottom, and
// the operations that start by asking it), and its answer is cached in
// the polyhedron, which is immutable.
//
// Sketch, for a minimal, rationally non-empty P = conv(V) + cone(R) +
// span(L), cheapest first:
//
//  1. a vertex with integer coordinates: not empty;
//  2. the bounding box of P, coordinate by coordinate over V, R and L: a
//     coordinate with no integer between its bounds: empty; a box with at
//     most boxEnumLimit integer points: enumerate them, an exact answer;
//  3. rounding: a vertex, or the centre of the vertices (also pushed along
//     the rays), rounded to the nearest integer point, in P: not empty;
//  4. a thin direction (a coordinate or constraint normal a with few
//     integer values of a·x over P): decide each section a·x = v by
//     these tests, recursively (splitThin);
//  5. when P is unbounded, the same tests on a bounded part of P that has
//     an integer point iff P has one (bounded, after Meyer), and then
//  6. branch and bound on the simplex (integer.go) within its budget; when
//     the budget runs out, P is taken as not empty (the interface allows
//     IsBottom to answer false for an empty gamma, never the converse).

package polyhedra

import (
	"time"
)

// States of the cached integer emptiness answer (poly.ie).
const (
	ieUnknown int8 = iota
	ieEmpty
	ieNonEmpty
)

// boxEnumLimit is the largest bounding box whose integer points the test
// enumerates; roundTries bounds the vertices tried by rounding.
const (
	boxEnumLimit = 256
	roundTries   = 64
)

// integerEmpty reports whether p has no integer point. It answers false
// when undecided within the budget. Safe for concurrent use.
func (p *poly) integerEmpty() bool {
	if empty, _, known := p.knownEmptiness(); known {
		return empty
	}
	p.minimize()
	if p.empty {
		return true
	}
	if p.exact {
		return false // a rational polyhedron of the sanity checker
	}
	p.mu.Lock()
	ie := p.ie
	p.mu.Unlock()
	if ie != ieUnknown {
		return ie == ieEmpty
	}
	if p.st.interrupted() {
		p.st.gaveUp(true)
		return false // not decided, and not cached: the analysis stops
	}
	// An integral vertex decides it at once, before the memo's key is
	// even built.
	for _, g := range p.rays {
		if g[0].isOne() {
			p.st.emptiness(time.Now(), true, false)
			p.mu.Lock()
			p.ie, p.wit = ieNonEmpty, g[1:].clone()
			p.mu.Unlock()
			return false
		}
	}
	key := p.st.memoKey(p)
	empty, wit, hit := p.st.memoGet(key)
	if !hit {
		start := time.Now()
		var cheap, gaveUp bool
		empty, wit, cheap, gaveUp = p.decideIntegerEmpty()
		p.st.emptiness(start, cheap, gaveUp)
		p.st.memoPut(key, empty, wit)
	}
	p.mu.Lock()
	if empty {
		p.ie = ieEmpty
	} else {
		p.ie, p.wit = ieNonEmpty, wit
	}
	p.mu.Unlock()
	return empty
}

// knownEmptiness returns the cached answer of integerEmpty and the
// witness, under one lock; known is false when not yet computed.
func (p *poly) knownEmptiness() (empty bool, wit []zint, known bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case p.min && p.empty:
		return true, nil, true
	case p.ie != ieUnknown:
		return p.ie == ieEmpty, p.wit, true
	}
	return false, nil, false
}

// witness returns an integer point of p (local coordinates) found by the
// emptiness test, or nil: none when p is empty, or not empty only because
// the test gave up.
func (p *poly) witness() []zint {
	if _, wit, known := p.knownEmptiness(); known {
		return wit
	}
	p.integerEmpty()
	_, wit, _ := p.knownEmptiness()
	return wit
}

// decideIntegerEmpty runs the tests of the sketch on the minimal,
// rationally non-empty p: whether p is integer-empty, whether a cheap
// test decided it, and whether branch and bound gave up.
// It also returns the integer point found, if any.
func (p *poly) decideIntegerEmpty() (empty bool, wit []zint, cheap, gaveUp bool) {
	nodes := thinBudget{sections: splitBudget, work: thinWorkBudget}
	if e, wit, ok := p.decideOnGenerators(&nodes); ok {
		return e, wit, true, false
	}
	if q := p.bounded(); q != p && !q.cut {
		if q.isEmpty() {
			return true, nil, true, false
		}
		if e, wit, ok := q.decideOnGenerators(&nodes); ok {
			return e, wit, true, false
		}
		p = q
	}
	found, complete, x := integerPoint(simplexRowsOf(p), p.n, p.st)
	if found {
		wit = fromInts(x)
	}
	return !found && complete, wit, false, !complete
}

// decideOnGenerators decides integer emptiness of the minimal, rationally
// non-empty p by the tests on its generators (steps 1-3 of the sketch,
// then splitThin); ok is false when they do not decide it. wit is the
// integer point found when not empty.
func (p *poly) decideOnGenerators(nodes *thinBudget) (empty bool, wit []zint, ok bool) {
	if p.cut {
		return false, nil, false // a point of an upper bound proves nothing
	}
	for _, g := range p.rays {
		if g[0].isOne() {
			return false, g[1:].clone(), true // an integral vertex
		}
	}
	if e, wit, ok := p.boxTest(); ok {
		return e, wit, true
	}
	if wit := p.roundingFindsPoint(); wit != nil {
		return false, wit, true
	}
	return p.splitThin(nodes)
}

// bounded returns, for p with rays or lines, a bounded polyhedron q ⊆ p
// that has an integer point iff p has one; p itself when p is bounded.
//
// With P = conv(V) + cone(R) + span(L), R and L integer vectors, an
// integer point x = v + sum_j a_j r_j + sum_k b_k l_k (a_j >= 0) of P gives
// the integer point x - sum_j floor(a_j) r_j - sum_k floor(b_k) l_k of
// Q = conv(V) + sum_j [0,1) r_j + sum_k [0,1) l_k ⊆ P (Meyer's argument
// for the integer hull). q is P cut to the bounding box of Q, so Q ⊆ q ⊆
// P: branch and bound then searches a bounded set.
func (p *poly) bounded() *poly {
	dirs := append(cloneRows(p.lines), p.rays...)
	unbounded := len(p.lines) > 0
	for _, g := range p.rays {
		unbounded = unbounded || g[0].IsZero()
	}
	if !unbounded {
		return p
	}
	var rows []vec
	for i := 1; i <= p.n; i++ {
		var lo, hi frac
		first := true
		var down, up zint // sum of the negative and positive parts of directions
		for _, g := range dirs {
			if !g[0].IsZero() {
				v := frac{g[i], g[0]}
				if first || v.cmp(lo) < 0 {
					lo = v
				}
				if first || v.cmp(hi) > 0 {
					hi = v
				}
				first = false
				continue
			}
			if s := g[i].Sign(); s < 0 {
				down = down.Add(g[i])
			} else if s > 0 {
				up = up.Add(g[i])
			}
		}
		// x_i - (floor(lo) + down) >= 0, (ceil(hi) + up) - x_i >= 0.
		l := make(vec, p.n+1)
		l[0], l[i] = lo.floor().Add(down).Neg(), one
		h := make(vec, p.n+1)
		h[0], h[i] = hi.ceil().Add(up), zi(-1)
		rows = append(rows, l, h)
	}
	q := p.addCons(nil, rows)
	q.minimize()
	return q
}

// splitBudget bounds the sections one emptiness test examines in
// splitThin, and thinWorkBudget the generator scans (one per direction
// tried, times the generators) it may spend looking for thin directions
// (a polyhedron of 20 dimensions with a thousand vertices and a hundred
// constraints costs 10^5 per split); thinMax is the most hyperplanes one
// split may make.
const (
	splitBudget    = 24
	thinWorkBudget = 1 << 16
	thinMax        = 4
)

// thinBudget is what remains of one emptiness test's budget for
// splitThin: sections to examine and generator scans.
type thinBudget struct {
	sections int
	work     int
}

// splitThin decides integer emptiness of the minimal, rationally
// non-empty p by splitting it along a thin direction: for an integer
// direction a, every integer point of p lies on a hyperplane a·x = v with
// v an integer in [ceil(min a·x), floor(max a·x)], so p has none iff no
// such section has one. It takes the coordinate or constraint normal
// with the fewest values (at most thinMax; none means empty) and decides
// each section on its generators, recursively: branching on hyperplanes
// rather than on coordinates, which is what a long thin polyhedron along
// a skewed direction needs (branch and bound on coordinates takes a node
// per integer along its length). ok is false when undecided within
// the budget nodes.
func (p *poly) splitThin(nodes *thinBudget) (empty bool, wit []zint, ok bool) {
	scan := (p.n + len(p.ineqs)) * (len(p.rays) + len(p.lines))
	if scan > nodes.work {
		return false, nil, false
	}
	nodes.work -= scan
	var best vec
	var blo, bhi zint
	bestN := int64(-1)
	try := func(dir vec) bool {
		lo, hi := p.optimumRat(dir)
		if lo.inf || hi.inf || lo.v.cmp(hi.v) == 0 {
			return false // unbounded, or constant on p (no split)
		}
		l, h := lo.v.ceil(), hi.v.floor()
		n, fits := h.Sub(l).Add(one).Int64()
		if !fits {
			return false
		}
		if n <= 0 {
			return true // no integer value: p has no integer point
		}
		if bestN < 0 || n < bestN {
			best, blo, bhi, bestN = dir, l, h, n
		}
		return false
	}
	for i := 0; i < p.n; i++ {
		if try(unitVec(p.n+1, i+1)) {
			return true, nil, true
		}
	}
	for _, r := range p.ineqs {
		d := r.clone()
		d[0] = zint{}
		if try(d) {
			return true, nil, true
		}
	}
	if bestN < 0 || bestN > thinMax {
		return false, nil, false
	}
	for v := blo; v.Cmp(bhi) <= 0; v = v.Add(one) {
		if nodes.sections <= 0 {
			return false, nil, false
		}
		nodes.sections--
		h := best.clone()
		h[0] = v.Neg() // a·x - v = 0
		q := p.addCons([]vec{h.signNormalize()}, nil)
		q.minimize()
		if q.empty {
			continue
		}
		e, wit, ok := q.decideOnGenerators(nodes)
		if !ok {
			return false, nil, false
		}
		if !e {
			return false, wit, true
		}
	}
	return true, nil, true
}

// boxTest decides integer emptiness from the bounding box of p when it
// can: empty when some coordinate has no integer in its range, and by
// enumeration when the box has at most boxEnumLimit integer points.
func (p *poly) boxTest() (empty bool, wit []zint, ok bool) {
	lo := make([]ext, p.n) // ceil of the minimum
	hi := make([]ext, p.n) // floor of the maximum
	for i := 0; i < p.n; i++ {
		r := make(vec, p.n+1)
		r[i+1] = one
		lo[i], hi[i] = p.optimum(r)
		if !lo[i].inf && !hi[i].inf && lo[i].v.Cmp(hi[i].v) > 0 {
			return true, nil, true
		}
	}
	size := int64(1)
	for i := 0; i < p.n; i++ {
		if lo[i].inf || hi[i].inf {
			return false, nil, false
		}
		w, ok := hi[i].v.Sub(lo[i].v).Add(one).Int64()
		if !ok || w > boxEnumLimit {
			return false, nil, false
		}
		size *= w
		if size > boxEnumLimit {
			return false, nil, false
		}
	}
	x := make([]zint, p.n)
	for i := range x {
		x[i] = lo[i].v
	}
	for {
		if p.contains(x) {
			return false, x, true
		}
		i := 0
		for ; i < p.n; i++ {
			if x[i].Cmp(hi[i].v) < 0 {
				x[i] = x[i].Add(one)
				break
			}
			x[i] = lo[i].v
		}
		if i == p.n {
			return true, nil, true
		}
	}
}

// contains reports whether the integer point x satisfies p's constraints.
func (p *poly) contains(x []zint) bool {
	at := func(r vec) zint {
		v := r[0]
		for i, c := range r[1:] {
			if !c.IsZero() && !x[i].IsZero() {
				v = v.Add(c.Mul(x[i]))
			}
		}
		return v
	}
	for _, r := range p.eqs {
		if !at(r).IsZero() {
			return false
		}
	}
	for _, r := range p.ineqs {
		if at(r).Sign() < 0 {
			return false
		}
	}
	return true
}

// roundingFindsPoint returns an integer point of p found by rounding some
// vertex of p, or the centre of its vertices moved along the rays (a
// quick way to show that p is not integer-empty), or nil.
func (p *poly) roundingFindsPoint() []zint {
	x := make([]zint, p.n)
	var verts []vec
	var rays []vec
	for _, g := range p.rays {
		if g[0].IsZero() {
			rays = append(rays, g)
		} else if len(verts) < roundTries {
			verts = append(verts, g)
		}
	}
	// round(v/d) = floor((2v + d) / 2d). The rounded vertices are also
	// summed, for their mean.
	two := zi(2)
	sum := make([]zint, p.n)
	for _, g := range verts {
		d2 := g[0].Mul(two)
		for i := range x {
			x[i] = g[i+1].Mul(two).Add(g[0]).FloorDiv(d2)
			sum[i] = sum[i].Add(x[i])
		}
		if p.contains(x) {
			return x
		}
	}
	// The mean of the rounded vertices (near the centre of the vertices),
	// then moved along the sum of the rays by growing multiples.
	k := zi(int64(len(verts)))
	for _, m := range []int64{0, 1, 16, 256} {
		if m > 0 && len(rays) == 0 {
			break
		}
		for i := range x {
			v := sum[i].Mul(two).Add(k).FloorDiv(k.Mul(two)) // round(sum/k)
			for _, r := range rays {
				if !r[i+1].IsZero() {
					v = v.Add(r[i+1].Mul(zi(m)))
				}
			}
			x[i] = v
		}
		if p.contains(x) {
			return x
		}
	}
	return nil
}
