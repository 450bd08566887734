package polyhedra

// Randomised differential tests against the interval and octagon domains
// (after APRON's oct_test): on inputs all three can express exactly, the
// results denote the same integer points; where the other domain
// over-approximates (joins, non-octagonal assignments), polyhedra is at
// least as precise.

import (
	"fmt"
	"math/rand"
	"testing"

	"github.com/numpred/numpred/interval"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/octagon"
)

const diffDims, diffRange = 3, 5

// boxPoints returns all integer points of [-r, r]^n.
func boxPoints(n int, r int64) [][]numeric.Int {
	pts := [][]numeric.Int{{}}
	for i := 0; i < n; i++ {
		var next [][]numeric.Int
		for _, p := range pts {
			for v := -r; v <= r; v++ {
				next = append(next, append(append([]numeric.Int(nil), p...), numeric.I(v)))
			}
		}
		pts = next
	}
	return pts
}

func satAll(cs []numeric.Constraint, p []numeric.Int) bool {
	for _, c := range cs {
		if !c.Sat(p) {
			return false
		}
	}
	return true
}

// gammaOn returns the membership of each point in the set described by cs.
func gammaOn(cs []numeric.Constraint, pts [][]numeric.Int) []bool {
	out := make([]bool, len(pts))
	for i, p := range pts {
		out[i] = satAll(cs, p)
	}
	return out
}

// compare checks gamma(p) ∩ box ⊆ gamma(o) ∩ box, and equality when eq,
// plus, for the whole sets, that p entails every constraint of o.
func compare(t *testing.T, what string, d *Domain, p Poly, ocs []numeric.Constraint, pts [][]numeric.Int, eq bool) {
	t.Helper()
	if err := d.SanityCheck(p); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	gp := gammaOn(d.Constraints(p), pts)
	go_ := gammaOn(ocs, pts)
	for i := range pts {
		if gp[i] && !go_[i] {
			t.Fatalf("%s: polyhedra %s less precise than %s at %v", what, d.String(p, nil), numeric.ConjString(ocs, nil), pts[i])
		}
		if eq && !gp[i] && go_[i] {
			t.Fatalf("%s: polyhedra %s lost point %v of %s", what, d.String(p, nil), pts[i], numeric.ConjString(ocs, nil))
		}
	}
	for _, c := range ocs {
		if !d.Entails(p, c) {
			t.Fatalf("%s: polyhedra %s does not entail %s", what, d.String(p, nil), c.String(nil))
		}
	}
}

// randOct returns k random octagonal constraints (±x, ±x±y <= c) over n
// dims with constants in [-r, r].
func randOct(rng *rand.Rand, n, k int, r int64) []numeric.Constraint {
	var cs []numeric.Constraint
	for len(cs) < k {
		i, j := rng.Intn(n), rng.Intn(n)
		e := numeric.Var(numeric.Dim(i)).Scale(numeric.I(int64(1 - 2*rng.Intn(2))))
		if i != j && rng.Intn(3) > 0 {
			e = e.Add(numeric.Var(numeric.Dim(j)).Scale(numeric.I(int64(1 - 2*rng.Intn(2)))))
		}
		cs = append(cs, numeric.NewConstraint(e.AddConst(numeric.I(-(rng.Int63n(2*r+1)-r))), numeric.LE))
	}
	return cs
}

// randBox returns random bounds lo <= x_i <= hi for some dims.
func randBox(rng *rand.Rand, n int, r int64) []numeric.Constraint {
	var cs []numeric.Constraint
	for i := 0; i < n; i++ {
		x := numeric.Var(numeric.Dim(i))
		lo := rng.Int63n(2*r+1) - r
		hi := lo + rng.Int63n(r+1)
		if rng.Intn(4) > 0 {
			cs = append(cs, numeric.Ge(x, numeric.Const(lo)))
		}
		if rng.Intn(4) > 0 {
			cs = append(cs, numeric.Le(x, numeric.Const(hi)))
		}
	}
	return cs
}

