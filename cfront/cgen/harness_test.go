package cgen

import (
	"context"
	"math/big"
	"testing"
)

// prog returns a program with the given globals whose main runs stmts.
func prog(m Model, globals []*Var, stmts ...Stmt) *Program {
	stmts = append(stmts, &Return{X: ci(0)})
	return &Program{Model: m, Globals: globals, Funcs: []*Func{{Name: "main", Ret: Int, Body: &Block{Stmts: stmts}}}}
}

func assign(v *Var, x Expr) Stmt { return &ExprStmt{X: &Assign{Op: "=", V: v, X: x}} }

// both runs p on vec with gcc and through cfront and ir/exec.
func both(t *testing.T, p *Program, vec []int64) (gcc, irObs Observed) {
	t.Helper()
	h := &Harness{}
	if !h.Available() {
		t.Skip("gcc not available")
	}
	obs, err := h.Run(context.Background(), []*Program{p}, [][][]int64{{vec}})
	if err != nil {
		t.Fatal(err)
	}
	tr := translate(p)
	if tr.q == nil {
		t.Fatalf("%s\n%s", tr.why, p.Source())
	}
	o, inexact, err := runIR(tr.m, p, tr.q, vec)
	if err != nil || inexact {
		t.Fatalf("IR run: %v (inexact %v)", err, inexact)
	}
	return obs[0][0], o
}

// TestDataModels checks that the harness gives long its width in each
// data model (ILP32 is compiled with long spelled int) and that cfront
// agrees: unsigned long wraps at 2^32 only under ILP32.
func TestDataModels(t *testing.T) {
	for _, c := range []struct {
		m    Model
		want string
	}{{LP64, "4294967296"}, {ILP32, "0"}} {
		g := &Var{Name: "g", Type: ULong, Global: true, Init: big.NewInt(1<<32 - 1)}
		h := &Var{Name: "h", Type: Long, Global: true}
		p := prog(c.m, []*Var{g, h},
			assign(g, bin("+", ref(g), ci(1))),
			// -1 < 0u is false (unsigned comparison) under both models,
			// and -1L < 0u is true only under LP64, where long holds every
			// unsigned value.
			assign(h, bin("<", &Cast{T: Long, X: ci(-1)}, &Const{T: UInt, V: big.NewInt(0)})))
		gcc, irObs := both(t, p, nil)
		wantH := "0"
		if c.m == LP64 {
			wantH = "1"
		}
		if gcc.Outcome != Returned || gcc.Globals[0] != c.want || gcc.Globals[1] != wantH {
			t.Errorf("%s: gcc observes %v, want g = %s, h = %s", c.m, gcc, c.want, wantH)
		}
		if !sameObs(gcc, irObs) {
			t.Errorf("%s: gcc %v, IR %v", c.m, gcc, irObs)
		}
	}
}

// TestDiscardedNondet is the regression test of the first bug this
// tester found: a nondet call whose value is discarded still consumes an
// input, in C and in the IR.
func TestDiscardedNondet(t *testing.T) {
	g := &Var{Name: "g", Type: Int, Global: true}
	p := prog(LP64, []*Var{g}, &ExprStmt{X: &Nondet{T: Int}}, assign(g, &Nondet{T: Int}))
	gcc, irObs := both(t, p, []int64{1, 2})
	if gcc.Globals[0] != "2" || !sameObs(gcc, irObs) {
		t.Errorf("gcc %v, IR %v; want g = 2 in both", gcc, irObs)
	}
}

// TestHarnessCatchesFoldedOverflow is the regression test of a signed
// overflow that gcc's front end folded away before the sanitizer saw it
// ((2147483646 + p) >= 0 became p >= -2147483646): the run must be
// reported undefined, not compared.
func TestHarnessCatchesFoldedOverflow(t *testing.T) {
	g := &Var{Name: "g", Type: UChar, Global: true}
	x := &Var{Name: "x", Type: Int}
	p := prog(LP64, []*Var{g}, assign(g, &Cond{C: bin(">=", bin("+", ci(2147483646), ref(x)), ci(0)), X: ci(0), Y: ci(-2)}))
	p.Main().Body.Decls = []*Decl{{V: x, Init: &Nondet{T: Int}}}
	gcc, _ := both(t, p, []int64{5})
	if gcc.Outcome != Undefined {
		t.Errorf("gcc observes %v, want the overflow trapped (U)", gcc)
	}
	if gcc, irObs := both(t, p, []int64{-5}); !sameObs(gcc, irObs) || gcc.Globals[0] != "0" {
		t.Errorf("without overflow: gcc %v, IR %v; want g = 0", gcc, irObs)
	}
}

// TestIRCatchesNarrowedOverflow is the regression test of a signed
// overflow that gcc's sanitizer misses because gcc computes a result
// truncated at once in the narrow type (g = -(2147483647 - g) for a
// signed char g = -2 overflows int, yet the run ends normally): the IR
// run reports it, and the harness counts the run as undefined instead of
// comparing it (the soundness oracle then discards the task).
func TestIRCatchesNarrowedOverflow(t *testing.T) {
	g := &Var{Name: "g", Type: SChar, Global: true, Init: big.NewInt(-2)}
	p := prog(LP64, []*Var{g}, assign(g, &Unary{Op: "-", X: bin("-", ci(2147483647), ref(g))}))
	gcc, irObs := both(t, p, nil)
	if gcc.Outcome != Returned {
		t.Logf("gcc now traps it: %v", gcc)
	}
	if irObs.Outcome != Undefined {
		t.Fatalf("IR observes %v, want the overflow reported (U)", irObs)
	}
	var st Stats
	tr := translate(p)
	if m := compare(p, tr, [][]int64{nil}, []Observed{gcc}, &st); m != nil || st.Undefined != 1 {
		t.Errorf("compare: mismatch %v, %d undefined runs; want no mismatch and 1", m, st.Undefined)
	}
}

// size measures a program for the reducer: its statements, declarations,
// functions, globals and expression nodes, weighted so that every
// replacement the reducer makes is lighter than what it replaces.
func size(p *Program) int {
	n := len(p.Globals) + len(p.Funcs)
	stmtLists(p, func(ss *[]Stmt) { n += len(*ss) })
	for _, f := range p.Funcs {
		n += len(f.Body.Decls)
	}
	exprSlots(p, func(e *Expr) {
		switch x := (*e).(type) {
		case *Const:
			n++
			if x.V.Sign() != 0 || x.T != Int {
				n++
			}
		case *VarRef, *Assign, *Store, *Index, *Member, *Deref:
			n += 2
		case *IncDec, *Call, *Nondet, *StoreIncDec:
			n += 3
		default:
			n++
		}
	})
	return n
}

// TestEdits checks that every edit the reducer tries leaves the original
// alone and makes the program smaller, so that reduction ends.
func TestEdits(t *testing.T) {
	o := FuzzOptions{Seed: 3}
	for i := 0; i < 20; i++ {
		p, _ := o.Program(i)
		src, n := p.Source(), size(p)
		es := edits(p)
		if len(es) == 0 {
			t.Fatalf("program %d: no edit", i)
		}
		for _, q := range es {
			if m := size(q); m >= n {
				t.Fatalf("program %d: an edit does not shrink it (%d -> %d):\n%s\n%s", i, n, m, src, q.Source())
			}
		}
		if p.Source() != src {
			t.Fatalf("program %d: edits changed the original", i)
		}
	}
}
