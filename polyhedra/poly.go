// This file implements Poly, the value of the polyhedra domain, the Domain
// type, and the lattice operations that work directly on the partition:
// Top, Bottom, tests, Meet / Assume and dimension management.

package polyhedra

import (
	"cmp"
	"fmt"
	"slices"
	"time"

	"github.com/numpred/numpred/numeric"
)

// Poly is a convex polyhedron over integer dimensions 0..n-1: gamma(a) is
// the set of integer points of a rational polyhedron. A Poly is an
// immutable value; its zero value is the top element of dimension 0.
//
// Internally a Poly is a product of blocks, each a polyhedron in double
// description over a subset of the dimensions (see decompose.go).
type Poly struct {
	n      int
	bottom bool
	blocks []block // disjoint, sorted by least dimension
}

// Domain is the convex polyhedra domain; it implements numeric.Domain[Poly],
// numeric.ThresholdWidener[Poly] and numeric.Checker[Poly]. A Domain holds
// only configuration and may be shared.
type Domain struct {
	noDecomp bool
	st       *counters
}

// Option configures a Domain.
type Option func(*Domain)

// WithoutDecomposition makes the domain keep every value as one polyhedron
// over all dimensions (no online decomposition). It exists to measure what
// decomposition buys; results are the same sets, only slower.
func WithoutDecomposition() Option { return func(d *Domain) { d.noDecomp = true } }

// WithStop gives the Domain a stop hook: long conversions (Chernikova's
// algorithm), emptiness tests and simplex runs ask it every few thousand
// steps, and once it answers true (it is not asked again) they give up at
// once with a sound but coarse answer: a value being minimised becomes
// the whole space, an emptiness test answers "not empty", an inclusion
// "not included". It is meant for an analysis that is being stopped (a
// timeout, a cancellation) and discards what it computes next; such
// operations are counted in Stats.Interrupted. stop must be cheap and is
// called from the goroutines that call the Domain's operations.
func WithStop(stop func() bool) Option { return func(d *Domain) { d.st.stop = stop } }

// Budget bounds the work of the exact but exponential parts of the
// domain, each with a sound over-approximation past its bound. The zero
// Budget bounds nothing: every operation is exact (up to the stop hook of
// WithStop).
type Budget struct {
	// MaxRays bounds the intermediate rays of one Chernikova conversion
	// of a hull or of a fresh value (see doc.go, "Work bounds").
	MaxRays int
	// MaxWork bounds the work of such a conversion (pairs tested, rays
	// scanned, words of big numbers made; see bigWordWork).
	MaxWork int64
	// MaxVertices bounds the vertices of the products of differing
	// blocks whose exact hull Join computes; past it, Join hulls groups
	// of blocks apart.
	MaxVertices int
}

// AnalysisBudget is the budget of the program analyses (package interp):
// an exact hull whose dual cone grows past 4000 rays becomes the weak
// join (on the SV-COMP tasks, one hull of cdaudio_simpl1 ran for more
// than 40 s in the combinatorial growth of its dual cone, while the
// largest cone of a task proved TRUE stays far below); a conversion of a
// hull, a widening, an assignment or a projection stops after 2^19 units
// of work, 10-30 ms on the wrap-around polyhedra of issue 18's generated
// programs (2^20 let single joins of generated program 37 take 150 ms);
// a join whose differing blocks have more than 2048 product vertices
// (the lock programs: 2^k) hulls groups of blocks apart.
var AnalysisBudget = Budget{MaxRays: 4000, MaxWork: 1 << 19, MaxVertices: 2048}

// WithBudget bounds the domain's exponential work by b (see Budget and
// Join); without it, the domain is exact.
func WithBudget(b Budget) Option { return func(d *Domain) { d.st.budget = b } }

// New returns the polyhedra domain.
func New(opts ...Option) *Domain {
	d := &Domain{st: &counters{}}
	for _, o := range opts {
		o(d)
	}
	return d
}

