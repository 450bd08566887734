package bmc_test

import (
	"context"
	"testing"
	"time"

	"github.com/numpred/numpred/bmc"
	"github.com/numpred/numpred/encode"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/internal/enginetest"
)

// TestDeadline checks that a run ends soon after its context does, even
// inside a long bit-vector check: the solver is interrupted, and a check
// that ignores the interrupt is left behind.
func TestDeadline(t *testing.T) {
	prog, err := frontend.Load(enginetest.Path(t, "slow/bv_div.c"))
	if err != nil {
		t.Fatal(err)
	}
	for _, ind := range []bool{false, true} {
		opt := bmc.DefaultOptions()
		opt.Induction = ind
		opt.Unwind = 4
		opt.Encoding, opt.StrictBV = encode.BV, true
		const limit = time.Second
		ctx, cancel := context.WithTimeout(context.Background(), limit)
		t0 := time.Now()
		res, err := bmc.Run(ctx, prog, opt)
		d := time.Since(t0)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != engine.Unknown {
			t.Logf("decided within %v: %s (the test wants a run that hits the limit)", d, res.Verdict)
			continue
		}
		// 2 s of slack: the machine may be loaded.
		if d > limit+2*time.Second {
			t.Errorf("induction %v: the run took %v with a limit of %v (%s)", ind, d, limit, res.Reason)
		}
		t.Logf("induction %v: %s after %v", ind, res.Reason, d)
	}
}
