package cex_test

import (
	"context"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/numpred/numpred/cex"
	"github.com/numpred/numpred/cfront"
	"github.com/numpred/numpred/cfront/cgen"
)

// TestReplayGCCOnGenerated: counterexamples found on programs of the C
// front end's differential tester (every statement form and operator)
// reach reach_error when the program is compiled with gcc and fed the
// inputs. It skips without gcc.
func TestReplayGCCOnGenerated(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("gcc not available")
	}
	rng := rand.New(rand.NewPCG(11, 12))
	cfg := cgen.DefaultConfig(cgen.LP64)
	dir := t.TempDir()
	found, replayed := 0, 0
	for i := 0; i < 24 && found < 4; i++ {
		src := cgen.Generate(rng, cfg).Source()
		p, err := cfront.Parse("gen.c", []byte(src))
		if err != nil {
			t.Fatalf("generated program %d: %v", i, err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		c, _, err := cex.Search(ctx, p, cex.Options{})
		cancel()
		if err != nil {
			t.Fatalf("program %d: %v", i, err)
		}
		if c == nil || !c.Trusted() {
			continue
		}
		found++
		file := filepath.Join(dir, "gen.c")
		if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		rctx, rcancel := context.WithTimeout(context.Background(), 30*time.Second)
		ok, err := cex.ReplayGCC(rctx, gcc, file, "lp64", c)
		rcancel()
		if err != nil {
			t.Fatalf("program %d: %v", i, err)
		}
		if !ok {
			t.Errorf("program %d: counterexample %v does not reach reach_error under gcc:\n%s", i, c.Inputs, src)
			continue
		}
		replayed++
	}
	t.Logf("%d counterexamples found, %d replayed with gcc", found, replayed)
	if found == 0 {
		t.Error("no counterexample found on 24 generated programs")
	}
}

// TestExhaustedOnlyWhenSafe: on the soundness oracle's generated tasks,
// whose verdicts gcc decides by running every input, a search that says
// it ran out of candidates with every branch explored (Stats.Exhausted)
// never does so on a task whose error is reachable, and does so on some
// safe ones.
func TestExhaustedOnlyWhenSafe(t *testing.T) {
	h := &cgen.Harness{}
	if !h.Available() {
		t.Skip("gcc not available")
	}
	tasks, _, _, err := h.Tasks(context.Background(), cgen.TaskOptions{Seed: 5, N: 24})
	if err != nil {
		t.Fatal(err)
	}
	exhausted := 0
	for _, task := range tasks {
		ctx, cancel := context.WithTimeout(context.Background(), 400*time.Millisecond)
		c, st, err := cex.Search(ctx, task.IR, cex.Options{})
		cancel()
		if err != nil {
			t.Fatalf("%s: %v", task.Name, err)
		}
		if !st.Exhausted {
			continue
		}
		exhausted++
		if !task.True || c != nil {
			t.Errorf("%s: the search says it explored every branch, but the task is %v (counterexample %v):\n%s",
				task.Name, task.True, c != nil, task.Program.Source())
		}
	}
	t.Logf("%d tasks, %d searches exhausted", len(tasks), exhausted)
	if exhausted == 0 {
		t.Error("no search exhausted its candidates")
	}
}

// TestNotExhaustedWhenCut: a search whose solver gives up (a 1 ms limit
// on factoring a 40-bit number) has not explored the branch it asked
// about, so it must not say it exhausted its candidates: that branch
// hides the bug.
func TestNotExhaustedWhenCut(t *testing.T) {
	src := `extern long __VERIFIER_nondet_long(void); extern void reach_error(void);
int main() { long x = __VERIFIER_nondet_long(); long y = __VERIFIER_nondet_long();
  if (x > 1 && x < 2000000 && y > 1 && y < 2000000 && x * y == 1000003L * 999983L) reach_error(); return 0; }`
	p, err := cfront.Parse("cut.c", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	c, st, err := cex.Search(ctx, p, cex.Options{QueryTimeout: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("cut search: %+v, counterexample %v", st, c != nil)
	if st.Exhausted {
		t.Errorf("exhausted after %d runs and %d queries", st.Runs, st.Queries)
	}
}
