package bmc_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/numpred/numpred/bmc"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/internal/enginetest"
)

// TestBrokenEncodingIsCaught breaks the encoding on purpose and checks
// that the engine corpus notices, with bmc and k-induction (package
// verify's TestEngines runs both on the whole corpus): a test that
// cannot fail is a defect.
func TestBrokenEncodingIsCaught(t *testing.T) {
	for _, b := range []string{"cuts", "phi", "narrow"} {
		files := []string{"callee_loop_unsigned.c", "calls.c", "deep_bug.c", "div.c", "kind_deep.c"}
		if b == "narrow" {
			files = []string{"narrow_bug.c", "narrow_safe.c"}
		}
		progs := enginetest.Corpus(t, files...)
		bmc.SetBreakage(b)
		var ms []enginetest.Mismatch
		for _, ind := range []bool{false, true} {
			opt := bmc.DefaultOptions()
			opt.Induction = ind
			ms = append(ms, enginetest.Check(bmc.New(opt), progs, enginetest.Options{Limit: 5 * time.Second, Stats: stats, Log: t.Logf})...)
		}
		bmc.SetBreakage("")
		if len(ms) == 0 {
			t.Errorf("breakage %q went unnoticed", b)
		}
		for _, m := range ms {
			t.Logf("breakage %q caught: %s", b, m)
		}
	}
}

// stats is the log line's statistics of a bmc run.
func stats(res *engine.Result) string {
	st := engine.StatsOf[*bmc.Stats](res)
	return fmt.Sprintf("k=%d nodes=%d terms=%d queries=%d solver=%v", st.K, st.Nodes, st.Terms, st.Queries, st.SolverTime.Round(time.Millisecond))
}
