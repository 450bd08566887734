package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestAnalyzeTaskFile: a task definition is analysed through the file it
// names, with its data model and expected verdict; --property accepts
// unreach-call only.
func TestAnalyzeTaskFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	prp := write("properties/unreach-call.prp", "CHECK( init(main()), LTL(G ! call(reach_error())) )\n")
	other := write("properties/no-overflow.prp", "CHECK( init(main()), LTL(G ! overflow) )\n")
	// Under ILP32 an unsigned long has 32 bits: 2^32 - 1 + 1 wraps to
	// zero and the error is reachable; under LP64 it is not.
	write("cat/wrap.c", `extern void reach_error(void);
int main(void) { unsigned long x = 4294967295UL; x = x + 1; if (x == 0) reach_error(); return 0; }
`)
	yml := write("cat/wrap.yml", `format_version: '2.0'
input_files: 'wrap.c'
properties:
  - property_file: ../properties/unreach-call.prp
    expected_verdict: false
options:
  language: C
  data_model: ILP32
`)
	analyze := func(args ...string) (map[string]any, string, int) {
		var stdout, stderr bytes.Buffer
		status := run(append([]string{"analyze", "--format", "json", "--timeout", "20s"}, args...), &stdout, &stderr)
		var rec map[string]any
		if stdout.Len() > 0 {
			if err := json.Unmarshal(bytes.Split(stdout.Bytes(), []byte("\n"))[0], &rec); err != nil {
				t.Fatalf("%v: %s", err, stdout.String())
			}
		}
		return rec, stderr.String(), status
	}
	rec, stderr, status := analyze("--property", prp, yml)
	if status != exitOK {
		t.Fatalf("exit %d: %s", status, stderr)
	}
	if rec["verdict"] != "FALSE" || rec["expected_verdict"] != "FALSE" || rec["task"] != yml || rec["file"] != filepath.Join(dir, "cat/wrap.c") {
		t.Errorf("ILP32 task: %v", rec)
	}
	// --data-model overrides the task's.
	if rec, _, _ := analyze("--data-model", "LP64", yml); rec["verdict"] != "TRUE" {
		t.Errorf("--data-model LP64: %v", rec["verdict"])
	}
	if _, stderr, status := analyze("--property", other, yml); status != exitUsage || !strings.Contains(stderr, "no-overflow.prp:1:1: unsupported property") {
		t.Errorf("no-overflow property: exit %d, %q", status, stderr)
	}
	if _, stderr, status := analyze("--property", filepath.Join(dir, "none.prp"), yml); status != exitUsage || !strings.Contains(stderr, "none.prp") {
		t.Errorf("missing property file: exit %d, %q", status, stderr)
	}
	two := write("cat/two.yml", "input_files: [a.c, b.c]\n")
	if _, stderr, status := analyze(two); status != exitInput || !strings.Contains(stderr, "2 input files") {
		t.Errorf("two input files: exit %d, %q", status, stderr)
	}
	bad := write("cat/bad.yml", "input_files: 'wrap.c'\noptions:\n  data_model: [\n")
	if _, stderr, status := analyze(bad); status != exitInput || !strings.Contains(stderr, "bad.yml: line") {
		t.Errorf("bad yml: exit %d, %q", status, stderr)
	}
}

// trueWitness analyses src with --witness (and the flags more), expects
// TRUE and returns the witness written.
func trueWitness(t *testing.T, src string, more ...string) string {
	t.Helper()
	w := filepath.Join(filepath.Dir(src), "w.yml")
	var stdout, stderr bytes.Buffer
	args := append([]string{"analyze", "--timeout", "20s", "--witness", w}, more...)
	if status := run(append(args, src), &stdout, &stderr); status != exitOK {
		t.Fatalf("exit %d: %s", status, stderr.String())
	}
	if !strings.Contains(stdout.String(), "Verification result: TRUE") {
		t.Fatalf("not TRUE: %s", stdout.String())
	}
	data, err := os.ReadFile(w)
	if err != nil {
		t.Fatalf("no witness: %v; stderr: %s", err, stderr.String())
	}
	return string(data)
}

// TestCorrectnessWitness: a TRUE verdict with --witness writes an
// invariant_set whose loop invariant is the re-checked one, at the loop.
func TestCorrectnessWitness(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "loop.c")
	os.WriteFile(src, []byte(`extern void reach_error(void);
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
`), 0o644)
	text := trueWitness(t, src)
	for _, want := range []string{"- entry_type: invariant_set", "format_version: \"2.0\"", "type: loop_invariant",
		"line: 7\n", "column: 3\n", "function: \"main\"", "2LL * (long long)i - (long long)s == 0LL", "format: c_expression"} {
		if !strings.Contains(text, want) {
			t.Errorf("witness lacks %q:\n%s", want, text)
		}
	}
}

