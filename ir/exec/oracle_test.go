// This file tests the oracles' answers on their own.

package exec_test

import (
	"math/rand/v2"
	"testing"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/ir/exec"
	"github.com/numpred/numpred/numeric"
)

func TestRandomValues(t *testing.T) {
	p := ir.NewProgram("t", "c")
	uchar := ir.IntType{Name: "unsigned char", Bits: 8}
	llong := ir.IntType{Name: "long long", Bits: 64, Signed: true}
	ulong := ir.IntType{Name: "unsigned long", Bits: 64}
	vars := map[string]*ir.Var{
		"uchar": p.NewGlobal("u", uchar, ir.Pos{}),
		"int":   p.NewGlobal("i", tInt, ir.Pos{}),
		"llong": p.NewGlobal("l", llong, ir.Pos{}),
		"ulong": p.NewGlobal("ul", ulong, ir.Pos{}),
		"far":   p.NewGlobal("f", tInt, ir.Pos{}),
		"math":  p.NewGlobal("m", ir.Unbounded, ir.Pos{}),
	}
	far := numeric.Range{Lo: numeric.B(1000), Hi: numeric.B(2000)}
	rng := rand.New(rand.NewPCG(3, 4))
	o := exec.Random(rng, 10)
	type stat struct{ lo, hi, small, other int }
	stats := map[string]*stat{}
	for name, v := range vars {
		h := &ir.Havoc{Var: v, Range: v.Type.Range(), Input: "in"}
		if name == "far" {
			h.Range = far
		}
		st := &stat{}
		stats[name] = st
		for i := 0; i < 4000; i++ {
			var x numeric.Int
			if i%2 == 0 {
				var ok bool
				if x, ok = o.Input(h, nil); !ok {
					t.Fatal("Random ran out of inputs")
				}
			} else {
				x = o.Arbitrary(h, nil)
			}
			if !h.Range.Contains(x) {
				t.Fatalf("%s: %v outside %v", name, x, h.Range)
			}
			small := x.Cmp(numeric.I(-10)) >= 0 && x.Cmp(numeric.I(10)) <= 0
			switch {
			case v.Type.IsBounded() && x.Cmp(v.Type.Min()) == 0 || name == "far" && x.Cmp(numeric.I(1000)) == 0:
				st.lo++
			case v.Type.IsBounded() && x.Cmp(v.Type.Max()) == 0 || name == "far" && x.Cmp(numeric.I(2000)) == 0:
				st.hi++
			case small || name == "far" && x.Cmp(numeric.I(1020)) <= 0:
				st.small++
			default:
				t.Fatalf("%s: %v is neither an end of the range nor within the span", name, x)
			}
		}
	}
	for name, st := range stats {
		// An eighth of the values are ends of the range (the ends of
		// unsigned char's range are also small).
		switch {
		case name == "math":
			if st.lo+st.hi != 0 {
				t.Errorf("%s: %+v: an unbounded range has no ends", name, st)
			}
		case name == "uchar":
			if st.hi < 200 {
				t.Errorf("%s: %+v: too few maxima", name, st)
			}
		case st.lo < 200 || st.hi < 200 || st.small < 3000:
			t.Errorf("%s: %+v: want about 250 of each end and 3500 small values", name, st)
		}
	}
	seen := map[int]bool{}
	for i := 0; i < 100; i++ {
		k, ok := o.Choose(nil, make([]*ir.Edge, 3))
		if !ok || k < 0 || k > 2 {
			t.Fatalf("choice %d (%v) among 3", k, ok)
		}
		seen[k] = true
	}
	if len(seen) != 3 {
		t.Errorf("choices %v: want each of 3 edges", seen)
	}
}

func TestInputsOracle(t *testing.T) {
	o := exec.Inputs(ints(5, 1)...)
	h := &ir.Havoc{Range: numeric.FullRange}
	if v, ok := o.Input(h, nil); !ok || v.String() != "5" {
		t.Errorf("first input %v %v", v, ok)
	}
	if k, ok := o.Choose(nil, make([]*ir.Edge, 2)); !ok || k != 1 {
		t.Errorf("choice %v %v: want the next value, 1", k, ok)
	}
	if _, ok := o.Input(h, nil); ok {
		t.Errorf("inputs not exhausted")
	}
	if _, ok := o.Choose(nil, make([]*ir.Edge, 2)); ok {
		t.Errorf("choices not exhausted")
	}
}
