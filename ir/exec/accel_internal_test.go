package exec

import (
	"math/rand/v2"
	"testing"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// randAccelProgram returns a random program of translation loops, the
// kind accel.go jumps: main sets its variables (some from inputs), then
// runs one or two loops whose heads test conjunctions of random atoms and
// whose bodies add constants to variables along branches that may leave
// the loop, reach an error or take another cycle; a second loop may be
// nested in the first. Values are kept small enough for the reference
// Machine to run every iteration.
func randAccelProgram(rng *rand.Rand) *ir.Program {
	p := ir.NewProgram("accel", "lp")
	main := p.NewFunc("main", ir.Pos{})
	u8 := ir.IntType{Name: "unsigned char", Bits: 8}
	vars := []*ir.Var{main.NewLocal("x", ir.Unbounded, ir.Pos{}), main.NewLocal("y", ir.Unbounded, ir.Pos{}),
		main.NewLocal("z", ir.Unbounded, ir.Pos{}), main.NewLocal("c", u8, ir.Pos{})}
	v := func() *ir.Var { return vars[rng.IntN(len(vars))] }
	small := func(n int64) int64 { return rng.Int64N(2*n+1) - n }
	atom := func() ir.Cond {
		if rng.IntN(6) == 0 { // a disequality a translation may run into
			e := numeric.NewLinExpr(numeric.I(-rng.Int64N(150)), numeric.Term{Dim: numeric.Dim(v().ID), Coef: numeric.I(1)})
			return &ir.Not{X: ir.NewAtom(numeric.NewConstraint(e, numeric.EQ))}
		}
		terms := []numeric.Term{{Dim: numeric.Dim(v().ID), Coef: numeric.I([]int64{1, -1, 2, -3}[rng.IntN(4)])}}
		if rng.IntN(3) == 0 {
			w := v()
			if numeric.Dim(w.ID) != terms[0].Dim {
				terms = append(terms, numeric.Term{Dim: numeric.Dim(w.ID), Coef: numeric.I(small(2) | 1)})
			}
		}
		e := numeric.NewLinExpr(numeric.I(small(300)), terms...)
		kind := numeric.LE
		if rng.IntN(5) == 0 {
			kind = numeric.EQ
		}
		var c ir.Cond = ir.NewAtom(numeric.NewConstraint(e, kind))
		if rng.IntN(4) == 0 {
			c = &ir.Not{X: c}
		}
		return c
	}
	cond := func() ir.Cond {
		if rng.IntN(2) == 0 {
			return atom()
		}
		return &ir.And{Xs: []ir.Cond{atom(), atom()}}
	}
	translate := func() ir.Op {
		x := v()
		d := []int64{1, -1, 1, 2, -3, 0}[rng.IntN(6)]
		if rng.IntN(4) == 0 {
			y := v()
			if y != x {
				return &ir.Assign{Lhs: []*ir.Var{x, y}, Rhs: []numeric.LinExpr{numeric.Var(numeric.Dim(x.ID)).AddConst(numeric.I(d)),
					numeric.Var(numeric.Dim(y.ID)).AddConst(numeric.I(small(3)))}}
			}
		}
		switch rng.IntN(10) {
		case 0: // not a translation: no static cycle; a trace may still repeat
			return ir.NewAssign(x, numeric.Var(numeric.Dim(x.ID)).Scale(numeric.I(2)))
		case 1: // a reset: traced iterations repeat it
			return ir.NewAssign(x, numeric.Const(small(5)))
		case 2: // a copy: affine along a trace
			return ir.NewAssign(x, numeric.Var(numeric.Dim(v().ID)).AddConst(numeric.I(small(2))))
		}
		return ir.NewAssign(x, numeric.Var(numeric.Dim(x.ID)).AddConst(numeric.I(d)))
	}
	errLoc := main.NewLoc(ir.Error, ir.Pos{})
	at := main.NewLoc(ir.Normal, ir.Pos{})
	main.AddEdge(main.Entry, at, &ir.Skip{}, ir.Pos{})
	for _, x := range vars {
		next := main.NewLoc(ir.Normal, ir.Pos{})
		if rng.IntN(4) == 0 {
			main.AddEdge(at, next, &ir.Havoc{Var: x, Range: numeric.Range{Lo: numeric.BoundDown(numeric.I(0)), Hi: numeric.BoundUp(numeric.I(200))}, Input: "nondet"}, ir.Pos{})
		} else {
			main.AddEdge(at, next, ir.NewAssign(x, numeric.Const(rng.Int64N(100))), ir.Pos{})
		}
		at = next
	}
	// loop builds a loop from head to exit; inner, when set, builds a loop
	// nested in its body.
	var loop func(head, exit *ir.Loc, depth int)
	loop = func(head, exit *ir.Loc, depth int) {
		body := main.NewLoc(ir.Normal, ir.Pos{})
		g := cond()
		main.AddEdge(head, body, &ir.Assume{Cond: g}, ir.Pos{})
		main.AddEdge(head, exit, &ir.Assume{Cond: ir.Negate(g)}, ir.Pos{})
		at := body
		for range 1 + rng.IntN(4) {
			next := main.NewLoc(ir.Normal, ir.Pos{})
			switch k := rng.IntN(10); {
			case k < 5:
				main.AddEdge(at, next, translate(), ir.Pos{})
			case k < 7: // a branch: to the error, out, or another cycle
				c := cond()
				other := []*ir.Loc{errLoc, exit, head}[rng.IntN(3)]
				if other == head {
					side := main.NewLoc(ir.Normal, ir.Pos{})
					main.AddEdge(at, side, &ir.Assume{Cond: c}, ir.Pos{})
					main.AddEdge(side, head, translate(), ir.Pos{})
				} else {
					main.AddEdge(at, other, &ir.Assume{Cond: c}, ir.Pos{})
				}
				main.AddEdge(at, next, &ir.Assume{Cond: ir.Negate(c)}, ir.Pos{})
			case k == 7 && depth == 0:
				inner := main.NewLoc(ir.Normal, ir.Pos{})
				x := v()
				main.AddEdge(at, inner, ir.NewAssign(x, numeric.Const(small(3))), ir.Pos{}) // the inner loop's counter, reset
				loop(inner, next, 1)
			case k == 8: // an overlapping choice
				main.AddEdge(at, next, &ir.Assume{Cond: cond()}, ir.Pos{})
				main.AddEdge(at, next, &ir.Assume{Cond: cond()}, ir.Pos{})
			default:
				main.AddEdge(at, next, &ir.Skip{}, ir.Pos{})
			}
			at = next
		}
		main.AddEdge(at, head, translate(), ir.Pos{})
	}
	for range 1 + rng.IntN(2) {
		head, exit := main.NewLoc(ir.Normal, ir.Pos{}), main.NewLoc(ir.Normal, ir.Pos{})
		main.AddEdge(at, head, &ir.Skip{}, ir.Pos{})
		loop(head, exit, 0)
		at = exit
	}
	c := cond()
	main.AddEdge(at, errLoc, &ir.Assume{Cond: c}, ir.Pos{})
	main.AddEdge(at, main.Exit, &ir.Assume{Cond: ir.Negate(c)}, ir.Pos{})
	main.MarkLoopHeads()
	return p
}

// TestAccelerationMatchesReference: runs that jump over iterations of
// translation loops end exactly as the reference Machine's, which takes
// every step: outcome, steps, inputs, final values.
func TestAccelerationMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	programs := 1500
	if testing.Short() {
		programs = 300
	}
	jumped, outcomes := 0, map[Outcome]int{}
	for i := 0; i < programs; i++ {
		p := randAccelProgram(rng)
		fast, ref := compileBoth(t, i, p)
		for j := 0; j < 4; j++ {
			seed := rng.Uint64()
			opt := Options{MaxSteps: 5000 + rng.IntN(10000), MaxDepth: 4}
			before := fast.jumps
			got := fast.Run(&limitOracle{rand.New(rand.NewPCG(seed, 1))}, opt)
			want := ref.Run(&limitOracle{rand.New(rand.NewPCG(seed, 1))}, opt)
			if d := sameResult(got, want); d != "" {
				t.Fatalf("program %d, run %d (%d jumps, steps %d/%d of %d): %s\n%s", i, j, fast.jumps-before, got.Steps, want.Steps, opt.MaxSteps, d, printed(p))
			}
			if fast.jumps > before {
				jumped++
			}
			outcomes[got.Outcome]++
		}
	}
	t.Logf("%d runs jumped; outcomes %v", jumped, outcomes)
	if jumped < programs/4 {
		t.Errorf("only %d runs jumped: the programs miss the loops acceleration is for", jumped)
	}
	for _, o := range []Outcome{Returned, ErrorReached, Blocked, StepLimit, Internal} {
		if outcomes[o] == 0 {
			t.Errorf("no run ended %v: the programs miss a case", o)
		}
	}
}
