package numpred_test

import (
	"testing"

	"github.com/numpred/numpred/interval"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/numpred"
	"github.com/numpred/numpred/polyhedra"
	"github.com/stretchr/testify/require"
)

var (
	iv  = interval.New()
	x0  = numeric.Var(0)
	x1  = numeric.Var(1)
	c   = numeric.Const
	le  = numeric.Le
	eq  = numeric.Eq
	ge  = numeric.Ge
	lt  = numeric.Lt
	gt  = numeric.Gt
	add = func(a, b numeric.LinExpr) numeric.LinExpr { return a.Add(b) }
)

// allDomains builds the four implementations over interval for sp.
func allDomains(t *testing.T, sp *numpred.Space) []numpred.Domain[numpred.Value] {
	t.Helper()
	var out []numpred.Domain[numpred.Value]
	for _, k := range numpred.Kinds() {
		d, err := numpred.New(k, numeric.Domain[interval.Box](iv), sp, numpred.Checking(true))
		require.NoError(t, err)
		out = append(out, d)
	}
	return out
}

// TestNEXPointReduceExamples checks Section V-A: with q = (x = 0) and
// r = (y = 0), reduce(q || r, x = 3 && y >= 0) = (!q && r, x = 3 && y = 0)
// and reduce(q || r, x = 3 && y < 0) = bot.
func TestNEXPointReduceExamples(t *testing.T) {
	env := numeric.MustEnv("x", "y")
	sp := numpred.MustSpace(env, numpred.AtomPred("q", eq(x0, c(0))), numpred.AtomPred("r", eq(x1, c(0))))
	d, err := numpred.NewNEXPoint(numeric.Domain[interval.Box](iv), sp, numpred.Checking(true))
	require.NoError(t, err)
	q, r := numpred.P(0), numpred.P(1)
	v := d.Meet(d.AlphaP(numpred.Or(q, r)), d.AlphaN(numpred.Atoms(eq(x0, c(3)), ge(x1, c(0)))))
	require.False(t, d.IsBot(v))
	red := d.Reduce(v)
	want := d.Meet(d.AlphaP(numpred.And(numpred.Not(q), r)), d.AlphaN(numpred.Atoms(eq(x0, c(3)), eq(x1, c(0)))))
	require.True(t, d.Equal(red, want), "got %s", d.String(red))
	require.Equal(t, "(!(q) && (r) && x = 3 && y = 0)", d.String(red))

	v2 := d.Meet(d.AlphaP(numpred.Or(q, r)), d.AlphaN(numpred.Atoms(eq(x0, c(3)), lt(x1, c(0)))))
	require.False(t, d.IsBot(v2))
	require.True(t, d.IsBot(d.Reduce(v2)))
	require.NoError(t, d.Err())
}

// TestNDDShadowExample checks Section V-D: V_P = {x = 3, x = 4}, V_N =
// {x}, tau_N = x := x + 1, tau_P = (x = 4) := choice(x = 3, false), u =
// (x = 3) && (x >= 3); the result is (x >= 4) && (x = 4).
func TestNDDShadowExample(t *testing.T) {
	env := numeric.MustEnv("x")
	sp := numpred.MustSpace(env, numpred.AtomPred("", eq(x0, c(3))), numpred.AtomPred("", eq(x0, c(4))))
	is3, is4 := numpred.PredID(0), numpred.PredID(1)
	tau := numpred.NumPred{
		Guard: numpred.True(),
		Num:   numpred.Assign(0, add(x0, c(1))),
		Pred:  numpred.Choose(is4, numpred.P(is3), numpred.False()),
	}
	require.NoError(t, sp.Check(tau))
	for _, d := range allDomains(t, sp) {
		u := d.Meet(d.AlphaP(numpred.P(is3)), d.Alpha(numpred.Atom(ge(x0, c(3)))))
		r := d.AlphaPost(tau, u)
		want := d.Alpha(numpred.And(numpred.Atom(ge(x0, c(4))), numpred.P(is4)))
		require.True(t, d.Leq(d.Reduce(r), want), "%s: got %s", d.Name(), d.String(r))
		// The result knows x = 4 exactly and that x = 3 no longer holds.
		red := d.Reduce(r)
		require.True(t, d.Leq(red, d.Alpha(numpred.Atom(eq(x0, c(4))))), "%s: got %s", d.Name(), d.String(red))
		require.True(t, d.Leq(red, d.AlphaP(numpred.Not(numpred.P(is3)))), "%s: got %s", d.Name(), d.String(red))
		require.False(t, d.IsBot(red))
		require.NoError(t, d.Err())
		t.Logf("%s: %s", d.Name(), d.String(red))
	}
}

