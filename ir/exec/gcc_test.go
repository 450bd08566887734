// This file compares runs of C programs with the same programs compiled
// by gcc (skipped when gcc is not installed).

package exec_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/numpred/numpred/ir"
	irexec "github.com/numpred/numpred/ir/exec"
)

// gccProgram is a C program, the globals whose final values are compared
// (C type and name), and the input vectors to run it on.
type gccProgram struct {
	name    string
	src     string
	globals [][2]string
	inputs  [][]int64
}

var gccPrograms = []gccProgram{
	{"loops", `
int s, t;
int main() {
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < 5; i++) { s = s + 1; }
  for (int i = 0, j = 10; i < j; i += 2, j--) { if (i == 4) continue; t += i * 3 - j; }
  int k = 0;
  do { k++; if (k > n) break; } while (k < 20);
  while (1) { if (n-- <= 0) break; s += 2; }
  return k;
}`, [][2]string{{"int", "s"}, {"int", "t"}}, [][]int64{{0}, {3}, {-4}, {25}}},
	{"recursion", `
int calls;
int fact(int n) { calls++; if (n <= 1) return 1; return n * fact(n - 1); }
int gcd(int a, int b) { calls++; if (b == 0) return a; return gcd(b, a % b); }
int even(int n);
int odd(int n) { return n == 0 ? 0 : even(n - 1); }
int even(int n) { if (n == 0) return 1; return odd(n - 1); }
int fib(int n) { int a, b; if (n < 2) return n; a = fib(n - 1); b = fib(n - 2); return a + b; }
int main() {
  int n = __VERIFIER_nondet_int(), m = __VERIFIER_nondet_int();
  if (n < 0 || n > 12 || m < 0) return -1;
  return fact(n) + gcd(m, n + 6) * 1000 + even(n) * 7 + fib(n);
}`, [][2]string{{"int", "calls"}}, [][]int64{{0, 0}, {5, 35}, {12, 100}, {7, 14}, {-1, 3}}},
	{"division", `
int q1, r1, q2, r2, q3, r3, q4, r4;
int main() {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  if (b == 0) return 0;
  q1 = a / b; r1 = a % b; q2 = a / 3; r2 = a % 3; q3 = -a / 7; r3 = -a % 7;
  q4 = (a - 5) / -4; r4 = (a - 5) % -4;
  return q1 * 10 + r1;
}`, [][2]string{{"int", "q1"}, {"int", "r1"}, {"int", "q2"}, {"int", "r2"}, {"int", "q3"}, {"int", "r3"}, {"int", "q4"}, {"int", "r4"}},
		[][]int64{{7, 2}, {-7, 2}, {7, -2}, {-7, -2}, {0, 5}, {-100, 7}, {2147483, -9}, {5, 0}}},
	{"wrap-around", `
unsigned char uc; signed char sc; unsigned short us; short ss; unsigned u; long long ll;
int main() {
  int a = __VERIFIER_nondet_int();
  uc = a; uc += 200; sc = (signed char)(a * 3); us = a - 70000; ss = (short)(a + 40000);
  u = a; u = u * 3u - 7u; ll = (long long)a * 100000;
  u = u >> 3; uc = uc << 1; sc = sc & 0x5a; us = us | 3; ss = ss ^ a;
  return uc + sc;
}`, [][2]string{{"unsigned char", "uc"}, {"signed char", "sc"}, {"unsigned short", "us"}, {"short", "ss"}, {"unsigned", "u"}, {"long long", "ll"}},
		[][]int64{{0}, {1}, {-1}, {100}, {-129}, {255}, {65535}, {-70000}, {123456789}}},
	{"control", `
int g, h;
int bump(int k) { g += k; return g; }
int pick(int x) {
  switch (x & 7) {
  case 0: return 10;
  case 1: h++;
  case 2: h += 2; break;
  default: h += 100;
  case 5: h += 5;
  }
  if (x > 3) return -1;
  return x > 0 ? h : -h;
}
int main() {
  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
  if (x > 0 && bump(1) > 0 || y < 0 && bump(10) > 5) g += 100;
  int r = pick(x) + pick(y);
  if (g == 110) reach_error();
  return r;
}`, [][2]string{{"int", "g"}, {"int", "h"}}, [][]int64{{0, 0}, {1, -1}, {-1, -1}, {2, 5}, {-3, 13}, {7, 4}, {-8, 6}}},
}

