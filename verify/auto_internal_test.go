package verify

import (
	"testing"
	"time"

	"github.com/numpred/numpred/interp"
)

// TestRunStageAbandons: a stage that does not return by its abandon time
// is answered UNKNOWN at that time; one that returns keeps its answer.
func TestRunStageAbandons(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	slow := func() (*Result, error) {
		<-release
		return &Result{Result: &interp.Result{Verdict: interp.True}}, nil
	}
	start := time.Now()
	r, err := runStage(slow, start.Add(50*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != interp.Unknown {
		t.Errorf("abandoned stage: %s, want UNKNOWN", r.Verdict)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("abandoned after %v, want about 50ms", d)
	}
	fast := func() (*Result, error) { return &Result{Result: &interp.Result{Verdict: interp.False}}, nil }
	r, err = runStage(fast, time.Now().Add(time.Minute))
	if err != nil || r.Verdict != interp.False {
		t.Errorf("finished stage: %v, %v; want FALSE", r, err)
	}
}
