package affine_test

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/numpred/numpred/affine"
	"github.com/numpred/numpred/numeric"
)

// The exactness tests compare the domain with a brute-force reference:
// the affine hull of a finite point set P, decided for each point z of a
// box by linear algebra over big.Rat (z is in aff(P) iff adding z - p0 to
// the differences p - p0 does not raise their rank).

const exN, exBox = 3, 3

var d = affine.New()

// rank returns the rank of the rows (Gaussian elimination over big.Rat).
func rank(rows [][]int64) int {
	m := make([][]*big.Rat, len(rows))
	for i, r := range rows {
		m[i] = make([]*big.Rat, len(r))
		for j, v := range r {
			m[i][j] = big.NewRat(v, 1)
		}
	}
	rk := 0
	for col := 0; col < exN && rk < len(m); col++ {
		piv := -1
		for i := rk; i < len(m); i++ {
			if m[i][col].Sign() != 0 {
				piv = i
				break
			}
		}
		if piv < 0 {
			continue
		}
		m[rk], m[piv] = m[piv], m[rk]
		for i := rk + 1; i < len(m); i++ {
			f := new(big.Rat).Quo(m[i][col], m[rk][col])
			for j := col; j < exN; j++ {
				m[i][j] = new(big.Rat).Sub(m[i][j], new(big.Rat).Mul(f, m[rk][j]))
			}
		}
		rk++
	}
	return rk
}

// inHull reports whether z lies in the affine hull of ps (non-empty).
func inHull(ps [][]int64, z []int64) bool {
	var diffs [][]int64
	for _, p := range ps[1:] {
		diffs = append(diffs, sub(p, ps[0]))
	}
	return rank(append(diffs, sub(z, ps[0]))) == rank(diffs)
}

func sub(p, q []int64) []int64 {
	out := make([]int64, len(p))
	for i := range p {
		out[i] = p[i] - q[i]
	}
	return out
}

func point(p []int64) affine.Value {
	var cs []numeric.Constraint
	for i, v := range p {
		cs = append(cs, numeric.Eq(numeric.Var(numeric.Dim(i)), numeric.Const(v)))
	}
	return d.Assume(d.Top(len(p)), cs...)
}

func hull(ps [][]int64) affine.Value {
	a := d.Bottom(exN)
	for _, p := range ps {
		a = d.Join(a, point(p))
	}
	return a
}

func randPoints(rng *rand.Rand) [][]int64 {
	ps := make([][]int64, 1+rng.Intn(4))
	for i := range ps {
		ps[i] = make([]int64, exN)
		for j := range ps[i] {
			ps[i][j] = rng.Int63n(7) - 3
		}
		// Often repeat a structure so that hulls of low dimension and
		// collinear points with fractional slopes come up.
		if i >= 2 && rng.Intn(2) == 0 {
			for j := range ps[i] {
				ps[i][j] = 2*ps[i-1][j] - ps[i-2][j]
			}
		}
	}
	return ps
}

func ints(p []int64) []numeric.Int {
	out := make([]numeric.Int, len(p))
	for i, v := range p {
		out[i] = numeric.I(v)
	}
	return out
}

// member reports whether z satisfies every constraint of a.
func member(a affine.Value, z []int64) bool {
	q := ints(z)
	for _, c := range d.Constraints(a) {
		if !c.Sat(q) {
			return false
		}
	}
	return true
}

// forBox calls f on every point of [-exBox, exBox]^exN.
func forBox(f func(z []int64)) {
	side := int64(2*exBox + 1)
	total := side * side * side
	for k := int64(0); k < total; k++ {
		z := []int64{k%side - exBox, k/side%side - exBox, k/side/side - exBox}
		f(z)
	}
}

// sameAsHull fails unless gamma(a) and aff(ps) agree on the box.
func sameAsHull(t *testing.T, what string, a affine.Value, ps [][]int64) {
	t.Helper()
	if err := d.SanityCheck(a); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	forBox(func(z []int64) {
		if member(a, z) != inHull(ps, z) {
			t.Fatalf("%s = %s, points %v: %v in result %v, in hull %v", what, a, ps, z, member(a, z), inHull(ps, z))
		}
	})
}

func TestJoinTwoPointsIsTheLine(t *testing.T) {
	env := numeric.MustEnv("x", "y")
	a := d.Assume(d.Top(2), numeric.MustParseConstraints("x = 0, y = 0", env)...)
	b := d.Assume(d.Top(2), numeric.MustParseConstraints("x = 2, y = 1", env)...)
	j := d.Join(a, b)
	if got, want := d.String(j, env), "x - 2y = 0"; got != want {
		t.Errorf("Join = %s, want %s", got, want)
	}
	// x = 1 meets the line at y = 1/2: no integer point.
	if m := d.Meet(j, d.Assume(d.Top(2), numeric.MustParseConstraints("x = 1", env)...)); !d.IsBottom(m) {
		t.Errorf("line x = 2y meet x = 1 = %s, want bottom", d.String(m, env))
	}
	if r := d.Bound(d.Assume(j, numeric.MustParseConstraints("x = 4", env)...), numeric.Var(1)); r.String() != "[2, 2]" {
		t.Errorf("y on x = 2y, x = 4: %s", r)
	}
}

