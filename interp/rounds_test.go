package interp_test

import (
	"testing"
	"time"

	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/interp"
)

// TestStatsCoverRounds: sum(50) under nexpoint/polyhedra needs 102
// unrolled iterations: the first round's budget (FirstRoundUnroll) is too
// small, the second round proves it; the statistics list both rounds and
// add them up, so that their time is accounted for (issue 18: --stats
// showed only the last round).
func TestStatsCoverRounds(t *testing.T) {
	cfg := interp.DefaultConfig()
	cfg.Domain, cfg.Numeric = "nexpoint", "polyhedra"
	cfg.Deadline = time.Now().Add(time.Minute)
	res := analyzeTemplate(t, "sum", 50, cfg)
	if res.Verdict != engine.True {
		t.Fatalf("%s (%s), want TRUE", res.Verdict, res.Reason)
	}
	rs := res.Stats.Rounds
	if len(rs) != 2 || rs[0].Unroll != interp.FirstRoundUnroll || rs[0].Verdict != engine.Unknown ||
		rs[1].Unroll != interp.DefaultUnroll || rs[1].Verdict != engine.True {
		t.Fatalf("rounds %s, want one with the first round's budget (UNKNOWN), then one with the whole budget (TRUE)", interp.RoundsString(rs))
	}
	nt := res.Stats.NumericTotals
	if sum := rs[0].Numeric + rs[1].Numeric; nt.Time != sum {
		t.Errorf("numeric time %v, want the rounds' sum %v", nt.Time, sum)
	}
	if nt.Poly == nil || nt.Poly.Count == 0 {
		t.Errorf("no polyhedra statistics in %+v", nt)
	}
	var opTime time.Duration
	for _, o := range res.Stats.Ops {
		if len(o.Name) > 8 && o.Name[:8] == "numeric." {
			opTime += o.Time
		}
	}
	if opTime != nt.Time {
		t.Errorf("numeric operations add up to %v, totals say %v", opTime, nt.Time)
	}
	if res.Time < rs[0].Time+rs[1].Time {
		t.Errorf("time %v < the rounds' %v + %v", res.Time, rs[0].Time, rs[1].Time)
	}
	t.Logf("rounds: %s; numeric: %s", interp.RoundsString(rs), res.Stats.Numeric)
}