var (
	_ numeric.Domain[Poly]           = (*Domain)(nil)
	_ numeric.ThresholdWidener[Poly] = (*Domain)(nil)
	_ numeric.Checker[Poly]          = (*Domain)(nil)
)

// Top returns Z^n.
func (d *Domain) Top(n int) Poly {
	if d.noDecomp && n > 0 {
		return Poly{n: n, blocks: []block{{dims: allDims(n), p: newTop(n, d.st)}}}
	}
	return Poly{n: n}
}

// Bottom returns the empty set of dimension n.
func (d *Domain) Bottom(n int) Poly { return Poly{n: n, bottom: true} }

// Dims returns the number of dimensions of a.
func (d *Domain) Dims(a Poly) int { return a.n }

// IsBottom reports whether a has no integer point. It decides that on
// the generators where it can and otherwise by branch and bound with a
// budget, answering false when the budget runs out (see emptiness.go);
// the answer is cached in the value.
func (d *Domain) IsBottom(a Poly) bool {
	defer d.st.op(opIsBottom, time.Now())
	return d.isBottom(a)
}

func (d *Domain) isBottom(a Poly) bool {
	if a.bottom {
		return true
	}
	for _, b := range a.blocks {
		if b.p.integerEmpty() {
			return true
		}
	}
	return false
}

// IsTop reports whether a is Z^n.
func (d *Domain) IsTop(a Poly) bool {
	defer d.st.op(opIsTop, time.Now())
	if d.isBottom(a) {
		return false
	}
	for _, b := range a.blocks {
		if len(b.p.eqs) > 0 || len(b.p.ineqs) > 0 {
			return false
		}
	}
	return true
}

func allDims(n int) []numeric.Dim {
	ds := make([]numeric.Dim, n)
	for i := range ds {
		ds[i] = numeric.Dim(i)
	}
	return ds
}

func checkDims(a, b Poly) {
	if a.n != b.n {
		panic(fmt.Sprintf("polyhedra: dimension mismatch %d != %d", a.n, b.n))
	}
}

// owner returns, for each dimension, the index of the block holding it or
// -1.
func (a Poly) owner() []int {
	o := make([]int, a.n)
	for i := range o {
		o[i] = -1
	}
	for k, b := range a.blocks {
		for _, d := range b.dims {
			o[d] = k
		}
	}
	return o
}

// rowOf converts a constraint to a row over global dims: e <= 0 becomes
// -e >= 0, e = 0 stays.
func rowOf(c numeric.Constraint, n int) (vec, bool) {
	e := c.Expr()
	r := make(vec, n+1)
	eq := c.Kind() == numeric.EQ
	if eq {
		r[0] = fromInt(e.Constant())
	} else {
		r[0] = fromInt(e.Constant().Neg())
	}
	for _, t := range e.Terms() {
		if int(t.Dim) < 0 || int(t.Dim) >= n {
			panic(fmt.Sprintf("polyhedra: constraint on dimension %d of %d", t.Dim, n))
		}
		if eq {
			r[t.Dim+1] = fromInt(t.Coef)
		} else {
			r[t.Dim+1] = fromInt(t.Coef.Neg())
		}
	}
	return r, eq
}

// constraintOf converts a row over the dims of a block back to a
// normalised (integer-tightened) numeric constraint.
func constraintOf(r vec, eq bool, dims []numeric.Dim) numeric.Constraint {
	return constraintInto(make([]numeric.Term, 0, len(dims)), r, eq, dims)
}

// constraintInto is constraintOf, its terms appended to ts (which the
// constraint keeps).
func constraintInto(ts []numeric.Term, r vec, eq bool, dims []numeric.Dim) numeric.Constraint {
	for i, d := range dims {
		if x := r[i+1]; !x.IsZero() {
			if eq {
				ts = append(ts, numeric.Term{Dim: d, Coef: x.toInt()})
			} else {
				ts = append(ts, numeric.Term{Dim: d, Coef: x.Neg().toInt()})
			}
		}
	}
	if eq {
		return numeric.NewConstraint(numeric.AdoptLinExpr(r[0].toInt(), ts), numeric.EQ)
	}
	return numeric.NewConstraint(numeric.AdoptLinExpr(r[0].Neg().toInt(), ts), numeric.LE)
}

