package bmc

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/interp"
	"github.com/numpred/numpred/ir"
)

// TestInvariantsTyped checks what k-induction takes from the abstract
// interpreter: typed invariants over the program's variables, of which
// the step case keeps those over globals and main's variables, and some
// must say something there (a fixpoint that handed out only true would
// silently weaken the step case).
func TestInvariantsTyped(t *testing.T) {
	files, _ := filepath.Glob("../testdata/engines/*.c")
	atoms := 0
	for _, f := range files {
		prog, err := frontend.Load(f)
		if err != nil {
			t.Fatal(err)
		}
		heads, why := stepApplicable(prog)
		if why != "" {
			continue
		}
		r := &runner{prog: prog, opt: DefaultOptions(), stats: &Stats{}}
		for _, num := range []string{"interval", "octagon", "polyhedra"} {
			cfg := interp.DefaultConfig()
			cfg.Numeric = num
			cfg.Invariants = true
			res, err := interp.Analyze(prog, cfg)
			if err != nil {
				t.Fatalf("%s %s: %v", f, num, err)
			}
			for _, li := range res.Invariants {
				if li.Formula == nil {
					t.Fatalf("%s %s at %s: no formula", f, num, li.Loc)
				}
				for _, c := range ir.Atoms(li.Formula) {
					for _, term := range c.Expr().Terms() {
						if int(term.Dim) >= len(prog.Vars) {
							t.Errorf("%s %s at %s: an atom over dimension %d, no program variable", f, num, li.Loc, term.Dim)
						}
					}
				}
			}
			for _, c := range r.headInvariants(heads, res.TypedInvariants()).atHeads(heads) {
				for _, a := range ir.Atoms(c) {
					if !r.mainOrGlobal(a) {
						t.Errorf("%s %s: an atom over a callee's variable at a loop head of main", f, num)
					}
					atoms++
				}
			}
		}
	}
	if atoms == 0 {
		t.Error("no invariant atom at main's loop heads")
	}
	t.Logf("%d atoms at main's loop heads", atoms)
}

// TestGivenInvariants: the step case assumes the invariants it is given
// (the default strategy passes its polyhedra stage's) instead of running
// the fixpoint: the interpreter's prove certifyLoop at k = 2, where true
// at the loop head does not.
func TestGivenInvariants(t *testing.T) {
	prog := loadC(t, certifyLoop)
	res := polyhedraInvariants(t, prog)
	head := loopHead(t, prog)
	for _, c := range []struct {
		given []engine.Invariant
		want  engine.Verdict
	}{
		{res.TypedInvariants(), engine.True},
		{[]engine.Invariant{{Loc: head, Formula: &ir.BoolConst{V: true}}}, engine.Unknown},
	} {
		opt := DefaultOptions()
		opt.Induction, opt.Unwind, opt.Given = true, 2, c.given
		opt.Interp = interp.Config{Domain: "no such domain"} // a fixpoint run would fail
		out, err := Run(context.Background(), prog, opt)
		if err != nil {
			t.Fatal(err)
		}
		if out.Verdict != c.want {
			t.Errorf("given %d invariants: %s (%s), want %s", len(c.given), out.Verdict, out.Reason, c.want)
		}
		if st := engine.StatsOf[*Stats](out); st.InterpTime != 0 || st.Invariants != 1 {
			t.Errorf("the fixpoint ran (%v) or the head has no invariant (%d)", st.InterpTime, st.Invariants)
		}
	}
}
