package interp_test

import (
	"fmt"
	"math/rand"
	randv2 "math/rand/v2"
	"testing"
	"time"

	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/interp"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/ir/exec"
	"github.com/numpred/numpred/linprog"
	"github.com/numpred/numpred/numeric"
)

// TestTypedInvariantsSound: the typed invariants interp hands out (the
// domain's Gamma, over the program's variables) hold on the states of
// concrete runs. Random Linear Programs (genProgram) run with random
// inputs; at every location of main a run reaches, the invariant there
// must not evaluate to false on the values the run has determined (an
// atom over a variable the run has not set, or over another function's
// variable, counts as unknown).
func TestTypedInvariantsSound(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	domains := [][2]string{{"numeric", "polyhedra"}, {"nexpoint", "interval"}, {"nex", "octagon"}, {"mtndd", "interval"}, {"ndd", "octagon"}}
	programs := 12
	if testing.Short() {
		programs = 6
	}
	checked, nontrivial := 0, 0
	for i := 0; i < programs; i++ {
		src := genProgram(rng)
		p, err := linprog.Parse(fmt.Sprintf("inv%d.lp", i), []byte(src))
		if err != nil {
			t.Fatalf("generated program does not parse: %v\n%s", err, src)
		}
		var runs []exec.Result
		m := exec.New(p)
		for run := 0; run < 40; run++ {
			res := m.Run(exec.Random(randv2.New(randv2.NewPCG(uint64(run), 1)), 20), exec.Options{MaxSteps: 5000, MaxDepth: 30, RecordPath: true})
			runs = append(runs, res)
		}
		for _, d := range domains {
			cfg := interp.DefaultConfig()
			cfg.Domain, cfg.Numeric = d[0], d[1]
			cfg.Invariants = true
			cfg.Deadline = time.Now().Add(2 * time.Second)
			res, err := interp.Analyze(p, cfg)
			if err != nil {
				t.Fatalf("%s/%s: %v\n%s", d[0], d[1], err, src)
			}
			if res.Reason.Kind == engine.Timeout {
				continue
			}
			at := map[*ir.Loc]ir.Cond{}
			for _, li := range res.Invariants {
				if li.Loc.Func == p.Main {
					at[li.Loc] = li.Formula
					if len(ir.Atoms(li.Formula)) > 0 {
						nontrivial++
					}
				}
			}
			for _, run := range runs {
				known := map[int]numeric.Int{}
				for _, st := range run.Path {
					for _, b := range append(st.Initial, st.Assigned...) {
						known[b.Var.ID] = b.Value
					}
					if st.Depth != 0 {
						continue
					}
					if _, call := st.Edge.Op.(*ir.Call); call && !st.Return {
						continue // entering the callee
					}
					inv := at[st.Edge.To]
					if inv == nil {
						continue
					}
					point := make([]numeric.Int, len(p.Vars))
					for id, v := range known {
						point[id] = v
					}
					for j := range point {
						if _, ok := known[j]; !ok {
							point[j] = numeric.I(0)
						}
					}
					c := unknownAsNondet(p, inv, known)
					if v, det := ir.Eval(c, point); det && !v {
						t.Fatalf("UNSOUND invariant: %s/%s at main:%s is false on a run's state %v\n%s", d[0], d[1], st.Edge.To, known, src)
					}
					checked++
				}
			}
		}
	}
	if checked == 0 || nontrivial == 0 {
		t.Fatalf("%d states checked, %d non-trivial invariants", checked, nontrivial)
	}
	t.Logf("%d states checked against %d non-trivial invariants", checked, nontrivial)
}

// unknownAsNondet replaces each atom of c over a variable the run has
// not determined, or that is neither global nor main's, by Nondet.
func unknownAsNondet(p *ir.Program, c ir.Cond, known map[int]numeric.Int) ir.Cond {
	switch c := c.(type) {
	case *ir.Atom:
		for _, term := range c.C.Expr().Terms() {
			v := p.Vars[term.Dim]
			if _, ok := known[v.ID]; !ok || (v.Scope != ir.Global && v.Func != p.Main) {
				return &ir.Nondet{}
			}
		}
		return c
	case *ir.Not:
		return &ir.Not{X: unknownAsNondet(p, c.X, known)}
	case *ir.And:
		xs := make([]ir.Cond, len(c.Xs))
		for i, x := range c.Xs {
			xs[i] = unknownAsNondet(p, x, known)
		}
		return &ir.And{Xs: xs}
	case *ir.Or:
		xs := make([]ir.Cond, len(c.Xs))
		for i, x := range c.Xs {
			xs[i] = unknownAsNondet(p, x, known)
		}
		return &ir.Or{Xs: xs}
	}
	return c
}
