package interp_test

import (
	"testing"
	"time"

	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/interp"
	"github.com/numpred/numpred/numeric"
)

// TestChainKeepsPredicates checks the composition of assignment chains:
// under the predicate-only domain with only the predicates s = 1, s = 2,
// s = 3 and flag = 2 (no copy closure: the precision is given), the copy
// new = s; s = old; s = new keeps s's predicates only if the three
// assignments are taken as one (new := s). Without, s is unknown after
// the copy and the error is reachable in the abstraction.
func TestChainKeepsPredicates(t *testing.T) {
	src := `extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int s = 1, flag = 0, old, tmp;
  while (1) {
    if (__VERIFIER_nondet_int()) continue;
    old = s;
    if (s == 1) { flag = 1; s = 2; }
    else if (s == 2) { if (flag == 2) reach_error(); flag = 2; s = 3; }
    else if (s == 3) { break; }
    if (__VERIFIER_nondet_int()) { tmp = s; s = old; s = tmp; }
  }
  return 0;
}
`
	prog, err := frontend.Parse("chain.c", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	dim := map[string]numeric.LinExpr{}
	for _, v := range prog.Vars {
		dim[v.Qual] = numeric.Var(numeric.Dim(v.ID))
	}
	prec := interp.NewPrecision(true)
	for _, c := range []numeric.Constraint{
		numeric.Eq(dim["main::s"], numeric.Const(1)),
		numeric.Eq(dim["main::s"], numeric.Const(2)),
		numeric.Eq(dim["main::s"], numeric.Const(3)),
		numeric.Eq(dim["main::flag"], numeric.Const(2)),
	} {
		prec.AddPred(nil, c)
	}
	for _, domain := range []string{"predicate", "nexpoint"} {
		cfg := interp.DefaultConfig()
		cfg.Domain, cfg.Precision = domain, prec
		cfg.Deadline = time.Now().Add(20 * time.Second)
		res, err := interp.Analyze(prog, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != engine.True {
			t.Errorf("%s: got %s (%s), want TRUE", domain, res.Verdict, res.Reason)
		}
	}
}
