package cgen

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// features counts the constructs of p that the issue asks the
// generator to cover.
func features(p *Program, count map[string]int) {
	type loopKind string
	var loops []loopKind
	var stmt func(s Stmt)
	var list func(ss []Stmt)
	var block func(b *Block)
	expr := func(e Expr) {
		walkExpr(e, func(e Expr) {
			switch e := e.(type) {
			case *Cast:
				count["cast"]++
			case *Cond:
				count["?:"]++
			case *Binary:
				count["op "+e.Op]++
				if e.Op == "&&" || e.Op == "||" {
					if a, _ := seqOK(e.Y); len(a.w)+len(a.cw) > 0 {
						count[e.Op+" with side effect on the right"]++
					}
				}
			case *Unary:
				count["unary "+e.Op]++
			case *Assign:
				count["assign "+e.Op]++
			case *IncDec:
				if e.Pre {
					count["pre "+e.Op]++
				} else {
					count["post "+e.Op]++
				}
			case *Call:
				if len(e.Args) >= 2 {
					count["call with several arguments"]++
				}
				if e.Deref {
					count["call through (*f)"]++
				}
				if e.Alt != nil {
					count["call through a chosen function pointer"]++
				}
			case *Comma:
				count["comma"]++
			case *Nondet:
				count["nondet"]++
			}
		})
	}
	stmt = func(s Stmt) {
		switch s := s.(type) {
		case *ExprStmt:
			expr(s.X)
		case *If:
			expr(s.C)
			if s.Else != nil {
				count["if/else"]++
			}
			block(s.Then)
			block(s.Else)
		case *For:
			switch {
			case s.Decl != nil:
				count["for with declaration"]++
			case s.InitX != nil:
				count["for with expression"]++
				if _, ok := s.InitX.(*Comma); ok {
					count["for comma in init"]++
				}
			default:
				count["for with empty init"]++
			}
			if s.Cond == nil {
				count["for with empty condition"]++
			} else if _, ok := s.Cond.(*Comma); ok {
				count["for comma in condition"]++
			}
			if s.Post == nil {
				count["for with empty post"]++
			} else if _, ok := s.Post.(*Comma); ok {
				count["for comma in post"]++
			}
			if len(loops) > 0 {
				count["nested loop"]++
			}
			loops = append(loops, "for")
			block(s.Body)
			loops = loops[:len(loops)-1]
		case *While:
			expr(s.C)
			if len(loops) > 0 {
				count["nested loop"]++
			}
			loops = append(loops, "while")
			block(s.Body)
			loops = loops[:len(loops)-1]
		case *Do:
			count["do-while"]++
			loops = append(loops, "do")
			block(s.Body)
			loops = loops[:len(loops)-1]
			expr(s.C)
		case *Switch:
			expr(s.X)
			for i, c := range s.Cases {
				if c.Default && i < len(s.Cases)-1 {
					count["switch default in the middle"]++
				}
				if n := len(c.Body); i < len(s.Cases)-1 && (n == 0 || !isBreak(c.Body[n-1])) {
					count["switch fall-through"]++
				}
				loops = append(loops, "switch")
				list(c.Body)
				loops = loops[:len(loops)-1]
			}
		case *Continue:
			for i := len(loops) - 1; i >= 0; i-- {
				if loops[i] != "switch" {
					count["continue in "+string(loops[i])]++
					break
				}
			}
		case *Break:
			count["break"]++
		case *Goto:
			count["goto"]++
		case *Label:
			count["label"]++
		case *Return:
			expr(s.X)
		case *ReachError:
			count["reach_error"]++
		case *Nested:
			block(s.B)
		}
	}
	list = func(ss []Stmt) {
		for _, s := range ss {
			stmt(s)
		}
	}
	block = func(b *Block) {
		if b == nil {
			return
		}
		for _, d := range b.Decls {
			count[fmt.Sprintf("%s variable (%s)", d.V.Type, p.Model)]++
			expr(d.Init)
		}
		list(b.Stmts)
	}
	for _, g := range p.Globals {
		count[fmt.Sprintf("%s variable (%s)", g.Type, p.Model)]++
	}
	for _, f := range p.Funcs {
		if f.Depth != nil {
			count["recursive function"]++
		}
		if len(f.Params) >= 2 {
			count["function with several parameters"]++
		}
		block(f.Body)
	}
}

// earlyReturns counts the returns of p that are not the last statement
// of their function.
func earlyReturns(p *Program) int {
	n := 0
	for _, f := range p.Funcs {
		stmtLists(&Program{Funcs: []*Func{f}}, func(ss *[]Stmt) {
			for i, s := range *ss {
				if _, ok := s.(*Return); ok && (ss != &f.Body.Stmts || i < len(*ss)-1) {
					n++
				}
			}
		})
	}
	return n
}

func isBreak(s Stmt) bool { _, ok := s.(*Break); return ok }

