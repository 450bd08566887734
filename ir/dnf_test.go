package ir_test

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// randomLiteral is an atom or a congruence over x, y or x-y (small
// constants), its negation, or a constant.
func randomLiteral(r *rand.Rand) ir.Cond {
	terms := [][]numeric.Term{
		{{Dim: 0, Coef: numeric.I(1)}},
		{{Dim: 1, Coef: numeric.I(1)}},
		{{Dim: 0, Coef: numeric.I(-1)}},
		{{Dim: 0, Coef: numeric.I(1)}, {Dim: 1, Coef: numeric.I(-1)}},
		{{Dim: 0, Coef: numeric.I(2)}, {Dim: 1, Coef: numeric.I(1)}},
	}
	if r.Intn(20) == 0 {
		var c ir.Cond = &ir.BoolConst{V: r.Intn(2) == 0}
		if r.Intn(2) == 0 {
			c = &ir.Not{X: c}
		}
		return c
	}
	e := numeric.NewLinExpr(numeric.I(int64(r.Intn(7)-3)), terms[r.Intn(len(terms))]...)
	if r.Intn(12) == 0 {
		// A congruence: an opaque literal to the simplification.
		var c ir.Cond = &ir.BoolConst{V: true}
		if g, ok := numeric.NewCongruence(e, numeric.I(int64(2+r.Intn(3)))); ok {
			c = &ir.Congruence{C: g}
		}
		if r.Intn(2) == 0 {
			c = &ir.Not{X: c}
		}
		return c
	}
	kind := numeric.LE
	if r.Intn(2) == 0 {
		kind = numeric.EQ
	}
	var c ir.Cond = ir.NewAtom(numeric.NewConstraint(e, kind))
	if r.Intn(2) == 0 {
		c = &ir.Not{X: c}
	}
	return c
}

// TestSimplifyDNFAgainstEnumeration: on random disjunctions of cubes the
// simplified condition has the same value at every point of a grid, and
// it is no bigger.
func TestSimplifyDNFAgainstEnumeration(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	shrunk := 0
	for round := 0; round < 3000; round++ {
		var cubes []ir.Cond
		common := []ir.Cond{}
		for i := r.Intn(2); i > 0; i-- {
			common = append(common, randomLiteral(r))
		}
		for i := 1 + r.Intn(6); i > 0; i-- {
			lits := append([]ir.Cond(nil), common...)
			for j := r.Intn(5); j > 0; j-- {
				lits = append(lits, randomLiteral(r))
			}
			if r.Intn(8) == 0 {
				lits = append(lits, &ir.Or{Xs: []ir.Cond{randomLiteral(r), randomLiteral(r)}})
			}
			cubes = append(cubes, &ir.And{Xs: lits})
		}
		var c ir.Cond = &ir.Or{Xs: cubes}
		if r.Intn(10) == 0 {
			c = cubes[0]
		}
		s := ir.SimplifyDNF(c)
		f := ir.Fold(c)
		for x := int64(-6); x <= 6; x++ {
			for y := int64(-6); y <= 6; y++ {
				p := []numeric.Int{numeric.I(x), numeric.I(y)}
				want, _ := ir.Eval(c, p)
				got, _ := ir.Eval(s, p)
				require.Equal(t, want, got, "round %d at x=%d y=%d:\n%s\nsimplified to\n%s", round, x, y,
					ir.CondString(c, nil), ir.CondString(s, nil))
				folded, _ := ir.Eval(f, p)
				require.Equal(t, want, folded, "round %d at x=%d y=%d:\n%s\nfolded to\n%s", round, x, y,
					ir.CondString(c, nil), ir.CondString(f, nil))
			}
		}
		if len(ir.Atoms(s)) < len(ir.Atoms(c)) {
			shrunk++
		}
	}
	require.Greater(t, shrunk, 1000, "the simplification should shrink most random inputs")
}

// TestSimplifyDNFExamples: what one cube says about a term is written
// once; complementary cubes merge; contradictory cubes go.
func TestSimplifyDNFExamples(t *testing.T) {
	env, err := numeric.NewEnv("x", "y")
	require.NoError(t, err)
	// cube parses "a, b, !c" (a literal "!c" is the negated atom c).
	cube := func(s string) ir.Cond {
		var xs []ir.Cond
		for _, part := range strings.Split(s, ",") {
			part = strings.TrimSpace(part)
			neg := strings.HasPrefix(part, "!")
			c, err := numeric.ParseConstraint(strings.TrimPrefix(part, "!"), env)
			require.NoError(t, err)
			var x ir.Cond = ir.NewAtom(c)
			if neg {
				x = &ir.Not{X: x}
			}
			xs = append(xs, x)
		}
		return &ir.And{Xs: xs}
	}
	for _, tc := range []struct {
		in   []string
		want string
	}{
		{[]string{"x = 3, !x = 4, x <= 9"}, "x = 3"},
		{[]string{"x = 3, y <= 0", "x = 3, y >= 1"}, "x = 3"},
		{[]string{"x = 3, x = 4", "y = 2"}, "y = 2"},
		{[]string{"y <= 5, x = 1", "y <= 5, x = 2"}, "y <= 5 && (x = 1 || x = 2)"},
		{[]string{"x >= 2, !x = 2, x <= 3"}, "x = 3"},
		{[]string{"x >= 2, !x = 5, x <= 9"}, "x >= 2 && x <= 9 && !(x = 5)"},
		{[]string{"x = 1", "!x = 1"}, "true"},
	} {
		var cubes []ir.Cond
		for _, c := range tc.in {
			cubes = append(cubes, cube(c))
		}
		got := ir.SimplifyDNF(&ir.Or{Xs: cubes})
		require.Equal(t, tc.want, ir.CondString(got, env), "%q", tc.in)
	}
}
