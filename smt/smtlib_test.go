package smt

import (
	"bytes"
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// crossFormulas returns formulas with known answers, built in c.
func crossFormulas(c *Context) []struct {
	name string
	f    *Term
	want Result
} {
	x := c.Const("x", c.IntSort())
	y := c.Const("y", c.IntSort())
	a := c.Const("a", c.BVSort(32))
	b := c.Const("b", c.BVSort(32))
	p := c.Const("p", c.BoolSort())
	big := c.IntBig(bigOf("-123456789012345678901234567890"))
	return []struct {
		name string
		f    *Term
		want Result
	}{
		{"lia sat", c.And(c.Eq(c.Add(c.Mul(c.IntVal(3), x), c.Mul(c.IntVal(2), y)), c.IntVal(17)), c.Gt(x, y)), Sat},
		{"lia unsat", c.Eq(c.Mul(c.IntVal(2), x), c.IntVal(7)), Unsat},
		{"div mod", c.And(c.Eq(c.Div(x, c.IntVal(-3)), c.IntVal(2)), c.Eq(c.Mod(x, c.IntVal(-3)), c.IntVal(1))), Sat},
		{"big", c.And(c.Lt(x, big), c.Gt(c.Neg(x), c.Neg(big))), Sat},
		{"big unsat", c.And(c.Lt(x, big), c.Gt(x, c.Add(big, c.IntVal(-1)))), Unsat},
		{"ite", c.And(c.Eq(y, c.Ite(p, x, c.Neg(x))), c.Lt(y, c.IntVal(0)), c.Gt(x, c.IntVal(0)), p), Unsat},
		{"bv signed", c.And(c.BVSLt(a, c.BVVal(0, 32)), c.BVUGt(a, c.BVVal(5, 32))), Sat},
		{"bv unsigned", c.And(c.BVULt(a, c.BVVal(5, 32)), c.BVSGt(a, c.BVVal(5, 32))), Unsat},
		{"bv sdiv", c.Eq(c.BVSDiv(a, c.BVVal(3, 32)), c.BVVal(-2, 32)), Sat},
		{"bv shifts", c.And(c.Distinct(c.BVLShr(a, c.BVVal(1, 32)), c.BVAShr(a, c.BVVal(1, 32))), c.BVSGe(a, c.BVVal(0, 32))), Unsat},
		{"bv overflow", c.And(c.BVAddNoOverflow(a, b, true), c.BVSGt(a, c.BVVal(0, 32)), c.BVSGt(b, c.BVVal(0, 32)), c.BVSLt(c.BVAdd(a, b), c.BVVal(0, 32))), Unsat},
		{"bv mul overflow", c.And(c.Not(c.BVMulNoOverflow(a, b, true)), c.Eq(a, c.BVVal(-3, 32)), c.Eq(b, c.BVVal(-5, 32))), Unsat},
		{"extend", c.And(c.Eq(c.SignExt(c.Extract(a, 7, 0), 24), a), c.BVUGt(a, c.BVVal(200, 32))), Sat},
		{"conversion", c.And(c.Eq(c.BV2Int(a, true), x), c.Lt(x, c.IntVal(-1<<31))), Unsat},
	}
}

// TestSMTLIBRoundTrip prints each formula with Solver.String, reads the
// text back into a fresh context and checks that the answer is the same.
func TestSMTLIBRoundTrip(t *testing.T) {
	c := newContext(t)
	for _, tc := range crossFormulas(c) {
		s := c.NewSolver()
		s.Assert(tc.f)
		mustCheck(t, s, tc.want)
		c2 := newContext(t)
		s2 := c2.NewSolver()
		if err := s2.assertSMTLIB2(s.String()); err != nil {
			t.Fatalf("%s: reading back\n%s: %v", tc.name, s, err)
		}
		if r, err := s2.Check(); r != tc.want || err != nil {
			t.Errorf("%s: read back: %v, %v; want %v\n%s", tc.name, r, err, tc.want, s)
		}
	}
}

// TestSMTLIBCrossCheck runs the z3 command on the printed formulas (it
// skips when z3 is not on PATH): another process, another parser, the
// same answers.
func TestSMTLIBCrossCheck(t *testing.T) {
	z3, err := exec.LookPath("z3")
	if err != nil {
		t.Skip("no z3 command on PATH")
	}
	c := newContext(t)
	for _, tc := range crossFormulas(c) {
		s := c.NewSolver()
		s.Assert(tc.f)
		mustCheck(t, s, tc.want)
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		cmd := exec.CommandContext(ctx, z3, "-smt2", "-in")
		cmd.Stdin = strings.NewReader(s.String())
		var out bytes.Buffer
		cmd.Stdout = &out
		err := cmd.Run()
		cancel()
		if err != nil {
			t.Fatalf("%s: z3: %v\n%s", tc.name, err, out.String())
		}
		if got := strings.TrimSpace(out.String()); got != tc.want.String() {
			t.Errorf("%s: z3 says %q, we say %v\n%s", tc.name, got, tc.want, s)
		}
	}
}
