package impact_test

import (
	"context"
	"flag"
	"testing"
	"time"

	"github.com/numpred/numpred/cfront/cgen"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/impact"
)

var (
	soundN        = flag.Int("impact.sound", 0, "generated tasks of the soundness oracle (cfront/cgen) run through IMPACT by TestSoundness (0: skip)")
	soundSeed     = flag.Uint64("impact.sound.seed", 1, "seed of TestSoundness")
	soundDeadline = flag.Duration("impact.sound.deadline", 2*time.Second, "time limit of one IMPACT run in TestSoundness")
)

// TestSoundness runs IMPACT, with and without forced covering, on
// generated tasks whose verdict gcc decides by running every input: it
// never answers TRUE on a FALSE task nor FALSE on a TRUE one.
func TestSoundness(t *testing.T) {
	if *soundN == 0 {
		t.Skip("run with -impact.sound N")
	}
	h := &cgen.Harness{}
	if !h.Available() {
		t.Skip("gcc not available")
	}
	tasks, st, _, err := h.Tasks(context.Background(), cgen.TaskOptions{Seed: *soundSeed, N: *soundN})
	if err != nil {
		t.Fatal(err)
	}
	for _, fc := range []bool{false, true} {
		var proved, refuted, wrong int
		for _, task := range tasks {
			ctx, cancel := context.WithTimeout(context.Background(), *soundDeadline)
			res, err := impact.Run(ctx, task.IR, impact.Options{ForcedCovering: fc, Check: true})
			cancel()
			if err != nil {
				t.Fatalf("%s fc=%v: %v", task.Name, fc, err)
			}
			switch {
			case res.Verdict == engine.True && !task.True:
				wrong++
				t.Errorf("WRONG TRUE (fc=%v): %s, but gcc reaches reach_error:\n%s", fc, task.Name, task.Program.Source())
			case res.Verdict == engine.False && task.True:
				wrong++
				t.Errorf("WRONG FALSE (fc=%v): %s, but no input reaches reach_error under gcc:\n%s", fc, task.Name, task.Program.Source())
			case res.Verdict == engine.True:
				proved++
			case res.Verdict == engine.False:
				refuted++
			}
		}
		t.Logf("fc=%v %v: TRUE tasks proved %d of %d; FALSE tasks refuted %d of %d; %d wrong (deadline %v)",
			fc, st, proved, st.True, refuted, st.False, wrong, *soundDeadline)
	}
}
