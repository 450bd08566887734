package interp_test

import (
	"testing"

	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/interp"
	"github.com/numpred/numpred/ir"
)

// TestInvariantsAt: Config.InvariantsAt limits the invariants to the
// locations it accepts.
func TestInvariantsAt(t *testing.T) {
	prog, err := frontend.Load("../testdata/verdicts/gen_fig8a_100.c")
	if err != nil {
		t.Fatal(err)
	}
	cfg := interp.DefaultConfig()
	cfg.Invariants = true
	all, err := interp.Analyze(prog, cfg)
	if err != nil {
		t.Fatal(err)
	}
	cfg.InvariantsAt = func(l *ir.Loc) bool { return l.LoopHead }
	heads, err := interp.Analyze(prog, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(heads.Invariants) == 0 || len(heads.Invariants) >= len(all.Invariants) {
		t.Fatalf("%d invariants at loop heads of %d", len(heads.Invariants), len(all.Invariants))
	}
	for _, li := range heads.Invariants {
		if !li.Loc.LoopHead {
			t.Errorf("invariant at %s, not a loop head", li.Loc)
		}
	}
}
