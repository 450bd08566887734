package cfront

import (
	"regexp"
	"strings"
	"testing"

	"github.com/numpred/numpred/ir"
)

// TestErrorsArePositioned checks that bad inputs fail with file:line:col.
func TestErrorsArePositioned(t *testing.T) {
	cases := []struct {
		name, src, want string
	}{
		{"syntax.c", "int main() {\n  int x = ;\n}\n", `^syntax\.c:2:11: `},
		{"undef.c", "int main() {\n  return y;\n}\n", `^undef\.c:2:10: undefined: y$`},
		{"nomain.c", "int f(void) { return 0; }\n", `^nomain\.c:1:1: no definition of main$`},
		{"cpp.c", "#include \"missing.h\"\nint main() { return 0; }\n", `^cpp\.c:1:\d+: `},
		{"unterminated.c", "int main() { return 0;\n", `^unterminated\.c:\d+:\d+: `},
	}
	for _, c := range cases {
		_, err := Parse(c.name, []byte(c.src))
		if err == nil {
			t.Errorf("%s: no error", c.name)
			continue
		}
		if !regexp.MustCompile(c.want).MatchString(err.Error()) {
			t.Errorf("%s: error %q does not match %s", c.name, err, c.want)
		}
	}
}

// TestDiagnostics checks the severity of approximations.
func TestDiagnostics(t *testing.T) {
	cases := []struct {
		src  string
		sev  ir.Severity
		want string
	}{
		{"int (*fp)(void); int main() { return fp(); }", ir.Unsupported, "call through a function pointer"},
		{"int main() { int x; __asm__(\"nop\"); return 0; }", ir.Unsupported, "asm statement"},
		{"int main(int a, int b) { return a * b; }", ir.Warning, "product of non-constants"},
		{"int g; int main() { int *p = &g; *p = 1; return g; }", ir.Warning, ""},
		{"extern int h; int main() { return h; }", ir.Warning, "extern variable h"},
	}
	for _, c := range cases {
		p, err := Parse("d.c", []byte(c.src))
		if err != nil {
			t.Errorf("%q: %v", c.src, err)
			continue
		}
		if err := ir.SanityCheck(p); err != nil {
			t.Errorf("%q: %v", c.src, err)
		}
		found := false
		for _, d := range p.Diags {
			if c.want != "" && d.Severity == c.sev && strings.Contains(d.Msg, c.want) {
				found = true
			}
		}
		if c.want == "" {
			found = len(p.Diags) == 0
		}
		if !found {
			t.Errorf("%q: want %s %q, got %v", c.src, c.sev, c.want, p.Diags)
		}
	}
}

// TestConstantsFolded checks that a multiplication of constants and a
// constant condition produce no branches and no diagnostics.
func TestConstantsFolded(t *testing.T) {
	p, err := Parse("k.c", []byte("void reach_error(void); int main() { int x = 3 * 4; if (0) reach_error(); return x; }"))
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Main.ErrorLocs()) != 0 {
		t.Errorf("if (0) should leave no error location")
	}
	var sb strings.Builder
	ir.Print(&sb, p)
	if !strings.Contains(sb.String(), "main::x := 12") {
		t.Errorf("3 * 4 not folded:\n%s", sb.String())
	}
}

// TestUnbalancedInputs covers inputs on which cc v4.31.0's parser would
// not terminate: they must fail fast with a position.
func TestUnbalancedInputs(t *testing.T) {
	cases := []struct{ src, want string }{
		{"extern void f(const char *", `^u\.c:1:14: '\(' is never closed$`},
		{"extern void f(const char *__attribute__ (1__n", `^u\.c:1:\d+: '\(' is never closed$`},
		{"#define L (\nint f L int x;\n", `^u\.c:3:1: '\(' is never closed$`},
		{"int f() { return 0; }}\n", `^u\.c:1:22: unbalanced '}'$`},
		{"int *", `^u\.c:1:6: unexpected end of input`},
		{"int main() { char *s = \"(\"; return 0; }", ``},
	}
	for _, c := range cases {
		_, err := Parse("u.c", []byte(c.src))
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%q: %v", c.src, err)
		case c.want != "" && (err == nil || !regexp.MustCompile(c.want).MatchString(err.Error())):
			t.Errorf("%q: error %v does not match %s", c.src, err, c.want)
		}
	}
}

// TestUnterminatedAtEOF covers literals left open at the very end of the
// input, on which cc v4.31.0's scanner would not terminate.
func TestUnterminatedAtEOF(t *testing.T) {
	for _, src := range []string{"int c = 'a", "char *s = \"abc", "int c = 'a\\", "char *s = \"a\\\\\\"} {
		_, err := Parse("e.c", []byte(src))
		if err == nil || !regexp.MustCompile(`^e\.c:\d+:\d+: `).MatchString(err.Error()) {
			t.Errorf("%q: want a positioned error, got %v", src, err)
		}
	}
}
