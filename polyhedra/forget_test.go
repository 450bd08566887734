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
