package numeric_test

import (
	"math/rand"
	"testing"

	"github.com/numpred/numpred/numeric"
)

func TestConstraintNormalisation(t *testing.T) {
	env := numeric.MustEnv("x", "y")
	x, y := numeric.Var(0), numeric.Var(1)
	c := numeric.Const
	tests := []struct {
		name string
		got  numeric.Constraint
		want string
	}{
		{"gcd", numeric.Le(x.Scale(numeric.I(2)).Add(y.Scale(numeric.I(4))), c(6)), "x + 2y <= 3"},
		{"constant tightening 2x <= 3", numeric.Le(x.Scale(numeric.I(2)), c(3)), "x <= 1"},
		{"tightening with a negative coefficient -2x <= 3", numeric.Le(x.Scale(numeric.I(-2)), c(3)), "x >= -1"},
		{"tightening -2x <= -3", numeric.Le(x.Scale(numeric.I(-2)), c(-3)), "x >= 2"},
		{"equality not divisible", numeric.Eq(x.Scale(numeric.I(2)), c(3)), "false"},
		{"equality divisible", numeric.Eq(x.Scale(numeric.I(2)), c(4)), "x = 2"},
		{"equality sign rule", numeric.Eq(x.Neg().Add(y), c(3)), "x - y = -3"},
		{"strict to non-strict", numeric.Lt(x, c(3)), "x <= 2"},
		{"greater than", numeric.Gt(x, y), "-x + y <= -1"},
		{"greater or equal", numeric.Ge(x, c(1)), "x >= 1"},
		{"constant true", numeric.Le(c(0), c(1)), "true"},
		{"constant false", numeric.Le(c(1), c(0)), "false"},
		{"constant equality", numeric.Eq(c(2), c(2)), "true"},
		{"x - x <= -1", numeric.Le(x.Sub(x), c(-1)), "false"},
	}
	for _, tt := range tests {
		if got := tt.got.String(env); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
	if !numeric.Le(x.Scale(numeric.I(2)), c(3)).Equal(numeric.Le(x, c(1))) {
		t.Errorf("2x <= 3 and x <= 1 are not Equal")
	}
	if !numeric.True.IsTrue() || numeric.True.IsFalse() || !numeric.False.IsFalse() || numeric.False.IsTrue() {
		t.Errorf("True/False constants")
	}
	if numeric.Eq(x, c(1)).Kind() != numeric.EQ || numeric.Le(x, c(1)).Kind() != numeric.LE {
		t.Errorf("Kind")
	}
}

func TestConstraintNegateCanonical(t *testing.T) {
	env := numeric.MustEnv("x", "y")
	x, y := numeric.Var(0), numeric.Var(1)
	le := numeric.Le(x, numeric.Const(3)) // x <= 3
	neg, ok := le.Negate()
	if !ok || neg.String(env) != "x >= 4" {
		t.Errorf("Negate(x <= 3) = %s, %v; want x >= 4", neg.String(env), ok)
	}
	if back, _ := neg.Negate(); !back.Equal(le) {
		t.Errorf("Negate is not an involution: %s", back.String(env))
	}
	if _, ok := numeric.Eq(x, y).Negate(); ok {
		t.Errorf("Negate of an equality reported ok")
	}
	// -x + y <= 3 is the negation of x - y <= -4.
	c := numeric.Le(y.Sub(x), numeric.Const(3))
	atom, negated := c.Canonical()
	if !negated || atom.String(env) != "x - y <= -4" {
		t.Errorf("Canonical(%s) = %s, %v", c.String(env), atom.String(env), negated)
	}
	if a2, n2 := atom.Canonical(); n2 || !a2.Equal(atom) {
		t.Errorf("Canonical of a canonical atom changed it")
	}
	if s := numeric.Eq(x, y).Split(); len(s) != 2 || s[0].String(env) != "x - y <= 0" || s[1].String(env) != "-x + y <= 0" {
		t.Errorf("Split(x = y) = %s", numeric.ConjString(s, env))
	}
	if got := numeric.ConjString(nil, env); got != "true" {
		t.Errorf("ConjString(nil) = %q", got)
	}
}

// TestConstraintSemantics checks on random integer points that
// normalisation keeps the set of integer solutions, and that Negate,
// Split, Canonical and Rename mean what they say.
func TestConstraintSemantics(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	const n = 3
	for i := 0; i < 5000; i++ {
		e := randExpr(rng, n)
		// Scale by a random factor so that gcd normalisation has work to do.
		e = e.Scale(numeric.I(rng.Int63n(4) + 1)).AddConst(numeric.I(rng.Int63n(5) - 2))
		kind := numeric.LE
		if rng.Intn(3) == 0 {
			kind = numeric.EQ
		}
		c := numeric.NewConstraint(e, kind)
		neg, negOK := c.Negate()
		for j := 0; j < 20; j++ {
			p := randPoint(rng, n)
			v := e.Eval(p)
			want := v.Sign() <= 0
			if kind == numeric.EQ {
				want = v.IsZero()
			}
			if c.Sat(p) != want {
				t.Fatalf("%s (from %s %v 0) at %v: Sat = %v, want %v", c.String(nil), e.String(nil), kind, p, c.Sat(p), want)
			}
			if negOK && neg.Sat(p) == want {
				t.Fatalf("Negate(%s) = %s agrees with it at %v", c.String(nil), neg.String(nil), p)
			}
			all := true
			for _, s := range c.Split() {
				all = all && s.Sat(p)
			}
			if all != want {
				t.Fatalf("Split(%s) disagrees at %v", c.String(nil), p)
			}
			if kind == numeric.LE && !c.IsTrue() && !c.IsFalse() {
				atom, negated := c.Canonical()
				if atom.Sat(p) != (want != negated) {
					t.Fatalf("Canonical(%s) = %s, %v disagrees at %v", c.String(nil), atom.String(nil), negated, p)
				}
				if atom.Expr().Term(0).Coef.Sign() <= 0 {
					t.Fatalf("Canonical(%s) = %s has a non-positive first coefficient", c.String(nil), atom.String(nil))
				}
			}
			rot := func(x numeric.Dim) numeric.Dim { return (x + 1) % n }
			q := []numeric.Int{p[2], p[0], p[1]} // q[rot(d)] = p[d]
			if c.Rename(rot).Sat(q) != want {
				t.Fatalf("Rename(%s) disagrees", c.String(nil))
			}
		}
		if !c.IsTrue() && !c.IsFalse() {
			if g := c.Expr().ContentGCD(); g.Cmp(numeric.I(1)) != 0 {
				t.Fatalf("%s: coefficients have gcd %s", c.String(nil), g)
			}
			if kind == numeric.EQ && c.Expr().Term(0).Coef.Sign() < 0 {
				t.Fatalf("%s: equality with a negative first coefficient", c.String(nil))
			}
		}
	}
}

// TestSplitNeq: !(2x - 4y = 6) is x - 2y <= 2 || x - 2y >= 4, after
// normalisation, and no integer point satisfies the equality and a half.
func TestSplitNeq(t *testing.T) {
	env := numeric.MustEnv("x", "y")
	x, y := numeric.Var(0), numeric.Var(1)
	c := numeric.Eq(x.Scale(numeric.I(2)).Sub(y.Scale(numeric.I(4))), numeric.Const(6))
	lo, hi := c.SplitNeq()
	if got := lo.String(env); got != "x - 2y <= 2" {
		t.Errorf("lo = %s", got)
	}
	if got := hi.String(env); got != "-x + 2y <= -4" && got != "x - 2y >= 4" {
		t.Errorf("hi = %s", got)
	}
	if _, ok := c.Negate(); ok {
		t.Error("Negate of an equality must report ok == false")
	}
	le := numeric.Le(x, numeric.Const(3))
	n, _ := le.Negate()
	a, b := le.SplitNeq()
	if !a.Equal(n) || !b.Equal(n) {
		t.Error("SplitNeq of an inequality is its negation")
	}
}
