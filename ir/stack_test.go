package ir

import "testing"

// TestStacks: pushing the same call on the same stack gives the same
// stack, so places compare as values; Calls, Depth, Active and String
// read the stack back.
func TestStacks(t *testing.T) {
	p := NewProgram("t.c", "c")
	main := p.NewFunc("main", Pos{})
	f := p.NewFunc("f", Pos{})
	g := p.NewFunc("g", Pos{})
	a, b := main.NewLoc(Normal, Pos{}), main.NewLoc(Normal, Pos{})
	callF := main.AddEdge(a, b, &Call{Callee: f}, Pos{})
	callF2 := main.AddEdge(b, a, &Call{Callee: f}, Pos{})
	c, d := f.NewLoc(Normal, Pos{}), f.NewLoc(Normal, Pos{})
	callG := f.AddEdge(c, d, &Call{Callee: g}, Pos{})
	st := NewStacks()
	s1 := st.Push(st.Push(nil, callF), callG)
	s2 := st.Push(st.Push(nil, callF), callG)
	if s1 != s2 {
		t.Fatal("the same calls pushed twice give two stacks")
	}
	if s3 := st.Push(st.Push(nil, callF2), callG); s3 == s1 {
		t.Fatal("different call sites give the same stack")
	}
	if s1.Depth() != 2 || (*Stack)(nil).Depth() != 0 {
		t.Errorf("depths %d, %d", s1.Depth(), (*Stack)(nil).Depth())
	}
	if cs := s1.Calls(); len(cs) != 2 || cs[0] != callF || cs[1] != callG {
		t.Errorf("calls %v", cs)
	}
	if !s1.Active(f) || !s1.Active(g) || s1.Active(main) || s1.Up().Active(g) {
		t.Error("Active")
	}
	if s1.Call() != callG || s1.Up().Call() != callF || s1.Up().Up() != nil {
		t.Error("Call/Up")
	}
	if s1.String() != "f/g" {
		t.Errorf("String %q", s1.String())
	}
	m := map[Place]int{{Stack: s1, Loc: d}: 1}
	if m[Place{Stack: s2, Loc: d}] != 1 || m[Place{Stack: s1, Loc: c}] != 0 {
		t.Error("places as keys")
	}
}
