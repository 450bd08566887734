package numpred_test

import (
	"errors"
	"testing"

	"github.com/numpred/numpred/bdd"
	"github.com/numpred/numpred/interval"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/numpred"
	"github.com/stretchr/testify/require"
)

func TestSpaceValidation(t *testing.T) {
	env := numeric.MustEnv("x", "y")
	_, err := numpred.NewSpace(env, numpred.Opaque("p"), numpred.Opaque("p"))
	require.ErrorContains(t, err, "declared twice")
	_, err = numpred.NewSpace(env, numpred.AtomPred("", le(x0, c(3))), numpred.AtomPred("", gt(x0, c(3))))
	require.ErrorContains(t, err, "same atom up to negation")
	_, err = numpred.NewSpace(env, numpred.AtomPred("", le(numeric.Var(5), c(3))))
	require.ErrorContains(t, err, "outside")
	_, err = numpred.NewSpace(env, numpred.AtomPred("", numeric.True))
	require.ErrorContains(t, err, "constant")
	sp, err := numpred.NewSpace(env, numpred.Opaque("p"), numpred.AtomPred("", gt(x0, c(3))))
	require.NoError(t, err)
	require.Equal(t, "V_N = {x, y}; V_P = {p, x >= 4}", sp.String())
	p, neg, ok := sp.PredOfAtom(le(x0, c(3)))
	require.True(t, ok)
	require.Equal(t, numpred.PredID(1), p)
	require.True(t, neg, "x <= 3 is the negation of predicate x > 3")
	id, ok := sp.Lookup("x >= 4")
	require.True(t, ok)
	require.Equal(t, numpred.PredID(1), id)

	require.Error(t, sp.Check(numpred.NumAssign{Dims: []numeric.Dim{0, 0}, Exprs: []numeric.LinExpr{c(1), c(2)}}))
	require.Error(t, sp.Check(numpred.Assign(7, c(1))))
	require.Error(t, sp.Check(numpred.Choose(9, numpred.True(), numpred.False())))
	require.Error(t, sp.Check(numpred.Assume{Cond: numpred.P(4)}))
	require.Error(t, sp.Check(numpred.Seq{numpred.Skip(), nil}))
	require.NoError(t, sp.Check(numpred.Choice{numpred.Havoc(0, 1), numpred.SetPred(0, numpred.Atom(le(x1, c(0))))}))
}

func TestStringsAndCubes(t *testing.T) {
	env := numeric.MustEnv("x", "y")
	sp := numpred.MustSpace(env, numpred.Opaque("p"))
	tau := numpred.Seq{
		numpred.Cond{Guard: numpred.P(0), Num: numpred.NumAssign{Dims: []numeric.Dim{0}, Exprs: []numeric.LinExpr{x0.Add(c(1))}, Havoc: []numeric.Dim{1}}},
		numpred.Choice{numpred.SetPred(0, numpred.False()), numpred.Assume{Cond: numpred.Atom(le(x0, x1))}},
	}
	require.Equal(t, "((p) ? x := x + 1 && y := *; (p := choice(false, true) || assume((x - y <= 0))))", tau.String(sp))
	for _, d := range allDomains(t, sp) {
		a := d.Alpha(numpred.And(numpred.P(0), numpred.Atoms(ge(x0, c(0)), le(x0, c(2)))))
		cubes := d.Cubes(a)
		require.NotEmpty(t, cubes, d.Name())
		s := d.String(a)
		require.Contains(t, s, "p", d.Name())
		require.Contains(t, s, "x <= 2", d.Name())
		require.Equal(t, "false", d.String(d.Bottom()))
		require.Equal(t, "(true)", d.String(d.Top()))
		require.Positive(t, d.Size(a))
	}
}

func TestStatsCountAndReset(t *testing.T) {
	sp := conformanceSpace()
	for _, d := range allDomains(t, sp) {
		d.ResetStats()
		a := d.Alpha(numpred.Atom(ge(x0, c(0))))
		b := d.AlphaPost(numpred.Assign(0, x0.Add(c(1))), a)
		_ = d.Join(a, b)
		_ = d.Widen(a, b)
		_ = d.Gamma(b)
		_ = d.Reduce(b)
		s := d.Stats()
		require.EqualValues(t, 1, s.Get(numpred.OpApply).Count, d.Name())
		require.EqualValues(t, 1, s.Get(numpred.OpAlphaPost).Count, d.Name())
		require.GreaterOrEqual(t, s.Get(numpred.OpJoin).Count, int64(1), d.Name())
		require.EqualValues(t, 1, s.Get(numpred.OpWiden).Count, d.Name())
		require.EqualValues(t, 1, s.Get(numpred.OpGamma).Count, d.Name())
		require.EqualValues(t, 1, s.Get(numpred.OpReduce).Count, d.Name())
		require.Positive(t, s.Get(numpred.OpApply).Time, d.Name())
		require.GreaterOrEqual(t, s.BDDTable, s.BDDNodes)
		require.GreaterOrEqual(t, s.BDDTable, s.PeakBDDNodes)
		require.Contains(t, s.String(), "alphaPost")
		// Queries count under their own names, not as leq or exists.
		_ = d.IsTop(a)
		_ = d.IsBot(a)
		_ = d.Equal(a, b)
		_ = d.Unprime(a)
		s = d.Stats()
		for _, op := range []numpred.Op{numpred.OpIsTop, numpred.OpIsBot, numpred.OpEqual, numpred.OpUnprime} {
			require.EqualValues(t, 1, s.Get(op).Count, "%s %s", d.Name(), op)
		}
		require.Zero(t, s.Get(numpred.OpLeq).Count, d.Name())
		d.ResetStats()
		require.Zero(t, d.Stats().Get(numpred.OpApply).Count)
	}
}

