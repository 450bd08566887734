package polyhedra_test

import (
	"fmt"

	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/polyhedra"
)

// The convex hull of two points is the segment between them.
func ExampleDomain_Join() {
	d := polyhedra.New()
	env := numeric.MustEnv("x", "y")
	a := d.Assume(d.Top(2), numeric.MustParseConstraints("x = 0, y = 0", env)...)
	b := d.Assume(d.Top(2), numeric.MustParseConstraints("x = 2, y = 4", env)...)
	fmt.Println(d.String(d.Join(a, b), env))
	// Output: 2x - y = 0 && x >= 0 && x <= 2
}

// Widening {x = 0} by {0 <= x <= 1} keeps the stable bound x >= 0.
func ExampleDomain_Widen() {
	d := polyhedra.New()
	env := numeric.MustEnv("x")
	a := d.Assume(d.Top(1), numeric.MustParseConstraints("x = 0", env)...)
	b := d.Assume(d.Top(1), numeric.MustParseConstraints("0 <= x, x <= 1", env)...)
	fmt.Println(d.String(d.Widen(a, b), env))
	fmt.Println(d.String(d.WidenThresholds(a, b, numeric.NewThresholds(10, 100)), env))
	// Output:
	// x >= 0
	// x >= 0 && x <= 10
}

// Assignments are exact on polyhedra: x := x + y maps the triangle
// (0,0), (4,0), (0,4) to (0,0), (4,0), (4,4).
func ExampleDomain_Assign() {
	d := polyhedra.New()
	env := numeric.MustEnv("x", "y")
	tri := d.Assume(d.Top(2), numeric.MustParseConstraints("x >= 0, y >= 0, x + y <= 4", env)...)
	r := d.Assign(tri, []numeric.Dim{0}, []numeric.LinExpr{numeric.Var(0).Add(numeric.Var(1))})
	fmt.Println(d.String(r, env))
	fmt.Println(d.Bound(r, numeric.Var(0).Sub(numeric.Var(1))))
	// Output:
	// x <= 4 && y >= 0 && -x + y <= 0
	// [0, 4]
}

// Farkas multipliers prove x >= 1, y >= 1, x + y <= 1 infeasible: 1 times
// each constraint sums to 0 <= -1.
func ExampleFarkas() {
	env := numeric.MustEnv("x", "y")
	cs := numeric.MustParseConstraints("x >= 1, y >= 1, x + y <= 1", env)
	y, infeasible := polyhedra.Farkas(cs)
	fmt.Println(infeasible, y)
	// Output: true [1 1 1]
}
