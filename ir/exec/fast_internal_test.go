// This file checks the fast paths of compile.go and of the interpreter
// loop against the exact ones: compiled expressions, conditions and
// ranges against numeric and ir on values around the int64 limits, and
// whole runs of random programs against the reference Machine (the
// variable reference), which evaluates everything exactly and checks
// every read.

package exec

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// limitInt returns an integer drawn around the places where int64
// arithmetic goes wrong: 0, ±1, small values, the int64 limits, ±2^62
// (whose doubling overflows), ±2^32 (whose square does), random 64-bit
// patterns, and values just beyond int64.
func limitInt(rng *rand.Rand) numeric.Int {
	small := rng.Int64N(7) - 3
	switch rng.IntN(9) {
	case 0, 1:
		return numeric.I(small)
	case 2:
		return numeric.I(math.MaxInt64 - rng.Int64N(3))
	case 3:
		return numeric.I(math.MinInt64 + rng.Int64N(3))
	case 4:
		return numeric.I((1<<62)*(1-2*rng.Int64N(2)) + small)
	case 5:
		return numeric.I((1<<32)*(1-2*rng.Int64N(2)) + small)
	case 6:
		return numeric.I(int64(rng.Uint64()))
	case 7:
		return numeric.I(math.MaxInt64 / (2 + rng.Int64N(3)))
	}
	b := new(big.Int).Lsh(big.NewInt(1), 63+uint(rng.IntN(3)))
	b.Add(b, big.NewInt(small))
	if rng.IntN(2) == 0 {
		b.Neg(b)
	}
	return numeric.IntFromBig(b)
}

// randLin returns an expression over the variables vars with up to three
// terms and coefficients and constant from limitInt (or small ones).
func randLin(rng *rand.Rand, vars []numeric.Dim) numeric.LinExpr {
	coef := func() numeric.Int {
		if rng.IntN(2) == 0 {
			return numeric.I([]int64{1, -1, 2, -3}[rng.IntN(4)])
		}
		return limitInt(rng)
	}
	var ts []numeric.Term
	for range rng.IntN(4) {
		ts = append(ts, numeric.Term{Dim: vars[rng.IntN(len(vars))], Coef: coef()})
	}
	c := numeric.I(0)
	if rng.IntN(3) > 0 {
		c = limitInt(rng)
	}
	return numeric.NewLinExpr(c, ts...)
}

// randCond returns a condition over vars: atoms of randLin expressions,
// combined with Not, And and Or up to the given depth, with the odd
// constant and Nondet.
func randCond(rng *rand.Rand, vars []numeric.Dim, depth int) ir.Cond {
	k := rng.IntN(10)
	if depth == 0 {
		k = rng.IntN(6)
	}
	switch {
	case k < 3:
		return ir.NewAtom(numeric.NewConstraint(randLin(rng, vars), numeric.LE))
	case k < 5:
		return ir.NewAtom(numeric.NewConstraint(randLin(rng, vars), numeric.EQ))
	case k == 5:
		if rng.IntN(4) == 0 {
			return &ir.Nondet{}
		}
		return &ir.BoolConst{V: rng.IntN(2) == 0}
	case k == 6:
		return &ir.Not{X: randCond(rng, vars, depth-1)}
	}
	xs := make([]ir.Cond, rng.IntN(4))
	for i := range xs {
		xs[i] = randCond(rng, vars, depth-1)
	}
	if k < 8 {
		return &ir.And{Xs: xs}
	}
	return &ir.Or{Xs: xs}
}

// randPoint returns n values from limitInt.
func randPoint(rng *rand.Rand, n int) []numeric.Int {
	p := make([]numeric.Int, n)
	for i := range p {
		p[i] = limitInt(rng)
	}
	return p
}

