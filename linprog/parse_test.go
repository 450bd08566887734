package linprog

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/numpred/numpred/ir"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/linprog")

const testdataDir = "../testdata/linprog"

func printIR(t *testing.T, p *ir.Program) string {
	t.Helper()
	var sb strings.Builder
	if err := ir.Print(&sb, p); err != nil {
		t.Fatal(err)
	}
	return sb.String()
}

// checkGolden compares got with the golden file, or rewrites it under
// -update.
func checkGolden(t *testing.T, golden, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test ./linprog -run Golden -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs (run with -update to accept):\n%s", golden, lineDiff(string(want), got))
	}
}

// lineDiff reports the first differing lines of want and got.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var sb strings.Builder
	n := 0
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			sb.WriteString("line " + strconv.Itoa(i+1) + ":\n  want: " + a + "\n  got:  " + b + "\n")
			if n++; n == 10 {
				break
			}
		}
	}
	return sb.String()
}

func mustParse(t *testing.T, name, src string) *ir.Program {
	t.Helper()
	p, err := Parse(name, []byte(src))
	if err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
	if err := ir.SanityCheck(p); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	checkEdgePositions(t, p)
	return p
}

// checkEdgePositions asserts that every edge carries a source position.
func checkEdgePositions(t *testing.T, p *ir.Program) {
	t.Helper()
	for _, f := range p.Funcs {
		for _, e := range f.Edges {
			if e.Pos.Line == 0 || e.Pos.File != p.File {
				t.Errorf("%s: edge %s->%s has no position (%v)", f.Name, e.From, e.To, e.Pos)
			}
		}
	}
}

func TestGoldenFiles(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(testdataDir, "*.lp"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no .lp files in %s: %v", testdataDir, err)
	}
	for _, path := range files {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			p := mustParse(t, name, string(src))
			checkGolden(t, strings.TrimSuffix(path, ".lp")+".golden", printIR(t, p))
		})
	}
}

func TestGoldenGenerated(t *testing.T) {
	for _, fam := range Families() {
		t.Run(fam, func(t *testing.T) {
			src, err := Generate(fam, 2)
			if err != nil {
				t.Fatal(err)
			}
			p := mustParse(t, fam+"_2.lp", src)
			checkGolden(t, filepath.Join(testdataDir, "gen_"+fam+"_2.golden"), printIR(t, p))
		})
	}
}

func TestParseFile(t *testing.T) {
	p, err := ParseFile(filepath.Join(testdataDir, "parity.lp"))
	if err != nil {
		t.Fatal(err)
	}
	if p.Lang != "lp" || p.Main == nil || p.Func("parity") == nil || len(p.Globals) != 2 {
		t.Fatalf("unexpected program: lang %q, main %v, globals %d", p.Lang, p.Main, len(p.Globals))
	}
	if _, err := ParseFile(filepath.Join(testdataDir, "no-such-file.lp")); err == nil {
		t.Fatal("missing file: want an error")
	}
}

// TestTranslation checks the shape of the IR for small programs.
func TestTranslation(t *testing.T) {
	p := mustParse(t, "t.lp", `
int g;
f(a b) int c; c = a - 2*b + 3; g = c;
main() {
  int x;
  x = 3*(g + 1) - g;
  while (x > 0) { x = x - 1; }
  f(x, x + 1);
  assert(x = 0);
}`)
	f := p.Func("f")
	if len(f.Formals) != 2 || len(f.Locals) != 1 || f.Locals[0].Qual != "f::c" {
		t.Fatalf("f: formals %v locals %v", f.Formals, f.Locals)
	}
	out := printIR(t, p)
	for _, want := range []string{
		"f::c := f::a - 2f::b + 3",
		"main::x := 2g + 3",
		"[main::x >= 1]",
		"[main::x <= 0]",
		"call f(main::x, main::x + 1)",
		"[main::x = 0]",
		"[!(main::x = 0)]",
		"(error)",
		"(loop)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("IR lacks %q:\n%s", want, out)
		}
	}
	// The loop head is not the entry, and the entry has no predecessors.
	for _, fn := range p.Funcs {
		if len(fn.Entry.In) != 0 || fn.Entry.LoopHead {
			t.Errorf("%s: entry has predecessors", fn.Name)
		}
	}
	heads := 0
	for _, l := range p.Main.Locs {
		if l.LoopHead {
			heads++
		}
	}
	if heads != 1 {
		t.Errorf("main: %d loop heads, want 1", heads)
	}
}

func TestLabels(t *testing.T) {
	p := mustParse(t, "l.lp", `
main() {
  int x;
  goto fwd;
back: x = x + 1;
fwd: a: if (x < 10) goto back; else ;
}`)
	var labels []string
	for _, l := range p.Main.Locs {
		if l.Label != "" {
			labels = append(labels, l.Label)
		}
	}
	if strings.Join(labels, ",") != "back,fwd,a" {
		t.Errorf("labels %v, want back,fwd,a", labels)
	}
	heads := 0
	for _, l := range p.Main.Locs {
		if l.LoopHead {
			heads++
		}
	}
	if heads != 1 {
		t.Errorf("%d loop heads, want 1:\n%s", heads, printIR(t, p))
	}
}

