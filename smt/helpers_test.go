package smt

import (
	"math/big"
	"testing"
)

// newContext returns a context closed at the end of the test.
func newContext(t testing.TB, opts ...Option) *Context {
	t.Helper()
	c, err := NewContext(opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

// mustCheck checks s and fails the test on an error or an unexpected
// result.
func mustCheck(t testing.TB, s *Solver, want Result) {
	t.Helper()
	r, err := s.Check()
	if err != nil {
		t.Fatalf("Check: %v", err)
	}
	if r != want {
		t.Fatalf("Check = %v (%s), want %v\n%s", r, s.ReasonUnknown(), want, s)
	}
}

// mustModel returns the model of a satisfiable s.
func mustModel(t testing.TB, s *Solver) *Model {
	t.Helper()
	m, err := s.Model()
	if err != nil {
		t.Fatalf("Model: %v", err)
	}
	t.Cleanup(m.Close)
	return m
}

// intOf returns the value of t in m.
func intOf(t testing.TB, m *Model, x *Term) *big.Int {
	t.Helper()
	v, err := m.Int(x)
	if err != nil {
		t.Fatalf("Int(%v): %v", x, err)
	}
	return v
}

// holds reports whether the Bool term f is true in m.
func holds(t testing.TB, m *Model, f *Term) bool {
	t.Helper()
	b, err := m.Bool(f)
	if err != nil {
		t.Fatalf("Bool(%v): %v", f, err)
	}
	return b
}

// bigOf returns the integer of a decimal string.
func bigOf(s string) *big.Int {
	n, ok := new(big.Int).SetString(s, 10)
	if !ok {
		panic("bad integer " + s)
	}
	return n
}
