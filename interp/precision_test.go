package interp_test

import (
	"testing"
	"time"

	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/interp"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// analyzeWithPred analyses src under the predicate-only domain (no
// numeric part: only the predicate can prove anything) with one
// predicate, x >= 1 over the global x, belonging to the functions in (""
// for every function).
func analyzeWithPred(t *testing.T, src string, in ...string) engine.Verdict {
	t.Helper()
	prog, err := frontend.Parse("scoped.c", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var x *ir.Var
	for _, v := range prog.Vars {
		if v.Qual == "x" {
			x = v
		}
	}
	prec := interp.NewPrecision(true)
	for _, name := range in {
		var f *ir.Func
		if name != "" {
			if f = prog.Func(name); f == nil {
				t.Fatalf("no function %s", name)
			}
		}
		prec.AddPred(f, numeric.Ge(numeric.Var(numeric.Dim(x.ID)), numeric.Const(1)))
	}
	cfg := interp.DefaultConfig()
	cfg.Domain, cfg.Precision = "predicate", prec
	cfg.Deadline = time.Now().Add(20 * time.Second)
	res, err := interp.Analyze(prog, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return res.Verdict
}

// TestPredicatePerFunction checks that a predicate of one function is
// tracked there and nowhere else: g proves its assertion when the
// predicate is g's or everybody's, not when it is f's (in g it is then
// unknown after x = 5).
func TestPredicatePerFunction(t *testing.T) {
	src := `extern void reach_error(void);
int x;
void g(void) { x = 5; if (!(x >= 1)) reach_error(); }
void f(void) { x = 5; }
int main(void) { f(); g(); return 0; }
`
	for _, c := range []struct {
		in   string
		want engine.Verdict
	}{{"", engine.True}, {"g", engine.True}, {"f", engine.Unknown}, {"main", engine.Unknown}} {
		if got := analyzeWithPred(t, src, c.in); got != c.want {
			t.Errorf("predicate of %q: got %s, want %s", c.in, got, c.want)
		}
	}
}

// TestPredicatePerFunctionCallSound checks the composition of a call with
// a callee that does not track the caller's predicate: main's x >= 1 must
// not survive a callee that sets x to 0 unobserved.
func TestPredicatePerFunctionCallSound(t *testing.T) {
	src := `extern void reach_error(void);
int x;
void g(void) { x = 0; }
int main(void) { x = 5; g(); if (!(x >= 1)) reach_error(); return 0; }
`
	for _, in := range []string{"", "main", "g"} {
		if got := analyzeWithPred(t, src, in); got == engine.True {
			t.Errorf("predicate of %q: TRUE, but reach_error is reachable", in)
		}
	}
}

// TestPredicatePerFunctionNotStale checks that a predicate a function
// does not track cannot carry a stale value through it: g decides x >= 1,
// main (which does not track it) sets x to 0, and h, which tracks it
// again, must not believe it.
func TestPredicatePerFunctionNotStale(t *testing.T) {
	src := `extern void reach_error(void);
int x;
void g(void) { x = 5; }
void h(void) { if (!(x >= 1)) reach_error(); }
int main(void) { g(); x = 0; h(); return 0; }
`
	if got := analyzeWithPred(t, src, "g", "h"); got == engine.True {
		t.Errorf("%s, but reach_error is reachable", got)
	}
	if got := analyzeWithPred(t, src, "g", "h", "main"); got == engine.True {
		t.Errorf("tracked everywhere: %s, but reach_error is reachable", got)
	}
}
