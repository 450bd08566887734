package smt

import (
	"errors"
	"strings"
	"testing"
)

// TestSortErrors builds ill-sorted terms: each carries an *Error with
// Code SortError or InvalidArg, and nothing crashes.
func TestSortErrors(t *testing.T) {
	c := newContext(t)
	x := c.Const("x", c.IntSort())
	b8 := c.Const("b8", c.BVSort(8))
	b16 := c.Const("b16", c.BVSort(16))
	p := c.Const("p", c.BoolSort())
	for _, tc := range []struct {
		name string
		t    *Term
		code ErrorCode
	}{
		{"Int + BitVec", c.Add(x, b8), SortError},
		{"BitVec + Int", c.BVAdd(b8, x), SortError},
		{"widths", c.BVAdd(b8, b16), SortError},
		{"eq sorts", c.Eq(x, p), SortError},
		{"not Int", c.Not(x), SortError},
		{"ite cond", c.Ite(x, x, x), SortError},
		{"ite branches", c.Ite(p, x, b8), SortError},
		{"bv2int Int", c.BV2Int(x, true), SortError},
		{"int2bv BV", c.Int2BV(b8, 8), SortError},
		{"int2bv width", c.Int2BV(x, 0), InvalidArg},
		{"extract high", c.Extract(b8, 8, 0), InvalidArg},
		{"extract order", c.Extract(b8, 2, 3), InvalidArg},
		{"sext Int", c.SignExt(x, 3), SortError},
		{"zext negative", c.ZeroExt(b8, -1), InvalidArg},
		{"concat Int", c.Concat(b8, x), SortError},
		{"le Bool", c.Le(p, p), SortError},
		{"bvult Int", c.BVULt(x, x), SortError},
		{"distinct one", c.Distinct(x), InvalidArg},
		{"add none", c.Add(), InvalidArg},
		{"nil term", c.Add(x, nil), InvalidArg},
		{"nil sort", c.Const("y", nil), InvalidArg},
		{"width 0", c.Const("z", c.BVSort(0)), InvalidArg},
		{"mul overflow widths", c.BVMulNoOverflow(b8, b16, true), SortError},
	} {
		err := tc.t.Err()
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%s: Err() = %v, want an *Error", tc.name, err)
			continue
		}
		if e.Code != tc.code {
			t.Errorf("%s: code %v (%v), want %v", tc.name, e.Code, err, tc.code)
		}
		if !errors.Is(err, &Error{Code: tc.code}) {
			t.Errorf("%s: errors.Is by code fails", tc.name)
		}
		if tc.t.Sort() != nil || tc.t.Kind() != KindOther {
			t.Errorf("%s: error term has a sort", tc.name)
		}
	}
	// The error propagates through later terms and into the solver.
	bad := c.Add(x, b8)
	f := c.And(c.Eq(c.Mul(bad, c.IntVal(2)), x), p)
	if !errors.Is(f.Err(), bad.Err()) {
		t.Errorf("propagated error %v, want %v", f.Err(), bad.Err())
	}
	if !strings.Contains(f.String(), "error") {
		t.Errorf("String of an error term = %q", f.String())
	}
	s := c.NewSolver()
	s.Assert(c.Gt(x, c.IntVal(0)))
	s.Assert(f)
	s.Assert(c.Lt(x, c.IntVal(0))) // ignored: the solver is stuck
	if r, err := s.Check(); r != Unknown || !errors.Is(err, bad.Err()) {
		t.Errorf("Check after a bad assertion = %v, %v", r, err)
	}
	if _, err := s.Model(); err == nil {
		t.Error("Model after a bad assertion: no error")
	}
	s.Reset()
	mustCheck(t, s, Sat)
	// Asserting a non-Bool term, assuming one.
	s.Assert(x)
	if err := s.Err(); !errors.Is(err, &Error{Code: SortError}) {
		t.Errorf("Assert(Int) error = %v", err)
	}
	s.Reset()
	if _, err := s.CheckAssumptions(x); !errors.Is(err, &Error{Code: SortError}) {
		t.Errorf("CheckAssumptions(Int) error = %v", err)
	}
	mustCheck(t, s, Sat)
}

