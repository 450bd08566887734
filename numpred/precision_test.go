package numpred_test

import (
	"math/rand"
	"testing"

	"github.com/numpred/numpred/interval"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/numpred"
	"github.com/numpred/numpred/numpred/numpredtest"
	"github.com/stretchr/testify/require"
)

// TestPrecisionOrdering runs the same random operations on the four
// implementations over intervals and compares their concretisations on
// the finite universe: NDD ⊆ NEX = MTNDD ⊆ NEXPOINT (Section V-E, Table
// III), and requires the ordering to be strict somewhere.
func TestPrecisionOrdering(t *testing.T) {
	sp := conformanceSpace()
	u := numpredtest.NewUniverse(sp, 3)
	ds := allDomains(t, sp) // nexpoint, nex, mtndd, ndd
	strictPoint, strictNDD := false, false
	for seed := int64(1); seed <= 4; seed++ {
		g := &numpredtest.Gen{Space: sp, R: rand.New(rand.NewSource(seed))}
		// vals[i][k] is the i-th value in domain k.
		var vals [][]numpred.Value
		add := func(f func(d numpred.Domain[numpred.Value], k int) numpred.Value) {
			row := make([]numpred.Value, len(ds))
			for k, d := range ds {
				row[k] = f(d, k)
			}
			vals = append(vals, row)
		}
		for i := 0; i < 12; i++ {
			e := g.Expr(2)
			add(func(d numpred.Domain[numpred.Value], _ int) numpred.Value { return d.Alpha(e) })
		}
		for i := 0; i < 40; i++ {
			a, b := vals[g.R.Intn(len(vals))], vals[g.R.Intn(len(vals))]
			switch g.R.Intn(3) {
			case 0:
				tau := g.Transformer(2)
				add(func(d numpred.Domain[numpred.Value], k int) numpred.Value { return d.AlphaPost(tau, a[k]) })
			case 1:
				add(func(d numpred.Domain[numpred.Value], k int) numpred.Value { return d.Join(a[k], b[k]) })
			default:
				add(func(d numpred.Domain[numpred.Value], k int) numpred.Value { return d.Meet(a[k], b[k]) })
			}
		}
		for _, row := range vals {
			s := make([]numpredtest.Set, len(ds))
			for k, d := range ds {
				s[k] = numpredtest.Gamma(d, u, row[k])
			}
			pt, nex, mt, ndd := s[0], s[1], s[2], s[3]
			require.True(t, nex.Subset(mt) && mt.Subset(nex), "NEX and MTNDD differ: %s vs %s", ds[1].String(row[1]), ds[2].String(row[2]))
			require.True(t, nex.Subset(pt), "NEX not below NEXPOINT: %s vs %s", ds[1].String(row[1]), ds[0].String(row[0]))
			require.True(t, ndd.Subset(nex), "NDD not below NEX: %s vs %s", ds[3].String(row[3]), ds[1].String(row[1]))
			strictPoint = strictPoint || !pt.Subset(nex)
			strictNDD = strictNDD || !nex.Subset(ndd)
		}
	}
	require.True(t, strictPoint, "NEX should be strictly more precise than NEXPOINT somewhere")
	require.True(t, strictNDD, "NDD should be strictly more precise than NEX somewhere")
	for _, d := range ds {
		require.NoError(t, d.Err())
	}
}

// TestPrecisionTableI checks the examples of Table I: NEX and MTNDD keep
// (p && 0 <= x <= 3) || (q && 1 <= x <= 5) apart where NEXPOINT joins
// them, and NDD keeps the exact union (x = 0 || x = 3) under p.
func TestPrecisionTableI(t *testing.T) {
	env := numeric.MustEnv("x")
	sp := numpred.MustSpace(env, numpred.Opaque("p"), numpred.Opaque("q"))
	p, q := numpred.P(0), numpred.P(1)
	for _, d := range allDomains(t, sp) {
		v := d.Join(
			d.Alpha(numpred.And(p, numpred.Not(q), numpred.Atoms(ge(x0, c(0)), le(x0, c(3))))),
			d.Alpha(numpred.And(q, numpred.Not(p), numpred.Atoms(ge(x0, c(1)), le(x0, c(5))))))
		underP := d.Meet(v, d.AlphaP(p))
		pointwise := d.Leq(underP, d.AlphaN(numpred.Atom(le(x0, c(3)))))
		require.Equal(t, d.Name() != "nexpoint", pointwise, "%s: %s", d.Name(), d.String(v))

		w := d.Join(d.Alpha(numpred.And(p, numpred.Atom(eq(x0, c(0))))), d.Alpha(numpred.And(p, numpred.Atom(eq(x0, c(3))))))
		exact := d.Leq(d.Meet(w, d.Alpha(numpred.Atom(eq(x0, c(1))))), d.Bottom()) ||
			d.IsBot(d.Reduce(d.Meet(w, d.Alpha(numpred.Atom(eq(x0, c(1)))))))
		require.Equal(t, d.Name() == "ndd", exact, "%s: %s", d.Name(), d.String(w))
	}
}

var _ = interval.New
