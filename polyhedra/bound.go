// This file implements the queries: Bound (optimisation of a linear
// expression over the generators), Entails, Leq and Equal.
//
// The maximum of a linear form over P = conv(V) + cone(R) + span(L) is +oo
// if the form is not orthogonal to some line or is positive on some ray,
// and otherwise the maximum over the vertices, a rational. Points of
// gamma are integer and the forms have integer coefficients, so the
// integer bound is the floor of the rational maximum (ceil of the
// minimum). A product of blocks is optimised block by block (the maximum
// of a sum of independent parts is the sum of their maxima), taking the
// floor per block, which is sound and at least as tight.

package polyhedra

import (
	"time"

	"github.com/numpred/numpred/numeric"
)

// ext is an extended integer: a finite value or an infinity.
type ext struct {
	v   zint
	inf bool
}

// optimum returns floor(max) and ceil(min) of row[1:]·x over the
// non-empty minimal polyhedron p. row[0] is ignored (callers add it).
func (p *poly) optimum(row vec) (lo, hi ext) {
	lr, hr := p.optimumRat(row)
	if lo.inf = lr.inf; !lo.inf {
		lo.v = lr.v.ceil()
	}
	if hi.inf = hr.inf; !hi.inf {
		hi.v = hr.v.floor()
	}
	return lo, hi
}

// frac is the rational num/den, den > 0, not necessarily in lowest terms
// (comparisons cross-multiply: no gcd).
type frac struct{ num, den zint }

// cmp returns -1, 0, +1 as f <, ==, > g.
func (f frac) cmp(g frac) int { return cmpProducts(f.num, g.den, g.num, f.den) }

// floor returns the largest integer <= f; ceil the smallest >= f.
func (f frac) floor() zint { return f.num.FloorDiv(f.den) }
func (f frac) ceil() zint  { return f.num.CeilDiv(f.den) }

// extRat is an extended rational: a finite value or an infinity.
type extRat struct {
	v   frac
	inf bool
}

// optimumRat returns the rational min and max of row[1:]·x over the
// non-empty minimal polyhedron p.
func (p *poly) optimumRat(row vec) (lo, hi extRat) {
	e := row.clone()
	e[0] = zint{}
	for _, l := range p.lines {
		if dotSign(e, l) != 0 {
			return extRat{inf: true}, extRat{inf: true}
		}
	}
	first := true
	for _, g := range p.rays {
		s := dot(e, g)
		if g[0].IsZero() {
			switch s.Sign() {
			case 1:
				hi.inf = true
			case -1:
				lo.inf = true
			}
			continue
		}
		v := frac{s, g[0]}
		if first || v.cmp(hi.v) > 0 {
			hi.v = v
		}
		if first || v.cmp(lo.v) < 0 {
			lo.v = v
		}
		first = false
	}
	return lo, hi
}

// linBounds returns the integer bounds of the variable part of e over a
// non-empty a, block by block.
func linBounds(a Poly, e numeric.LinExpr) (lo, hi ext) {
	owner := a.owner()
	rows := map[int]vec{}
	for _, t := range e.Terms() {
		if int(t.Dim) >= a.n || t.Dim < 0 {
			panic("polyhedra: expression on a dimension out of range")
		}
		k := owner[t.Dim]
		if k < 0 {
			return ext{inf: true}, ext{inf: true}
		}
		r, ok := rows[k]
		if !ok {
			r = make(vec, len(a.blocks[k].dims)+1)
			rows[k] = r
		}
		for i, x := range a.blocks[k].dims {
			if x == t.Dim {
				r[i+1] = fromInt(t.Coef)
			}
		}
	}
	for k, r := range rows {
		a.blocks[k].p.minimize()
		l, h := a.blocks[k].p.optimum(r)
		lo.inf = lo.inf || l.inf
		hi.inf = hi.inf || h.inf
		if !lo.inf {
			lo.v = lo.v.Add(l.v)
		}
		if !hi.inf {
			hi.v = hi.v.Add(h.v)
		}
	}
	return lo, hi
}

// Bound returns the range of e over gamma(a): the optimum over the
// generators, rounded inwards to integers; the empty range when a is
// empty.
func (d *Domain) Bound(a Poly, e numeric.LinExpr) numeric.Range {
	defer d.st.op(opBound, time.Now())
	if d.isBottom(a) {
		return numeric.EmptyRange
	}
	lo, hi := linBounds(a, e)
	r := numeric.FullRange
	c := e.Constant()
	if !lo.inf {
		r.Lo = numeric.BoundDown(lo.v.toInt().Add(c))
	}
	if !hi.inf {
		r.Hi = numeric.BoundUp(hi.v.toInt().Add(c))
	}
	return r
}

// Entails reports whether every point of gamma(a) satisfies c.
func (d *Domain) Entails(a Poly, c numeric.Constraint) bool {
	defer d.st.op(opEntails, time.Now())
	if d.isBottom(a) || c.IsTrue() {
		return true
	}
	if c.IsFalse() {
		return false
	}
	return entails(a, c)
}

// entails decides c over a non-empty a.
func entails(a Poly, c numeric.Constraint) bool {
	e := c.Expr()
	lo, hi := linBounds(a, e)
	k := fromInt(e.Constant())
	if hi.inf || hi.v.Add(k).Sign() > 0 {
		return false
	}
	if c.Kind() == numeric.EQ {
		return !lo.inf && lo.v.Add(k).Sign() == 0
	}
	return true
}

