package cfront

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// run executes the straight-line-with-branches function f concretely: a
// havoc of a named input takes its value from inputs; a havoc of a
// temporary takes the value that the assumptions after it force (the
// translator's exact encodings of division and wrap-around determine it
// uniquely); at a branch the first satisfied assumption is taken. It
// returns the final point.
func run(t *testing.T, p *ir.Program, f *ir.Func, inputs map[string]numeric.Int) []numeric.Int {
	t.Helper()
	pt := make([]numeric.Int, len(p.Vars))
	loc := f.Entry
	for steps := 0; loc != f.Exit; steps++ {
		if steps > 10000 || len(loc.Out) == 0 {
			t.Fatalf("execution stuck at %s", loc)
		}
		var next *ir.Loc
		for _, e := range loc.Out {
			switch op := e.Op.(type) {
			case *ir.Assign:
				vals := make([]numeric.Int, len(op.Rhs))
				for i, r := range op.Rhs {
					vals[i] = r.Eval(pt)
				}
				for i, x := range op.Lhs {
					pt[x.ID] = vals[i]
				}
			case *ir.Assume:
				if v, ok := ir.Eval(op.Cond, pt); !ok || !v {
					continue
				}
			case *ir.Havoc:
				if in, ok := inputs[op.Var.Name]; ok {
					pt[op.Var.ID] = in
				} else {
					pt[op.Var.ID] = solve(t, pt, op.Var, e.To)
				}
			case *ir.Skip, *ir.Return:
			default:
				t.Fatalf("unexpected %T", op)
			}
			next = e.To
			break
		}
		if next == nil {
			t.Fatalf("no enabled edge at %s", loc)
		}
		loc = next
	}
	return pt
}

// solve finds a value of q satisfying one of the assumptions leaving at,
// trying the bounds each atom puts on q.
func solve(t *testing.T, pt []numeric.Int, q *ir.Var, at *ir.Loc) numeric.Int {
	t.Helper()
	var cands []numeric.Int
	assumes := 0
	for _, e := range at.Out {
		if _, ok := e.Op.(*ir.Assume); ok {
			assumes++
		}
	}
	if assumes == 0 {
		return numeric.I(0) // unconstrained: any value will do
	}
	for _, e := range at.Out {
		a, ok := e.Op.(*ir.Assume)
		if !ok {
			continue
		}
		for _, c := range ir.Atoms(a.Cond) {
			k := c.Expr().Coef(numeric.Dim(q.ID))
			if k.IsZero() {
				continue
			}
			// k*q + rest <= 0 (or == 0): q's bound is -rest/k.
			save := pt[q.ID]
			pt[q.ID] = numeric.I(0)
			rest := c.Expr().Eval(pt)
			pt[q.ID] = save
			cands = append(cands, rest.Neg().FloorDiv(k), rest.Neg().CeilDiv(k))
		}
	}
	for _, v := range cands {
		pt[q.ID] = v
		for _, e := range at.Out {
			if a, ok := e.Op.(*ir.Assume); ok {
				if ok, det := ir.Eval(a.Cond, pt); ok && det {
					return v
				}
			}
		}
	}
	t.Fatalf("no value for %s", q.Qual)
	return numeric.Int{}
}

