package interval

import (
	"math"
	"math/big"
	"strings"
	"testing"

	"github.com/numpred/numpred/numeric"
)

var d = New()

func rg(lo, hi int64) numeric.Range { return numeric.Range{Lo: numeric.B(lo), Hi: numeric.B(hi)} }

func parse(t *testing.T, env *numeric.Env, src string) []numeric.Constraint {
	t.Helper()
	cs, err := numeric.ParseConstraints(src, env)
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

func assume(t *testing.T, env *numeric.Env, src string) Box {
	t.Helper()
	b := d.Assume(d.Top(env.Len()), parse(t, env, src)...)
	if err := d.SanityCheck(b); err != nil {
		t.Fatalf("Assume(%s): %v", src, err)
	}
	return b
}

func TestAssumePropagation(t *testing.T) {
	env := numeric.MustEnv("x", "y", "z")
	tests := []struct{ src, want string }{
		{"x >= 0, x <= 5", "x >= 0 && x <= 5"},
		{"2x <= 7, -3x <= 7", "x >= -2 && x <= 3"},                               // tightening
		{"x = 4", "x = 4"},                                                       // equalities as two inequalities
		{"x >= 0, y >= 0, x + y <= 4", "x >= 0 && x <= 4 && y >= 0 && y <= 4"},   // across variables
		{"x >= 0, y >= x + 1, y <= 3", "x >= 0 && x <= 2 && y >= 1 && y <= 3"},   // needs two rounds
		{"x = y, y = z, z = 7", "x = 7 && y = 7 && z = 7"},                       // chain
		{"x <= 2, x >= 3", "false"},                                              // empty
		{"2x + 2y = 5", "false"},                                                 // no integer solution
		{"x + y <= 1, x >= 0, y >= 1, z >= x + y", "x = 0 && y = 1 && z >= 1"},   // mixed
		{"x <= y - 1, y <= x", "true"},                                           // empty, but boxes cannot tell without bounds
		{"x >= 0, x <= 10, x <= y - 1, y <= x", "x >= 0 && x <= 10 && y >= 1"},   // cycle: sound, stops after MaxRounds
		{"x + y + z <= 0, x >= 0, y >= 0, z >= 0", "x = 0 && y = 0 && z = 0"},    // all bounded at once
		{"x - 2y <= 0, x >= 3", "x >= 3 && y >= 2"},                              // ceil division
		{"-x - y >= -5, x >= 1, y >= 1", "x >= 1 && x <= 4 && y >= 1 && y <= 4"}, // negative coefficients
		{"1 <= 0", "false"},                                                      // constant false
		{"0 <= 1", "true"},                                                       // constant true
	}
	for _, tt := range tests {
		b := assume(t, env, tt.src)
		got := d.String(b, env)
		if tt.src == "x >= 0, x <= 10, x <= y - 1, y <= x" {
			// The cycle has no solution; propagation is allowed to stop
			// before finding out, but must stay sound and keep x's bounds.
			if got != "false" && !strings.HasPrefix(got, "x >= 0") {
				t.Errorf("Assume(%s) = %s", tt.src, got)
			}
			continue
		}
		if got != tt.want {
			t.Errorf("Assume(%s) = %s, want %s", tt.src, got, tt.want)
		}
	}
}

func TestAssumeHugeCoefficients(t *testing.T) {
	two70 := numeric.IntFromBig(new(big.Int).Lsh(big.NewInt(1), 70))
	x, y := numeric.Var(0), numeric.Var(1)
	a := NewBox(rg(0, 10), rg(-5, 5))
	// 2^70 x + y <= 2^70 * 3: exact arithmetic gives x <= 3.
	b := d.Assume(a, numeric.Le(x.Scale(two70).Add(y), numeric.ConstInt(two70.Mul(numeric.I(3)))))
	if got := b.String(); got != "x0 >= 0 && x0 <= 3 && x1 >= -5 && x1 <= 5" {
		t.Errorf("huge coefficient: %s", got)
	}
	// x <= 2^70 does not fit: no bound, but no wrap-around either.
	if c := d.Assume(d.Top(1), numeric.Le(x, numeric.ConstInt(two70))); !d.IsTop(c) {
		t.Errorf("x <= 2^70 gave %s", c)
	}
	// x >= 2^70 cannot hold in int64 bounds: it saturates to the largest bound.
	c := d.Assume(d.Top(1), numeric.Ge(x, numeric.ConstInt(two70)))
	if r := c.Range(0); r.Lo != numeric.B(math.MaxInt64) || !r.Hi.IsPlusInf() {
		t.Errorf("x >= 2^70 gave %s", c)
	}
}

func TestBoundAndAssignSaturate(t *testing.T) {
	big := NewBox(rg(math.MaxInt64-1, math.MaxInt64), rg(-math.MaxInt64, -math.MaxInt64+1))
	x, y := numeric.Var(0), numeric.Var(1)
	if r := d.Bound(big, x.Add(x)); r.Lo != numeric.B(math.MaxInt64) || !r.Hi.IsPlusInf() {
		t.Errorf("Bound(2x) = %s", r)
	}
	if r := d.Bound(big, x.Add(y)); r != rg(-1, 1) {
		t.Errorf("Bound(x + y) = %s, want [-1, 1] (exact, no intermediate overflow)", r)
	}
	b := d.Assign(big, []numeric.Dim{0, 1}, []numeric.LinExpr{y, x.Scale(numeric.I(-3))})
	if b.Range(0) != big.Range(1) || !b.Range(1).Lo.IsMinusInf() || b.Range(1).Hi != numeric.B(-math.MaxInt64) {
		t.Errorf("parallel assign = %s", b)
	}
	if err := d.SanityCheck(b); err != nil {
		t.Error(err)
	}
}

func TestLatticeOnBoxes(t *testing.T) {
	a := NewBox(rg(0, 5), numeric.FullRange)
	b := NewBox(rg(3, 9), rg(1, 1))
	if got := d.Join(a, b).String(); got != "x0 >= 0 && x0 <= 9" {
		t.Errorf("Join = %s", got)
	}
	if got := d.Meet(a, b).String(); got != "x0 >= 3 && x0 <= 5 && x1 = 1" {
		t.Errorf("Meet = %s", got)
	}
	if !d.IsBottom(d.Meet(a, NewBox(rg(6, 7), rg(0, 0)))) {
		t.Errorf("disjoint Meet is not bottom")
	}
	if !d.Leq(d.Meet(a, b), a) || d.Leq(a, b) || !d.Equal(d.Join(a, d.Bottom(2)), a) {
		t.Errorf("Leq/Equal")
	}
	if !NewBox(rg(1, 0)).IsBottom() || d.Bottom(2).Range(0) != numeric.EmptyRange {
		t.Errorf("NewBox with an empty range is not bottom")
	}
	if got := d.Forget(b, 0).String(); got != "x1 = 1" {
		t.Errorf("Forget = %s", got)
	}
	if got := d.PermuteDims(b, []numeric.Dim{1, 0}).String(); got != "x0 = 1 && x1 >= 3 && x1 <= 9" {
		t.Errorf("PermuteDims = %s", got)
	}
	if got := d.RemoveDims(d.AddDims(b, 2), 0, 3).String(); got != "x0 = 1" || d.Dims(d.RemoveDims(d.AddDims(b, 2), 0, 3)) != 2 {
		t.Errorf("AddDims/RemoveDims = %s", got)
	}
	if d.Top(0).String() != "true" || d.Bottom(0).String() != "false" {
		t.Errorf("zero-dimensional boxes")
	}
}

func TestWidenNarrow(t *testing.T) {
	a := NewBox(rg(0, 0), rg(5, 5))
	b := NewBox(rg(0, 1), rg(4, 5))
	if got := d.Widen(a, b).String(); got != "x0 >= 0 && x1 <= 5" {
		t.Errorf("Widen = %s", got)
	}
	th := numeric.NewThresholds(-10, 3, 100)
	if got := d.WidenThresholds(a, b, th).String(); got != "x0 >= 0 && x0 <= 3 && x1 >= 3 && x1 <= 5" {
		t.Errorf("WidenThresholds = %s", got)
	}
	c := NewBox(rg(0, 200), rg(-20, 5))
	if got := d.WidenThresholds(a, c, th).String(); got != "x0 >= 0 && x1 <= 5" {
		t.Errorf("WidenThresholds past the last threshold = %s", got)
	}
	if got := d.WidenThresholds(a, b, nil); !d.Equal(got, d.Widen(a, b)) {
		t.Errorf("WidenThresholds without thresholds = %s", got)
	}
	if !d.Equal(d.Widen(d.Bottom(2), b), b) || !d.Equal(d.Widen(a, d.Bottom(2)), a) {
		t.Errorf("Widen with bottom")
	}
	w := d.Widen(a, b)
	if got := d.Narrow(w, NewBox(rg(-3, 3), rg(-7, 2))).String(); got != "x0 >= 0 && x0 <= 3 && x1 >= -7 && x1 <= 5" {
		t.Errorf("Narrow = %s", got)
	}
	if !d.IsBottom(d.Narrow(NewBox(rg(0, 0), numeric.FullRange), NewBox(rg(0, 0), rg(9, 9)).setLo(1, 10))) {
		t.Errorf("Narrow to an empty range is not bottom")
	}
}

// setLo returns b with the lower bound of d replaced (for tests building
// broken or unusual boxes).
func (b Box) setLo(dim int, lo int64) Box {
	r := append([]numeric.Range(nil), b.r...)
	r[dim].Lo = numeric.B(lo)
	return Box{r: r, n: b.n, bot: b.bot}
}

func TestEntails(t *testing.T) {
	env := numeric.MustEnv("x", "y")
	a := assume(t, env, "0 <= x, x <= 3, y = 2")
	tests := []struct {
		c    string
		want bool
	}{
		{"x <= 3", true}, {"x <= 2", false}, {"x + y <= 5", true}, {"x + y <= 4", false},
		{"y = 2", true}, {"x = 0", false}, {"x - y >= -2", true}, {"0 <= 1", true}, {"1 <= 0", false},
	}
	for _, tt := range tests {
		if got := d.Entails(a, parse(t, env, tt.c)[0]); got != tt.want {
			t.Errorf("Entails(%s, %s) = %v", d.String(a, env), tt.c, got)
		}
	}
	if !d.Entails(d.Bottom(2), numeric.False) {
		t.Errorf("bottom does not entail false")
	}
}

func TestSanityCheck(t *testing.T) {
	good := NewBox(rg(0, 1))
	bad := []struct {
		b    Box
		want string
	}{
		{Box{n: 1, bot: true, r: good.r}, "bottom keeps"},
		{Box{n: 2, r: good.r}, "1 ranges for 2 dimensions"},
		{Box{n: 1, r: []numeric.Range{{Lo: numeric.PlusInf, Hi: numeric.PlusInf}}}, "has range"},
		{Box{n: 1, r: []numeric.Range{rg(2, 1)}}, "is empty"},
		{Box{n: -1, bot: true}, "negative"},
	}
	for _, tt := range bad {
		if err := d.SanityCheck(tt.b); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("SanityCheck(%#v) = %v, want %q", tt.b, err, tt.want)
		}
	}
	if err := d.SanityCheck(good); err != nil {
		t.Errorf("SanityCheck(good) = %v", err)
	}
}

func TestPanicsOnMisuse(t *testing.T) {
	mustPanic := func(name string, f func()) {
		t.Helper()
		defer func() {
			if recover() == nil {
				t.Errorf("%s did not panic", name)
			}
		}()
		f()
	}
	mustPanic("Join of different sizes", func() { d.Join(d.Top(1), d.Top(2)) })
	mustPanic("Assign out of range", func() { d.Assign(d.Top(1), []numeric.Dim{1}, []numeric.LinExpr{numeric.Const(0)}) })
	mustPanic("Bound out of range", func() { d.Bound(d.Top(1), numeric.Var(3)) })
	mustPanic("PermuteDims not a permutation", func() { d.PermuteDims(d.Top(2), []numeric.Dim{0, 0}) })
	mustPanic("Assign length mismatch", func() { d.Assign(d.Top(1), []numeric.Dim{0}, nil) })
}
