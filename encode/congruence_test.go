package encode_test

import (
	"math/rand/v2"
	"testing"

	"github.com/numpred/numpred/cfront"
	"github.com/numpred/numpred/encode"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/smt"
)

// TestCongruenceTerm: the term of a congruence over an int and an
// unsigned char, at values pinned by equations, is satisfiable exactly
// when the congruence holds there (numeric.Congruence.Holds), in both
// encodings, negative values and wide moduli included.
func TestCongruenceTerm(t *testing.T) {
	z, err := smt.NewContext()
	if err != nil {
		t.Skipf("no Z3: %v", err)
	}
	p, err := cfront.Parse("c.c", []byte(`extern int __VERIFIER_nondet_int(void);
int main(void) { int x = __VERIFIER_nondet_int(); unsigned char u = __VERIFIER_nondet_int(); return x + u; }`))
	if err != nil {
		t.Fatal(err)
	}
	var x, u *ir.Var
	for _, v := range p.Vars {
		switch v.Qual {
		case "main::x":
			x = v
		case "main::u":
			u = v
		}
	}
	if x == nil || u == nil {
		t.Fatal("no variables x and u")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for _, mode := range []encode.Mode{encode.LIA, encode.BV} {
		path, err := encode.NewPath(z, p, mode)
		if err != nil {
			t.Fatal(err)
		}
		for round := 0; round < 100; round++ {
			m := []int64{2, 3, 4, 7, 1<<40 + 3}[rng.IntN(5)]
			e := numeric.NewLinExpr(numeric.I(rng.Int64N(21)-10),
				numeric.Term{Dim: numeric.Dim(x.ID), Coef: numeric.I(rng.Int64N(13) - 6)},
				numeric.Term{Dim: numeric.Dim(u.ID), Coef: numeric.I(rng.Int64N(7) + 1)})
			g, ok := numeric.NewCongruence(e, numeric.I(m))
			if !ok {
				continue
			}
			vx, vu := rng.Int64N(1<<32)-1<<31, rng.Int64N(256)
			if rng.IntN(3) == 0 {
				vx = rng.Int64N(41) - 20
			}
			point := make([]numeric.Int, len(p.Vars))
			for i := range point {
				point[i] = numeric.I(0)
			}
			point[x.ID], point[u.ID] = numeric.I(vx), numeric.I(vu)
			pin := func(v *ir.Var, val int64) ir.Cond {
				return ir.NewAtom(numeric.NewConstraint(numeric.Var(numeric.Dim(v.ID)).AddConst(numeric.I(-val)), numeric.EQ))
			}
			c := &ir.And{Xs: []ir.Cond{pin(x, vx), pin(u, vu), &ir.Congruence{C: g}}}
			sol := z.NewSolver()
			sol.Assert(path.Cond(c))
			r, err := sol.Check()
			sol.Close()
			if err != nil {
				t.Fatal(err)
			}
			if want := g.Holds(point); (r == smt.Sat) != want {
				t.Fatalf("%s: %s at x=%d u=%d: solver %v, want holds=%v", mode, g.String(nil), vx, vu, r, want)
			}
		}
	}
}
