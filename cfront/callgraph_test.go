package cfront

import (
	"sort"
	"strings"
	"testing"

	"github.com/numpred/numpred/ir"
)

// TestCallGraphReachability checks that only the functions the call
// graph reaches from main are translated, so that an unsupported
// construct in library code main never calls leaves no diagnostic.
func TestCallGraphReachability(t *testing.T) {
	cases := []struct {
		src  string
		want string // translated functions, sorted
	}{
		{"int lib(void) { __asm__(\"nop\"); return 1; } int main() { return 0; }", "main"},
		{"int g(void) { return 1; } int f(void) { return g(); } int main() { return f(); }", "f g main"},
		{"int g(void) { return 1; } int f(void) { return g(); } int main() { return g(); }", "g main"},
		// Used as values: reachable through a pointer.
		{"int g(void) { return 1; } int main() { int (*p)(void) = g; return 0; }", "g main"},
		{"int g(void) { return 1; } int (*tab[1])(void) = { g }; int main() { return 0; }", "g main"},
		// Recursion and a cycle unreachable from main.
		{"int a(int); int b(int x) { return a(x); } int a(int x) { return b(x); } int r(int n) { return n ? r(n - 1) : 0; } int main() { return r(3); }", "main r"},
	}
	for _, c := range cases {
		p, err := Parse("g.c", []byte(c.src))
		if err != nil {
			t.Errorf("%q: %v", c.src, err)
			continue
		}
		if err := ir.SanityCheck(p); err != nil {
			t.Errorf("%q: %v", c.src, err)
		}
		var got []string
		for _, f := range p.Funcs {
			got = append(got, f.Name)
		}
		sort.Strings(got)
		if strings.Join(got, " ") != c.want {
			t.Errorf("%q: translated %q, want %q", c.src, got, c.want)
		}
		if len(p.UnsupportedLocs())+len(p.Unsupported()) > 0 {
			t.Errorf("%q: unsupported diagnostics %v", c.src, p.Diags)
		}
	}
}
