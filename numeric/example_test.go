package numeric_test

import (
	"fmt"
	"math"

	"github.com/numpred/numpred/numeric"
)

func ExampleParseConstraints() {
	env := numeric.MustEnv("x", "y", "n")
	cs, err := numeric.ParseConstraints("0 <= x, x < n && 2x - 2y = 4; 3y <= 7", env)
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range cs {
		fmt.Println(c.String(env))
	}
	_, err = numeric.ParseConstraints("x <= 1,\ny * n <= 2", env)
	fmt.Println(err)
	// Output:
	// x >= 0
	// x - n <= -1
	// x - y = 2
	// y <= 2
	// 2:5: expected an integer after '*' (expressions must be linear), found name n
}

func ExampleNewConstraint() {
	x := numeric.Var(0)
	// 2x <= 3 over the integers is x <= 1; 2x = 3 has no integer solution.
	fmt.Println(numeric.Le(x.Scale(numeric.I(2)), numeric.Const(3)).String(nil))
	fmt.Println(numeric.Eq(x.Scale(numeric.I(2)), numeric.Const(3)).String(nil))
	// x < 5 is x <= 4.
	fmt.Println(numeric.Lt(x, numeric.Const(5)).String(nil))
	// Output:
	// x0 <= 1
	// false
	// x0 <= 4
}

func ExampleConstraint_Canonical() {
	env := numeric.MustEnv("x", "y")
	c, _ := numeric.ParseConstraint("y - x <= 3", env)
	atom, negated := c.Canonical()
	// y - x <= 3 is the negation of x - y <= -4: one atom, opposite phases.
	fmt.Println(atom.String(env), negated)
	neg, _ := atom.Negate()
	fmt.Println(neg.Equal(c))
	// Output:
	// x - y <= -4 true
	// true
}

func ExampleInt_Add() {
	x := numeric.I(math.MaxInt64)
	y := x.Add(numeric.I(1)) // overflows int64: falls back to math/big
	fmt.Println(y, y.IsInt64())
	z := y.Sub(numeric.I(1)) // back in range: int64 again
	fmt.Println(z, z.IsInt64())
	// Output:
	// 9223372036854775808 false
	// 9223372036854775807 true
}

func ExampleBound_AddUp() {
	max := numeric.B(numeric.MaxFinite)
	one := numeric.B(1)
	// An upper bound that overflows is lost (+oo); a lower bound rounds down.
	fmt.Println(max.AddUp(one), max.AddDown(one))
	fmt.Println(numeric.PlusInf.AddUp(numeric.MinusInf), numeric.PlusInf.AddDown(numeric.MinusInf))
	fmt.Println(numeric.B(-7).MulUp(3), numeric.B(7).DivFloor(2), numeric.B(7).DivCeil(2))
	// Output:
	// +oo 9223372036854775807
	// +oo -oo
	// -21 3 4
}

func ExampleLinExpr_Substitute() {
	env := numeric.MustEnv("x", "y")
	e, _ := numeric.ParseLinExpr("2x + y - 1", env)
	f, _ := numeric.ParseLinExpr("y + 3", env)
	s := e.Substitute(0, f) // e[x := y + 3]
	fmt.Println(s.String(env))
	fmt.Println(s.Eval([]numeric.Int{numeric.I(0), numeric.I(2)}))
	// Output:
	// 3y + 5
	// 11
}

func ExampleThresholds_Above() {
	t := numeric.NewThresholds(100, 0, 10)
	fmt.Println(t.Above(numeric.B(5)), t.Above(numeric.B(101)), t.Below(numeric.B(5)))
	// Output:
	// 10 +oo 0
}

func ExampleParseSystem() {
	env, cs, _ := numeric.ParseSystem("i <= n, j = i + 1")
	fmt.Println(env.Names(), numeric.ConjString(cs, env))
	// Output:
	// [i n j] i - n <= 0 && i - j = -1
}
