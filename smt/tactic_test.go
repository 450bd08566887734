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

// TestSolverForLogic: the QF_BV solver answers checks under different
// assumptions over the same assertions, and gives models.
func TestSolverForLogic(t *testing.T) {
	c, err := smt.NewContext()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	x := c.Const("x", c.BVSort(64))
	y := c.Const("y", c.BVSort(64))
	a := c.Const("a", c.BoolSort())
	b := c.Const("b", c.BoolSort())
	s := c.NewSolverForLogic("QF_BV")
	defer s.Close()
	// x / y == 7 and y == 3: x is 21, 22 or 23. a asks x < 21 (unsat), b x > 22.
	s.Assert(c.Eq(c.BVSDiv(x, y), c.BVVal(7, 64)), c.Eq(y, c.BVVal(3, 64)))
	s.Assert(c.Implies(a, c.BVSLt(x, c.BVVal(21, 64))), c.Implies(b, c.BVSLt(c.BVVal(22, 64), x)))
	if res, err := s.CheckAssumptions(a); err != nil || res != smt.Unsat {
		t.Errorf("assuming a: %v %v, want unsat", res, err)
	}
	res, err := s.CheckAssumptions(b)
	if err != nil || res != smt.Sat {
		t.Fatalf("assuming b: %v %v, want sat", res, err)
	}
	m, err := s.Model()
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if v, err := m.Signed(x); err != nil || v.Int64() != 23 {
		t.Errorf("model x = %v (%v), want 23", v, err)
	}
	if res, err := s.CheckAssumptions(a, b); err != nil || res != smt.Unsat {
		t.Errorf("assuming a and b: %v %v, want unsat", res, err)
	}
}