// fillTerms abstracts values that need more than two numeric-term
// variables and at most eight: NDD allocates one per atom (six here),
// MTNDD one per bit of its leaf indices (five distinct leaves need three
// bits). It returns the last value.
func fillTerms(d numpred.Domain[numpred.Value]) numpred.Value {
	var a numpred.Value
	for i := int64(1); i <= 5; i++ {
		a = d.Alpha(numpred.Atoms(ge(x0, c(0)), le(x0, c(i))))
	}
	return a
}

// TestTermCapacityExhaustion runs MTNDD and NDD out of numeric-term
// variables: the domain must report the error and stay sound (top).
func TestTermCapacityExhaustion(t *testing.T) {
	sp := conformanceSpace()
	for _, k := range []numpred.Kind{numpred.KindMTNDD, numpred.KindNDD} {
		d, err := numpred.New(k, numeric.Domain[interval.Box](interval.New()), sp, numpred.TermCapacity(2))
		require.NoError(t, err)
		a := fillTerms(d)
		require.Error(t, d.Err(), string(k))
		var ce *bdd.CapacityError
		require.True(t, errors.As(d.Err(), &ce), string(k))
		require.True(t, d.IsTop(a), "%s: the failed alpha falls back to top", k)
		require.False(t, d.IsBot(a))
	}
}

func TestNewUnknownKind(t *testing.T) {
	_, err := numpred.New("octopus", numeric.Domain[interval.Box](interval.New()), conformanceSpace())
	require.ErrorContains(t, err, "unknown domain")
}

// TestWidenWithThresholds checks that thresholds reach the numeric
// widening: x counting up from 0 under x <= 10 stabilises at x <= 10
// with threshold 10 instead of going to +oo.
func TestWidenWithThresholds(t *testing.T) {
	sp := numpred.MustSpace(numeric.MustEnv("x"))
	body := numpred.Seq{numpred.Assume{Cond: numpred.Atom(lt(x0, c(10)))}, numpred.Assign(0, x0.Add(c(1)))}
	for _, d := range allDomains(t, sp) {
		cur := d.Alpha(numpred.Atom(eq(x0, c(0))))
		for i := 0; i < 10; i++ {
			next := d.Join(cur, d.AlphaPost(body, cur))
			if d.Leq(next, cur) {
				break
			}
			cur = d.WidenWith(cur, next, numeric.NewThresholds(10))
		}
		require.True(t, d.Leq(cur, d.Alpha(numpred.Atom(le(x0, c(10))))), "%s: %s", d.Name(), d.String(cur))
	}
}

// TestProjections checks the examples of Section IV:
// proj_P({p}, p && x >= 0 && y >= 0) = p, proj_P({x >= 0}, ...) = x >= 0
// and proj_N({y}, ...) keeps y >= 0 (here with V_N = {x, y}).
func TestProjections(t *testing.T) {
	env := numeric.MustEnv("x", "y")
	e := numpred.And(numpred.P(0), numpred.Atom(ge(x0, c(0))), numpred.Atom(ge(x1, c(0))))
	sp := numpred.MustSpace(env, numpred.Opaque("p"))
	require.Equal(t, "p", sp.ProjP(e).String(sp))
	require.Equal(t, "(x >= 0) && (y >= 0)", sp.ProjN(e).String(sp))
	e2 := numpred.And(numpred.Atom(ge(x0, c(0))), numpred.Atom(ge(x1, c(0))))
	sp2 := numpred.MustSpace(env, numpred.AtomPred("", ge(x0, c(0))))
	require.Equal(t, "(x >= 0)", sp2.ProjP(e2).String(sp2))
	// An atom predicate in negative phase: !(x >= 0) projects to !p.
	require.Equal(t, "!(x >= 0)", sp2.ProjP(numpred.Atom(lt(x0, c(0)))).String(sp2))
	require.Equal(t, "(x <= -1)", sp2.ProjN(numpred.Not(numpred.P(0))).String(sp2))
}
