package product_test

import (
	"fmt"

	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/product"
)

func ExampleNewAffineInterval() {
	d := product.NewAffineInterval()
	env := numeric.MustEnv("x", "y")
	// After x += 2; y += 4 from 0, under a loop guard x <= 100.
	a := d.Assume(d.Top(2), numeric.MustParseConstraints("y = 2x, x >= 0, x <= 100", env)...)
	fmt.Println(d.String(a, env))
	fmt.Println(d.Bound(a, numeric.Var(1)))
	// Output:
	// 2x - y = 0 && x >= 0 && x <= 100 && y >= 0 && y <= 200
	// [0, 200]
}
