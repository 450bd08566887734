package abe_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/numpred/numpred/abe"
	"github.com/numpred/numpred/bmc"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/ir"
)

// TestLoopInvariants: the invariants a TRUE round reads off its reached
// set are accepted by bmc.Certify (inductive and strong enough on the
// IR), and Certify rejects them once one is broken.
func TestLoopInvariants(t *testing.T) {
	path := filepath.Join(t.TempDir(), "eq.c")
	err := os.WriteFile(path, []byte(`extern void reach_error(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int w = __VERIFIER_nondet_uint();
  unsigned int x = w;
  unsigned int y = __VERIFIER_nondet_uint();
  unsigned int z = y;
  while (__VERIFIER_nondet_uint()) {
    if (__VERIFIER_nondet_uint()) { ++w; ++x; } else { --y; --z; }
  }
  if (!(w == x && y == z)) reach_error();
  return 0;
}
`), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := frontend.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	res, err := abe.Run(ctx, prog, abe.Options{Invariants: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != engine.True || len(res.Invariants) == 0 {
		t.Fatalf("verdict %s (%s), %d invariants", res.Verdict, res.Reason, len(res.Invariants))
	}
	invs := map[*ir.Loc]ir.Cond{}
	for _, inv := range res.Invariants {
		if !inv.Loc.LoopHead {
			t.Errorf("invariant at %s, not a loop head", inv.Loc)
		}
		invs[inv.Loc] = inv.Formula
	}
	cert, err := bmc.Certify(ctx, prog, invs)
	if err != nil || !cert.OK {
		t.Fatalf("not certified: %+v %v", cert, err)
	}
	for l := range invs {
		bmc.BreakInvariant(invs, l)
	}
	if cert, err := bmc.Certify(ctx, prog, invs); err != nil || cert.OK {
		t.Errorf("broken invariants certified: %+v %v", cert, err)
	}
	// Without Invariants a run computes none.
	res, err = abe.Run(ctx, prog, abe.Options{})
	if err != nil || len(res.Invariants) != 0 {
		t.Errorf("invariants without the option: %d, %v", len(res.Invariants), err)
	}
}
