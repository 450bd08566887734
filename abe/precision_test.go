package abe

import (
	"testing"

	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// TestSharing checks where a predicate added at one location applies
// under each sharing: only there, at every location of its function, or
// at every location of every function where its variables are in scope
// (a local of f never reaches g).
func TestSharing(t *testing.T) {
	prog, err := frontend.Parse("share.c", []byte(`
int g;
void f(void) { int a = g; if (a > 0) g = a - 1; }
int main(void) { int b = g; f(); if (b < 0) g = 0; return 0; }
`))
	if err != nil {
		t.Fatal(err)
	}
	f, mainF := prog.Func("f"), prog.Func("main")
	varOf := func(qual string) numeric.LinExpr {
		for _, v := range prog.Vars {
			if v.Qual == qual {
				return numeric.Var(numeric.Dim(v.ID))
			}
		}
		t.Fatalf("no variable %s", qual)
		return numeric.LinExpr{}
	}
	global := numeric.Ge(varOf("g"), numeric.Const(1))
	local := numeric.Le(varOf("f::a"), numeric.Const(0))
	has := func(p *precision, l *ir.Loc, c numeric.Constraint) bool {
		a, _ := c.Canonical()
		for _, i := range p.at(l) {
			if p.preds[i].Key() == a.Key() {
				return true
			}
		}
		return false
	}
	count := func(p *precision, fn *ir.Func, c numeric.Constraint) int {
		n := 0
		for _, l := range fn.Locs {
			if has(p, l, c) {
				n++
			}
		}
		return n
	}
	at := f.Locs[len(f.Locs)-1]
	for _, tc := range []struct {
		share          string
		globalInF      int
		globalInMain   int
		localInF       int
		localInMainAny bool
	}{
		{ShareLocation, 1, 0, 1, false},
		{ShareFunction, len(f.Locs), 0, len(f.Locs), false},
		{ShareGlobal, len(f.Locs), len(mainF.Locs), len(f.Locs), false},
	} {
		p := newPrecision(prog, tc.share)
		if !p.add(at, global) || !p.add(at, local) {
			t.Fatalf("%s: a first add is not new", tc.share)
		}
		if p.add(at, global) {
			t.Errorf("%s: a second add of the same predicate is new", tc.share)
		}
		if got := count(p, f, global); got != tc.globalInF {
			t.Errorf("%s: g >= 1 at %d locations of f, want %d", tc.share, got, tc.globalInF)
		}
		if got := count(p, mainF, global); got != tc.globalInMain {
			t.Errorf("%s: g >= 1 at %d locations of main, want %d", tc.share, got, tc.globalInMain)
		}
		if got := count(p, f, local); got != tc.localInF {
			t.Errorf("%s: f::a <= 0 at %d locations of f, want %d", tc.share, got, tc.localInF)
		}
		if got := count(p, mainF, local); got > 0 {
			t.Errorf("%s: f::a <= 0 at %d locations of main, want none (out of scope)", tc.share, got)
		}
	}
}

// TestSharingKeepsTheCallersLocals checks that a predicate found in a
// callee that names a caller's local (calls are inlined, so it is in
// scope there) is added where it was found under every sharing.
func TestSharingKeepsTheCallersLocals(t *testing.T) {
	prog, err := frontend.Parse("share.c", []byte(`
int count(int n) { int i = 0; while (i < n) i++; return i; }
int main(void) { int m = 5; return count(m); }
`))
	if err != nil {
		t.Fatal(err)
	}
	var m *ir.Var
	for _, v := range prog.Vars {
		if v.Qual == "main::m" {
			m = v
		}
	}
	if m == nil {
		t.Fatal("no main::m")
	}
	c := numeric.Le(numeric.Var(numeric.Dim(m.ID)), numeric.Const(5))
	at := prog.Func("count").Entry
	for _, share := range []string{ShareLocation, ShareFunction, ShareGlobal} {
		p := newPrecision(prog, share)
		if !p.add(at, c) || len(p.at(at)) != 1 {
			t.Errorf("%s: main::m <= 5 not added at count's entry", share)
		}
	}
}
