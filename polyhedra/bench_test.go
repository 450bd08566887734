package polyhedra

// Benchmarks of the hot operations on random polyhedra (n = 4, 8, 16, 24)
// and on decomposable inputs (n = 32 in independent blocks of 4), with
// and without online decomposition. Every result is minimised inside the
// timed loop (IsBottom), so lazy work is counted.
//
//	go test ./polyhedra -run '^$' -bench . -benchtime=20x

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/numpred/numpred/numeric"
)

// A loop-like second value: a with x0 shifted by 1 and two more cuts, so
// that joins are between related polyhedra as in an analysis (the hull
// of two unrelated random 16-dimensional polytopes has hundreds of facets
// and measures the output size, not the domain).

// randPoly returns constraints of a random bounded polyhedron over dims:
// x_d >= -l_d, sum x_d <= s (a simplex), and k random cuts a·x <= c with
// small coefficients that keep the origin inside.
func randPoly(rng *rand.Rand, dims []numeric.Dim, k int) []numeric.Constraint {
	var cs []numeric.Constraint
	sum := numeric.Const(0)
	for _, d := range dims {
		x := numeric.Var(d)
		cs = append(cs, numeric.Ge(x, numeric.Const(-1-rng.Int63n(8))))
		sum = sum.Add(x)
	}
	cs = append(cs, numeric.Le(sum, numeric.Const(int64(4*len(dims)))))
	cs = append(cs, randCuts(rng, dims, k)...)
	return cs
}

// randCuts returns k random constraints on up to 3 of dims, true at 0.
func randCuts(rng *rand.Rand, dims []numeric.Dim, k int) []numeric.Constraint {
	var cs []numeric.Constraint
	for i := 0; i < k; i++ {
		var ts []numeric.Term
		for j := 0; j < 3; j++ {
			ts = append(ts, numeric.Term{Dim: dims[rng.Intn(len(dims))], Coef: numeric.I(rng.Int63n(7) - 3)})
		}
		e := numeric.NewLinExpr(numeric.I(-rng.Int63n(6)), ts...)
		cs = append(cs, numeric.NewConstraint(e, numeric.LE))
	}
	return cs
}

// decomposable returns constraints over n dims in independent blocks of
// four: per block, a chain of lower bounds, and random cuts in some blocks
// (few vertices per block, so that the undecomposed product stays tractable).
func decomposable(rng *rand.Rand, n int) []numeric.Constraint {
	var cs []numeric.Constraint
	for b := 0; b < n; b += 4 {
		dims := []numeric.Dim{numeric.Dim(b), numeric.Dim(b + 1), numeric.Dim(b + 2), numeric.Dim(b + 3)}
		// A chain x_b >= -l, x_{b+i} >= x_{b+i-1} - k_i: one vertex, four
		// rays, all four dimensions linked; every fourth block gets a cut.
		cs = append(cs, numeric.Ge(numeric.Var(dims[0]), numeric.Const(-1-rng.Int63n(4))))
		for i := 1; i < 4; i++ {
			cs = append(cs, numeric.Ge(numeric.Var(dims[i]), numeric.Var(dims[i-1]).AddConst(numeric.I(-1-rng.Int63n(2)))))
		}
		if b%16 == 0 {
			cs = append(cs, randCuts(rng, dims, 2)...)
		}
	}
	return cs
}

type benchInput struct {
	name    string
	n       int
	a, b, c []numeric.Constraint // b: a second value; c: extra constraints on a
	derived bool                 // b is a with c added and x0 shifted
}

func benchInputs() []benchInput {
	var ins []benchInput
	for _, n := range []int{4, 8, 16, 24} {
		rng := rand.New(rand.NewSource(int64(n)))
		dims := allDims(n)
		ins = append(ins, benchInput{name: fmt.Sprintf("random/n=%d", n), n: n,
			a: randPoly(rng, dims, 2), c: randCuts(rng, dims, 1), derived: true})
	}
	rng := rand.New(rand.NewSource(32))
	ins = append(ins, benchInput{name: "blocks/n=32", n: 32,
		a: decomposable(rng, 32), c: randCuts(rng, []numeric.Dim{0, 1, 2, 3}, 2), derived: true})
	return ins
}

func BenchmarkOps(b *testing.B) {
	for _, in := range benchInputs() {
		for _, mode := range []struct {
			name string
			d    *Domain
		}{{"decomposed", New()}, {"plain", New(WithoutDecomposition())}} {
			d := mode.d
			var a, pb, j Poly
			ready := false
			// setup builds the inputs on first use, so that a -bench
			// filter skips the cost of unselected inputs.
			setup := func() {
				if ready {
					return
				}
				ready = true
				top := d.Top(in.n)
				a = d.Assume(top, in.a...)
				if in.derived {
					// b: a moved and cut (e.g. one more loop iteration).
					pb = d.Assume(a, in.c...)
					pb = d.Assign(pb, []numeric.Dim{0}, []numeric.LinExpr{numeric.Var(0).AddConst(numeric.I(1))})
				} else {
					pb = d.Assume(top, in.b...)
				}
				d.IsBottom(a)
				d.IsBottom(pb)
				j = d.Join(a, pb)
				d.IsBottom(j)
			}
			x := numeric.Var(0).Add(numeric.Var(1)).AddConst(numeric.I(1))
			ops := []struct {
				name string
				f    func() Poly
			}{
				{"Join", func() Poly { return d.Join(a, pb) }},
				{"Meet", func() Poly { return d.Meet(a, pb) }},
				{"Assume", func() Poly { return d.Assume(a, in.c...) }},
				{"Leq", func() Poly {
					if !d.Leq(a, j) {
						b.Fatal("a not <= a join b")
					}
					return a
				}},
				{"Widen", func() Poly { return d.Widen(a, j) }},
				{"Assign", func() Poly { return d.Assign(a, []numeric.Dim{2}, []numeric.LinExpr{x}) }},
				{"AssignInv", func() Poly {
					return d.Assign(a, []numeric.Dim{0}, []numeric.LinExpr{numeric.Var(0).Add(numeric.Var(1))})
				}},
				{"Forget", func() Poly { return d.Forget(a, 0) }},
			}
			for _, op := range ops {
				b.Run(in.name+"/"+op.name+"/"+mode.name, func(b *testing.B) {
					setup()
					b.ResetTimer()
					for i := 0; i < b.N; i++ {
						d.IsBottom(op.f())
					}
				})
			}
		}
	}
}

// TestBenchInputSizes logs the generator counts of the benchmark inputs
// (go test -v -run BenchInputSizes), and checks both modes agree on them.
func TestBenchInputSizes(t *testing.T) {
	if testing.Short() {
		t.Skip("slow")
	}
	for _, in := range benchInputs() {
		dd, pd := New(), New(WithoutDecomposition())
		a, pa := dd.Assume(dd.Top(in.n), in.a...), pd.Assume(pd.Top(in.n), in.a...)
		if !dd.Equal(a, pa) {
			t.Fatalf("%s: modes disagree", in.name)
		}
		var sizes []string
		for _, bl := range a.blocks {
			bl.p.minimize()
			sizes = append(sizes, fmt.Sprintf("%d:%dc/%dg", len(bl.dims), len(bl.p.ineqs)+len(bl.p.eqs), len(bl.p.rays)+len(bl.p.lines)))
		}
		p := pa.blocks[0].p
		p.minimize()
		t.Logf("%s: blocks %v; undecomposed %d constraints, %d generators", in.name, sizes, len(p.ineqs)+len(p.eqs), len(p.rays)+len(p.lines))
	}
}
