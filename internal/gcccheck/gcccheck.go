// Package gcccheck is a test helper: it checks a FALSE verdict's
// counterexample against gcc, for the engines' SV-COMP tests.
package gcccheck

import (
	"context"
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
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	ok, err := cex.ReplayGCC(ctx, gcc, file, string(frontend.TaskDataModel(file)), c)
	if err != nil {
		t.Logf("%s %s: gcc replay not run: %v", file, name, err)
		return
	}
	if !ok {
		t.Errorf("%s %s: the counterexample does not reach reach_error when compiled with gcc", file, name)
	}
}
