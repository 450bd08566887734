package pathenc

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/numpred/numpred/cex"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/ir/exec"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/smt"
)

// The differential test of the SSA form: on small random programs, each
// path a random walk through them (calls and recursion included), the
// SSA form (and the exact check) is satisfiable exactly when some input
// vector makes ir/exec run along the path (every input vector of a small range tried). The
// programs stay in the fragment the form encodes exactly: linear
// assignments and conditions (disjunctions and disequalities included),
// inputs in small ranges, floor divisions by positive constants.

// genProgram returns a random program: main a chain of random edges from
// its entry to its exit (variables initialised first), and a recursive
// f(p) { if p <= 0 return p + 1; t := floor(p / 2); r := f(t); return r + p }
// or, with two edges out of its entry, the same with p >= 1 and p <= 3.
func genProgram(rng *rand.Rand) *ir.Program {
	prog := ir.NewProgram("gen", "test")
	var pos ir.Pos
	g := prog.NewGlobal("g", ir.Unbounded, pos)
	main := prog.NewFunc("main", pos)
	f := prog.NewFunc("f", pos)
	p := f.NewFormal("p", ir.Unbounded, pos)
	t := f.NewLocal("t", ir.Unbounded, pos)
	r := f.NewLocal("r", ir.Unbounded, pos)
	f.NewRet(ir.Unbounded, pos)
	v := func(x *ir.Var) numeric.LinExpr { return ir.VarExpr(x) }
	{
		l1, l2, l3, l4 := f.NewLoc(ir.Normal, pos), f.NewLoc(ir.Normal, pos), f.NewLoc(ir.Normal, pos), f.NewLoc(ir.Normal, pos)
		f.AddEdge(f.Entry, l1, &ir.Assume{Cond: ir.NewAtom(numeric.Le(v(p), numeric.Const(0)))}, pos)
		f.AddEdge(l1, f.Exit, &ir.Return{Value: v(p).AddConst(numeric.I(1)), HasValue: true}, pos)
		up := ir.Cond(ir.NewAtom(numeric.Ge(v(p), numeric.Const(1))))
		if rng.IntN(2) == 0 {
			up = &ir.And{Xs: []ir.Cond{up, ir.NewAtom(numeric.Le(v(p).Add(v(g)), numeric.Const(3)))}}
		}
		f.AddEdge(f.Entry, l2, &ir.Assume{Cond: up}, pos)
		f.AddEdge(l2, l3, &ir.Havoc{Var: t, Range: numeric.FullRange, Def: &ir.Def{Op: ir.DefFloorDiv, X: v(p), Y: numeric.Const(2), Type: ir.Unbounded}}, pos)
		f.AddEdge(l3, l4, &ir.Call{Callee: f, Args: []numeric.LinExpr{v(t)}, Result: r}, pos)
		f.AddEdge(l4, f.Exit, &ir.Return{Value: v(r).Add(v(p)), HasValue: true}, pos)
	}
	vars := []*ir.Var{g}
	for _, name := range []string{"a", "b", "c"} {
		vars = append(vars, main.NewLocal(name, ir.Unbounded, pos))
	}
	small := numeric.Range{Lo: numeric.B(-2), Hi: numeric.B(2)}
	expr := func() numeric.LinExpr {
		e := numeric.Const(int64(rng.IntN(5) - 2))
		for i := 0; i < 1+rng.IntN(2); i++ {
			e = e.Add(v(vars[rng.IntN(len(vars))]).Scale(numeric.I(int64(rng.IntN(5) - 2))))
		}
		return e
	}
	var cond func(depth int) ir.Cond
	cond = func(depth int) ir.Cond {
		switch n := rng.IntN(8); {
		case depth > 1 || n < 3:
			return ir.NewAtom(numeric.NewConstraint(expr(), []numeric.Kind{numeric.LE, numeric.EQ}[rng.IntN(2)]))
		case n < 4:
			return &ir.Not{X: cond(depth + 1)}
		case n < 6:
			return &ir.Or{Xs: []ir.Cond{cond(depth + 1), cond(depth + 1)}}
		default:
			return &ir.And{Xs: []ir.Cond{cond(depth + 1), cond(depth + 1)}}
		}
	}
	at := main.Entry
	add := func(op ir.Op) {
		next := main.NewLoc(ir.Normal, pos)
		main.AddEdge(at, next, op, pos)
		at = next
	}
	inputs := 0
	for _, x := range vars {
		if inputs < 2 && rng.IntN(2) == 0 {
			add(&ir.Havoc{Var: x, Range: small, Input: "nondet"})
			inputs++
		} else {
			add(ir.NewAssign(x, numeric.Const(int64(rng.IntN(7)-3))))
		}
	}
	for i := 0; i < 3+rng.IntN(5); i++ {
		x := vars[rng.IntN(len(vars))]
		switch rng.IntN(6) {
		case 0:
			add(ir.NewAssign(x, expr()))
		case 1, 2:
			add(&ir.Assume{Cond: cond(0)})
		case 3:
			if inputs < 4 {
				add(&ir.Havoc{Var: x, Range: small, Input: "nondet"})
				inputs++
			}
		case 4:
			m := int64(1 + rng.IntN(3))
			add(&ir.Havoc{Var: x, Range: numeric.FullRange, Def: &ir.Def{Op: ir.DefFloorDiv, X: expr(), Y: numeric.Const(m), Type: ir.Unbounded}})
		case 5:
			add(&ir.Call{Callee: f, Args: []numeric.LinExpr{expr()}, Result: x})
		}
	}
	main.AddEdge(at, main.Exit, &ir.Skip{}, pos)
	if err := ir.SanityCheck(prog); err != nil {
		panic(err)
	}
	return prog
}

