package lincong_test

import (
	"testing"

	"github.com/numpred/numpred/lincong"
	"github.com/numpred/numpred/numeric"
)

// benchValue returns a value over n dimensions with the shape of program
// variables related in triples, as affine's benchmarks (x_{3i+2} =
// x_{3i} + 2 x_{3i+1} + i), plus x_{3i} ≡ 0 (mod 2) through a fresh
// stride, so the lattice has pivots other than 1.
func benchValue(n int) lincong.Value {
	d := lincong.New()
	var cs []numeric.Constraint
	for i := 0; i+2 < n; i += 3 {
		x, y, z := numeric.Var(numeric.Dim(i)), numeric.Var(numeric.Dim(i+1)), numeric.Var(numeric.Dim(i+2))
		cs = append(cs, numeric.Eq(z, x.Add(y.Scale(numeric.I(2))).AddConst(numeric.I(int64(i)))))
	}
	a := d.Assume(d.Top(n), cs...)
	// x_0 := 2 x_0: even.
	return d.Assign(a, []numeric.Dim{0}, []numeric.LinExpr{numeric.Var(0).Scale(numeric.I(2))})
}

func BenchmarkAssignIncrement60(b *testing.B) {
	d := lincong.New()
	a := benchValue(60)
	dims, es := []numeric.Dim{0}, []numeric.LinExpr{numeric.Var(0).AddConst(numeric.I(1))}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = d.Assign(a, dims, es)
	}
}

func BenchmarkJoin60(b *testing.B) {
	d := lincong.New()
	a := benchValue(60)
	c := d.Assign(a, []numeric.Dim{0, 1}, []numeric.LinExpr{numeric.Var(0).AddConst(numeric.I(2)), numeric.Var(1).AddConst(numeric.I(3))})
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = d.Join(a, c)
	}
}

func BenchmarkMeet60(b *testing.B) {
	d := lincong.New()
	a := benchValue(60)
	c := d.Assume(d.Top(60), numeric.Eq(numeric.Var(3), numeric.Var(6)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = d.Meet(a, c)
	}
}

func BenchmarkAssumeEq60(b *testing.B) {
	d := lincong.New()
	a := benchValue(60)
	c := numeric.Eq(numeric.Var(0), numeric.Var(3))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = d.Assume(a, c)
	}
}

func BenchmarkConstraints60(b *testing.B) {
	d := lincong.New()
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		// A fresh value each time: Constraints is cached per value.
		a := d.Assign(benchValue(60), []numeric.Dim{1}, []numeric.LinExpr{numeric.Var(1)})
		_ = d.Constraints(a)
	}
}
