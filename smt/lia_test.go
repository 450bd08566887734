package smt

import (
	"math/big"
	"strings"
	"testing"
)

// TestLIASat solves a small system and checks the model against the
// constraints computed in Go.
func TestLIASat(t *testing.T) {
	c := newContext(t)
	x := c.Const("x", c.IntSort())
	y := c.Const("y", c.IntSort())
	s := c.NewSolver()
	// 3x + 2y = 17, x > y, y >= 1: x = 5, y = 1 is the only solution
	// with x > y and y >= 1 (x = 3, y = 4 violates x > y).
	f := c.And(
		c.Eq(c.Add(c.Mul(c.IntVal(3), x), c.Mul(c.IntVal(2), y)), c.IntVal(17)),
		c.Gt(x, y),
		c.Ge(y, c.IntVal(1)),
	)
	s.Assert(f)
	mustCheck(t, s, Sat)
	m := mustModel(t, s)
	xv, yv := intOf(t, m, x), intOf(t, m, y)
	if xv.Int64() != 5 || yv.Int64() != 1 {
		t.Errorf("model x=%v y=%v, want 5, 1", xv, yv)
	}
	if !holds(t, m, f) {
		t.Errorf("formula false in its model")
	}
	// Eval of a compound term is a literal with the right value.
	sum, err := m.Eval(c.Sub(x, y, c.IntVal(10)))
	if err != nil {
		t.Fatal(err)
	}
	if v, ok := sum.Numeral(); !ok || v.Int64() != -6 {
		t.Errorf("Eval(x-y-10) = %v, want -6", sum)
	}
}

func TestLIAUnsat(t *testing.T) {
	c := newContext(t)
	x := c.Const("x", c.IntSort())
	s := c.NewSolver()
	// 2x = 7 has no integer solution (it has a rational one).
	s.Assert(c.Eq(c.Mul(c.IntVal(2), x), c.IntVal(7)))
	mustCheck(t, s, Unsat)
	if _, err := s.Model(); err == nil {
		t.Error("Model after Unsat: no error")
	}
}

// TestDivMod checks Div, Mod and Rem against their SMT-LIB definitions
// on every sign combination.
func TestDivMod(t *testing.T) {
	c := newContext(t)
	s := c.NewSolver()
	mustCheck(t, s, Sat)
	m := mustModel(t, s)
	for _, p := range [][2]int64{{7, 2}, {7, -2}, {-7, 2}, {-7, -2}, {6, 3}, {-6, 3}} {
		a, b := p[0], p[1]
		q := intOf(t, m, c.Div(c.IntVal(a), c.IntVal(b))).Int64()
		r := intOf(t, m, c.Mod(c.IntVal(a), c.IntVal(b))).Int64()
		rem := intOf(t, m, c.Rem(c.IntVal(a), c.IntVal(b))).Int64()
		if a != b*q+r || r < 0 || r >= max(b, -b) {
			t.Errorf("%d div %d = %d, mod = %d: not Euclidean", a, b, q, r)
		}
		wantRem := r
		if b < 0 {
			wantRem = -r
		}
		if rem != wantRem {
			t.Errorf("%d rem %d = %d, want %d", a, b, rem, wantRem)
		}
	}
}

func TestPushPop(t *testing.T) {
	c := newContext(t)
	x := c.Const("x", c.IntSort())
	s := c.NewSolver()
	s.Assert(c.Ge(x, c.IntVal(0)))
	s.Push()
	s.Assert(c.Lt(x, c.IntVal(0)))
	mustCheck(t, s, Unsat)
	if n := s.NumScopes(); n != 1 {
		t.Errorf("NumScopes = %d, want 1", n)
	}
	s.Pop(1)
	mustCheck(t, s, Sat)
	s.Push()
	s.Push()
	s.Assert(c.Eq(x, c.IntVal(-1)))
	mustCheck(t, s, Unsat)
	s.Pop(2)
	s.Assert(c.Le(x, c.IntVal(3)), c.Ge(x, c.IntVal(3)))
	mustCheck(t, s, Sat)
	if v := intOf(t, mustModel(t, s), x); v.Int64() != 3 {
		t.Errorf("x = %v, want 3", v)
	}
	s.Reset()
	if n := s.NumScopes(); n != 0 {
		t.Errorf("NumScopes after Reset = %d", n)
	}
	s.Assert(c.Eq(x, c.IntVal(-5)))
	mustCheck(t, s, Sat)
}

