package bmc

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/numpred/numpred/encode"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/interp"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

const certifyLoop = `extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0, s = 0;
  if (n < 0 || n > 1000) return 0;
  while (i < n) {
    i++;
    s += 2;
  }
  if (s != 2 * i) reach_error();
  return 0;
}
`

func loadC(t *testing.T, src string) *ir.Program {
	t.Helper()
	path := filepath.Join(t.TempDir(), "p.c")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	prog, err := frontend.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return prog
}

// conj builds the invariant of the test's notation: atoms in numeric's
// constraint syntax over qualified names, each possibly negated (!(...)),
// joined by " && "; "false".
func conj(t *testing.T, prog *ir.Program, s string) ir.Cond {
	t.Helper()
	if s == "false" {
		return &ir.BoolConst{V: false}
	}
	// numeric's syntax has no "::": each variable is v<ID>.
	names := make([]string, len(prog.Vars))
	ids := map[string]string{}
	for i, v := range prog.Vars {
		names[i] = fmt.Sprintf("v%d", i)
		ids[v.Qual] = names[i]
	}
	env, err := numeric.NewEnv(names...)
	if err != nil {
		t.Fatal(err)
	}
	ident := regexp.MustCompile(`[A-Za-z_$][A-Za-z0-9_$.:']*`)
	var xs []ir.Cond
	for _, part := range strings.Split(s, " && ") {
		neg := strings.HasPrefix(part, "!(")
		if neg {
			part = strings.TrimSuffix(strings.TrimPrefix(part, "!("), ")")
		}
		c, err := numeric.ParseConstraint(ident.ReplaceAllStringFunc(part, func(n string) string { return ids[n] }), env)
		if err != nil {
			t.Fatalf("%q: %v", part, err)
		}
		var x ir.Cond = &ir.Atom{C: c}
		if neg {
			x = &ir.Not{X: x}
		}
		xs = append(xs, x)
	}
	return &ir.And{Xs: xs}
}

