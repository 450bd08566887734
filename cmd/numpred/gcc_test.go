package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/numpred/numpred/cex"
	"github.com/numpred/numpred/cfront/cgen"
	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// The gcc replay of every FALSE verdict the command prints. The default
// run is a smoke test (a short limit per task); the measurement
// is `go test -tags buddy ./cmd/numpred -run TestFalseReplaysWithGCC
// -gcc.timeout 60s -gcc.all -v`.
var (
	gccTimeout = flag.Duration("gcc.timeout", 2*time.Second, "TestFalseReplaysWithGCC*: --timeout of each numpred analyze run")
	gccAll     = flag.Bool("gcc.all", false, "TestFalseReplaysWithGCCOnSVCOMP: every shared task, not only the expected-false ones")
	gccEngine  = flag.String("gcc.engine", "", "TestFalseReplaysWithGCC*: --engine of each run (default: the command's default)")
	gccOnly    = flag.String("gcc.only", "", "TestFalseReplaysWithGCCOnSVCOMP: only tasks whose path contains one of these comma-separated strings")
	gccN       = flag.Int("gcc.n", 16, "TestFalseReplaysWithGCCOnGenerated: generated tasks")
	gccJobs    = flag.Int("gcc.jobs", 2, "TestFalseReplaysWithGCC*: analyses at a time")
	gccArgs    = flag.String("gcc.args", "", "TestFalseReplaysWithGCC*: more analyze flags, separated by spaces (e.g. \"--block sbe\")")
	gccSet     = flag.String("gcc.set", "svcomp", "TestFalseReplaysWithGCCOnSVCOMP: the shared benchmark set (svcomp, svcomp-2)")
	gccFptrs   = flag.Bool("gcc.fptrs", false, "TestFalseReplaysWithGCCOnGenerated: tasks with calls through function pointers")
	gccMemory  = flag.Bool("gcc.memory", false, "TestFalseReplaysWithGCCOnGenerated: tasks with arrays, structs, pointers and malloc'd blocks")
	gccModel   = flag.String("gcc.model", "", "TestFalseReplaysWithGCCOnSVCOMP: analyse and compile every task under this data model (lp64 or ilp32), not its own (e.g. lp64 where 32-bit binaries cannot run)")
)

// analyzeJSON runs `numpred analyze --format json` as a user would and
// decodes its one record.
func analyzeJSON(t *testing.T, file string) (verdict string, c *cex.Counterexample) {
	t.Helper()
	args := []string{"analyze", "--format", "json", "--timeout", gccTimeout.String()}
	if *gccEngine != "" {
		args = append(args, "--engine", *gccEngine)
	}
	args = append(args, strings.Fields(*gccArgs)...)
	if *gccModel != "" {
		args = append(args, "--data-model", *gccModel)
	}
	var out, errb bytes.Buffer
	run(append(args, file), &out, &errb)
	var r struct {
		Verdict string  `json:"verdict"`
		Engine  string  `json:"engine"`
		Reason  string  `json:"reason"`
		Time    float64 `json:"time_s"`
		Cex     *struct {
			Inputs []struct {
				Function string `json:"function"`
				Value    string `json:"value"`
				Heap     *struct {
					Block   int    `json:"block"`
					Offset  int64  `json:"offset"`
					Size    int64  `json:"size"`
					Content string `json:"content"`
				} `json:"heap"`
			} `json:"inputs"`
			Patterned int `json:"patterned"`
		} `json:"counterexample"`
	}
	if err := json.Unmarshal(out.Bytes(), &r); err != nil {
		t.Errorf("%s: analyze printed no JSON record (%v):\n%s\n%s", file, err, out.String(), errb.String())
		return "", nil
	}
	t.Logf("%s\t%s\t%s\t%.1f s\t%s", file, r.Verdict, r.Engine, r.Time, r.Reason)
	if r.Verdict != "FALSE" {
		return r.Verdict, nil
	}
	if r.Cex == nil {
		t.Errorf("%s: FALSE without a counterexample object", file)
		return r.Verdict, nil
	}
	c = &cex.Counterexample{Patterned: r.Cex.Patterned}
	for _, in := range r.Cex.Inputs {
		v, ok := numeric.ParseInt(in.Value)
		if !ok {
			t.Errorf("%s: input value %q is not a decimal integer", file, in.Value)
			return r.Verdict, nil
		}
		if h := in.Heap; h != nil {
			// What the harness writes is the cell's content.
			if v, ok = numeric.ParseInt(h.Content); !ok {
				t.Errorf("%s: heap content %q is not a decimal integer", file, h.Content)
				return r.Verdict, nil
			}
			c.Inputs = append(c.Inputs, cex.Input{Function: in.Function, Value: v, Block: h.Block, Heap: &ir.HeapCell{Off: h.Offset, Size: h.Size}})
			continue
		}
		c.Inputs = append(c.Inputs, cex.Input{Function: in.Function, Value: v})
	}
	return r.Verdict, c
}

