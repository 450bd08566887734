package smt

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// assertFactoring asserts that two 64-bit numbers above 1 and below 2^32
// multiply to a 60-bit semiprime: bit-blasted factoring, which Z3 does not
// finish in seconds.
func assertFactoring(c *Context, s *Solver) {
	const w = 64
	x := c.Const("fx", c.BVSort(w))
	y := c.Const("fy", c.BVSort(w))
	s.Assert(c.Eq(c.BVMul(x, y), c.BVVal(1000000007*998244353, w)))
	s.Assert(c.BVUGt(x, c.BVVal(1, w)), c.BVUGt(y, c.BVVal(1, w)))
	s.Assert(c.BVULt(x, c.BVVal(1<<32, w)), c.BVULt(y, c.BVVal(1<<32, w)))
}

// unknownWithin checks s and requires Unknown within limit.
func unknownWithin(t *testing.T, s *Solver, limit time.Duration, check func() (Result, error)) string {
	t.Helper()
	start := time.Now()
	r, err := check()
	elapsed := time.Since(start)
	if r != Unknown {
		t.Fatalf("result %v (%v), want unknown", r, err)
	}
	if elapsed > limit {
		t.Errorf("took %v, want under %v", elapsed, limit)
	}
	return s.ReasonUnknown()
}

func TestTimeout(t *testing.T) {
	c := newContext(t)
	s := c.NewSolver()
	assertFactoring(c, s)
	s.SetTimeout(100 * time.Millisecond)
	reason := unknownWithin(t, s, 5*time.Second, s.Check)
	if reason != "timeout" && reason != "canceled" {
		t.Errorf("reason %q, want timeout", reason)
	}
	// The limit holds inside scopes too, and goes away with SetTimeout(0)
	// (an easy check still succeeds afterwards).
	s.Push()
	unknownWithin(t, s, 5*time.Second, s.Check)
	s.Pop(1)
	s.SetTimeout(0)
	s.Reset()
	s.Assert(c.Eq(c.Const("x", c.IntSort()), c.IntVal(1)))
	mustCheck(t, s, Sat)
}

// TestContextTimeout sets the limit for every solver of a context.
func TestContextTimeout(t *testing.T) {
	c := newContext(t, Timeout(100*time.Millisecond))
	s := c.NewSolver()
	assertFactoring(c, s)
	unknownWithin(t, s, 5*time.Second, s.Check)
}

// TestInterrupt stops a check from another goroutine.
func TestInterrupt(t *testing.T) {
	c := newContext(t)
	s := c.NewSolver()
	assertFactoring(c, s)
	go func() {
		time.Sleep(100 * time.Millisecond)
		c.Interrupt()
	}()
	reason := unknownWithin(t, s, 5*time.Second, s.Check)
	if !strings.Contains(reason, "cancel") && !strings.Contains(reason, "interrupt") {
		t.Errorf("reason %q, want canceled or interrupted", reason)
	}
	// An interrupt between checks does not poison the next one.
	c.Interrupt()
	s.Reset()
	s.Assert(c.Eq(c.Const("x", c.IntSort()), c.IntVal(1)))
	mustCheck(t, s, Sat)
}

func TestCheckContext(t *testing.T) {
	c := newContext(t)
	s := c.NewSolver()
	assertFactoring(c, s)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	var err error
	unknownWithin(t, s, 5*time.Second, func() (Result, error) {
		var r Result
		r, err = s.CheckContext(ctx)
		return r, err
	})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("error %v, want deadline exceeded", err)
	}
	// A done context stops the check before it starts.
	if r, err := s.CheckContext(ctx); r != Unknown || err == nil {
		t.Errorf("CheckContext(done) = %v, %v", r, err)
	}
	// A live context does not disturb an easy check.
	s.Reset()
	s.Assert(c.Eq(c.Const("x", c.IntSort()), c.IntVal(1)))
	if r, err := s.CheckContext(context.Background()); r != Sat || err != nil {
		t.Errorf("CheckContext(easy) = %v, %v", r, err)
	}
}

// TestLeftCheckBlocksOtherOperations leaves a long check running in
// another goroutine, as bmc does past a deadline: an operation on the
// same context from this goroutine (a new solver, a solver's Close, a
// term) must wait for it, since a Z3 context is single-threaded (racing
// dec_refs crashed the process). Without the wait the operations below
// return while the check still runs.
func TestLeftCheckBlocksOtherOperations(t *testing.T) {
	c := newContext(t)
	t.Cleanup(c.Interrupt) // before the context's Close, on failure too
	s := c.NewSolver()
	assertFactoring(c, s)
	other := c.NewSolver()
	go s.Check()
	for c.st.checking.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	opDone := make(chan bool, 1)
	go func() {
		other.Close()
		c.Eq(c.Const("y", c.IntSort()), c.IntVal(2))
		opDone <- c.st.checking.Load() == 0 // false: it ran during the check
	}()
	select {
	case ok := <-opDone:
		t.Fatalf("an operation returned while a check was running (after the check: %v)", ok)
	case <-time.After(200 * time.Millisecond):
	}
	c.Interrupt()
	if ok := <-opDone; !ok {
		t.Fatal("the operation ended before the check")
	}
}
