package cfront_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/numpred/numpred/cfront"
	"github.com/numpred/numpred/frontend"
)

// TestPanicIsInternalError: a panic while translating is the front end's
// bug, reported as an *InternalError with its position and stack (numpred
// exits 3), not as an input error.
func TestPanicIsInternalError(t *testing.T) {
	cfront.SetPanicInTranslate(true)
	defer cfront.SetPanicInTranslate(false)
	_, err := cfront.Parse("p.c", []byte("int main(void) { return 0; }\n"))
	var ie *cfront.InternalError
	if !errors.As(err, &ie) {
		t.Fatalf("error %v (%T), want *cfront.InternalError", err, err)
	}
	if ie.Pos.File != "p.c" || len(ie.Stack) == 0 || !strings.Contains(err.Error(), "injected fault") {
		t.Fatalf("internal error %+v", ie)
	}
	p, err := frontend.Parse("p.c", []byte("int main(void) { return 0; }\n"))
	if p != nil || !errors.As(err, &ie) {
		t.Fatalf("frontend: %v (%T), want the *cfront.InternalError unwrapped", err, err)
	}
}
