package verify_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/interp"
	"github.com/numpred/numpred/verify"
)

// An asm statement is a construct the front end does not model: it
// becomes an unsupported location, which matters only where reachable.

// unsupportedDead: the asm statement is behind a contradiction, the error
// behind another: TRUE.
const unsupportedDead = header + `int main() {
  int x = __VERIFIER_nondet_int();
  int y = x;
  if (x > 5 && y < 3) __asm__("nop");
  if (x != y) reach_error();
  return 0;
}`

// unsupportedLive: the asm statement is reachable, the error is not:
// UNKNOWN (what the asm does is not modelled), never TRUE.
const unsupportedLive = header + `int main() {
  int x = __VERIFIER_nondet_int();
  int y = x;
  if (x > 5) __asm__("nop");
  if (x != y) reach_error();
  return 0;
}`

// unsupportedAvoided: the error is reachable on a path that avoids the
// asm statement: FALSE.
const unsupportedAvoided = header + `int main() {
  int x = __VERIFIER_nondet_int();
  if (x > 5) __asm__("nop");
  if (x == 3) reach_error();
  return 0;
}`

var allEngines = []string{verify.Absint, verify.CEGAR, verify.BMC, verify.KInduction, verify.ABE, verify.IMPACT, verify.Auto}

func runFor(t *testing.T, src, engine string, limit time.Duration) *verify.Result {
	t.Helper()
	cfg := verify.Config{Interp: interp.DefaultConfig(), Search: true, Engine: engine}
	cfg.Interp.Deadline = time.Now().Add(limit)
	r, err := verify.Run(parse(t, src), cfg)
	require.NoError(t, err)
	return r
}

func TestUnsupportedWhereReachable(t *testing.T) {
	for _, e := range allEngines {
		t.Run(e, func(t *testing.T) {
			r := runFor(t, unsupportedDead, e, 20*time.Second)
			require.Equal(t, engine.True, r.Verdict, "unreachable asm: %s", r.Reason)

			r = runFor(t, unsupportedLive, e, 2*time.Second)
			require.Equal(t, engine.Unknown, r.Verdict, "reachable asm: %s", r.Reason)
			if r.Reason.Kind != engine.Timeout {
				if e != verify.Auto {
					require.Equal(t, engine.Unsupported, r.Reason.Kind, "reason %q", r.Reason)
				}
				require.True(t, strings.Contains(r.Reason.String(), "unsupported"), "reason %q does not name the unsupported construct", r.Reason)
			}

			r = runFor(t, unsupportedAvoided, e, 20*time.Second)
			require.Equal(t, engine.False, r.Verdict, "error avoiding the asm: %s", r.Reason)
			require.NotNil(t, r.Counterexample)
			require.True(t, r.Counterexample.Error.IsViolation())
		})
	}
}

// fptrSafe calls through function pointers (a choice of two, a global
// initialised to a function, a pointer passed as an argument); the
// assertions hold.
const fptrSafe = header + `int inc(int x) { return x + 1; }
int dec(int x) { return x - 1; }
int (*gp)(int) = dec;
int apply(int (*f)(int), int v) { return f(v); }
int main() {
  int k = __VERIFIER_nondet_int();
  if (k < -100 || k > 100) return 0;
  int (*p)(int) = k > 0 ? inc : &dec;
  int r = (*p)(k);
  if (k > 0 && r != k + 1) reach_error();
  if (apply(gp, 5) != 4) reach_error();
  return 0;
}`

// fptrBuggy: the error is reached through the pointer's choice.
const fptrBuggy = header + `int inc(int x) { return x + 1; }
int dec(int x) { return x - 1; }
int main() {
  int k = __VERIFIER_nondet_int();
  if (k < -100 || k > 100) return 0;
  int (*p)(int) = k > 7 ? inc : &dec;
  if ((*p)(k) == 9) reach_error();
  return 0;
}`

func TestFunctionPointerVerdicts(t *testing.T) {
	for _, e := range []string{verify.BMC, verify.KInduction, verify.ABE, verify.IMPACT, verify.Auto} {
		t.Run(e, func(t *testing.T) {
			r := runFor(t, fptrSafe, e, 20*time.Second)
			require.Equal(t, engine.True, r.Verdict, r.Reason)
			r = runFor(t, fptrBuggy, e, 20*time.Second)
			require.Equal(t, engine.False, r.Verdict, r.Reason)
			require.True(t, r.Counterexample.Trusted())
		})
	}
	// The fixpoint alone never answers TRUE on the buggy one.
	for _, e := range []string{verify.Absint, verify.CEGAR} {
		r := runFor(t, fptrBuggy, e, 5*time.Second)
		require.NotEqual(t, engine.True, r.Verdict, "%s: %s", e, r.Reason)
	}
}