// replayGCC compiles file with gcc and the counterexample's inputs and
// reports an error unless reach_error is called.
func replayGCC(t *testing.T, gcc, file, dataModel string, c *cex.Counterexample) bool {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	ok, err := cex.ReplayGCC(ctx, gcc, file, dataModel, c)
	if err != nil {
		t.Errorf("%s: %v", file, err)
		return false
	}
	if !ok {
		t.Errorf("%s: the counterexample (inputs %v) does not reach reach_error when compiled with gcc", file, c.Inputs)
	}
	return ok
}

type gccTask struct {
	file, dataModel string
	expect          string // "true", "false" or "" (unknown)
}

type gccTally struct {
	sync.Mutex
	tasks, falses, replayed, wrong int
	byVerdict                      map[string]int
}

// replayAll analyses every task, two at a time, and replays each FALSE.
func replayAll(t *testing.T, gcc string, tasks []gccTask) *gccTally {
	tally := &gccTally{byVerdict: map[string]int{}}
	work := make(chan gccTask)
	var wg sync.WaitGroup
	for w := 0; w < max(1, *gccJobs); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for task := range work {
				verdict, c := analyzeJSON(t, task.file)
				ok := false
				if c != nil {
					ok = replayGCC(t, gcc, task.file, task.dataModel, c)
				}
				tally.Lock()
				tally.tasks++
				tally.byVerdict[verdict]++
				if verdict == "FALSE" {
					tally.falses++
					if ok {
						tally.replayed++
					}
					if task.expect == "true" {
						tally.wrong++
						t.Errorf("%s: FALSE on an expected-true task", task.file)
					}
				}
				if verdict == "TRUE" && task.expect == "false" {
					tally.wrong++
					t.Errorf("%s: TRUE on an expected-false task", task.file)
				}
				tally.Unlock()
			}
		}()
	}
	for _, task := range tasks {
		work <- task
	}
	close(work)
	wg.Wait()
	return tally
}

func lookGCC(t *testing.T) string {
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		t.Skip("gcc not available")
	}
	return gcc
}

// TestFalseReplaysWithGCCOnSVCOMP: every FALSE that `numpred analyze`
// prints on a shared task carries inputs under which the task, compiled
// with gcc, calls reach_error. It skips without gcc or ../shared.
func TestFalseReplaysWithGCCOnSVCOMP(t *testing.T) {
	gcc := lookGCC(t)
	dir, rows := sharedManifestOf(t, *gccSet)
	var tasks []gccTask
	for _, fs := range rows {
		if fs[2] != "false" && !*gccAll || !containsAny(fs[0], *gccOnly) {
			continue
		}
		path := filepath.Join(dir, fs[0])
		dm := string(frontend.TaskDataModel(path))
		if *gccModel != "" {
			dm = *gccModel
		}
		if strings.EqualFold(dm, "ilp32") && !has32(gcc) {
			t.Logf("%s: no 32-bit gcc (gcc-multilib): skipped", fs[0])
			continue
		}
		tasks = append(tasks, gccTask{file: path, dataModel: dm, expect: fs[2]})
	}
	start := time.Now()
	tl := replayAll(t, gcc, tasks)
	t.Logf("%d tasks at --timeout %s: %v; %d FALSE, %d replayed with gcc, %d wrong; %s wall",
		tl.tasks, *gccTimeout, tl.byVerdict, tl.falses, tl.replayed, tl.wrong, time.Since(start).Round(time.Second))
	if tl.falses == 0 && *gccEngine == "" && *gccArgs == "" {
		t.Error("no FALSE verdict on the expected-false tasks")
	}
}

