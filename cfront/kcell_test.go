package cfront_test

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/numpred/numpred/cfront"
	"github.com/numpred/numpred/cfront/cgen"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/interp"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/ir/exec"
)

var kcellN = flag.Int("kcell.n", 40, "TestKCellSoundness: generated memory tasks")

// kcellConfigs are the analyses TestKCellSoundness runs: the predicate
// domains that split on the ghost index's branches, and a plain one.
var kcellConfigs = []string{"nex/polyhedra", "ndd/octagon", "mtndd/polyhedra", "nexpoint/interval"}

// kcellVerdicts analyses the generated memory tasks with every local
// array summarised (so their elements go through the ghost cells of
// kcell.go) and returns the wrong and the right TRUE verdicts.
func kcellVerdicts(t *testing.T, h *cgen.Harness, n int) (wrong []string, proved int) {
	t.Helper()
	tasks, _, _, err := h.Tasks(context.Background(), cgen.TaskOptions{Seed: 11, N: n, Memory: true})
	if err != nil {
		t.Fatal(err)
	}
	withCells := 0
	for _, task := range tasks {
		if !hasKCell(task.IR) {
			continue
		}
		withCells++
		for _, c := range kcellConfigs {
			domain, num, _ := strings.Cut(c, "/")
			cfg := interp.DefaultConfig()
			cfg.Domain, cfg.Numeric = domain, num
			cfg.Deadline = time.Now().Add(300 * time.Millisecond)
			res, err := interp.Analyze(task.IR, cfg)
			if err != nil {
				t.Fatalf("%s under %s: %v", task.Name, c, err)
			}
			switch {
			case res.Verdict == engine.True && !task.True:
				wrong = append(wrong, task.Name+" under "+c+":\n"+task.Program.Source())
			case res.Verdict == engine.True:
				proved++
			}
		}
	}
	if withCells == 0 {
		t.Fatalf("no task of %d has a ghost cell", len(tasks))
	}
	t.Logf("%d tasks, %d with ghost cells: %d TRUE verdicts, %d wrong", len(tasks), withCells, proved, len(wrong))
	return wrong, proved
}

// hasKCell reports whether p has a ghost cell (kcell.go's #k).
func hasKCell(p *ir.Program) bool {
	for _, v := range p.Vars {
		if v.Name == "#k" {
			return true
		}
	}
	return false
}

// TestKCellSoundness is the soundness oracle of the ghost cells: tasks
// whose verdicts gcc decides on every input, with every local array a
// summary, analysed by the domains that use the ghost cells: no TRUE on
// a task gcc refutes. With the ghost cell not updated by writes at its
// index, some TRUE is wrong.
func TestKCellSoundness(t *testing.T) {
	h := &cgen.Harness{}
	if !h.Available() {
		t.Skip("gcc not available")
	}
	cfront.SetSummariseLocals(true)
	defer cfront.SetSummariseLocals(false)
	wrong, proved := kcellVerdicts(t, h, *kcellN)
	for _, w := range wrong {
		t.Errorf("WRONG TRUE: %s", w)
	}
	if proved == 0 {
		t.Errorf("no TRUE verdict: the oracle checks nothing")
	}

	cfront.SetBreakKCell("gate")
	defer cfront.SetBreakKCell("")
	wrong, _ = kcellVerdicts(t, h, *kcellN)
	if len(wrong) == 0 {
		t.Errorf("no wrong TRUE with the error gate closed by reads at the ghost index")
	}
}

// TestKCellProofs checks the ghost cells by hand: an array of 100000
// elements set in a loop and checked in another is proved; a zeroed
// array with one element overwritten is not, and with the ghost cell's
// writes dropped (a fault) the analysis answers a wrong TRUE.
func TestKCellProofs(t *testing.T) {
	const proved = `
extern void reach_error(void);
int main(void) {
  int a[100000];
  for (int i = 0; i < 100000; i++) a[i] = 42;
  for (int x = 0; x < 100000; x++) if (a[x] != 42) reach_error();
  return 0;
}`
	const refuted = `
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int a[100000];
int main(void) {
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j >= 100000) return 0;
  a[j] = 7;
  for (int x = 0; x < 100000; x++) if (a[x] != 0) reach_error();
  return 0;
}`
	verdict := func(src string) engine.Verdict { return analyzeWith(t, src, "ndd", "polyhedra") }
	checkKCellFault(t, verdict, proved, refuted, "write")
}

