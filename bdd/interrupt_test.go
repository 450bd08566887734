package bdd

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"
)

// randomBDD returns a disjunction of random cubes over nv variables.
func randomBDD(t *testing.T, m *Manager, rng *rand.Rand, nv, cubes int) Node {
	must := mustf(t)
	u := m.False()
	for c := 0; c < cubes; c++ {
		lits := []Literal{}
		for v := 0; v < nv; v++ {
			if k := rng.Intn(3); k < 2 {
				lits = append(lits, Literal{Var: v, Pos: k == 0})
			}
		}
		u = must(m.Or(u, must(m.Cube(lits))))
	}
	return u
}

// TestPolledOpsMatchRudd checks the interruptible And, Or, Ite and
// IteVar against rudd's own operations: BDDs are canonical, so both must
// return the same node.
func TestPolledOpsMatchRudd(t *testing.T) {
	m, err := New(0, 12)
	require.NoError(t, err)
	must := mustf(t)
	rng := rand.New(rand.NewSource(7))
	m.SetInterrupt(func() bool { return false })
	for i := 0; i < 200; i++ {
		f, g, h := randomBDD(t, m, rng, 12, 1+rng.Intn(8)), randomBDD(t, m, rng, 12, 1+rng.Intn(8)), randomBDD(t, m, rng, 12, 1+rng.Intn(8))
		v := rng.Intn(12)
		m.bigAt = 1 << 62 // rudd
		and, or, ite, itev := must(m.And(f, g, h)), must(m.Or(f, g, h)), must(m.Ite(f, g, h)), must(m.IteVar(v, g, h))
		clear(m.ites)
		m.bigAt = 0 // the polled recursion
		require.True(t, m.interruptible())
		require.True(t, m.Equal(and, must(m.And(f, g, h))), "and %d", i)
		require.True(t, m.Equal(or, must(m.Or(f, g, h))), "or %d", i)
		require.True(t, m.Equal(ite, must(m.Ite(f, g, h))), "ite %d", i)
		require.True(t, m.Equal(itev, must(m.IteVar(v, g, h))), "iteVar %d", i)
		clear(m.ites)
	}
}

// TestInterruptStopsLargeOr checks that an Or on a large node table stops
// when the check says so, with ErrInterrupted, and that the Manager stays
// usable; below the table size rudd runs it, and the check is not called.
func TestInterruptStopsLargeOr(t *testing.T) {
	const n = 10 // x_i at variable i, y_i at n + i: equality is exponential
	m, err := New(0, 2*n)
	require.NoError(t, err)
	must := mustf(t)
	eq := func(shift int) Node {
		u := m.True()
		for i := 0; i < n; i++ {
			x, y := must(m.Lit(i, true)), must(m.Lit(n+(i+shift)%n, true))
			u = must(m.And(u, must(m.Ite(x, y, must(m.Not(y))))))
		}
		return u
	}
	a, b, c := eq(0), eq(1), eq(2)
	want := must(m.Or(a, b))
	calls := 0
	m.SetInterrupt(func() bool { calls++; return calls > 2 })
	require.True(t, m.Equal(want, must(m.Or(a, b))))
	require.Zero(t, calls, "rudd's Or polled on a small table")
	m.bigAt = 0
	clear(m.ites)
	_, err = m.Or(a, c)
	require.ErrorIs(t, err, ErrInterrupted)
	require.Equal(t, 3, calls)
	require.NoError(t, m.Err())
	m.SetInterrupt(nil)
	require.False(t, m.interruptible())
	require.True(t, m.Equal(want, must(m.Or(a, b))))
}
