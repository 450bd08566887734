package smt

import (
	"slices"
	"testing"
)

// TestUnsatCore checks that the core names exactly the conflicting
// assumptions, as the caller's own terms, and that assumptions hold for
// one check only.
func TestUnsatCore(t *testing.T) {
	c := newContext(t)
	x := c.Const("x", c.IntSort())
	p := c.Const("p", c.BoolSort())
	q := c.Const("q", c.BoolSort())
	r := c.Const("r", c.BoolSort())
	s := c.NewSolver()
	s.Assert(c.Implies(p, c.Gt(x, c.IntVal(5))))
	s.Assert(c.Implies(q, c.Lt(x, c.IntVal(3))))
	s.Assert(c.Implies(r, c.Eq(x, c.IntVal(10))))
	res, err := s.CheckAssumptions(r, p, q)
	if err != nil || res != Unsat {
		t.Fatalf("CheckAssumptions = %v, %v; want unsat", res, err)
	}
	core, err := s.UnsatCore()
	if err != nil {
		t.Fatal(err)
	}
	// q conflicts with both p and r; any core contains q and one of them.
	if !slices.Contains(core, q) || len(core) < 2 {
		t.Errorf("core = %v, want q and p or r", core)
	}
	for _, l := range core {
		if l != p && l != q && l != r {
			t.Errorf("core literal %v is not one of the caller's terms", l)
		}
	}
	// Without the assumptions the assertions are satisfiable.
	mustCheck(t, s, Sat)
	// A negated literal and a compound formula as assumptions.
	notP := c.Not(p)
	big := c.Gt(x, c.IntVal(100))
	res, err = s.CheckAssumptions(notP, big, q)
	if err != nil || res != Unsat {
		t.Fatalf("CheckAssumptions(!p, x>100, q) = %v, %v; want unsat", res, err)
	}
	core, err = s.UnsatCore()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(core, []*Term{big, q}) {
		t.Errorf("core = %v, want [x>100 q]", core)
	}
	// Sat under assumptions: the model respects them.
	res, err = s.CheckAssumptions(p, r)
	if err != nil || res != Sat {
		t.Fatalf("CheckAssumptions(p, r) = %v, %v; want sat", res, err)
	}
	if v := intOf(t, mustModel(t, s), x); v.Int64() != 10 {
		t.Errorf("x = %v, want 10", v)
	}
	if core, err := s.UnsatCore(); err == nil {
		t.Errorf("UnsatCore after sat = %v, no error", core)
	}
	// Assertions unsatisfiable on their own: an empty core.
	s.Push()
	s.Assert(c.Lt(x, c.IntVal(0)), c.Gt(x, c.IntVal(0)))
	if res, err := s.CheckAssumptions(p); res != Unsat || err != nil {
		t.Fatalf("CheckAssumptions = %v, %v", res, err)
	}
	if core, err := s.UnsatCore(); err != nil || len(core) != 0 {
		t.Errorf("core of unsatisfiable assertions = %v, %v; want empty", core, err)
	}
	s.Pop(1)
}

// TestUnsatCoreMany uses more assumptions than fit the stack buffer.
func TestUnsatCoreMany(t *testing.T) {
	c := newContext(t)
	x := c.Const("x", c.IntSort())
	s := c.NewSolver()
	var lits []*Term
	for i := range 20 {
		lits = append(lits, c.Ge(x, c.IntVal(int64(i))))
	}
	lits = append(lits, c.Lt(x, c.IntVal(7)))
	res, err := s.CheckAssumptions(lits...)
	if err != nil || res != Unsat {
		t.Fatalf("CheckAssumptions = %v, %v", res, err)
	}
	core, err := s.UnsatCore()
	if err != nil {
		t.Fatal(err)
	}
	// Every core contains x < 7 and some x >= i with i >= 7.
	if !slices.Contains(core, lits[20]) {
		t.Errorf("core %v lacks x < 7", core)
	}
	ok := false
	for i := 7; i < 20; i++ {
		ok = ok || slices.Contains(core, lits[i])
	}
	if !ok {
		t.Errorf("core %v has no x >= i with i >= 7", core)
	}
}
