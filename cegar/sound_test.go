package cegar_test

import (
	"context"
	"flag"
	"testing"
	"time"

	"github.com/numpred/numpred/cegar"
	"github.com/numpred/numpred/cfront/cgen"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/interp"
)

var (
	soundN        = flag.Int("cegar.sound", 0, "generated tasks of the soundness oracle (cfront/cgen) run through the CEGAR loop by TestSoundness (0: skip)")
	soundSeed     = flag.Uint64("cegar.sound.seed", 1, "seed of TestSoundness")
	soundDeadline = flag.Duration("cegar.sound.deadline", time.Second, "time limit of one CEGAR run in TestSoundness")
)

// soundConfigs are the loop's configurations TestSoundness runs: the
// cegar engine's defaults, and the default strategy's CEGAR stage (no
// predicates or variables to start with, unsat-core refinement), whose
// refinements make predicates of single functions from the first round.
var soundConfigs = []struct {
	name string
	opt  cegar.Options
}{
	{"defaults", cegar.Options{}},
	{"auto stage", cegar.Options{Initial: cegar.InitialNone, Refiner: cegar.RefinerCore}},
}

// TestSoundness runs the CEGAR loop on generated tasks whose verdict gcc
// decides by running every input: it never answers TRUE on a FALSE task
// nor FALSE on a TRUE one. It reports how many TRUE tasks the plain
// analysis (one round, today's precision) and the loop prove, for each of
// soundConfigs.
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
	var before int
	after, refuted, wrong := make([]int, len(soundConfigs)), make([]int, len(soundConfigs)), 0
	for _, task := range tasks {
		cfg := interp.DefaultConfig()
		cfg.Deadline = time.Now().Add(*soundDeadline)
		plain, err := interp.Analyze(task.IR, cfg)
		if err != nil {
			t.Fatalf("%s: %v", task.Name, err)
		}
		if plain.Verdict == engine.True && task.True {
			before++
		}
		for k, sc := range soundConfigs {
			opt := sc.opt
			opt.Interp = interp.DefaultConfig()
			ctx, cancel := context.WithTimeout(context.Background(), *soundDeadline)
			res, err := cegar.Run(ctx, task.IR, opt)
			cancel()
			if err != nil {
				t.Fatalf("%s (%s): %v", task.Name, sc.name, err)
			}
			switch {
			case res.Verdict == engine.True && !task.True:
				wrong++
				t.Errorf("WRONG TRUE: %s (%s, %d rounds), but gcc reaches reach_error:\n%s", task.Name, sc.name, len(engine.StatsOf[*cegar.Stats](&res.Result).Rounds), task.Program.Source())
			case res.Verdict == engine.False && task.True:
				wrong++
				t.Errorf("WRONG FALSE: %s (%s), but no input reaches reach_error under gcc:\n%s", task.Name, sc.name, task.Program.Source())
			case res.Verdict == engine.True:
				after[k]++
			case res.Verdict == engine.False:
				refuted[k]++
			}
		}
	}
	t.Logf("%v: TRUE tasks proved by the plain analysis %d of %d; %d wrong (deadline %v)", st, before, st.True, wrong, *soundDeadline)
	for k, sc := range soundConfigs {
		t.Logf("  CEGAR loop, %s: TRUE tasks proved %d of %d, FALSE tasks refuted %d of %d", sc.name, after[k], st.True, refuted[k], st.False)
	}
}
