package abe_test

import (
	"context"
	"flag"
	"strings"
	"testing"
	"time"

	"github.com/numpred/numpred/abe"
	"github.com/numpred/numpred/cfront/cgen"
	"github.com/numpred/numpred/engine"
)

var (
	soundN        = flag.Int("abe.sound", 0, "generated tasks of the soundness oracle (cfront/cgen) TestSoundness runs through ABE (0: skip)")
	soundSeed     = flag.Uint64("abe.sound.seed", 1, "seed of TestSoundness")
	soundDeadline = flag.Duration("abe.sound.deadline", 2*time.Second, "time limit of one ABE run in TestSoundness")
	soundBlocks   = flag.String("abe.sound.blocks", "lbe,sbe,k=5,lbe+k=10", "comma-separated block operators of TestSoundness")
	soundRestart  = flag.Bool("abe.sound.restart", false, "TestSoundness: rebuild the reached set after every refinement (Options.Restart)")
	soundDecomp   = flag.Bool("abe.sound.decompose", false, "TestSoundness: the decomposed boolean abstraction (Options.Decompose)")
	soundShare    = flag.String("abe.sound.share", "location", "TestSoundness: the predicate sharing (Options.Share: location, function or global)")
	soundCart     = flag.Bool("abe.sound.cartesian", false, "TestSoundness: the cartesian abstraction (Options.Cartesian)")
	soundBreak    = flag.String("abe.sound.break", "", "TestSoundness: break the analysis on purpose (SetBreakage), to see the oracle fail")
)

// TestSoundness runs ABE with every block operator of -abe.sound.blocks on
// generated tasks whose verdict gcc decides by running every input: it
// never answers TRUE on a FALSE task nor FALSE on a TRUE one.
func TestSoundness(t *testing.T) {
	if *soundN == 0 {
		t.Skip("run with -abe.sound N")
	}
	h := &cgen.Harness{}
	if !h.Available() {
		t.Skip("gcc not available")
	}
	tasks, st, _, err := h.Tasks(context.Background(), cgen.TaskOptions{Seed: *soundSeed, N: *soundN})
	if err != nil {
		t.Fatal(err)
	}
	abe.SetBreakage(*soundBreak)
	defer abe.SetBreakage("")
	for _, b := range strings.Split(*soundBlocks, ",") {
		var proved, refuted, wrong, unknown int
		for _, task := range tasks {
			ctx, cancel := context.WithTimeout(context.Background(), *soundDeadline)
			res, err := abe.Run(ctx, task.IR, abe.Options{Block: b, Restart: *soundRestart, Decompose: *soundDecomp, Share: *soundShare, Cartesian: *soundCart})
			cancel()
			if err != nil {
				t.Fatalf("%s %s: %v", task.Name, b, err)
			}
			switch {
			case res.Verdict == engine.True && !task.True:
				wrong++
				t.Errorf("WRONG TRUE (%s): %s, but gcc reaches reach_error:\n%s", b, task.Name, task.Program.Source())
			case res.Verdict == engine.False && task.True:
				wrong++
				t.Errorf("WRONG FALSE (%s): %s, but no input reaches reach_error under gcc:\n%s", b, task.Name, task.Program.Source())
			case res.Verdict == engine.True:
				proved++
			case res.Verdict == engine.False:
				refuted++
			default:
				unknown++
			}
		}
		t.Logf("%s: %v: TRUE proved %d of %d, FALSE refuted %d of %d, unknown %d, wrong %d (deadline %v)",
			b, st, proved, st.True, refuted, st.False, unknown, wrong, *soundDeadline)
	}
}
