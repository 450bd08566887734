package abe_test

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/numpred/numpred/abe"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/internal/enginetest"
)

// configs are the configurations of abe the engine corpus runs besides
// the default one (LBE, the boolean abstraction), which package verify's
// TestEngines runs as `numpred analyze --engine abe` does: the other
// block operators and the cartesian abstraction. A want line for abe
// applies to each unless one names the configuration (abe/sbe).
var configs = []struct {
	name string
	opt  abe.Options
}{
	{"abe/sbe", abe.Options{Block: "sbe"}},
	{"abe/k=3", abe.Options{Block: "k=3"}},
	{"abe/lbe+k=5", abe.Options{Block: "lbe+k=5"}},
	{"abe/loops", abe.Options{Block: "loops"}},
	{"abe/cartesian", abe.Options{Block: "lbe", Cartesian: true}},
	{"abe/decompose", abe.Options{Block: "lbe", Decompose: true}},
	{"abe/function", abe.Options{Block: "lbe", Share: abe.ShareFunction}},
	{"abe/global", abe.Options{Block: "loops", Share: abe.ShareGlobal}},
}

// stats is the log line's statistics of an abe run.
func stats(res *engine.Result) string {
	st := engine.StatsOf[*abe.Stats](res)
	return fmt.Sprintf("states=%d abs=%d refinements=%d preds=%d merges=%d covered=%d smt=%v",
		st.States, st.Abstractions, st.Refinements, st.Predicates, st.Merges, st.Covered, st.SMTTime.Round(time.Millisecond))
}

// TestCorpus runs each configuration on the engine corpus.
func TestCorpus(t *testing.T) {
	progs := enginetest.Corpus(t)
	for _, c := range configs {
		t.Run(c.name, func(t *testing.T) {
			enginetest.Test(t, engine.Of(c.name, abe.Run, c.opt), progs, enginetest.Options{Stats: stats, Short: testing.Short()})
		})
	}
}

// TestBrokenIsCaught breaks the analysis on purpose and checks that the
// corpus notices, with a wrong TRUE on a buggy program: a merge that drops
// the new path's disjunct, and a lazy refinement that removes a subtree
// but forgets the arrivals its states had covered. A decomposed
// abstraction that takes assigned predicates as unchanged makes the
// abstraction too strong; refinement then stops without progress, and the
// corpus notices the lost answers (in our runs it gave no wrong verdict:
// FALSE needs a replayed path, and refinement gave up before a TRUE).
func TestBrokenIsCaught(t *testing.T) {
	for _, c := range []struct {
		breakage, block string
		progs           []string
		anyMismatch     bool
	}{
		{"merge", "lbe", []string{"calls_bug.c", "sum_loop_bug.c", "loop_call_bug.c"}, false},
		{"removal", "sbe", []string{"calls_bug.c", "lock_bug.c"}, false},
		{"touched", "lbe", []string{"counter.c", "sum_loop_bug.c"}, true},
	} {
		t.Run(c.breakage, func(t *testing.T) {
			abe.SetBreakage(c.breakage)
			defer abe.SetBreakage("")
			progs := enginetest.Corpus(t, c.progs...)
			caught := false
			for _, m := range enginetest.Check(abe.New(abe.Options{Block: c.block, Decompose: c.breakage == "touched"}), progs, enginetest.Options{Limit: 5 * time.Second, Log: t.Logf}) {
				t.Logf("caught: %s", m)
				caught = caught || m.WrongVerdict() || c.anyMismatch
			}
			if !caught {
				t.Errorf("breakage %q went unnoticed", c.breakage)
			}
		})
	}
}

// TestDot checks the ARG's dot output.
func TestDot(t *testing.T) {
	prog, err := frontend.Load(enginetest.Path(t, "counter.c"))
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
	prog, err := frontend.Load(enginetest.Path(t, "counter.c"))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range []string{"k=0", "lbe+", "xyz", "k=-3", "loops+", "loops+lbe", "loops+k=0"} {
		if _, err := abe.Run(context.Background(), prog, abe.Options{Block: b}); err == nil {
			t.Errorf("block %q accepted", b)
		}
	}
}
