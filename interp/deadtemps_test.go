package interp

import (
	"slices"
	"testing"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// TestDeadTemps checks where deadTemps forgets temporaries on a
// hand-built function:
//
//	L0 -t := x+1-> L1 -[t >= 0]-> L2 -x := t-> L3 (loop head)
//	                 \-[t < 0]--> L3
//	L3 -q := nondet (a quotient)-> L4 -x := x - 2q-> L3
//	L3 -[x >= 5]-> exit
//
// t is read on both branches out of L1 and by L2's assignment, so it dies
// on L1 -> L3 (unread there) and on L2 -> L3; the quotient q is set by a
// havoc and dies on L4 -> L3, which enters a loop head, so it is forgotten
// there too. A program variable (x) is never forgotten.
func TestDeadTemps(t *testing.T) {
	p := ir.NewProgram("dead", "c")
	f := p.NewFunc("main", ir.Pos{})
	x := f.NewLocal("x", ir.Unbounded, ir.Pos{})
	tv := f.NewLocal("$t1", ir.Unbounded, ir.Pos{})
	tv.Temp = true
	q := f.NewLocal("$t2", ir.Unbounded, ir.Pos{})
	q.Temp = true
	xe, te, qe := ir.VarExpr(x), ir.VarExpr(tv), ir.VarExpr(q)
	l1, l2, l3, l4 := f.NewLoc(ir.Normal, ir.Pos{}), f.NewLoc(ir.Normal, ir.Pos{}), f.NewLoc(ir.Normal, ir.Pos{}), f.NewLoc(ir.Normal, ir.Pos{})
	e01 := f.AddEdge(f.Entry, l1, ir.NewAssign(tv, xe.AddConst(numeric.I(1))), ir.Pos{})
	e12 := f.AddEdge(l1, l2, atom(numeric.Ge(te, numeric.Const(0))), ir.Pos{})
	e13 := f.AddEdge(l1, l3, atom(numeric.Lt(te, numeric.Const(0))), ir.Pos{})
	e23 := f.AddEdge(l2, l3, ir.NewAssign(x, te), ir.Pos{})
	e34 := f.AddEdge(l3, l4, &ir.Havoc{Var: q, Range: numeric.Range{Lo: numeric.BoundDown(numeric.I(0)), Hi: numeric.BoundUp(numeric.I(3))}}, ir.Pos{})
	e43 := f.AddEdge(l4, l3, ir.NewAssign(x, xe.Sub(qe.Scale(numeric.I(2)))), ir.Pos{})
	e3x := f.AddEdge(l3, f.Exit, atom(numeric.Ge(xe, numeric.Const(5))), ir.Pos{})
	f.MarkLoopHeads()
	if !l3.LoopHead {
		t.Fatal("L3 should be a loop head")
	}
	dead := deadTemps(f)
	want := map[*ir.Edge][]numeric.Dim{
		e13: {dimOf(tv)},
		e23: {dimOf(tv)},
		e43: {dimOf(q)},
	}
	for _, e := range []*ir.Edge{e01, e12, e13, e23, e34, e43, e3x} {
		if got := dead[e]; !slices.Equal(got, want[e]) {
			t.Errorf("edge %s -> %s: dead %v, want %v", e.From, e.To, got, want[e])
		}
	}
}

// TestDeadTempsHeldQuotient: a quotient lives as long as the value
// assigned from it, not only while it is read:
//
//	L0 -q := nondet-> L1 -[0 <= x - 4q <= 3]-> L2 -y := x - 4q-> L3
//	L3 -[y >= 1]-> L4 -x := 0-> L5 -y := 7-> L6 -> exit
//
// q is last read on L2 -> L3, but y holds its value until L5 -> L6 sets
// y again (setting x, which q was computed from, does not end it).
func TestDeadTempsHeldQuotient(t *testing.T) {
	p := ir.NewProgram("held", "c")
	f := p.NewFunc("main", ir.Pos{})
	x := f.NewLocal("x", ir.Unbounded, ir.Pos{})
	y := f.NewLocal("y", ir.Unbounded, ir.Pos{})
	q := f.NewLocal("$t1", ir.Unbounded, ir.Pos{})
	q.Temp = true
	xe, ye, qe := ir.VarExpr(x), ir.VarExpr(y), ir.VarExpr(q)
	r := xe.Sub(qe.Scale(numeric.I(4)))
	var l [7]*ir.Loc
	l[0] = f.Entry
	for i := 1; i < len(l); i++ {
		l[i] = f.NewLoc(ir.Normal, ir.Pos{})
	}
	edges := []*ir.Edge{
		f.AddEdge(l[0], l[1], &ir.Havoc{Var: q, Range: numeric.Range{Lo: numeric.BoundDown(numeric.I(-5)), Hi: numeric.BoundUp(numeric.I(5))}}, ir.Pos{}),
		f.AddEdge(l[1], l[2], &ir.Assume{Cond: &ir.And{Xs: []ir.Cond{
			ir.NewAtom(numeric.Ge(r, numeric.Const(0))), ir.NewAtom(numeric.Le(r, numeric.Const(3)))}}, Wrap: true}, ir.Pos{}),
		f.AddEdge(l[2], l[3], ir.NewAssign(y, r), ir.Pos{}),
		f.AddEdge(l[3], l[4], atom(numeric.Ge(ye, numeric.Const(1))), ir.Pos{}),
		f.AddEdge(l[4], l[5], ir.NewAssign(x, numeric.Const(0)), ir.Pos{}),
		f.AddEdge(l[5], l[6], ir.NewAssign(y, numeric.Const(7)), ir.Pos{}),
		f.AddEdge(l[6], f.Exit, &ir.Skip{}, ir.Pos{}),
	}
	f.MarkLoopHeads()
	dead := deadTemps(f)
	for i, e := range edges {
		var want []numeric.Dim
		if i == 5 {
			want = []numeric.Dim{dimOf(q)}
		}
		if got := dead[e]; !slices.Equal(got, want) {
			t.Errorf("edge %d (%s -> %s): dead %v, want %v", i, e.From, e.To, got, want)
		}
	}
}
