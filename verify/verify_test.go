package verify_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/interp"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/verify"
)

func parse(t *testing.T, src string) *ir.Program {
	t.Helper()
	p, err := frontend.Parse("t.c", []byte(src))
	require.NoError(t, err)
	return p
}

const header = `extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
`

// A bug behind a loop count and an input: every engine that can answer
// FALSE does, with a replayed counterexample.
const buggy = header + `int main() {
  int x = __VERIFIER_nondet_int();
  int s = 0;
  for (int i = 0; i < 4; i++) s += 2;
  if (x == 77 && s == 8) reach_error();
  return 0;
}`

// A tight assertion after a join: the interval fixpoint loses it, BMC
// and k-induction keep it.
const safe = header + `int main() {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 10) return 0;
  int y;
  if (x > 5) y = x - 5; else y = 5 - x;
  if (y > 5) reach_error();
  return 0;
}`

func run(t *testing.T, src, name string) *verify.Result {
	t.Helper()
	cfg := verify.Config{Interp: interp.DefaultConfig(), Search: true, Engine: name}
	cfg.Interp.Deadline = time.Now().Add(20 * time.Second)
	r, err := verify.Run(parse(t, src), cfg)
	require.NoError(t, err)
	return r
}

func TestEnginesAgree(t *testing.T) {
	for _, e := range []string{verify.Absint, verify.CEGAR, verify.BMC, verify.KInduction, verify.Auto} {
		t.Run(e, func(t *testing.T) {
			r := run(t, buggy, e)
			require.Equal(t, engine.False, r.Verdict, r.Reason)
			require.NotNil(t, r.Counterexample)
			require.True(t, r.Counterexample.Trusted())
			r = run(t, safe, e)
			require.NotEqual(t, engine.False, r.Verdict)
			if e != verify.Absint && e != verify.CEGAR {
				require.Equal(t, engine.True, r.Verdict, r.Reason)
			}
		})
	}
}

// TestAutoStages: the default strategy records its stages and names the
// one that decided.
func TestAutoStages(t *testing.T) {
	r := run(t, safe, verify.Auto)
	require.Equal(t, engine.True, r.Verdict)
	require.NotEmpty(t, r.Stages)
	last := r.Stages[len(r.Stages)-1]
	require.Equal(t, r.Engine, last.Name)
	require.Equal(t, engine.True, last.Verdict)
}

func TestUnknownEngine(t *testing.T) {
	_, err := verify.Run(parse(t, safe), verify.Config{Interp: interp.DefaultConfig(), Engine: "magic"})
	require.Error(t, err)
}

// TestAutoGoesOnAfterAnUntrustedRun: a search run that reaches the error
// only through a value the program leaves undetermined is no answer: the
// stages after the search still run, and the result is UNKNOWN with the
// search's reason among the stages'.
func TestAutoGoesOnAfterAnUntrustedRun(t *testing.T) {
	src := header + `extern int unknown(void);
int main() {
  int u = unknown();
  if (u == 0) reach_error();
  return 0;
}`
	cfg := verify.Config{Interp: interp.DefaultConfig(), Search: true, Engine: verify.Auto}
	cfg.Interp.Deadline = time.Now().Add(6 * time.Second)
	r, err := verify.Run(parse(t, src), cfg)
	require.NoError(t, err)
	require.Equal(t, engine.Unknown, r.Verdict)
	var names []string
	searched := -1
	for i, st := range r.Stages {
		names = append(names, st.Name)
		if st.Name == "search" && searched < 0 && st.Reason.Kind == engine.Untrusted {
			searched = i
		}
	}
	require.GreaterOrEqual(t, searched, 0, "no search stage with an untrusted run: %v: %s", names, r.Reason)
	require.Greater(t, len(r.Stages), searched+1, "no stage after the search: %v", names)
	require.Equal(t, verify.Auto, r.Engine)
}

// sumOfSquares needs the polynomial invariant 6x = 2y^3 + 3y^2 + y
// (nla-digbench's ps3), which no linear domain states over the program's
// own variables.
const sumOfSquares = header + `extern short __VERIFIER_nondet_short(void);
int main() {
  short k = __VERIFIER_nondet_short();
  long long y = 0, x = 0, c = 0;
  while (c < k) { c = c + 1; y = y + 1; x = y * y + x; }
  if (6*x - 2*y*y*y - 3*y*y - y != 0) reach_error();
  return 0;
}`

// TestAutoLiftsPolynomialPrograms: the default strategy proves it in its
// stage on the polynomial lifting, and the absint engine does with
// --monomials auto, not without it.
func TestAutoLiftsPolynomialPrograms(t *testing.T) {
	r := run(t, sumOfSquares, verify.Auto)
	require.Equal(t, engine.True, r.Verdict)
	require.Equal(t, "absint nexpoint/affine+interval monomials", r.Engine)
	for _, monomials := range []int{verify.MonomialsAuto, verify.MonomialsOff} {
		cfg := verify.Config{Interp: interp.DefaultConfig(), Engine: verify.Absint, Monomials: monomials}
		cfg.Interp.Numeric = "affine+interval"
		cfg.Interp.Deadline = time.Now().Add(10 * time.Second)
		r, err := verify.Run(parse(t, sumOfSquares), cfg)
		require.NoError(t, err)
		require.Equal(t, monomials == verify.MonomialsAuto, r.Verdict == engine.True, "monomials %d: %s", monomials, r.Verdict)
	}
}
