package affine_test

import (
	"fmt"

	"github.com/numpred/numpred/affine"
	"github.com/numpred/numpred/numeric"
)

func Example() {
	d := affine.New()
	env := numeric.MustEnv("x", "y")
	// x = 0, y = 0 before a loop whose body is x += 2; y += 4.
	init := d.Assume(d.Top(2), numeric.MustParseConstraints("x = 0, y = 0", env)...)
	body := []numeric.LinExpr{numeric.Var(0).AddConst(numeric.I(2)), numeric.Var(1).AddConst(numeric.I(4))}
	once := d.Assign(init, []numeric.Dim{0, 1}, body)
	head := d.Join(init, once)
	fmt.Println(d.String(head, env))
	// The join is already a fixpoint: the body keeps y = 2x.
	fmt.Println(d.Leq(d.Assign(head, []numeric.Dim{0, 1}, body), head))
	fmt.Println(d.Entails(head, numeric.MustParseConstraints("y = 2x", env)[0]))
	// Output:
	// 2x - y = 0
	// true
	// true
}

func ExampleDomain_Meet() {
	d := affine.New()
	env := numeric.MustEnv("x", "y")
	// The line through (0, 0) and (2, 1) holds the integer points (2k, k).
	line := d.Join(
		d.Assume(d.Top(2), numeric.MustParseConstraints("x = 0, y = 0", env)...),
		d.Assume(d.Top(2), numeric.MustParseConstraints("x = 2, y = 1", env)...))
	fmt.Println(d.String(line, env))
	fmt.Println(d.String(d.Meet(line, d.Assume(d.Top(2), numeric.MustParseConstraints("x = 6", env)...)), env))
	// It crosses x = 1 at y = 1/2: no integer point.
	fmt.Println(d.String(d.Meet(line, d.Assume(d.Top(2), numeric.MustParseConstraints("x = 1", env)...)), env))
	// Output:
	// x - 2y = 0
	// x = 6 && y = 3
	// false
}