// TestFalseReplaysWithGCCOnGenerated: the same on the tasks of the C
// front end's soundness oracle (generated programs over every statement
// form and operator, whose expected verdict gcc decided on every input):
// every FALSE replays with gcc, and no verdict is wrong.
func TestFalseReplaysWithGCCOnGenerated(t *testing.T) {
	gcc := lookGCC(t)
	h := &cgen.Harness{}
	tasks, _, ms, err := h.Tasks(context.Background(), cgen.TaskOptions{Seed: 21, N: *gccN, Models: []cgen.Model{cgen.LP64}, FuncPtrs: *gccFptrs, Memory: *gccMemory})
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		t.Errorf("front end and gcc disagree: %v", m)
	}
	dir := t.TempDir()
	var work []gccTask
	for i, task := range tasks {
		file := filepath.Join(dir, fmt.Sprintf("task%03d.c", i))
		if err := os.WriteFile(file, []byte(task.Program.Source()), 0o644); err != nil {
			t.Fatal(err)
		}
		expect := "false"
		if task.True {
			expect = "true"
		}
		work = append(work, gccTask{file: file, dataModel: "lp64", expect: expect})
	}
	tl := replayAll(t, gcc, work)
	t.Logf("%d generated tasks at --timeout %s: %v; %d FALSE, %d replayed with gcc, %d wrong",
		tl.tasks, *gccTimeout, tl.byVerdict, tl.falses, tl.replayed, tl.wrong)
	if tl.falses == 0 {
		t.Error("no FALSE verdict on the generated tasks")
	}
}

// containsAny tells whether s contains one of the comma-separated parts of
// list (an empty list matches everything).
func containsAny(s, list string) bool {
	for _, p := range strings.Split(list, ",") {
		if strings.Contains(s, p) {
			return true
		}
	}
	return false
}

func has32(gcc string) bool { return cex.GCCRuns32(gcc) }

// taskWriter returns a function that writes a C task named name into a
// temporary directory: pre, the declarations of reach_error and
// __VERIFIER_nondet_int, then body.
func taskWriter(t *testing.T, pre string) func(name, body string) string {
	dir := t.TempDir()
	return func(name, body string) string {
		f := filepath.Join(dir, name)
		src := pre + "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n" + body
		if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return f
	}
}

// falseReplays analyses the LP64 task file, which must be FALSE, and
// replays its counterexample with gcc.
func falseReplays(t *testing.T, gcc, file string) *cex.Counterexample {
	t.Helper()
	verdict, c := analyzeJSON(t, file)
	if verdict != "FALSE" || c == nil {
		t.Fatalf("%s: got %s, want FALSE with a counterexample", filepath.Base(file), verdict)
	}
	if !replayGCC(t, gcc, file, "lp64", c) {
		t.Errorf("%s: the counterexample does not replay with gcc", filepath.Base(file))
	}
	return c
}

