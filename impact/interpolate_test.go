package impact

import (
	"context"
	"fmt"
	"testing"

	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/smt"
)

func x(d int) numeric.LinExpr   { return numeric.Var(numeric.Dim(d)) }
func k(c int64) numeric.LinExpr { return numeric.Const(c) }

// neq is x != c as a dnf.
func neq(e numeric.LinExpr, c int64) dnf {
	return dnf{conj{numeric.Le(e, k(c-1))}, conj{numeric.Ge(e, k(c+1))}}
}

// TestInterpolateDisjunctive checks the sequence property of the
// interpolants of groups with disjunctions on both sides of the cuts:
// G_0 ⇒ I_0, I_{k-1} ∧ G_k ⇒ I_k, I_{n-2} ∧ G_{n-1} unsatisfiable.
func TestInterpolateDisjunctive(t *testing.T) {
	for _, m := range checkInterpolants(t) {
		t.Error(m)
	}
}

// TestBrokenCombinationIsCaught combines the case interpolants wrongly
// (a disjunction over every case, suffix choices included) and checks
// that the sequence property test notices.
func TestBrokenCombinationIsCaught(t *testing.T) {
	breakage = "combine"
	defer func() { breakage = "" }()
	ms := checkInterpolants(t)
	if len(ms) == 0 {
		t.Error("a wrong combination of case interpolants went unnoticed")
	}
	for _, m := range ms {
		t.Logf("caught: %s", m)
	}
}

// checkInterpolants returns the sequence-property violations of the
// interpolants of a few disjunctive group sequences.
func checkInterpolants(t *testing.T) []string {
	var out []string
	cases := map[string][]dnf{
		"neq suffix": {
			{conj{numeric.Eq(x(0), k(0))}},
			{conj{numeric.Eq(x(1), x(0).AddConst(numeric.I(1)))}},
			neq(x(1), 1),
		},
		"both sides": {
			{conj{numeric.Eq(x(0), k(0))}, conj{numeric.Eq(x(0), k(2))}},
			{conj{numeric.Eq(x(1), x(0).AddConst(numeric.I(1)))}},
			{conj{numeric.Eq(x(2), x(1))}, conj{numeric.Eq(x(2), x(1).AddConst(numeric.I(-1)))}},
			// x2 ∉ {0, 1, 2, 3}
			{conj{numeric.Le(x(2), k(-1))}, conj{numeric.Ge(x(2), k(4))}},
		},
		"irrelevant groups": {
			{conj{numeric.Eq(x(0), k(5))}},
			neq(x(3), 7),
			{conj{numeric.Le(x(0), k(4))}},
		},
	}
	z, err := smt.NewContext()
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	for name, groups := range cases {
		r := &runner{z: z, res: &engine.Result{}, stats: &Stats{}}
		itps, err := r.interpolate(context.Background(), groups)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(itps) != len(groups)-1 {
			t.Fatalf("%s: %d interpolants for %d groups", name, len(itps), len(groups))
		}
		unsat := func(what string, fs ...dnf) {
			sol := z.NewSolver()
			defer sol.Close()
			for _, f := range fs {
				sol.Assert(r.dnfTerm(f, "t!"))
			}
			res, err := sol.Check()
			if err != nil {
				t.Fatal(err)
			}
			if res != smt.Unsat {
				out = append(out, fmt.Sprintf("%s: %s does not hold", name, what))
			}
		}
		not := func(d dnf) dnf {
			n, ok := negate(label{d})
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
			t.Logf("%s: I_%d = %s", name, i, dnfString(d, nil))
		}
	}
	return out
}

// TestInterpolateFeasible checks that satisfiable groups give errSat.
func TestInterpolateFeasible(t *testing.T) {
	z, err := smt.NewContext()
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	r := &runner{z: z, res: &engine.Result{}, stats: &Stats{}}
	_, err = r.interpolate(context.Background(), []dnf{{conj{numeric.Eq(x(0), k(0))}}, neq(x(0), 1)})
	if err != errSat {
		t.Errorf("got %v, want errSat", err)
	}
}
