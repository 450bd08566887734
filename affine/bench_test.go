package affine_test

import (
	"testing"

	"github.com/numpred/numpred/affine"
	"github.com/numpred/numpred/numeric"
)

// benchValue returns a value over n dimensions with n/3 equations
// x_{3i+2} = x_{3i} + 2 x_{3i+1} + i, the shape of program variables
// related pairwise, as an analysis of a loop produces.
func benchValue(n int) affine.Value {
	d := affine.New()
	var cs []numeric.Constraint
	for i := 0; i+2 < n; i += 3 {
		x, y, z := numeric.Var(numeric.Dim(i)), numeric.Var(numeric.Dim(i+1)), numeric.Var(numeric.Dim(i+2))
		cs = append(cs, numeric.Eq(z, x.Add(y.Scale(numeric.I(2))).AddConst(numeric.I(int64(i)))))
	}
	return d.Assume(d.Top(n), cs...)
}

func benchAssign(b *testing.B, n int, e numeric.LinExpr) {
	d := affine.New()
	a := benchValue(n)
	dims := []numeric.Dim{0}
	es := []numeric.LinExpr{e}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = d.Assign(a, dims, es)
	}
}

func BenchmarkAssignIncrement60(b *testing.B) {
	benchAssign(b, 60, numeric.Var(0).AddConst(numeric.I(1)))
}

func BenchmarkAssignCopy60(b *testing.B) {
	benchAssign(b, 60, numeric.Var(4))
}

func BenchmarkJoin60(b *testing.B) {
	d := affine.New()
	a := benchValue(60)
	c := d.Assign(a, []numeric.Dim{0, 1}, []numeric.LinExpr{numeric.Var(0).AddConst(numeric.I(1)), numeric.Var(1).AddConst(numeric.I(3))})
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = d.Join(a, c)
	}
}

func BenchmarkAssumeEq60(b *testing.B) {
	d := affine.New()
	a := benchValue(60)
	c := numeric.Eq(numeric.Var(0), numeric.Var(3))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = d.Assume(a, c)
	}
}

// BenchmarkAssignParallel200 is a monomial lifting's kind of update: one
// program assignment c := c - b moves every monomial with c in it, here
// 20 dimensions of 200 at once, each by an expression of a few others.
func BenchmarkAssignParallel200(b *testing.B) {
	d := affine.New()
	a := benchValue(200)
	var dims []numeric.Dim
	var es []numeric.LinExpr
	for i := 0; i < 20; i++ {
		x := numeric.Dim(10 * i)
		dims = append(dims, x)
		es = append(es, numeric.Var(x).Sub(numeric.Var(x+1)).AddConst(numeric.I(int64(i))))
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		_ = d.Assign(a, dims, es)
	}
}