// TestFreshHeapReplays checks counterexamples that read a malloc'd block
// before writing it: its cells are heap inputs (ir.HeapInput), which the
// gcc harness's malloc writes into the block, so FALSE verdicts that
// need zero, non-zero, negative or non-null content all replay (in
// 32-bit code too, where gcc-multilib is there); the analyses treat the
// content as any value (the assertion that it is zero is not proved).
func TestFreshHeapReplays(t *testing.T) {
	gcc := lookGCC(t)
	write := taskWriter(t, "#include <stdlib.h>\n")
	bug := write("fresh.c", "struct S { int a; int *p; };\nint main(void) {\n  struct S *s = malloc(sizeof(struct S));\n  int k = __VERIFIER_nondet_int();\n  if (s->a == 0 && s->p == 0 && k == 7) reach_error();\n  return 0;\n}\n")
	falseReplays(t, gcc, bug)
	// Non-zero content, a non-null pointer, a cell of the second block
	// and one at an offset past a pointer.
	for _, model := range []string{"lp64", "ilp32"} {
		if model == "ilp32" && !has32(gcc) {
			t.Logf("no 32-bit gcc (gcc-multilib): ilp32 skipped")
			continue
		}
		f := write("content-"+model+".c", "struct T { char c; long b; int *q; short h; };\nstruct S { int a; int *p; long long w; };\nint main(void) {\n  struct S *s = malloc(sizeof(struct S));\n  struct T *t = malloc(sizeof *t);\n  int k = __VERIFIER_nondet_int();\n  if (s->a == 42 && s->p != 0 && s->w < -5 && t->c == 'x' && t->b == -3 && t->q == 0 && t->h == 12345 && k == 7) reach_error();\n  return 0;\n}\n")
		args := *gccArgs
		*gccArgs = args + " --data-model " + model
		verdict, c := analyzeJSON(t, f)
		*gccArgs = args
		if verdict != "FALSE" || c == nil {
			t.Errorf("content-%s.c: got %s, want FALSE with a counterexample", model, verdict)
			continue
		}
		heap := 0
		for _, in := range c.Inputs {
			if in.Heap != nil {
				heap++
			}
		}
		if heap < 7 {
			t.Errorf("content-%s.c: %d heap inputs, want at least the 7 cells", model, heap)
		}
		if !replayGCC(t, gcc, f, model, c) {
			t.Errorf("content-%s.c: the counterexample does not replay with gcc", model)
		}
	}
	safe := write("notzero.c", "int main(void) {\n  int *p = malloc(sizeof(int));\n  if (*p != 0) reach_error();\n  return 0;\n}\n")
	if verdict, _ := analyzeJSON(t, safe); verdict == "TRUE" {
		t.Errorf("notzero.c: TRUE, but malloc's content may be anything")
	}
}

// TestUninitialisedLocalsReplay checks counterexamples that read locals
// declared without initializer: concrete runs give them gcc's
// -ftrivial-auto-var-init=pattern value (ir.Havoc.Uninit), so the FALSE
// verdict replays with gcc under that flag; a declaration reached again
// in a loop is indeterminate again (gcc re-initialises it), so a bug that
// needs the previous iteration's value is not reported.
func TestUninitialisedLocalsReplay(t *testing.T) {
	gcc := lookGCC(t)
	write := taskWriter(t, "")
	bug := write("uninit.c", "struct T { char c; int b; long l; };\nint main(void) {\n  int x; struct T t; int a[3]; int *p = &a[1];\n  int k = __VERIFIER_nondet_int();\n  if (x != 0 && t.b == -16843010 && t.c == -2 && *p == x && k == 3) reach_error();\n  return 0;\n}\n")
	if c := falseReplays(t, gcc, bug); c.Patterned == 0 {
		t.Errorf("uninit.c: the counterexample does not say it gave locals gcc's pattern")
	}
	loop := write("loop.c", "int main(void) {\n  for (int i = 0; i < 2; i++) {\n    int y;\n    if (i == 1 && y == 5) reach_error();\n    y = 5;\n  }\n  return 0;\n}\n")
	if verdict, _ := analyzeJSON(t, loop); verdict == "FALSE" || verdict == "TRUE" {
		t.Errorf("loop.c: %s, but y is indeterminate at its declaration (pattern under gcc's flag, not 5)", verdict)
	}
}

