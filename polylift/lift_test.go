package polylift_test

import (
	"strings"
	"testing"
	"time"

	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/interp"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/linprog"
	"github.com/numpred/numpred/polylift"
)

const prelude = `extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern short __VERIFIER_nondet_short(void);
void check(int c) { if (!c) reach_error(); }
`

// sumOfSquares is ps3 of nla-digbench: x is the sum of the first y
// squares, 6x = 2y^3 + 3y^2 + y, in long long whatever wraps.
const sumOfSquares = `int main(void) {
  short k = __VERIFIER_nondet_short();
  long long y = 0, x = 0, c = 0;
  while (c < k) {
    c = c + 1;
    y = y + 1;
    x = y * y + x;
  }
  check(6*x - 2*y*y*y - 3*y*y - y == %s);
  return 0;
}`

// fermat is fermat2 of nla-digbench: the relation 4(A + r) = u^2 - v^2 -
// 2u + 2v holds modulo 2^64 on every iteration and at the exit, r = 0.
const fermat = `int main(void) {
  int A = __VERIFIER_nondet_int(), R = __VERIFIER_nondet_int();
  long long u = ((long long) 2 * R) + 1, v = 1, r = ((long long) R * R) - A;
  while (r != 0) {
    if (r > 0) { r = r - v; v = v + 2; } else { r = r + u; u = u + 2; }
  }
  check(((long long) 4*A) == u*u - v*v - 2*u + 2*v %s);
  return 0;
}`

func analyseLifted(t *testing.T, src string) (engine.Verdict, *polylift.Lifted) {
	t.Helper()
	prog, err := frontend.Parse("t.c", []byte(prelude+src))
	if err != nil {
		t.Fatal(err)
	}
	l, ok := polylift.Lift(prog, polylift.Options{})
	if !ok {
		t.Fatalf("not lifted:\n%s", src)
	}
	if err := ir.SanityCheck(l.Program); err != nil {
		t.Fatal(err)
	}
	cfg := interp.DefaultConfig()
	cfg.Domain, cfg.Numeric = "nexpoint", "affine+interval"
	cfg.Deadline = time.Now().Add(20 * time.Second)
	res, err := interp.Analyze(l.Program, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return res.Verdict, l
}

// TestLiftProvesPolynomialInvariants: the lifting proves the polynomial
// relations of the sum of squares and of Fermat's factorisation, and not
// the same programs with the relation off by one (an error every run that
// leaves the loop reaches).
func TestLiftProvesPolynomialInvariants(t *testing.T) {
	for _, tc := range []struct {
		name, src, fill string
		proved          bool
	}{
		{"sum of squares", sumOfSquares, "0", true},
		{"sum of squares, off by one", sumOfSquares, "1", false},
		{"fermat", fermat, "", true},
		{"fermat, off by one", fermat, "+ 1", false},
	} {
		v, l := analyseLifted(t, strings.Replace(tc.src, "%s", tc.fill, 1))
		if got := v == engine.True; got != tc.proved {
			t.Errorf("%s: verdict %s, want proved %v", tc.name, v, tc.proved)
		}
		if l.Monomials == 0 || l.Degree < 2 {
			t.Errorf("%s: %d monomials of degree %d", tc.name, l.Monomials, l.Degree)
		}
	}
}

// TestLiftKeepsTheProgram: the lifting copies p (same variables and
// locations, its own), leaves p alone, and gives up (false) on a program
// without products.
func TestLiftKeepsTheProgram(t *testing.T) {
	prog, err := frontend.Parse("t.c", []byte(prelude+strings.Replace(sumOfSquares, "%s", "0", 1)))
	if err != nil {
		t.Fatal(err)
	}
	var before strings.Builder
	ir.Print(&before, prog)
	l, ok := polylift.Lift(prog, polylift.Options{Degree: 3})
	if !ok {
		t.Fatal("not lifted")
	}
	var after strings.Builder
	ir.Print(&after, prog)
	if before.String() != after.String() {
		t.Error("Lift changed its input")
	}
	if len(l.Program.Vars) <= len(prog.Vars) || l.Degree != 3 {
		t.Errorf("lifted: %d variables (had %d), degree %d", len(l.Program.Vars), len(prog.Vars), l.Degree)
	}
	for i, v := range prog.Vars {
		if w := l.Program.Vars[i]; w == v || w.Qual != v.Qual {
			t.Fatalf("variable %d: %v in the copy", i, w)
		}
	}
	linear, err := frontend.Parse("t.c", []byte(prelude+"int main(void) { int x = __VERIFIER_nondet_int(); check(x + x == 2 * x); return 0; }"))
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := polylift.Lift(linear, polylift.Options{}); ok || polylift.Applies(linear) {
		t.Error("lifted a program without products")
	}
}

// TestLiftAccumulation: the eureka family sum (linprog.Generate) only
// accumulates a counter, so the lifting keeps i*i; 2s = i*i + i holds in
// both loops, and the value links give i*i = 10000*i' when the first
// exits with i = 10000, so s = 50005000 there and 0 at the end. Proved
// under affine equalities and under linear congruences; its twin with
// the sum off by one is not.
func TestLiftAccumulation(t *testing.T) {
	for _, num := range []string{"affine+interval", "lincong+interval"} {
		for _, tc := range []struct {
			sum    string
			proved bool
		}{{"50005000", true}, {"50005001", false}} {
			src, err := linprog.Generate("sum", 10000)
			if err != nil {
				t.Fatal(err)
			}
			src = strings.Replace(src, "assert(s = 50005000)", "assert(s = "+tc.sum+")", 1)
			prog, err := frontend.Parse("sum.lp", []byte(src))
			if err != nil {
				t.Fatal(err)
			}
			if !polylift.Applies(prog) {
				t.Fatal("Applies: false for an accumulation")
			}
			l, ok := polylift.Lift(prog, polylift.Options{})
			if !ok || l.Monomials == 0 {
				t.Fatalf("not lifted (%v)", l)
			}
			if err := ir.SanityCheck(l.Program); err != nil {
				t.Fatal(err)
			}
			cfg := interp.DefaultConfig()
			cfg.Domain, cfg.Numeric = "nexpoint", num
			cfg.Deadline = time.Now().Add(20 * time.Second)
			res, err := interp.Analyze(l.Program, cfg)
			if err != nil {
				t.Fatal(err)
			}
			if got := res.Verdict == engine.True; got != tc.proved {
				t.Errorf("%s, s = %s: verdict %s, want proved %v", num, tc.sum, res.Verdict, tc.proved)
			}
		}
	}
}
