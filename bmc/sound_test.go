package bmc_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/numpred/numpred/bmc"
	"github.com/numpred/numpred/cfront/cgen"
	"github.com/numpred/numpred/engine"
)

var (
	soundN       = flag.Int("bmc.sound.n", 10, "generated tasks of TestSoundness")
	soundSeed    = flag.Uint64("bmc.sound.seed", 1, "seed of TestSoundness")
	soundDump    = flag.String("bmc.sound.dump", "", "TestSoundness also writes the tasks to this directory (NAME_true.c, NAME_false.c, with NAME_*.yml stating the data model), for other tools")
	soundNoProbe = flag.Bool("bmc.sound.noprobe", false, "TestSoundness: Options.NoProbe (the formula finds every bug, from k = 1)")
	soundLimit   = flag.Duration("bmc.sound.limit", 5*time.Second, "time limit of one run in TestSoundness (the issue asks for 1 s on an idle machine)")
)

// TestSoundness runs BMC and k-induction on the soundness oracle's
// generated tasks, whose verdicts gcc decides by running every input:
// no wrong verdict. Their loops have constant bounds, so every task
// should be decided: the UNKNOWNs are logged with their reasons (a
// timeout on a loaded machine). Tasks with a signed overflow on some
// input are discarded by the oracle, gcc's sanitizer or the IR's runs.
func TestSoundness(t *testing.T) {
	h := &cgen.Harness{}
	if !h.Available() {
		t.Skip("gcc not available")
	}
	tasks, st, _, err := h.Tasks(context.Background(), cgen.TaskOptions{Seed: *soundSeed, N: *soundN})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("tasks: %v", st)
	if *soundDump != "" {
		for i, task := range tasks {
			name := filepath.Join(*soundDump, fmt.Sprintf("task%03d_%v.c", i, task.True))
			if err := os.WriteFile(name, []byte(task.Program.Source()), 0o644); err != nil {
				t.Fatal(err)
			}
			// The data model, in an SV-COMP task description that
			// numpred analyze and TestOne read (frontend.TaskDataModel).
			yml := fmt.Sprintf("format_version: '2.0'\ninput_files: '%s'\nproperties:\n  - property_file: unreach-call.prp\n    expected_verdict: %v\noptions:\n  language: C\n  data_model: %s\n",
				filepath.Base(name), task.True, strings.ToUpper(task.Program.Model.String()))
			if err := os.WriteFile(strings.TrimSuffix(name, ".c")+".yml", []byte(yml), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, ind := range []bool{false, true} {
		name := map[bool]string{false: "bmc", true: "kind"}[ind]
		var proved, refuted, unknown, wrong, slow, probed int
		var worst time.Duration
		start := time.Now()
		for _, task := range tasks {
			opt := bmc.DefaultOptions()
			opt.Z3BV = *z3BV
			opt.SeparateQueries = *separate
			opt.Induction = ind
			opt.NoProbe = *soundNoProbe
			ctx, cancel := context.WithTimeout(context.Background(), *soundLimit)
			t0 := time.Now()
			res, err := bmc.Run(ctx, task.IR, opt)
			d := time.Since(t0)
			cancel()
			worst = max(worst, d)
			if d > time.Second && res != nil {
				slow++
				t.Logf("%s: %s over a second: %s in %v (k=%d)", name, task.Name, res.Verdict, d.Round(time.Millisecond), engine.StatsOf[*bmc.Stats](res).K)
			}
			if err != nil {
				t.Errorf("%s %s: %v\n%s", name, task.Name, err, task.Program.Source())
				continue
			}
			switch {
			case res.Verdict == engine.True && !task.True:
				wrong++
				t.Errorf("WRONG TRUE under %s: %s\n%s", name, task.Name, task.Program.Source())
			case res.Verdict == engine.False && task.True:
				wrong++
				t.Errorf("WRONG FALSE under %s: %s\n%s", name, task.Name, task.Program.Source())
			case res.Verdict == engine.True:
				proved++
			case res.Verdict == engine.False:
				refuted++
				if engine.StatsOf[*bmc.Stats](res).ProbeFound {
					probed++
				}
			default:
				unknown++
				t.Logf("%s: UNKNOWN on %s (%s, k=%d, %v)\n%s", name, task.Name, res.Reason, engine.StatsOf[*bmc.Stats](res).K, d, task.Program.Source())
			}
		}
		t.Logf("%s: %d tasks (%d TRUE, %d FALSE): proved %d, refuted %d (%d by a probe run), unknown %d, wrong %d; %d over a second, slowest %v, total %v",
			name, len(tasks), st.True, st.False, proved, refuted, probed, unknown, wrong, slow, worst.Round(time.Millisecond), time.Since(start).Round(time.Millisecond))
	}
}