func TestDifferentialOctagon(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	od := octagon.New()
	pts := boxPoints(diffDims, diffRange)
	for name, d := range domains() {
		t.Run(name, func(t *testing.T) {
			for it := 0; it < 150; it++ {
				ca := randOct(rng, diffDims, 1+rng.Intn(4), diffRange)
				cb := randOct(rng, diffDims, 1+rng.Intn(4), diffRange)
				pa, pb := d.Assume(d.Top(diffDims), ca...), d.Assume(d.Top(diffDims), cb...)
				oa, ob := od.Assume(od.Top(diffDims), ca...), od.Assume(od.Top(diffDims), cb...)
				tag := func(op string) string {
					return fmt.Sprintf("case %d %s a=%s b=%s", it, op, numeric.ConjString(ca, nil), numeric.ConjString(cb, nil))
				}
				compare(t, tag("Assume"), d, pa, od.Constraints(oa), pts, true)
				compare(t, tag("Meet"), d, d.Meet(pa, pb), od.Constraints(od.Meet(oa, ob)), pts, true)
				compare(t, tag("Join"), d, d.Join(pa, pb), od.Constraints(od.Join(oa, ob)), pts, false)
				x := numeric.Dim(rng.Intn(diffDims))
				compare(t, tag("Forget"), d, d.Forget(pa, x), od.Constraints(od.Forget(oa, x)), pts, true)
				y := numeric.Dim(rng.Intn(diffDims))
				e := numeric.Var(y).AddConst(numeric.I(int64(rng.Intn(5) - 2)))
				if rng.Intn(2) == 0 {
					e = e.Neg()
				}
				compare(t, tag("Assign ±y+c"), d, d.Assign(pa, []numeric.Dim{x}, []numeric.LinExpr{e}),
					od.Constraints(od.Assign(oa, []numeric.Dim{x}, []numeric.LinExpr{e})), pts, true)
				e2 := numeric.Var(x).Add(numeric.Var(y)).Add(numeric.Var((y + 1) % diffDims))
				compare(t, tag("Assign x+y+z"), d, d.Assign(pa, []numeric.Dim{x}, []numeric.LinExpr{e2}),
					od.Constraints(od.Assign(oa, []numeric.Dim{x}, []numeric.LinExpr{e2})), pts, false)
				// Bounds of octagonal forms: polyhedra within octagon.
				for _, c := range randOct(rng, diffDims, 3, 0) {
					f := c.Expr().AddConst(c.Expr().Constant().Neg())
					rp, ro := d.Bound(pa, f), od.Bound(oa, f)
					if ro.Lo.Cmp(rp.Lo) > 0 || rp.Hi.Cmp(ro.Hi) > 0 {
						if !rp.IsEmpty() {
							t.Fatalf("%s: Bound(%s) = %s, octagon %s", tag("Bound"), f.String(nil), rp, ro)
						}
					}
				}
			}
		})
	}
}

func TestDifferentialInterval(t *testing.T) {
	rng := rand.New(rand.NewSource(8))
	id := interval.New()
	pts := boxPoints(diffDims, diffRange)
	for name, d := range domains() {
		t.Run(name, func(t *testing.T) {
			for it := 0; it < 150; it++ {
				ca, cb := randBox(rng, diffDims, diffRange), randBox(rng, diffDims, diffRange)
				pa, pb := d.Assume(d.Top(diffDims), ca...), d.Assume(d.Top(diffDims), cb...)
				ia, ib := id.Assume(id.Top(diffDims), ca...), id.Assume(id.Top(diffDims), cb...)
				tag := func(op string) string {
					return fmt.Sprintf("case %d %s a=%s b=%s", it, op, numeric.ConjString(ca, nil), numeric.ConjString(cb, nil))
				}
				compare(t, tag("Assume"), d, pa, id.Constraints(ia), pts, true)
				compare(t, tag("Meet"), d, d.Meet(pa, pb), id.Constraints(id.Meet(ia, ib)), pts, true)
				compare(t, tag("Join"), d, d.Join(pa, pb), id.Constraints(id.Join(ia, ib)), pts, false)
				x, y := numeric.Dim(rng.Intn(diffDims)), numeric.Dim(rng.Intn(diffDims))
				e := numeric.Var(x).Add(numeric.Var(y)).AddConst(numeric.I(1))
				compare(t, tag("Assign"), d, d.Assign(pa, []numeric.Dim{x}, []numeric.LinExpr{e}),
					id.Constraints(id.Assign(ia, []numeric.Dim{x}, []numeric.LinExpr{e})), pts, false)
				compare(t, tag("Widen"), d, d.Widen(pa, d.Join(pa, pb)), id.Constraints(id.Widen(ia, id.Join(ia, ib))), pts, false)
				for i := 0; i < diffDims; i++ {
					v := numeric.Var(numeric.Dim(i))
					if rp, ri := d.Bound(pa, v), id.Bound(ia, v); rp != ri {
						t.Fatalf("%s: Bound(x%d) = %s, interval %s", tag("Bound"), i, rp, ri)
					}
				}
			}
		})
	}
}
