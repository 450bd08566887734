package impact_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/impact"
	"github.com/numpred/numpred/internal/enginetest"
)

var (
	oneFlag  = flag.String("impact.one", "", "TestOne: run IMPACT on this file and log the result")
	dotFlag  = flag.String("impact.dot", "", "TestOne: write the tree in DOT to this file")
	fcFlag   = flag.Bool("impact.fc", true, "TestOne: forced covering")
	limitOne = flag.Duration("impact.limit", 60*time.Second, "TestOne: time limit")
)

// configs are the configurations of IMPACT the engine corpus runs besides
// the default one, which package verify's TestEngines runs as `numpred
// analyze --engine impact` does: with and without forced covering, both
// with the tree check on (Options.Check) and a smaller call depth. A want
// line for impact applies to each unless one names the configuration
// (impact/fc).
var configs = []struct {
	name string
	opt  impact.Options
}{
	{"impact/check", impact.Options{Check: true, MaxCallDepth: 6}},
	{"impact/fc", impact.Options{ForcedCovering: true, Check: true, MaxCallDepth: 6}},
}

// stats is the log line's statistics of an IMPACT run.
func stats(res *engine.Result) string {
	st := engine.StatsOf[*impact.Stats](res)
	return fmt.Sprintf("nodes=%d covered=%d refinements=%d forced=%d/%d smt=%d (%v)", st.Nodes, st.Covered, st.Refinements,
		st.ForcedSuccesses, st.ForcedAttempts, st.SMTQueries, st.SMTTime.Round(time.Millisecond))
}

// TestCorpus runs each configuration on the engine corpus.
func TestCorpus(t *testing.T) {
	progs := enginetest.Corpus(t)
	for _, c := range configs {
		t.Run(c.name, func(t *testing.T) {
			enginetest.Test(t, engine.Of(c.name, impact.Run, c.opt), progs, enginetest.Options{Stats: stats, Short: testing.Short()})
		})
	}
}

// TestBrokenCoverIsCaught makes every cover check succeed (an unsound
// covering) and checks that the corpus notices (a wrong TRUE on a buggy
// program) and so does the tree check (Options.Check).
func TestBrokenCoverIsCaught(t *testing.T) {
	impact.SetBreakage("cover")
	defer impact.SetBreakage("")
	progs := enginetest.Corpus(t, "calls_bug.c", "lock_bug.c", "loop_bug.c", "recursion_bug.c")
	for _, check := range []bool{false, true} {
		eng := engine.Of("impact", impact.Run, impact.Options{Check: check, MaxCallDepth: 6})
		caught := false
		for _, m := range enginetest.Check(eng, progs, enginetest.Options{Limit: 5 * time.Second, Log: t.Logf}) {
			t.Logf("caught (check=%v): %s", check, m)
			if check {
				// the tree check's error
				caught = caught || m.Err != nil && strings.Contains(m.Err.Error(), "check: ")
			} else {
				caught = caught || m.WrongVerdict()
			}
		}
		if !caught {
			t.Errorf("an unsound cover check went unnoticed (check=%v)", check)
		}
	}
}

// TestWriteDot checks that the tree of a run is written in DOT.
func TestWriteDot(t *testing.T) {
	prog, err := frontend.Load(enginetest.Path(t, "lock_safe.c"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := impact.Run(context.Background(), prog, impact.Options{ForcedCovering: true})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := res.Dot(&b); err != nil {
		t.Fatal(err)
	}
	dot := b.String()
	if !strings.HasPrefix(dot, "digraph arg {") || strings.Count(dot, "label=") < engine.StatsOf[*impact.Stats](res).Nodes || !strings.Contains(dot, "style=dashed") {
		t.Errorf("unexpected DOT (%d nodes):\n%s", engine.StatsOf[*impact.Stats](res).Nodes, dot)
	}
}

// TestOne runs IMPACT on -impact.one.
func TestOne(t *testing.T) {
	if *oneFlag == "" {
		t.Skip("run with -impact.one FILE")
	}
	prog, err := frontend.Load(*oneFlag)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), *limitOne)
	defer cancel()
	res, err := impact.Run(ctx, prog, impact.Options{ForcedCovering: *fcFlag})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %s (%s) %+v", *oneFlag, res.Verdict, res.Reason, res.Stats)
	if *dotFlag != "" {
		f, err := os.Create(*dotFlag)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if err := res.Dot(f); err != nil {
			t.Fatal(err)
		}
	}
}