// Leq reports whether gamma(a) ⊆ gamma(b): every constraint of b holds
// on the integer points of a (integer.go: the optimum over the
// generators, rounded, and integer points near the vertices, then branch
// and bound for what that leaves undecided). Blocks the two values share
// are skipped.
func (d *Domain) Leq(a, b Poly) bool {
	defer d.st.op(opLeq, time.Now())
	return d.leq(a, b)
}

func (d *Domain) leq(a, b Poly) bool {
	checkDims(a, b)
	if d.isBottom(a) {
		return true
	}
	if d.isBottom(b) {
		return false
	}
	// An integer point of a (found by its emptiness test) outside b
	// refutes at once.
	if !pointIn(pointOf(a), b) {
		return false
	}
	ao := a.owner()
	// Every row of b on the generators first (cheap, and refutes most
	// non-inclusions); branch and bound only for the rows left undecided.
	var hard []inclusion
	for _, bb := range b.blocks {
		if k := ao[bb.dims[0]]; k >= 0 && sameBlock(a.blocks[k], bb) {
			continue
		}
		bb.p.minimize()
		rows := cloneRows(bb.p.ineqs)
		for _, e := range bb.p.eqs {
			rows = append(rows, e, e.neg())
		}
		for _, r := range rows {
			in := newInclusion(a, ao, bb.dims, r)
			switch in.cheap() {
			case no:
				return false
			case maybe:
				hard = append(hard, in)
			}
		}
	}
	for _, in := range hard {
		if !in.search(d.st) {
			return false
		}
	}
	return true
}

// Equal reports whether a and b denote the same set: Leq both ways,
// after checking that each one's known integer point lies in the other.
func (d *Domain) Equal(a, b Poly) bool {
	defer d.st.op(opEqual, time.Now())
	checkDims(a, b)
	if ea, eb := d.isBottom(a), d.isBottom(b); ea || eb {
		return ea == eb
	}
	if !pointIn(pointOf(a), b) || !pointIn(pointOf(b), a) {
		return false
	}
	return d.leq(a, b) && d.leq(b, a)
}

// pointOf returns an integer point of the non-empty a from its blocks'
// witnesses (dimensions in no block are 0), or nil when some block has
// none.
func pointOf(a Poly) []zint {
	x := make([]zint, a.n)
	for _, b := range a.blocks {
		w := b.p.witness()
		if w == nil {
			return nil
		}
		for i, dim := range b.dims {
			x[dim] = w[i]
		}
	}
	return x
}

// pointIn reports whether the integer point x (nil: unknown) may lie in
// the non-empty a: false only when some constraint of a fails at x.
func pointIn(x []zint, a Poly) bool {
	if x == nil {
		return true
	}
	for _, b := range a.blocks {
		b.p.minimize()
		for _, r := range b.p.eqs {
			if valueAt(r, b.dims, x).Sign() != 0 {
				return false
			}
		}
		for _, r := range b.p.ineqs {
			if valueAt(r, b.dims, x).Sign() < 0 {
				return false
			}
		}
	}
	return true
}

// valueAt returns r[0] + sum_i r[i+1]*x[dims[i]].
func valueAt(r vec, dims []numeric.Dim, x []zint) zint {
	v := r[0]
	for i, dim := range dims {
		if c := r[i+1]; !c.IsZero() && !x[dim].IsZero() {
			v = v.Add(c.Mul(x[dim]))
		}
	}
	return v
}

// sameBlock reports whether x and y are the same block: the same
// dimensions and the same polyhedron (pointer, or constraints).
func sameBlock(x, y block) bool {
	if len(x.dims) != len(y.dims) {
		return false
	}
	for i, d := range x.dims {
		if y.dims[i] != d {
			return false
		}
	}
	return x.p == y.p || samePoly(x.p, y.p)
}

// samePoly reports whether the minimal p and q have the same constraints
// (as sets of rows): then they are the same polyhedron.
func samePoly(p, q *poly) bool {
	p.minimize()
	q.minimize()
	if p.n != q.n || p.empty != q.empty || len(p.eqs) != len(q.eqs) || len(p.ineqs) != len(q.ineqs) {
		return false
	}
	has := func(rs []vec, r vec) bool {
		for _, s := range rs {
			if s.equal(r) {
				return true
			}
		}
		return false
	}
	for _, r := range p.eqs {
		if !has(q.eqs, r) {
			return false
		}
	}
	for _, r := range p.ineqs {
		if !has(q.ineqs, r) {
			return false
		}
	}
	return true
}

// leq reports whether p ⊆ q as rational polyhedra.
func leq(p, q *poly) bool {
	p.minimize()
	q.minimize()
	if p.empty {
		return true
	}
	if q.empty {
		return false
	}
	for _, c := range q.eqs {
		for _, g := range p.lines {
			if dotSign(c, g) != 0 {
				return false
			}
		}
		for _, g := range p.rays {
			if dotSign(c, g) != 0 {
				return false
			}
		}
	}
	for _, c := range q.ineqs {
		if !satisfiedBy(c, p) {
			return false
		}
	}
	return true
}

// satisfiedBy reports whether every point of the minimal non-empty p
// satisfies the inequality row c >= 0 (rationally).
func satisfiedBy(c vec, p *poly) bool {
	for _, g := range p.lines {
		if dotSign(c, g) != 0 {
			return false
		}
	}
	for _, g := range p.rays {
		if dotSign(c, g) < 0 {
			return false
		}
	}
	return true
}
