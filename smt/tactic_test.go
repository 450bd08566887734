package smt_test

import (
	"testing"

	"github.com/numpred/numpred/smt"
)

// TestTacticSolver: a solver built from named tactics decides bit-vector
// formulas, gives models, and reports an unknown tactic as an error.
func TestTacticSolver(t *testing.T) {
	c, err := smt.NewContext()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	x := c.Const("x", c.BVSort(32))
	y := c.Const("y", c.BVSort(32))
	s := c.NewTacticSolver("simplify", "propagate-values", "solve-eqs", "bit-blast", "sat")
	defer s.Close()
	// x / y == 7, y == 3 and x < 30 (signed): x is 21, 22 or 23.
	s.Assert(c.Eq(c.BVSDiv(x, y), c.BVVal(7, 32)), c.Eq(y, c.BVVal(3, 32)), c.BVSLt(x, c.BVVal(30, 32)))
	res, err := s.Check()
	if err != nil || res != smt.Sat {
		t.Fatalf("check: %v %v", res, err)
	}
	m, err := s.Model()
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	v, err := m.Signed(x)
	if err != nil || v.Int64() < 21 || v.Int64() > 23 {
		t.Errorf("model x = %v (%v)", v, err)
	}
	s.Assert(c.BVSLt(x, c.BVVal(21, 32)))
	if res, err := s.Check(); err != nil || res != smt.Unsat {
		t.Errorf("with x < 21: %v %v, want unsat", res, err)
	}
	bad := c.NewTacticSolver("simplify", "no-such-tactic")
	defer bad.Close()
	if _, err := bad.Check(); err == nil {
		t.Error("a solver with an unknown tactic checked without an error")
	}
}
