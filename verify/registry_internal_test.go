package verify

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/numpred/numpred/cex"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/interp"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// TestRunConfirmsFalse: whatever an engine of the registry answers, Run
// prints no FALSE that breaks the trust rule: a counterexample with a
// signed overflow becomes UNKNOWN, a FALSE without one an error naming
// the engine.
func TestRunConfirmsFalse(t *testing.T) {
	prog, err := frontend.Parse("f.c", []byte(`extern int __VERIFIER_nondet_int(void); extern void reach_error(void);
int main() { int x = __VERIFIER_nondet_int(); if (x == 7) reach_error(); return 0; }`))
	if err != nil {
		t.Fatal(err)
	}
	cx, err := cex.Replay(context.Background(), prog, []numeric.Int{numeric.I(7)}, cex.ReplayOptions{})
	if err != nil {
		t.Fatal(err)
	}
	overflowing := *cx
	overflowing.Overflows = 1
	for _, tc := range []struct {
		name string
		cx   *cex.Counterexample
		want engine.Verdict // "" for an error
	}{
		{"trusted", cx, engine.False},
		{"overflow", &overflowing, engine.Unknown},
		{"none", nil, ""},
	} {
		registry["liar"] = entry{build: func(Config) (engine.Engine, error) {
			return engine.Of("liar", func(context.Context, *ir.Program, struct{}) (*engine.Result, error) {
				return &engine.Result{Verdict: engine.False, Counterexample: tc.cx}, nil
			}, struct{}{}), nil
		}}
		r, err := Run(prog, Config{Interp: interp.DefaultConfig(), Engine: "liar"})
		delete(registry, "liar")
		switch {
		case tc.want == "":
			if !errors.Is(err, engine.ErrNoCounterexample) || !strings.HasPrefix(err.Error(), "liar: internal error") {
				t.Errorf("%s: %v, want liar's internal error", tc.name, err)
			}
		case err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case r.Verdict != tc.want:
			t.Errorf("%s: %s (%s), want %s", tc.name, r.Verdict, r.Reason, tc.want)
		case r.Verdict == engine.Unknown && (r.Counterexample != nil || r.Reason.Kind != engine.Untrusted):
			t.Errorf("%s: UNKNOWN with %v (%s)", tc.name, r.Counterexample, r.Reason)
		}
	}
}
