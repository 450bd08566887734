package ir

import (
	"testing"

	"github.com/numpred/numpred/numeric"
)

// loopFunc returns a main with two nested loops and an unreachable
// location:
//
//	entry -> h1; h1 -> h2; h2 -> x -> h2 (inner); h2 -> h1 (outer back);
//	h1 -> err; plus an unreachable location u -> h1.
func loopFunc() (*Program, *Func, map[string]*Loc) {
	p := NewProgram("t", "test")
	f := p.NewFunc("main", Pos{})
	l := map[string]*Loc{"entry": f.Entry, "exit": f.Exit}
	for _, n := range []string{"h1", "h2", "x", "u"} {
		l[n] = f.NewLoc(Normal, Pos{})
	}
	l["err"] = f.NewLoc(Error, Pos{})
	skip := &Skip{}
	f.AddEdge(l["entry"], l["h1"], skip, Pos{})
	f.AddEdge(l["h1"], l["h2"], skip, Pos{})
	f.AddEdge(l["h2"], l["x"], skip, Pos{})
	f.AddEdge(l["x"], l["h2"], skip, Pos{})
	f.AddEdge(l["h2"], l["h1"], skip, Pos{})
	f.AddEdge(l["h1"], l["err"], &Assume{Cond: NewAtom(numeric.Le(numeric.Const(0), numeric.Const(0)))}, Pos{})
	f.AddEdge(l["h1"], l["exit"], skip, Pos{})
	f.AddEdge(l["u"], l["h1"], skip, Pos{})
	return p, f, l
}

func TestCFG(t *testing.T) {
	p, f, l := loopFunc()
	rpo := f.ReversePostorder()
	if rpo[f.Entry.ID] != 0 || rpo[l["u"].ID] < len(f.Locs) {
		t.Errorf("reverse postorder %v: the entry comes first, unreachable locations last", rpo)
	}
	_, back := f.dfs()
	isBack := map[*Edge]bool{}
	for _, e := range back {
		isBack[e] = true
	}
	for _, e := range f.Edges {
		if e.From != l["u"] && !isBack[e] && rpo[e.From.ID] >= rpo[e.To.ID] {
			t.Errorf("forward edge %s -> %s against the reverse postorder %v", e.From, e.To, rpo)
		}
	}
	f.MarkLoopHeads()
	for n, loc := range l {
		if want := n == "h1" || n == "h2"; loc.LoopHead != want {
			t.Errorf("%s: loop head %v, want %v", n, loc.LoopHead, want)
		}
	}
	li, err := f.NaturalLoops()
	if err != nil {
		t.Fatal(err)
	}
	if len(li.Heads) != 2 {
		t.Fatalf("loops at %v, want h1 and h2", li.Heads)
	}
	outer, inner := 0, 1
	if li.Heads[0] == l["h2"] {
		outer, inner = 1, 0
	}
	if of := li.Of[l["x"].ID]; len(of) != 2 || of[0] != outer || of[1] != inner {
		t.Errorf("x is in loops %v, want [%d %d] (outermost first)", of, outer, inner)
	}
	if li.Body[inner][l["h1"].ID] || !li.Body[outer][l["x"].ID] || li.Body[outer][l["err"].ID] {
		t.Errorf("loop bodies %v", li.Body)
	}
	d := ErrorDistances(p)
	for n, want := range map[string]int{"err": 0, "h1": 1, "h2": 2, "x": 3, "entry": 2, "exit": Unreachable} {
		if d[l[n]] != want {
			t.Errorf("distance of %s: %d, want %d", n, d[l[n]], want)
		}
	}
	// A jump into the inner loop's body makes it irreducible.
	f.AddEdge(l["entry"], l["x"], &Skip{}, Pos{})
	if _, err := f.NaturalLoops(); err == nil {
		t.Error("an irreducible loop went unnoticed")
	}
}
