package pathenc

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/smt"
)

func x(d int) numeric.LinExpr   { return numeric.Var(numeric.Dim(d)) }
func k(c int64) numeric.LinExpr { return numeric.Const(c) }

// neq is x != c as a DNF.
func neq(e numeric.LinExpr, c int64) DNF {
	return DNF{Conj{numeric.Le(e, k(c-1))}, Conj{numeric.Ge(e, k(c+1))}}
}

// TestInterpolateDisjunctive checks the sequence property of the
// interpolants of groups with disjunctions on both sides of the cuts:
// G_0 ⇒ I_0, I_{k-1} ∧ G_k ⇒ I_k, I_{n-2} ∧ G_{n-1} unsatisfiable, with
// and without the unsat core.
func TestInterpolateDisjunctive(t *testing.T) {
	for _, core := range []bool{true, false} {
		for _, m := range checkInterpolants(t, core, false) {
			t.Error(m)
		}
	}
}

// TestBrokenCombinationIsCaught combines the case interpolants wrongly
// (a disjunction over every case, suffix choices included) and checks
// that the sequence property test notices.
func TestBrokenCombinationIsCaught(t *testing.T) {
	ms := checkInterpolants(t, true, true)
	if len(ms) == 0 {
		t.Error("a wrong combination of case interpolants went unnoticed")
	}
	for _, m := range ms {
		t.Logf("caught: %s", m)
	}
}

// checkInterpolants returns the sequence-property violations of the
// interpolants of a few disjunctive group sequences.
func checkInterpolants(t *testing.T, core, broken bool) []string {
	var out []string
	cases := map[string][]DNF{
		"neq suffix": {
			{Conj{numeric.Eq(x(0), k(0))}},
			{Conj{numeric.Eq(x(1), x(0).AddConst(numeric.I(1)))}},
			neq(x(1), 1),
		},
		"both sides": {
			{Conj{numeric.Eq(x(0), k(0))}, Conj{numeric.Eq(x(0), k(2))}},
			{Conj{numeric.Eq(x(1), x(0).AddConst(numeric.I(1)))}},
			{Conj{numeric.Eq(x(2), x(1))}, Conj{numeric.Eq(x(2), x(1).AddConst(numeric.I(-1)))}},
			// x2 ∉ {0, 1, 2, 3}
			{Conj{numeric.Le(x(2), k(-1))}, Conj{numeric.Ge(x(2), k(4))}},
		},
		"irrelevant groups": {
			{Conj{numeric.Eq(x(0), k(5))}},
			neq(x(3), 7),
			{Conj{numeric.Le(x(0), k(4))}},
		},
	}
	z, err := smt.NewContext()
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	for name, groups := range cases {
		ip := &Interpolator{breakCombine: broken}
		if core {
			ip.Z = z
		}
		itps, err := ip.Sequence(context.Background(), groups)
		ip.Close()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(itps) != len(groups)-1 {
			t.Fatalf("%s: %d interpolants for %d groups", name, len(itps), len(groups))
		}
		unsat := func(what string, fs ...DNF) {
			sol := z.NewSolver()
			defer sol.Close()
			for _, f := range fs {
				sol.Assert(Term(z, f, "t!"))
			}
			res, err := sol.Check()
			if err != nil {
				t.Fatal(err)
			}
			if res != smt.Unsat {
				out = append(out, fmt.Sprintf("%s: %s does not hold", name, what))
			}
		}
		not := func(d DNF) DNF {
			n, ok := Negate(d, 1<<10)
			if !ok {
				t.Fatalf("%s: cannot negate", name)
			}
			return n
		}
		unsat("G_0 ⇒ I_0", groups[0], not(itps[0]))
		for i := 1; i < len(itps); i++ {
			unsat("I_{k-1} ∧ G_k ⇒ I_k", itps[i-1], groups[i], not(itps[i]))
		}
		unsat("I_{n-2} ∧ G_{n-1} unsat", itps[len(itps)-1], groups[len(groups)-1])
		for i, d := range itps {
			t.Logf("%s (core %v): I_%d = %s", name, core, i, d.String(nil))
		}
	}
	return out
}

// TestInterpolateFeasible checks that satisfiable groups give ErrSat
// with a solver and ErrNoInterpolant without.
func TestInterpolateFeasible(t *testing.T) {
	z, err := smt.NewContext()
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	groups := []DNF{{Conj{numeric.Eq(x(0), k(0))}}, neq(x(0), 1)}
	ip := &Interpolator{Z: z}
	defer ip.Close()
	if _, err := ip.Sequence(context.Background(), groups); !errors.Is(err, ErrSat) {
		t.Errorf("with a solver: got %v, want ErrSat", err)
	}
	if _, err := (&Interpolator{}).Sequence(context.Background(), groups); !errors.Is(err, ErrNoInterpolant) {
		t.Errorf("without a solver: got %v, want ErrNoInterpolant", err)
	}
}
