package bdd

import (
	"bytes"
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// eval evaluates n under the assignment env (indexed by variable).
func eval(t *testing.T, m *Manager, n Node, env []bool) bool {
	t.Helper()
	for !m.IsConst(n) {
		v, err := m.Var(n)
		require.NoError(t, err)
		if env[v] {
			n, err = m.High(n)
		} else {
			n, err = m.Low(n)
		}
		require.NoError(t, err)
	}
	return m.IsTrue(n)
}

func mustf(t *testing.T) func(Node, error) Node {
	return func(n Node, err error) Node {
		t.Helper()
		require.NoError(t, err)
		require.True(t, n.Valid())
		return n
	}
}

func allEnvs(nv int, f func(env []bool)) {
	env := make([]bool, nv)
	for k := 0; k < 1<<nv; k++ {
		for i := range env {
			env[i] = k&(1<<i) != 0
		}
		f(env)
	}
}

func TestLayout(t *testing.T) {
	m, err := New(2, 3)
	require.NoError(t, err)
	require.Equal(t, 9, m.Varnum())
	require.Equal(t, 0, m.VarOf(Pred, 0))
	require.Equal(t, 1, m.VarOf(Primed, 0))
	require.Equal(t, 2, m.VarOf(Shadow, 0))
	require.Equal(t, 3, m.VarOf(Pred, 1))
	require.Equal(t, 6, m.TermVar(0))
	r, i := m.RoleOf(4)
	require.Equal(t, Primed, r)
	require.Equal(t, 1, i)
	r, i = m.RoleOf(8)
	require.Equal(t, Term, r)
	require.Equal(t, 2, i)
	for k := 0; k < 3; k++ {
		v, err := m.NewTerm()
		require.NoError(t, err)
		require.Equal(t, 6+k, v)
		require.True(t, m.IsTermVar(v))
	}
	_, err = m.NewTerm()
	var ce *CapacityError
	require.ErrorAs(t, err, &ce)
	require.Equal(t, Term, ce.Role)
	require.Nil(t, m.Err(), "capacity exhaustion must not poison the manager")
	require.Panics(t, func() { m.VarOf(Pred, 2) })
}

func TestBooleanOpsAgainstTruthTables(t *testing.T) {
	m, err := New(0, 4)
	require.NoError(t, err)
	must := mustf(t)
	x := make([]Node, 4)
	for i := range x {
		x[i] = must(m.Lit(i, true))
	}
	nx0 := must(m.Lit(0, false))
	a := must(m.And(x[0], x[1]))
	o := must(m.Or(a, x[2]))
	n := must(m.Not(o))
	ite := must(m.Ite(x[3], x[0], nx0))
	d := must(m.Diff(x[0], x[1]))
	imp := must(m.Imp(x[0], x[1]))
	ex := must(m.Exists(o, []int{2}))
	allEnvs(4, func(env []bool) {
		require.Equal(t, env[0] && env[1], eval(t, m, a, env))
		require.Equal(t, (env[0] && env[1]) || env[2], eval(t, m, o, env))
		require.Equal(t, !((env[0] && env[1]) || env[2]), eval(t, m, n, env))
		require.Equal(t, env[3] == env[0], eval(t, m, ite, env))
		require.Equal(t, env[0] && !env[1], eval(t, m, d, env))
		require.Equal(t, !env[0] || env[1], eval(t, m, imp, env))
		require.True(t, eval(t, m, ex, env), "exists x2. (x0&x1 | x2) is true")
	})
	require.True(t, m.IsTrue(must(m.And())))
	require.True(t, m.IsFalse(must(m.Or())))
	ok, err := m.Implies(a, o)
	require.NoError(t, err)
	require.True(t, ok)
	ok, err = m.Implies(o, a)
	require.NoError(t, err)
	require.False(t, ok)
	for _, u := range []Node{a, o, n, ite, d, imp, ex} {
		require.NoError(t, m.SanityCheck(u))
	}
}

func TestReplaceAndSubstitution(t *testing.T) {
	m, err := New(2, 0)
	require.NoError(t, err)
	must := mustf(t)
	p, p1 := m.VarOf(Pred, 0), m.VarOf(Primed, 0)
	q, q1 := m.VarOf(Pred, 1), m.VarOf(Primed, 1)
	// f = p' & !q' renamed to p & !q (no clash).
	f := must(m.And(must(m.Lit(p1, true)), must(m.Lit(q1, false))))
	g := must(m.Replace(f, []int{p1, q1}, []int{p, q}))
	want := must(m.And(must(m.Lit(p, true)), must(m.Lit(q, false))))
	require.True(t, m.Equal(g, want))
	// Clash: h = (p xor p') & q; h[p' := p] = false.
	xor := must(m.Ite(must(m.Lit(p, true)), must(m.Lit(p1, false)), must(m.Lit(p1, true))))
	h := must(m.And(xor, must(m.Lit(q, true))))
	r := must(m.Replace(h, []int{p1}, []int{p}))
	require.True(t, m.IsFalse(r))
	// Clash: k = p' & (p | q); k[p' := p] = p.
	k := must(m.And(must(m.Lit(p1, true)), must(m.Or(must(m.Lit(p, true)), must(m.Lit(q, true))))))
	r = must(m.Replace(k, []int{p1}, []int{p}))
	require.True(t, m.Equal(r, must(m.Lit(p, true))))
	_, err = m.Replace(k, []int{p1}, nil)
	require.Error(t, err)
}

func TestApplyMatchesBuiltins(t *testing.T) {
	m, err := New(0, 6)
	require.NoError(t, err)
	must := mustf(t)
	rng := rand.New(rand.NewSource(1))
	random := func() Node { return randomDNF(t, m, rng, 6, 4) }
	and := andOp(m)
	not := UnaryOp{Terminal: func(u Node) (Node, bool, error) {
		switch {
		case m.IsFalse(u):
			return m.True(), true, nil
		case m.IsTrue(u):
			return m.False(), true, nil
		}
		return Node{}, false, nil
	}}
	// Exists over variable 0 through Combine.
	ex := UnaryOp{Terminal: not.Terminal, Combine: func(x int, hi, lo Node) (Node, error) {
		if x == 0 {
			return m.Or(hi, lo)
		}
		return m.IteVar(x, hi, lo)
	}}
	exTerm := func(u Node) (Node, bool, error) {
		if m.IsConst(u) {
			return u, true, nil
		}
		return Node{}, false, nil
	}
	ex.Terminal = exTerm
	for i := 0; i < 50; i++ {
		u, v := random(), random()
		want := must(m.And(u, v))
		got := must(m.Apply2(u, v, and))
		require.True(t, m.Equal(want, got))
		require.True(t, m.Equal(must(m.Not(u)), must(m.Apply1(u, not))))
		require.True(t, m.Equal(must(m.Exists(u, []int{0})), must(m.Apply1(u, ex))))
	}
	_, err = m.Apply2(m.True(), m.False(), BinaryOp{Terminal: func(u, v Node) (Node, bool, error) { return Node{}, false, nil }})
	require.Error(t, err)
}

func TestPathsSizeSupportDot(t *testing.T) {
	m, err := New(0, 3)
	require.NoError(t, err)
	must := mustf(t)
	x0, x1, x2 := must(m.Lit(0, true)), must(m.Lit(1, true)), must(m.Lit(2, false))
	f := must(m.Or(must(m.And(x0, x1)), x2))
	var paths [][]Literal
	require.NoError(t, m.Paths(f, func(p []Literal) error {
		paths = append(paths, append([]Literal(nil), p...))
		return nil
	}))
	k, err := m.PathCount(f)
	require.NoError(t, err)
	require.Equal(t, len(paths), k)
	// The paths are disjoint and their disjunction is f.
	u := m.False()
	for i, p := range paths {
		c := must(m.Cube(p))
		for _, q := range paths[:i] {
			require.True(t, m.IsFalse(must(m.And(c, must(m.Cube(q))))))
		}
		u = must(m.Or(u, c))
	}
	require.True(t, m.Equal(u, f))
	n := 0
	require.NoError(t, m.Paths(f, func([]Literal) error { n++; return ErrStop }))
	require.Equal(t, 1, n)
	sz, err := m.Size(f)
	require.NoError(t, err)
	require.Equal(t, 3, sz)
	supp, err := m.Support(f)
	require.NoError(t, err)
	require.Equal(t, []int{0, 1, 2}, supp)
	act, err := m.ActiveNodes()
	require.NoError(t, err)
	require.GreaterOrEqual(t, act, sz)
	var buf bytes.Buffer
	require.NoError(t, m.Dot(&buf, func(v int) string { return []string{"a", "b", "c"}[v] }, f))
	require.True(t, strings.HasPrefix(buf.String(), "digraph bdd {"))
	require.Contains(t, buf.String(), `label="b"`)
	_, err = m.Var(m.True())
	require.Error(t, err)
	_, err = m.High(m.False())
	require.Error(t, err)
}

func TestErrorsBecomeGoErrors(t *testing.T) {
	m, err := New(0, 4)
	require.NoError(t, err)
	_, err = m.And(Node{}, m.True())
	require.ErrorIs(t, err, ErrInvalidNode)
	_, err = m.Lit(99, true)
	require.Error(t, err)
	require.NoError(t, m.Err(), "argument checks happen before rudd is called")
	// Provoke rudd's sticky error directly: it must surface as a Go error
	// and no nil node may escape.
	n, err := m.wrap(m.b.Ithvar(99))
	require.Error(t, err)
	require.False(t, n.Valid())
	require.Error(t, m.Err())
	x, err := m.Not(m.True())
	require.Error(t, err, "the manager stays failed")
	require.False(t, x.Valid())
	_, err = m.Apply1(m.True(), UnaryOp{})
	require.Error(t, err)
}

func TestTableSize(t *testing.T) {
	m, err := New(1, 4)
	require.NoError(t, err)
	require.Positive(t, m.TableSize())
}

// TestCubeMatchesFold checks Cube against the conjunction of its literals
// in any order, with repeated literals and with a variable in both phases.
func TestCubeMatchesFold(t *testing.T) {
	m, err := New(2, 4)
	require.NoError(t, err)
	must := mustf(t)
	fold := func(lits []Literal) Node {
		acc := m.True()
		for _, l := range lits {
			acc = must(m.And(acc, must(m.Lit(l.Var, l.Pos))))
		}
		return acc
	}
	cases := [][]Literal{
		nil,
		{{Var: 3, Pos: true}},
		{{Var: 7, Pos: false}, {Var: 0, Pos: true}, {Var: 5, Pos: true}, {Var: 2, Pos: false}},
		{{Var: 4, Pos: true}, {Var: 1, Pos: false}, {Var: 4, Pos: true}},
		{{Var: 6, Pos: true}, {Var: 1, Pos: false}, {Var: 6, Pos: false}},
	}
	for i, lits := range cases {
		got := must(m.Cube(lits))
		require.Equal(t, fold(lits).ID(), got.ID(), "case %d", i)
	}
	require.True(t, m.IsFalse(must(m.Cube(cases[4]))))
	_, err = m.Cube([]Literal{{Var: 99, Pos: true}})
	require.Error(t, err)
}

func TestCustomLayout(t *testing.T) {
	// Predicate 1 first, then two terms of group 7, then predicate 0,
	// then a pool of two terms.
	m, err := New(2, 2, Layout(PredBlock(1), TermBlock(7, 2), PredBlock(0)))
	require.NoError(t, err)
	require.Equal(t, 3+2+3+2, m.Varnum())
	require.Equal(t, 0, m.VarOf(Pred, 1))
	require.Equal(t, 2, m.VarOf(Shadow, 1))
	require.Equal(t, 5, m.VarOf(Pred, 0))
	require.Equal(t, 6, m.VarOf(Primed, 0))
	require.Equal(t, 4, m.TermCapacity())
	require.Equal(t, []int{3, 4, 8, 9}, []int{m.TermVar(0), m.TermVar(1), m.TermVar(2), m.TermVar(3)})
	r, i := m.RoleOf(6)
	require.Equal(t, Primed, r)
	require.Equal(t, 0, i)
	r, i = m.RoleOf(4)
	require.Equal(t, Term, r)
	require.Equal(t, 1, i)
	require.True(t, m.IsTermVar(3))
	require.False(t, m.IsTermVar(5))
	require.True(t, m.IsTermVar(m.Varnum()), "the constants' level counts as numeric")

	// Group 7 gets its reserved variables first, then the pool; other
	// groups go straight to the pool.
	v, err := m.NewTermIn(7)
	require.NoError(t, err)
	require.Equal(t, 3, v)
	v, err = m.NewTermIn(3)
	require.NoError(t, err)
	require.Equal(t, 8, v)
	v, err = m.NewTermIn(7)
	require.NoError(t, err)
	require.Equal(t, 4, v)
	v, err = m.NewTermIn(7)
	require.NoError(t, err)
	require.Equal(t, 9, v)
	require.Equal(t, 4, m.TermsUsed())
	_, err = m.NewTermIn(7)
	var ce *CapacityError
	require.ErrorAs(t, err, &ce)

	// Operations respect the order: a cube over all roles is one chain.
	c, err := m.Cube([]Literal{{m.VarOf(Pred, 0), true}, {3, false}, {m.VarOf(Pred, 1), true}})
	require.NoError(t, err)
	require.NoError(t, m.SanityCheck(c))
	n, err := m.Size(c)
	require.NoError(t, err)
	require.Equal(t, 3, n)

	_, err = New(2, 0, Layout(PredBlock(0)))
	require.Error(t, err, "a predicate without a block")
	_, err = New(1, 0, Layout(PredBlock(0), PredBlock(0)))
	require.Error(t, err, "a predicate placed twice")
}

func TestAndExists(t *testing.T) {
	m, err := New(0, 4)
	require.NoError(t, err)
	must := mustf(t)
	x := make([]Node, 4)
	for i := range x {
		x[i] = must(m.Lit(i, true))
	}
	a := must(m.Or(must(m.And(x[0], x[1])), x[2]))
	b := must(m.Or(must(m.Not(x[1])), x[3]))
	got := must(m.AndExists(a, b, []int{1, 2}))
	want := must(m.Exists(must(m.And(a, b)), []int{1, 2}))
	require.True(t, m.Equal(got, want))
	got = must(m.AndExists(a, b, nil))
	require.True(t, m.Equal(got, must(m.And(a, b))))
}

// TestIteVarAndActive: IteVar is ite(v, g, h) whether or not its cache
// answers, and hands out the same node for the same call; Active lists
// every internal node of a live diagram with its branches.
func TestIteVarAndActive(t *testing.T) {
	m, err := New(0, 4)
	require.NoError(t, err)
	must := mustf(t)
	a, b, c := must(m.Lit(1, true)), must(m.Lit(2, true)), must(m.Lit(3, false))
	g := must(m.And(b, c))
	for round := 0; round < 2; round++ {
		u := must(m.IteVar(0, g, a))
		x := must(m.Lit(0, true))
		want := must(m.Or(must(m.And(x, g)), must(m.And(must(m.Not(x)), a))))
		require.True(t, m.Equal(u, want), "round %d", round)
		// Variable 3 sits below g's root: the cache must not mix orders.
		w := must(m.IteVar(3, g, a))
		y := must(m.Lit(3, true))
		require.True(t, m.Equal(w, must(m.Or(must(m.And(y, g)), must(m.And(must(m.Not(y)), a))))))
	}
	require.Equal(t, must(m.IteVar(0, g, a)).ID(), must(m.IteVar(0, g, a)).ID())
	nodes := map[int][3]int{}
	require.NoError(t, m.Active(func(id, level, lo, hi int) { nodes[id] = [3]int{level, lo, hi} }))
	hi, lo, err := m.branches(g)
	require.NoError(t, err)
	require.Equal(t, [3]int{2, lo.ID(), hi.ID()}, nodes[g.ID()])
	require.GreaterOrEqual(t, m.Collections(), 0)
}