// TestKCellSearchLoop: the invariant of a linear search ("every element
// before i differs from e") is an implication between the tracked
// element's index and a test of the element read, which the program
// makes on a temporary: the copy closure of the ghost cell's reads
// (interp.CopyClosure) makes it a predicate over the element. Proved by
// NEX over congruences and polyhedra (the default strategy's second
// stage on such programs); its twin, which also checks the element the
// search stopped at, is not.
func TestKCellSearchLoop(t *testing.T) {
	const tmpl = `
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[100000]; int e = __VERIFIER_nondet_int(); int i = 0;
  for (int j = 0; j < 100000; j++) a[j] = __VERIFIER_nondet_int();
  while (i < 100000 && a[i] != e) i = i + 1;
  for (int x = 0; x < %s; x++) if (a[x] == e) reach_error();
  return 0;
}`
	verdict := func(src string, limit time.Duration) engine.Verdict {
		t.Helper()
		p, err := cfront.Parse("k.c", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		cfg := interp.DefaultConfig()
		cfg.Domain, cfg.Numeric = "nex", "congruence+polyhedra"
		cfg.Deadline = time.Now().Add(limit)
		res, err := interp.Analyze(p, cfg)
		if err != nil {
			t.Fatal(err)
		}
		return res.Verdict
	}
	if v := verdict(fmt.Sprintf(tmpl, "i"), time.Minute); v != engine.True {
		t.Errorf("the search loop: %v, want TRUE", v)
	}
	if v := verdict(fmt.Sprintf(tmpl, "i + 1 && x < 100000"), 10*time.Second); v == engine.True {
		t.Errorf("the search loop checking the element found: TRUE")
	}
}

// checkKCellFault checks that verdict proves proved, does not prove
// refuted, and does prove refuted (a wrong TRUE) with the ghost cells
// broken by fault: the test catches the fault.
func checkKCellFault(t *testing.T, verdict func(string) engine.Verdict, proved, refuted, fault string) {
	t.Helper()
	if v := verdict(proved); v != engine.True {
		t.Errorf("the proved program: %v, want TRUE", v)
	}
	if v := verdict(refuted); v == engine.True {
		t.Errorf("the refuted program: TRUE, want not TRUE")
	}
	cfront.SetBreakKCell(fault)
	defer cfront.SetBreakKCell("")
	if v := verdict(refuted); v != engine.True {
		t.Errorf("with the ghost cells broken (%s), the refuted program: %v, want the fault's wrong TRUE", fault, v)
	}
}

// TestKCellConcreteReads checks that a concrete run reads a summarised
// element from memory, not from its ghost cell (ir.Assign.Load): after a
// memcpy the ghost cell is any value to the analyses and a fixed one to
// ir/exec, while memory holds the copied bytes. A run that took the
// ghost cell's value would reach the error.
func TestKCellConcreteReads(t *testing.T) {
	const src = `
extern void reach_error(void);
extern void *memcpy(void *, const void *, unsigned long);
int a[1000], b[1000];
int main(void) {
  b[0] = 5;
  memcpy(a, b, sizeof a);
  if (a[0] != 5) reach_error();
  return 0;
}`
	prog, err := cfront.Parse("copy.c", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if !hasKCell(prog) {
		t.Fatal("no ghost cell")
	}
	r := exec.New(prog).Run(exec.Inputs(), exec.Options{})
	if r.Outcome != exec.Returned || r.Arbitrary != 0 {
		t.Errorf("%v with %d arbitrary values, want a return with none (%v)", r.Outcome, r.Arbitrary, r.Err)
	}
}

// TestKCellVLA: a variable-length array of integers, and a block of
// them malloc'd with a size that is not a constant, are one region of
// the element type with a ghost cell, like a large fixed array: the
// initialisation loop is proved, an element written otherwise is not
// (and with the gate fault it is: the ghost cell decides both).
func TestKCellVLA(t *testing.T) {
	const proved = `
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  int a[n];
  for (int i = 0; i < n; i++) a[i] = 42;
  for (int x = 0; x < n; x++) if (a[x] != 42) reach_error();
  return 0;
}`
	refuted := strings.Replace(proved, "a[i] = 42;", "a[i] = 42 + (i == 3);", 1)
	verdict := func(src string) engine.Verdict { return analyzeWith(t, src, "ndd", "octagon") }
	// The same with a block of n ints from malloc in main.
	malloced := strings.Replace(strings.Replace(proved, "int a[n];", "int *a = malloc(n * sizeof(int));", 1),
		"extern void reach_error(void);", "extern void reach_error(void);\nextern void *malloc(unsigned long);", 1)
	if v := verdict(malloced); v != engine.True {
		t.Errorf("the initialised malloc'd block: %v, want TRUE", v)
	}
	checkKCellFault(t, verdict, proved, refuted, "gate")
}

// analyzeWith runs the fixpoint under domain and numeric on the C
// program src and returns its verdict.
func analyzeWith(t *testing.T, src, domain, numeric string) engine.Verdict {
	t.Helper()
	p, err := cfront.Parse("k.c", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	cfg := interp.DefaultConfig()
	cfg.Domain, cfg.Numeric = domain, numeric
	res, err := interp.Analyze(p, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return res.Verdict
}
