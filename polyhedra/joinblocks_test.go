package polyhedra

import (
	"math/rand"
	"testing"

	"github.com/numpred/numpred/numeric"
)

// octagonish returns constraints of a polygon with 8 vertices over dims x
// and y: |x| <= r, |y| <= r, |x ± y| <= r + r/2.
func octagonish(x, y numeric.Dim, r int64) []numeric.Constraint {
	vx, vy := numeric.Var(x), numeric.Var(y)
	k := numeric.Const(r)
	k2 := numeric.Const(r + r/2)
	return []numeric.Constraint{
		numeric.Le(vx, k), numeric.Ge(vx, k.Neg()), numeric.Le(vy, k), numeric.Ge(vy, k.Neg()),
		numeric.Le(vx.Add(vy), k2), numeric.Ge(vx.Add(vy), k2.Neg()),
		numeric.Le(vx.Sub(vy), k2), numeric.Ge(vx.Sub(vy), k2.Neg()),
	}
}

// TestJoinByBlocks: the join of two values whose blocks chain into one
// group with far too many product vertices (blocks {0,1},{2,3},... against
// {1,2},{3,4},...) stays an upper bound of both operands and of their
// points, and is counted as approximated.
func TestJoinByBlocks(t *testing.T) {
	const n = 12
	d := New(WithBudget(AnalysisBudget))
	a, b := d.Top(n), d.Top(n)
	for i := 0; i+1 < n; i += 2 {
		a = d.Assume(a, octagonish(numeric.Dim(i), numeric.Dim(i+1), 4)...)
	}
	for i := 1; i+1 < n; i += 2 {
		b = d.Assume(b, octagonish(numeric.Dim(i), numeric.Dim(i+1), 6)...)
	}
	before := d.Stats().Approximated
	j := d.Join(a, b)
	if d.Stats().Approximated == before {
		t.Errorf("the join was not counted as approximated")
	}
	if !d.Leq(a, j) || !d.Leq(b, j) {
		t.Fatalf("join %s does not contain both operands", d.String(j, nil))
	}
	rng := rand.New(rand.NewSource(5))
	for trial := 0; trial < 2000; trial++ {
		pt := make([]numeric.Int, n)
		for i := range pt {
			pt[i] = numeric.I(rng.Int63n(17) - 8)
		}
		if (contains(d, a, pt) || contains(d, b, pt)) && !contains(d, j, pt) {
			t.Fatalf("point %v of an operand is not in the join", pt)
		}
	}
	if err := d.SanityCheck(j); err != nil {
		t.Fatal(err)
	}
}

// contains reports whether the point pt satisfies every constraint of v.
func contains(d *Domain, v Poly, pt []numeric.Int) bool {
	for _, c := range d.Constraints(v) {
		if !c.Sat(pt) {
			return false
		}
	}
	return true
}
