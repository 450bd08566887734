package polyhedra

import (
	"math/rand"
	"testing"

	"github.com/numpred/numpred/numeric"
)

// hasIntegerPoint2 decides by enumeration whether the bounded 2-dimensional
// system cs has an integer point: for each integer x in [xlo, xhi], the
// integer y allowed by every constraint form an interval.
func hasIntegerPoint2(cs []numeric.Constraint, xlo, xhi int64) bool {
	for x := xlo; x <= xhi; x++ {
		ylo, yhi := int64(-1<<40), int64(1<<40)
		ok := true
		for _, c := range cs {
			e := c.Expr()
			a, b := e.Coef(0), e.Coef(1)
			// a x + b y + k <= 0 (or = 0).
			r := e.Constant().Add(a.Mul(numeric.I(x))) // b y <= -r
			var lo, hi numeric.Int
			lo, hi = numeric.I(ylo), numeric.I(yhi)
			switch {
			case b.IsZero():
				if r.Sign() > 0 || c.Kind() == numeric.EQ && r.Sign() != 0 {
					ok = false
				}
			case b.Sign() > 0:
				hi = r.Neg().FloorDiv(b)
				if c.Kind() == numeric.EQ {
					lo = r.Neg().CeilDiv(b)
				}
			default:
				lo = r.Neg().CeilDiv(b)
				if c.Kind() == numeric.EQ {
					hi = r.Neg().FloorDiv(b)
				}
			}
			if l, _ := lo.Int64(); l > ylo {
				ylo = l
			}
			if h, _ := hi.Int64(); h < yhi {
				yhi = h
			}
		}
		if ok && ylo <= yhi {
			return true
		}
	}
	return false
}

