// This file implements online decomposition (Singh, Pueschel, Vechev, "Fast
// polyhedra abstract domain", POPL 2017): a value keeps a partition of its
// dimensions into independent blocks, each with its own polyhedron, and
// the polyhedron of the value is the Cartesian product of the blocks'
// polyhedra (dimensions in no block are unconstrained).
//
// Operations work block by block and merge blocks only when needed:
// Assume merges the blocks a constraint links; Join keeps the blocks
// that are identical in both arguments and takes the hull of the product
// of the others; Assign merges the blocks of the assigned dimensions and of
// the expressions' dimensions. Results are split again into the connected
// components of their constraints (dimensions linked by a constraint).

package polyhedra

import (
	"cmp"
	"slices"

	"github.com/numpred/numpred/numeric"
)

// block is one factor of a decomposed value: a polyhedron over the sorted
// global dimensions dims (local dimension i is dims[i]).
type block struct {
	dims []numeric.Dim
	p    *poly
}

// uf is a union-find over dimensions.
type uf []int

func newUF(n int) uf {
	u := make(uf, n)
	for i := range u {
		u[i] = i
	}
	return u
}

func (u uf) find(i int) int {
	for u[i] != i {
		u[i] = u[u[i]]
		i = u[i]
	}
	return i
}

func (u uf) union(i, j int) {
	i, j = u.find(i), u.find(j)
	if i != j {
		if j < i {
			i, j = j, i
		}
		u[j] = i
	}
}

// classes returns the classes of u restricted to the dims marked in use,
// each sorted, ordered by their least element.
func (u uf) classes(use []bool) [][]numeric.Dim {
	idx := make([]int32, len(u)) // class of each root, plus one (0: none yet)
	var out [][]numeric.Dim
	for d := range u {
		if !use[d] {
			continue
		}
		r := u.find(d)
		k := int(idx[r]) - 1
		if k < 0 {
			k = len(out)
			idx[r] = int32(k + 1)
			out = append(out, nil)
		}
		out[k] = append(out[k], numeric.Dim(d))
	}
	return out
}

// localIndex returns the position of each global dim of dims, as a map
// from global dimension to local index.
func localIndex(dims []numeric.Dim) map[numeric.Dim]int {
	m := make(map[numeric.Dim]int, len(dims))
	for i, d := range dims {
		m[d] = i
	}
	return m
}

// product returns the polyhedron over dims (sorted) that is the product of
// the parts (each over a subset of dims, pairwise disjoint); dimensions of
// dims in no part are unconstrained. The result is minimal; a new
// polyhedron records its statistics in st.
func product(parts []block, dims []numeric.Dim, st *counters) *poly {
	m := len(dims)
	if len(parts) == 1 && len(parts[0].dims) == m {
		return parts[0].p
	}
	loc := localIndex(dims)
	covered := make([]bool, m)
	q := &poly{n: m, hasC: true, hasG: true, min: true, st: st}
	vert := []vec{unitVec(m+1, 0)}
	for _, b := range parts {
		b.p.minimize()
		if b.p.empty {
			return newEmpty(m, st)
		}
		pos := make([]int, len(b.dims))
		for i, d := range b.dims {
			pos[i] = loc[d]
			covered[pos[i]] = true
		}
		for _, r := range b.p.eqs {
			q.eqs = append(q.eqs, lift(r, pos, m))
		}
		for _, r := range b.p.ineqs {
			q.ineqs = append(q.ineqs, lift(r, pos, m))
		}
		for _, l := range b.p.lines {
			q.lines = append(q.lines, lift(l, pos, m))
		}
		var vs []vec
		for _, r := range b.p.rays {
			g := lift(r, pos, m)
			if r[0].IsZero() {
				q.rays = append(q.rays, g)
				continue
			}
			vs = append(vs, g)
		}
		next := make([]vec, 0, len(vert)*len(vs))
		for _, v := range vert {
			for _, w := range vs {
				// (d1, x1) x (d2, x2) = (d1 d2, d2 x1 + d1 x2); supports
				// are disjoint, so a combination does it.
				u := make(vec, m+1)
				for i := 1; i <= m; i++ {
					switch {
					case !v[i].IsZero():
						u[i] = w[0].Mul(v[i])
					case !w[i].IsZero():
						u[i] = v[0].Mul(w[i])
					}
				}
				u[0] = v[0].Mul(w[0])
				next = append(next, u.normalize())
			}
		}
		vert = next
	}
	for i := 0; i < m; i++ {
		if !covered[i] {
			q.lines = append(q.lines, unitVec(m+1, i+1))
		}
	}
	q.rays = append(vert, q.rays...)
	return q
}

// unitVec returns the unit row e_k of length n.
func unitVec(n, k int) vec {
	v := make(vec, n)
	v[k] = one
	return v
}

// lift maps row r over local dims to a row over m dims, local dim i going
// to position pos[i].
func lift(r vec, pos []int, m int) vec {
	out := make(vec, m+1)
	out[0] = r[0]
	for i, p := range pos {
		out[p+1] = r[i+1]
	}
	return out
}

// restrict maps row r over m dims to the positions pos (the inverse of
// lift on rows supported by pos).
func restrict(r vec, pos []int) vec {
	out := make(vec, len(pos)+1)
	out[0] = r[0]
	for i, p := range pos {
		out[i+1] = r[p+1]
	}
	return out
}

