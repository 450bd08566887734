package interp

import (
	"testing"

	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/numeric/numerictest"
)

func atom(c numeric.Constraint) *ir.Assume { return &ir.Assume{Cond: ir.NewAtom(c)} }

// counter builds: x = 0; while (x < n) x++; if (x != n) error, with the
// error condition given by bad.
func counter(n int64, bad func(x numeric.LinExpr) numeric.Constraint) *ir.Program {
	p := ir.NewProgram("counter", "lp")
	f := p.NewFunc("main", ir.Pos{})
	x := f.NewLocal("x", ir.Unbounded, ir.Pos{})
	xe := ir.VarExpr(x)
	head, body, after, errl := f.NewLoc(ir.Normal, ir.Pos{}), f.NewLoc(ir.Normal, ir.Pos{}), f.NewLoc(ir.Normal, ir.Pos{}), f.NewLoc(ir.Error, ir.Pos{})
	f.AddEdge(f.Entry, head, ir.NewAssign(x, numeric.Const(0)), ir.Pos{})
	f.AddEdge(head, body, atom(numeric.Lt(xe, numeric.Const(n))), ir.Pos{})
	f.AddEdge(body, head, ir.NewAssign(x, xe.AddConst(numeric.I(1))), ir.Pos{})
	f.AddEdge(head, after, atom(numeric.Ge(xe, numeric.Const(n))), ir.Pos{})
	f.AddEdge(after, errl, atom(bad(xe)), ir.Pos{})
	f.AddEdge(after, f.Exit, &ir.Skip{}, ir.Pos{})
	f.MarkLoopHeads()
	return p
}

func numericCfg() Config {
	c := DefaultConfig()
	c.Domain = "numeric"
	return c
}

func TestCounterSafe(t *testing.T) {
	for _, n := range []int64{1, 10, 1000, 1000000} {
		p := counter(n, func(x numeric.LinExpr) numeric.Constraint { return numeric.Gt(x, numeric.Const(n)) })
		res, err := Analyze(p, numericCfg())
		if err != nil {
			t.Fatal(err)
		}
		if res.Verdict != engine.True {
			t.Errorf("n=%d: verdict %s (%s), want TRUE", n, res.Verdict, res.Reason)
		}
	}
}

func TestCounterUnsafe(t *testing.T) {
	p := counter(10, func(x numeric.LinExpr) numeric.Constraint { return numeric.Eq(x, numeric.Const(10)) })
	res, err := Analyze(p, numericCfg())
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != engine.Unknown || res.Error == nil || len(res.Trace) == 0 {
		t.Fatalf("verdict %s, error %v, trace %v; want UNKNOWN with a trace", res.Verdict, res.Error, res.Trace)
	}
	if last := res.Trace[len(res.Trace)-1].Edge.To; last != res.Error {
		t.Errorf("trace ends at %s, want the error location %s", last, res.Error)
	}
}