// parseErrorCases pairs bad inputs with their exact messages; they also
// seed FuzzParse.
var parseErrorCases = []struct{ src, want string }{
	{"", "e.lp:1:1: program has no procedure main"},
	{"int x;\n", "e.lp:2:1: program has no procedure main"},
	{"main() { x = 1; }", "e.lp:1:10: undeclared variable x"},
	{"main() {\n  int x;\n  x = 1\n}", "e.lp:4:1: expected ';', found '}'"},
	{"main() { ; ", "e.lp:1:12: expected '}', found end of file"},
	{"int 3;", "e.lp:1:5: expected variable name, found constant 3"},
	{"int x y z", "e.lp:1:10: expected ',' or ';', found end of file"},
	{"int x, x; main() {}", "e.lp:1:8: global x redeclared (previous declaration at e.lp:1:5)"},
	{"main(a) { int a; }", "e.lp:1:15: a redeclared in main (previous declaration at e.lp:1:6)"},
	{"main(a a) { }", "e.lp:1:8: formal a of main redeclared (previous declaration at e.lp:1:6)"},
	{"main() {}\nmain() {}", "e.lp:2:1: procedure main redefined (previous definition at e.lp:1:1)"},
	{"main() { goto out; }", "e.lp:1:10: label out not defined in procedure main"},
	{"main() { l: ; l: ; }", "e.lp:1:15: label l redefined in procedure main (previous definition at e.lp:1:10)"},
	{"main() { f(); }", "e.lp:1:10: call of undefined procedure f"},
	{"f(a) { }\nmain() { f(); }", "e.lp:2:10: procedure f takes 1 argument, called with 0"},
	{"f() { }\nmain() { int x; f(x x); }", "e.lp:2:17: procedure f takes 0 arguments, called with 2"},
	{"main() { int x; x = x * x; }", "e.lp:1:23: non-linear product: one factor of '*' must be constant"},
	{"main() { int x; if (x) ; }", "e.lp:1:21: expected condition (a comparison, '?', or a Boolean combination of them), found arithmetic expression"},
	{"main() { int x; x = x < 1; }", "e.lp:1:21: expected arithmetic expression, found condition"},
	{"main() { int x; x = ? + 1; }", "e.lp:1:21: '?' is a condition, not a number (use x = ?; to assign an arbitrary value)"},
	{"main() { int x; assert(0 < x < 2); }", "e.lp:1:30: comparisons cannot be chained: use && between them"},
	{"main() { int x; while x < 1 ; }", "e.lp:1:23: expected '(', found identifier x"},
	{"main() { int x; x == 1; }", "e.lp:1:19: expected '=', '(' or ':' after x, found '=='"},
	{"main() { int x; x = 2x; }", "e.lp:1:22: expected ';', found identifier x"},
	{"main() { return 0; }", "e.lp:1:17: expected ';' (procedures return no value), found constant 0"},
	{"main() { if (1 < 2) { int y; } }", "e.lp:1:23: declarations are allowed only at the top level of a procedure body"},
	{"main() { else }", "e.lp:1:10: expected statement, found 'else'"},
	{"main() { ; } }", "e.lp:1:14: expected declaration or procedure, found '}'"},
	{"main() { int x; x = 1 @ 2; }", "e.lp:1:23: unexpected character '@'"},
	{"main() { /* open", "e.lp:1:10: comment not terminated"},
	{"void 3", "e.lp:1:6: expected procedure name, found constant 3"},
	{"main(int) {}", "e.lp:1:9: expected formal parameter or ')', found ')'"},
	{"main(a,) {}", "e.lp:1:8: expected formal parameter, found ')'"},
	{"main() { int x; x = (1 + ; }", "e.lp:1:26: expected expression, found ';'"},
	{"main() { f(1,); }\nf(a) {}", "e.lp:1:14: expected argument, found ')'"},
	{"main() { l: }", "e.lp:1:13: expected statement, found '}'"},
	{"main() { goto 1; }", "e.lp:1:15: expected label, found constant 1"},
	{"main() { int x; x = (((((((((((((((((((((((((((x; }", "e.lp:1:49: expected ')', found ';'"},
	{"main() { int x; assert(x = 1) }", "e.lp:1:31: expected ';', found '}'"},
	{"main() { int x; x = 1 ", "e.lp:1:23: expected ';', found end of file"},
}

func TestParseErrors(t *testing.T) {
	for _, c := range parseErrorCases {
		_, err := Parse("e.lp", []byte(c.src))
		if err == nil {
			t.Errorf("%q: no error, want %q", c.src, c.want)
			continue
		}
		var perr *Error
		if !errors.As(err, &perr) {
			t.Errorf("%q: error %T is not *Error", c.src, err)
		}
		if err.Error() != c.want {
			t.Errorf("%q:\n got  %s\n want %s", c.src, err, c.want)
		}
	}
}

func TestNestingLimit(t *testing.T) {
	src := "main() { int x; x = " + strings.Repeat("(", 5000) + "x" + strings.Repeat(")", 5000) + "; }"
	_, err := Parse("deep.lp", []byte(src))
	if err == nil || !strings.Contains(err.Error(), "nesting too deep") {
		t.Fatalf("want a nesting error, got %v", err)
	}
	src = "main() { " + strings.Repeat("{", 5000) + strings.Repeat("}", 5000) + " }"
	if _, err := Parse("deep.lp", []byte(src)); err == nil || !strings.Contains(err.Error(), "nesting too deep") {
		t.Fatalf("want a nesting error, got %v", err)
	}
	src = "main() { int x; x = " + strings.Repeat("-", 900) + "x; }"
	if _, err := Parse("ok.lp", []byte(src)); err != nil {
		t.Fatalf("900 unary minuses should parse: %v", err)
	}
}

func readTestdata(name string) (string, error) {
	b, err := os.ReadFile(filepath.Join(testdataDir, name))
	return string(b), err
}
