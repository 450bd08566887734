// This file runs C programs translated by cfront and checks their
// outcomes, return values and globals.

package exec_test

import (
	"github.com/numpred/numpred/numeric"
	"math/rand/v2"
	"testing"

	"github.com/numpred/numpred/ir/exec"
)

const decls = `extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void abort(void);
`

func TestCPrograms(t *testing.T) {
	type want struct {
		out     exec.Outcome
		ret     int64 // main's return value when out is Returned
		globals map[string]int64
	}
	cases := []struct {
		name   string
		src    string
		inputs []int64
		want   want
	}{
		{"issue 11 for loop", `
int main() {
  int s = 0;
  for (int i = 0; i < 5; i++) { s = s + 1; }
  if (s != 5) reach_error();
  return s;
}`, nil, want{out: exec.Returned, ret: 5}},
		{"issue 11 loop reaching the error", `
int main() {
  int x = 0, y = __VERIFIER_nondet_int();
  for (int k = 0; k < 5; k++) { x = 2 * y - 5; }
  if (x == 2 * y - 5) reach_error();
  return 0;
}`, []int64{3}, want{out: exec.ErrorReached}},
		{"factorial", `
int fact(int n) { if (n <= 1) return 1; return n * fact(n - 1); }
int main() { return fact(__VERIFIER_nondet_int()); }`, []int64{6}, want{out: exec.Returned, ret: 720}},
		{"mutual recursion", `
int odd(int n);
int even(int n) { if (n == 0) return 1; return odd(n - 1); }
int odd(int n) { if (n == 0) return 0; return even(n - 1); }
int main() { int n = __VERIFIER_nondet_int(); return even(n) * 10 + odd(n); }`, []int64{7}, want{out: exec.Returned, ret: 1}},
		{"recursion keeps the caller's locals", `
int g;
int f(int n) { int a = n * 10; if (n > 0) { int b = f(n - 1); g = g + a; return a + b; } return 0; }
int main() { g = 0; return f(4); }`, nil, want{out: exec.Returned, ret: 100, globals: map[string]int64{"g": 100}}},
		{"globals", `
int counter; int total = 7;
void tick(int k) { counter++; total += k; }
int main() { for (int i = 1; i <= 4; i++) tick(i); return counter; }`, nil,
			want{out: exec.Returned, ret: 4, globals: map[string]int64{"counter": 4, "total": 17}}},
		{"division and remainder with negative operands", `
int q1, r1, q2, r2, q3, r3;
int main() {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  q1 = a / b; r1 = a % b; q2 = -a / b; r2 = -a % b; q3 = a / 4; r3 = a % 4;
  return 0;
}`, []int64{-7, 2}, want{out: exec.Returned, globals: map[string]int64{"q1": -3, "r1": -1, "q2": 3, "r2": 1, "q3": -1, "r3": -3}}},
		{"division by a negative divisor", `
int q, r;
int main() { int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int(); q = a / b; r = a % b; return 0; }`,
			[]int64{7, -2}, want{out: exec.Returned, globals: map[string]int64{"q": -3, "r": 1}}},
		{"division by zero is undefined", `
int main() { int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int(); return a / b; }`,
			[]int64{7, 0}, want{out: exec.Undefined}},
		{"unsigned char wraps", `
unsigned char c; signed char s; unsigned u;
int main() {
  c = 250; c += 10; s = 100; s = s + 100; u = __VERIFIER_nondet_uint(); u = u - 5;
  return c;
}`, []int64{3}, want{out: exec.Returned, ret: 4, globals: map[string]int64{"c": 4, "s": -56, "u": 4294967294}}},
		{"signed char conversion of a sum", `
int main() { int x = __VERIFIER_nondet_int(); signed char s = (signed char)(x + 200); return s; }`,
			[]int64{0}, want{out: exec.Returned, ret: -56}},
		{"shifts and masks", `
int a, b, c;
int main() { int x = __VERIFIER_nondet_int(); a = x << 3; b = x >> 2; c = x & 12; return x ^ 5; }`,
			[]int64{-9}, want{out: exec.Returned, ret: -14, globals: map[string]int64{"a": -72, "b": -3, "c": 4}}},
		{"inputs in order", `
int main() { int a = __VERIFIER_nondet_int(); int b = __VERIFIER_nondet_int(); return a - 2 * b; }`,
			[]int64{10, 3}, want{out: exec.Returned, ret: 4}},
		{"assume false stops at a sink", `
int main() { int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x > 0); reach_error(); return 0; }`,
			[]int64{-1}, want{out: exec.Sink}},
		{"assume true passes", `
int main() { int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x > 0); reach_error(); return 0; }`,
			[]int64{1}, want{out: exec.ErrorReached}},
		{"abort is a sink", `
int main() { int x = __VERIFIER_nondet_int(); if (x) abort(); reach_error(); return 0; }`,
			[]int64{2}, want{out: exec.Sink}},
		{"inputs exhausted", `
int main() { int x = __VERIFIER_nondet_int(); int y = __VERIFIER_nondet_int(); return x + y; }`,
			[]int64{2}, want{out: exec.InputsExhausted}},
		{"infinite loop hits the step limit", `
int main() { int x = 0; while (1) { x++; } return 0; }`, nil, want{out: exec.StepLimit}},
		{"infinite recursion hits the depth limit", `
int f(int n) { return f(n + 1) + 1; }
int main() { return f(0); }`, nil, want{out: exec.DepthLimit}},
		{"short circuit with side effects", `
int n;
int bump(void) { n++; return n; }
int main() { int x = __VERIFIER_nondet_int(); if (x > 0 && bump() > 0) { n += 10; } if (x > 0 || bump()) { n += 100; } return n; }`,
			[]int64{0}, want{out: exec.Returned, ret: 101}},
		{"switch with fall-through", `
int main() { int s = 0; switch (__VERIFIER_nondet_int()) { case 1: s += 1; case 2: s += 2; break; default: s = 9; case 3: s += 3; } return s; }`,
			[]int64{1}, want{out: exec.Returned, ret: 3}},
		{"switch default in the middle", `
int main() { int s = 0; switch (__VERIFIER_nondet_int()) { case 1: s += 1; case 2: s += 2; break; default: s = 9; case 3: s += 3; } return s; }`,
			[]int64{5}, want{out: exec.Returned, ret: 12}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := parseC(t, decls+c.src)
			res := exec.Run(p, exec.Inputs(ints(c.inputs...)...), exec.Options{MaxSteps: 100000, MaxDepth: 200})
			if res.Outcome != c.want.out {
				t.Fatalf("outcome %v (err %v), want %v\n%s", res.Outcome, res.Err, c.want.out, dump(p))
			}
			if res.Arbitrary != 0 || res.Ambiguous != 0 {
				t.Errorf("arbitrary %d, ambiguous %d: want none", res.Arbitrary, res.Ambiguous)
			}
			if c.want.out == exec.Undefined && res.Err == nil {
				t.Errorf("undefined behaviour without an explanation")
			}
			if c.want.out != exec.Returned {
				return
			}
			if !res.HasRet || res.Ret.String() != itoa(c.want.ret) {
				t.Errorf("main returned %v (has %v), want %d", res.Ret, res.HasRet, c.want.ret)
			}
			for name, w := range c.want.globals {
				if got := res.Value(global(t, p, name)); got.String() != itoa(w) {
					t.Errorf("%s = %v, want %d", name, got, w)
				}
			}
		})
	}
}

