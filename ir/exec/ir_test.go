// This file runs hand-built IR programs: the corners of the semantics a
// front end rarely produces (parallel assignment, blocking, bad Defs, bad
// oracle answers, uninitialised reads, ambiguous branches, paths).

package exec_test

import (
	"strings"
	"testing"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/ir/exec"
	"github.com/numpred/numpred/numeric"
)

var tInt = ir.IntType{Name: "int", Bits: 32, Signed: true}

// chain builds main as a straight line of edges carrying ops, from Entry
// to Exit, and returns the program.
func chain(p *ir.Program, f *ir.Func, ops ...ir.Op) {
	from := f.Entry
	for i, op := range ops {
		to := f.Exit
		if i < len(ops)-1 {
			to = f.NewLoc(ir.Normal, ir.Pos{})
		}
		f.AddEdge(from, to, op, ir.Pos{File: "t", Line: i + 1})
		from = to
	}
}

func x(v *ir.Var) numeric.LinExpr { return ir.VarExpr(v) }

func atom(c numeric.Constraint) *ir.Assume { return &ir.Assume{Cond: ir.NewAtom(c)} }

func TestParallelAssign(t *testing.T) {
	p := ir.NewProgram("t", "lp")
	a, b := p.NewGlobal("a", tInt, ir.Pos{}), p.NewGlobal("b", tInt, ir.Pos{})
	f := p.NewFunc("main", ir.Pos{})
	chain(p, f,
		&ir.Assign{Lhs: []*ir.Var{a, b}, Rhs: []numeric.LinExpr{numeric.Const(1), numeric.Const(2)}},
		&ir.Assign{Lhs: []*ir.Var{a, b}, Rhs: []numeric.LinExpr{x(b), x(a).Add(x(b))}})
	res := exec.Run(p, exec.Inputs(), exec.Options{})
	if res.Outcome != exec.Returned || res.Value(a).String() != "2" || res.Value(b).String() != "3" {
		t.Fatalf("%v: a = %v, b = %v; want a = 2, b = 3", res.Outcome, res.Value(a), res.Value(b))
	}
	if res.Steps != 2 || res.HasRet {
		t.Errorf("steps %d, has ret %v; want 2 steps, no return value", res.Steps, res.HasRet)
	}
}

func TestBlocked(t *testing.T) {
	p := ir.NewProgram("t", "lp")
	a := p.NewGlobal("a", tInt, ir.Pos{})
	f := p.NewFunc("main", ir.Pos{})
	chain(p, f, ir.NewAssign(a, numeric.Const(3)), atom(numeric.Le(x(a), numeric.Const(2))))
	res := exec.Run(p, exec.Inputs(), exec.Options{})
	if res.Outcome != exec.Blocked || res.Loc == nil || res.Loc.Kind != ir.Normal || res.Steps != 1 {
		t.Fatalf("%v at %v after %d steps; want blocked at the assume after 1 step", res.Outcome, res.Loc, res.Steps)
	}
}

func TestDefInconsistent(t *testing.T) {
	full := tInt.Range()
	// -7 / 2 is -3 in C: a pin to -3 passes, a pin to floor (-4) is a
	// front-end bug, as is a range that excludes -3.
	for _, c := range []struct {
		name string
		rng  numeric.Range
		pin  func(q *ir.Var) numeric.Constraint
		want exec.Outcome
	}{
		{"consistent", full, func(q *ir.Var) numeric.Constraint { return numeric.Eq(x(q), numeric.Const(-3)) }, exec.Returned},
		{"contradicted", full, func(q *ir.Var) numeric.Constraint { return numeric.Eq(x(q), numeric.Const(-4)) }, exec.Internal},
		{"out of range", numeric.Range{Lo: numeric.B(0), Hi: numeric.B(10)}, func(q *ir.Var) numeric.Constraint { return numeric.Eq(x(q), numeric.Const(-3)) }, exec.Internal},
	} {
		p := ir.NewProgram("t", "c")
		a := p.NewGlobal("a", tInt, ir.Pos{})
		f := p.NewFunc("main", ir.Pos{})
		q := f.NewLocal("q", tInt, ir.Pos{})
		def := &ir.Def{Op: ir.DefDiv, X: x(a), Y: numeric.Const(2), Type: tInt}
		chain(p, f, ir.NewAssign(a, numeric.Const(-7)), &ir.Havoc{Var: q, Range: c.rng, Def: def}, atom(c.pin(q)))
		res := exec.Run(p, exec.Inputs(), exec.Options{})
		if res.Outcome != c.want {
			t.Errorf("%s: %v (%v), want %v", c.name, res.Outcome, res.Err, c.want)
			continue
		}
		if c.want == exec.Internal && (res.Err == nil || !strings.Contains(res.Err.Error(), "main::q = -3")) {
			t.Errorf("%s: error %v does not name the value", c.name, res.Err)
		}
		if c.want == exec.Returned && res.Value(q).String() != "-3" {
			t.Errorf("%s: q = %v, want -3", c.name, res.Value(q))
		}
	}
}

