package impact_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/impact"
)

var (
	oneFlag  = flag.String("impact.one", "", "TestOne: run IMPACT on this file and log the result")
	dotFlag  = flag.String("impact.dot", "", "TestOne: write the tree in DOT to this file")
	fcFlag   = flag.Bool("impact.fc", true, "TestOne: forced covering")
	limitOne = flag.Duration("impact.limit", 60*time.Second, "TestOne: time limit")
)

var wantRE = regexp.MustCompile(`// want: (\w+)`)

// TestTestdata runs IMPACT, with and without forced covering and with
// the tree check on, on every program of testdata and compares with its
// `// want: V` line.
func TestTestdata(t *testing.T) {
	for _, m := range checkTestdata(t, 20*time.Second, "", true) {
		t.Error(m)
	}
}

// TestBrokenCoverIsCaught makes every cover check succeed (an unsound
// covering) and checks that the testdata expectations notice (a wrong
// TRUE on a buggy program) and so does the tree check (Options.Check).
func TestBrokenCoverIsCaught(t *testing.T) {
	impact.SetBreakage("cover")
	defer impact.SetBreakage("")
	for _, check := range []bool{false, true} {
		ms := checkTestdata(t, 10*time.Second, "testdata/*_bug.c", check)
		want := ": TRUE (" // a wrong TRUE
		if check {
			want = "check: " // the tree check's error
		}
		caught := false
		for _, m := range ms {
			t.Logf("caught (check=%v): %s", check, m)
			caught = caught || strings.Contains(m, want)
		}
		if !caught {
			t.Errorf("an unsound cover check went unnoticed (check=%v)", check)
		}
	}
}

// checkTestdata returns the mismatches between IMPACT's verdicts and the
// want lines of the testdata files matching glob (all when empty), with
// Options.Check as check. A
// timeout where a verdict is expected is logged, not counted (the
// machine may be loaded); a wrong verdict or an error counts.
func checkTestdata(t *testing.T, limit time.Duration, glob string, check bool) []string {
	var out []string
	if glob == "" {
		glob = "testdata/*.c"
	}
	files, _ := filepath.Glob(glob)
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		m := wantRE.FindSubmatch(src)
		if m == nil {
			out = append(out, f+": no want line")
			continue
		}
		want := engine.Verdict(m[1])
		for _, fc := range []bool{false, true} {
			prog, err := frontend.Load(f)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), limit)
			res, err := impact.Run(ctx, prog, impact.Options{ForcedCovering: fc, Check: check, MaxCallDepth: 6})
			cancel()
			name := fmt.Sprintf("%s fc=%v", filepath.Base(f), fc)
			if err != nil {
				out = append(out, fmt.Sprintf("%s: %v", name, err))
				continue
			}
			if res.Verdict == engine.Unknown && want != engine.Unknown && res.Reason.Kind == engine.Timeout {
				t.Logf("%s: inconclusive: timeout (want %s)", name, want)
			} else if res.Verdict != want {
				out = append(out, fmt.Sprintf("%s: %s (%s), want %s", name, res.Verdict, res.Reason, want))
			}
			if res.Verdict == engine.False && (res.Counterexample == nil || !res.Counterexample.Trusted()) {
				out = append(out, name+": FALSE without a trusted counterexample")
			}
			st := engine.StatsOf[*impact.Stats](res)
			t.Logf("%s: %s %s nodes=%d covered=%d refinements=%d forced=%d/%d smt=%d (%v)", name, res.Verdict, res.Reason,
				st.Nodes, st.Covered, st.Refinements, st.ForcedSuccesses, st.ForcedAttempts, st.SMTQueries, st.SMTTime.Round(time.Millisecond))
		}
	}
	return out
}

// TestWriteDot checks that the tree of a run is written in DOT.
func TestWriteDot(t *testing.T) {
	prog, err := frontend.Load("testdata/lock_safe.c")
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
