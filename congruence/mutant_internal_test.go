package congruence

import (
	"fmt"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/numeric/numerictest"
)

// Each mutant is the congruence domain with one deliberately wrong
// operation.
type (
	// joinLcm joins classes with the lcm of the moduli instead of the
	// gcd (with the differences of the residues).
	joinLcm struct{ Domain }
	// assumeUnitCoef solves k*x ∈ c as if k were 1.
	assumeUnitCoef struct{ Domain }
	// assignNoScale evaluates k*x as x.
	assignNoScale struct{ Domain }
)

func (joinLcm) Join(a, b Value) Value {
	if a.bot || b.bot {
		return Domain{}.Join(a, b)
	}
	c := make([]class, a.n)
	for i := range c {
		x, y := a.c[i], b.c[i]
		g := x.m.GCD(y.m)
		if g.IsZero() {
			c[i] = x.join(y)
			continue
		}
		c[i] = mkClass(x.m.Mul(y.m).FloorDiv(g), x.r)
	}
	return Value{c: c, n: a.n}
}

func (m assumeUnitCoef) Assume(a Value, cs ...numeric.Constraint) Value {
	out := make([]numeric.Constraint, len(cs))
	for i, c := range cs {
		ts := c.Expr().Terms()
		for j := range ts {
			if ts[j].Coef.Sign() != 0 {
				ts[j].Coef = numeric.I(int64(ts[j].Coef.Sign()))
			}
		}
		out[i] = numeric.NewConstraint(numeric.NewLinExpr(c.Expr().Constant(), ts...), c.Kind())
	}
	return m.Domain.Assume(a, out...)
}

func (assignNoScale) Assign(a Value, dims []numeric.Dim, es []numeric.LinExpr) Value {
	if a.bot {
		return a
	}
	c := slices.Clone(a.c)
	for i, x := range dims {
		v := constant(es[i].Constant())
		for j := 0; j < es[i].NumTerms(); j++ {
			v = v.add(a.c[es[i].Term(j).Dim])
		}
		c[x] = v
	}
	return Value{c: c, n: a.n}
}

func TestSuiteCatchesBrokenCongruenceDomains(t *testing.T) {
	for _, tc := range []struct {
		name  string
		d     numeric.Domain[Value]
		check string
	}{
		{"join with the lcm", joinLcm{}, "Suite/Join"},
		{"assign without scaling", assignNoScale{}, "Suite/Assign"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fs := numerictest.Failures[Value](tc.d, numerictest.Config{Cases: 300}, 1)
			for _, f := range fs {
				if strings.HasPrefix(f, tc.check+":") && strings.Contains(f, "is unsound") {
					return
				}
			}
			t.Errorf("suite did not report an unsound %s; it reported %d failures:\n%s", tc.check, len(fs), strings.Join(fs, "\n"))
		})
	}
}

// The suite's random values are built mostly from inequalities, which
// leave a congruence value at top, so it hardly exercises how Assume
// solves equalities. assumeUnsound draws values and equalities with
// coefficients in [-4, 4] and compares Assume with the points of
// [-12, 12]^3 that satisfy them (values get strides from assignments
// x_j := k*x_i + c too); it returns the first point lost.
func assumeUnsound(d numeric.Domain[Value], cases int) error {
	rng := rand.New(rand.NewSource(3))
	randEqs := func() []numeric.Constraint {
		var cs []numeric.Constraint
		for k := 1 + rng.Intn(2); k > 0; k-- {
			var ts []numeric.Term
			for j := 0; j < 3; j++ {
				ts = append(ts, numeric.Term{Dim: numeric.Dim(j), Coef: numeric.I(rng.Int63n(9) - 4)})
			}
			cs = append(cs, numeric.NewConstraint(numeric.NewLinExpr(numeric.I(rng.Int63n(13)-6), ts...), numeric.EQ))
		}
		return cs
	}
	mem := d.(numeric.Membership[Value])
	for k := 0; k < cases; k++ {
		a := d.Assume(d.Top(3), randEqs()...)
		// Strides from assignments: x_j := k*x_i + c.
		for m := rng.Intn(3); m > 0; m-- {
			e := numeric.NewLinExpr(numeric.I(rng.Int63n(7)-3), numeric.Term{Dim: numeric.Dim(rng.Intn(3)), Coef: numeric.I(rng.Int63n(9) - 4)})
			a = d.Assign(a, []numeric.Dim{numeric.Dim(rng.Intn(3))}, []numeric.LinExpr{e})
		}
		cs := randEqs()
		r := d.Assume(a, cs...)
		p := make([]numeric.Int, 3)
		for x := int64(-12); x <= 12; x++ {
			for y := int64(-12); y <= 12; y++ {
				for z := int64(-12); z <= 12; z++ {
					p[0], p[1], p[2] = numeric.I(x), numeric.I(y), numeric.I(z)
					if !mem.Contains(a, p) || slices.ContainsFunc(cs, func(c numeric.Constraint) bool { return !c.Sat(p) }) {
						continue
					}
					if !mem.Contains(r, p) {
						return fmt.Errorf("Assume(%s, %s) = %s loses %v", a, numeric.ConjString(cs, nil), r, p)
					}
				}
			}
		}
	}
	return nil
}

func TestAssumeSoundOnEqualities(t *testing.T) {
	if err := assumeUnsound(Domain{}, 300); err != nil {
		t.Fatal(err)
	}
	if err := assumeUnsound(assumeUnitCoef{}, 300); err == nil {
		t.Error("the test does not catch Assume with unit coefficients")
	}
}
