package itp_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/numpred/numpred/itp"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/smt"
)

// z3 translates constraints over dimensions into Z3 terms.
type z3 struct {
	c    *smt.Context
	vars []*smt.Term
}

func newZ3(t *testing.T, n int) *z3 {
	c, err := smt.NewContext()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	z := &z3{c: c}
	for i := 0; i < n; i++ {
		z.vars = append(z.vars, c.Const(fmt.Sprintf("x%d", i), c.IntSort()))
	}
	return z
}

func (z *z3) term(k numeric.Constraint) *smt.Term {
	e := k.Expr()
	sum := []*smt.Term{z.c.IntBig(e.Constant().Big())}
	for _, t := range e.Terms() {
		sum = append(sum, z.c.Mul(z.c.IntBig(t.Coef.Big()), z.vars[t.Dim]))
	}
	lhs := z.c.Add(sum...)
	if k.Kind() == numeric.EQ {
		return z.c.Eq(lhs, z.c.IntVal(0))
	}
	return z.c.Le(lhs, z.c.IntVal(0))
}

func (z *z3) and(ks []numeric.Constraint) *smt.Term {
	ts := []*smt.Term{z.c.True()}
	for _, k := range ks {
		ts = append(ts, z.term(k))
	}
	return z.c.And(ts...)
}

// unsat reports whether f is unsatisfiable.
func (z *z3) unsat(t *testing.T, f *smt.Term) bool {
	s := z.c.NewSolver()
	defer s.Close()
	s.Assert(f)
	r, err := s.Check()
	if err != nil {
		t.Fatal(err)
	}
	return r == smt.Unsat
}

func dims(ks []numeric.Constraint) map[numeric.Dim]bool {
	out := map[numeric.Dim]bool{}
	for _, k := range ks {
		for _, t := range k.Expr().Terms() {
			out[t.Dim] = true
		}
	}
	return out
}

// checkSequence checks the defining properties of sequence interpolants
// with Z3: A_1..A_k ⇒ I_k, I_k ∧ A_{k+1}..A_n unsatisfiable, and I_k over
// the dimensions both sides share.
func checkSequence(t *testing.T, groups [][]numeric.Constraint, nvars int, is []numeric.Constraint) {
	t.Helper()
	if len(is) != len(groups)-1 {
		t.Fatalf("%d interpolants for %d groups", len(is), len(groups))
	}
	z := newZ3(t, nvars)
	for k, I := range is {
		var a, b []numeric.Constraint
		for i, g := range groups {
			if i <= k {
				a = append(a, g...)
			} else {
				b = append(b, g...)
			}
		}
		if !z.unsat(t, z.c.And(z.and(a), z.c.Not(z.term(I)))) {
			t.Errorf("I_%d = %s is not implied by its prefix", k+1, I.String(nil))
		}
		if !z.unsat(t, z.c.And(z.term(I), z.and(b))) {
			t.Errorf("I_%d = %s is consistent with its suffix", k+1, I.String(nil))
		}
		da, db := dims(a), dims(b)
		for _, tm := range I.Expr().Terms() {
			if !da[tm.Dim] || !db[tm.Dim] {
				t.Errorf("I_%d = %s mentions x%d, not shared", k+1, I.String(nil), tm.Dim)
			}
		}
	}
}

func parse(t *testing.T, env *numeric.Env, srcs ...string) [][]numeric.Constraint {
	var out [][]numeric.Constraint
	for _, s := range srcs {
		if s == "" {
			out = append(out, nil)
			continue
		}
		cs, err := numeric.ParseConstraints(s, env)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, cs)
	}
	return out
}

// TestSequencePath: x0 = 0; x1 = x0 + 1; x2 = x1 + 1; assume x2 < 2 — the
// SSA form of a path — has interpolants x0 <= 0, x1 <= 1, x2 <= 2 (or
// stronger).
func TestSequencePath(t *testing.T) {
	env, _ := numeric.NewEnv("x0", "x1", "x2", "y")
	groups := parse(t, env, "x0 = 0", "x1 = x0 + 1, y = 5", "x2 = x1 + 1", "x2 <= 1, y >= 0")
	is, err := itp.Sequence(groups, env.Len())
	if err != nil {
		t.Fatal(err)
	}
	for _, I := range is {
		t.Log(I.String(env))
	}
	checkSequence(t, groups, env.Len(), is)
}

// TestSequenceFeasible: a satisfiable conjunction has no interpolants.
func TestSequenceFeasible(t *testing.T) {
	env, _ := numeric.NewEnv("x", "y")
	if _, err := itp.Sequence(parse(t, env, "x >= 0", "y = x + 1", "y <= 5"), env.Len()); err != itp.ErrFeasible {
		t.Fatalf("err = %v, want ErrFeasible", err)
	}
	// Integer-infeasible, rationally feasible (x = y = 1/2): no Farkas
	// certificate.
	if _, err := itp.Sequence(parse(t, env, "x + y = 1", "x - y = 0"), env.Len()); err != itp.ErrFeasible {
		t.Fatalf("x + y = 1, x = y: err = %v, want ErrFeasible", err)
	}
}

// TestSequenceRandom checks interpolants of random infeasible chains:
// each group relates consecutive variables, the last contradicts.
func TestSequenceRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	found := 0
	for iter := 0; iter < 200 && found < 40; iter++ {
		n := 3 + rng.IntN(5)
		var groups [][]numeric.Constraint
		for k := 0; k < n; k++ {
			var g []numeric.Constraint
			for j := 0; j < 1+rng.IntN(3); j++ {
				a := numeric.Var(numeric.Dim(k)).Scale(numeric.I(int64(rng.IntN(5) - 2)))
				b := numeric.Var(numeric.Dim(k + 1)).Scale(numeric.I(int64(rng.IntN(5) - 2)))
				e := a.Add(b).AddConst(numeric.I(int64(rng.IntN(21) - 10)))
				if e.IsConst() {
					continue
				}
				kind := numeric.LE
				if rng.IntN(4) == 0 {
					kind = numeric.EQ
				}
				g = append(g, numeric.NewConstraint(e, kind))
			}
			groups = append(groups, g)
		}
		is, err := itp.Sequence(groups, n+1)
		if err == itp.ErrFeasible {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		found++
		checkSequence(t, groups, n+1, is)
	}
	if found < 10 {
		t.Fatalf("only %d infeasible chains", found)
	}
}

// TestBinary: x <= y, y <= z ⟂ z < x gives an interpolant over x and z.
func TestBinary(t *testing.T) {
	env, _ := numeric.NewEnv("x", "y", "z")
	g := parse(t, env, "x - y <= 0, y - z <= 0", "z - x <= -1")
	I, err := itp.Binary(g[0], g[1], env.Len())
	if err != nil {
		t.Fatal(err)
	}
	if got := I.String(env); got != "x - z <= 0" {
		t.Errorf("interpolant %s, want x - z <= 0", got)
	}
	checkSequence(t, g, env.Len(), []numeric.Constraint{I})
}