func TestJoinIsAffineHull(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for k := 0; k < 150; k++ {
		ps := randPoints(rng)
		a := hull(ps)
		sameAsHull(t, "hull", a, ps)
		// Order does not matter, and the canonical form makes the result
		// identical.
		rev := make([][]int64, len(ps))
		for i, p := range ps {
			rev[len(ps)-1-i] = p
		}
		if b := hull(rev); !d.Equal(a, b) || a.String() != b.String() {
			t.Fatalf("hull depends on order: %s vs %s", a, b)
		}
	}
}

// randAssign returns a random parallel assignment over exN dimensions and
// applies it to a point.
func randAssign(rng *rand.Rand) ([]numeric.Dim, []numeric.LinExpr) {
	perm := rng.Perm(exN)
	dims := make([]numeric.Dim, 1+rng.Intn(exN))
	es := make([]numeric.LinExpr, len(dims))
	for i := range dims {
		dims[i] = numeric.Dim(perm[i])
		var ts []numeric.Term
		for j := 0; j < exN; j++ {
			if rng.Intn(2) == 0 {
				ts = append(ts, numeric.Term{Dim: numeric.Dim(j), Coef: numeric.I(rng.Int63n(5) - 2)})
			}
		}
		es[i] = numeric.NewLinExpr(numeric.I(rng.Int63n(5)-2), ts...)
	}
	return dims, es
}

func apply(p []int64, dims []numeric.Dim, es []numeric.LinExpr) []int64 {
	q := append([]int64(nil), p...)
	for i, x := range dims {
		v, _ := es[i].Eval(ints(p)).Int64()
		q[x] = v
	}
	return q
}

// TestAssignIsImage: the assignment's result is the hull of the images
// of the points (an affine map commutes with the affine hull), for
// invertible and non-invertible assignments alike.
func TestAssignIsImage(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for k := 0; k < 150; k++ {
		ps := randPoints(rng)
		dims, es := randAssign(rng)
		var img [][]int64
		for _, p := range ps {
			img = append(img, apply(p, dims, es))
		}
		r := d.Assign(hull(ps), dims, es)
		if !d.Equal(r, hull(img)) {
			t.Fatalf("Assign(%v) of hull %v = %s, hull of images %s", es, ps, r, hull(img))
		}
		sameAsHull(t, "Assign", r, img)
	}
}

// TestForgetIsHullWithUnitSteps: ∃x. aff(P) is aff(P ∪ {p0 + e_x}).
func TestForgetIsHullWithUnitSteps(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for k := 0; k < 150; k++ {
		ps := randPoints(rng)
		x := rng.Intn(exN)
		q := append([]int64(nil), ps[0]...)
		q[x]++
		r := d.Forget(hull(ps), numeric.Dim(x))
		sameAsHull(t, "Forget", r, append(ps, q))
	}
}

// TestMeetIsIntersection: the meet of two hulls has exactly the integer
// points of both, on the box.
func TestMeetIsIntersection(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	bottoms := 0
	for k := 0; k < 300; k++ {
		a, b := hull(randPoints(rng)), hull(randPoints(rng))
		m := d.Meet(a, b)
		if err := d.SanityCheck(m); err != nil {
			t.Fatal(err)
		}
		if d.IsBottom(m) {
			bottoms++
		}
		forBox(func(z []int64) {
			if member(m, z) != (member(a, z) && member(b, z)) {
				t.Fatalf("Meet(%s, %s) = %s wrong at %v", a, b, m, z)
			}
		})
	}
	if bottoms == 0 {
		t.Error("weak test: no meet was empty")
	}
}

// randExpr returns an expression over every dimension with coefficients
// and constant in [-k, k].
func randExpr(rng *rand.Rand, k int64) numeric.LinExpr {
	var ts []numeric.Term
	for j := 0; j < exN; j++ {
		ts = append(ts, numeric.Term{Dim: numeric.Dim(j), Coef: numeric.I(rng.Int63n(2*k+1) - k)})
	}
	return numeric.NewLinExpr(numeric.I(rng.Int63n(2*k+1)-k), ts...)
}