// TestLinMatchesExact checks compiled expressions against
// numeric.LinExpr.Eval, and that both the int64 path and the fallback are
// exercised.
func TestLinMatchesExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	vars := []numeric.Dim{0, 1, 2, 3}
	fast, slow := 0, 0
	for i := 0; i < 200000; i++ {
		e := randLin(rng, vars)
		p := randPoint(rng, len(vars))
		l := compileLin(e)
		want := e.Eval(p)
		if v, ok := l.eval(p); ok {
			fast++
			if numeric.I(v).Cmp(want) != 0 {
				t.Fatalf("%s at %v: int64 path gives %d, exact %v", e.String(nil), p, v, want)
			}
		} else {
			slow++
		}
		if got := l.value(p); got.Cmp(want) != 0 {
			t.Fatalf("%s at %v: value gives %v, exact %v", e.String(nil), p, got, want)
		}
	}
	if fast < 20000 || slow < 20000 {
		t.Errorf("int64 path taken %d times, fallback %d: both should be common", fast, slow)
	}
}

// TestCondMatchesExact checks compiled conditions against ir.Eval.
func TestCondMatchesExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	vars := []numeric.Dim{0, 1, 2}
	thresholds := 0
	for i := 0; i < 100000; i++ {
		c := randCond(rng, vars, 3)
		cc := compileCond(c)
		if cc.op <= condVarEQ {
			thresholds++
		}
		for range 4 {
			p := randPoint(rng, len(vars))
			if rng.IntN(2) == 0 { // values near an atom's threshold
				k := limitInt(rng)
				for j := range p {
					p[j] = k.Add(numeric.I(rng.Int64N(3) - 1))
				}
			}
			v, det := cc.eval(p)
			wv, wdet := ir.Eval(c, p)
			if v != wv || det != wdet {
				t.Fatalf("%s at %v: compiled gives (%v, %v), ir.Eval (%v, %v)", ir.CondString(c, nil), p, v, det, wv, wdet)
			}
		}
	}
	if thresholds < 5000 {
		t.Errorf("only %d single-variable atoms became thresholds", thresholds)
	}
}

// TestSpanMatchesRange checks compiled ranges against
// numeric.Range.Contains.
func TestSpanMatchesRange(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	bound := func(inf numeric.Bound) numeric.Bound {
		if rng.IntN(4) == 0 {
			return inf
		}
		if v, ok := limitInt(rng).Int64(); ok {
			return numeric.B(v)
		}
		return numeric.B(math.MaxInt64)
	}
	ranges := []numeric.Range{numeric.FullRange, numeric.EmptyRange, ir.Unbounded.Range(), ir.Bool.Range()}
	for _, bits := range []int{8, 32, 64} {
		ranges = append(ranges, ir.IntType{Bits: bits, Signed: true}.Range(), ir.IntType{Bits: bits}.Range())
	}
	for i := 0; i < 100000; i++ {
		r := numeric.Range{Lo: bound(numeric.MinusInf), Hi: bound(numeric.PlusInf)}
		if i < len(ranges) {
			r = ranges[i]
		}
		s := compileRange(r)
		for range 4 {
			v := limitInt(rng)
			if s.contains(v) != r.Contains(v) {
				t.Fatalf("%v contains %v: compiled says %v", r, v, s.contains(v))
			}
		}
	}
}

// limitOracle answers inputs and arbitrary values with limitInt values in
// the havoc's range (or the least-magnitude value when it draws none) and
// choices uniformly.
type limitOracle struct{ rng *rand.Rand }

func (o *limitOracle) value(r numeric.Range) numeric.Int {
	for range 4 {
		if v := limitInt(o.rng); r.Contains(v) {
			return v
		}
	}
	return leastMagnitude(r)
}

func (o *limitOracle) Input(h *ir.Havoc, _ *ir.Edge) (numeric.Int, bool) {
	return o.value(h.Range), true
}

func (o *limitOracle) Arbitrary(h *ir.Havoc, _ *ir.Edge) numeric.Int { return o.value(h.Range) }

func (o *limitOracle) Choose(_ *ir.Loc, enabled []*ir.Edge) (int, bool) {
	return o.rng.IntN(len(enabled)), true
}

