package cegar_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/numpred/numpred/cegar"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/interp"
	"github.com/numpred/numpred/ir"
)

const header = "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n"

func load(t *testing.T, src string) *ir.Program {
	t.Helper()
	path := filepath.Join(t.TempDir(), "prog.c")
	if err := os.WriteFile(path, []byte(header+src), 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := frontend.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func run(t *testing.T, p *ir.Program, opt cegar.Options) *cegar.Result {
	t.Helper()
	if opt.Interp.Domain == "" {
		opt.Interp = interp.DefaultConfig()
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	res, err := cegar.Run(ctx, p, opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range engine.StatsOf[*cegar.Stats](&res.Result).Rounds {
		t.Logf("round %d: %d preds %d vars, %s, path %d, feasible %v, %s +%v +%v (analysis %v, smt %v)", r.Round, r.Preds, r.NumVars, r.Verdict, r.PathLen, r.Feasible, r.Stage, r.AddedPreds, r.AddedVars, r.Analysis, r.SMT)
	}
	return res
}

// correlated needs the predicate x > 0 (or y = 1) to relate two branches:
// the join after the first loses it. The loop keeps the search for an
// abstract path (which does not join) from proving it alone: its counter
// grows without bound.
const correlated = `
int main(void) {
  int x = __VERIFIER_nondet_int();
  int n = __VERIFIER_nondet_int();
  int y, i = 0;
  if (x > 0) y = 1; else y = 0;
  while (i < n) i++;
  if (x > 0) { if (y != 1) reach_error(); }
  return 0;
}`

// TestNoJoinProof: without the loop, the abstraction without joins (the
// counterexample search of interp) proves the correlated branches in the
// first round, from no predicates.
func TestNoJoinProof(t *testing.T) {
	p := load(t, `
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y;
  if (x > 0) y = 1; else y = 0;
  if (x > 0) { if (y != 1) reach_error(); }
  return 0;
}`)
	res := run(t, p, cegar.Options{Initial: cegar.InitialEmpty})
	if res.Verdict != engine.True || engine.StatsOf[*cegar.Stats](&res.Result).Refinements != 0 {
		t.Fatalf("verdict %s after %d refinements (%s), want TRUE after none", res.Verdict, engine.StatsOf[*cegar.Stats](&res.Result).Refinements, res.Reason)
	}
	// ... and never proves an unsafe variant.
	bad := load(t, `
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y;
  if (x > 0) y = 1; else y = 0;
  if (x > 0) { if (y != 0) reach_error(); }
  return 0;
}`)
	if res := run(t, bad, cegar.Options{Initial: cegar.InitialEmpty}); res.Verdict != engine.False {
		t.Fatalf("unsafe variant: verdict %s (%s), want FALSE", res.Verdict, res.Reason)
	}
}

// TestRefineFromEmpty: from no predicates, each refiner proves the
// correlated branches after at least one refinement.
func TestRefineFromEmpty(t *testing.T) {
	p := load(t, correlated)
	plain := interp.DefaultConfig()
	plain.Precision = interp.NewPrecision(true)
	if res, err := interp.Analyze(p, plain); err != nil || res.Verdict == engine.True {
		t.Fatalf("without predicates: %v %v, want UNKNOWN (the test needs refinement)", res.Verdict, err)
	}
	for _, r := range []cegar.Refiner{cegar.RefinerCore, cegar.RefinerInterpolant, cegar.RefinerBoth} {
		t.Run(string(r), func(t *testing.T) {
			res := run(t, p, cegar.Options{Refiner: r, Initial: cegar.InitialEmpty})
			if res.Verdict != engine.True {
				t.Fatalf("verdict %s (%s), want TRUE", res.Verdict, res.Reason)
			}
			if engine.StatsOf[*cegar.Stats](&res.Result).Refinements < 1 || len(engine.StatsOf[*cegar.Stats](&res.Result).Rounds) != engine.StatsOf[*cegar.Stats](&res.Result).Refinements+1 {
				t.Errorf("%d refinements, %d rounds", engine.StatsOf[*cegar.Stats](&res.Result).Refinements, len(engine.StatsOf[*cegar.Stats](&res.Result).Rounds))
			}
		})
	}
}

// TestRefineNumericFirst: with no numeric variables either, the core
// refiner adds the core's variables first, as the paper's scheme does.
func TestRefineNumericFirst(t *testing.T) {
	p := load(t, `
int main(void) {
  int x = 0;
  int z = __VERIFIER_nondet_int();
  x = x + 2;
  if (x != 2) reach_error();
  return 0;
}`)
	res := run(t, p, cegar.Options{Refiner: cegar.RefinerCore, Initial: cegar.InitialEmpty, EmptyNumeric: true})
	if res.Verdict != engine.True {
		t.Fatalf("verdict %s (%s), want TRUE", res.Verdict, res.Reason)
	}
	if len(engine.StatsOf[*cegar.Stats](&res.Result).Rounds) < 2 || engine.StatsOf[*cegar.Stats](&res.Result).Rounds[0].Stage != "vars" {
		t.Fatalf("first refinement %+v, want the core's variables", engine.StatsOf[*cegar.Stats](&res.Result).Rounds[0])
	}
	got := strings.Join(engine.StatsOf[*cegar.Stats](&res.Result).Rounds[0].AddedVars, ",")
	if !strings.Contains(got, "x") || strings.Contains(got, "z") {
		t.Errorf("added variables %s, want x and not z", got)
	}
}

// TestFalse: a reachable error is answered FALSE with a replayed,
// trusted counterexample whose inputs reach it.
func TestFalse(t *testing.T) {
	p := load(t, `
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = 0;
  if (x > 10) y = x - 10;
  if (y == 7) reach_error();
  return 0;
}`)
	res := run(t, p, cegar.Options{Initial: cegar.InitialEmpty})
	if res.Verdict != engine.False {
		t.Fatalf("verdict %s (%s), want FALSE", res.Verdict, res.Reason)
	}
	cx := res.Counterexample
	if cx == nil || !cx.Trusted() || len(cx.Inputs) != 1 || cx.Inputs[0].Value.String() != "17" {
		t.Fatalf("counterexample %+v, want the input 17", cx)
	}
}

// TestProgressBound: a loop whose safety no predicate of the path can
// show (the counter needs x = 2i, beyond intervals) must end, UNKNOWN,
// within the refinement bound, never loop.
func TestProgressBound(t *testing.T) {
	p := load(t, `
int main(void) {
  int i = 0, x = 0;
  int n = __VERIFIER_nondet_int();
  while (i < n) { i = i + 1; x = x + 2; }
  if (i > 0 && x == 2 * i + 1) reach_error();
  return 0;
}`)
	res := run(t, p, cegar.Options{Initial: cegar.InitialEmpty, MaxRefinements: 6})
	if res.Verdict == engine.False {
		t.Fatalf("FALSE on a safe program")
	}
	if len(engine.StatsOf[*cegar.Stats](&res.Result).Rounds) > 7 {
		t.Fatalf("%d rounds for 6 refinements", len(engine.StatsOf[*cegar.Stats](&res.Result).Rounds))
	}
}

// TestCalls: the path through a callee is expanded and refined.
func TestCalls(t *testing.T) {
	p := load(t, `
int g;
int set(int v) { g = v; return v + 1; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int r;
  if (x > 0) r = set(1); else r = set(0);
  if (x > 0 && g != 1) reach_error();
  if (x <= 0 && r != 1) reach_error();
  return 0;
}`)
	res := run(t, p, cegar.Options{Initial: cegar.InitialEmpty})
	if res.Verdict != engine.True {
		t.Fatalf("verdict %s (%s), want TRUE", res.Verdict, res.Reason)
	}
	bad := load(t, `
int g;
int set(int v) { g = v; return v + 1; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int r;
  if (x > 5) r = set(x); else r = set(0);
  if (g == 9) reach_error();
  return 0;
}`)
	res = run(t, bad, cegar.Options{Initial: cegar.InitialEmpty})
	if res.Verdict != engine.False || res.Counterexample.Inputs[0].Value.String() != "9" {
		t.Fatalf("verdict %s (%s), want FALSE with input 9", res.Verdict, res.Reason)
	}
}

// TestBadOptions: unknown names are input errors.
func TestBadOptions(t *testing.T) {
	p := load(t, correlated)
	if _, err := cegar.Run(context.Background(), p, cegar.Options{Interp: interp.DefaultConfig(), Refiner: "magic"}); err == nil {
		t.Error("unknown refiner accepted")
	}
	if _, err := cegar.Run(context.Background(), p, cegar.Options{Interp: interp.DefaultConfig(), Initial: "all"}); err == nil {
		t.Error("unknown initial precision accepted")
	}
}
