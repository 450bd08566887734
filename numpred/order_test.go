package numpred

import (
	"fmt"
	"testing"

	"github.com/numpred/numpred/interval"
	"github.com/numpred/numpred/numeric"
)

// lockSpace returns the precision of the lock template with n locks:
// dimensions p_1, l_1, ..., p_n, l_n and the predicates p_i = 0 and
// l_i = 1.
func lockSpace(n int) *Space {
	var names []string
	var specs []PredSpec
	for i := 0; i < n; i++ {
		names = append(names, fmt.Sprintf("p%d", i), fmt.Sprintf("l%d", i))
		specs = append(specs,
			AtomPred("", numeric.Eq(numeric.Var(numeric.Dim(2*i)), numeric.Const(0))),
			AtomPred("", numeric.Eq(numeric.Var(numeric.Dim(2*i+1)), numeric.Const(1))))
	}
	return MustSpace(numeric.MustEnv(names...), specs...)
}

// lockValue runs "if (p_i != 0) l_i := 1 else l_i := 0" for every lock
// under NDD and returns the size of the result.
func lockValue(t *testing.T, n int, opts ...Option) int {
	t.Helper()
	d, err := New[interval.Box](KindNDD, interval.New(), lockSpace(n), opts...)
	if err != nil {
		t.Fatal(err)
	}
	return runLocks(t, d, n)
}

// runLocks runs the locks under d, checks that every held lock has its
// p_i != 0 and every free one p_i = 0, and returns the size of the value.
func runLocks(t *testing.T, d Domain[Value], n int) int {
	t.Helper()
	a := d.Top()
	for i := 0; i < n; i++ {
		p, l := PredID(2*i), PredID(2*i+1)
		on := Seq{Assume{Not(P(p))}, NumPred{Guard: True(), Num: Assign(numeric.Dim(2*i+1), numeric.Const(1)), Pred: SetPred(l, True())}}
		off := Seq{Assume{P(p)}, NumPred{Guard: True(), Num: Assign(numeric.Dim(2*i+1), numeric.Const(0)), Pred: SetPred(l, False())}}
		a = d.AlphaPost(Choice{on, off}, a)
	}
	if d.Err() != nil {
		t.Fatal(d.Err())
	}
	// Every lock is either held by a set p_i or free with p_i = 0.
	for i := 0; i < n; i++ {
		bad := d.Meet(a, d.Alpha(And(Not(P(PredID(2*i))), Atom(numeric.Eq(numeric.Var(numeric.Dim(2*i+1)), numeric.Const(0))))))
		if !d.IsEmpty(bad) {
			t.Fatalf("lock %d: p_%d != 0 with l_%d = 0 not excluded: %s", i, i, i, d.String(bad))
		}
	}
	return d.Size(a)
}

// TestInterleavedOrderKeepsLocksLinear checks the point of DimOrder: with
// NDD's terms next to the predicates over the same variable, the value of
// the lock template grows linearly with the number of locks, while with
// every term below every predicate it doubles per lock.
func TestInterleavedOrderKeepsLocksLinear(t *testing.T) {
	const n = 10
	rank := make([]int, 2*n)
	for i := range rank {
		rank[i] = i
	}
	ordered := lockValue(t, n, DimOrder(rank))
	unordered := lockValue(t, n)
	t.Logf("%d locks: %d nodes interleaved, %d with terms below predicates", n, ordered, unordered)
	if ordered > 12*n {
		t.Errorf("interleaved order: %d nodes for %d locks, want O(n)", ordered, n)
	}
	if unordered < 1<<n {
		t.Errorf("terms below predicates: %d nodes for %d locks; expected the exponential blow-up this order avoids", unordered, n)
	}
}

func TestOrderGroupsAndLayout(t *testing.T) {
	env := numeric.MustEnv("x", "y", "z")
	x, y, z := numeric.Var(0), numeric.Var(1), numeric.Var(2)
	sp := MustSpace(env,
		AtomPred("", numeric.Le(x, numeric.Const(0))),
		Opaque("q"),
		AtomPred("", numeric.Le(z, y)),
		AtomPred("", numeric.Eq(y, numeric.Const(1))))
	// Rank: z first, then y, then x.
	o := newOrder(sp, []int{2, 1, 0})
	if g := o.group(numeric.Le(z, y)); g != 0 {
		t.Errorf("group of z <= y = %d, want 0 (z's rank)", g)
	}
	if fmt.Sprint(o.groups) != "[0 1 2]" {
		t.Errorf("groups = %v", o.groups)
	}
	got := fmt.Sprint(o.layout(interleaved))
	// q; z's group: z <= y and its terms; y's: y = 1 and terms; x's.
	want := "[{1 0 0} {2 0 0} {-1 0 6} {3 0 0} {-1 1 6} {0 0 0} {-1 2 6}]"
	if got != want {
		t.Errorf("interleaved layout = %s, want %s", got, want)
	}
	got = fmt.Sprint(o.layout(predsAbove))
	want = "[{1 0 0} {2 0 0} {3 0 0} {0 0 0} {-1 0 6} {-1 1 6} {-1 2 6}]"
	if got != want {
		t.Errorf("predicates-above layout = %s, want %s", got, want)
	}
}

func TestComponents(t *testing.T) {
	uf := dimUnion{}
	x, y, z, w := numeric.Var(0), numeric.Var(1), numeric.Var(2), numeric.Var(3)
	uf.join(numeric.Le(x, numeric.Const(0)))
	uf.join(numeric.Le(z, w))
	uf.join(numeric.Le(y, numeric.Const(3)))
	uf.join(numeric.Le(w, x))
	if uf.find(0) != uf.find(2) || uf.find(2) != uf.find(3) {
		t.Errorf("x, z, w must be one class: %v", uf)
	}
	if uf.find(1) == uf.find(0) {
		t.Errorf("y must be a class of its own: %v", uf)
	}
	if uf.find(7) != 7 {
		t.Errorf("an unseen dimension is its own class")
	}
}

// TestLeafLimitKeepsLocksSmall checks LeafLimit on the lock template: NEX
// and MTNDD map each valuation of the p_i = 0 to its own numeric value
// (2^n of them) unless held to a few, and the predicate part alone still
// relates every lock to its p_i.
func TestLeafLimitKeepsLocksSmall(t *testing.T) {
	const n = 12
	rank := make([]int, 2*n)
	for i := range rank {
		rank[i] = i
	}
	for _, k := range []Kind{KindNEX, KindMTNDD} {
		d, err := New[interval.Box](k, interval.New(), lockSpace(n), DimOrder(rank), LeafLimit(4), Checking(true))
		if err != nil {
			t.Fatal(err)
		}
		size := runLocks(t, d, n)
		t.Logf("%s, %d locks, limit 4: size %d", k, n, size)
		if size > 40*n {
			t.Errorf("%s: size %d for %d locks with LeafLimit(4), want O(n)", k, size, n)
		}
	}
}
