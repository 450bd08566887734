package numpred_test

import (
	"fmt"
	"testing"

	"github.com/numpred/numpred/interval"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/numpred"
)

// benchFixture returns a space with four opaque predicates and two atom
// predicates over three numeric variables, and two values per domain:
// joins of eight cubes with distinct numeric parts.
func benchFixture(b *testing.B, k numpred.Kind) (numpred.Domain[numpred.Value], numpred.Value, numpred.Value) {
	env := numeric.MustEnv("x", "y", "z")
	sp := numpred.MustSpace(env,
		numpred.Opaque("p0"), numpred.Opaque("p1"), numpred.Opaque("p2"), numpred.Opaque("p3"),
		numpred.AtomPred("", le(x0, c(5))), numpred.AtomPred("", eq(x1, c(0))))
	d, err := numpred.New(k, numeric.Domain[interval.Box](interval.New()), sp)
	if err != nil {
		b.Fatal(err)
	}
	mk := func(shift int64) numpred.Value {
		acc := d.Bottom()
		for i := int64(0); i < 8; i++ {
			cube := numpred.And(
				lit(0, i&1 != 0), lit(1, i&2 != 0), lit(2, i&4 != 0), lit(3, (i+shift)&1 != 0),
				numpred.Atoms(ge(x0, c(i+shift)), le(x0, c(i+shift+3)), ge(x1, c(-i)), le(numeric.Var(2).Sub(x0), c(i))))
			acc = d.Join(acc, d.Alpha(cube))
		}
		return acc
	}
	return d, mk(0), mk(2)
}

func lit(p numpred.PredID, pos bool) numpred.Expr {
	if pos {
		return numpred.P(p)
	}
	return numpred.Not(numpred.P(p))
}

func BenchmarkOps(b *testing.B) {
	tau := numpred.Choice{
		numpred.NumPred{Guard: numpred.P(0), Num: numpred.Assign(0, x0.Add(c(1))), Pred: numpred.SetPred(1, numpred.Atom(le(x0, c(3))))},
		numpred.Cond{Guard: numpred.Not(numpred.P(0)), Num: numpred.Assign(1, x1.Add(x0))},
	}
	post := numpred.Assign(0, x0.Add(c(1)))
	for _, k := range numpred.Kinds() {
		d, u, v := benchFixture(b, k)
		ops := []struct {
			name string
			f    func()
		}{
			{"join", func() { d.Join(u, v) }},
			{"meet", func() { d.Meet(u, v) }},
			{"widen", func() { d.Widen(u, v) }},
			{"leq", func() { d.Leq(u, v) }},
			{"alphaPostN", func() { d.AlphaPostN(post, u) }},
			{"apply", func() { d.AlphaPost(tau, u) }},
			{"reduce", func() { d.Reduce(u) }},
			{"gamma", func() { d.Gamma(u) }},
		}
		for _, op := range ops {
			b.Run(fmt.Sprintf("%s/%s", k, op.name), func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					op.f()
				}
			})
		}
		if err := d.Err(); err != nil {
			b.Fatal(err)
		}
	}
}
