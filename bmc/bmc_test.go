package bmc_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/numpred/numpred/bmc"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/frontend"
)

var wantRE = regexp.MustCompile(`// want: bmc (\w+), kind (\w+)`)

// TestTestdata runs both engines on every program of testdata and
// compares with its `// want: bmc V, kind V` line.
func TestTestdata(t *testing.T) {
	for _, m := range checkTestdata(t, 10*time.Second, "") {
		t.Error(m)
	}
}

// TestBrokenEncodingIsCaught breaks the encoding on purpose and checks
// that the testdata expectations notice: a test that cannot fail is a
// defect.
func TestBrokenEncodingIsCaught(t *testing.T) {
	for _, b := range []string{"cuts", "phi", "narrow"} {
		bmc.SetBreakage(b)
		glob := "testdata/[cdk]*.c"
		if b == "narrow" {
			glob = "testdata/narrow*.c"
		}
		ms := checkTestdata(t, 5*time.Second, glob)
		bmc.SetBreakage("")
		if len(ms) == 0 {
			t.Errorf("breakage %q went unnoticed", b)
		}
		for _, m := range ms {
			t.Logf("breakage %q caught: %s", b, m)
		}
	}
}

// checkTestdata returns the mismatches between the engines' verdicts on
// the testdata files matching glob (all when empty) and the files' want
// lines. A timeout where a verdict is expected is logged, not counted:
// the machine may be loaded; a wrong or missing verdict for any other
// reason counts.
func checkTestdata(t *testing.T, limit time.Duration, glob string) []string {
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
		for i, ind := range []bool{false, true} {
			want := engine.Verdict(m[1+i])
			prog, err := frontend.Load(f)
			if err != nil {
				t.Fatal(err)
			}
			opt := bmc.DefaultOptions()
			opt.Induction = ind
			lim := limit
			if want == engine.Unknown {
				// These programs run until the limit (they want
				// UNKNOWN: a bound is never reached): a shorter one
				// still shows no verdict comes early, and saves 35 s.
				lim = min(limit, 3*time.Second)
			}
			ctx, cancel := context.WithTimeout(context.Background(), lim)
			res, err := bmc.Run(ctx, prog, opt)
			cancel()
			name := "bmc"
			if ind {
				name = "kind"
			}
			if err != nil {
				out = append(out, fmt.Sprintf("%s %s: %v", f, name, err))
				continue
			}
			if res.Verdict == engine.Unknown && want != engine.Unknown && res.Reason.Kind == engine.Timeout {
				t.Logf("%s %s: inconclusive: %s (want %s)", f, name, res.Reason, want)
			} else if res.Verdict != want {
				out = append(out, fmt.Sprintf("%s %s: %s (%s), want %s", f, name, res.Verdict, res.Reason, want))
			}
			if res.Verdict == engine.False && (res.Counterexample == nil || !res.Counterexample.Trusted()) {
				out = append(out, fmt.Sprintf("%s %s: FALSE without a trusted counterexample", f, name))
			}
			t.Logf("%s %s: %s %s k=%d nodes=%d terms=%d queries=%d solver=%v", filepath.Base(f), name, res.Verdict,
				strings.TrimSpace(res.Reason.String()), engine.StatsOf[*bmc.Stats](res).K, engine.StatsOf[*bmc.Stats](res).Nodes, engine.StatsOf[*bmc.Stats](res).Terms, engine.StatsOf[*bmc.Stats](res).Queries, engine.StatsOf[*bmc.Stats](res).SolverTime.Round(time.Millisecond))
		}
	}
	return out
}