// TestPointerChoiceExample checks the predicate transformer of Section IV
// for *p := x with V_P = {y > 0, p = &x, p = &y} and V_N = {x}. The text
// copy prints the false condition as (p = &y) && (x > 0), which loses a
// negation; the sound abstraction used here is
//
//	(y > 0) := choice((p = &x && y > 0) || (p = &y && x > 0),
//	                  (p = &x && !(y > 0)) || (p = &y && !(x > 0)))
func TestPointerChoiceExample(t *testing.T) {
	env := numeric.MustEnv("x")
	sp := numpred.MustSpace(env, numpred.Opaque("y>0"), numpred.Opaque("p=&x"), numpred.Opaque("p=&y"))
	ypos, px, py := numpred.P(0), numpred.P(1), numpred.P(2)
	xpos := numpred.Atom(gt(x0, c(0)))
	tau := numpred.Choose(0,
		numpred.Or(numpred.And(px, ypos), numpred.And(py, xpos)),
		numpred.Or(numpred.And(px, numpred.Not(ypos)), numpred.And(py, numpred.Not(xpos))))
	require.NoError(t, sp.Check(tau))
	for _, d := range allDomains(t, sp) {
		// p = &y, x = 5, y <= 0: after *p := x, y > 0.
		a := d.Alpha(numpred.And(py, numpred.Not(px), numpred.Not(ypos), numpred.Atom(eq(x0, c(5)))))
		r := d.AlphaPost(tau, a)
		require.True(t, d.Leq(r, d.AlphaP(ypos)), "%s: %s", d.Name(), d.String(r))
		// p = &x, y > 0: y > 0 is unchanged.
		a = d.Alpha(numpred.And(px, numpred.Not(py), ypos))
		r = d.AlphaPost(tau, a)
		require.True(t, d.Leq(r, d.AlphaP(ypos)), "%s: %s", d.Name(), d.String(r))
		// p = &y, x unknown: y > 0 becomes unknown, both phases reachable.
		a = d.Alpha(numpred.And(py, numpred.Not(px), ypos))
		r = d.AlphaPost(tau, a)
		require.False(t, d.Leq(r, d.AlphaP(ypos)), "%s: %s", d.Name(), d.String(r))
		require.False(t, d.Leq(r, d.AlphaP(numpred.Not(ypos))), "%s: %s", d.Name(), d.String(r))
		require.NoError(t, d.Err())
	}
}

// fig2b builds the paper's abstraction of Fig. 2(a) as a transformer
// over V_P = {p, q} (opaque) and V_N = {x1, x2, y1, y2}, ending in the
// assertion's negation so that the result must be empty:
//
//	assume(x1 = x2);
//	((assume(p); x1 := y1 - 2 && q := choice(f, f);
//	  x2 := y2 + 2 && q := choice(x1 + 2 = y1 && p, f)) ||
//	 (assume(!p); q := choice(f, t)));
//	((assume(q); x1 := x1 + x2; x2 := x2 + y1 - 2) || assume(!q))
func fig2b() (*numpred.Space, numpred.Transformer) {
	env := numeric.MustEnv("x1", "x2", "y1", "y2")
	sp := numpred.MustSpace(env, numpred.Opaque("p"), numpred.Opaque("q"))
	X1, X2, Y1, Y2 := numeric.Var(0), numeric.Var(1), numeric.Var(2), numeric.Var(3)
	p, q := numpred.PredID(0), numpred.PredID(1)
	f, tt := numpred.False(), numpred.True()
	first := numpred.Choice{
		numpred.Seq{
			numpred.Assume{Cond: numpred.P(p)},
			numpred.NumPred{Guard: tt, Num: numpred.Assign(0, Y1.Sub(c(2))), Pred: numpred.Choose(q, f, f)},
			numpred.NumPred{Guard: tt, Num: numpred.Assign(1, Y2.Add(c(2))),
				Pred: numpred.Choose(q, numpred.And(numpred.Atom(eq(X1.Add(c(2)), Y1)), numpred.P(p)), f)},
		},
		numpred.Seq{
			numpred.Assume{Cond: numpred.Not(numpred.P(p))},
			numpred.Choose(q, f, tt),
		},
	}
	second := numpred.Choice{
		numpred.Seq{
			numpred.Assume{Cond: numpred.P(q)},
			numpred.Assign(0, X1.Add(X2)),
			numpred.Assign(1, X2.Add(Y1).Sub(c(2))),
		},
		numpred.Assume{Cond: numpred.Not(numpred.P(q))},
	}
	return sp, numpred.Seq{numpred.Assume{Cond: numpred.Atom(eq(X1, X2))}, first, second}
}

// TestFig2bProvesAssertion applies Fig. 2(b) to the initial state top over
// polyhedra: NEX, MTNDD and NDD prove assert(x1 = x2); NEXPOINT, whose
// single numeric component joins the two branches, cannot.
func TestFig2bProvesAssertion(t *testing.T) {
	sp, prog := fig2b()
	require.NoError(t, sp.Check(prog))
	X1, X2 := numeric.Var(0), numeric.Var(1)
	assertion := numpred.Atom(eq(X1, X2))
	for _, k := range numpred.Kinds() {
		d, err := numpred.New(k, numeric.Domain[polyhedra.Poly](polyhedra.New()), sp, numpred.Checking(true))
		require.NoError(t, err)
		r := d.AlphaPost(prog, d.Top())
		require.False(t, d.IsBot(r))
		bad := d.Reduce(d.AlphaPost(numpred.Assume{Cond: numpred.Not(assertion)}, r))
		proved := d.Leq(r, d.Alpha(assertion)) && d.IsBot(bad)
		require.Equal(t, k != numpred.KindNEXPoint, proved, "%s: %s", k, d.String(r))
		require.NoError(t, d.Err())
	}
}
