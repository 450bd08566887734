package bmc_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/numpred/numpred/bmc"
	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/interp"
)

var wantRE = regexp.MustCompile(`// want: bmc (\w+), kind (\w+)`)

// TestTestdata runs both engines on every program of testdata and
// compares with its `// want: bmc V, kind V` line.
func TestTestdata(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.c")
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
			t.Errorf("%s: no want line", f)
			continue
		}
		for i, ind := range []bool{false, true} {
			want := interp.Verdict(m[1+i])
			prog, err := frontend.Load(f)
			if err != nil {
				t.Fatal(err)
			}
			opt := bmc.DefaultOptions()
			opt.Induction = ind
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			res, err := bmc.Run(ctx, prog, opt)
			cancel()
			name := "bmc"
			if ind {
				name = "kind"
			}
			if err != nil {
				t.Errorf("%s %s: %v", f, name, err)
				continue
			}
			if res.Verdict != want {
				t.Errorf("%s %s: %s (%s), want %s", f, name, res.Verdict, res.Reason, want)
			}
			if res.Verdict == interp.False && (res.Counterexample == nil || !res.Counterexample.Trusted()) {
				t.Errorf("%s %s: FALSE without a trusted counterexample", f, name)
			}
			t.Logf("%s %s: %s %s k=%d nodes=%d terms=%d queries=%d solver=%v", filepath.Base(f), name, res.Verdict,
				strings.TrimSpace(res.Reason), res.Stats.K, res.Stats.Nodes, res.Stats.Terms, res.Stats.Queries, res.Stats.SolverTime.Round(time.Millisecond))
		}
	}
}
