package smt

import "testing"

// BenchmarkTerm builds x + k <= j: three terms, three cgo calls.
func BenchmarkTerm(b *testing.B) {
	c := newContext(b)
	x := c.Const("x", c.IntSort())
	b.ReportAllocs()
	for i := range b.N {
		c.Le(c.Add(x, c.IntVal(int64(i))), c.IntVal(7))
	}
}

// BenchmarkAndWide builds a conjunction of 100 terms with one cgo call.
func BenchmarkAndWide(b *testing.B) {
	c := newContext(b)
	var ts []*Term
	for i := range 100 {
		ts = append(ts, c.Const("p"+string(rune('a'+i%26))+string(rune('a'+i/26)), c.BoolSort()))
	}
	b.ReportAllocs()
	for range b.N {
		c.And(ts...)
	}
}

// benchQuery runs push; assert x+y = i, x-y = 1; check; read x when sat;
// pop, on a solver made by mk.
func benchQuery(b *testing.B, mk func(*Context) *Solver) {
	c := newContext(b)
	x := c.Const("x", c.IntSort())
	y := c.Const("y", c.IntSort())
	one := c.IntVal(1)
	s := mk(c)
	b.ReportAllocs()
	for i := range b.N {
		if i%1000 == 0 {
			s.Close()
			s = mk(c)
		}
		s.Push()
		s.Assert(c.Eq(c.Add(x, y), c.IntVal(int64(i))), c.Eq(c.Sub(x, y), one))
		if r, _ := s.Check(); r == Sat {
			m, _ := s.Model()
			m.Int(x)
			m.Close()
		}
		s.Pop(1)
	}
}

func BenchmarkQuery(b *testing.B)       { benchQuery(b, (*Context).NewSolver) }
func BenchmarkQuerySimple(b *testing.B) { benchQuery(b, (*Context).NewSimpleSolver) }

// BenchmarkCheckScope0 checks a fresh LIA formula at scope 0 after Reset:
// NewSolver's tactic set-up against the simple solver.
func BenchmarkCheckScope0(b *testing.B) {
	for _, kind := range []struct {
		name string
		mk   func(*Context) *Solver
	}{{"default", (*Context).NewSolver}, {"simple", (*Context).NewSimpleSolver}} {
		b.Run(kind.name, func(b *testing.B) {
			c := newContext(b)
			x := c.Const("x", c.IntSort())
			s := kind.mk(c)
			for i := range b.N {
				s.Reset()
				s.Assert(c.Eq(x, c.IntVal(int64(i))))
				s.Check()
			}
		})
	}
}
