package main

import (
	"bytes"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/numpred/numpred/cfront"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/interp"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/verify"
)

// TestGuardTimeout: a run that does not stop at its deadline (an engine
// stuck in an operation) is answered UNKNOWN (timeout) by the guard
// within guardGrace and a poll, with the stages that finished and the
// one running.
func TestGuardTimeout(t *testing.T) {
	stop := make(chan struct{})
	defer close(stop)
	deadline := time.Now().Add(200 * time.Millisecond)
	r, _, err, out := guarded("auto", deadline, 0, func(onStage func(verify.Stage, bool)) (*verify.Result, error) {
		onStage(verify.Stage{Name: "bmc", Verdict: engine.Unknown, Reason: engine.NewReason(engine.Bound, "bound reached")}, false)
		onStage(verify.Stage{Name: "search"}, true)
		<-stop // never returns in time
		return nil, nil
	})
	late := time.Since(deadline)
	require.NoError(t, err)
	require.Equal(t, guardTimeout, out)
	require.Equal(t, engine.Unknown, r.Verdict)
	require.Equal(t, engine.Timeout, r.Reason.Kind)
	require.Contains(t, r.Reason.String(), "timeout: search did not stop")
	require.Len(t, r.Stages, 2)
	require.Equal(t, "bmc", r.Stages[0].Name)
	require.Equal(t, "search", r.Stages[1].Name)
	require.Contains(t, r.Stages[1].Reason.String(), "abandoned")
	require.GreaterOrEqual(t, late, graceFor(residentBytes()+64<<20))
	require.Less(t, late, guardGrace+time.Second)
}

// TestGraceFor: a large process's grace leaves room for its exit (0.6 s
// for 5 GB measured), never below the minimum.
func TestGraceFor(t *testing.T) {
	require.Equal(t, guardGrace, graceFor(0))
	require.Equal(t, 750*time.Millisecond, graceFor(5<<30))
	require.Equal(t, minGuardGrace, graceFor(20<<30))
	for rss := uint64(0); rss < 16<<30; rss += 1 << 28 {
		require.GreaterOrEqual(t, graceFor(rss), graceFor(rss+1<<28), "grace grows with the size at %d", rss)
	}
}

// TestGuardMemory: a run whose resident memory passes the limit is
// answered UNKNOWN (memory), naming the stage.
func TestGuardMemory(t *testing.T) {
	limit := residentBytes() + 64<<20
	stop := make(chan struct{})
	defer close(stop)
	var hold [][]byte
	r, peaks, err, out := guarded("auto", time.Time{}, limit, func(onStage func(verify.Stage, bool)) (*verify.Result, error) {
		onStage(verify.Stage{Name: "absint nexpoint/interval"}, true)
		for i := 0; i < 64; i++ { // up to 256 MB, touched so it is resident
			b := make([]byte, 4<<20)
			for j := range b {
				b[j] = byte(j)
			}
			hold = append(hold, b)
			time.Sleep(5 * time.Millisecond)
		}
		<-stop
		return nil, nil
	})
	require.NoError(t, err)
	require.Equal(t, guardMemory, out)
	require.Equal(t, engine.Memory, r.Reason.Kind)
	require.Contains(t, r.Reason.String(), "memory: absint nexpoint/interval passed the memory limit")
	require.Len(t, r.Stages, 1)
	require.Len(t, peaks, 1)
	require.Greater(t, peaks[0], limit, "the stage's peak is the sample past the limit")
	_ = hold
}

// TestGuardFinished: a run that answers in time is returned as it is.
func TestGuardFinished(t *testing.T) {
	want := &verify.Result{Result: engine.Result{Verdict: engine.True}}
	r, _, err, out := guarded("auto", time.Now().Add(time.Minute), 1<<40, func(func(verify.Stage, bool)) (*verify.Result, error) {
		return want, nil
	})
	require.NoError(t, err)
	require.Equal(t, guardFinished, out)
	require.Same(t, want, r)
}

// TestGuardPanic: a panic in the run is an internal error (exit 3), not
// a crash of the process.
func TestGuardPanic(t *testing.T) {
	_, _, err, out := guarded("auto", time.Time{}, 0, func(func(verify.Stage, bool)) (*verify.Result, error) {
		panic("boom")
	})
	require.Equal(t, guardFinished, out)
	var ie *interp.InternalError
	require.ErrorAs(t, err, &ie)
}

// TestMemoryLimitFlag: the default is half the machine's memory; 0 means
// none; a bad size is a usage error.
func TestMemoryLimitFlag(t *testing.T) {
	if availableMemory() > 0 {
		require.Equal(t, availableMemory()/2, defaultMemoryLimit())
	}
	var out, errb bytes.Buffer
	require.Equal(t, exitUsage, run([]string{"analyze", "--memory-limit", "lots", "x.c"}, &out, &errb))
	require.Contains(t, errb.String(), "--memory-limit")
}

// TestFrontEndBugIsInternal: a front end's own failure exits 3 (with the
// stack under --debug), an input error 2.
func TestFrontEndBugIsInternal(t *testing.T) {
	var errb bytes.Buffer
	bug := &cfront.InternalError{Pos: ir.Pos{File: "p.c", Line: 3, Col: 1}, Value: "boom", Stack: []byte("goroutine 1 [running]:\n")}
	require.Equal(t, exitInternal, loadFailed(fmt.Errorf("wrapped: %w", bug), false, &errb))
	require.Contains(t, errb.String(), "p.c:3:1: internal error in the C front end: boom")
	require.Contains(t, errb.String(), "--debug")
	errb.Reset()
	require.Equal(t, exitInternal, loadFailed(bug, true, &errb))
	require.Contains(t, errb.String(), "goroutine 1 [running]")
	errb.Reset()
	require.Equal(t, exitInput, loadFailed(errors.New("p.c:1:2: syntax error"), false, &errb))
	require.Equal(t, "p.c:1:2: syntax error\n", errb.String())
}
