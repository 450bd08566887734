// This file implements the tight closure of a half matrix: shortest-path
// closure by pairs of pivots, integer tightening of the unary entries,
// and strong coherence, with emptiness detected on the diagonal.
//
// Sources: Mine, "The octagon abstract domain", HOSC 19(1), 2006, §4
// (strong closure, Def. 4 and Thm. 3); Bagnara, Hill and Zaffanella, "An
// improved tight closure algorithm for integer octagonal constraints",
// VMCAI 2008 (tight closure = strengthening of the tightened
// shortest-path closure, O(n^3)); Singh, Pueschel and Vechev, "Making
// numerical program analysis fast", PLDI 2015 (pivot-pair closure on the
// half matrix with the pivot rows copied into contiguous vectors).
//
// Sketch. For each variable k (pivot nodes p0 = 2k, p1 = 2k+1):
//
//	c0[i] = min(m[i][p0], m[i][p1] + m[p1][p0])   paths i -> p0
//	c1[i] = min(m[i][p1], m[i][p0] + m[p0][p1])   paths i -> p1
//	r0[j] = m[p0][j] = c1[j^1],  r1[j] = m[p1][j] = c0[j^1]   (coherence)
//	m[i][j] = min(m[i][j], c0[i] + r0[j], c1[i] + r1[j])  for j <= i|1
//
// Each term is the weight of a real path, and the result is below what
// Floyd-Warshall computes after pivots p0 and p1, so after all pivots m
// is the shortest-path closure. A negative diagonal entry means a
// negative cycle: the octagon is empty, and the closure stops at once.
// Then tightening rounds each unary entry m[i][i^1] (a bound on ±2x)
// down to an even number, checks m[i][i^1] + m[i^1][i] >= 0, and
// strengthening sets m[i][j] = min(m[i][j], m[i][i^1]/2 + m[j^1][j]/2).
//
// The inner loops have no overflow checks. Each pass first verifies that
// its operands (the pivot vectors) are +inf or lie in (-2^60, 2^60); then
// every sum is exact and lies in (-2^61, 2^61), so no finite bound reaches
// thresh = 2^61 and none is lost. An infinite row operand is replaced by
// 2^62, whose sums (> thresh) read as +inf until the final pass
// normalises them; stored entries only decrease, so such a stand-in never
// turns into a finite-looking value except by a min with a genuine path
// weight. When an operand is outside the fast range (constants near 2^60
// and beyond), the closure finishes with exactClose (exact.go) instead.

package octagon

const (
	fastLim  int64 = 1 << 60 // operands of the fast kernels lie in (-fastLim, fastLim)
	bigStand int64 = 1 << 62 // stand-in for +inf in a row vector of the fast kernels
)

// forceExact makes every closure take the exact path (a test hook).
var forceExact = false

// status is the outcome of a kernel pass.
type status int8

const (
	done      status = iota // the pass is complete
	isEmpty                 // a negative cycle: the octagon is empty
	needExact               // an operand is out of the fast range; m is unchanged by the pass
)

// scratch holds the vectors of one closure, allocated once per call.
type scratch struct {
	c0, c1, r0, r1 []int64
	b0, b1         []int64 // closeVar's twin vectors
}

func newScratch(n int) *scratch {
	buf := make([]int64, 12*n)
	return &scratch{c0: buf[0 : 2*n], c1: buf[2*n : 4*n], r0: buf[4*n : 6*n], r1: buf[6*n : 8*n],
		b0: buf[8*n : 10*n], b1: buf[10*n : 12*n]}
}

// fastOp reports whether v is +inf or in the fast range.
func fastOp(v int64) bool { return v == inf || (v > -fastLim && v < fastLim) }

// finish turns the status of a pass into the result of a closure,
// falling back to exactClose on the current matrix (which is equivalent
// to the input) when the pass needs it.
func finish(m []int64, n int, st status) bool {
	switch st {
	case isEmpty:
		return false
	case needExact:
		return exactClose(m, n)
	}
	return true
}

// tightClose replaces m by its tight closure and reports whether it is
// non-empty (m is garbage when it is empty).
func tightClose(m []int64, n int) bool {
	if forceExact {
		return exactClose(m, n)
	}
	s := newScratch(n)
	for k := 0; k < n; k++ {
		if st := pivot(m, n, k, s); st != done {
			return finish(m, n, st)
		}
	}
	return finish(m, n, tighten(m, n))
}

