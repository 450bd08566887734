package numpred_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/numpred/numpred/interval"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/numpred"
	"github.com/numpred/numpred/octagon"
)

// TestRetryGrowsTermCapacity: a domain that ran out of term variables
// names the options of a larger one, which then succeeds; other domains
// and healthy ones have nothing to retry.
func TestRetryGrowsTermCapacity(t *testing.T) {
	sp := conformanceSpace()
	alpha := fillTerms
	for _, k := range []numpred.Kind{numpred.KindMTNDD, numpred.KindNDD} {
		d, err := numpred.New(k, numeric.Domain[interval.Box](interval.New()), sp, numpred.TermCapacity(2))
		require.NoError(t, err)
		alpha(d)
		require.Error(t, d.Err())
		more, ok := d.Retry()
		require.True(t, ok, string(k))
		d2, err := numpred.New(k, numeric.Domain[interval.Box](interval.New()), sp, append([]numpred.Option{numpred.TermCapacity(2)}, more...)...)
		require.NoError(t, err)
		alpha(d2)
		require.NoError(t, d2.Err(), string(k))
		_, ok = d2.Retry()
		require.False(t, ok, "%s: a healthy domain has nothing to retry", k)
	}
}

// TestPolicies: the reduce policy and strain come from the domain.
func TestPolicies(t *testing.T) {
	sp := conformanceSpace()
	for _, d := range allDomains(t, sp) {
		require.Equal(t, d.Name() != "ndd", d.ReduceAfterAssume(), d.Name())
		require.False(t, d.Strained(), d.Name())
	}
	d, err := numpred.New(numpred.KindNDD, numeric.Domain[interval.Box](interval.New()), sp, numpred.TermCapacity(8))
	require.NoError(t, err)
	d.Alpha(numpred.Atoms(ge(x0, c(0)), le(x0, c(2)), ge(x1, c(0)), le(x1, c(5))))
	require.NoError(t, d.Err())
	require.True(t, d.Strained(), "half of 8 term variables are in use")
}

// TestPointUsesTheNumericDomain: the point test reads values with the
// domain's own numeric domain (here octagons, where x - y = 0 && x = 3
// fixes y).
func TestPointUsesTheNumericDomain(t *testing.T) {
	sp := conformanceSpace()
	e := numpred.Atoms(eq(x0.Sub(x1), c(0)), eq(x0, c(3)))
	for _, k := range numpred.Kinds() {
		d, err := numpred.New(k, numeric.Domain[*octagon.Octagon](octagon.New()), sp)
		require.NoError(t, err)
		vals, ok := d.Point(d.Alpha(e), []numeric.Dim{0, 1})
		require.True(t, ok, string(k))
		require.Equal(t, []int64{3, 3}, vals, string(k))
		_, ok = d.Point(d.Top(), []numeric.Dim{0})
		require.False(t, ok, string(k))
	}
}

// TestIsEmptyMatchesReduce: IsEmpty (NEXPOINT's and NEX's pruned search
// of feasible paths, the others' reduce) agrees with IsBot(Reduce(a)) on
// values mixing predicates and numeric constraints.
func TestIsEmptyMatchesReduce(t *testing.T) {
	sp := conformanceSpace()
	p := func(i int) numpred.Expr { return numpred.P(numpred.PredID(i)) }
	exprs := []numpred.Expr{
		numpred.And(p(2), numpred.Atom(le(x0, c(0)))),
		numpred.And(numpred.Not(p(2)), numpred.Atom(ge(x0, c(1))), p(3), numpred.Atom(ge(x1, c(2)))),
		numpred.And(numpred.Or(p(2), p(3)), numpred.Atom(le(x0, c(1))), numpred.Atom(le(x1, c(0)))),
		numpred.And(numpred.Or(p(2), p(0)), numpred.Atom(le(x0, c(1)))),
		numpred.And(numpred.Or(numpred.And(p(2), p(3)), numpred.And(numpred.Not(p(2)), numpred.Not(p(3)))), numpred.Atom(le(x0, c(0))), numpred.Atom(eq(x1, c(5)))),
	}
	for _, d := range allDomains(t, sp) {
		for i, e := range exprs {
			// Predicates alone, then the numeric part met in: the meet
			// of the two parts is what reduce refines.
			a := d.Meet(d.AlphaP(e), d.AlphaN(e))
			require.Equal(t, d.IsBot(d.Reduce(a)), d.IsEmpty(a), "%s: expr %d", d.Name(), i)
		}
	}
}

// TestNDDHavocPrunesOverwrittenClasses: a havoc that overwrites every
// dimension of a class of atoms leaves them out of its contexts but still
// drops the paths they make infeasible.
func TestNDDHavocPrunesOverwrittenClasses(t *testing.T) {
	sp := numpred.MustSpace(numeric.MustEnv("x", "y", "z"))
	x, y, z := numeric.Var(0), numeric.Var(1), numeric.Var(2)
	d, err := numpred.New(numpred.KindNDD, numeric.Domain[interval.Box](interval.New()), sp, numpred.Checking(true))
	require.NoError(t, err)
	// NDD's meet is the BDD conjunction: the first disjunct stays as an
	// infeasible path until something prunes it.
	bad := d.Meet(d.Alpha(numpred.Atoms(le(x, c(0)), le(y, c(1)))), d.Alpha(numpred.Atom(ge(x, c(5)))))
	require.False(t, d.IsBot(bad))
	a := d.Join(bad, d.Alpha(numpred.Atoms(ge(y, c(3)), le(z, c(0)))))
	r := d.AlphaPost(numpred.Havoc(0, 2), a)
	require.NoError(t, d.Err())
	want := d.Alpha(numpred.Atom(ge(y, c(3))))
	require.True(t, d.Equal(r, want), "got %s", d.String(r))
}