// TestCorrectnessWitnessCongruence: a proof by congruences gives a
// witness that states them (x is even), which the re-check accepts.
func TestCorrectnessWitnessCongruence(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "even.c")
	os.WriteFile(src, []byte(`extern void reach_error(void);
int main(void) {
  unsigned int x = 0;
  while (x < 1000000) {
    x += 2;
  }
  if (x % 2) reach_error();
  return 0;
}
`), 0o644)
	text := trueWitness(t, src, "--engine", "absint", "--domain", "nex", "--numeric", "congruence+polyhedra")
	for _, want := range []string{"type: loop_invariant", "line: 4\n", "((long long)x) % 2LL == 0"} {
		if !strings.Contains(text, want) {
			t.Errorf("witness lacks %q:\n%s", want, text)
		}
	}
}

// TestCorrectnessWitnessCallee: loops outside main get their invariants
// too, in their function, over its variables.
func TestCorrectnessWitnessCallee(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "callee.c")
	os.WriteFile(src, []byte(`extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int twice(int n) {
  int i = 0, s = 0;
  while (i < n) {
    i++;
    s += 2;
  }
  return s - 2 * i;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  if (twice(n) != 0) reach_error();
  return 0;
}
`), 0o644)
	text := trueWitness(t, src)
	for _, want := range []string{"type: loop_invariant", "line: 5\n", "function: \"twice\"", "2LL * (long long)i - (long long)s == 0LL"} {
		if !strings.Contains(text, want) {
			t.Errorf("witness lacks %q:\n%s", want, text)
		}
	}
}

// TestWitnessDeadline: the witness takes what the time limit leaves, at
// least minWitnessTime, and maxWitnessTime without a limit.
func TestWitnessDeadline(t *testing.T) {
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		timeout, elapsed, want time.Duration
	}{
		{60 * time.Second, 3 * time.Second, 56 * time.Second},
		{60 * time.Second, 59 * time.Second, minWitnessTime},
		{0, 5 * time.Second, maxWitnessTime},
	} {
		now := t0.Add(c.elapsed)
		if got := witnessDeadline(c.timeout, t0, now).Sub(now); got != c.want {
			t.Errorf("timeout %v after %v: %v, want %v", c.timeout, c.elapsed, got, c.want)
		}
	}
}

// TestProvedByRecord: the witness search starts with what proved the
// program, read from the run's record.
func TestProvedByRecord(t *testing.T) {
	for _, c := range []struct {
		engine, numeric string
		want            provedBy
	}{
		{"bmc", "interval", provedBy{unwinding: true}},
		{"absint", "octagon", provedBy{numeric: "octagon"}},
		{"absint nexpoint/polyhedra", "interval", provedBy{domain: "nexpoint", numeric: "polyhedra"}},
		{"absint nex/congruence+polyhedra", "interval", provedBy{domain: "nex", numeric: "congruence+polyhedra"}},
		{"cegar nexpoint/interval", "interval", provedBy{}},
		{"abe", "interval", provedBy{}},
	} {
		if got := provedByRecord(runRecord{Engine: c.engine, Numeric: c.numeric}); got != c.want {
			t.Errorf("%s (%s): %+v, want %+v", c.engine, c.numeric, got, c.want)
		}
	}
}

// TestEveryRunItsTimeLimit: with several engines, each run gets the whole
// --timeout from its own start (the second run once got what the first
// left of it: nothing).
func TestEveryRunItsTimeLimit(t *testing.T) {
	src := filepath.Join(t.TempDir(), "loop.c")
	os.WriteFile(src, []byte(`extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = 0;
  while (__VERIFIER_nondet_int()) { x += __VERIFIER_nondet_int() % 3; }
  if (x == 123456789) reach_error();
  return 0;
}
`), 0o644)
	var stdout, stderr bytes.Buffer
	run([]string{"analyze", "--engine", "bmc,kind", "--timeout", "2s", "--format", "json", src}, &stdout, &stderr)
	var times []float64
	for _, line := range strings.Split(strings.TrimSpace(stdout.String()), "\n") {
		var rec struct {
			Engine  string  `json:"engine"`
			Verdict string  `json:"verdict"`
			TimeS   float64 `json:"time_s"`
		}
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("%v: %q", err, line)
		}
		if rec.Verdict != "UNKNOWN" {
			t.Fatalf("%s answered %s", rec.Engine, rec.Verdict)
		}
		times = append(times, rec.TimeS)
	}
	if len(times) != 2 || times[0] < 1.5 || times[1] < 1.5 {
		t.Errorf("run times %v, want both near the 2 s limit", times)
	}
}
