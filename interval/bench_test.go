package interval_test

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/numpred/numpred/interval"
	"github.com/numpred/numpred/numeric"
)

// randBox returns a box over n dimensions with random finite bounds.
func randBox(rng *rand.Rand, n int) interval.Box {
	rs := make([]numeric.Range, n)
	for i := range rs {
		lo := rng.Int63n(200) - 100
		rs[i] = numeric.Range{Lo: numeric.B(lo), Hi: numeric.B(lo + rng.Int63n(100))}
	}
	return interval.NewBox(rs...)
}

// randCons returns a constraint over k random dimensions of n.
func randCons(rng *rand.Rand, n, k int) numeric.Constraint {
	ts := make([]numeric.Term, k)
	for i := range ts {
		ts[i] = numeric.Term{Dim: numeric.Dim(rng.Intn(n)), Coef: numeric.I(rng.Int63n(5) - 2)}
	}
	return numeric.NewConstraint(numeric.NewLinExpr(numeric.I(rng.Int63n(50)), ts...), numeric.LE)
}

var sizes = []int{10, 100}

func BenchmarkJoin(b *testing.B) {
	d := interval.New()
	for _, n := range sizes {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			rng := rand.New(rand.NewSource(1))
			x, y := randBox(rng, n), randBox(rng, n)
			b.ReportAllocs()
			for b.Loop() {
				d.Join(x, y)
			}
		})
	}
}

func BenchmarkAssume(b *testing.B) {
	d := interval.New()
	for _, n := range sizes {
		b.Run(fmt.Sprintf("n=%d/10x3vars", n), func(b *testing.B) {
			rng := rand.New(rand.NewSource(1))
			x := randBox(rng, n)
			cs := make([]numeric.Constraint, 10)
			for i := range cs {
				cs[i] = randCons(rng, n, 3)
			}
			b.ReportAllocs()
			for b.Loop() {
				d.Assume(x, cs...)
			}
		})
	}
}

func BenchmarkAssign(b *testing.B) {
	d := interval.New()
	for _, n := range sizes {
		b.Run(fmt.Sprintf("n=%d/parallel%d", n, n/10), func(b *testing.B) {
			rng := rand.New(rand.NewSource(1))
			x := randBox(rng, n)
			k := n / 10
			dims := make([]numeric.Dim, k)
			exprs := make([]numeric.LinExpr, k)
			for i := range dims {
				dims[i] = numeric.Dim(i)
				exprs[i] = randCons(rng, n, 3).Expr()
			}
			b.ReportAllocs()
			for b.Loop() {
				d.Assign(x, dims, exprs)
			}
		})
	}
}