// recursive builds: dec(n) { if (n <= 0) return 0; return dec(n-1) + 1 }
// and main() { a = nondet; assume(a >= 0); r = dec(a); if (r < 0) error }.
func recursive() *ir.Program {
	p := ir.NewProgram("rec", "lp")
	m := p.NewFunc("main", ir.Pos{})
	dec := p.NewFunc("dec", ir.Pos{})
	n := dec.NewFormal("n", ir.Unbounded, ir.Pos{})
	t := dec.NewLocal("t", ir.Unbounded, ir.Pos{})
	dec.NewRet(ir.Unbounded, ir.Pos{})
	ne := ir.VarExpr(n)
	base, rec, after := dec.NewLoc(ir.Normal, ir.Pos{}), dec.NewLoc(ir.Normal, ir.Pos{}), dec.NewLoc(ir.Normal, ir.Pos{})
	dec.AddEdge(dec.Entry, base, atom(numeric.Le(ne, numeric.Const(0))), ir.Pos{})
	dec.AddEdge(base, dec.Exit, &ir.Return{Value: numeric.Const(0), HasValue: true}, ir.Pos{})
	dec.AddEdge(dec.Entry, rec, atom(numeric.Gt(ne, numeric.Const(0))), ir.Pos{})
	dec.AddEdge(rec, after, &ir.Call{Callee: dec, Args: []numeric.LinExpr{ne.AddConst(numeric.I(-1))}, Result: t}, ir.Pos{})
	dec.AddEdge(after, dec.Exit, &ir.Return{Value: ir.VarExpr(t).AddConst(numeric.I(1)), HasValue: true}, ir.Pos{})

	a := m.NewLocal("a", ir.Unbounded, ir.Pos{})
	r := m.NewLocal("r", ir.Unbounded, ir.Pos{})
	l1, l2, l3, errl := m.NewLoc(ir.Normal, ir.Pos{}), m.NewLoc(ir.Normal, ir.Pos{}), m.NewLoc(ir.Normal, ir.Pos{}), m.NewLoc(ir.Error, ir.Pos{})
	m.AddEdge(m.Entry, l1, &ir.Havoc{Var: a, Range: numeric.FullRange}, ir.Pos{})
	m.AddEdge(l1, l2, atom(numeric.Ge(ir.VarExpr(a), numeric.Const(0))), ir.Pos{})
	m.AddEdge(l2, l3, &ir.Call{Callee: dec, Args: []numeric.LinExpr{ir.VarExpr(a)}, Result: r}, ir.Pos{})
	m.AddEdge(l3, errl, atom(numeric.Lt(ir.VarExpr(r), numeric.Const(0))), ir.Pos{})
	m.AddEdge(l3, m.Exit, &ir.Skip{}, ir.Pos{})
	return p
}

func TestRecursionSummary(t *testing.T) {
	p := recursive()
	if err := ir.SanityCheck(p); err != nil {
		t.Fatal(err)
	}
	res, err := Analyze(p, numericCfg())
	if err != nil {
		t.Fatal(err)
	}
	if res.Verdict != engine.True {
		t.Fatalf("verdict %s (%s), want TRUE", res.Verdict, res.Reason)
	}
}

func TestTrivialDomainConformance(t *testing.T) {
	numerictest.Run[trivialVal](t, trivialDomain{}, numerictest.Config{})
}

// TestUncalledCaller covers a function that calls f but is never called
// itself: when f's summary changes it is queued as a caller, and must be
// skipped (it has no input), not analysed from a zero value.
func TestUncalledCaller(t *testing.T) {
	p := ir.NewProgram("uncalled", "lp")
	m := p.NewFunc("main", ir.Pos{})
	f := p.NewFunc("f", ir.Pos{})
	g := p.NewFunc("g", ir.Pos{})
	x := p.NewGlobal("x", ir.Unbounded, ir.Pos{})
	f.AddEdge(f.Entry, f.Exit, ir.NewAssign(x, numeric.Const(1)), ir.Pos{})
	m.AddEdge(m.Entry, m.Exit, &ir.Call{Callee: f}, ir.Pos{})
	gerr := g.NewLoc(ir.Error, ir.Pos{})
	mid := g.NewLoc(ir.Normal, ir.Pos{})
	g.AddEdge(g.Entry, mid, &ir.Call{Callee: f}, ir.Pos{})
	g.AddEdge(mid, gerr, &ir.Skip{}, ir.Pos{})
	for _, dom := range []string{"numeric", "nexpoint", "ndd"} {
		cfg := DefaultConfig()
		cfg.Domain = dom
		res, err := Analyze(p, cfg)
		if err != nil {
			t.Fatalf("%s: %v", dom, err)
		}
		if res.Verdict != engine.True {
			t.Errorf("%s: verdict %s (%s); g is never called, so its error is unreachable", dom, res.Verdict, res.Reason)
		}
	}
}