func TestOracleAnswersChecked(t *testing.T) {
	p := ir.NewProgram("t", "c")
	f := p.NewFunc("main", ir.Pos{})
	u := f.NewLocal("u", ir.IntType{Name: "unsigned char", Bits: 8}, ir.Pos{})
	chain(p, f, &ir.Havoc{Var: u, Range: u.Type.Range(), Input: "__VERIFIER_nondet_uchar"})
	if res := exec.Run(p, exec.Inputs(ints(255)...), exec.Options{}); res.Outcome != exec.Returned {
		t.Errorf("input 255: %v (%v), want returned", res.Outcome, res.Err)
	}
	res := exec.Run(p, exec.Inputs(ints(256)...), exec.Options{})
	if res.Outcome != exec.Internal || res.Err == nil || res.Edge == nil {
		t.Errorf("input 256: %v (%v) at edge %v, want internal at the havoc", res.Outcome, res.Err, res.Edge)
	}
	res = exec.Run(p, exec.Inputs(), exec.Options{})
	if res.Outcome != exec.InputsExhausted || res.Edge == nil {
		t.Errorf("no input: %v, want inputs exhausted", res.Outcome)
	}
}

// fixed answers every arbitrary value with v and every choice with c.
type fixed struct {
	v      int64
	c      int
	asked  []string // variables asked for, in order
	chosen int
}

func (o *fixed) Input(h *ir.Havoc, _ *ir.Edge) (numeric.Int, bool) { return numeric.I(o.v), true }
func (o *fixed) Arbitrary(h *ir.Havoc, _ *ir.Edge) numeric.Int {
	o.asked = append(o.asked, h.Var.Qual)
	return numeric.I(o.v)
}
func (o *fixed) Choose(_ *ir.Loc, enabled []*ir.Edge) (int, bool) {
	o.chosen++
	return o.c, true
}

func TestUninitialisedReads(t *testing.T) {
	// f reads its local l before writing it, then sets it to 5: each call
	// must see a fresh arbitrary value, not the previous call's 5.
	p := ir.NewProgram("t", "c")
	g := p.NewGlobal("g", tInt, ir.Pos{})
	f := p.NewFunc("f", ir.Pos{})
	l := f.NewLocal("l", tInt, ir.Pos{})
	f.NewRet(tInt, ir.Pos{})
	chain(p, f, &ir.Assign{Lhs: []*ir.Var{g}, Rhs: []numeric.LinExpr{x(g).Add(x(l))}},
		ir.NewAssign(l, numeric.Const(5)), &ir.Return{Value: x(l), HasValue: true})
	main := p.NewFunc("main", ir.Pos{})
	r := main.NewLocal("r", tInt, ir.Pos{})
	chain(p, main, ir.NewAssign(g, numeric.Const(0)),
		&ir.Call{Callee: f, Result: r}, &ir.Call{Callee: f, Result: r},
		&ir.Assign{Lhs: []*ir.Var{g}, Rhs: []numeric.LinExpr{x(g).Add(x(r))}})
	o := &fixed{v: 42}
	res := exec.Run(p, o, exec.Options{})
	if res.Outcome != exec.Returned || res.Value(g).String() != "89" {
		t.Fatalf("%v (%v): g = %v, want 42 + 42 + 5 = 89", res.Outcome, res.Err, res.Value(g))
	}
	if res.Arbitrary != 2 || strings.Join(o.asked, " ") != "f::l f::l" {
		t.Errorf("arbitrary %d, asked %v; want f::l twice", res.Arbitrary, o.asked)
	}
	// The Inputs oracle's arbitrary value is the least in magnitude.
	if res := exec.Run(p, exec.Inputs(), exec.Options{}); res.Value(g).String() != "5" {
		t.Errorf("with Inputs: g = %v, want 0 + 0 + 5", res.Value(g))
	}
}

