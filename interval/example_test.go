package interval_test

import (
	"fmt"

	"github.com/numpred/numpred/interval"
	"github.com/numpred/numpred/numeric"
)

func Example() {
	d := interval.New()
	env := numeric.MustEnv("i", "n")
	// 0 <= i <= n, n <= 10: propagation bounds i by n's bound.
	a := d.Assume(d.Top(2), numeric.MustParseConstraints("0 <= i, i <= n, n <= 10", env)...)
	fmt.Println(d.String(a, env))
	// i := i + 1
	b := d.Assign(a, []numeric.Dim{0}, []numeric.LinExpr{numeric.Var(0).AddConst(numeric.I(1))})
	fmt.Println(d.String(b, env))
	fmt.Println(d.Bound(b, numeric.Var(1).Sub(numeric.Var(0))))
	// Output:
	// i >= 0 && i <= 10 && n >= 0 && n <= 10
	// i >= 1 && i <= 11 && n >= 0 && n <= 10
	// [-11, 9]
}

func ExampleDomain_Widen() {
	d := interval.New()
	env := numeric.MustEnv("x")
	x0 := d.Assume(d.Top(1), numeric.MustParseConstraints("x = 0", env)...)
	x1 := d.Assume(d.Top(1), numeric.MustParseConstraints("0 <= x, x <= 1", env)...)
	fmt.Println(d.String(d.Widen(x0, x1), env))
	fmt.Println(d.String(d.WidenThresholds(x0, x1, numeric.NewThresholds(10, 100)), env))
	// Narrowing refines the lost bound with a post-fixpoint's.
	x10 := d.Assume(d.Top(1), numeric.MustParseConstraints("0 <= x, x <= 10", env)...)
	fmt.Println(d.String(d.Narrow(d.Widen(x0, x1), x10), env))
	// Output:
	// x >= 0
	// x >= 0 && x <= 10
	// x >= 0 && x <= 10
}

func ExampleDomain_Assume() {
	d := interval.New()
	env := numeric.MustEnv("x", "y")
	a := d.Assume(d.Top(2), numeric.MustParseConstraints("1 <= x, x <= 3, y >= 0", env)...)
	// x + y <= 2 bounds y by 2 - min(x) = 1 and x by 2 - min(y) = 2.
	b := d.Assume(a, numeric.MustParseConstraints("x + y <= 2", env)...)
	fmt.Println(d.String(b, env))
	// 2y = 2x + 1 has no integer solution.
	fmt.Println(d.String(d.Assume(a, numeric.MustParseConstraints("2y = 2x + 1", env)...), env))
	fmt.Println(d.Entails(b, numeric.MustParseConstraints("x + y <= 3", env)[0]))
	fmt.Println(numeric.ConjString(d.Constraints(b), env))
	// Output:
	// x >= 1 && x <= 2 && y >= 0 && y <= 1
	// false
	// true
	// x >= 1 && x <= 2 && y >= 0 && y <= 1
}
