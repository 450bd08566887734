// This file implements the transfer functions that move points: Assign
// (x := e, and parallel assignment), Forget (∃x) and the projections and
// renamings behind RemoveDims and PermuteDims.
//
// On generators these are all images under affine maps, which are exact:
// the image of conv(V) + cone(R) + span(L) under x -> Mx + c is generated
// by the images of V (with c), R and L (without c). An invertible
// single assignment x_j := a_j x_j + f(x) + c (a_j != 0) additionally maps
// the constraints by substitution of x_j = (x_j' - f(x) - c)/a_j, so both
// representations stay minimal. A non-invertible assignment (x_j not in e)
// equals forgetting x_j and then assuming x_j = e; we compute that set as
// the image of the generators and derive its constraints lazily.

package polyhedra

import (
	"time"

	"github.com/numpred/numpred/numeric"
)

// affine is the assignment x_dim := row[0] + row[1:]·x over local dims.
type affine struct {
	dim int
	row vec
}

// image returns the image of p under the parallel assignment as.
func (p *poly) image(as []affine) *poly {
	p.minimize()
	if p.empty {
		return p
	}
	if len(as) == 1 && !as[0].row[as[0].dim+1].IsZero() {
		return p.substitute(as[0])
	}
	if len(as) == 1 && !forgetFromScratch {
		// x := e without x in e: forget x (incrementally), then x = e.
		a := as[0]
		if q := p.forgetIncremental([]int{a.dim}); q != nil {
			eq := a.row.neg()
			eq[a.dim+1] = one
			return q.addCons([]vec{eq.normalize()}, nil)
		}
	}
	mapGen := func(g vec) vec {
		out := g.clone()
		for _, a := range as {
			v := dot(a.row, g) // row[0]*d + row[1:]·x: the constant scales with d
			out[a.dim+1] = v
		}
		return out.normalize()
	}
	lines := make([]vec, 0, len(p.lines))
	for _, l := range p.lines {
		if g := mapGen(l); !g.isZero() {
			lines = append(lines, g)
		}
	}
	rays := make([]vec, 0, len(p.rays))
	for _, r := range p.rays {
		if g := mapGen(r); !g.isZero() {
			rays = append(rays, g)
		}
	}
	q := newFromGens(p.n, lines, rays, p.st)
	q.fresh = true // converted under the work bound (see poly.fresh)
	return q
}

// substitute performs the invertible assignment a on both representations.
// Precondition: p is minimal and not empty, a.row[a.dim+1] != 0.
func (p *poly) substitute(a affine) *poly {
	j := a.dim + 1
	aj := a.row[j]
	abs, sgn := aj, one
	if aj.Sign() < 0 {
		abs, sgn = aj.Neg(), zi(-1)
	}
	// Constraint r (in terms of old x) becomes, multiplied by |a_j| > 0:
	// |a_j| r[-j] + sgn(a_j) r_j (x_j' - f - c).
	sub := func(r vec) vec {
		k := r[j]
		if k.IsZero() {
			return r
		}
		sk := sgn.Mul(k)
		out := make(vec, len(r))
		for i := range r {
			switch {
			case i == j:
				out[i] = sk
			default:
				out[i] = abs.Mul(r[i]).Sub(sk.Mul(a.row[i]))
			}
		}
		return out.normalize()
	}
	q := &poly{n: p.n, hasC: true, hasG: true, min: true, st: p.st}
	for _, r := range p.eqs {
		q.eqs = append(q.eqs, sub(r).signNormalize())
	}
	for _, r := range p.ineqs {
		q.ineqs = append(q.ineqs, sub(r))
	}
	mapGen := func(g vec) vec {
		out := g.clone()
		out[j] = dot(a.row, g)
		return out.normalize()
	}
	for _, l := range p.lines {
		q.lines = append(q.lines, mapGen(l).signNormalize())
	}
	for _, r := range p.rays {
		q.rays = append(q.rays, mapGen(r))
	}
	// An invertible affine map keeps which generators saturate which
	// constraints.
	q.sat = p.knownSat()
	if abs.Cmp(one) != 0 {
		q.retighten()
		if q.empty {
			return newEmpty(p.n, p.st)
		}
	}
	return q
}

