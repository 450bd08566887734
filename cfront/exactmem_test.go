package cfront_test

import (
	"context"
	"flag"
	"testing"

	"github.com/numpred/numpred/cfront"
	"github.com/numpred/numpred/cfront/cgen"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/ir/exec"
	"github.com/numpred/numpred/numeric"
)

var exactMemN = flag.Int("exactmem.n", 60, "TestSummariesAgainstGCC: generated memory programs")

// TestSummariesAgainstGCC runs the memory programs of the differential
// test with every array of more than one element that is not at file scope
// summarised (the test compares the cells of globals), so that
// their reads and writes go through ir.MemRead and ir.MemWrite: the
// concrete runs must agree with gcc; with every exact store writing its
// value plus one, they must not.
func TestSummariesAgainstGCC(t *testing.T) {
	h := &cgen.Harness{}
	if !h.Available() {
		t.Skip("gcc not available")
	}
	cfront.SetSummariseLocals(true)
	defer cfront.SetSummariseLocals(false)
	o := cgen.FuzzOptions{Seed: 7, N: *exactMemN, Config: cgen.MemoryConfig, Models: []cgen.Model{cgen.LP64}, MaxMismatches: 3}
	st, ms, err := cgen.Fuzz(context.Background(), h, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("local arrays and blocks summarised: %v", st)
	for _, m := range ms {
		t.Errorf("%v", m)
	}
	if st.Compared() == 0 {
		t.Fatalf("no run compared: %v", st)
	}

	cfront.SetBreakMemStores(true)
	defer cfront.SetBreakMemStores(false)
	st, ms, err = cgen.Fuzz(context.Background(), h, o)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("with stores off by one: %v", st)
	if len(ms) == 0 {
		t.Errorf("no mismatch with every exact store writing its value plus one")
	}
}

// TestSummaryReadsBackWrites checks one program by hand: a 1000-element
// array (a summary) written in a loop and read back, exactly in concrete
// runs, while every analysis sees havoc.
func TestSummaryReadsBackWrites(t *testing.T) {
	src := `
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int g[1000];
int main(void) {
  int a[1000];
  int *p = (int *)__builtin_malloc(1000 * sizeof(int));
  for (int i = 0; i < 1000; i++) { a[i] = 3 * i; p[i] = i + 1; }
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k >= 1000) return 0;
  if (a[k] != 3 * k || p[k] != k + 1 || g[k] != 0) reach_error();
  g[k] = 7;
  if (g[k] == 7 && a[999] == 2997) reach_error();
  return 0;
}`
	prog, err := cfront.Parse("mem.c", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var loads, stores int
	for _, f := range prog.Funcs {
		for _, e := range f.Edges {
			switch op := e.Op.(type) {
			case *ir.Havoc:
				if op.Load != nil {
					loads++
				}
			case *ir.Skip:
				if op.Mem != nil {
					stores++
				}
			}
		}
	}
	if loads == 0 || stores == 0 {
		t.Fatalf("%d exact loads and %d exact stores, want both", loads, stores)
	}
	m := exec.New(prog)
	for _, k := range []int64{0, 1, 500, 999} {
		r := m.Run(exec.Inputs(numeric.I(k)), exec.Options{})
		if r.Outcome != exec.ErrorReached || r.Arbitrary != 0 {
			t.Fatalf("k = %d: %v with %d arbitrary values, want an error reached with none (%v)", k, r.Outcome, r.Arbitrary, r.Err)
		}
		// The second reach_error (line 13), not the first (line 11).
		if r.Loc.Pos.Line != 13 {
			t.Errorf("k = %d: the error at %v reached, want the one on line 13", k, r.Loc.Pos)
		}
	}
}

// TestSummaryLibraryWrites checks memset, bzero and memmove on summarised
// arrays in concrete runs: each program reaches its error on every input
// k in range, with no arbitrary value.
func TestSummaryLibraryWrites(t *testing.T) {
	head := `
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
void *memset(void *s, int c, unsigned long n);
void *memmove(void *d, const void *s, unsigned long n);
void bzero(void *s, unsigned long n);
`
	for name, body := range map[string]string{ // each array has at least 600 elements
		"memset": `int main(void) {
  int a[1000];
  memset(a, 1, sizeof a);
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k >= 1000) return 0;
  if (a[k] == 0x01010101) reach_error();
  return 0;
}`,
		"bzero": `int main(void) {
  long a[600];
  for (int i = 0; i < 600; i++) a[i] = -1;
  bzero(a + 100, 200 * sizeof(long));
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k >= 600) return 0;
  if (a[k] == ((k >= 100 && k < 300) ? 0 : -1)) reach_error();
  return 0;
}`,
		"memmove": `int main(void) {
  short a[700];
  for (int i = 0; i < 700; i++) a[i] = i;
  memmove(a + 1, a, 600 * sizeof(short));
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k >= 700) return 0;
  if (a[k] == (k == 0 ? 0 : k <= 600 ? k - 1 : k)) reach_error();
  return 0;
}`,
	} {
		prog, err := cfront.Parse(name+".c", []byte(head+body))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		m := exec.New(prog)
		for _, k := range []int64{0, 1, 99, 100, 299, 300, 598, 599} {
			r := m.Run(exec.Inputs(numeric.I(k)), exec.Options{})
			if r.Outcome != exec.ErrorReached || r.Arbitrary != 0 {
				t.Errorf("%s, k = %d: %v with %d arbitrary values, want the error reached with none (%v)", name, k, r.Outcome, r.Arbitrary, r.Err)
			}
		}
	}
}