// readEntry returns entry (i, j) of a matrix that may hold +inf
// stand-ins of the fast kernels.
func readEntry(m []int64, i, j int) int64 {
	v := get(m, i, j)
	if v >= thresh {
		return inf
	}
	return v
}

// pivot closes m with respect to the pivot pair of variable k (paths
// through 2k and 2k+1).
func pivot(m []int64, n, k int, s *scratch) status {
	p0, p1 := 2*k, 2*k+1
	N := 2 * n
	start0 := rowStart(p0)
	row0 := m[start0 : start0+p1+1]                  // row p0
	row1 := m[start0+p1+1 : start0+2*(p1+1)]         // row p1 (same length)
	m01, m10 := standIn(row0[p1]), standIn(row1[p0]) // m[p0][p1], m[p1][p0]
	if !fastOp(m01) || !fastOp(m10) {
		return needExact
	}
	if addUp(m01, m10) < 0 {
		return isEmpty
	}
	c0, c1 := s.c0[:N], s.c1[:N]
	// Column p0 and p1 of rows i < p0 are stored in rows p1 and p0 by
	// coherence: (i, p0) is (p1, i^1), (i, p1) is (p0, i^1).
	for i := 0; i < p0; i++ {
		c0[i], c1[i] = row1[i^1], row0[i^1]
	}
	// Rows i >= p0 hold them: entries start+p0 and start+p1.
	for i, start := p0, start0; i < N; i++ {
		c0[i], c1[i] = m[start+p0], m[start+p1]
		start += (i | 1) + 1
	}
	for i := range c0 {
		x0, x1 := standIn(c0[i]), standIn(c1[i])
		if !fastOp(x0) || !fastOp(x1) {
			return needExact
		}
		c0[i] = min(x0, addUp(x1, m10)) // exact: operands below 2^60
		c1[i] = min(x1, addUp(x0, m01))
	}
	r0, r1 := s.r0[:N], s.r1[:N]
	for j := range r0 {
		r0[j] = c1[j^1]
		r1[j] = c0[j^1]
	}
	return relax(m, n, c0, c1, r0, r1)
}

// standIn reads an entry that may be a +inf stand-in of the fast kernels
// (>= thresh) as inf.
func standIn(v int64) int64 {
	if v >= thresh {
		return inf
	}
	return v
}

// relax performs m[i][j] = min(m[i][j], a0[i] + r0[j], a1[i] + r1[j]) on
// every stored entry (j <= i|1), stopping when a diagonal entry becomes
// negative. Operands are +inf or finite; when one is outside the fast
// range, relax changes nothing and returns needExact. Otherwise every sum
// is exact and below thresh in magnitude, so no finite bound is lost. It
// may overwrite r0 and r1, and leaves +inf stand-ins (>= thresh) in m.
func relax(m []int64, n int, a0, a1, r0, r1 []int64) status {
	N := 2 * n
	if !inFastRange(a0) || !inFastRange(a1) || !inFastRange(r0) || !inFastRange(r1) {
		return needExact
	}
	finite := 0
	for j := 0; j < N; j++ {
		if r0[j] == inf {
			r0[j] = bigStand
		}
		if r1[j] == inf {
			r1[j] = bigStand
		}
		if r0[j] != bigStand || r1[j] != bigStand {
			finite++
		}
	}
	if finite*4 < N {
		return relaxSparse(m, n, a0, a1, r0, r1)
	}
	for i := 0; i < N; i++ {
		start := rowStart(i)
		row := m[start : start+(i|1)+1]
		x0, x1 := a0[i], a1[i]
		switch {
		case x0 == inf && x1 == inf:
			continue
		case x1 == inf:
			relax1(row, x0, r0[:len(row)])
		case x0 == inf:
			relax1(row, x1, r1[:len(row)])
		default:
			relax2(row, x0, x1, r0[:len(row)], r1[:len(row)])
		}
		if row[i] < 0 {
			return isEmpty
		}
	}
	return done
}

