package affine

import (
	"math/rand"
	"testing"

	"github.com/numpred/numpred/numeric"
)

// TestIntegerPointAgainstEnumeration draws small systems of one to three
// equations over three dimensions and compares integerPoint with a search
// of the box [-12, 12]^3: a witness must satisfy every equation, and a
// system the box shows to have an integer solution must get one.
func TestIntegerPointAgainstEnumeration(t *testing.T) {
	const n, r = 3, 12
	rng := rand.New(rand.NewSource(1))
	found, empty := 0, 0
	for k := 0; k < 400; k++ {
		s := echelon{last: true}
		var cs []numeric.Constraint
		consistent := true
		for m := 1 + rng.Intn(3); m > 0; m-- {
			var ts []numeric.Term
			for d := 0; d < n; d++ {
				ts = append(ts, numeric.Term{Dim: numeric.Dim(d), Coef: numeric.I(rng.Int63n(9) - 4)})
			}
			e := numeric.NewLinExpr(numeric.I(rng.Int63n(13)-6), ts...)
			if e.IsConst() {
				continue
			}
			cs = append(cs, numeric.NewConstraint(e, numeric.EQ))
			if _, bad := s.insert(fromLinExpr(e)); bad {
				consistent = false
			}
		}
		if !consistent {
			continue
		}
		p, ok := integerPoint(n, s.rows)
		if ok {
			found++
			for _, c := range cs {
				if c.Kind() == numeric.EQ && !c.Sat(p) && !c.IsFalse() {
					t.Fatalf("case %d: witness %v violates %s", k, p, c.String(nil))
				}
			}
			continue
		}
		empty++
		q := make([]numeric.Int, n)
		for x := -r; x <= r; x++ {
			for y := -r; y <= r; y++ {
				for z := -r; z <= r; z++ {
					q[0], q[1], q[2] = numeric.I(int64(x)), numeric.I(int64(y)), numeric.I(int64(z))
					sat := true
					for _, r := range s.rows {
						if v := r.toLinExpr().Eval(q); !v.IsZero() {
							sat = false
							break
						}
					}
					if sat {
						t.Fatalf("case %d: no integer point claimed, but %v solves %s", k, q, numeric.ConjString(cs, nil))
					}
				}
			}
		}
	}
	if found < 50 || empty < 50 {
		t.Errorf("weak test: %d systems with integer points, %d without", found, empty)
	}
}

// TestIntegerPointNeedsLattice covers systems whose free-variables-zero
// point is fractional yet which have integer points, and ones that have
// none although every single equation has.
func TestIntegerPointNeedsLattice(t *testing.T) {
	env := numeric.MustEnv("x", "y", "z")
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{"2y = x + 1", true},
		{"2y = x + 1, 3z = y + 1", true},
		{"2x = 1", false},
		{"2y = x + 1, x = 2z", false},
		{"6x + 10y + 15z = 1", true},
		{"6x + 10y = 1", false},
		{"x + y + z = 0, 2x - 2y = 1", false},
		{"x + y = 3z, x - y = z + 1", false},
		{"x + y = 3z, x - y = z + 2", true},
	} {
		s := echelon{last: true}
		bad := false
		for _, c := range numeric.MustParseConstraints(tc.src, env) {
			if c.IsFalse() {
				bad = true
				break
			}
			_, b := s.insert(fromLinExpr(c.Expr()))
			bad = bad || b
		}
		got := !bad && hasIntegerPoint(3, s.rows)
		if got != tc.want {
			t.Errorf("%s: integer point %v, want %v", tc.src, got, tc.want)
		}
	}
}