// forget returns ∃dims. p (the dims stay, unconstrained).
//
// Its constraints come from p's by the dual conversion continued from
// p's minimal constraints (dualCone): adding the line of x to the
// generators is adding the equality "coefficient of x = 0" to the dual
// cone, which combines only adjacent pairs of p's constraints
// (Fourier-Motzkin elimination with Chernikova's adjacency test), rather
// than converting the new generators from scratch.
func (p *poly) forget(dims []int) *poly {
	p.minimize()
	if p.empty {
		return p
	}
	if !forgetFromScratch {
		if q := p.forgetIncremental(dims); q != nil {
			return q
		}
	}
	lines := projectedLines(p.lines, dims)
	var rays []vec
	for _, r := range p.rays {
		if g := zeroDims(r, dims); !g.isZero() {
			rays = append(rays, g)
		}
	}
	for _, x := range dims {
		lines = append(lines, unitVec(p.n+1, x+1))
	}
	q := newFromGens(p.n, lines, rays, p.st)
	q.fresh = true // converted under the work bound (see poly.fresh)
	return q
}

// forgetFromScratch makes forget convert its generators from scratch
// (the test compares both ways).
var forgetFromScratch = false

// forgetIncremental is forget for the minimal, non-empty p by the dual
// conversion continued from p's constraints; nil when the stop hook
// interrupted it.
func (p *poly) forgetIncremental(dims []int) *poly {
	c := dualCone(p, 0)
	c.limit, c.maxWork = p.st.convLimits() // past them: from scratch
	for _, x := range dims {
		c.add(unitVec(p.n+1, x+1), true)
	}
	p.st.combined(c.made)
	if c.over {
		return nil
	}
	lines := projectedLines(p.lines, dims)
	rays := make([]vec, len(p.rays))
	bitOf := make([]int, len(p.rays))
	w := p.n + 1
	slab := make([]zint, w*len(p.rays))
	for i, r := range p.rays {
		g := vec(slab[i*w : (i+1)*w : (i+1)*w])
		copy(g, r)
		rays[i] = zeroDimsInPlace(g, dims) // a vertex stays a vertex
		bitOf[i] = i                       // dualCone's rows are p's rays
	}
	for _, x := range dims {
		lines = append(lines, unitVec(p.n+1, x+1))
	}
	h := fromDual(c, p.n, lines, rays, bitOf, p.st)
	h.fresh = true // its tightening is converted under the work bound
	h.retighten()
	if h.empty {
		return newEmpty(p.n, p.st)
	}
	return h
}

// project returns the projection of p onto the local dims keep (in order).
func (p *poly) project(keep []int) *poly {
	p.minimize()
	if p.empty {
		return newEmpty(len(keep), p.st)
	}
	var lines, rays []vec
	for _, l := range p.lines {
		if g := restrict(l, keep); !g.isZero() {
			lines = append(lines, g.normalize())
		}
	}
	for _, r := range p.rays {
		if g := restrict(r, keep); !g.isZero() {
			rays = append(rays, g.normalize())
		}
	}
	q := newFromGens(len(keep), lines, rays, p.st)
	q.fresh = true // converted under the work bound (see poly.fresh)
	return q
}

// permute returns p with local dimension i renamed to lp[i]. Minimality
// is preserved.
func (p *poly) permute(lp []int) *poly {
	p.minimize()
	if p.empty {
		return p
	}
	perm := func(r vec) vec {
		out := make(vec, len(r))
		out[0] = r[0]
		for i, k := range lp {
			out[k+1] = r[i+1]
		}
		return out
	}
	q := &poly{n: p.n, hasC: true, hasG: true, min: true, st: p.st}
	for _, r := range p.eqs {
		q.eqs = append(q.eqs, perm(r).signNormalize())
	}
	for _, r := range p.ineqs {
		q.ineqs = append(q.ineqs, perm(r))
	}
	for _, r := range p.lines {
		q.lines = append(q.lines, perm(r).signNormalize())
	}
	for _, r := range p.rays {
		q.rays = append(q.rays, perm(r))
	}
	q.sat = p.knownSat()
	return q
}

