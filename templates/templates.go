// This file implements the C templates and the dispatch over all of them.

package templates

import (
	"fmt"
	"sort"
	"strings"
)

// Template is a generator of programs of size N.
type Template struct {
	Name string
	Ext  string // file extension of the generated program: ".c" or ".lp"
	Doc  string // one line
	gen  func(n int) (string, error)
}

var registry = map[string]Template{
	"fig8a":      {"fig8a", ".c", "counter loop to N (Fig. 8(a))", fig8a},
	"fig8b":      {"fig8b", ".c", "propositional chain over N+1 inputs (Fig. 8(b))", fig8b},
	"test_locks": {"test_locks", ".c", "SV-COMP lock template with N locks", testLocks},
}

// Register adds a template (used for the Linear Program families).
func register(t Template) { registry[t.Name] = t }

// Names returns the template names, sorted.
func Names() []string {
	var out []string
	for n := range registry {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Lookup returns the template called name.
func Lookup(name string) (Template, bool) {
	t, ok := registry[name]
	return t, ok
}

// Generate returns the program of size n of template name.
func Generate(name string, n int) (src string, t Template, err error) {
	t, ok := registry[name]
	if !ok {
		return "", t, fmt.Errorf("unknown template %q (known: %s)", name, strings.Join(Names(), ", "))
	}
	if n < 1 {
		return "", t, fmt.Errorf("template %s: N must be at least 1, got %d", name, n)
	}
	src, err = t.gen(n)
	return src, t, err
}

const cPrelude = `extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
`

func fig8a(n int) (string, error) {
	return fmt.Sprintf(`// fig8a(%d): Gurfinkel & Chaki, Fig. 8(a). Safe.
%s
int main(void) {
  int x = 0;
  while (x < %d) ++x;
  if (!(x == %d)) reach_error();
  return 0;
}
`, n, cPrelude, n, n), nil
}

func fig8b(n int) (string, error) {
	var sb strings.Builder
	fmt.Fprintf(&sb, "// fig8b(%d): Gurfinkel & Chaki, Fig. 8(b), inputs x0..x%d. Safe.\n%s\nint main(void) {\n", n, n, cPrelude)
	for i := 0; i <= n; i++ {
		fmt.Fprintf(&sb, "  int x%d = __VERIFIER_nondet_int();\n", i)
	}
	sb.WriteString("  int n = 1;\n")
	for i := 0; i <= n; i++ {
		if i == 0 {
			sb.WriteString("  ")
		} else {
			sb.WriteString("  else ")
		}
		fmt.Fprintf(&sb, "if (x%d < 0) n = 0;\n", i)
	}
	for i := 0; i <= n; i++ {
		if i == 0 {
			sb.WriteString("  ")
		} else {
			sb.WriteString("  else ")
		}
		fmt.Fprintf(&sb, "if (x%d < 0) { if (!(n == 0)) reach_error(); }\n", i)
	}
	sb.WriteString("  return 0;\n}\n")
	return sb.String(), nil
}

func testLocks(n int) (string, error) {
	var sb strings.Builder
	fmt.Fprintf(&sb, "// test_locks(%d): the lock template with %d locks. Safe.\n%s\nint main(void) {\n", n, n, cPrelude)
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&sb, "  int p%d = __VERIFIER_nondet_int();\n  int lk%d;\n", i, i)
	}
	sb.WriteString("  int cond;\n  while (1) {\n    cond = __VERIFIER_nondet_int();\n    if (cond == 0) goto out;\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&sb, "    lk%d = 0;\n", i)
	}
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&sb, "    if (p%d != 0) lk%d = 1;\n", i, i)
	}
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&sb, "    if (p%d != 0) {\n      if (lk%d != 1) goto error;\n      lk%d = 0;\n    }\n", i, i, i)
	}
	sb.WriteString("  }\nout:\n  return 0;\nerror:\n  reach_error();\n  return 0;\n}\n")
	return sb.String(), nil
}