// TestZ3Errors checks errors that Z3 itself reports through the error
// handler this package installs: without it Z3 would print and exit.
func TestZ3Errors(t *testing.T) {
	c := newContext(t)
	s := c.NewSolver()
	// An ill-sorted SMT-LIB2 assertion: Z3's parser rejects it.
	err := s.assertSMTLIB2("(declare-const x Int)\n(assert (= (+ x 1) true))")
	var e *Error
	if !errors.As(err, &e) || e.Code == OK || e.Msg == "" {
		t.Fatalf("ill-sorted SMT-LIB2: error %#v", err)
	}
	t.Logf("Z3 said: %v", err)
	if _, err := s.Check(); err == nil {
		t.Error("Check after a failed assertion: no error")
	}
	s.Reset()
	// A model after Unsat: Z3 has none.
	s.Assert(c.False())
	mustCheck(t, s, Unsat)
	if _, err := s.Model(); !errors.As(err, &e) || e.Code == OK || e.Msg == "" {
		t.Errorf("Model after unsat: error %#v", err)
	} else {
		t.Logf("Z3 said: %v", err)
	}
	s.Reset()
	// Popping more scopes than pushed (checked before Z3 sees it).
	s.Push()
	s.Pop(2)
	if err := s.Err(); !errors.Is(err, &Error{Code: IndexOutOfBounds}) {
		t.Errorf("Pop(2) after one Push: %v", err)
	}
	s.Reset()
	// The context still works.
	s.Assert(c.Eq(c.Const("y", c.IntSort()), c.IntVal(1)))
	mustCheck(t, s, Sat)
}

// TestMixedContexts uses a term of one context in another.
func TestMixedContexts(t *testing.T) {
	c1, c2 := newContext(t), newContext(t)
	x1 := c1.Const("x", c1.IntSort())
	if err := c2.Add(x1, c2.IntVal(1)).Err(); !errors.Is(err, &Error{Code: InvalidUsage}) {
		t.Errorf("term of another context: %v", err)
	}
	if err := c2.Const("y", c1.IntSort()).Err(); !errors.Is(err, &Error{Code: InvalidUsage}) {
		t.Errorf("sort of another context: %v", err)
	}
	s := c2.NewSolver()
	s.Assert(c1.True())
	if s.Err() == nil {
		t.Error("Assert of another context's term: no error")
	}
}

// TestClosed uses a context, solver and model after Close.
func TestClosed(t *testing.T) {
	c, err := NewContext()
	if err != nil {
		t.Fatal(err)
	}
	x := c.Const("x", c.IntSort())
	s := c.NewSolver()
	s.Assert(c.Gt(x, c.IntVal(0)))
	mustCheck(t, s, Sat)
	m, err := s.Model()
	if err != nil {
		t.Fatal(err)
	}
	m.Close()
	if _, err := m.Int(x); err == nil {
		t.Error("read of a closed model: no error")
	}
	m.Close()
	s.Close()
	if _, err := s.Check(); err == nil {
		t.Error("Check of a closed solver: no error")
	}
	s.Close()
	c.Close()
	c.Close()
	if err := c.Add(x, x).Err(); err != ErrClosed {
		t.Errorf("Add after Close: %v", err)
	}
	if err := c.IntVal(3).Err(); err != ErrClosed {
		t.Errorf("IntVal after Close: %v", err)
	}
	if r, err := c.NewSolver().Check(); r != Unknown || err != ErrClosed {
		t.Errorf("Check after Close: %v, %v", r, err)
	}
	if got := x.String(); got != "<closed>" {
		t.Errorf("String after Close = %q", got)
	}
	c.Interrupt() // harmless
}