// split returns the connected components of p's constraints as blocks over
// global dims (p is over dims); dimensions no constraint mentions are left
// out (unconstrained). Precondition: p is not empty.
func split(p *poly, dims []numeric.Dim) []block {
	p.minimize()
	m := p.n
	u := newUF(m)
	use := make([]bool, m)
	rows := append(cloneRows(p.eqs), p.ineqs...)
	for _, r := range rows {
		first := -1
		for i := 1; i <= m; i++ {
			if r[i].IsZero() {
				continue
			}
			use[i-1] = true
			if first < 0 {
				first = i - 1
			} else {
				u.union(first, i-1)
			}
		}
	}
	cls := u.classes(use)
	if len(cls) == 1 && len(cls[0]) == m {
		return []block{{dims: dims, p: p}}
	}
	psat := p.satMatrix()
	out := make([]block, 0, len(cls))
	for _, c := range cls {
		pos := make([]int, len(c))
		gd := make([]numeric.Dim, len(c))
		for i, d := range c {
			pos[i] = int(d)
			gd[i] = dims[d]
		}
		q := &poly{n: len(c), hasC: true, hasG: true, st: p.st}
		// Every row of q is cut from one slab.
		w := len(pos) + 1
		slab := make([]zint, w*(len(p.eqs)+len(p.ineqs)+len(p.lines)+len(p.rays)))
		restrictTo := func(r vec) vec {
			out := vec(slab[:w:w])
			slab = slab[w:]
			out[0] = r[0]
			for i, p := range pos {
				out[i+1] = r[p+1]
			}
			return out
		}
		for _, r := range p.eqs {
			if supportedBy(r, pos) {
				q.eqs = append(q.eqs, restrictTo(r))
			}
		}
		rows := make([]int, 0, len(p.ineqs)) // the rows of p.ineqs that q keeps
		for j, r := range p.ineqs {
			if supportedBy(r, pos) {
				if q.ineqs == nil {
					q.ineqs = make([]vec, 0, len(p.ineqs)-j)
				}
				q.ineqs = append(q.ineqs, restrictTo(r))
				rows = append(rows, j)
			}
		}
		for _, l := range p.lines {
			if g := restrictTo(l); !g.isZero() {
				q.lines = append(q.lines, g.normalize())
			}
		}
		// A ray of q is a ray of p restricted to pos, and q's rows are
		// p's rows that are zero outside pos: the ray saturates a row
		// of q exactly when p's ray saturates p's row.
		sat := make([]bitset, 0, len(p.rays))
		q.rays = make([]vec, 0, len(p.rays))
		words := (1 + len(rows) + 63) / 64
		bits := make([]uint64, words*len(p.rays))
		for i, r := range p.rays {
			if g := restrictTo(r); !g.isZero() {
				q.rays = append(q.rays, g.normalize())
				b := bitset(bits[:words:words])
				bits = bits[words:]
				if psat[i].has(0) {
					b.set(0)
				}
				for k, j := range rows {
					if psat[i].has(j + 1) {
						b.set(k + 1)
					}
				}
				sat = append(sat, b)
			}
		}
		switch {
		case !reuseSat:
			q.reduceGens()
		case len(cls) == 1 && productWithSpace(p, pos):
			// p is q times the whole space of the other dims: q's
			// generators are p's restricted, still extreme and
			// distinct, and the unit lines of the other dims vanish.
			q.sat = sat
		default:
			q.reduceGensWith(sat)
		}
		q.min = true
		out = append(out, block{dims: gd, p: q})
	}
	return out
}

// productWithSpace reports whether the minimal p's generators are
// supported by pos, except lines that are unit vectors of dims outside
// pos (p is then a polyhedron over pos times the whole space of the
// other dims, and its generators restricted to pos are minimal).
func productWithSpace(p *poly, pos []int) bool {
	in := make([]bool, p.n)
	for _, d := range pos {
		in[d] = true
	}
	zeroOutside := func(g vec) bool {
		for d, ok := range in {
			if !ok && !g[d+1].IsZero() {
				return false
			}
		}
		return true
	}
	for _, r := range p.rays {
		if !zeroOutside(r) {
			return false
		}
	}
	for _, l := range p.lines {
		if zeroOutside(l) {
			continue
		}
		// A unit line of a dim outside pos.
		nz := 0
		for d := 1; d < len(l); d++ {
			if !l[d].IsZero() {
				nz++
				if in[d-1] {
					return false
				}
			}
		}
		if nz != 1 {
			return false
		}
	}
	return true
}

// supportedBy reports whether row r has non-zero variable coefficients
// only at positions pos and at least one there.
func supportedBy(r vec, pos []int) bool {
	in := false
	for _, p := range pos {
		if !r[p+1].IsZero() {
			in = true
			break
		}
	}
	if !in {
		return false
	}
	cnt := 0
	for i := 1; i < len(r); i++ {
		if !r[i].IsZero() {
			cnt++
		}
	}
	for _, p := range pos {
		if !r[p+1].IsZero() {
			cnt--
		}
	}
	return cnt == 0
}

// sortBlocks orders blocks by their least dimension.
func sortBlocks(bs []block) {
	slices.SortFunc(bs, func(a, b block) int { return cmp.Compare(a.dims[0], b.dims[0]) })
}
