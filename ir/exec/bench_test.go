// This file holds the benchmarks of Run.

package exec_test

import (
	"math/rand/v2"
	"testing"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/ir/exec"
	"github.com/numpred/numpred/linprog"
)

// benchRun runs p b.N times with oracles from mk and reports ns per step,
// in wall time (ns/step) and in the process's CPU time (cpu-ns/step: the
// machine is shared, and CPU time is what the other processes disturb
// least).
func benchRun(b *testing.B, p *ir.Program, mk func() exec.Oracle, want exec.Outcome) {
	m := exec.New(p)
	steps := 0
	b.ReportAllocs()
	b.ResetTimer()
	cpu0, cpuOK := cpuTime()
	for i := 0; i < b.N; i++ {
		res := m.Run(mk(), exec.Options{})
		if res.Outcome != want {
			b.Fatalf("%v (%v), want %v", res.Outcome, res.Err, want)
		}
		steps += res.Steps
	}
	if cpu1, ok := cpuTime(); ok && cpuOK {
		b.ReportMetric(float64(cpu1-cpu0)/float64(steps), "cpu-ns/step")
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(steps), "ns/step")
	b.ReportMetric(float64(steps)/float64(b.N), "steps/run")
}

// BenchmarkCLoop: a C loop with products, quotients, remainders and
// wrap-around (Def havocs and their pinning assumptions).
func BenchmarkCLoop(b *testing.B) {
	p := parseC(b, decls+`
int main() {
  int n = __VERIFIER_nondet_int(); unsigned h = 0; int s = 0;
  for (int i = 0; i < n; i++) { h = h * 31u + (unsigned)i; s += i % 7 - i / 3; }
  return s + (int)(h & 255u);
}`)
	benchRun(b, p, func() exec.Oracle { return exec.Inputs(ints(1000)...) }, exec.Returned)
}

// BenchmarkCSmall: a short C program with a call, the size of a
// differential-testing run (per-run overhead dominates).
func BenchmarkCSmall(b *testing.B) {
	p := parseC(b, decls+`
int g;
int f(int a, int b) { if (a > b) return a - b; g++; return b % 5; }
int main() { int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int(); return f(x, y) + f(y, x) + g; }`)
	benchRun(b, p, func() exec.Oracle { return exec.Inputs(ints(3, 11)...) }, exec.Returned)
}

// BenchmarkLPRecursion: the recursive parity family with the Random
// oracle.
func BenchmarkLPRecursion(b *testing.B) {
	src, err := linprog.Generate("parity", 200)
	if err != nil {
		b.Fatal(err)
	}
	p := parseLP(b, src)
	rng := rand.New(rand.NewPCG(1, 1))
	benchRun(b, p, func() exec.Oracle { return exec.Random(rng, 100) }, exec.Returned)
}

// BenchmarkLongLoop: a deterministic C loop of the SV-COMP kind whose
// error needs 10^8 iterations (loops-crafted-1/Mono1_1-1.c), shortened to
// fit DefaultMaxSteps: Assume edges on unsigned wrap-around guards and
// increments, the steps counterexample replay spends its time on.
func BenchmarkLongLoop(b *testing.B) {
	p := parseC(b, decls+`
int main() {
  unsigned x = 0;
  while (x < 200000u) { if (x < 100000u) x++; else x += 2; }
  return x == 200000u;
}`)
	benchRun(b, p, func() exec.Oracle { return exec.Inputs() }, exec.Returned)
}
