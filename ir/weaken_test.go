package ir_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// TestWeaken: a rejected atom becomes true where it occurs positively
// and false under a negation, so the result is implied by the condition.
func TestWeaken(t *testing.T) {
	env, err := numeric.NewEnv("x", "y")
	require.NoError(t, err)
	atom := func(s string) ir.Cond {
		c, err := numeric.ParseConstraint(s, env)
		require.NoError(t, err)
		return ir.NewAtom(c)
	}
	// x <= 3 && !(y <= 0) || y == 2
	c := &ir.Or{Xs: []ir.Cond{&ir.And{Xs: []ir.Cond{atom("x <= 3"), &ir.Not{X: atom("y <= 0")}}}, atom("y = 2")}}
	noY := func(k numeric.Constraint) bool {
		for _, t := range k.Expr().Terms() {
			if t.Dim == 1 {
				return false
			}
		}
		return true
	}
	w := ir.Weaken(c, noY)
	want := &ir.Or{Xs: []ir.Cond{&ir.And{Xs: []ir.Cond{atom("x <= 3"), &ir.Not{X: &ir.BoolConst{V: false}}}}, &ir.BoolConst{V: true}}}
	require.Equal(t, want, w)
	// c implies w on every point of a small box.
	for x := -5; x <= 5; x++ {
		for y := -5; y <= 5; y++ {
			p := []numeric.Int{numeric.I(int64(x)), numeric.I(int64(y))}
			if v, _ := ir.Eval(c, p); v {
				wv, _ := ir.Eval(w, p)
				require.True(t, wv, "x=%d y=%d", x, y)
			}
		}
	}
}