// TestBoundEntailsExact: e is fixed on aff(P) iff it takes one value on
// P, and then Bound is that value; otherwise Bound is unbounded and
// Entails holds only for what all of Z^n satisfies.
func TestBoundEntailsExact(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for k := 0; k < 500; k++ {
		ps := randPoints(rng)
		a := hull(ps)
		e := randExpr(rng, 2)
		vals := map[string]bool{}
		for _, p := range ps {
			vals[e.Eval(ints(p)).String()] = true
		}
		rg := d.Bound(a, e)
		fixed := rg.Lo.IsFinite() && rg.Lo.Cmp(rg.Hi) == 0
		if fixed != (len(vals) == 1) {
			t.Fatalf("Bound(%s, %s) = %s, values on %v: %v", a, e.String(nil), rg, ps, vals)
		}
		if !fixed && (rg.Lo.IsFinite() || rg.Hi.IsFinite()) {
			t.Fatalf("Bound(%s, %s) = %s, want unbounded", a, e.String(nil), rg)
		}
		le := numeric.NewConstraint(e, numeric.LE)
		want := fixed && rg.Hi.Int().Sign() <= 0 || e.IsConst() && e.Constant().Sign() <= 0
		if got := d.Entails(a, le); got != want {
			t.Fatalf("Entails(%s, %s) = %v, want %v", a, le.String(nil), got, want)
		}
	}
}

// TestAssumeInequalities: inequalities keep the hull, except opposite
// pairs that pin a value or leave none, and constant ones.
func TestAssumeInequalities(t *testing.T) {
	env := numeric.MustEnv("x", "y", "z")
	line := d.Assume(d.Top(3), numeric.MustParseConstraints("y = 2x", env)...)
	for _, tc := range []struct{ src, want string }{
		{"x <= 3, x >= 3", "x = 3 && y = 6"},
		{"2x <= 7, 2x >= 7", "false"},
		{"y <= 4, x >= 2", "x = 2 && y = 4"},
		{"y <= 3, x >= 2", "false"},
		{"y - 2x >= 1", "false"},
		{"y - 2x <= 0", "2x - y = 0"},
		{"x + z <= 1, x >= 0", "2x - y = 0"},
		{"x + z <= 1, -x - z <= -1, z = 2", "x = -1 && y = -2 && z = 2"},
	} {
		got := d.Assume(line, numeric.MustParseConstraints(tc.src, env)...)
		if err := d.SanityCheck(got); err != nil {
			t.Fatal(err)
		}
		if s := d.String(got, env); s != tc.want {
			t.Errorf("Assume(y = 2x, %s) = %s, want %s", tc.src, s, tc.want)
		}
	}
}

// TestAssumeInequalitiesOnTheLattice: opposite bounds tighten to the
// values the bounded form takes at the integer points, which need not be
// every integer (x = 3z + 1 takes 1, 4, 7, ...; x = 2^64*z only the
// multiples of 2^64).
func TestAssumeInequalitiesOnTheLattice(t *testing.T) {
	env := numeric.MustEnv("x", "y", "z")
	for _, tc := range []struct{ base, src, want string }{
		{"x = 3z + 1", "x >= 2, x <= 4", "x = 4 && z = 1"},
		{"x = 3z + 1", "x >= 2, x <= 3", "false"},
		{"x = 3z + 1", "x >= 2, x <= 7", "x - 3z = 1"},
		{"x = 3z + 1, y = 2x", "y >= 3, y <= 9", "x = 4 && y = 8 && z = 1"},
		{"x = 18446744073709551616z + y, y = 0", "x >= 1, x <= 18446744073709551615", "false"},
		{"x = 18446744073709551616z + y, y = 0", "x >= -9223372036854775808, x <= 9223372036854775807", "x = 0 && y = 0 && z = 0"},
	} {
		a := d.Assume(d.Top(3), numeric.MustParseConstraints(tc.base, env)...)
		got := d.Assume(a, numeric.MustParseConstraints(tc.src, env)...)
		if err := d.SanityCheck(got); err != nil {
			t.Fatal(err)
		}
		if s := d.String(got, env); s != tc.want {
			t.Errorf("Assume(%s, %s) = %s, want %s", tc.base, tc.src, s, tc.want)
		}
	}
}

// TestRewrite: den*e = f on every integer point of the value, and f
// keeps no pivot, so it is constant exactly when Bound is a single value.
func TestRewrite(t *testing.T) {
	rng := rand.New(rand.NewSource(6))
	for k := 0; k < 300; k++ {
		ps := randPoints(rng)
		a := hull(ps)
		e := randExpr(rng, 3)
		f, den := d.Rewrite(a, e)
		if den.Sign() <= 0 {
			t.Fatalf("Rewrite(%s, %s): den %s", a, e.String(nil), den)
		}
		forBox(func(z []int64) {
			if member(a, z) && e.Eval(ints(z)).Mul(den).Cmp(f.Eval(ints(z))) != 0 {
				t.Fatalf("Rewrite(%s, %s) = (%s)/%s wrong at %v", a, e.String(nil), f.String(nil), den, z)
			}
		})
		rg := d.Bound(a, e)
		if fixed := rg.Lo.IsFinite() && rg.Lo.Cmp(rg.Hi) == 0; fixed != f.IsConst() {
			t.Fatalf("Rewrite(%s, %s) = %s but Bound = %s", a, e.String(nil), f.String(nil), rg)
		}
	}
}
