package octagon_test

import (
	"fmt"

	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/octagon"
)

// Closure derives the transitive bound x - z <= 3.
func Example_closure() {
	d := octagon.New()
	env := numeric.MustEnv("x", "y", "z")
	o := d.Assume(d.Top(3), numeric.MustParseConstraints("x - y <= 1, y - z <= 2", env)...)
	xz, _ := numeric.ParseLinExpr("x - z", env)
	fmt.Println(d.Bound(o, xz))
	fmt.Println(d.String(o, env))
	// Output:
	// [-oo, 3]
	// x - y <= 1 && x - z <= 3 && y - z <= 2
}

// Integer tightening: x + y <= 3 and x - y <= 0 give 2x <= 3, so x <= 1.
func Example_tightening() {
	d := octagon.New()
	env := numeric.MustEnv("x", "y")
	o := d.Assume(d.Top(2), numeric.MustParseConstraints("x + y <= 3, x - y <= 0", env)...)
	fmt.Println(d.Bound(o, numeric.Var(0)))
	// Output:
	// [-oo, 1]
}

// Assignments of the forms x := ±y + c are exact.
func ExampleDomain_Assign() {
	d := octagon.New()
	env := numeric.MustEnv("i", "n")
	o := d.Assume(d.Top(2), numeric.MustParseConstraints("0 <= i, i <= n", env)...)
	// i := i + 1 keeps the relation with n.
	o = d.Assign(o, []numeric.Dim{0}, []numeric.LinExpr{numeric.Var(0).AddConst(numeric.I(1))})
	fmt.Println(d.String(o, env))
	// Output:
	// i >= 1 && n >= 0 && i - n <= 1
}

// Widening drops the unstable bound; the relation survives.
func ExampleDomain_Widen() {
	d := octagon.New()
	env := numeric.MustEnv("i", "j")
	a := d.Assume(d.Top(2), numeric.MustParseConstraints("i = 0, j = 0", env)...)
	b := d.Assume(d.Top(2), numeric.MustParseConstraints("0 <= i, i <= 1, j = i", env)...)
	fmt.Println(d.String(d.Widen(a, d.Join(a, b)), env))
	// Output:
	// i >= 0 && j >= 0 && i - j = 0
}

// Widening with thresholds relaxes an unstable bound to the next
// threshold before dropping it.
func ExampleDomain_WidenThresholds() {
	d := octagon.New()
	env := numeric.MustEnv("i")
	a := d.Assume(d.Top(1), numeric.MustParseConstraints("i = 0", env)...)
	b := d.Assume(d.Top(1), numeric.MustParseConstraints("0 <= i, i <= 1", env)...)
	t := numeric.NewThresholds(10, 100)
	w := d.WidenThresholds(a, d.Join(a, b), t)
	fmt.Println(d.String(w, env))
	c := d.Assume(d.Top(1), numeric.MustParseConstraints("0 <= i, i <= 11", env)...)
	fmt.Println(d.String(d.WidenThresholds(w, d.Join(w, c), t), env))
	// Output:
	// i >= 0 && i <= 10
	// i >= 0 && i <= 100
}