// Assume returns a ∩ {x | cs hold at x}: blocks linked by a constraint are
// merged (product) and the constraints added to the merged block
// (incrementally, by Chernikova's algorithm, when it is minimised).
func (d *Domain) Assume(a Poly, cs ...numeric.Constraint) Poly {
	defer d.st.op(opAssume, time.Now())
	return d.assume(a, cs...)
}

func (d *Domain) assume(a Poly, cs ...numeric.Constraint) Poly {
	if a.bottom || len(cs) == 0 {
		return a
	}
	type grow struct {
		r  vec
		eq bool
	}
	var rows []grow
	for _, c := range cs {
		if c.IsTrue() {
			continue
		}
		if c.IsFalse() {
			return d.Bottom(a.n)
		}
		r, eq := rowOf(c, a.n)
		rows = append(rows, grow{r, eq})
	}
	if len(rows) == 0 {
		return a
	}
	u := newUF(a.n)
	use := make([]bool, a.n)
	for _, b := range a.blocks {
		for _, x := range b.dims {
			use[x] = true
			u.union(int(b.dims[0]), int(x))
		}
	}
	for _, g := range rows {
		first := -1
		for i := 1; i <= a.n; i++ {
			if g.r[i].IsZero() {
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
	return d.rebuild(a, u, use, func(dims []numeric.Dim, p *poly) *poly {
		pos := make([]int, len(dims))
		for i, x := range dims {
			pos[i] = int(x)
		}
		var eqs, ineqs []vec
		for _, g := range rows {
			if !supportedBy(g.r, pos) {
				continue
			}
			if g.eq {
				eqs = append(eqs, restrict(g.r, pos).signNormalize())
			} else {
				ineqs = append(ineqs, restrict(g.r, pos))
			}
		}
		q := p.addCons(eqs, ineqs)
		if q != p {
			q.pin = bigCoefDims(eqs, ineqs)
		}
		return q
	}, false)
}

// bigCoefDims returns the dimensions (of a block) with a coefficient
// other than 0, 1 or -1 in some row: those Assume pins (poly.pin).
func bigCoefDims(eqs, ineqs []vec) []int {
	var out []int
	seen := map[int]bool{}
	for _, rs := range [][]vec{eqs, ineqs} {
		for _, r := range rs {
			for i := 1; i < len(r); i++ {
				if c := r[i]; !c.IsZero() && !c.Abs().isOne() && !seen[i-1] {
					seen[i-1] = true
					out = append(out, i-1)
				}
			}
		}
	}
	return out
}

// rebuild returns a with its blocks regrouped by the classes of u (over
// the dims marked in use; classes are unions of blocks of a). For each
// class, f receives the product of a's blocks in it and returns the new
// polyhedron, or the same pointer when unchanged. With splitAfter, changed
// classes are split into connected components (decomposed mode only).
func (d *Domain) rebuild(a Poly, u uf, use []bool, f func([]numeric.Dim, *poly) *poly, splitAfter bool) Poly {
	if d.noDecomp && a.n > 0 {
		for i := range use {
			use[i] = true
			u.union(0, i)
		}
	}
	owner := a.owner()
	out := Poly{n: a.n}
	for _, cls := range u.classes(use) {
		var parts []block
		seen := map[int]bool{}
		for _, x := range cls {
			if k := owner[x]; k >= 0 && !seen[k] {
				seen[k] = true
				parts = append(parts, a.blocks[k])
			}
		}
		p := product(parts, cls, d.st)
		q := f(cls, p)
		if q.st == nil {
			q.st = d.st // not yet published
		}
		if len(parts) == 1 && q == parts[0].p && len(parts[0].dims) == len(cls) {
			out.blocks = append(out.blocks, parts[0])
			continue
		}
		if q.min && q.empty {
			return d.Bottom(a.n)
		}
		if splitAfter && !d.noDecomp {
			if q.isEmpty() {
				return d.Bottom(a.n)
			}
			out.blocks = append(out.blocks, split(q, cls)...)
			continue
		}
		out.blocks = append(out.blocks, block{dims: cls, p: q})
	}
	sortBlocks(out.blocks)
	return out
}

// addCons returns p ∩ {eqs = 0, ineqs >= 0}. The new constraints are
// pending: they are intersected with the generators (incremental
// Chernikova) when the result is first minimised.
func (p *poly) addCons(eqs, ineqs []vec) *poly {
	if len(eqs) == 0 && len(ineqs) == 0 {
		return p
	}
	p.minimize()
	if p.empty {
		return p
	}
	q := &poly{n: p.n, hasC: true, hasG: true, fresh: true, st: p.st}
	q.eqs = append(cloneRows(p.eqs), eqs...)
	q.ineqs = append(cloneRows(p.ineqs), ineqs...)
	q.lines, q.rays = p.lines, p.rays
	q.pendEqs, q.pendIneqs, q.pendSat = eqs, ineqs, p.satMatrix()
	return q
}

// Meet returns a ∩ b: b's constraints are assumed in a, except those of
// blocks the two values share.
func (d *Domain) Meet(a, b Poly) Poly {
	defer d.st.op(opMeet, time.Now())
	checkDims(a, b)
	if a.bottom || b.bottom {
		return d.Bottom(a.n)
	}
	var cs []numeric.Constraint
	ao := a.owner()
	for _, bb := range b.blocks {
		if k := ao[bb.dims[0]]; k >= 0 && sameBlock(a.blocks[k], bb) {
			continue
		}
		bb.p.minimize()
		if bb.p.empty {
			return d.Bottom(a.n)
		}
		cs = append(cs, blockConstraints(bb)...)
	}
	return d.assume(a, cs...)
}

// blockConstraints returns the minimal constraints of a non-empty block as
// numeric constraints over global dims.
func blockConstraints(b block) []numeric.Constraint {
	b.p.minimize()
	return rowConstraints(b.p.eqs, b.p.ineqs, b.dims)
}

// rowConstraints returns the constraints of equality and inequality rows
// over dims, in order.
func rowConstraints(eqs, ineqs []vec, dims []numeric.Dim) []numeric.Constraint {
	k := len(eqs) + len(ineqs)
	cs := make([]numeric.Constraint, 0, k)
	// The terms of every constraint are cut from one array.
	w := len(dims)
	terms := make([]numeric.Term, k*w)
	for i, r := range eqs {
		cs = append(cs, constraintInto(terms[i*w:i*w:(i+1)*w], r, true, dims))
	}
	for j, r := range ineqs {
		i := len(eqs) + j
		cs = append(cs, constraintInto(terms[i*w:i*w:(i+1)*w], r, false, dims))
	}
	return cs
}

// blockConstraintsOrdered is blockConstraints with the rows of each kind
// sorted by cmpRows, the print order of the constraints they normally
// make (see Domain.constraints).
// The result is shared with later calls: callers must not modify it.
func blockConstraintsOrdered(b block) []numeric.Constraint {
	b.p.minimize()
	b.p.mu.Lock()
	cs, dims := b.p.cons, b.p.consDims
	b.p.mu.Unlock()
	if cs != nil && slices.Equal(dims, b.dims) {
		return cs
	}
	sorted := func(rows []vec, neg bool) []vec {
		if len(rows) < 2 {
			return rows
		}
		out := slices.Clone(rows)
		slices.SortStableFunc(out, func(x, y vec) int { return cmpRows(x, y, neg) })
		return out
	}
	cs = rowConstraints(sorted(b.p.eqs, false), sorted(b.p.ineqs, true), b.dims)
	b.p.mu.Lock()
	b.p.cons, b.p.consDims = cs, b.dims
	b.p.mu.Unlock()
	return cs
}

// cmpRows compares two constraint rows of one kind as cmpConstraint
// compares the constraints they make over increasing dims (the
// coefficients and constant negated when neg, as for inequalities):
// number of terms, their dims, coefficients, constant.
func cmpRows(x, y vec, neg bool) int {
	nx, ny := 0, 0
	for i := 1; i < len(x); i++ {
		if !x[i].IsZero() {
			nx++
		}
		if !y[i].IsZero() {
			ny++
		}
	}
	if nx != ny {
		return cmp.Compare(nx, ny)
	}
	for i := 1; i < len(x); i++ {
		if zx, zy := x[i].IsZero(), y[i].IsZero(); zx != zy {
			if zy {
				return -1 // x has the smaller dim at this term
			}
			return 1
		}
	}
	sign := 1
	if neg {
		sign = -1
	}
	for i := 1; i < len(x); i++ {
		if k := x[i].Cmp(y[i]); k != 0 {
			return sign * k
		}
	}
	return sign * x[0].Cmp(y[0])
}

// AddDims appends k unconstrained dimensions.
func (d *Domain) AddDims(a Poly, k int) Poly {
	defer d.st.op(opAddDims, time.Now())
	out := Poly{n: a.n + k, bottom: a.bottom, blocks: a.blocks}
	if a.bottom || k == 0 || !d.noDecomp {
		return out
	}
	all := allDims(out.n)
	if len(a.blocks) == 0 {
		return Poly{n: out.n, blocks: []block{{dims: all, p: newTop(out.n, d.st)}}}
	}
	out.blocks = []block{{dims: all, p: product(a.blocks, all, d.st)}}
	return out
}

// RemoveDims projects out dims and renumbers the others in order.
func (d *Domain) RemoveDims(a Poly, dims ...numeric.Dim) Poly {
	defer d.st.op(opRemoveDims, time.Now())
	del := make([]bool, a.n)
	for _, x := range dims {
		del[x] = true
	}
	newIdx := make([]numeric.Dim, a.n)
	m := 0
	for i := 0; i < a.n; i++ {
		if !del[i] {
			newIdx[i] = numeric.Dim(m)
			m++
		}
	}
	if d.isBottom(a) {
		return d.Bottom(m)
	}
	out := Poly{n: m}
	for _, b := range a.blocks {
		var keep []int
		var nd []numeric.Dim
		for i, x := range b.dims {
			if !del[x] {
				keep = append(keep, i)
				nd = append(nd, newIdx[x])
			}
		}
		if len(keep) == 0 {
			continue
		}
		q := b.p
		if len(keep) < len(b.dims) {
			q = b.p.project(keep)
		}
		out.blocks = append(out.blocks, block{dims: nd, p: q})
	}
	sortBlocks(out.blocks)
	if d.noDecomp && m > 0 && len(out.blocks) == 0 {
		out.blocks = []block{{dims: allDims(m), p: newTop(m, d.st)}}
	}
	return out
}

// PermuteDims renames dimension i to perm[i].
func (d *Domain) PermuteDims(a Poly, perm []numeric.Dim) Poly {
	defer d.st.op(opPermuteDims, time.Now())
	if len(perm) != a.n {
		panic("polyhedra: permutation of the wrong length")
	}
	out := Poly{n: a.n, bottom: a.bottom}
	for _, b := range a.blocks {
		nd := make([]numeric.Dim, len(b.dims))
		for i, x := range b.dims {
			nd[i] = perm[x]
		}
		// Local order must follow the new global order.
		idx := make([]int, len(nd))
		for i := range idx {
			idx[i] = i
		}
		slices.SortFunc(idx, func(a, b int) int { return cmp.Compare(nd[a], nd[b]) })
		sorted := make([]numeric.Dim, len(nd))
		lp := make([]int, len(nd)) // old local i goes to new local lp[i]
		for k, i := range idx {
			sorted[k] = nd[i]
			lp[i] = k
		}
		out.blocks = append(out.blocks, block{dims: sorted, p: b.p.permute(lp)})
	}
	sortBlocks(out.blocks)
	return out
}
