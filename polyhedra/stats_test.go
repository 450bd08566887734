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

// TestJoinOfManyBlocks joins values of 14 independent blocks that all
// differ (the lock programs: each pair p_i, l_i is (0, 0) in one value and
// (1, 1) in the other): the exact hull would start from 2^14 vertices, so
// Join hulls block by block, an upper bound that keeps each block's
// relation (l_i = p_i) and is counted.
func TestJoinOfManyBlocks(t *testing.T) {
	d := New(WithBudget(AnalysisBudget))
	const k = 14
	ca, cb := segmentBlocks(k)
	a, b := d.Assume(d.Top(2*k), ca...), d.Assume(d.Top(2*k), cb...)
	j := d.Join(a, b)
	if s := d.Stats(); s.Approximated != 1 {
		t.Fatalf("joins by groups: %d, want 1", s.Approximated)
	}
	if !d.Leq(a, j) || !d.Leq(b, j) {
		t.Fatal("the join is not an upper bound")
	}
	for i := 0; i < k; i++ {
		p, l := numeric.Var(numeric.Dim(2*i)), numeric.Var(numeric.Dim(2*i+1))
		if !d.Entails(j, numeric.Eq(l, p)) || !d.Entails(j, numeric.Le(p, numeric.Const(3))) {
			t.Fatalf("block %d lost its relation: %s", i, d.String(j, nil))
		}
	}
	if err := d.SanityCheck(j); err != nil {
		t.Fatal(err)
	}
	// Few differing blocks: the exact hull, which relates them.
	a2 := d.Assume(d.Top(4), numeric.Eq(numeric.Var(0), numeric.Const(0)), numeric.Eq(numeric.Var(2), numeric.Const(0)))
	b2 := d.Assume(d.Top(4), numeric.Eq(numeric.Var(0), numeric.Const(1)), numeric.Eq(numeric.Var(2), numeric.Const(1)))
	if j2 := d.Join(a2, b2); !d.Entails(j2, numeric.Eq(numeric.Var(0), numeric.Var(2))) {
		t.Fatalf("hull of (0,0) and (1,1) = %s, want x0 = x2", d.String(j2, nil))
	}
}

// TestJoinExactByDefault: without a Budget, Join is the exact hull even
// where the analysis budget hulls groups of blocks apart. Six blocks
// (p_i, l_i) with l_i = p_i, in [0, 1] in a and [2, 3] in b: 64 vertices a
// side. Under MaxVertices 16 the join is the product of the blocks' hulls,
// which loses p0 - p1 <= 1 (the point p0 = 3, p1 = 0 is in it); the exact
// hull keeps it, and neither a budgeted nor an exact join is counted
// approximated when no bound is passed.
func TestJoinExactByDefault(t *testing.T) {
	const k = 6
	ca, cb := segmentBlocks(k)
	rel := numeric.Le(numeric.Var(0).Sub(numeric.Var(2)), numeric.Const(1))
	exact := New()
	a, b := exact.Assume(exact.Top(2*k), ca...), exact.Assume(exact.Top(2*k), cb...)
	j := exact.Join(a, b)
	if s := exact.Stats(); s.Approximated != 0 || s.Bounded != 0 {
		t.Fatalf("default join approximated %d, bounded %d", s.Approximated, s.Bounded)
	}
	if !exact.Entails(j, rel) {
		t.Fatalf("default join %s does not entail p0 - p1 <= 1", exact.String(j, nil))
	}
	if err := exact.SanityCheck(j); err != nil {
		t.Fatal(err)
	}
	small := New(WithBudget(Budget{MaxVertices: 16}))
	a, b = small.Assume(small.Top(2*k), ca...), small.Assume(small.Top(2*k), cb...)
	jb := small.Join(a, b)
	if small.Stats().Approximated != 1 {
		t.Fatalf("budgeted join approximated %d times, want 1", small.Stats().Approximated)
	}
	if small.Entails(jb, rel) || !small.Leq(j, jb) {
		t.Fatalf("budgeted join %s: want the product of the blocks' hulls", small.String(jb, nil))
	}
}

// segmentBlocks returns two values of k independent blocks (p_i, l_i) =
// dims (2i, 2i+1): a has l = p in [0, 1], b l = p in [2, 3] (two vertices
// a block).
func segmentBlocks(k int) (ca, cb []numeric.Constraint) {
	for i := 0; i < k; i++ {
		p, l := numeric.Var(numeric.Dim(2*i)), numeric.Var(numeric.Dim(2*i+1))
		ca = append(ca, numeric.Ge(p, numeric.Const(0)), numeric.Le(p, numeric.Const(1)), numeric.Eq(l, p))
		cb = append(cb, numeric.Ge(p, numeric.Const(2)), numeric.Le(p, numeric.Const(3)), numeric.Eq(l, p))
	}
	return ca, cb
}
