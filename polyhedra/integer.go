// This file implements the integer reasoning behind IsBottom and Leq:
// branch and bound over the fraction-free simplex (internal/simplex), and
// the exact integer inclusion test: a constraint c holds on every integer
// point of a iff a ∧ ¬c has no integer point.
//
// Rational reasoning alone is not enough for the lattice laws: gamma(a)
// is a set of integer points, constraints are integer-tightened, and a
// rounded bound (x + y >= 11/2 becomes x + y >= 6) is an inclusion that
// only integer reasoning sees. Deciding it exactly keeps Leq reflexive and
// transitive. The cheap tests come first (the rational optimum over the
// generators, rounded); branch and bound runs only when the optimum is
// fractional and beyond the bound. Every search has a budget of nodes
// and of simplex work: when it runs out, the search answers "an integer
// point may exist", so IsBottom answers false and Leq false, which is
// always allowed.
//
// Branch and bound keeps one simplex tableau for the whole search: a
// branch x_i <= floor(v) or x_i >= floor(v) + 1 is a bound on a variable
// (Solver.SetUpper, SetLower), undone on backtracking (Push, Pop), and the
// next node starts from the basis the previous one ended with.

package polyhedra

import (
	"time"

	"github.com/numpred/numpred/internal/simplex"
	"github.com/numpred/numpred/numeric"
)

// Budgets of one branch-and-bound search.
const (
	// bbNodes is the number of nodes (simplex checks) of one search.
	bbNodes = 60
	// bbWork is the simplex work of one search (simplex.Limits.Work;
	// about a nanosecond a unit on 2020s hardware).
	bbWork = 10_000_000
)

// search is one branch-and-bound search for an integer point.
type search struct {
	s     *simplex.Solver
	nodes int
	st    *counters
	point []numeric.Int // the integer point found
}

// integerPoint searches an integer solution of rows over nvars variables
// by depth-first branch and bound, and returns it; complete is false when
// the budget ran out first (then found is false too).
func integerPoint(rows []simplex.Row, nvars int, st *counters) (found, complete bool, x []numeric.Int) {
	b := &search{s: simplex.NewSolver(rows, nvars, simplex.Limits{Work: bbWork, Stop: st.stopHook()}), nodes: bbNodes, st: st}
	found, complete = b.run()
	return found, complete, b.point
}

func (b *search) run() (found, complete bool) {
	if b.nodes <= 0 || b.st.interrupted() {
		return false, false
	}
	b.nodes--
	start, piv := time.Now(), b.s.Pivots()
	res := b.s.Check()
	b.st.simplex(start, b.s.Pivots()-piv, res == simplex.Unknown)
	switch res {
	case simplex.Infeasible:
		return false, true
	case simplex.Unknown:
		return false, false
	}
	i, fl, ok := b.s.Fractional()
	if !ok {
		b.point = make([]numeric.Int, b.s.NumVars())
		for k := range b.point {
			b.point[k] = b.s.Value(k).Num()
		}
		return true, true
	}
	// x_i <= floor(v), then x_i >= floor(v) + 1.
	b.s.Push()
	b.s.SetUpper(i, fl)
	f1, c1 := b.run()
	b.s.Pop()
	if f1 {
		return true, true
	}
	b.s.Push()
	b.s.SetLower(i, fl.Add(numeric.I(1)))
	f2, c2 := b.run()
	b.s.Pop()
	if f2 {
		return true, true
	}
	return false, c1 && c2
}

// simplexRowsOf returns the constraints of the minimal p as simplex rows
// (r[0] + r[1:]·x >= 0 becomes -r[1:]·x - r[0] <= 0).
func simplexRowsOf(p *poly) []simplex.Row {
	rows := make([]simplex.Row, 0, len(p.eqs)+len(p.ineqs))
	for _, r := range p.eqs {
		rows = append(rows, simplex.Row{Coefs: r[1:].toInts(), Const: r[0].toInt(), Eq: true})
	}
	for _, r := range p.ineqs {
		rows = append(rows, simplex.Row{Coefs: r.neg()[1:].toInts(), Const: r[0].Neg().toInt()})
	}
	return rows
}

// answer is the outcome of a test that may not decide.
type answer int8

const (
	no answer = iota
	yes
	maybe
)

// inclusion is the question whether the row r (r[0] + sum_i r[i+1] x_dims[i]
// >= 0, over some dims of a) holds on every integer point of the
// non-empty a. The row is split by a's blocks: parts[k] is its part over
// block blocks[k] (local dims, constant 0).
type inclusion struct {
	a      Poly
	c      zint // r[0]
	blocks []int
	parts  []vec
	free   bool // r has a term on a dimension a leaves unconstrained
}

