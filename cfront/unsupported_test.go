package cfront

import (
	"strings"
	"testing"

	"github.com/numpred/numpred/ir"
	irexec "github.com/numpred/numpred/ir/exec"
	"github.com/numpred/numpred/numeric"
)

// TestUnsupportedLocations checks that a construct the front end cannot
// model becomes an edge into an unsupported location that carries its
// diagnostic, not a program-wide diagnostic, and that one in dead code
// leaves nothing behind.
func TestUnsupportedLocations(t *testing.T) {
	cases := []struct {
		src  string
		want []string // messages of the unsupported locations, in order
	}{
		{"int main() { int x; __asm__(\"nop\"); return 0; }", []string{"asm statement"}},
		{"int main() { return 0; __asm__(\"nop\"); }", nil},
		{"int main() { if (0) __asm__(\"nop\"); return 0; }", nil},
		{"int main() { void *p = &&l; l: goto *p; }", []string{"address of label"}},
		{"int main(); int f() { return main(); } int main() { return f(); }", []string{"call of main"}},
		{"int setjmp(void *); int main() { return setjmp(0); }", []string{"call of setjmp"}},
		{"extern int k; int main() { switch (k) { case 1: return 1; } return 0; }", nil},
		{"void g(int (*)(void)); int f(void) { return 1; } int main() { g(f); return 0; }", []string{"function pointer passed to external function g"}},
	}
	for _, c := range cases {
		p, err := Parse("u.c", []byte(c.src))
		if err != nil {
			t.Errorf("%q: %v", c.src, err)
			continue
		}
		if err := ir.SanityCheck(p); err != nil {
			t.Errorf("%q: %v", c.src, err)
		}
		if u := p.Unsupported(); len(u) > 0 {
			t.Errorf("%q: program-wide unsupported diagnostics %v", c.src, u)
		}
		var got []string
		for _, l := range p.UnsupportedLocs() {
			if l.Kind != ir.Error || l.IsViolation() || len(l.Out) > 0 {
				t.Errorf("%q: %s is not an unsupported location", c.src, l)
			}
			got = append(got, l.Unsupported.Msg)
			found := false
			for _, d := range p.Diags {
				found = found || (d.Local && d == *l.Unsupported)
			}
			if !found {
				t.Errorf("%q: the diagnostic of %s is not in the program's list %v", c.src, l, p.Diags)
			}
		}
		if strings.Join(got, "|") != strings.Join(c.want, "|") {
			t.Errorf("%q: unsupported locations %q, want %q", c.src, got, c.want)
		}
	}
}

// TestUnsupportedOutcome checks that a run reaching an unsupported
// location ends with its own outcome, never ErrorReached.
func TestUnsupportedOutcome(t *testing.T) {
	src := `extern int __VERIFIER_nondet_int(void); extern void reach_error(void);
int main() { int x = __VERIFIER_nondet_int(); if (x > 0) __asm__("nop"); if (x < 0) reach_error(); return 0; }`
	p, err := Parse("u.c", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	m := irexec.New(p)
	for _, c := range []struct {
		x    int64
		want irexec.Outcome
	}{{1, irexec.UnsupportedReached}, {-1, irexec.ErrorReached}, {0, irexec.Returned}} {
		if r := m.Run(irexec.Inputs(numeric.I(c.x)), irexec.Options{}); r.Outcome != c.want {
			t.Errorf("x = %d: outcome %v, want %v", c.x, r.Outcome, c.want)
		}
	}
}