func TestArbitraryHavocLeastMagnitude(t *testing.T) {
	p := ir.NewProgram("t", "c")
	a, b, c := p.NewGlobal("a", tInt, ir.Pos{}), p.NewGlobal("b", tInt, ir.Pos{}), p.NewGlobal("c", tInt, ir.Pos{})
	f := p.NewFunc("main", ir.Pos{})
	chain(p, f,
		&ir.Havoc{Var: a, Range: numeric.Range{Lo: numeric.B(3), Hi: numeric.B(10)}},
		&ir.Havoc{Var: b, Range: numeric.Range{Lo: numeric.B(-10), Hi: numeric.B(-4)}},
		&ir.Havoc{Var: c, Range: numeric.Range{Lo: numeric.B(-10), Hi: numeric.B(4)}})
	res := exec.Run(p, exec.Inputs(), exec.Options{})
	got := []string{res.Value(a).String(), res.Value(b).String(), res.Value(c).String()}
	if strings.Join(got, " ") != "3 -4 0" || res.Arbitrary != 3 || len(res.Inputs) != 0 {
		t.Errorf("values %v, arbitrary %d, inputs %d; want 3 -4 0, 3, 0", got, res.Arbitrary, len(res.Inputs))
	}
}

func TestAmbiguousChoice(t *testing.T) {
	// Two skips out of one location (a branch the front end does not
	// model) and two overlapping assumes: both are ambiguous choices.
	p := ir.NewProgram("t", "c")
	a := p.NewGlobal("a", tInt, ir.Pos{})
	f := p.NewFunc("main", ir.Pos{})
	mid := f.NewLoc(ir.Normal, ir.Pos{Line: 2})
	f.AddEdge(f.Entry, mid, ir.NewAssign(a, numeric.Const(1)), ir.Pos{})
	f.AddEdge(f.Entry, mid, ir.NewAssign(a, numeric.Const(2)), ir.Pos{})
	f.AddEdge(mid, f.Exit, atom(numeric.Ge(x(a), numeric.Const(1))), ir.Pos{})
	errLoc := f.NewLoc(ir.Error, ir.Pos{})
	f.AddEdge(mid, errLoc, atom(numeric.Ge(x(a), numeric.Const(2))), ir.Pos{})
	for _, c := range []struct {
		choices []int64
		want    exec.Outcome
		ambig   int
	}{
		{[]int64{0}, exec.Returned, 1},           // a = 1: only the exit edge
		{[]int64{1, 0}, exec.Returned, 2},        // a = 2: both enabled
		{[]int64{1, 1}, exec.ErrorReached, 2},    //
		{[]int64{1}, exec.InputsExhausted, 1},    //
		{[]int64{2}, exec.Internal, 0},           // no third edge
		{[]int64{1, -1}, exec.Internal, 1},       //
		{[]int64{1, 1, 7}, exec.ErrorReached, 2}, // surplus inputs are ignored
	} {
		res := exec.Run(p, exec.Inputs(ints(c.choices...)...), exec.Options{})
		if res.Outcome != c.want || res.Ambiguous != c.ambig {
			t.Errorf("choices %v: %v, %d ambiguous; want %v, %d", c.choices, res.Outcome, res.Ambiguous, c.want, c.ambig)
		}
		for _, in := range res.Inputs {
			if in.Source != exec.ChoiceSource || in.Func != "main" {
				t.Errorf("choices %v: recorded %+v", c.choices, in)
			}
		}
	}
}

func TestMalformed(t *testing.T) {
	p := ir.NewProgram("t", "c")
	if res := exec.Run(p, exec.Inputs(), exec.Options{}); res.Outcome != exec.Internal || res.Err == nil {
		t.Errorf("no main: %v (%v), want internal", res.Outcome, res.Err)
	}
	f := p.NewFunc("f", ir.Pos{})
	f.NewFormal("n", tInt, ir.Pos{})
	chain(p, f, &ir.Skip{})
	main := p.NewFunc("main", ir.Pos{})
	chain(p, main, &ir.Call{Callee: f})
	res := exec.Run(p, exec.Inputs(), exec.Options{})
	if res.Outcome != exec.Internal || res.Err == nil || !strings.Contains(res.Err.Error(), "arguments") {
		t.Errorf("arity mismatch: %v (%v), want internal", res.Outcome, res.Err)
	}
}