// TestMaxInputs: a loop that reads an input per iteration forever ends
// with StepLimit once it has read MaxInputs inputs (polled with Stop,
// every 4096 steps), and not before.
func TestMaxInputs(t *testing.T) {
	p := parseC(t, `extern int __VERIFIER_nondet_int(void);
int main() { int s = 0; while (1) { s = __VERIFIER_nondet_int(); } return s; }`)
	rng := rand.New(rand.NewPCG(1, 2))
	res := exec.Run(p, exec.Random(rng, 100), exec.Options{MaxSteps: 1 << 40, MaxInputs: 10000})
	if res.Outcome != exec.StepLimit {
		t.Fatalf("outcome %v, want step limit", res.Outcome)
	}
	if n := len(res.Inputs); n <= 10000 || n > 10000+4096 {
		t.Fatalf("%d inputs read, want just over 10000", n)
	}
	res = exec.Run(p, exec.Random(rng, 100), exec.Options{MaxSteps: 200000})
	if res.Outcome != exec.StepLimit || len(res.Inputs) <= 14096 {
		t.Fatalf("without MaxInputs: %v after %d inputs; the bound should be what stopped the first run", res.Outcome, len(res.Inputs))
	}
}

// TestProductOverflowCounted: a signed product that overflows is
// undefined behaviour; gcc wraps it, and so does the run, but it counts
// the overflow, so that the run is no trusted counterexample (a FALSE on
// nla-digbench's bresenham-ll.c came from a run whose 2*Y*x overflowed).
func TestProductOverflowCounted(t *testing.T) {
	p := parseC(t, decls+`int main() { int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  int c = a * b; unsigned u = (unsigned)a * (unsigned)b; int d = a << 2;
  if (c == 12345) reach_error(); return 0; }`)
	for _, c := range []struct {
		a, b int64
		want int
	}{{3, 4, 0}, {1 << 20, 1 << 12, 1}, {-5, 1 << 29, 1}, {-1, 7, 0}, {1 << 29, 2, 1}} {
		res := exec.Run(p, exec.Inputs(numeric.I(c.a), numeric.I(c.b)), exec.Options{})
		if res.Overflows != c.want {
			t.Errorf("a=%d b=%d: %d overflows, want %d", c.a, c.b, res.Overflows, c.want)
		}
	}
}
