package smt

import "testing"

// TestFold: AndFold and OrFold drop neutral constants, absorb the other
// one, and return a single operand as it is.
func TestFold(t *testing.T) {
	c, err := NewContext()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	x := c.Const("x", c.BoolSort())
	y := c.Const("y", c.BoolSort())
	if c.AndFold(c.True(), x, nil) != x || c.OrFold(c.False(), x) != x {
		t.Error("single operand not returned as it is")
	}
	if v, ok := c.AndFold(x, c.False(), y).BoolValue(); !ok || v {
		t.Error("false does not absorb a conjunction")
	}
	if v, ok := c.OrFold(x, c.True()).BoolValue(); !ok || !v {
		t.Error("true does not absorb a disjunction")
	}
	if v, ok := c.AndFold().BoolValue(); !ok || !v {
		t.Error("empty conjunction is not true")
	}
	if v, ok := c.OrFold().BoolValue(); !ok || v {
		t.Error("empty disjunction is not false")
	}
	s := c.NewSolver()
	s.Assert(c.AndFold(x, c.True(), y), c.Not(x))
	if r, err := s.Check(); err != nil || r != Unsat {
		t.Errorf("x && y && !x: %v %v", r, err)
	}
}
