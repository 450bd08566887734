// This file implements echelon, a system of vecs in reduced echelon
// form, and the conversions between the two representations of an
// affine space: equations and generators (a point and directions).
//
// Both forms are Gauss-Jordan reduced, with opposite pivot conventions
// that make them dual to each other without any further elimination:
//
//   - an equation's pivot is its last (largest) dimension, so a system
//     reads x_p = c_p - sum_{f < p, f free} a_pf x_f, one row per pivot;
//   - a direction's pivot is its first (smallest) dimension.
//
// The free dimensions of an equation system are exactly the pivots of
// its directions and the other way round (see generators and equations).
// Reduced echelon form under a fixed pivot convention is unique, so equal
// affine spaces have identical equation systems.

package affine

import (
	"slices"
	"sort"

	"github.com/numpred/numpred/numeric"
)

// echelon is a reduced echelon system: every row has a pivot (its last
// term when last is set, else its first) with coefficient 1, no pivot
// occurs in any other row, and rows are sorted by pivot. An echelon owns
// its rows slice; the vecs themselves are shared and immutable.
type echelon struct {
	rows []vec
	last bool
}

func (s *echelon) pivot(v vec) numeric.Dim {
	if s.last {
		return v.ts[len(v.ts)-1].d
	}
	return v.ts[0].d
}

// find returns the index of the row with pivot d, or -1.
func (s *echelon) find(d numeric.Dim) int {
	i := sort.Search(len(s.rows), func(i int) bool { return s.pivot(s.rows[i]) >= d })
	if i < len(s.rows) && s.pivot(s.rows[i]) == d {
		return i
	}
	return -1
}

// reduce returns v minus the multiples of rows that remove every pivot
// from v. Subtracting a row brings in only non-pivot dimensions, so one
// pass over v's own terms suffices and the order does not matter.
func (s *echelon) reduce(v vec) vec {
	w := v
	for _, t := range v.ts {
		if i := s.find(t.d); i >= 0 {
			w = w.axpy(t.k.Neg(), s.rows[i])
		}
	}
	return w
}

// insert adds v to the system. It reports whether v was independent of
// the rows (and was added), and whether v reduced to the contradiction
// 0 = c with c != 0 (meaningful for equations only).
func (s *echelon) insert(v vec) (added, contradiction bool) {
	v = s.reduce(v)
	if v.isZero() {
		return false, v.c.Sign() != 0
	}
	p := s.pivot(v)
	if k := v.coef(p); k.Cmp(ratOne) != 0 {
		v = v.scale(ratOne.Quo(k))
	}
	for i, r := range s.rows {
		if k := r.coef(p); k.Sign() != 0 {
			s.rows[i] = r.axpy(k.Neg(), v)
		}
	}
	at := sort.Search(len(s.rows), func(i int) bool { return s.pivot(s.rows[i]) > p })
	s.rows = slices.Insert(s.rows, at, v)
	return true, false
}

// rebuild returns the last-pivot echelon of kept, rows of a reduced
// echelon system, and changed, any consistent rows.
func rebuild(kept, changed []vec) echelon {
	s := echelon{rows: kept, last: true}
	for _, r := range changed {
		s.insert(r)
	}
	return s
}

// gens is the generator form of a non-empty affine space: the points
// point + sum_i t_i dirs.rows[i] for rational t_i. point is dense.
type gens struct {
	point []numeric.Rat
	dirs  echelon // first-pivot
}

// generators returns the generator form of the space of the equation
// system eqs (last-pivot, reduced, consistent) over n dimensions. The
// point sets every free dimension to 0; the direction of a free f moves
// x_f by 1 and every pivot p by -a_pf.
func generators(n int, eqs []vec) gens {
	g := gens{point: make([]numeric.Rat, n), dirs: echelon{}}
	col := make([][]term, n) // col[f]: the pivots whose row has free f
	pivot := make([]bool, n)
	for _, r := range eqs {
		p := r.ts[len(r.ts)-1].d
		pivot[p] = true
		g.point[p] = r.c
		for _, t := range r.ts[:len(r.ts)-1] {
			col[t.d] = append(col[t.d], term{p, t.k.Neg()})
		}
	}
	for f := 0; f < n; f++ {
		if pivot[f] {
			continue
		}
		// Rows are sorted by pivot and every pivot exceeds its row's free
		// dimensions, so col[f] is sorted and comes after f.
		ts := append([]term{{numeric.Dim(f), ratOne}}, col[f]...)
		g.dirs.rows = append(g.dirs.rows, vec{ts: ts})
	}
	return g
}

// equations returns the reduced last-pivot equation system of the space
// g over n dimensions: for every dimension j that is no direction pivot,
// x_j = point_j + sum_i d_i[j] (x_{c_i} - point_{c_i}), where c_i is the
// pivot of direction d_i (d_i[c_i] = 1 and d_i vanishes on the other
// direction pivots, so the t_i of a point are its x_{c_i} - point_{c_i}).
// Every c_i with d_i[j] != 0 is below j, so x_j is the row's last term.
func equations(n int, g gens) []vec {
	rows := make([][]term, n)
	cons := slices.Clone(g.point)
	pivot := make([]bool, n)
	for _, d := range g.dirs.rows {
		c := d.ts[0].d
		pivot[c] = true
		for _, t := range d.ts[1:] {
			rows[t.d] = append(rows[t.d], term{c, t.k.Neg()})
			cons[t.d] = cons[t.d].Sub(t.k.Mul(g.point[c]))
		}
	}
	var eqs []vec
	for j := 0; j < n; j++ {
		if pivot[j] {
			continue
		}
		eqs = append(eqs, vec{ts: append(rows[j], term{numeric.Dim(j), ratOne}), c: cons[j]})
	}
	return eqs
}
