package ir

import (
	"strings"
	"testing"

	"github.com/numpred/numpred/numeric"
)

// buildCounter builds: g = 0; while (g < 10) g = g + 1; if (g != 10) error.
func buildCounter() *Program {
	p := NewProgram("counter.lp", "lp")
	g := p.NewGlobal("g", Unbounded, Pos{})
	f := p.NewFunc("main", Pos{Line: 1, Col: 1})
	head := f.NewLoc(Normal, Pos{Line: 2, Col: 1})
	body := f.NewLoc(Normal, Pos{Line: 3, Col: 1})
	after := f.NewLoc(Normal, Pos{Line: 4, Col: 1})
	errl := f.NewLoc(Error, Pos{Line: 5, Col: 1})
	x := VarExpr(g)
	f.AddEdge(f.Entry, head, NewAssign(g, numeric.Const(0)), Pos{Line: 1, Col: 5})
	f.AddEdge(head, body, &Assume{Cond: NewAtom(numeric.Lt(x, numeric.Const(10)))}, Pos{Line: 2, Col: 8})
	f.AddEdge(body, head, NewAssign(g, x.AddConst(numeric.I(1))), Pos{Line: 3, Col: 3})
	f.AddEdge(head, after, &Assume{Cond: Negate(NewAtom(numeric.Lt(x, numeric.Const(10))))}, Pos{Line: 2, Col: 8})
	notTen := Negate(NewAtom(numeric.Eq(x, numeric.Const(10))))
	f.AddEdge(after, errl, &Assume{Cond: notTen}, Pos{Line: 4, Col: 3})
	f.AddEdge(after, f.Exit, &Assume{Cond: Negate(notTen)}, Pos{Line: 4, Col: 3})
	f.MarkLoopHeads()
	return p
}

func TestPrintAndSanity(t *testing.T) {
	p := buildCounter()
	if err := SanityCheck(p); err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	if err := Print(&sb, p); err != nil {
		t.Fatal(err)
	}
	out := sb.String()
	for _, want := range []string{
		"L2 (loop)",
		"-> L3  [g <= 9]  @2:8",
		"-> L2  g := g + 1",
		"-> L5  [!(g = 10)]",
		"-> L4  [g >= 10]",
		"L5 (error)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("listing lacks %q:\n%s", want, out)
		}
	}
	if !p.Main.Locs[2].LoopHead || p.Main.Locs[3].LoopHead {
		t.Errorf("loop heads wrong")
	}
	sb.Reset()
	if err := Dot(&sb, p); err != nil || !strings.Contains(sb.String(), "shape=octagon") {
		t.Errorf("dot output wrong: %v\n%s", err, sb.String())
	}
}

func TestSanityCatchesBadCall(t *testing.T) {
	p := buildCounter()
	callee := p.NewFunc("f", Pos{})
	callee.NewFormal("a", Unbounded, Pos{})
	callee.AddEdge(callee.Entry, callee.Exit, &Skip{}, Pos{})
	p.Main.AddEdge(p.Main.Entry, p.Main.Exit, &Call{Callee: callee}, Pos{})
	if err := SanityCheck(p); err == nil || !strings.Contains(err.Error(), "takes 1 arguments") {
		t.Fatalf("want arity error, got %v", err)
	}
}

func TestIntTypeRanges(t *testing.T) {
	cases := []struct {
		t        IntType
		min, max string
	}{
		{IntType{Name: "int", Bits: 32, Signed: true}, "-2147483648", "2147483647"},
		{IntType{Name: "unsigned char", Bits: 8}, "0", "255"},
		{IntType{Name: "unsigned long long", Bits: 64}, "0", "18446744073709551615"},
		{Bool, "0", "1"},
	}
	for _, c := range cases {
		if c.t.Min().String() != c.min || c.t.Max().String() != c.max {
			t.Errorf("%s: got [%s, %s]", c.t.Name, c.t.Min(), c.t.Max())
		}
	}
	if r := (IntType{Name: "unsigned long long", Bits: 64}).Range(); !r.Hi.IsPlusInf() {
		t.Errorf("2^64-1 should round up to +oo, got %s", r)
	}
}

func TestEvalNondet(t *testing.T) {
	p := []numeric.Int{numeric.I(3)}
	c := &And{Xs: []Cond{NewAtom(numeric.Le(numeric.Var(0), numeric.Const(5))), &Nondet{}}}
	if _, det := Eval(c, p); det {
		t.Errorf("and with nondet should be undetermined")
	}
	if v, det := Eval(Negate(NewAtom(numeric.Le(numeric.Var(0), numeric.Const(2)))), p); !v || !det {
		t.Errorf("3 > 2 should hold")
	}
}

// TestSignedOverflowAgainstEnumeration: for every pair of 8-bit operands
// (and 32-bit ones around the int64 fast path's edges), SignedOverflow
// says whether the exact product or left shift leaves the signed type,
// as plain integer arithmetic decides.
func TestSignedOverflowAgainstEnumeration(t *testing.T) {
	i8 := IntType{Name: "signed char", Bits: 8, Signed: true}
	u8 := IntType{Name: "unsigned char", Bits: 8}
	for x := int64(-128); x <= 127; x++ {
		for y := int64(-128); y <= 127; y++ {
			mul := &Def{Op: DefMul, Type: i8}
			if got, want := mul.SignedOverflow(numeric.I(x), numeric.I(y)), x*y < -128 || x*y > 127; got != want {
				t.Fatalf("%d * %d: SignedOverflow %v, want %v", x, y, got, want)
			}
			if (&Def{Op: DefMul, Type: u8}).SignedOverflow(numeric.I(x), numeric.I(y)) {
				t.Fatalf("unsigned %d * %d: an overflow", x, y)
			}
			if y >= 0 && y < 8 {
				shl := &Def{Op: DefShl, Type: i8}
				r := x << y
				if got, want := shl.SignedOverflow(numeric.I(x), numeric.I(y)), x < 0 || r > 127; got != want {
					t.Fatalf("%d << %d: SignedOverflow %v, want %v", x, y, got, want)
				}
			}
		}
	}
	i32 := IntType{Name: "int", Bits: 32, Signed: true}
	for _, c := range []struct {
		x, y int64
		want bool
	}{
		{1 << 30, 2, true}, {1 << 30, -2, false}, {-(1 << 31), 1, false}, {-(1 << 31), -1, true},
		{46341, 46341, true}, {46340, 46340, false}, {1 << 31, 1, true}, {1 << 40, 0, false}, {793380011 * 2, 2, true},
	} {
		if got := (&Def{Op: DefMul, Type: i32}).SignedOverflow(numeric.I(c.x), numeric.I(c.y)); got != c.want {
			t.Errorf("int %d * %d: SignedOverflow %v, want %v", c.x, c.y, got, c.want)
		}
	}
}