// TestIntegerEmptinessAgainstEnumeration checks IsBottom on intersections
// of thin random strips in the plane (often rationally non-empty without
// integer points, in a box far too large to enumerate) against exact
// enumeration, and that every test of the sketch in emptiness.go decides
// some of them.
func TestIntegerEmptinessAgainstEnumeration(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	d := New()
	x, y := numeric.Var(0), numeric.Var(1)
	var latticeFree, byBox, bySplit, byBB int
	for it := 0; it < 600; it++ {
		var cs []numeric.Constraint
		cx, cy := rng.Int63n(20001)-10000, rng.Int63n(20001)-10000
		// Two strips k0 <= f <= k0 + w, k1 <= g <= k1 + w' with
		// f = u(x - cx) + v(y - cy) (u, v coprime, up to 300) and
		// g = k(c, d) + m(u, v) where ud - vc = 1: det(f, g) = k, so
		// the integer points are those (f, g) of a sublattice of index k,
		// and the intersection is a long thin parallelogram (a bounding
		// box of thousands of points), often without integer points.
		var u, v int64
		for {
			u, v = rng.Int63n(601)-300, rng.Int63n(601)-300
			if gcd64(abs64(u), abs64(v)) == 1 {
				break
			}
		}
		c, dd := bezout(u, v) // u*dd - v*c = 1
		k, m := 2+rng.Int63n(4), rng.Int63n(7)-3
		dirs := [][2]int64{{u, v}, {k*c + m*u, k*dd + m*v}}
		for _, dir := range dirs {
			f := x.Scale(numeric.I(dir[0])).Add(y.Scale(numeric.I(dir[1]))).AddConst(numeric.I(-dir[0]*cx - dir[1]*cy))
			k0 := rng.Int63n(5) - 2
			w := rng.Int63n(2)
			cs = append(cs, numeric.Ge(f, numeric.Const(k0)), numeric.Le(f, numeric.Const(k0+w)))
		}
		// Keep it bounded.
		cs = append(cs, numeric.Ge(x, numeric.Const(cx-3000)), numeric.Le(x, numeric.Const(cx+3000)),
			numeric.Ge(y, numeric.Const(cy-3000)), numeric.Le(y, numeric.Const(cy+3000)))
		a := d.Assume(d.Top(2), cs...)
		before := d.Stats()
		got := d.IsBottom(a)
		after := d.Stats()
		if after.EmptyGaveUp != before.EmptyGaveUp {
			t.Fatalf("case %d: the emptiness test gave up on a 2-dimensional problem", it)
		}
		want := true
		if !a.bottom && len(a.blocks) > 0 {
			r := d.Bound(a, x)
			lo, _ := r.Lo.Int64()
			hi, _ := r.Hi.Int64()
			want = r.IsEmpty() || !hasIntegerPoint2(d.Constraints(a), lo, hi)
		}
		if got != want {
			t.Fatalf("case %d: IsBottom = %v, enumeration says empty = %v\n%s", it, got, want, d.String(a, nil))
		}
		if a.bottom || len(a.blocks) != 1 || a.blocks[0].p.isEmpty() {
			continue
		}
		// Each decision procedure on its own, against enumeration.
		p := a.blocks[0].p
		if want {
			latticeFree++
		}
		if _, wit, ok := p.boxTest(); ok {
			byBox++
			if wit != nil && !p.contains(wit) {
				t.Fatalf("case %d: the box test's witness %v is not in p", it, wit)
			}
		}
		nodes := thinBudget{sections: splitBudget, work: thinWorkBudget}
		if e, wit, ok := p.splitThin(&nodes); ok {
			if e != want {
				t.Fatalf("case %d: splitThin says empty = %v, enumeration %v", it, e, want)
			}
			if !e && !p.contains(wit) {
				t.Fatalf("case %d: splitThin's witness %v is not in p", it, wit)
			}
			bySplit++
		}
		found, complete, x := integerPoint(simplexRowsOf(p), p.n, nil)
		if complete {
			if found == want {
				t.Fatalf("case %d: branch and bound found = %v, enumeration says empty = %v", it, found, want)
			}
			if found && !p.contains(fromInts(x)) {
				t.Fatalf("case %d: branch and bound's point %v is not in p", it, x)
			}
			byBB++
		}
		if w := p.witness(); !want && (w == nil || !p.contains(w)) {
			t.Fatalf("case %d: witness %v of a non-empty polyhedron", it, w)
		}
	}
	t.Logf("%d lattice-free; decided by the box %d, by splitting %d, by branch and bound %d; stats %s",
		latticeFree, byBox, bySplit, byBB, d.Stats())
	if latticeFree < 50 || bySplit < 50 || byBB < 50 {
		t.Errorf("the cases do not exercise every test")
	}
	if d.IsBottom(a0(d)) {
		t.Error("a point is bottom")
	}
}

// a0 returns the single point (0, 0).
func a0(d *Domain) Poly {
	return d.Assume(d.Top(2), numeric.Eq(numeric.Var(0), numeric.Const(0)), numeric.Eq(numeric.Var(1), numeric.Const(0)))
}

// TestIntegerEmptinessCached checks that the answer is computed once per
// polyhedron and shared by the values holding it.
func TestIntegerEmptinessCached(t *testing.T) {
	d := New()
	x, y := numeric.Var(0), numeric.Var(1)
	// 1 <= 3x - 3y... is tightened away; two strips are not:
	// 0 <= 7x - 5y <= 1 and 3 <= 4x + 9y <= 3, lattice-free near 1000.
	f := x.Scale(numeric.I(7)).Sub(y.Scale(numeric.I(5))).AddConst(numeric.I(-7*1000 + 5*1000))
	g := x.Scale(numeric.I(4)).Add(y.Scale(numeric.I(9))).AddConst(numeric.I(-13 * 1000))
	a := d.Assume(d.Top(2), numeric.Ge(f, numeric.Const(0)), numeric.Le(f, numeric.Const(1)),
		numeric.Ge(g, numeric.Const(3)), numeric.Le(g, numeric.Const(3)))
	first := d.IsBottom(a)
	n := d.Stats().Emptiness.Count
	for i := 0; i < 5; i++ {
		if d.IsBottom(a) != first {
			t.Fatal("IsBottom changed its answer")
		}
		b := d.Join(a, a) // same blocks
		d.IsBottom(b)
	}
	if got := d.Stats().Emptiness.Count; got != n {
		t.Errorf("emptiness recomputed: %d tests, want %d", got, n)
	}
}