func newInclusion(a Poly, owner []int, dims []numeric.Dim, r vec) inclusion {
	in := inclusion{a: a, c: r[0]}
	for i, x := range dims {
		coef := r[i+1]
		if coef.IsZero() {
			continue
		}
		k := owner[x]
		if k < 0 {
			in.free = true
			continue
		}
		j := 0
		for j < len(in.blocks) && in.blocks[j] != k {
			j++
		}
		if j == len(in.blocks) {
			in.blocks = append(in.blocks, k)
			in.parts = append(in.parts, make(vec, len(a.blocks[k].dims)+1))
		}
		for l, y := range a.blocks[k].dims {
			if y == x {
				in.parts[j][l+1] = coef
			}
		}
	}
	return in
}

// cheap decides the inclusion on the generators where it can: the sum of
// the per-block minima of the row, each rounded up (each part is an
// integer on integer points), must be >= -c; a line or ray along which
// the row decreases refutes it (from an integer point of a, integer
// multiples of it stay in a); an integer point of a near a vertex that
// violates the row refutes it. Otherwise it answers maybe.
func (in inclusion) cheap() answer {
	if in.free {
		return no
	}
	sum := in.c
	for j, k := range in.blocks {
		p := in.a.blocks[k].p
		p.minimize()
		num, den, unbounded := minOver(p, in.parts[j])
		if unbounded {
			return no
		}
		sum = sum.Add(num.CeilDiv(den))
	}
	if sum.Sign() >= 0 {
		return yes
	}
	if len(in.blocks) == 1 && in.violatedNearVertex() {
		return no
	}
	return maybe
}

// minOver returns the minimum num/den (den > 0) of the form row[1:]·x
// over the minimal non-empty p, or unbounded.
func minOver(p *poly, row vec) (num, den zint, unbounded bool) {
	for _, l := range p.lines {
		if dotSign(row, l) != 0 {
			return num, den, true
		}
	}
	first := true
	for _, g := range p.rays {
		s := dot(row, g)
		if g[0].IsZero() {
			if s.Sign() < 0 {
				return num, den, true
			}
			continue
		}
		// s/g[0] < num/den?
		if first || cmpProducts(s, den, num, g[0]) < 0 {
			num, den, first = s, g[0], false
		}
	}
	return num, den, false
}

// violatedNearVertex reports whether an integral vertex of the (single)
// block, or a vertex violating the row rounded to the nearest integer
// point of the block, violates the row: a quick refutation.
func (in inclusion) violatedNearVertex() bool {
	p := in.a.blocks[in.blocks[0]].p
	row := in.parts[0]
	x := make([]zint, p.n)
	two := zi(2)
	tried := 0
	for _, g := range p.rays {
		if g[0].IsZero() {
			continue
		}
		s := dot(row, g) // the row's value at the vertex is c + s/g[0]
		if in.c.Mul(g[0]).Add(s).Sign() >= 0 {
			continue
		}
		if tried++; tried > roundTries {
			break
		}
		d2 := g[0].Mul(two)
		for i := range x {
			x[i] = g[i+1].Mul(two).Add(g[0]).FloorDiv(d2) // round(x_i / d)
		}
		v := in.c
		for i, xi := range x {
			if !row[i+1].IsZero() {
				v = v.Add(row[i+1].Mul(xi))
			}
		}
		if v.Sign() < 0 && p.contains(x) {
			return true
		}
	}
	return false
}

// search decides the inclusion by branch and bound: whether the blocks
// the row touches have an integer point where c + row < 0, i.e.
// -c - row - 1 >= 0. It answers false (not included) when the budget
// runs out.
func (in inclusion) search(st *counters) bool {
	var rows []simplex.Row
	nvars := 0
	for _, k := range in.blocks {
		nvars += len(in.a.blocks[k].dims)
	}
	viol := simplex.Row{Coefs: make([]numeric.Int, nvars), Const: in.c.Add(one).toInt()} // c + row + 1 <= 0
	off := 0
	for j, k := range in.blocks {
		p := in.a.blocks[k].p
		p.minimize()
		for _, r := range simplexRowsOf(p) {
			coefs := make([]numeric.Int, nvars)
			copy(coefs[off:], r.Coefs)
			rows = append(rows, simplex.Row{Coefs: coefs, Const: r.Const, Eq: r.Eq})
		}
		copy(viol.Coefs[off:], in.parts[j][1:].toInts())
		off += p.n
	}
	rows = append(rows, viol)
	found, complete, _ := integerPoint(rows, nvars, st)
	return !found && complete
}
