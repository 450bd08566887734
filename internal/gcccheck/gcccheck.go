// Package gcccheck is a test helper: it checks a FALSE verdict's
// counterexample against gcc, for the engines' tests.
package gcccheck

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"testing"
	"time"

	"github.com/numpred/numpred/cex"
	"github.com/numpred/numpred/frontend"
)

// CheckFalse checks that a FALSE verdict's counterexample c on the C
// task at file is trusted and, when gcc is installed, that the compiled
// task calls reach_error on its inputs; name says which run it was.
func CheckFalse(t testing.TB, file, name string, c *cex.Counterexample) {
	t.Helper()
	if c == nil || !c.Trusted() {
		t.Errorf("%s %s: FALSE without a trusted counterexample", file, name)
		return
	}
	if err := Replay(file, c); errors.Is(err, ErrNotRun) {
		t.Logf("%s %s: %v", file, name, err)
	} else if err != nil {
		t.Errorf("%s %s: %v", file, name, err)
	}
}

// Replay's errors.
var (
	// ErrNotReached: the compiled task does not call reach_error on the
	// counterexample's inputs.
	ErrNotReached = errors.New("the counterexample does not reach reach_error when compiled with gcc")
	// ErrNotRun: the replay could not run (the task did not build, ...).
	ErrNotRun = errors.New("gcc replay not run")
)

// Replay compiles the C task at file with gcc and runs it on c's
// inputs: nil when it calls reach_error or when gcc is not installed,
// ErrNotReached when it does not, ErrNotRun (wrapped) when the replay
// could not run.
func Replay(file string, c *cex.Counterexample) error {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	ok, err := cex.ReplayGCC(ctx, gcc, file, string(frontend.TaskDataModel(file)), c)
	switch {
	case err != nil:
		return fmt.Errorf("%w: %v", ErrNotRun, err)
	case !ok:
		return ErrNotReached
	}
	return nil
}