// randProgram returns a random program: main and a function g of two
// formals, which both call g (so g recurses), over unbounded globals and
// a 64-bit one, with random control flow whose edges carry every kind of
// operation on expressions and conditions from randLin and randCond.
// Locals are read before they are written (the reads the Oracle's
// Arbitrary answers).
func randProgram(rng *rand.Rand) *ir.Program {
	p := ir.NewProgram("rand", "lp")
	i64 := ir.IntType{Name: "long", Bits: 64, Signed: true}
	globals := []*ir.Var{p.NewGlobal("a", ir.Unbounded, ir.Pos{}), p.NewGlobal("b", ir.Unbounded, ir.Pos{}),
		p.NewGlobal("w", i64, ir.Pos{})}
	main := p.NewFunc("main", ir.Pos{})
	g := p.NewFunc("g", ir.Pos{})
	scope := map[*ir.Func][]*ir.Var{
		main: append(globals[:len(globals):len(globals)], main.NewLocal("m", ir.Unbounded, ir.Pos{})),
		g: append(globals[:len(globals):len(globals)], g.NewFormal("x", ir.Unbounded, ir.Pos{}),
			g.NewFormal("y", ir.Unbounded, ir.Pos{}), g.NewLocal("l", ir.Unbounded, ir.Pos{})),
	}
	g.NewRet(ir.Unbounded, ir.Pos{})
	main.NewRet(ir.Unbounded, ir.Pos{})
	defTypes := []ir.IntType{ir.Unbounded, i64, {Name: "int", Bits: 32, Signed: true}, {Name: "unsigned", Bits: 32},
		{Name: "unsigned long", Bits: 64}}
	for _, f := range []*ir.Func{main, g} {
		vs := scope[f]
		dims := make([]numeric.Dim, len(vs))
		for i, v := range vs {
			dims[i] = numeric.Dim(v.ID)
		}
		locs := []*ir.Loc{f.Entry}
		for range 3 + rng.IntN(5) {
			locs = append(locs, f.NewLoc(ir.Normal, ir.Pos{}))
		}
		targets := append(locs[1:len(locs):len(locs)], f.Exit, f.NewLoc(ir.Error, ir.Pos{}))
		to := func() *ir.Loc { return targets[rng.IntN(len(targets))] }
		v := func() *ir.Var { return vs[rng.IntN(len(vs))] }
		for _, l := range locs {
			switch k := rng.IntN(12); {
			case k < 3: // a deterministic branch
				c := randCond(rng, dims, 2)
				f.AddEdge(l, to(), &ir.Assume{Cond: c}, ir.Pos{})
				f.AddEdge(l, to(), &ir.Assume{Cond: ir.Negate(c)}, ir.Pos{})
			case k == 3: // conditions that may overlap or all fail
				for range 1 + rng.IntN(3) {
					f.AddEdge(l, to(), &ir.Assume{Cond: randCond(rng, dims, 2)}, ir.Pos{})
				}
			case k < 6:
				f.AddEdge(l, to(), ir.NewAssign(v(), randLin(rng, dims)), ir.Pos{})
			case k == 6:
				x, y := v(), v()
				if x == y {
					f.AddEdge(l, to(), &ir.Skip{}, ir.Pos{})
					break
				}
				f.AddEdge(l, to(), &ir.Assign{Lhs: []*ir.Var{x, y}, Rhs: []numeric.LinExpr{randLin(rng, dims), randLin(rng, dims)}}, ir.Pos{})
			case k == 7:
				x := v()
				h := &ir.Havoc{Var: x, Range: x.Type.Range()}
				if rng.IntN(3) > 0 {
					h.Input = "nondet"
				}
				f.AddEdge(l, to(), h, ir.Pos{})
			case k == 8:
				x := v()
				t := defTypes[rng.IntN(len(defTypes))]
				d := &ir.Def{Op: ir.DefOp(rng.IntN(int(ir.DefXor) + 1)), Type: t, X: randLin(rng, dims), Y: randLin(rng, dims)}
				if d.Op == ir.DefShl || d.Op == ir.DefShr {
					d.Y = numeric.Const(rng.Int64N(70))
				}
				f.AddEdge(l, to(), &ir.Havoc{Var: x, Range: x.Type.Range(), Def: d}, ir.Pos{})
			case k < 11:
				c := &ir.Call{Callee: g, Args: []numeric.LinExpr{randLin(rng, dims), randLin(rng, dims)}}
				if rng.IntN(3) > 0 {
					c.Result = v()
				}
				f.AddEdge(l, to(), c, ir.Pos{})
			default:
				f.AddEdge(l, f.Exit, &ir.Return{Value: randLin(rng, dims), HasValue: rng.IntN(4) > 0}, ir.Pos{})
			}
		}
	}
	return p
}