// TestUnknownFunctionsReachMemory checks that a call of an undefined
// function havocs what it can reach: an object whose address a global
// pointer holds, one whose address is passed as an integer, and one whose
// address was stored into a summarised array. Both
// programs' errors are reachable in C (ext may write through the
// address), so TRUE is wrong.
func TestUnknownFunctionsReachMemory(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"global.c": "int *gp;\nint main(void) {\n  int x = 1;\n  gp = &x;\n  ext(0);\n  if (x != 1) reach_error();\n  return 0;\n}\n",
		"int.c":    "int main(void) {\n  int x = 1;\n  ext((long)&x);\n  if (x != 1) reach_error();\n  return 0;\n}\n",
		// The address goes into a summarised array, which ext may read.
		// memcpy copies an address where points-to does not follow it.
		"memcpy.c":  "extern void *memcpy(void *, const void *, unsigned long);\nint *gp;\nint main(void) {\n  int x = 1;\n  int *src = &x;\n  memcpy(&gp, &src, sizeof gp);\n  ext(0);\n  if (x != 1) reach_error();\n  return 0;\n}\n",
		"summary.c": "int *arr[1000];\nint main(void) {\n  int x = 1;\n  arr[5] = &x;\n  ext(0);\n  if (x != 1) reach_error();\n  return 0;\n}\n",
	} {
		f := filepath.Join(dir, name)
		src := "extern void reach_error(void);\nextern void ext(long);\n" + body
		if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		if verdict, _ := analyzeJSON(t, f); verdict == "TRUE" {
			t.Errorf("%s: TRUE, but ext may write x", name)
		}
	}
}

// TestSummaryCounterexamplesReplayWithGCC analyses programs whose errors
// depend on what the program wrote to arrays too large to expand and to
// blocks of allocation sites in loops (summaries: havoc to every
// analysis, exact in concrete runs), or with memset and memcpy: each must
// be FALSE, and its counterexample must reach reach_error when compiled
// with gcc (with memset writing one more than its byte, memset_cells.c
// is TRUE and fails the test).
func TestSummaryCounterexamplesReplayWithGCC(t *testing.T) {
	gcc := lookGCC(t)
	files, err := filepath.Glob("testdata/summaries/*.c")
	if err != nil || len(files) == 0 {
		t.Fatalf("no programs in testdata/summaries (%v)", err)
	}
	old := *gccTimeout
	*gccTimeout = 30 * time.Second
	defer func() { *gccTimeout = old }()
	for _, f := range files {
		verdict, c := analyzeJSON(t, f)
		if verdict != "FALSE" {
			t.Errorf("%s: %s, want FALSE", f, verdict)
			continue
		}
		replayGCC(t, gcc, f, "lp64", c)
	}
}

// TestVarLenReplays checks the lowering of a variable-length array and of
// a block malloc'd with a variable size (one typed region with a ghost
// cell) against gcc: the bug in each is found and its counterexample
// reaches reach_error when compiled with gcc.
func TestVarLenReplays(t *testing.T) {
	gcc := lookGCC(t)
	if *gccTimeout < 10*time.Second {
		old := *gccTimeout
		*gccTimeout = 10 * time.Second // bmc finds them in 1-3 s
		defer func() { *gccTimeout = old }()
	}
	dir := t.TempDir()
	const body = `#include <stdlib.h>
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 2 || n > 50) return 0;
  DECL
  for (int i = 0; i < n; i++) a[i] = i;
  for (int i = 0; i < n; i++) if (a[i] != 0) reach_error();
  return 0;
}
`
	for name, decl := range map[string]string{"vla.c": "int a[n];", "malloc.c": "int *a = malloc(n * sizeof(int));"} {
		bug := filepath.Join(dir, name)
		if err := os.WriteFile(bug, []byte(strings.Replace(body, "DECL", decl, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
		verdict, c := analyzeJSON(t, bug)
		if verdict != "FALSE" || c == nil {
			t.Errorf("%s: got %s, want FALSE with a counterexample", bug, verdict)
		} else {
			replayGCC(t, gcc, bug, "lp64", c)
		}
	}
}
