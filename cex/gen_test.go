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