func TestRecordPath(t *testing.T) {
	// w's declaration is jumped over: it is read uninitialised, and the
	// value the run gives it is recorded as the step's Initial.
	p := parseC(t, decls+`
int g;
int sq(int v) { goto L; int w; L: g = w; return v * 3; }
int main() { int a = __VERIFIER_nondet_int(); int b = sq(a + 1); return b; }`)
	res := exec.Run(p, exec.Inputs(ints(4)...), exec.Options{RecordPath: true})
	if res.Outcome != exec.Returned || res.Ret.String() != "15" {
		t.Fatalf("%v, ret %v; want returned 15", res.Outcome, res.Ret)
	}
	var calls, returns, inner int
	sawInitial := false
	for _, s := range res.Path {
		c, isCall := s.Edge.Op.(*ir.Call)
		switch {
		case isCall && !s.Return:
			calls++
			if s.Depth != 0 || len(s.Assigned) != 1 || s.Assigned[0].Var.Qual != "sq::v" || s.Assigned[0].Value.String() != "5" {
				t.Errorf("call step %+v: want depth 0, sq::v = 5", s)
			}
		case isCall:
			returns++
			if s.Depth != 0 || len(s.Assigned) != 1 || s.Assigned[0].Var != c.Result || s.Assigned[0].Value.String() != "15" {
				t.Errorf("return step %+v: want depth 0, result 15", s)
			}
		case s.Edge.From.Func.Name == "sq":
			inner++
			if s.Depth != 1 {
				t.Errorf("step in sq at depth %d, want 1", s.Depth)
			}
			for _, b := range s.Initial {
				if b.Var.Qual == "sq::w" {
					sawInitial = true
				}
			}
		}
	}
	if calls != 1 || returns != 1 || inner == 0 || !sawInitial {
		t.Errorf("%d calls, %d returns, %d steps in sq, initial w recorded %v", calls, returns, inner, sawInitial)
	}
	if len(res.Path) != res.Steps+returns {
		t.Errorf("path of %d steps for %d edges and %d returns", len(res.Path), res.Steps, returns)
	}
	if len(res.Inputs) != 1 || res.Inputs[0].Source != "__VERIFIER_nondet_int" || res.Inputs[0].Pos.Line != 9 || res.Inputs[0].Func != "main" {
		t.Errorf("inputs %+v", res.Inputs)
	}
}

// TestIndeterminateHavocIsLazy: a havoc over the whole type (a
// declaration reached anew) counts as arbitrary only when its value is
// read before being overwritten.
func TestIndeterminateHavocIsLazy(t *testing.T) {
	for _, read := range []bool{false, true} {
		p := ir.NewProgram("t", "c")
		a, b := p.NewGlobal("a", tInt, ir.Pos{}), p.NewGlobal("b", tInt, ir.Pos{})
		f := p.NewFunc("main", ir.Pos{})
		ops := []ir.Op{ir.NewAssign(a, numeric.Const(1)), &ir.Havoc{Var: a, Range: tInt.Range()}}
		if read {
			ops = append(ops, ir.NewAssign(b, x(a)))
		}
		ops = append(ops, ir.NewAssign(a, numeric.Const(2)), ir.NewAssign(b, x(a)))
		chain(p, f, ops...)
		res := exec.Run(p, exec.Inputs(), exec.Options{})
		want := 0
		if read {
			want = 1
		}
		if res.Arbitrary != want || res.Value(b).String() != "2" {
			t.Errorf("read=%v: arbitrary %d (want %d), b = %s (want 2)", read, res.Arbitrary, want, res.Value(b))
		}
	}
}

// TestAssignedValueLeavesType: a value written outside its variable's
// type (by an Assign, a parallel Assign, an argument or a return value)
// is a front-end bug, reported as Internal: the front ends wrap
// explicitly, and bit-precise encodings keep values at their types'
// widths.
func TestAssignedValueLeavesType(t *testing.T) {
	uc := ir.IntType{Name: "unsigned char", Signed: false, Bits: 8}
	for _, c := range []struct {
		name string
		val  int64
		want exec.Outcome
	}{{"in range", 255, exec.Returned}, {"above", 256, exec.Internal}, {"below", -1, exec.Internal}} {
		p := ir.NewProgram("t", "c")
		f := p.NewFunc("main", ir.Pos{})
		u := f.NewLocal("u", uc, ir.Pos{})
		v := f.NewLocal("v", uc, ir.Pos{})
		for _, op := range []ir.Op{
			ir.NewAssign(u, numeric.Const(c.val)),
			&ir.Assign{Lhs: []*ir.Var{u, v}, Rhs: []numeric.LinExpr{numeric.Const(0), numeric.Const(c.val)}},
		} {
			chain(p, f, op)
			res := exec.Run(p, exec.Inputs(), exec.Options{})
			if res.Outcome != c.want {
				t.Errorf("%s: %v (%v), want %v", c.name, res.Outcome, res.Err, c.want)
			}
			if c.want == exec.Internal && (res.Err == nil || !strings.Contains(res.Err.Error(), "leaves its type")) {
				t.Errorf("%s: error %v", c.name, res.Err)
			}
			p = ir.NewProgram("t", "c")
			f = p.NewFunc("main", ir.Pos{})
			u = f.NewLocal("u", uc, ir.Pos{})
			v = f.NewLocal("v", uc, ir.Pos{})
		}
	}
}