// TestBigValues checks literals and models beyond int64.
func TestBigValues(t *testing.T) {
	c := newContext(t)
	x := c.Const("x", c.IntSort())
	y := c.Const("y", c.IntSort())
	huge := bigOf("123456789012345678901234567890")
	s := c.NewSolver()
	// x = huge + 1 and y = -2x: both beyond int64.
	s.Assert(c.Eq(x, c.Add(c.IntBig(huge), c.IntVal(1))))
	s.Assert(c.Eq(y, c.Mul(c.IntVal(-2), x)))
	mustCheck(t, s, Sat)
	m := mustModel(t, s)
	wantX := new(big.Int).Add(huge, big.NewInt(1))
	wantY := new(big.Int).Mul(wantX, big.NewInt(-2))
	if v := intOf(t, m, x); v.Cmp(wantX) != 0 {
		t.Errorf("x = %v, want %v", v, wantX)
	}
	if v := intOf(t, m, y); v.Cmp(wantY) != 0 {
		t.Errorf("y = %v, want %v", v, wantY)
	}
	// The int64 boundaries go through the fast path and back exactly.
	for _, v := range []*big.Int{bigOf("9223372036854775807"), bigOf("-9223372036854775808"),
		bigOf("9223372036854775808"), bigOf("-9223372036854775809")} {
		got, ok := c.IntBig(v).Numeral()
		if !ok || got.Cmp(v) != 0 {
			t.Errorf("IntBig(%v).Numeral() = %v, %v", v, got, ok)
		}
	}
}

// TestConstants checks that Const is hash-consed and FreshConst is not.
func TestConstants(t *testing.T) {
	c := newContext(t)
	if !c.Const("x", c.IntSort()).Equal(c.Const("x", c.IntSort())) {
		t.Error("Const(x) twice: different terms")
	}
	a, b := c.FreshConst("x", c.IntSort()), c.FreshConst("x", c.IntSort())
	if a.Equal(b) {
		t.Errorf("FreshConst twice: same term %v", a)
	}
	s := c.NewSolver()
	s.Assert(c.Distinct(a, b, c.Const("x", c.IntSort())))
	mustCheck(t, s, Sat)
	if got := c.Add(c.Const("x", c.IntSort()), c.IntVal(-3)).String(); got != "(+ x (- 3))" {
		t.Errorf("String = %q", got)
	}
	if k := c.Eq(a, b).Sort(); k != c.BoolSort() {
		t.Errorf("sort of = is %v", k)
	}
	if v := Version(); !strings.HasPrefix(v, "4.") {
		t.Errorf("Version() = %q, want 4.x", v)
	}
}

// TestBoolean checks the connectives on all valuations of two constants.
func TestBoolean(t *testing.T) {
	c := newContext(t)
	p := c.Const("p", c.BoolSort())
	q := c.Const("q", c.BoolSort())
	ops := []struct {
		name string
		f    *Term
		want func(p, q bool) bool
	}{
		{"not", c.Not(p), func(p, q bool) bool { return !p }},
		{"and", c.And(p, q), func(p, q bool) bool { return p && q }},
		{"or", c.Or(p, q), func(p, q bool) bool { return p || q }},
		{"implies", c.Implies(p, q), func(p, q bool) bool { return !p || q }},
		{"iff", c.Iff(p, q), func(p, q bool) bool { return p == q }},
		{"xor", c.Xor(p, q), func(p, q bool) bool { return p != q }},
		{"ite", c.Ite(p, q, c.Not(q)), func(p, q bool) bool { return p == q }},
		{"eq", c.Eq(p, q), func(p, q bool) bool { return p == q }},
		{"and()", c.And(), func(p, q bool) bool { return true }},
		{"or()", c.Or(), func(p, q bool) bool { return false }},
	}
	s := c.NewSolver()
	for _, pv := range []bool{false, true} {
		for _, qv := range []bool{false, true} {
			s.Push()
			s.Assert(c.Iff(p, c.BoolVal(pv)), c.Iff(q, c.BoolVal(qv)))
			mustCheck(t, s, Sat)
			m := mustModel(t, s)
			for _, op := range ops {
				if got := holds(t, m, op.f); got != op.want(pv, qv) {
					t.Errorf("%s(%v, %v) = %v", op.name, pv, qv, got)
				}
			}
			s.Pop(1)
		}
	}
	if v, ok := c.True().BoolValue(); !ok || !v {
		t.Errorf("True().BoolValue() = %v, %v", v, ok)
	}
	if _, ok := p.BoolValue(); ok {
		t.Error("BoolValue of a constant: ok")
	}
}

// TestModelCompletion reads a constant the assertions do not mention.
func TestModelCompletion(t *testing.T) {
	c := newContext(t)
	s := c.NewSolver()
	s.Assert(c.Gt(c.Const("x", c.IntSort()), c.IntVal(0)))
	mustCheck(t, s, Sat)
	m := mustModel(t, s)
	if v := intOf(t, m, c.Const("unused", c.IntSort())); v.Sign() != 0 {
		t.Errorf("unconstrained Int = %v, want 0", v)
	}
	if holds(t, m, c.Const("unusedb", c.BoolSort())) {
		t.Error("unconstrained Bool = true, want false")
	}
	if _, err := m.Bool(c.Const("x", c.IntSort())); err == nil {
		t.Error("Bool of an Int term: no error")
	}
	if _, err := m.Int(c.True()); err == nil {
		t.Error("Int of a Bool term: no error")
	}
}
