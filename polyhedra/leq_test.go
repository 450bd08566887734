package polyhedra

import (
	"math/rand"
	"testing"

	"github.com/numpred/numpred/numeric"
)

// pointsIn returns the integer points of a in the box [-r, r]^n.
func pointsIn(d *Domain, a Poly, n int, r int64) [][]int64 {
	cs := d.Constraints(a)
	var out [][]int64
	x := make([]int64, n)
	for i := range x {
		x[i] = -r
	}
	for {
		in := true
		for _, c := range cs {
			e := c.Expr()
			v := e.Constant()
			for _, t := range e.Terms() {
				v = v.Add(t.Coef.Mul(numeric.I(x[t.Dim])))
			}
			if c.Kind() == numeric.EQ && !v.IsZero() || v.Sign() > 0 {
				in = false
				break
			}
		}
		if in {
			out = append(out, append([]int64(nil), x...))
		}
		i := 0
		for ; i < n && x[i] == r; i++ {
			x[i] = -r
		}
		if i == n {
			return out
		}
		x[i]++
	}
}

// TestLeqAgainstEnumeration compares Leq with the inclusion of the
// integer points, on random bounded polyhedra with fractional vertices
// (so that rounding and branch and bound matter): Leq must be sound, and
// on these small inputs also complete.
func TestLeqAgainstEnumeration(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	d := New()
	const n, r = 3, 4
	box := func() []numeric.Constraint {
		var cs []numeric.Constraint
		for i := 0; i < n; i++ {
			cs = append(cs, numeric.Ge(numeric.Var(numeric.Dim(i)), numeric.Const(-r)), numeric.Le(numeric.Var(numeric.Dim(i)), numeric.Const(r)))
		}
		return cs
	}
	cut := func() numeric.Constraint {
		var ts []numeric.Term
		for i := 0; i < n; i++ {
			ts = append(ts, numeric.Term{Dim: numeric.Dim(i), Coef: numeric.I(rng.Int63n(11) - 5)})
		}
		return numeric.NewConstraint(numeric.NewLinExpr(numeric.I(-rng.Int63n(9)), ts...), numeric.LE)
	}
	var incl, notIncl, hard int
	for it := 0; it < 400; it++ {
		a := d.Assume(d.Top(n), append(box(), cut(), cut())...)
		var b Poly
		switch rng.Intn(3) {
		case 0: // a superset or not, by a random cut
			b = d.Assume(d.Top(n), append(box(), cut())...)
		case 1: // a with one more cut: included iff the cut is redundant on integers
			b = d.Assume(a, cut())
			a, b = b, a
			if rng.Intn(2) == 0 {
				a, b = b, a
			}
		default: // hull of a and another polyhedron
			b = d.Join(a, d.Assume(d.Top(n), append(box(), cut(), cut())...))
		}
		pa, pb := pointsIn(d, a, n, r), pointsIn(d, b, n, r)
		inB := map[[n]int64]bool{}
		for _, p := range pb {
			inB[[n]int64{p[0], p[1], p[2]}] = true
		}
		want := true
		for _, p := range pa {
			if !inB[[n]int64{p[0], p[1], p[2]}] {
				want = false
				break
			}
		}
		before := d.Stats().Simplex.Count
		got := d.Leq(a, b)
		if d.Stats().Simplex.Count > before {
			hard++
		}
		if got != want {
			t.Fatalf("case %d: Leq = %v, enumeration %v\na = %s\nb = %s", it, got, want, d.String(a, nil), d.String(b, nil))
		}
		if want {
			incl++
		} else {
			notIncl++
		}
	}
	t.Logf("%d included, %d not, %d needed branch and bound", incl, notIncl, hard)
	if incl < 50 || notIncl < 50 || hard < 5 {
		t.Error("the cases do not exercise both answers and branch and bound")
	}
}
