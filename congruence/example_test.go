package congruence_test

import (
	"fmt"

	"github.com/numpred/numpred/congruence"
	"github.com/numpred/numpred/numeric"
)

func Example() {
	d := congruence.New()
	env := numeric.MustEnv("x", "y")
	// x = 0; y = 1; while (*) { x += 2; y += 3x; }
	head := d.Assume(d.Top(2), numeric.MustParseConstraints("x = 0, y = 1", env)...)
	for i := 0; i < 3; i++ {
		next := d.Assign(head, []numeric.Dim{0}, []numeric.LinExpr{numeric.Var(0).AddConst(numeric.I(2))})
		next = d.Assign(next, []numeric.Dim{1}, []numeric.LinExpr{numeric.Var(1).Add(numeric.Var(0).Scale(numeric.I(3)))})
		head = d.Widen(head, next)
	}
	fmt.Println(d.String(head, env))
	// x = 2y + 1 would make x odd, but x is even.
	fmt.Println(d.String(d.Assume(head, numeric.MustParseConstraints("x = 2y + 1", env)...), env))
	// Output:
	// x ≡ 0 mod 2 && y ≡ 1 mod 6
	// false
}