// sameResult returns how a and b differ, or "" when they are the same
// run (errors compared by text, values by Cmp).
func sameResult(a, b Result) string {
	switch {
	case a.Outcome != b.Outcome || a.Loc != b.Loc || a.Edge != b.Edge:
		return fmt.Sprintf("ended %v at %v (%v), reference %v at %v (%v)", a.Outcome, a.Loc, a.Err, b.Outcome, b.Loc, b.Err)
	case fmt.Sprint(a.Err) != fmt.Sprint(b.Err):
		return fmt.Sprintf("error %v, reference %v", a.Err, b.Err)
	case a.Steps != b.Steps || a.Arbitrary != b.Arbitrary || a.Ambiguous != b.Ambiguous || a.HasRet != b.HasRet:
		return fmt.Sprintf("steps, arbitrary, ambiguous, has ret %d %d %d %v, reference %d %d %d %v",
			a.Steps, a.Arbitrary, a.Ambiguous, a.HasRet, b.Steps, b.Arbitrary, b.Ambiguous, b.HasRet)
	case a.Ret.Cmp(b.Ret) != 0:
		return fmt.Sprintf("returned %v, reference %v", a.Ret, b.Ret)
	case !reflect.DeepEqual(a.Inputs, b.Inputs):
		return fmt.Sprintf("inputs %v, reference %v", a.Inputs, b.Inputs)
	case !reflect.DeepEqual(a.Vals, b.Vals):
		return fmt.Sprintf("values %v, reference %v", a.Vals, b.Vals)
	case len(a.Path) != len(b.Path):
		return fmt.Sprintf("path of %d steps, reference %d", len(a.Path), len(b.Path))
	}
	for i := range a.Path {
		if !reflect.DeepEqual(a.Path[i], b.Path[i]) {
			return fmt.Sprintf("path step %d: %+v, reference %+v", i, a.Path[i], b.Path[i])
		}
	}
	return ""
}

// TestRunsMatchReference runs random programs on random values around
// the int64 limits with the compiled Machine and with the reference one
// and requires the same runs: outcome, steps, inputs, values and path.
func TestRunsMatchReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	programs, runs := 1500, 8
	if testing.Short() {
		programs = 300
	}
	outcomes := map[Outcome]int{}
	branches := map[brKind]int{}
	for i := 0; i < programs; i++ {
		p := randProgram(rng)
		fast, ref := compileBoth(t, i, p)
		for _, f := range fast.funcs {
			for _, l := range f.locs {
				branches[l.br]++
			}
		}
		for j := 0; j < runs; j++ {
			seed := rng.Uint64()
			opt := Options{MaxSteps: 400, MaxDepth: 6, RecordPath: j%2 == 0}
			got := fast.Run(&limitOracle{rand.New(rand.NewPCG(seed, 1))}, opt)
			want := ref.Run(&limitOracle{rand.New(rand.NewPCG(seed, 1))}, opt)
			if d := sameResult(got, want); d != "" {
				t.Fatalf("program %d, run %d: %s\n%s", i, j, d, printed(p))
			}
			outcomes[got.Outcome]++
		}
	}
	t.Logf("outcomes: %v; locations by branch kind: %v", outcomes, branches)
	for k := brVarLE; k <= brLinEQ; k++ {
		if branches[k] == 0 {
			t.Errorf("no location compiled as a branch of kind %d", k)
		}
	}
	for _, o := range []Outcome{Returned, ErrorReached, Blocked, StepLimit, DepthLimit, Internal} {
		if outcomes[o] == 0 {
			t.Errorf("no run ended %v: the programs miss a case", o)
		}
	}
}

// compileBoth compiles program i, p, as the Machine runs it and as the
// reference Machine (exact everywhere, no jumps).
func compileBoth(t *testing.T, i int, p *ir.Program) (fast, ref *Machine) {
	t.Helper()
	fast = New(p)
	reference = true
	ref = New(p)
	reference = false
	if fast.err != nil {
		t.Fatalf("program %d: %v\n%s", i, fast.err, printed(p))
	}
	return fast, ref
}

// printed returns p printed, for failure messages.
func printed(p *ir.Program) string {
	var sb strings.Builder
	ir.Print(&sb, p)
	return sb.String()
}
