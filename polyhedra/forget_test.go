package polyhedra

import (
	"math/rand"
	"testing"

	"github.com/numpred/numpred/numeric"
)

// TestForgetIncrementalMatchesScratch: Forget and non-invertible Assign
// computed by continuing the dual conversion from the operand's
// constraints give the same polyhedra as converting the image's
// generators from scratch, on random bounded and unbounded values.
func TestForgetIncrementalMatchesScratch(t *testing.T) {
	rng := rand.New(rand.NewSource(21))
	d := New(WithoutDecomposition())
	for trial := 0; trial < 150; trial++ {
		n := 2 + rng.Intn(4)
		dims := allDims(n)
		var cs []numeric.Constraint
		if trial%3 == 0 {
			cs = randCuts(rng, dims, 2+rng.Intn(4)) // unbounded: rays and lines
		} else {
			cs = randPoly(rng, dims, 2+rng.Intn(4))
		}
		if trial%5 == 0 { // an equality
			cs = append(cs, numeric.Eq(numeric.Var(dims[0]), numeric.Var(dims[n-1]).Add(numeric.Const(rng.Int63n(5)))))
		}
		a := d.Assume(d.Top(n), cs...)
		if d.IsBottom(a) {
			continue
		}
		x := dims[rng.Intn(n)]
		y := dims[rng.Intn(n)]
		e := numeric.NewLinExpr(numeric.I(rng.Int63n(9)-4),
			numeric.Term{Dim: dims[rng.Intn(n)], Coef: numeric.I(rng.Int63n(5) - 2)},
			numeric.Term{Dim: dims[rng.Intn(n)], Coef: numeric.I(rng.Int63n(5) - 2)})
		if e.Coef(x).Sign() != 0 {
			e = e.Sub(numeric.NewLinExpr(numeric.I(0), numeric.Term{Dim: x, Coef: e.Coef(x)}))
		}
		fi := d.Forget(a, x, y)
		ai := d.Assign(a, []numeric.Dim{x}, []numeric.LinExpr{e})
		forgetFromScratch = true
		fs := d.Forget(a, x, y)
		as := d.Assign(a, []numeric.Dim{x}, []numeric.LinExpr{e})
		forgetFromScratch = false
		if !d.Equal(fi, fs) {
			t.Fatalf("trial %d: forget %v, %v of %v:\nincremental %v\nscratch     %v", trial, x, y, d.Constraints(a), d.Constraints(fi), d.Constraints(fs))
		}
		if !d.Equal(ai, as) {
			t.Fatalf("trial %d: %v := %v in %v:\nincremental %v\nscratch     %v", trial, x, e, d.Constraints(a), d.Constraints(ai), d.Constraints(as))
		}
		for _, v := range []Poly{fi, ai} {
			if err := d.SanityCheck(v); err != nil {
				t.Fatalf("trial %d: %v", trial, err)
			}
		}
	}
}

// TestForgetRoundsQuotient: forgetting a wrap-around's quotient q in
// y = x - 2^32*q, 0 <= y <= 2^32-1, 0 <= x <= 10 rounds q's rational
// range (-1, 10/2^32] to its one integer value 0 first, so y = x
// survives; the rational projection only knows 0 <= y <= 2^32-1 and
// y >= x.
func TestForgetRoundsQuotient(t *testing.T) {
	for _, d := range []*Domain{New(), New(WithoutDecomposition())} {
		x, y := numeric.Var(0), numeric.Var(1)
		m := numeric.NewLinExpr(numeric.I(0), numeric.Term{Dim: 2, Coef: numeric.I(1 << 32)})
		a := d.Assume(d.Top(3),
			numeric.Ge(x, numeric.Const(0)), numeric.Le(x, numeric.Const(10)),
			numeric.Eq(y, x.Sub(m)),
			numeric.Ge(y, numeric.Const(0)), numeric.Le(y, numeric.Const(1<<32-1)))
		f := d.Forget(a, 2)
		if !d.Entails(f, numeric.Eq(y, x)) {
			t.Errorf("forget q: %v, want y = x", d.Constraints(f))
		}
	}
}

// TestAssumePinsQuotient: assuming 0 <= x - 2^32*q <= 2^32-1 with
// 0 <= x <= 10 leaves q the single integer value 0 (its rational range is
// (-1, 10/2^32]); Assume pins it, so the polyhedron is the segment
// q = 0, 0 <= x <= 10 with two vertices, not the slab's four.
func TestAssumePinsQuotient(t *testing.T) {
	d := New()
	x, q := numeric.Var(0), numeric.Var(1)
	r := x.Sub(q.Scale(numeric.I(1 << 32)))
	a := d.Assume(d.Top(2), numeric.Ge(x, numeric.Const(0)), numeric.Le(x, numeric.Const(10)))
	a = d.Assume(a, numeric.Ge(r, numeric.Const(0)), numeric.Le(r, numeric.Const(1<<32-1)))
	if len(a.blocks) != 1 {
		t.Fatalf("want one block, got %d", len(a.blocks))
	}
	p := a.blocks[0].p
	p.minimize()
	if len(p.eqs) != 1 || len(p.rays) != 2 {
		t.Errorf("want q pinned (1 equality, 2 vertices), got %d equalities, %d generators: %v", len(p.eqs), len(p.rays), d.Constraints(a))
	}
}
