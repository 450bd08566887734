package numeric_test

import (
	"math/rand"
	"testing"

	"github.com/numpred/numpred/numeric"
)

func term(d numeric.Dim, k int64) numeric.Term { return numeric.Term{Dim: d, Coef: numeric.I(k)} }

func randExpr(rng *rand.Rand, n int) numeric.LinExpr {
	var ts []numeric.Term
	for i := rng.Intn(5); i > 0; i-- {
		ts = append(ts, term(numeric.Dim(rng.Intn(n)), rng.Int63n(7)-3))
	}
	return numeric.NewLinExpr(numeric.I(rng.Int63n(21)-10), ts...)
}

func randPoint(rng *rand.Rand, n int) []numeric.Int {
	p := make([]numeric.Int, n)
	for i := range p {
		p[i] = numeric.I(rng.Int63n(21) - 10)
	}
	return p
}

// canonical reports whether e's terms are sorted, distinct and non-zero.
func canonical(e numeric.LinExpr) bool {
	for i := 0; i < e.NumTerms(); i++ {
		if e.Term(i).Coef.IsZero() || (i > 0 && e.Term(i-1).Dim >= e.Term(i).Dim) {
			return false
		}
	}
	return true
}

func TestLinExprCanonical(t *testing.T) {
	// 3y + x - 3y + 0z + 2x + 4 = 3x + 4
	e := numeric.NewLinExpr(numeric.I(4), term(1, 3), term(0, 1), term(1, -3), term(2, 0), term(0, 2))
	want := numeric.NewLinExpr(numeric.I(4), term(0, 3))
	if !e.Equal(want) || e.NumTerms() != 1 || e.String(nil) != "3x0 + 4" {
		t.Errorf("NewLinExpr = %s, want %s", e.String(nil), want.String(nil))
	}
	if e.Coef(0).Cmp(numeric.I(3)) != 0 || !e.Coef(1).IsZero() || e.MaxDim() != 0 || e.Constant().Cmp(numeric.I(4)) != 0 {
		t.Errorf("Coef/MaxDim/Constant of %s", e.String(nil))
	}
	var zero numeric.LinExpr
	if !zero.IsConst() || zero.MaxDim() != -1 || zero.String(nil) != "0" || !zero.Equal(numeric.Const(0)) {
		t.Errorf("zero LinExpr = %q", zero.String(nil))
	}
	if c := numeric.Var(2).Sub(numeric.Var(2)); !c.IsConst() || !c.Equal(zero) {
		t.Errorf("x - x = %s, want 0", c.String(nil))
	}
	ts := e.Terms()
	ts[0].Coef = numeric.I(99)
	if e.Coef(0).Cmp(numeric.I(3)) != 0 {
		t.Errorf("Terms exposes the expression's storage")
	}
}

// TestAdoptLinExpr: adopting terms gives NewLinExpr's expression,
// canonical or not, on random term lists.
func TestAdoptLinExpr(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for trial := 0; trial < 2000; trial++ {
		var ts []numeric.Term
		for i := rng.Intn(5); i > 0; i-- {
			ts = append(ts, term(numeric.Dim(rng.Intn(6)), rng.Int63n(7)-3))
		}
		c := numeric.I(rng.Int63n(9) - 4)
		want := numeric.NewLinExpr(c, ts...)
		got := numeric.AdoptLinExpr(c, append([]numeric.Term(nil), ts...))
		if !got.Equal(want) || !canonical(got) || got.String(nil) != want.String(nil) {
			t.Fatalf("AdoptLinExpr(%v, %v) = %s, want %s", c, ts, got.String(nil), want.String(nil))
		}
	}
}

func TestLinExprString(t *testing.T) {
	env := numeric.MustEnv("x", "y", "z")
	tests := []struct {
		e    numeric.LinExpr
		want string
	}{
		{numeric.NewLinExpr(numeric.I(3), term(0, 2), term(1, -1)), "2x - y + 3"},
		{numeric.NewLinExpr(numeric.I(-3), term(0, -1), term(2, 1)), "-x + z - 3"},
		{numeric.NewLinExpr(numeric.I(0), term(1, -2)), "-2y"},
		{numeric.Const(-5), "-5"},
	}
	for _, tt := range tests {
		if got := tt.e.String(env); got != tt.want {
			t.Errorf("String = %q, want %q", got, tt.want)
		}
	}
}

func TestLinExprAlgebra(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	const n = 4
	for i := 0; i < 5000; i++ {
		e, f, p := randExpr(rng, n), randExpr(rng, n), randPoint(rng, n)
		k := numeric.I(rng.Int63n(7) - 3)
		d := numeric.Dim(rng.Intn(n))
		ev := func(x numeric.LinExpr) numeric.Int { return x.Eval(p) }
		checks := []struct {
			name      string
			got       numeric.LinExpr
			want      numeric.Int
			canonical bool
		}{
			{"e + f", e.Add(f), ev(e).Add(ev(f)), true},
			{"e - f", e.Sub(f), ev(e).Sub(ev(f)), true},
			{"k * e", e.Scale(k), ev(e).Mul(k), true},
			{"-e", e.Neg(), ev(e).Neg(), true},
			{"e + 7", e.AddConst(numeric.I(7)), ev(e).Add(numeric.I(7)), true},
		}
		// Substitute: e[x_d := f] at p is e at p[d := f(p)].
		q := append([]numeric.Int(nil), p...)
		q[d] = ev(f)
		checks = append(checks, struct {
			name      string
			got       numeric.LinExpr
			want      numeric.Int
			canonical bool
		}{"e[x_d := f]", e.Substitute(d, f), e.Eval(q), true})
		for _, c := range checks {
			if got := ev(c.got); got.Cmp(c.want) != 0 || !canonical(c.got) {
				t.Fatalf("%s with e = %s, f = %s, k = %s, d = %d: %s evaluates to %s, want %s (canonical %v)",
					c.name, e.String(nil), f.String(nil), k, d, c.got.String(nil), got, c.want, canonical(c.got))
			}
		}
		if !e.Add(f).Equal(f.Add(e)) || !e.Sub(e).Equal(numeric.Const(0)) {
			t.Fatalf("Add is not commutative or e - e != 0 for %s, %s", e.String(nil), f.String(nil))
		}
		// Rename by a rotation and back.
		rot := func(x numeric.Dim) numeric.Dim { return (x + 1) % n }
		back := func(x numeric.Dim) numeric.Dim { return (x + n - 1) % n }
		if r := e.Rename(rot); !r.Rename(back).Equal(e) || !canonical(r) {
			t.Fatalf("Rename round trip of %s gives %s", e.String(nil), r.Rename(back).String(nil))
		}
		g := e.ContentGCD()
		for j := 0; j < e.NumTerms(); j++ {
			if !e.Term(j).Coef.Divisible(g) {
				t.Fatalf("ContentGCD(%s) = %s does not divide %s", e.String(nil), g, e.Term(j).Coef)
			}
		}
	}
}