// TestExecAgainstGCC compares, on concrete inputs, the value the IR
// computes for integer expressions with what gcc -fwrapv computes: wrap
// around, conversions, truncating division and remainder, shifts, masks,
// comparisons after the usual arithmetic conversions.
func TestExecAgainstGCC(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("gcc not available")
	}
	exprs := []string{
		"a + 1", "a - 1", "b + 1", "b - 1", "a - b", "a + b", "a * 3", "b * 5", "a * -7",
		"a / 2", "a % 3", "a / -3", "a % -3", "-a / 5", "b / 7", "b % 10", "a / b", "c / 3", "c % 4",
		"(unsigned char)a", "(short)b", "(char)(a + 200)", "(signed char)c * 3", "(unsigned)c",
		"b >> 3", "a >> 2", "c >> 1", "a << 4", "b << 31", "a & 15", "a & 255", "b & 1", "c & 7",
		"~a", "~b", "-b", "(long)b * 3", "a + c * 2", "c - 100", "(unsigned)a > b", "a < b",
		"c < b", "(_Bool)(a & 3)", "(_Bool)a + 1", "a ? 1 : 2", "a == 0 || b > 5", "!a", "(a, b)",
		"a > 0 ? a : -a", "(long long)a * 65536 * 65536", "(unsigned short)(b * 3)", "b + b + b + b",
		"a + a + a + a", "(char)b + (char)a",
		// Statements: each sets r.
		"unsigned char x = a; x += 200; r = x;",
		"short s = b; s *= 3; r = s;",
		"int x = a; x++; r = x;",
		"unsigned x = b; x--; r = x;",
		"int x = a; int y = x++ + 1; r = y * 2 + x;",
		"_Bool t = a; t++; r = t;",
		"_Bool t = c; t--; r = t;",
		"int s = 0; switch (a & 3) { case 0: s = 1; case 1: s += 2; break; case 2: s = 5; break; default: s = -1; } r = s;",
		"int x = a; x /= 4; x %= 3; r = x;",
		"unsigned x = b; x >>= 2; x <<= 1; x |= 0; r = x;",
		"int i, s = 0; for (i = 0; i < (c & 7); i++) { if (i == 2) continue; s += i; } r = s;",
		"int i = 0; do { i += 3; if (i > 10) break; } while (i < (a & 15)); r = i;",
		"unsigned short u = 65535; u = u + c; r = u;",
		"int x = a; x = (x > 0 && b > 3) ? x - 1 : x + 1; r = x;",
	}
	snippet := func(e string) string {
		if strings.Contains(e, ";") {
			return e
		}
		return "r = (" + e + ");"
	}
	as := []int64{0, 1, -1, 7, -7, 2147483647, -2147483648, 123456789, -100}
	bs := []int64{0, 1, 4294967295, 2147483648, 13}
	cs := []int64{0, -128, 127, -5}
	dir := t.TempDir()
	var csrc strings.Builder
	csrc.WriteString("#include <stdio.h>\n")
	csrc.WriteString("int main(void) {\n")
	csrc.WriteString("  int as[] = {" + join(as) + "}; unsigned bs[] = {" + join(bs) + "u}; signed char cs[] = {" + join(cs) + "};\n")
	for _, e := range exprs {
		fmt.Fprintf(&csrc, "  for (int i = 0; i < %d; i++) for (int j = 0; j < %d; j++) for (int k = 0; k < %d; k++) {\n", len(as), len(bs), len(cs))
		fmt.Fprintf(&csrc, "    int a = as[i]; unsigned b = bs[j]; signed char c = cs[k];\n")
		if strings.Contains(e, "/ b") {
			fmt.Fprintf(&csrc, "    if (b == 0) { printf(\"0\\n\"); continue; }\n")
		}
		fmt.Fprintf(&csrc, "    long long r; { %s } printf(\"%%lld\\n\", r);\n  }\n", snippet(e))
	}
	csrc.WriteString("  return 0;\n}\n")
	src := filepath.Join(dir, "ref.c")
	bin := filepath.Join(dir, "ref")
	if err := os.WriteFile(src, []byte(strings.ReplaceAll(csrc.String(), "bs[] = {0, 1, 4294967295, 2147483648, 13u}", "bs[] = {0u, 1u, 4294967295u, 2147483648u, 13u}")), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(gcc, "-fwrapv", "-O0", "-o", bin, src).CombinedOutput(); err != nil {
		t.Skipf("gcc failed: %v\n%s", err, out)
	}
	out, err := exec.Command(bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Fields(string(out))
	idx := 0
	for _, e := range exprs {
		prog := "extern int __VERIFIER_nondet_int(void); extern unsigned __VERIFIER_nondet_uint(void);\n" +
			"extern signed char __VERIFIER_nondet_char(void);\n" +
			"int main(void) { int a = __VERIFIER_nondet_int(); unsigned b = __VERIFIER_nondet_uint();\n" +
			"signed char c = __VERIFIER_nondet_char(); long long r; { " + snippet(e) + " } return 0; }\n"
		p, err := Parse("e.c", []byte(prog))
		if err != nil {
			t.Fatalf("%s: %v", e, err)
		}
		if err := ir.SanityCheck(p); err != nil {
			t.Fatalf("%s: %v", e, err)
		}
		var r *ir.Var
		for _, v := range p.Main.Locals {
			if v.Name == "r" {
				r = v
			}
		}
		exact := len(p.Diags) == 0
		bad := 0
		for _, a := range as {
			for _, bv := range bs {
				for _, c := range cs {
					w := want[idx]
					idx++
					if strings.Contains(e, "/ b") && bv == 0 {
						continue
					}
					pt := run(t, p, p.Main, map[string]numeric.Int{"a": numeric.I(a), "b": numeric.I(bv), "c": numeric.I(c)})
					got := pt[r.ID].String()
					if exact && got != w && bad < 3 {
						bad++
						t.Errorf("%s with a=%d b=%d c=%d: IR gives %s, gcc %s", e, a, bv, c, got, w)
					}
				}
			}
		}
		if !exact && !strings.Contains(e, "/ b") {
			t.Errorf("%s: not translated exactly: %v", e, p.Diags)
		}
	}
}

func join(xs []int64) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.FormatInt(x, 10)
	}
	return strings.Join(s, ", ")
}
