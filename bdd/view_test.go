package bdd

import (
	"math/rand"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"
)

// randomDNF returns a random disjunction of cubes over vars variables.
func randomDNF(t *testing.T, m *Manager, rng *rand.Rand, vars, cubes int) Node {
	must := mustf(t)
	u := m.False()
	for c := 0; c < cubes; c++ {
		cube := m.True()
		for v := 0; v < vars; v++ {
			switch rng.Intn(3) {
			case 0:
				cube = must(m.And(cube, must(m.Lit(v, true))))
			case 1:
				cube = must(m.And(cube, must(m.Lit(v, false))))
			}
		}
		u = must(m.Or(u, cube))
	}
	return u
}

// truthTable evaluates n on every assignment of vars variables.
func truthTable(t *testing.T, m *Manager, n Node, vars int) []bool {
	var out []bool
	allEnvs(vars, func(env []bool) { out = append(out, eval(t, m, n, env)) })
	return out
}

// TestApplyUnderCollection runs the applies, All2 and Borrow on a node
// table small enough that rudd collects and grows it during them (the
// view reads the table anew after every growth), against the built-in
// operations and truth tables; the results are then checked again after
// more collections, so a result that was a borrowed node, or held
// nothing, is caught.
func TestApplyUnderCollection(t *testing.T) {
	const vars = 9
	m, err := New(0, vars, NodeSize(1<<6), CacheSize(1<<4))
	require.NoError(t, err)
	must := mustf(t)
	rng := rand.New(rand.NewSource(7))
	and := andOp(m)
	// keep returns u itself for its constants and everything below
	// variable 4: most results are sub-diagrams of the operand.
	keep := UnaryOp{Terminal: func(u Node) (Node, bool, error) {
		if m.IsConst(u) || m.Level(u) >= 4 {
			return u, true, nil
		}
		return Node{}, false, nil
	}}
	type result struct {
		n     Node
		table []bool
	}
	var results []result
	for i := 0; i < 60; i++ {
		u, v := randomDNF(t, m, rng, vars, 6), randomDNF(t, m, rng, vars, 6)
		got := must(m.Apply2(u, v, and))
		require.True(t, m.Equal(must(m.And(u, v)), got))
		same := must(m.Apply1(u, keep))
		require.True(t, m.Equal(u, same))
		imp, err := m.All2(u, v, func(a, b Node) (bool, bool) {
			switch {
			case m.IsFalse(a) || m.IsTrue(b):
				return true, true
			case m.IsConst(a) && m.IsConst(b):
				return false, true
			}
			return false, false
		})
		require.NoError(t, err)
		want, err := m.Implies(u, v)
		require.NoError(t, err)
		require.Equal(t, want, imp)
		var leaves []Node
		m.Borrow(func(s *Scope) {
			x := u
			for !m.IsConst(x) {
				lv := m.Level(x)
				_, hi, lo, err := s.Branches(x)
				require.NoError(t, err)
				require.True(t, m.Equal(must(m.High(x)), hi))
				require.True(t, m.Equal(must(m.Low(x)), lo))
				if lv%2 == 0 {
					x = hi
				} else {
					x = lo
				}
				leaves = append(leaves, must(m.Hold(x)))
			}
		})
		for _, l := range leaves {
			require.False(t, l.Borrowed())
		}
		results = append(results, result{got, truthTable(t, m, got, vars)}, result{same, truthTable(t, m, same, vars)})
		for _, l := range leaves {
			results = append(results, result{l, truthTable(t, m, l, vars)})
		}
		runtime.GC()
	}
	for i := 0; i < 200; i++ {
		randomDNF(t, m, rng, vars, 8) // garbage: rudd collects and reuses slots
	}
	runtime.GC()
	for i, r := range results {
		require.Equal(t, r.table, truthTable(t, m, r.n, vars), "result %d (node %d)", i, r.n.ID())
	}
}

// TestBorrowedNodeKeptIsCaught keeps a borrowed node past its apply: its
// later use must fail the Manager, not name whatever node took its slot.
func TestBorrowedNodeKeptIsCaught(t *testing.T) {
	m, err := New(0, 4)
	require.NoError(t, err)
	must := mustf(t)
	u := must(m.And(must(m.Lit(0, true)), must(m.Lit(1, true))))
	var kept []Node
	_, err = m.Apply1(u, UnaryOp{Terminal: func(n Node) (Node, bool, error) {
		kept = append(kept, n)
		if m.IsConst(n) {
			return n, true, nil
		}
		return Node{}, false, nil
	}})
	require.NoError(t, err)
	var borrowed *Node
	for i := range kept {
		if kept[i].Borrowed() {
			borrowed = &kept[i]
		}
	}
	require.NotNil(t, borrowed, "the apply handed out no borrowed node")
	_, err = m.And(*borrowed, m.True())
	require.ErrorIs(t, err, errBorrowed)
}

// andOp is conjunction as a BinaryOp.
func andOp(m *Manager) BinaryOp {
	return BinaryOp{Terminal: func(u, v Node) (Node, bool, error) {
		switch {
		case m.IsFalse(u) || m.IsFalse(v):
			return m.False(), true, nil
		case m.IsTrue(u):
			return v, true, nil
		case m.IsTrue(v):
			return u, true, nil
		}
		return Node{}, false, nil
	}}
}

func TestAnyLevel(t *testing.T) {
	m, err := New(0, 4)
	require.NoError(t, err)
	must := mustf(t)
	u := must(m.Or(must(m.And(must(m.Lit(0, true)), must(m.Lit(2, false)))), must(m.Lit(3, true))))
	for level, want := range map[int]bool{0: true, 1: false, 2: true, 3: true} {
		got, err := m.AnyLevel(u, func(l int) bool { return l == level })
		require.NoError(t, err)
		require.Equal(t, want, got, "level %d", level)
	}
	got, err := m.AnyLevel(m.True(), func(int) bool { return true })
	require.NoError(t, err)
	require.False(t, got, "a constant has no internal node")
}