// bezout returns c, d with a*d - b*c = 1 for coprime a, b.
func bezout(a, b int64) (c, d int64) {
	// Extended Euclid: s0*a + t0*b = r0 = ±1, so d = s0*r0, c = -t0*r0.
	r0, r1, s0, s1, t0, t1 := a, b, int64(1), int64(0), int64(0), int64(1)
	for r1 != 0 {
		q := r0 / r1
		r0, r1 = r1, r0-q*r1
		s0, s1 = s1, s0-q*s1
		t0, t1 = t1, t0-q*t1
	}
	return -t0 * r0, s0 * r0
}

// TestIntegerEmptinessUnbounded checks polyhedra with lines and rays:
// a wrap-around shape met in wrap_poly.c (branch and bound along its line
// never ends) and the strips of TestIntegerEmptinessAgainstEnumeration
// with a free third dimension (a line) and a ray.
func TestIntegerEmptinessUnbounded(t *testing.T) {
	d := New()
	// -3221225472 - x + 2^31 y >= 0, 3221225470 + (2^31-1) x - 2^31 z >= 0,
	// -1073741823 - (2^31-1) x + 2^31 z >= 0: (0, 2, 1) is a point.
	p := newFromCons(3, nil, []vec{
		{zi(-3221225472), zi(-1), zi(2147483648), zi(0)},
		{zi(3221225470), zi(2147483647), zi(0), zi(-2147483648)},
		{zi(-1073741823), zi(-2147483647), zi(0), zi(2147483648)},
	}, d.st)
	if p.integerEmpty() {
		t.Fatal("integer-empty, but (0, 2, 1) is a point")
	}
	if w := p.witness(); w == nil || !p.contains(w) {
		t.Fatalf("witness %v", w)
	}
	if s := d.Stats(); s.EmptyGaveUp != 0 {
		t.Fatalf("gave up: %s", s)
	}

	rng := rand.New(rand.NewSource(8))
	x, y, z := numeric.Var(0), numeric.Var(1), numeric.Var(2)
	for it := 0; it < 300; it++ {
		var cs []numeric.Constraint
		var u, v int64
		for {
			u, v = rng.Int63n(601)-300, rng.Int63n(601)-300
			if gcd64(abs64(u), abs64(v)) == 1 {
				break
			}
		}
		c, dd := bezout(u, v)
		k, m := 2+rng.Int63n(4), rng.Int63n(7)-3
		for _, dir := range [][2]int64{{u, v}, {k*c + m*u, k*dd + m*v}} {
			f := x.Scale(numeric.I(dir[0])).Add(y.Scale(numeric.I(dir[1])))
			k0 := rng.Int63n(5) - 2
			cs = append(cs, numeric.Ge(f, numeric.Const(k0)), numeric.Le(f, numeric.Const(k0+rng.Int63n(2))))
		}
		bounded := d.Assume(d.Top(2), cs...)
		want := d.IsBottom(bounded) // decided exactly: checked against enumeration above
		// z free (a line), or z >= x + y (a ray).
		for _, extra := range [][]numeric.Constraint{nil, {numeric.Ge(z, x.Add(y))}} {
			a := d.Assume(d.Top(3), append(append([]numeric.Constraint(nil), cs...), extra...)...)
			before := d.Stats().EmptyGaveUp
			if got := d.IsBottom(a); got != want {
				t.Fatalf("case %d: IsBottom = %v over 3 dimensions, %v over 2\n%s", it, got, want, d.String(a, nil))
			}
			if d.Stats().EmptyGaveUp != before {
				t.Fatalf("case %d: gave up", it)
			}
		}
	}
}
