// This file implements incremental tight closure in O(n^2): after adding
// one octagonal constraint to a tightly closed matrix, and after
// replacing the constraints of one variable.
//
// Sources: Mine, HOSC 2006, §4.3.4 (incremental closure); Singh, Pueschel
// and Vechev, PLDI 2015, §5 (incremental closure by one pivot pass after
// closing the changed rows); Chawdhary, Robbins and King, "Simple and
// efficient algorithms for octagons", APLAS 2014 (the one-pass update for
// a single new constraint); Bagnara, Hill and Zaffanella, VMCAI 2008 (the
// final tightening and strengthening, see closure.go).

package octagon

// addConstraint adds V_b - V_a <= c to the tightly closed matrix m and
// restores tight closure. It reports whether the result is non-empty.
//
// The new edges are a -> b and its coherent twin b^1 -> a^1, both of
// weight c. A shortest path uses each at most once, so
//
//	m'[i][j] = min(m[i][j], A[i] + c + m[b][j], B[i] + c + m[a^1][j])
//	A[i] = min(m[i][a], m[i][b^1] + c + m[a^1][a])   (reach a, maybe via the twin)
//	B[i] = min(m[i][b^1], m[i][a] + c + m[b][b^1])   (reach b^1, maybe via a -> b)
//
// covers the paths with one, the other, or both new edges in either order;
// tighten then restores integer tightness and strong coherence.
func addConstraint(m []int64, n, a, b int, c int64, s *scratch) bool {
	if c == inf {
		return true
	}
	if b == a^1 {
		c = norm(2 * half(c)) // 2x <= c over integers is 2x <= 2*floor(c/2)
	}
	if c >= get(m, a, b) {
		return true
	}
	if addUp(c, get(m, b, a)) < 0 {
		return false
	}
	a1, b1 := a^1, b^1
	maa, mbb := get(m, a1, a), get(m, b, b1)
	if forceExact || !slowOp(c) || !slowOp(maa) || !slowOp(mbb) {
		return addExact(m, n, a, b, c)
	}
	N := 2 * n
	for i := 0; i < N; i++ {
		ia, ib := get(m, i, a), get(m, i, b1)
		if !slowOp(ia) || !slowOp(ib) {
			return addExact(m, n, a, b, c)
		}
		// Exact: four operands below 2^58 in magnitude.
		s.c0[i] = addUp(min(ia, addUp(addUp(ib, c), maa)), c)
		s.c1[i] = addUp(min(ib, addUp(addUp(ia, c), mbb)), c)
	}
	for j := 0; j < N; j++ {
		s.r0[j] = get(m, b, j)
		s.r1[j] = get(m, a1, j)
	}
	switch relax(m, n, s.c0, s.c1, s.r0, s.r1) {
	case isEmpty:
		return false
	case needExact:
		return addExact(m, n, a, b, c)
	}
	return finish(m, n, tighten(m, n))
}

// varStand stands in for +inf in closeVar's first step: above 2^61 plus
// any operand (> -2^58), and twice it does not overflow.
const varStand int64 = 1<<61 + 1<<59

// closeVarRow is the inner loop of closeVar's first step over row k of
// the rest (edges k -> j of weight w = row[j]): r0[j] = min(r0[j], x0 +
// w), r1[j] = min(r1[j], x1 + w), and it returns min_j b0[j] + w and min_j
// b1[j] + w (paths through the twin edges). Operands are varStand or
// below 2^58 in magnitude; +inf entries of row are read as varStand.
func closeVarRow(row []int64, x0, x1 int64, r0, r1, b0, b1 []int64) (t0, t1 int64) {
	t0, t1 = inf, inf
	r0 = r0[:len(row)]
	r1 = r1[:len(row)]
	b0 = b0[:len(row)]
	b1 = b1[:len(row)]
	for j, w := range row {
		w = min(w, varStand)
		r0[j] = min(r0[j], x0+w)
		r1[j] = min(r1[j], x1+w)
		t0 = min(t0, b0[j]+w)
		t1 = min(t1, b1[j]+w)
	}
	return t0, t1
}

