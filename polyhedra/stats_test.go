package polyhedra

import (
	"strings"
	"testing"

	"github.com/numpred/numpred/numeric"
)

// TestStatsCountsOutermostOps checks that Stats counts each public
// operation once (not the IsBottom inside Join) and accounts for the
// minimisations inside them.
func TestStatsCountsOutermostOps(t *testing.T) {
	d := New()
	if s := d.Stats(); s.Count != 0 || len(s.Ops) != 0 {
		t.Fatalf("fresh domain has stats %+v", s)
	}
	x, y := numeric.Var(0), numeric.Var(1)
	a := d.Assume(d.Top(2), numeric.Ge(x, numeric.Const(0)), numeric.Le(x.Add(y), numeric.Const(4)))
	b := d.Assume(d.Top(2), numeric.Eq(x, numeric.Const(7)), numeric.Le(y, numeric.Const(1)))
	j := d.Join(a, b)
	if !d.Leq(a, j) {
		t.Fatal("a is not below a join b")
	}
	s := d.Stats()
	want := map[string]int64{"Assume": 2, "Join": 1, "Leq": 1}
	if len(s.Ops) != len(want) {
		t.Fatalf("ops %+v, want %v", s.Ops, want)
	}
	for _, o := range s.Ops {
		if want[o.Name] != o.Count {
			t.Errorf("%s counted %d times, want %d", o.Name, o.Count, want[o.Name])
		}
	}
	if s.Count != 4 || s.Time <= 0 || s.Slowest <= 0 || s.Slowest > s.Time || s.SlowestOp == "" {
		t.Errorf("totals wrong: %+v", s)
	}
	if s.Minimize.Count == 0 {
		t.Errorf("no minimisation counted: %+v", s)
	}
	if str := s.String(); !strings.Contains(str, "ops 4 in") || !strings.Contains(str, "slowest") {
		t.Errorf("String() = %q", str)
	}
}
