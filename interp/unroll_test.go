package interp_test

import (
	"testing"

	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/interp"
)

func analyzeTemplate(t *testing.T, name string, n int, cfg interp.Config) *interp.Result {
	t.Helper()
	res, err := interp.Analyze(loadTemplate(t, name, n), cfg)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestUnrollBudget: sum(N) needs its two loops run exactly (2N+2
// iterations); with no budget, or too small a one, the analysis widens
// and answers UNKNOWN. No round unrolls more than the budget.
func TestUnrollBudget(t *testing.T) {
	for _, tc := range []struct {
		unroll int
		want   engine.Verdict
	}{
		{0, engine.Unknown},
		{50, engine.Unknown},
		{102, engine.True},
		{interp.DefaultUnroll, engine.True},
	} {
		cfg := interp.DefaultConfig()
		cfg.Domain = "numeric"
		cfg.Unroll = tc.unroll
		res := analyzeTemplate(t, "sum", 50, cfg)
		if res.Verdict != tc.want {
			t.Errorf("Unroll %d: %s (%s), want %s", tc.unroll, res.Verdict, res.Reason, tc.want)
		}
		for _, r := range res.Stats.Rounds {
			if r.Unrolled > tc.unroll {
				t.Errorf("Unroll %d: %d iterations unrolled in a round (%s)", tc.unroll, r.Unrolled, interp.RoundsString(res.Stats.Rounds))
			}
		}
		if len(res.Stats.Rounds) == 0 && res.Stats.Unrolled > tc.unroll {
			t.Errorf("Unroll %d: %d iterations unrolled", tc.unroll, res.Stats.Unrolled)
		}
	}
}

// TestPointContexts: parity(N) recurses N deep with a different point at
// each level; an exact summary per point proves it, a bounded number of
// widened contexts does not.
func TestPointContexts(t *testing.T) {
	for _, domain := range []string{"numeric", "nexpoint"} {
		cfg := interp.DefaultConfig()
		cfg.Domain = domain
		res := analyzeTemplate(t, "parity", 300, cfg)
		if res.Verdict != engine.True {
			t.Errorf("%s: %s (%s), want TRUE", domain, res.Verdict, res.Reason)
		}
		if res.Stats.Contexts < 300 {
			t.Errorf("%s: %d contexts, want one per level", domain, res.Stats.Contexts)
		}
		cfg.PointContexts = 0
		res = analyzeTemplate(t, "parity", 300, cfg)
		if res.Verdict != engine.Unknown {
			t.Errorf("%s without point contexts: %s, want UNKNOWN", domain, res.Verdict)
		}
		if res.Stats.Contexts > interp.DefaultContexts {
			t.Errorf("%s without point contexts: %d contexts, want at most %d", domain, res.Stats.Contexts, interp.DefaultContexts)
		}
	}
}

// TestEurekaFamilies: every family is proved at N = 10, 100 and 1000 by
// the default configuration (the timing targets are benchmarks:
// BenchmarkEureka).
func TestEurekaFamilies(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	for _, fam := range []string{"swap_seq", "swap_iter", "parity", "delay_iter", "delay_recur", "sum"} {
		for _, n := range []int{10, 100, 1000} {
			res := analyzeTemplate(t, fam, n, interp.DefaultConfig())
			if res.Verdict != engine.True {
				t.Errorf("%s(%d): %s (%s), want TRUE", fam, n, res.Verdict, res.Reason)
			}
		}
	}
}
