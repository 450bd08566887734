package cex_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/numpred/numpred/cex"
	"github.com/numpred/numpred/cfront"
	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/linprog"
	"github.com/numpred/numpred/numeric"
	"github.com/stretchr/testify/require"
)

func search(t *testing.T, name, src string, d time.Duration) *cex.Counterexample {
	t.Helper()
	var err error
	p, err := frontend.Parse(name, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	c, _, err := cex.Search(ctx, p, cex.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// TestFindsBugs: bugs behind equalities, a loop count, a call and
// wrap-around, each found and replayed.
func TestFindsBugs(t *testing.T) {
	progs := map[string]string{
		"eq.c": `extern int __VERIFIER_nondet_int(void); extern void reach_error(void);
int main() { int x = __VERIFIER_nondet_int(); int y = __VERIFIER_nondet_int();
  if (x > 1000 && y == 3 * x - 7) reach_error(); return 0; }`,
		"loop.c": `extern unsigned __VERIFIER_nondet_uint(void); extern void reach_error(void);
int main() { unsigned n = __VERIFIER_nondet_uint(), i = 0, s = 0;
  while (i < n) { s += 2; i++; } if (s == 14) reach_error(); return 0; }`,
		"call.c": `extern int __VERIFIER_nondet_int(void); extern void reach_error(void);
int check(int a, int b) { return a - b == 42; }
int main() { int a = __VERIFIER_nondet_int(); if (check(a, 8)) reach_error(); return 0; }`,
		"wrap.c": `extern unsigned char __VERIFIER_nondet_uchar(void); extern void reach_error(void);
int main() { unsigned char c = __VERIFIER_nondet_uchar(); unsigned char d = c + 100;
  if (d < 5 && c > 0) reach_error(); return 0; }`,
		"choice.lp": `void main() { int x; x = 0; while (?) { x = x + 3; } assert(x != 9); }`,
	}
	for name, src := range progs {
		c := search(t, name, src, 20*time.Second)
		if c == nil {
			t.Errorf("%s: no counterexample found", name)
			continue
		}
		if c.Error == nil || len(c.Path) == 0 {
			t.Errorf("%s: counterexample without error location or path", name)
		}
	}
}

// TestNoFalseAlarm: on safe programs the search finds nothing (it only
// returns runs that reach an error).
func TestNoFalseAlarm(t *testing.T) {
	src := `extern int __VERIFIER_nondet_int(void); extern void reach_error(void);
int main() { int x = __VERIFIER_nondet_int(); int y = x;
  if (x < -1000 || x > 1000) return 0;
  if (x > 5) y = x - 5; else y = 5 - x; if (y < 0) reach_error(); return 0; }`
	if c := search(t, "safe.c", src, 2*time.Second); c != nil {
		t.Fatalf("counterexample on a safe program: %+v", c.Inputs)
	}
}

// TestSignedOverflowIsNotTrusted: the error is reachable only after a
// signed overflow (undefined behaviour): the search reports the run, but
// not as a trusted counterexample.
func TestSignedOverflowIsNotTrusted(t *testing.T) {
	src := `extern int __VERIFIER_nondet_int(void); extern void reach_error(void);
int main() { int x = __VERIFIER_nondet_int(); if (x < 1) return 0;
  int y = x + x; if (y < 0) reach_error(); return 0; }`
	c := search(t, "ovf.c", src, 5*time.Second)
	if c == nil {
		t.Fatal("the wrapped run was not found")
	}
	if c.Trusted() || c.Overflows == 0 {
		t.Errorf("a run through a signed overflow is trusted (overflows %d)", c.Overflows)
	}
}

// TestNarrowingConversionIsTrusted: converting an out-of-range value to a
// signed type is implementation-defined (C11 6.3.1.3p3; gcc reduces it
// modulo 2^N), not undefined: a run through it is a trusted
// counterexample, while a signed overflow in the operand's own type before
// the conversion still is not.
func TestNarrowingConversionIsTrusted(t *testing.T) {
	conv := `extern int __VERIFIER_nondet_int(void); extern void reach_error(void);
int main() { int x = __VERIFIER_nondet_int(); if (x < 1 || x > 10) return 0;
  int y = x + 4294967294u; unsigned long long z = 4294967295u; int w = (int)z + 0;
  if (y < x && w == -1) reach_error(); return 0; }`
	c := search(t, "conv.c", conv, 5*time.Second)
	if c == nil {
		t.Fatal("the converted run was not found")
	}
	if !c.Trusted() || c.Overflows != 0 {
		t.Errorf("a run through narrowing conversions is not trusted (overflows %d)", c.Overflows)
	}
	ovf := `extern long __VERIFIER_nondet_long(void); extern void reach_error(void);
int main() { long y = __VERIFIER_nondet_long(); if (y < 4611686018427387904L) return 0;
  int w = (int)(y + y); if (w == 0) reach_error(); return 0; }`
	c = search(t, "ovf2.c", ovf, 5*time.Second)
	if c == nil {
		t.Fatal("the wrapped run was not found")
	}
	if c.Trusted() || c.Overflows == 0 {
		t.Errorf("a run through a signed overflow before a conversion is trusted (overflows %d)", c.Overflows)
	}
}

// TestJSONAndWitness checks the JSON contract and the witness shape.
func TestJSONAndWitness(t *testing.T) {
	src := `extern int __VERIFIER_nondet_int(void); extern void reach_error(void);
int main() { int x = __VERIFIER_nondet_int();
  if (x == -5) reach_error(); return 0; }`
	c := search(t, "w.c", src, 10*time.Second)
	if c == nil {
		t.Fatal("no counterexample")
	}
	b, err := json.Marshal(c.JSON())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `{"function":"__VERIFIER_nondet_int","value":"-5","location":"w.c:2:22"}`) {
		t.Errorf("JSON: %s", b)
	}
	var w bytes.Buffer
	if err := cex.WriteWitness(&w, c, cex.WitnessTask{File: "w.c", Source: []byte(src), DataModel: "ILP32", Now: time.Unix(0, 0)}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"entry_type: violation_sequence", `format_version: "2.0"`, "type: function_return",
		`value: "\\result == -5"`, "line: 2", "column: 44", "type: target", "line: 3", "column: 16", "data_model: ILP32"} {
		if !strings.Contains(w.String(), want) {
			t.Errorf("witness lacks %q:\n%s", want, w.String())
		}
	}
	_ = cfront.LP64
	_ = linprog.Parse
}

// TestHeapInputs checks that the search chooses a malloc'd block's
// content (heap inputs), that the JSON form says where each goes, and
// that the witness leaves them out.
func TestHeapInputs(t *testing.T) {
	src := `#include <stdlib.h>
extern int __VERIFIER_nondet_int(void); extern void reach_error(void);
struct S { int a; int *p; };
int main() { struct S *s = malloc(sizeof *s); int x = __VERIFIER_nondet_int();
  if (s->a == 77 && s->p != 0 && x == 2) reach_error(); return 0; }`
	c := search(t, "h.c", src, 10*time.Second)
	if c == nil {
		t.Fatal("no counterexample")
	}
	heap := 0
	for _, in := range c.Inputs {
		if in.Heap != nil {
			heap++
			if in.Block != 1 {
				t.Errorf("heap input in block %d, want 1", in.Block)
			}
		}
	}
	if heap != 2 {
		t.Errorf("%d heap inputs, want 2 (a and p): %v", heap, c.Inputs)
	}
	b, err := json.Marshal(c.JSON())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"heap":{"block":1,"offset":0,"size":4,"content":"77"}`) {
		t.Errorf("JSON lacks a's cell: %s", b)
	}
	if !strings.Contains(string(b), `"heap":{"block":1,"offset":8,"size":8,"content":"8"}`) {
		t.Errorf("JSON lacks p's cell (non-null: the invalid address 8): %s", b)
	}
	var w bytes.Buffer
	if err := cex.WriteWitness(&w, c, cex.WitnessTask{File: "h.c", Source: []byte(src), DataModel: "LP64", Now: time.Unix(0, 0)}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(w.String(), "type: function_return"); n != 1 {
		t.Errorf("witness has %d function_return waypoints, want 1 (the nondet call):\n%s", n, w.String())
	}
}

// TestReplayGCCOnSVCOMP answers the shared expected-false tasks with
// Search and replays every counterexample found on the gcc-compiled task:
// reach_error must be called. It skips without gcc or ../shared.
func TestReplayGCCOnSVCOMP(t *testing.T) {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("gcc not available")
	}
	dir := "../../shared/benchmarks/svcomp"
	f, err := os.Open(filepath.Join(dir, "manifest.tsv"))
	if err != nil {
		t.Skip("../shared not available")
	}
	defer f.Close()
	has32 := cex.GCCRuns32(gcc)
	found, replayed, total := 0, 0, 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Split(sc.Text(), "\t")
		if len(fs) < 3 || fs[2] != "false" {
			continue
		}
		total++
		path := filepath.Join(dir, fs[0])
		p, err := frontend.Load(path)
		if err != nil {
			t.Errorf("%s: %v", fs[0], err)
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		c, _, err := cex.Search(ctx, p, cex.Options{})
		cancel()
		if err != nil {
			t.Errorf("%s: %v", fs[0], err)
			continue
		}
		if c == nil || c.Arbitrary > 0 {
			continue
		}
		found++
		rctx, rcancel := context.WithTimeout(context.Background(), 60*time.Second)
		ok, err := cex.ReplayGCC(rctx, gcc, path, string(frontend.TaskDataModel(path)), c)
		rcancel()
		if err != nil {
			if strings.EqualFold(string(frontend.TaskDataModel(path)), "ilp32") && !has32 {
				t.Logf("%s: no 32-bit gcc (gcc-multilib) or no 32-bit support in the kernel: not replayed", fs[0])
				continue
			}
			t.Errorf("%s: %v", fs[0], err)
			continue
		}
		if !ok {
			t.Errorf("%s: the counterexample (inputs %v) does not reach reach_error when compiled with gcc", fs[0], c.Inputs)
			continue
		}
		replayed++
	}
	t.Logf("%d expected-false tasks, %d counterexamples found in 3 s each, %d replayed with gcc", total, found, replayed)
	if found > 0 && replayed == 0 {
		t.Error("no counterexample replayed")
	}
}

func TestReplay(t *testing.T) {
	prog, err := frontend.Parse("replay.c", []byte(`extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main() { int x = __VERIFIER_nondet_int(); if (x == 42) reach_error(); return 0; }`))
	require.NoError(t, err)
	c, err := cex.Replay(context.Background(), prog, []numeric.Int{numeric.I(42)}, cex.ReplayOptions{})
	require.NoError(t, err)
	require.True(t, c.Trusted())
	require.Len(t, c.Inputs, 1)
	_, err = cex.Replay(context.Background(), prog, []numeric.Int{numeric.I(41)}, cex.ReplayOptions{})
	require.ErrorIs(t, err, cex.ErrNotReached)
	_, err = cex.Replay(context.Background(), prog, nil, cex.ReplayOptions{})
	require.ErrorIs(t, err, cex.ErrNotReached)
}

// TestReactiveLoopBounded: a reactive program's main loop reads an input
// per iteration and never ends once the inputs run out (they are 0 past
// the vector's end). A run without bounds ran until the deadline,
// holding every input it read (13 GB after a minute on a product-lines
// task) and finding nothing; runs end after a bounded number of inputs,
// and the search finds the bug behind three 7s.
func TestReactiveLoopBounded(t *testing.T) {
	src := `extern int __VERIFIER_nondet_int(void); extern void reach_error(void);
int main() { int s = 0;
  while (1) { int c = __VERIFIER_nondet_int(); if (c == 0) continue; if (c == 7) s++; if (s == 3) reach_error(); }
  return 0; }`
	p, err := frontend.Parse("reactive.c", []byte(src))
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	c, st, err := cex.Search(ctx, p, cex.Options{})
	require.NoError(t, err)
	require.NotNil(t, c, "no counterexample; stats %+v", st)
	require.True(t, c.Trusted())
	// The first run (no inputs proposed yet) would go on until the
	// deadline: the step budget cuts it (and the input bound would).
	require.LessOrEqual(t, st.LongestRun, 1<<24, "a run went on past the step budget: %+v", st)
}

// TestSearchThroughLargeArray: the bug needs two elements of a
// 10^5-element input array (memory the front end keeps as bytes: exact
// loads and stores) to differ by 12345, and every run goes on into a
// quadratic loop over the array. The search cuts the first run
// (runBudget), flips the branch within its prefix, where the loads give
// back the inputs stored (encode.Path.Concolic), with only the two
// inputs' constraints (Path.Slice), and runs the proposal.
func TestSearchThroughLargeArray(t *testing.T) {
	src := `extern int __VERIFIER_nondet_int(void); extern void reach_error(void);
int main() { int a[100000];
  for (int j = 0; j < 100000; j++) a[j] = __VERIFIER_nondet_int();
  if (a[3] - a[70000] == 12345) reach_error();
  long s = 0;
  for (int i = 0; i < 100000; i++) for (int k = 0; k < 100000; k++) s += a[i] < a[k];
  return (int)s; }`
	p, err := frontend.Parse("array.c", []byte(src))
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	// Until passes during the first run, which is longer than a path
	// the search expands whole: the search goes on to the context's
	// deadline.
	c, st, err := cex.Search(ctx, p, cex.Options{Until: time.Now().Add(100 * time.Millisecond)})
	require.NoError(t, err)
	require.NotNil(t, c, "no counterexample; stats %+v", st)
	require.True(t, c.Trusted())
	require.Len(t, c.Inputs, 100000)
	d := c.Inputs[3].Value.Sub(c.Inputs[70000].Value)
	require.Zero(t, d.Cmp(numeric.I(12345)), "a[3] - a[70000] = %s", d)
	t.Logf("found after %d runs, %d queries", st.Runs, st.Queries)
}

// TestSearchUntil: a search whose runs are short stops at Options.Until
// (the context's deadline is an hour away); without Until it goes on.
func TestSearchUntil(t *testing.T) {
	src := `extern int __VERIFIER_nondet_int(void); extern void reach_error(void);
int main() { int x = __VERIFIER_nondet_int(); int s = 0;
  for (int i = 0; i < 50; i++) { int y = __VERIFIER_nondet_int(); if (y > x) s++; }
  if (s == 37 && x * x == 1234567) reach_error(); return 0; }`
	p, err := frontend.Parse("until.c", []byte(src))
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	t0 := time.Now()
	c, st, err := cex.Search(ctx, p, cex.Options{Until: time.Now().Add(500 * time.Millisecond)})
	require.NoError(t, err)
	require.Nil(t, c)
	require.Less(t, time.Since(t0), 30*time.Second, "the search went on past Until: %+v", st)
	short, cancel2 := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel2()
	_, st2, err := cex.Search(short, p, cex.Options{})
	require.NoError(t, err)
	require.Greater(t, st2.Runs, st.Runs, "without Until the search should run on to its deadline")
}