// walk returns a random path from main's entry to its exit (calls
// entered, at most maxLen edges; nil when longer).
func walk(rng *rand.Rand, prog *ir.Program, maxLen int) []*ir.Edge {
	var path []*ir.Edge
	var stack []*ir.Edge
	at := prog.Main.Entry
	for len(path) < maxLen {
		if at == prog.Main.Exit {
			return path
		}
		e := at.Out[rng.IntN(len(at.Out))]
		path = append(path, e)
		switch {
		case isCall(e):
			stack = append(stack, e)
			at = e.Op.(*ir.Call).Callee.Entry
		case e.To.Kind == ir.Exit && len(stack) > 0:
			at = stack[len(stack)-1].To
			stack = stack[:len(stack)-1]
		default:
			at = e.To
		}
	}
	return nil
}

func isCall(e *ir.Edge) bool { _, ok := e.Op.(*ir.Call); return ok }

// feasible reports whether some input vector (each input in [-2, 2])
// makes prog run along path.
func feasible(prog *ir.Program, path []*ir.Edge) bool {
	n := 0
	for _, e := range path {
		if h, ok := e.Op.(*ir.Havoc); ok && h.Input != "" {
			n++
		}
	}
	m := exec.New(prog)
	ins := make([]numeric.Int, n)
	for c := 0; ; c++ {
		rest := c
		for i := range ins {
			ins[i] = numeric.I(int64(rest%5 - 2))
			rest /= 5
		}
		if rest > 0 {
			return false
		}
		steps := make([]cex.PathStep, len(path))
		k := 0
		for i, e := range path {
			steps[i].Edge = e
			if h, ok := e.Op.(*ir.Havoc); ok && h.Input != "" {
				steps[i].Value, steps[i].Input = ins[k], true
				k++
			}
		}
		res := m.Run(cex.Follow(steps), exec.Options{MaxSteps: 4 * len(path), RecordPath: true})
		var taken []*ir.Edge
		for _, s := range res.Path {
			if !s.Return {
				taken = append(taken, s.Edge)
			}
		}
		if res.Outcome == exec.Returned && slices.Equal(taken, path) {
			return true
		}
	}
}

// satisfiable reports whether the SSA form of path is satisfiable.
func satisfiable(t *testing.T, z *smt.Context, prog *ir.Program, path []*ir.Edge, opt Options) bool {
	p := New(prog, nil, opt)
	sol := z.NewSolver()
	defer sol.Close()
	for _, e := range path {
		d, err := p.Step(e)
		if err != nil {
			t.Fatal(err)
		}
		sol.Assert(Term(z, d, "v!"))
	}
	res, err := sol.Check()
	if err != nil {
		t.Fatal(err)
	}
	if res == smt.Unknown {
		t.Fatal("solver: unknown")
	}
	return res == smt.Sat
}

// mismatches returns the paths on which the SSA form and concrete
// execution disagree, over n random programs (after the first when
// first is set).
func mismatches(t *testing.T, n int, first bool) []string {
	z, err := smt.NewContext()
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	rng := rand.New(rand.NewPCG(33, 3))
	var out []string
	feas, infeas := 0, 0
	for i := 0; i < n && !(first && len(out) > 0); i++ {
		prog := genProgram(rng)
		for j := 0; j < 4; j++ {
			path := walk(rng, prog, 40)
			if path == nil {
				continue
			}
			want := feasible(prog, path)
			if want {
				feas++
			} else {
				infeas++
			}
			if got := satisfiable(t, z, prog, path, Options{}); got != want {
				var b []byte
				_ = ir.Print(writer{&b}, prog)
				out = append(out, fmt.Sprintf("program %d path %d: SSA satisfiable %v, feasible %v\n%s", i, j, got, want, b))
			}
			if c, err := Exact(context.Background(), z, prog, path); err != nil {
				t.Fatal(err)
			} else if (c.Status == smt.Sat) != want {
				out = append(out, fmt.Sprintf("program %d path %d: exact check %s, feasible %v", i, j, c.Status, want))
			}
			if want && !satisfiable(t, z, prog, path, Options{Cond: func(_ int, _ *ir.Edge, d DNF) DNF { return Common(d) }, InitRange: true}) {
				out = append(out, fmt.Sprintf("program %d path %d: a feasible path's weakened SSA form is unsatisfiable", i, j))
			}
		}
	}
	t.Logf("%d feasible and %d infeasible paths", feas, infeas)
	if !first && (feas < n/4 || infeas < n/4) {
		t.Errorf("too few paths of one kind: %d feasible, %d infeasible", feas, infeas)
	}
	return out
}

type writer struct{ b *[]byte }

func (w writer) Write(p []byte) (int, error) { *w.b = append(*w.b, p...); return len(p), nil }

// TestSSAAgainstExec compares the SSA form's satisfiability with
// concrete execution on random paths.
func TestSSAAgainstExec(t *testing.T) {
	n := 120
	if testing.Short() {
		n = 60
	}
	for _, m := range mismatches(t, n, false) {
		t.Error(m)
	}
}

// TestBrokenFloorDivIsCaught weakens the floor division's encoding and
// checks that the differential test notices.
func TestBrokenFloorDivIsCaught(t *testing.T) {
	breakFloorDiv = true
	defer func() { breakFloorDiv = false }()
	ms := mismatches(t, 300, true)
	if len(ms) == 0 {
		t.Error("a wrong floor division encoding went unnoticed")
	}
	t.Logf("caught %d mismatches; the first: %s", len(ms), ms[0])
}