// Assign performs the parallel assignment dims[i] := exprs[i]. The blocks
// of the assigned dimensions and of the expressions' dimensions are
// merged; the result is split again into independent blocks.
func (d *Domain) Assign(a Poly, dims []numeric.Dim, exprs []numeric.LinExpr) Poly {
	if len(dims) != len(exprs) {
		panic("polyhedra: Assign with len(dims) != len(exprs)")
	}
	defer d.st.op(opAssign, time.Now())
	if len(dims) == 0 {
		return a
	}
	if d.isBottom(a) { // the image of a polyhedron without integer points may have some
		return d.Bottom(a.n)
	}
	u := newUF(a.n)
	use := make([]bool, a.n)
	for _, b := range a.blocks {
		for _, x := range b.dims {
			use[x] = true
			u.union(int(b.dims[0]), int(x))
		}
	}
	// Each assignment joins its variable to the ones its expression
	// reads; assignments whose variables are apart (a renaming of many
	// variables at a call) act on separate classes, so independent blocks
	// are not multiplied together (a product of k intervals has 2^k
	// vertices).
	for i, x := range dims {
		use[x] = true
		for _, t := range exprs[i].Terms() {
			if int(t.Dim) >= a.n || t.Dim < 0 {
				panic("polyhedra: Assign expression on a dimension out of range")
			}
			use[t.Dim] = true
			u.union(int(x), int(t.Dim))
		}
	}
	return d.rebuild(a, u, use, func(cls []numeric.Dim, p *poly) *poly {
		loc := localIndex(cls)
		var as []affine
		for i, x := range dims {
			lx, ok := loc[x]
			if !ok {
				continue // another class's assignment
			}
			row := make(vec, len(cls)+1)
			row[0] = fromInt(exprs[i].Constant())
			for _, t := range exprs[i].Terms() {
				row[loc[t.Dim]+1] = fromInt(t.Coef)
			}
			as = append(as, affine{dim: lx, row: row})
		}
		if len(as) == 0 {
			return p
		}
		return p.image(as)
	}, true)
}

// Forget returns ∃dims. a: the dims stay, unconstrained.
func (d *Domain) Forget(a Poly, dims ...numeric.Dim) Poly {
	defer d.st.op(opForget, time.Now())
	if len(dims) == 0 {
		return a
	}
	if d.isBottom(a) { // as in Assign
		return d.Bottom(a.n)
	}
	del := make([]bool, a.n)
	for _, x := range dims {
		del[x] = true
	}
	u := newUF(a.n)
	use := make([]bool, a.n)
	for _, b := range a.blocks {
		for _, x := range b.dims {
			use[x] = true
			u.union(int(b.dims[0]), int(x))
		}
	}
	return d.rebuild(a, u, use, func(cls []numeric.Dim, p *poly) *poly {
		var local []int
		for i, x := range cls {
			if del[x] {
				local = append(local, i)
			}
		}
		if len(local) == 0 {
			return p
		}
		if len(local) < len(cls) {
			p = p.roundedBounds(local)
		}
		return p.forget(local)
	}, true)
}

// roundedBounds returns p with the rational bounds of dims rounded to
// integers (p's points are integers), or p itself when none is
// fractional. Forget rounds the dimensions it projects: a wrap-around's
// quotient in a thin slab of rational values with one integer value left
// is then forgotten exactly instead of leaving the slab's shadow on the
// variables it relates (the projection of the integer points is not the
// projection of the rational polyhedron). A rational (exact) polyhedron
// is returned as it is.
func (p *poly) roundedBounds(dims []int) *poly {
	p.minimize()
	if p.empty || p.exact {
		return p
	}
	var rows []vec
	for _, x := range dims {
		lo, hi := p.optimumRat(unitVec(p.n+1, x+1))
		if !lo.inf && !lo.v.num.Divisible(lo.v.den) {
			rows = append(rows, boundRow(p.n, x, lo.v.ceil(), one)) // x >= ceil(lo)
		}
		if !hi.inf && !hi.v.num.Divisible(hi.v.den) {
			rows = append(rows, boundRow(p.n, x, hi.v.floor(), one.Neg())) // x <= floor(hi)
		}
	}
	if len(rows) == 0 {
		return p
	}
	return p.addCons(nil, rows)
}

// boundRow returns the row s*(x - k) over n dimensions: with s = 1 the
// inequality x >= k (or, as an equality, x = k), with s = -1 x <= k.
func boundRow(n, x int, k, s zint) vec {
	r := make(vec, n+1)
	r[0], r[x+1] = k.Mul(s).Neg(), s
	return r
}

// zeroDims returns generator g with its coordinates of dims set to 0,
// normalised.
func zeroDims(g vec, dims []int) vec {
	return zeroDimsInPlace(g.clone(), dims)
}

// zeroDimsInPlace is zeroDims on g itself.
func zeroDimsInPlace(g vec, dims []int) vec {
	for _, x := range dims {
		g[x+1] = zint{}
	}
	return g.normalize()
}

// projectedLines returns the lines with their coordinates of dims set to
// 0, without those that become zero.
func projectedLines(lines []vec, dims []int) []vec {
	var out []vec
	for _, l := range lines {
		if g := zeroDims(l, dims); !g.isZero() {
			out = append(out, g)
		}
	}
	return out
}
