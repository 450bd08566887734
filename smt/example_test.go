package smt_test

import (
	"fmt"

	"github.com/numpred/numpred/smt"
)

// Example finds the inputs of a path: x and y are 32-bit C ints, the path
// takes the branches x / 3 == -2, y > 0 and x - y > x (only wrap-around
// can make it true). The model gives the inputs; assumptions and an unsat
// core tell which extra condition conflicts with the path.
func Example() {
	c, err := smt.NewContext()
	if err != nil {
		panic(err)
	}
	defer c.Close()
	x := c.Const("x", c.BVSort(32))
	y := c.Const("y", c.BVSort(32))

	s := c.NewSolver()
	s.Assert(c.Eq(c.BVSDiv(x, c.BVVal(3, 32)), c.BVVal(-2, 32)))
	s.Assert(c.BVSGt(y, c.BVVal(0, 32)))
	s.Assert(c.BVSGt(c.BVSub(x, y), x))
	r, err := s.Check()
	fmt.Println(r, err)

	m, err := s.Model()
	if err != nil {
		panic(err)
	}
	xv, _ := m.Signed(x)
	yv, _ := m.Signed(y)
	fmt.Println("x in [-8, -6]:", xv.Int64() >= -8 && xv.Int64() <= -6)
	fmt.Println("x - y overflows:", xv.Int64()-yv.Int64() < -1<<31)

	// Extra conditions as assumptions: which ones conflict with the path?
	p := c.Const("p", c.BoolSort())
	small := c.BVSLt(y, c.BVVal(1000, 32))
	r, _ = s.CheckAssumptions(p, small)
	core, _ := s.UnsatCore()
	fmt.Println(r, core)
	// Output:
	// sat <nil>
	// x in [-8, -6]: true
	// x - y overflows: true
	// unsat [(bvslt y #x000003e8)]
}