// relaxSparse is relax for pivot rows with few finite entries (Singh,
// Pueschel and Vechev's sparse closure): it visits only the columns where
// r0 or r1 is finite. Same preconditions as the dense loop of relax.
func relaxSparse(m []int64, n int, a0, a1, r0, r1 []int64) status {
	N := 2 * n
	var cols []int
	for j := 0; j < N; j++ {
		if r0[j] != bigStand || r1[j] != bigStand {
			cols = append(cols, j)
		}
	}
	for i := 0; i < N; i++ {
		x0, x1 := a0[i], a1[i]
		if x0 == inf && x1 == inf {
			continue
		}
		start := rowStart(i)
		row := m[start : start+(i|1)+1]
		for _, j := range cols {
			if j >= len(row) {
				break
			}
			v := row[j]
			if x0 != inf {
				v = min(v, x0+r0[j])
			}
			if x1 != inf {
				v = min(v, x1+r1[j])
			}
			row[j] = v
		}
		if row[i] < 0 {
			return isEmpty
		}
	}
	return done
}

// relax1 is row[j] = min(row[j], x + r[j]) (with AVX2 when the CPU has
// it). Precondition: len(r) >= len(row), operands in the fast range.
func relax1(row []int64, x int64, r []int64) {
	r = r[:len(row)]
	j := 0
	if useAVX2 && len(row) >= 4 {
		relax1AVX2(row, x, r)
		j = len(row) &^ 3
	}
	for ; j < len(row); j++ {
		row[j] = min(row[j], x+r[j])
	}
}

// relax2 is row[j] = min(row[j], x0 + r0[j], x1 + r1[j]), unrolled by
// four (it is the inner loop of the closure); with AVX2, four entries per
// instruction (kernel_amd64.s).
func relax2(row []int64, x0, x1 int64, r0, r1 []int64) {
	n := len(row)
	r0 = r0[:n]
	r1 = r1[:n]
	j := 0
	if useAVX2 && n >= 4 {
		relax2AVX2(row, x0, x1, r0, r1)
		j = n &^ 3
	}
	for ; j+4 <= n; j += 4 {
		w := row[j : j+4 : j+4]
		a := r0[j : j+4 : j+4]
		b := r1[j : j+4 : j+4]
		w[0] = min(w[0], x0+a[0], x1+b[0])
		w[1] = min(w[1], x0+a[1], x1+b[1])
		w[2] = min(w[2], x0+a[2], x1+b[2])
		w[3] = min(w[3], x0+a[3], x1+b[3])
	}
	for ; j < n; j++ {
		row[j] = min(row[j], x0+r0[j], x1+r1[j])
	}
}

// inFastRange reports whether every finite element of v lies in
// (-fastLim, fastLim).
func inFastRange(v []int64) bool {
	for _, x := range v {
		if !fastOp(x) {
			return false
		}
	}
	return true
}

// tighten finishes a closure on a shortest-path-closed m: it rounds the
// unary entries down to even numbers, detects integer emptiness, applies
// strong coherence and normalises +inf stand-ins. When a unary entry is
// outside the fast range it changes nothing and returns needExact.
func tighten(m []int64, n int) status {
	N := 2 * n
	h := make([]int64, 2*N)
	hv := h[N:]
	h = h[:N]
	for i := 0; i < N; i++ {
		v := readEntry(m, i, i^1)
		if !fastOp(v) {
			return needExact
		}
		h[i] = half(v)
	}
	for i := 0; i < N; i += 2 {
		if a, b := h[i], h[i+1]; a != inf && b != inf && a+b < 0 {
			return isEmpty
		}
	}
	for i := 0; i < N; i++ {
		if h[i] != inf {
			set(m, i, i^1, 2*h[i])
		}
	}
	for j := 0; j < N; j++ {
		hv[j] = h[j^1]
	}
	for i := 0; i < N; i++ {
		start := rowStart(i)
		row := m[start : start+(i|1)+1]
		if hi := h[i]; hi == inf {
			normalise(row)
		} else {
			strengthen(row, hi, hv[:len(row)])
		}
	}
	return done
}

// normalise replaces +inf stand-ins of row by inf.
func normalise(row []int64) {
	for j, v := range row {
		if v >= thresh {
			row[j] = inf
		}
	}
}

// strengthen is row[j] = min(row[j], hi + hv[j]) with stand-ins
// normalised; hv[j] == inf is read as +inf.
func strengthen(row []int64, hi int64, hv []int64) {
	hv = hv[:len(row)]
	for j, v := range row {
		w := hv[j]
		if w != inf {
			v = min(v, hi+w)
		}
		if v >= thresh {
			v = inf
		}
		row[j] = v
	}
}