// rowSlowOps reports whether every entry of row satisfies slowOp.
func rowSlowOps(row []int64) bool {
	lo, hi := int64(0), int64(0)
	for _, w := range row {
		lo = min(lo, w)
		if w != inf {
			hi = max(hi, w)
		}
	}
	return lo > -fastLim/4 && hi < fastLim/4
}

// slowOp reports whether v is +inf or small enough (below 2^58 in
// magnitude) that a sum of four such operands stays in the fast range.
func slowOp(v int64) bool { return v == inf || (v > -fastLim/4 && v < fastLim/4) }

// addExact adds V_b - V_a <= c to m and closes it with exactClose.
func addExact(m []int64, n, a, b int, c int64) bool {
	set(m, a, b, min(get(m, a, b), c))
	return exactClose(m, n)
}

// closeVar restores the tight closure of m, where m is tightly closed
// except for the entries of variable v (rows and columns 2v and 2v+1),
// which may hold arbitrary bounds. It reports whether m is non-empty.
//
// Step 1 closes the two rows of v through the rest of the matrix, which
// is closed on its own: a path from 2v to j that avoids v's nodes inside
// is one edge of v's row followed by a closed entry, and, when j is a
// node of v, one more edge into j. Step 2 is one pivot pass through v's
// nodes, which joins such segments; step 3 tightens. Operands of 2^58 and
// more send the whole closure to exactClose.
func closeVar(m []int64, n, v int, s *scratch) bool {
	if forceExact {
		return exactClose(m, n)
	}
	N := 2 * n
	p0, p1 := 2*v, 2*v+1
	r0, r1 := s.r0, s.r1 // rows of p0 and p1 as full vectors
	i0, i1 := s.c0, s.c1 // their initial values: the first edge
	for j := 0; j < N; j++ {
		r0[j], r1[j] = get(m, p0, j), get(m, p1, j)
		if !slowOp(r0[j]) || !slowOp(r1[j]) {
			return exactClose(m, n)
		}
	}
	// Segments that end outside v: one edge of v's row, then a closed
	// entry of the rest. Every operand is +inf or below 2^58 in
	// magnitude, so with +inf read as the stand-in varStand the sums are
	// exact, never overflow, and a sum with a stand-in is >= thresh (read
	// as +inf afterwards). The edges of the rest into v's nodes (columns
	// 2v, 2v+1) are included: they are real edges, so every value is
	// still the weight of a real path.
	b0, b1 := s.b0, s.b1 // b0[j] = i0[j^1]: paths p0 -> j^1
	for j := 0; j < N; j++ {
		i0[j], i1[j] = min(r0[j], varStand), min(r1[j], varStand)
	}
	for j := 0; j < N; j++ {
		b0[j], b1[j] = i0[j^1], i1[j^1]
	}
	for k := 0; k < N; k++ {
		if k>>1 == v {
			continue
		}
		start := rowStart(k)
		row := m[start : start+(k|1)+1]
		if !rowSlowOps(row) {
			return exactClose(m, n)
		}
		t0, t1 := closeVarRow(row, i0[k], i1[k], r0[:len(row)], r1[:len(row)], b0[:len(row)], b1[:len(row)])
		// The twin of edge k -> j is j^1 -> k^1: paths p -> j^1 -> k^1.
		r0[k^1] = min(r0[k^1], t0)
		r1[k^1] = min(r1[k^1], t1)
	}
	for j := 0; j < N; j++ {
		if r0[j] >= thresh {
			r0[j] = inf
		}
		if r1[j] >= thresh {
			r1[j] = inf
		}
	}
	// Segments that come back to v: the above, then one edge into v.
	for _, q := range [2]int{p0, p1} {
		for k := 0; k < N; k++ {
			if k>>1 == v {
				continue
			}
			w := get(m, k, q)
			r0[q] = min(r0[q], addUp(r0[k], w))
			r1[q] = min(r1[q], addUp(r1[k], w))
		}
	}
	if r0[p0] < 0 || r1[p1] < 0 || addUp(r0[p1], r1[p0]) < 0 {
		return false
	}
	r0[p0], r1[p1] = 0, 0
	for j := 0; j < N; j++ {
		set(m, p0, j, r0[j])
		set(m, p1, j, r1[j])
	}
	if st := pivot(m, n, v, s); st != done {
		return finish(m, n, st)
	}
	return finish(m, n, tighten(m, n))
}
