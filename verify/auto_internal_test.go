package verify

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/interp"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/polylift"
)

// TestRunStageAbandons: a stage that does not return by its abandon time
// is answered UNKNOWN at that time; one that returns keeps its answer.
func TestRunStageAbandons(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	slow := func() (*Result, error) {
		<-release
		return &Result{Result: engine.Result{Verdict: engine.True}}, nil
	}
	start := time.Now()
	r, err := runStage(slow, start.Add(50*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	if r.Verdict != engine.Unknown {
		t.Errorf("abandoned stage: %s, want UNKNOWN", r.Verdict)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("abandoned after %v, want about 50ms", d)
	}
	fast := func() (*Result, error) { return &Result{Result: engine.Result{Verdict: engine.False}}, nil }
	r, err = runStage(fast, time.Now().Add(time.Minute))
	if err != nil || r.Verdict != engine.False {
		t.Errorf("finished stage: %v, %v; want FALSE", r, err)
	}
}

// TestStageInternalError: a stage whose engine fails with an internal
// error is recorded as such and the next stages run; another stage's
// verdict stands; when no stage decides, the error is returned.
func TestStageInternalError(t *testing.T) {
	prog, err := frontend.Parse("safe.c", []byte(`extern int __VERIFIER_nondet_int(void); extern void reach_error(void);
int main() { int x = __VERIFIER_nondet_int(); if (x > 10) { if (x < 5) reach_error(); } return 0; }`))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { stageHook = nil }()
	for _, tc := range []struct {
		name    string
		failing func(Config) bool
		want    engine.Verdict // "" for an error
	}{
		{"the first stage fails", func(c Config) bool { return c.Engine == Absint }, engine.True},
		{"every stage fails", func(Config) bool { return true }, ""},
	} {
		stageHook = func(p *ir.Program, c Config) (*Result, error) {
			if tc.failing(c) {
				return nil, errors.New("an engine bug")
			}
			return Run(p, c)
		}
		cfg := Config{Interp: interp.DefaultConfig(), Engine: Auto}
		cfg.Interp.Deadline = time.Now().Add(20 * time.Second)
		r, err := Run(prog, cfg)
		if tc.want == "" {
			if err == nil || !strings.Contains(err.Error(), "an engine bug") {
				t.Errorf("%s: %v, %v; want the engine's error", tc.name, r, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if r.Verdict != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, r.Verdict, tc.want)
		}
		if len(r.Stages) == 0 || r.Stages[0].Reason.Kind != engine.Internal || !strings.HasPrefix(r.Stages[0].Reason.String(), "internal error: absint nexpoint/lincong+interval: an engine bug") {
			t.Errorf("%s: stages %+v, want absint's internal error first", tc.name, r.Stages)
		}
	}
}

// TestStageHeapAndOnStage: every stage of the default strategy runs
// under the stage heap limit (or the caller's, when smaller), and
// OnStage sees each stage start and end, in order.
func TestStageHeapAndOnStage(t *testing.T) {
	prog, err := frontend.Parse("u.c", []byte(`extern int __VERIFIER_nondet_int(void); extern void reach_error(void);
int main() { int x = __VERIFIER_nondet_int(); if (x == 7) reach_error(); return 0; }`))
	if err != nil {
		t.Fatal(err)
	}
	defer func() { stageHook = nil }()
	for _, tc := range []struct{ stage, caller, want uint64 }{
		{0, 0, DefaultStageHeap},
		{0, 100 << 20, 100 << 20},
		{200 << 20, 8 << 30, 200 << 20},
	} {
		var limits []uint64
		stageHook = func(p *ir.Program, c Config) (*Result, error) {
			limits = append(limits, c.Interp.MemoryLimit)
			return &Result{Result: engine.Result{Verdict: engine.Unknown, Reason: engine.NewReason(engine.Undecided, "stub")}}, nil
		}
		var events []string
		cfg := Config{Interp: interp.DefaultConfig(), Engine: Auto, StageHeap: tc.stage,
			OnStage: func(st Stage, running bool) {
				if running {
					events = append(events, "start "+st.Name)
				} else {
					events = append(events, "end "+st.Name)
				}
			}}
		cfg.Interp.MemoryLimit = tc.caller
		cfg.Interp.Deadline = time.Now().Add(2 * time.Second)
		if _, err := Run(prog, cfg); err != nil {
			t.Fatal(err)
		}
		want := 0 // the search is no engine; the lifting's stage needs products
		for _, s := range autoStages {
			if s.engine != "search" && (!s.monomials || polylift.Applies(prog)) {
				want++
			}
		}
		if len(limits) != want {
			t.Fatalf("%d engine stages ran, want %d", len(limits), want)
		}
		for _, l := range limits {
			if l != tc.want {
				t.Fatalf("stage heap %d with StageHeap %d and caller %d, want %d", l, tc.stage, tc.caller, tc.want)
			}
		}
		if len(events) < 2 || events[0] != "start absint nexpoint/lincong+interval" || events[1] != "end absint nexpoint/lincong+interval" {
			t.Fatalf("events %v", events)
		}
		for i := 0; i+1 < len(events); i += 2 {
			if !strings.HasPrefix(events[i], "start ") || events[i+1] != "end "+strings.TrimPrefix(events[i], "start ") {
				t.Fatalf("events out of order: %v", events)
			}
		}
	}
}

// TestAutoPassesInvariantsToKind: the kind stage assumes the invariants
// of the polyhedra stage, when that stage's fixpoint finished, instead of
// computing them again; they are asked for main's loop heads only, and
// not shown to a user who did not ask for invariants.
func TestAutoPassesInvariantsToKind(t *testing.T) {
	prog, err := frontend.Parse("u.c", []byte(`extern int __VERIFIER_nondet_int(void); extern void reach_error(void);
int main() { int x = __VERIFIER_nondet_int(); while (x > 0) x--; if (x == 7) reach_error(); return 0; }`))
	if err != nil {
		t.Fatal(err)
	}
	var head *ir.Loc
	for _, l := range prog.Main.Locs {
		if l.LoopHead {
			head = l
		}
	}
	inv := []engine.Invariant{{Loc: head, Formula: &ir.BoolConst{V: true}}}
	defer func() { stageHook = nil }()
	for _, tc := range []struct {
		name   string
		reason engine.Reason // the polyhedra stage's
		want   []engine.Invariant
	}{
		{"finished", engine.NewReason(engine.Imprecise, "error reachable"), inv},
		{"timed out", engine.TimedOut, nil},
	} {
		var got []engine.Invariant
		kindRan := false
		stageHook = func(p *ir.Program, c Config) (*Result, error) {
			r := &Result{Result: engine.Result{Verdict: engine.Unknown, Reason: engine.NewReason(engine.Undecided, "stub")}}
			switch {
			case c.Engine == Absint && c.Interp.Numeric == "polyhedra":
				if !c.Interp.Invariants || c.Interp.InvariantsAt == nil || !c.Interp.InvariantsAt(head) {
					t.Errorf("%s: the polyhedra stage was not asked for the loop head's invariant", tc.name)
				}
				r.Reason, r.Invariants, r.Error = tc.reason, inv, head // the answer kept when none decides
				r.Fixpoint = &interp.Result{Invariants: []interp.LocInvariant{{Invariant: inv[0], Text: "true"}}}
			case c.Engine == KInduction:
				kindRan, got = true, c.BMC.Given
			}
			return r, nil
		}
		cfg := Config{Interp: interp.DefaultConfig(), Engine: Auto}
		cfg.Interp.Deadline = time.Now().Add(2 * time.Second)
		r, err := Run(prog, cfg)
		if err != nil {
			t.Fatal(err)
		}
		if !kindRan {
			t.Fatalf("%s: no kind stage", tc.name)
		}
		if len(got) != len(tc.want) || (len(got) > 0 && got[0] != tc.want[0]) {
			t.Errorf("%s: kind was given %v, want %v", tc.name, got, tc.want)
		}
		if r.Fixpoint == nil {
			t.Fatalf("%s: the polyhedra stage's answer was not kept", tc.name)
		}
		if len(r.Invariants) > 0 || len(r.Fixpoint.Invariants) > 0 {
			t.Errorf("%s: invariants nobody asked for in the answer", tc.name)
		}
	}
}

// TestStagesForGhostCells checks the order of the stages: unchanged for
// a program without ghost cells, the predicate-partitioned stage second
// (and the others in their order) for one with them.
func TestStagesForGhostCells(t *testing.T) {
	prog := ir.NewProgram("p.c", "c")
	names := func(ss []autoStage) []string {
		var out []string
		for _, s := range ss {
			out = append(out, s.name)
		}
		return out
	}
	plain := names(stagesFor(prog))
	if !slices.Equal(plain, names(autoStages)) {
		t.Fatalf("without ghost cells: %v, want %v", plain, names(autoStages))
	}
	prog.Plain = ir.NewProgram("p.c", "c")
	ghost := names(stagesFor(prog))
	if len(ghost) != len(plain) || ghost[1] != partitionedStage {
		t.Fatalf("with ghost cells: %v, want %q second", ghost, partitionedStage)
	}
	rest := slices.DeleteFunc(slices.Clone(plain), func(s string) bool { return s == partitionedStage })
	if got := slices.DeleteFunc(slices.Clone(ghost), func(s string) bool { return s == partitionedStage }); !slices.Equal(got, rest) {
		t.Errorf("with ghost cells the other stages are %v, want %v", got, rest)
	}
}

// TestAutoSearchKeepsTheDeadline: on a program with ghost cells whose
// runs are long, the first search stage may take arraySearch, but never
// past the run's deadline (it did: a 2 s run took 3.6 s and was
// abandoned by the guard).
func TestAutoSearchKeepsTheDeadline(t *testing.T) {
	prog, err := frontend.Parse("a.c", []byte(`extern int __VERIFIER_nondet_int(void); extern void reach_error(void);
int main() { int a[100000];
  for (int j = 0; j < 100000; j++) a[j] = __VERIFIER_nondet_int();
  long s = 0;
  for (int i = 0; i < 100000; i++) for (int k = 0; k < 100000; k++) s += a[i] < a[k];
  if (s < 0) reach_error();
  return 0; }`))
	if err != nil {
		t.Fatal(err)
	}
	if prog.Plain == nil {
		t.Fatal("no ghost cells: the test needs them")
	}
	defer func() { stageHook = nil }()
	stageHook = func(p *ir.Program, c Config) (*Result, error) {
		return &Result{Result: engine.Result{Verdict: engine.Unknown, Reason: engine.NewReason(engine.Undecided, "stub")}}, nil
	}
	cfg := Config{Interp: interp.DefaultConfig(), Engine: Auto, Search: true}
	t0 := time.Now()
	cfg.Interp.Deadline = t0.Add(3 * time.Second)
	if _, err := Run(prog, cfg); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(t0); d > 4*time.Second {
		t.Fatalf("a run with a 3 s deadline took %v", d)
	}
}