// TestGeneratorCoverage checks that the first programs of the fast
// differential slice contain every construct the issue lists, each
// several times.
func TestGeneratorCoverage(t *testing.T) {
	count := map[string]int{}
	o := FuzzOptions{Seed: 1}
	for i := 0; i < 300; i++ {
		p, _ := o.Program(i)
		features(p, count)
		count["early return"] += earlyReturns(p)
	}
	want := []string{"for with declaration", "for with expression", "for with empty init",
		"for with empty condition", "for with empty post", "for comma in init", "for comma in condition",
		"for comma in post", "continue in for", "continue in while", "continue in do", "break", "do-while",
		"nested loop", "goto", "label", "switch fall-through", "switch default in the middle", "if/else",
		"cast", "?:", "&& with side effect on the right", "|| with side effect on the right",
		"pre ++", "pre --", "post ++", "post --", "op <<", "op >>", "op /", "op %", "op *", "op &", "op |", "op ^",
		"call with several arguments", "recursive function", "function with several parameters", "reach_error",
		"nondet", "comma", "early return", "unary -", "unary ~", "unary !",
		"call through (*f)", "call through a chosen function pointer"}
	for _, op := range []string{"=", "+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "|=", "^="} {
		want = append(want, "assign "+op)
	}
	for _, m := range []Model{LP64, ILP32} {
		for _, k := range allKinds {
			want = append(want, fmt.Sprintf("%s variable (%s)", k, m))
		}
	}
	for _, w := range want {
		if count[w] < 5 {
			t.Errorf("%q occurs %d times in 300 programs, want at least 5", w, count[w])
		}
	}
	if t.Failed() || testing.Verbose() {
		t.Logf("counts: %v", count)
	}
}

// TestTypes checks the usual arithmetic conversions in both data models
// against C's rules.
func TestTypes(t *testing.T) {
	cases := []struct {
		a, b Kind
		m    Model
		want Kind
	}{
		{Char, Short, LP64, Int}, {UChar, Bool, ILP32, Int}, {Int, UInt, LP64, UInt},
		{Long, UInt, LP64, Long}, {Long, UInt, ILP32, ULong}, {LLong, ULong, LP64, ULLong},
		{LLong, ULong, ILP32, LLong}, {ULLong, Int, LP64, ULLong}, {UShort, Long, ILP32, Long},
		{ULong, Int, ILP32, ULong}, {LLong, UInt, ILP32, LLong},
	}
	for _, c := range cases {
		if got := arith(c.a, c.b, c.m); got != c.want {
			t.Errorf("%s, %s under %s: %s, want %s", c.a, c.b, c.m, got, c.want)
		}
	}
}

// TestSeqOK checks the sequencing rules on expressions C leaves
// undefined or unspecified and on ones it defines.
func TestSeqOK(t *testing.T) {
	x := &Var{Name: "x", Type: Int}
	g := &Var{Name: "g", Type: Int, Global: true}
	f := &Func{Name: "f", Ret: Int, writes: varSet{g: true}, reads: varSet{g: true}}
	inc := func(v *Var) Expr { return &IncDec{V: v, Op: "++"} }
	call := &Call{F: f}
	h := &Func{Name: "h", Ret: Int, writes: varSet{halt: true}}
	cases := []struct {
		e  Expr
		ok bool
	}{
		{bin("+", inc(x), ref(x)), false},                          // x++ + x
		{&Assign{Op: "=", V: x, X: inc(x)}, false},                 // x = x++
		{&Assign{Op: "=", V: x, X: bin("+", ref(x), ci(1))}, true}, // x = x + 1
		{bin("&&", inc(x), ref(x)), true},                          // x++ && x
		{&Comma{X: inc(x), Y: ref(x)}, true},                       // x++, x
		{bin("+", ref(g), call), false},                            // g + f()
		{&Assign{Op: "=", V: g, X: call}, true},                    // g = f()
		{&Assign{Op: "+=", V: g, X: call}, false},                  // g += f()
		{bin("-", &Nondet{T: Int}, &Nondet{T: Int}), false},        // two inputs, unspecified order
		{&Call{F: f, Args: []Expr{inc(x), ref(x)}}, false},         // f(x++, x)
		{&Call{F: f, Args: []Expr{ref(g)}}, true},                  // f(g)
		{&Call{F: f, Args: []Expr{inc(x), &Call{F: h}}}, true},     // f(x++, h()): h may end the run, x is local
		{&Call{F: f, Args: []Expr{inc(g), &Call{F: h}}}, false},    // f(g++, h()): g may change before the end or not
		{bin("+", &Call{F: h}, &Call{F: f}), false},                // h() + f(): f writes g
		{&Assign{Op: "=", V: g, X: &Call{F: h}}, true},             // g = h(): the store comes after h returns
	}
	for i, c := range cases {
		if _, ok := seqOK(c.e); ok != c.ok {
			t.Errorf("case %d (%s): seqOK = %v, want %v", i, (&printer{}).expr(c.e), ok, c.ok)
		}
	}
}

// TestGenerateDeterministic checks that a program depends only on its
// seed, so that a reported program can be generated again.
func TestGenerateDeterministic(t *testing.T) {
	for i := 0; i < 20; i++ {
		a := Generate(rand.New(rand.NewPCG(5, uint64(i))), DefaultConfig(LP64)).Source()
		b := Generate(rand.New(rand.NewPCG(5, uint64(i))), DefaultConfig(LP64)).Source()
		if a != b {
			t.Fatalf("program %d differs between two generations", i)
		}
	}
}
