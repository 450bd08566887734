package cegar_test

import (
	"context"
	"flag"
	"testing"
	"time"

	"github.com/numpred/numpred/cegar"
	"github.com/numpred/numpred/cfront/cgen"
	"github.com/numpred/numpred/interp"
)

var (
	soundN        = flag.Int("cegar.sound", 0, "generated tasks of the soundness oracle (cfront/cgen) run through the CEGAR loop by TestSoundness (0: skip)")
	soundSeed     = flag.Uint64("cegar.sound.seed", 1, "seed of TestSoundness")
	soundDeadline = flag.Duration("cegar.sound.deadline", time.Second, "time limit of one CEGAR run in TestSoundness")
)

// TestSoundness runs the CEGAR loop on generated tasks whose verdict gcc
// decides by running every input: it never answers TRUE on a FALSE task
// nor FALSE on a TRUE one. It reports how many TRUE tasks the plain
// analysis (one round, today's precision) and the loop prove.
func TestSoundness(t *testing.T) {
	if *soundN == 0 {
		t.Skip("run with -cegar.sound N")
	}
	h := &cgen.Harness{}
	if !h.Available() {
		t.Skip("gcc not available")
	}
	tasks, st, _, err := h.Tasks(context.Background(), cgen.TaskOptions{Seed: *soundSeed, N: *soundN})
	if err != nil {
		t.Fatal(err)
	}
	var before, after, refuted, wrong int
	for _, task := range tasks {
		cfg := interp.DefaultConfig()
		cfg.Deadline = time.Now().Add(*soundDeadline)
		plain, err := interp.Analyze(task.IR, cfg)
		if err != nil {
			t.Fatalf("%s: %v", task.Name, err)
		}
		if plain.Verdict == interp.True && task.True {
			before++
		}
		ctx, cancel := context.WithTimeout(context.Background(), *soundDeadline)
		res, err := cegar.Run(ctx, task.IR, cegar.Options{Interp: interp.DefaultConfig()})
		cancel()
		if err != nil {
			t.Fatalf("%s: %v", task.Name, err)
		}
		switch {
		case res.Verdict == interp.True && !task.True:
			wrong++
			t.Errorf("WRONG TRUE: %s (%d rounds), but gcc reaches reach_error:\n%s", task.Name, len(res.Rounds), task.Program.Source())
		case res.Verdict == interp.False && task.True:
			wrong++
			t.Errorf("WRONG FALSE: %s, but no input reaches reach_error under gcc:\n%s", task.Name, task.Program.Source())
		case res.Verdict == interp.True:
			after++
		case res.Verdict == interp.False:
			refuted++
		}
	}
	t.Logf("%v: TRUE tasks proved by the plain analysis %d, by the CEGAR loop %d of %d; FALSE tasks refuted %d of %d; %d wrong (deadline %v)",
		st, before, after, st.True, refuted, st.False, wrong, *soundDeadline)
}