func TestAgainstGCC(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("gcc not available")
	}
	dir := t.TempDir()
	for _, gp := range gccPrograms {
		p := parseC(t, decls+gp.src)
		bin := buildGCC(t, gcc, dir, gp)
		m := irexec.New(p)
		for _, in := range gp.inputs {
			args := make([]string, len(in))
			for i, v := range in {
				args[i] = itoa(v)
			}
			out, err := exec.Command(bin, args...).CombinedOutput()
			if err != nil {
				t.Fatalf("%s %v: %v\n%s", gp.name, in, err, out)
			}
			want := strings.TrimSpace(string(out))
			res := m.Run(irexec.Inputs(ints(in...)...), irexec.Options{})
			if got := observe(t, p, gp, res); got != want {
				t.Errorf("%s %v:\n  interpreter %s\n  gcc         %s", gp.name, in, got, want)
			}
		}
	}
}

// observe formats what a run shows as the gcc harness prints it.
func observe(t *testing.T, p *ir.Program, gp gccProgram, res irexec.Result) string {
	switch res.Outcome {
	case irexec.ErrorReached:
		return "ERROR"
	case irexec.Undefined:
		return "UNDEFINED"
	case irexec.Returned:
	default:
		return fmt.Sprintf("%v (%v)", res.Outcome, res.Err)
	}
	if res.Arbitrary != 0 || res.Ambiguous != 0 {
		return fmt.Sprintf("run depends on %d arbitrary values and %d ambiguous choices", res.Arbitrary, res.Ambiguous)
	}
	s := "RET " + res.Ret.String()
	for _, g := range gp.globals {
		s += " " + g[1] + "=" + res.Value(global(t, p, g[1])).String()
	}
	return s
}

// buildGCC compiles gp with a harness whose nondet function returns the
// command-line arguments in order, whose reach_error prints ERROR, and
// whose main prints main's return value and the globals. A division by
// zero prints UNDEFINED (the programs are otherwise free of undefined
// behaviour; -fsanitize=undefined checks it when available).
func buildGCC(t *testing.T, gcc, dir string, gp gccProgram) string {
	t.Helper()
	var h strings.Builder
	h.WriteString(`#include <stdio.h>
#include <stdlib.h>
#include <signal.h>
static char **args; static int nargs, next;
int __VERIFIER_nondet_int(void) {
  if (next >= nargs) { printf("inputs exhausted\n"); exit(0); }
  return (int)strtoll(args[next++], 0, 10);
}
unsigned __VERIFIER_nondet_uint(void) { return (unsigned)__VERIFIER_nondet_int(); }
void __VERIFIER_assume(int c) { if (!c) { printf("sink\n"); exit(0); } }
void reach_error(void) { printf("ERROR\n"); exit(0); }
static void fpe(int sig) { (void)sig; printf("UNDEFINED\n"); exit(0); }
int prog_main(void);
`)
	for _, g := range gp.globals {
		fmt.Fprintf(&h, "extern %s %s;\n", g[0], g[1])
	}
	h.WriteString("int main(int argc, char **argv) {\n  args = argv + 1; nargs = argc - 1; signal(SIGFPE, fpe);\n")
	h.WriteString("  int r = prog_main();\n  printf(\"RET %d\", r);\n")
	for _, g := range gp.globals {
		if strings.HasPrefix(g[0], "unsigned") {
			fmt.Fprintf(&h, "  printf(\" %s=%%llu\", (unsigned long long)%s);\n", g[1], g[1])
		} else {
			fmt.Fprintf(&h, "  printf(\" %s=%%lld\", (long long)%s);\n", g[1], g[1])
		}
	}
	h.WriteString("  printf(\"\\n\");\n  return 0;\n}\n")
	harness := filepath.Join(dir, gp.name+"-harness.c")
	prog := filepath.Join(dir, gp.name+".c")
	bin := filepath.Join(dir, gp.name)
	if err := os.WriteFile(harness, []byte(h.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(prog, []byte(decls+gp.src), 0o644); err != nil {
		t.Fatal(err)
	}
	obj := filepath.Join(dir, gp.name+".o")
	compile := func(sanitize bool) ([]byte, error) {
		var flags []string
		if sanitize {
			flags = []string{"-fsanitize=undefined", "-fno-sanitize-recover=all"}
		}
		cmds := [][]string{
			append(append([]string{}, flags...), "-O0", "-w", "-Dmain=prog_main", "-c", "-o", obj, prog),
			append(append([]string{}, flags...), "-O0", "-w", "-o", bin, harness, obj),
		}
		for _, args := range cmds {
			if out, err := exec.Command(gcc, args...).CombinedOutput(); err != nil {
				return out, err
			}
		}
		return nil, nil
	}
	if _, err := compile(true); err != nil {
		if out, err := compile(false); err != nil {
			t.Fatalf("gcc: %v\n%s", err, out)
		}
	}
	return bin
}
