package bmc

import (
	"context"
	"testing"
	"time"

	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/numeric"
)

// TestProbeBound: the first bound is what the probe runs need, as the
// unwinder counts: the back edges of one loop entry (a loop re-entered
// starts again), and the recursion depth; inputs are small.
func TestProbeBound(t *testing.T) {
	for _, c := range []struct {
		name, src string
		want      int
	}{
		{"no loop", `int main() { return 0; }`, 1},
		{"five iterations", `int main() { int i; for (i = 0; i < 5; i++) ; return 0; }`, 5},
		{"nested, re-entered", `int main() { int i, j; for (i = 0; i < 2; i++) for (j = 0; j < 3; j++) ; return 0; }`, 3},
		{"in a callee called twice", `void f() { int j; for (j = 0; j < 4; j++) ; }
int main() { f(); f(); return 0; }`, 4},
		{"recursion", `int r(int n) { if (n <= 0) return 0; return r(n - 1); }
int main() { return r(3); }`, 4},
		{"small inputs", `extern int __VERIFIER_nondet_int(void);
int main() { int n = __VERIFIER_nondet_int(); int i; if (n < 2) n = 2; for (i = 0; i < n; i++) ; return 0; }`, -8},
		{"a loop the least inputs skip", `extern int __VERIFIER_nondet_int(void);
int main() { int n = __VERIFIER_nondet_int(); int i; if (n != 0) for (i = 0; i < 3; i++) ; return 0; }`, 3},
		{"beyond the cap", `int main() { int i; for (i = 0; i < 100; i++) ; return 0; }`, 0},
		{"endless", `int main() { while (1) ; return 0; }`, 0},
	} {
		prog, err := frontend.Parse(c.name+".c", []byte(c.src))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got, _ := probeBound(prog)
		if c.want < 0 {
			// At least the least input's 2, at most the largest's 8.
			if got < 3 || got > -c.want {
				t.Errorf("%s: probe bound %d, want 3..%d", c.name, got, -c.want)
			}
			continue
		}
		if got != c.want {
			t.Errorf("%s: probe bound %d, want %d", c.name, got, c.want)
		}
	}
}

// TestProbeFindsError: a probe run that reaches the error on small inputs
// gives its inputs, and Run answers FALSE with its replay, trusted, and
// without a formula; with NoProbe the formula finds it.
func TestProbeFindsError(t *testing.T) {
	prog, err := frontend.Parse("probe.c", []byte(`extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main() { int x = __VERIFIER_nondet_int(); if (x > 2) reach_error(); return 0; }`))
	if err != nil {
		t.Fatal(err)
	}
	if _, in := probeBound(prog); len(in) != 1 || in[0].Cmp(numeric.I(2)) <= 0 {
		t.Fatalf("probe inputs %v, want one above 2", in)
	}
	for _, noProbe := range []bool{false, true} {
		opt := DefaultOptions()
		opt.NoProbe = noProbe
		res, err := Run(context.Background(), prog, opt)
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != engine.False || res.Counterexample == nil || !res.Counterexample.Trusted() || engine.StatsOf[*Stats](res).ProbeFound == noProbe {
			t.Errorf("NoProbe %v: %v (probe found it: %v), want FALSE found by the probe only without NoProbe", noProbe, res.Verdict, engine.StatsOf[*Stats](res).ProbeFound)
		}
	}
}

// TestDeepProbeFindsDeepError: an error 2^27 iterations of a loop deep
// is beyond any unwinding, but the deep probe's run jumps the loop
// (exec's acceleration: a translation cycle, or a traced iteration with
// an inner loop) and Run answers FALSE with its replay, trusted, on the
// unsigned arithmetic of C.
func TestDeepProbeFindsDeepError(t *testing.T) {
	for name, src := range map[string]string{
		"translation": `extern void reach_error(void);
int main(void) {
  unsigned int x = 0;
  while (x < 0x0fffffff) { x += 2; }
  if (x % 2 == 0) reach_error();
  return 0;
}`,
		"nested": `extern void reach_error(void);
int main(void) {
  unsigned int x = 0, y;
  while (x < 0x0fffffff) { y = 0; while (y < 10) y++; x++; }
  if (x % 2) reach_error();
  return 0;
}`,
	} {
		prog, err := frontend.Parse(name+".c", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		res, err := Run(ctx, prog, DefaultOptions())
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != engine.False || !res.Counterexample.Trusted() || !engine.StatsOf[*Stats](res).ProbeFound {
			t.Fatalf("%s: %v (%v), want FALSE from the probe", name, res.Verdict, res.Reason)
		}
		if steps := res.Counterexample.Steps; steps < 1<<27 {
			t.Errorf("%s: the counterexample's run took %d steps, want the 2^27 iterations", name, steps)
		}
	}
}
