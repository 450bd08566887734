package interp_test

// Issue 18: testdata/examples/wrap_poly.c, a 30-line C program whose
// wrap-around cases put coefficients of 2^32 and beyond into polyhedra,
// took seconds (NEXPOINT) to minutes (the others) under --numeric
// polyhedra. It must be proved under every combined domain; the test
// guards against a hang with a generous deadline, and the benchmark
// records the time:
//
//	go test -tags buddy ./interp -run '^$' -bench WrapPoly -benchtime 5x

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/interp"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

var wrapPolyDomains = []string{"nexpoint", "nex", "mtndd", "ndd"}

func loadWrapPoly(tb testing.TB) *ir.Program {
	tb.Helper()
	prog, err := frontend.Load(filepath.Join("..", "testdata", "examples", "wrap_poly.c"))
	if err != nil {
		tb.Fatal(err)
	}
	return prog
}

func analyzeWrapPoly(tb testing.TB, prog *ir.Program, dom string, limit time.Duration) *interp.Result {
	tb.Helper()
	cfg := interp.DefaultConfig()
	cfg.Domain, cfg.Numeric = dom, "polyhedra"
	cfg.Deadline = time.Now().Add(limit)
	res, err := interp.Analyze(prog, cfg)
	if err != nil {
		tb.Fatalf("%s/polyhedra: %v", dom, err)
	}
	return res
}

// TestWrapPolyProved runs wrap_poly.c under every combined domain with
// polyhedra: TRUE, within a guard against a hang (10 s; each takes
// 0.01-0.02 s on an idle 2-core machine, NDD took 3-4 s while the
// wrap-around cases were predicates).
func TestWrapPolyProved(t *testing.T) {
	prog := loadWrapPoly(t)
	for _, dom := range wrapPolyDomains {
		t.Run(dom, func(t *testing.T) {
			res := analyzeWrapPoly(t, prog, dom, 10*time.Second)
			if res.Verdict != engine.True {
				t.Errorf("%s/polyhedra: %s (%s) after %.2fs, want TRUE", dom, res.Verdict, res.Reason, res.Time.Seconds())
			}
			t.Logf("%s/polyhedra: %s in %.3fs", dom, res.Verdict, res.Time.Seconds())
		})
	}
}

// BenchmarkWrapPoly times wrap_poly.c under every combined domain.
func BenchmarkWrapPoly(b *testing.B) {
	prog := loadWrapPoly(b)
	for _, dom := range wrapPolyDomains {
		b.Run(dom, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if res := analyzeWrapPoly(b, prog, dom, time.Minute); res.Verdict != engine.True {
					b.Fatalf("%s/polyhedra: %s (%s)", dom, res.Verdict, res.Reason)
				}
			}
		})
	}
}

// TestWrapAtomsAreNotPredicates: the atoms of a front end's wrap-around
// cases (ir.Assume.Wrap) are not branch atoms, so a plain analysis does
// not make them predicates. On wrap_poly.c they were 22 of its 30
// predicates, and NDD took 3.5-4 s instead of 0.02 s.
func TestWrapAtomsAreNotPredicates(t *testing.T) {
	prog := loadWrapPoly(t)
	branch := map[string]bool{}
	var wraps []numeric.Constraint
	for _, f := range prog.Funcs {
		for _, e := range f.Edges {
			a, ok := e.Op.(*ir.Assume)
			if !ok {
				continue
			}
			for _, c := range ir.Atoms(a.Cond) {
				if a.Wrap {
					wraps = append(wraps, c)
				} else {
					branch[c.String(nil)] = true
				}
			}
		}
	}
	if len(wraps) == 0 {
		t.Fatal("wrap_poly.c has no wrap-around cases: the front end no longer marks them")
	}
	pr := interp.BranchAtomsPrecision(prog)
	for _, c := range wraps {
		if pr.HasPred(c) && !branch[c.String(nil)] {
			t.Errorf("wrap-around atom %s is a predicate", c.String(nil))
		}
	}
	if pr.NumPreds() == 0 {
		t.Error("no branch atom is a predicate")
	}
}
