package abe_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/numpred/numpred/abe"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/frontend"
)

var wantRE = regexp.MustCompile(`// want: (\w+)`)

// blocks are the block operators every testdata program is checked with.
var blocks = []string{"lbe", "sbe", "k=3", "lbe+k=5"}

// TestTestdata runs every block operator (and the cartesian abstraction
// with LBE) on the testdata programs and compares with their want lines.
func TestTestdata(t *testing.T) {
	for _, m := range checkTestdata(t, 20*time.Second, "testdata/*.c", blocks, true) {
		t.Error(m)
	}
}

// TestBrokenIsCaught breaks the merge on purpose (a merge that drops the
// new path's disjunct) and checks that the testdata notice.
func TestBrokenIsCaught(t *testing.T) {
	abe.SetBreakage("merge")
	ms := checkTestdata(t, 10*time.Second, "testdata/*bug*.c", []string{"lbe"}, false)
	abe.SetBreakage("")
	if len(ms) == 0 {
		t.Errorf("a merge that drops disjuncts went unnoticed")
	}
	for _, m := range ms {
		t.Logf("caught: %s", m)
	}
}

// TestDot checks the ARG's dot output.
func TestDot(t *testing.T) {
	prog, err := frontend.Load("testdata/counter.c")
	if err != nil {
		t.Fatal(err)
	}
	res, err := abe.Run(context.Background(), prog, abe.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := res.Dot(&b); err != nil {
		t.Fatal(err)
	}
	s := b.String()
	if !strings.HasPrefix(s, "digraph arg {") || !strings.Contains(s, "shape=box") || !strings.Contains(s, "->") {
		t.Errorf("unexpected dot output:\n%s", s)
	}
	if st := engine.StatsOf[*abe.Stats](res); st.States == 0 || st.Abstractions == 0 || st.Refinements == 0 || st.Predicates == 0 {
		t.Errorf("statistics missing: %+v", st)
	}
}

func TestBadBlock(t *testing.T) {
	prog, err := frontend.Load("testdata/counter.c")
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range []string{"k=0", "lbe+", "xyz", "k=-3"} {
		if _, err := abe.Run(context.Background(), prog, abe.Options{Block: b}); err == nil {
			t.Errorf("block %q accepted", b)
		}
	}
}

// checkTestdata returns the mismatches between the verdicts and the want
// lines of the files matching glob. A timeout where a verdict is
// expected is logged, not counted (the machine may be loaded).
func checkTestdata(t *testing.T, limit time.Duration, glob string, blocks []string, cartesian bool) []string {
	var out []string
	files, _ := filepath.Glob(glob)
	if len(files) == 0 {
		t.Fatal("no testdata")
	}
	type cfg struct {
		block string
		cart  bool
	}
	var cfgs []cfg
	for _, b := range blocks {
		cfgs = append(cfgs, cfg{b, false})
	}
	if cartesian {
		cfgs = append(cfgs, cfg{"lbe", true})
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
		for _, c := range cfgs {
			prog, err := frontend.Load(f)
			if err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), limit)
			res, err := abe.Run(ctx, prog, abe.Options{Block: c.block, Cartesian: c.cart})
			cancel()
			name := fmt.Sprintf("%s %s cartesian=%v", f, c.block, c.cart)
			if err != nil {
				out = append(out, fmt.Sprintf("%s: %v", name, err))
				continue
			}
			switch {
			case res.Verdict == want:
			case res.Verdict == engine.Unknown && res.Reason.Kind == engine.Timeout:
				t.Logf("%s: inconclusive: timeout (want %s)", name, want)
			case want == engine.Unknown && res.Verdict == engine.False && strings.Contains(f, "recursion"):
				out = append(out, fmt.Sprintf("%s: %s, want %s", name, res.Verdict, want))
			default:
				out = append(out, fmt.Sprintf("%s: %s (%s), want %s", name, res.Verdict, res.Reason, want))
			}
			if res.Verdict == engine.False {
				checkGCC(t, f, name, res)
			}
			st := engine.StatsOf[*abe.Stats](res)
			t.Logf("%s: %s %s states=%d abs=%d refinements=%d preds=%d merges=%d covered=%d smt=%v", name, res.Verdict, res.Reason,
				st.States, st.Abstractions, st.Refinements, st.Predicates, st.Merges, st.Covered, st.SMTTime.Round(time.Millisecond))
		}
	}
	return out
}