// polyhedraInvariants runs the abstract interpreter over polyhedra on
// prog for its invariants.
func polyhedraInvariants(t *testing.T, prog *ir.Program) *interp.Result {
	t.Helper()
	cfg := interp.DefaultConfig()
	cfg.Numeric = "polyhedra"
	cfg.Invariants = true
	res, err := interp.Analyze(prog, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func loopHead(t *testing.T, prog *ir.Program) *ir.Loc {
	heads, why := stepApplicable(prog)
	if why != "" || len(heads) != 1 {
		t.Fatalf("heads %v: %s", heads, why)
	}
	return heads[0]
}

// TestCertify: a loop invariant that is inductive and strong enough is
// accepted; one too weak, one not inductive and one false on entry are
// rejected, each by the check it fails.
func TestCertify(t *testing.T) {
	prog := loadC(t, certifyLoop)
	h := loopHead(t, prog)
	// i and s stay far from overflow only with n's bound: without it
	// i++ may overflow, and the encoding then knows nothing of i.
	const bounds = " && main::i >= 0 && main::n - main::i >= 0 && main::n <= 1000"
	for _, c := range []struct {
		inv, why string
	}{
		{"main::s - 2main::i = 0" + bounds, ""},
		{"main::s - 2main::i = 0 && main::$ret = 0" + bounds, ""}, // $ret is no C variable: weakened away, still enough
		{"main::i >= 0" + bounds, "may be reachable from a loop head"},
		{"main::s - 2main::i = 0 && main::i >= 0", "may not be inductive"},
		{"main::s - 2main::i = 0 && main::i <= 5" + bounds, "may not be inductive"},
		{"main::s - 2main::i = 1" + bounds, "may not hold when the loop is entered"},
		{"false", "may not hold when the loop is entered"},
	} {
		cert, err := Certify(context.Background(), prog, map[*ir.Loc]ir.Cond{h: conj(t, prog, c.inv)})
		if err != nil {
			t.Fatal(err)
		}
		if c.why == "" && !cert.OK {
			t.Errorf("%q: rejected: %s", c.inv, cert.Why)
		}
		if c.why != "" && (cert.OK || !strings.Contains(cert.Why, c.why)) {
			t.Errorf("%q: ok=%v %q, want rejected: %q", c.inv, cert.OK, cert.Why, c.why)
		}
	}
	// An atom over a temporary is weakened by its polarity: to true where
	// it occurs positively, to false under a negation (!false is true);
	// the constants are then folded away.
	cert, _ := Certify(context.Background(), prog, map[*ir.Loc]ir.Cond{h: conj(t, prog, "main::s - 2main::i = 0 && main::$ret = 0 && !(main::$t1 <= 3)")})
	if want := "2LL * (long long)i - (long long)s == 0LL"; len(cert.Invariants) != 1 || cert.Invariants[0].C != want {
		t.Errorf("C form %q, want %q", cert.Invariants[0].C, want)
	}
}

// TestCertifyInterpreterInvariants: the abstract interpreter's own
// invariants certify a safe task, and breaking one on purpose fails the
// check.
func TestCertifyInterpreterInvariants(t *testing.T) {
	prog := loadC(t, certifyLoop)
	res := polyhedraInvariants(t, prog)
	if res.Verdict != engine.True {
		t.Fatalf("verdict %s: %s", res.Verdict, res.Reason)
	}
	invs := map[*ir.Loc]ir.Cond{}
	for _, li := range res.Invariants {
		invs[li.Loc] = li.Formula
	}
	cert, err := Certify(context.Background(), prog, invs)
	if err != nil {
		t.Fatal(err)
	}
	if !cert.OK {
		t.Fatalf("rejected: %s (%v)", cert.Why, cert.Invariants)
	}
	if !strings.Contains(cert.Invariants[0].C, "(long long)s") {
		t.Errorf("invariant %q does not relate s", cert.Invariants[0].C)
	}
	BreakInvariant(invs, loopHead(t, prog))
	if cert, err := Certify(context.Background(), prog, invs); err != nil || cert.OK {
		t.Errorf("broken invariant accepted: %v %v", cert, err)
	}
}

// interpreterInvariants returns the polyhedra invariants of prog by
// location, and the interpreter's verdict.
func interpreterInvariants(t *testing.T, prog *ir.Program) (map[*ir.Loc]ir.Cond, engine.Verdict) {
	t.Helper()
	res := polyhedraInvariants(t, prog)
	invs := map[*ir.Loc]ir.Cond{}
	for _, li := range res.Invariants {
		invs[li.Loc] = li.Formula
	}
	return invs, res.Verdict
}

// trueInvariants returns the polyhedra invariants of prog, which the
// interpreter must prove.
func trueInvariants(t *testing.T, prog *ir.Program) map[*ir.Loc]ir.Cond {
	t.Helper()
	invs, v := interpreterInvariants(t, prog)
	if v != engine.True {
		t.Fatalf("verdict %s", v)
	}
	return invs
}

// headOf returns the loop head of the function named fn.
func headOf(t *testing.T, prog *ir.Program, fn string) *ir.Loc {
	t.Helper()
	for _, f := range prog.Funcs {
		if f.Name != fn {
			continue
		}
		for _, l := range f.Locs {
			if l.LoopHead {
				return l
			}
		}
	}
	t.Fatalf("no loop head in %s", fn)
	return nil
}

// TestCertifyLoopInCallee: loops outside main are cut points in every
// activation the calls open; the interpreter's invariants there are
// accepted, and a broken one is caught.
func TestCertifyLoopInCallee(t *testing.T) {
	prog := loadC(t, `extern void reach_error(void);
int f(int n) { int i = 0; while (i < n) i++; return i; }
int main(void) { if (f(3) < 0) reach_error(); if (f(5) < 0) reach_error(); return 0; }
`)
	invs := trueInvariants(t, prog)
	cert, err := Certify(context.Background(), prog, invs)
	if err != nil {
		t.Fatal(err)
	}
	if !cert.OK || len(cert.Invariants) != 1 || cert.Invariants[0].Loc.Func.Name != "f" {
		t.Fatalf("ok=%v %q %+v", cert.OK, cert.Why, cert.Invariants)
	}
	if !strings.Contains(cert.Invariants[0].C, "(long long)i") {
		t.Errorf("invariant %q does not mention f's i", cert.Invariants[0].C)
	}
	BreakInvariant(invs, headOf(t, prog, "f"))
	if cert, err := Certify(context.Background(), prog, invs); err != nil || cert.OK {
		t.Errorf("broken invariant in f accepted: %+v %v", cert, err)
	}
	// With no invariant the loop says nothing of i: rejected.
	if cert, err := Certify(context.Background(), prog, nil); err != nil || cert.OK || cert.Shape {
		t.Errorf("no invariants: %+v %v", cert, err)
	}
	// Without any loop the paths from main's entry decide alone.
	prog = loadC(t, `extern void reach_error(void);
int f(int n) { return n + 1; }
int main(void) { if (f(3) != 4) reach_error(); return 0; }
`)
	if cert, err := Certify(context.Background(), prog, nil); err != nil || !cert.OK || len(cert.Invariants) != 0 {
		t.Errorf("loop-free: %+v %v", cert, err)
	}
}

// TestCertifyCallSiteFacts: a segment from a callee's loop returns into
// its caller, whose locals the callee cannot change; the caller's
// invariant at the call carries them (call-site facts). Without it the
// check fails; an unsafe program is rejected whatever the invariants.
func TestCertifyCallSiteFacts(t *testing.T) {
	src := `extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int g;
void spin(void) { while (g > 0) g--; }
int main(void) {
  int x = 5;
  g = __VERIFIER_nondet_int();
  spin();
  if (x != 5) reach_error();
  if (g > 0) reach_error();
  return 0;
}
`
	prog := loadC(t, src)
	invs := trueInvariants(t, prog)
	cert, err := Certify(context.Background(), prog, invs)
	if err != nil {
		t.Fatal(err)
	}
	if !cert.OK {
		t.Fatalf("rejected: %s %+v", cert.Why, cert.Invariants)
	}
	// Drop the call-site fact (main's invariant where it calls spin).
	for l := range invs {
		if l.Func == prog.Main && !l.LoopHead {
			delete(invs, l)
		}
	}
	if cert, err := Certify(context.Background(), prog, invs); err != nil || cert.OK {
		t.Errorf("accepted without the call-site fact: %+v %v", cert, err)
	}
	// The same shape, unsafe: x changes before the call.
	prog = loadC(t, strings.Replace(src, "  spin();", "  x = g; spin();", 1))
	invs, _ = interpreterInvariants(t, prog)
	if cert, err := Certify(context.Background(), prog, invs); err != nil || cert.OK {
		t.Errorf("unsafe program accepted: %+v %v", cert, err)
	}
}

// TestCertifyRecursion: recursion is a shape the check refuses.
func TestCertifyRecursion(t *testing.T) {
	prog := loadC(t, `extern void reach_error(void);
int f(int n) { if (n <= 0) return 0; return f(n - 1); }
int main(void) { if (f(3) != 0) reach_error(); return 0; }
`)
	cert, err := Certify(context.Background(), prog, nil)
	if err != nil {
		t.Fatal(err)
	}
	if cert.OK || !cert.Shape || !strings.Contains(cert.Why, "recursion of f") {
		t.Errorf("ok=%v shape=%v %q", cert.OK, cert.Shape, cert.Why)
	}
}

// TestCertifyBounded: where every run is short, invariants too weak to
// be inductive are checked on the unwound program, which also proves
// safety; a false invariant, a bound too small and an unsafe program
// are rejected.
func TestCertifyBounded(t *testing.T) {
	src := `extern void reach_error(void);
int main(void) {
  int i = 0, s = 0;
  while (i < 10) { i++; s += 2; }
  if (s != 20) reach_error();
  return 0;
}
`
	prog := loadC(t, src)
	unsafe := func(t *testing.T) *ir.Program { return loadC(t, strings.Replace(src, "s != 20", "s != 21", 1)) }
	weak := map[*ir.Loc]ir.Cond{}
	h := headOf(t, prog, "main")
	weak[h] = conj(t, prog, "-1*main::i <= 0")
	ctx := context.Background()
	if cert, err := Certify(ctx, prog, weak); err != nil || cert.OK {
		t.Fatalf("weak invariant inductive: %+v %v", cert, err)
	}
	for _, mode := range []encode.Mode{encode.LIA, encode.BV} {
		cert, err := CertifyBounded(ctx, prog, weak, 16, mode)
		if err != nil || !cert.OK || cert.Bound != 16 || len(cert.Invariants) != 1 {
			t.Fatalf("bounded (%v): %+v %v", mode, cert, err)
		}
	}
	if cert, err := CertifyBounded(ctx, unsafe(t), nil, 16, encode.BV); err != nil || cert.OK {
		t.Errorf("unsafe program accepted in BV: %+v %v", cert, err)
	}
	if cert, err := CertifyBounded(ctx, prog, weak, 4, encode.BV); err != nil || cert.OK {
		t.Errorf("bound 4 accepted for a loop of 10 iterations: %+v %v", cert, err)
	}
	if cert, err := CertifyBounded(ctx, prog, map[*ir.Loc]ir.Cond{h: conj(t, prog, "main::i <= 5")}, 16, encode.BV); err != nil || cert.OK {
		t.Errorf("false invariant accepted: %+v %v", cert, err)
	}
	if cert, err := CertifyBounded(ctx, unsafe(t), nil, 16, encode.LIA); err != nil || cert.OK {
		t.Errorf("unsafe program accepted: %+v %v", cert, err)
	}
}
