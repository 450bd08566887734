package interp

import (
	"math/rand"
	"testing"

	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/numpred"
)

// randomSiblingAtom returns a random constraint over the term x - 2y
// (scaled by ±1 or ±2, so that normalisation has work to do): an
// equality, or an inequality in either direction.
func randomSiblingAtom(r *rand.Rand) numeric.Constraint {
	x, y := numeric.Var(0), numeric.Var(1)
	t := x.Sub(y.Scale(numeric.I(2)))
	k := []int64{1, -1, 2, -2}[r.Intn(4)]
	e := t.Scale(numeric.I(k))
	c := numeric.Const(int64(r.Intn(13) - 6))
	switch r.Intn(3) {
	case 0:
		return numeric.Eq(e, c)
	case 1:
		return numeric.Le(e, c)
	}
	return numeric.Ge(e, c)
}

// TestSiblingsAgainstEnumeration checks implied against every point of a
// box: a literal of imp must never hold where the literal fails, one of
// con never where it holds. It also checks that the reasoning is not
// vacuous: x - 2y = 3 decides x - 2y <= 1 both ways.
func TestSiblingsAgainstEnumeration(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	found := 0
	for round := 0; round < 600; round++ {
		atoms := make([]numeric.Constraint, 4)
		for i := range atoms {
			atoms[i] = randomSiblingAtom(r)
			for atoms[i].Expr().IsConst() {
				atoms[i] = randomSiblingAtom(r)
			}
		}
		// Half the rounds with pairs of inequalities (the predicate-only
		// domain's siblings).
		sb := newSiblings(atoms, round%2 == 1)
		c := randomSiblingAtom(r)
		for _, pos := range []bool{true, false} {
			imp, con := sb.implied(atoms, c, pos)
			found += len(imp) + len(con)

			for x := int64(-12); x <= 12; x++ {
				for y := int64(-6); y <= 6; y++ {
					pt := []numeric.Int{numeric.I(x), numeric.I(y)}
					st := numpred.State{Point: pt, Preds: make([]bool, len(atoms))}
					for i, a := range atoms {
						st.Preds[i] = a.Sat(pt)
					}
					lit := c.Sat(pt) == pos
					for _, q := range imp {
						if q.Eval(st) && !lit {
							t.Fatalf("%s (pos %v): implying literal holds at (%d,%d) where it fails", c.String(nil), pos, x, y)
						}
					}
					for _, q := range con {
						if q.Eval(st) && lit {
							t.Fatalf("%s (pos %v): contradicting literal holds at (%d,%d) where it holds", c.String(nil), pos, x, y)
						}
					}
				}
			}
		}
	}
	if found == 0 {
		t.Fatal("no sibling ever decided a literal")
	}
	// x >= 6 and x <= 2: decided only with inequalities.
	six, two := numeric.Ge(numeric.Var(0), numeric.Const(6)), numeric.Le(numeric.Var(0), numeric.Const(2))
	if _, con := newSiblings([]numeric.Constraint{six}, false).implied([]numeric.Constraint{six}, two, true); len(con) != 0 {
		t.Fatalf("x >= 6 against x <= 2 without inequalities: %d contradicting literals, want 0", len(con))
	}
	if _, con := newSiblings([]numeric.Constraint{six}, true).implied([]numeric.Constraint{six}, two, true); len(con) != 1 {
		t.Fatalf("x >= 6 against x <= 2 with inequalities: %d contradicting literals, want 1", len(con))
	}
	x, y := numeric.Var(0), numeric.Var(1)
	term := x.Sub(y.Scale(numeric.I(2)))
	atoms := []numeric.Constraint{numeric.Eq(term, numeric.Const(3))}
	le := numeric.Le(term, numeric.Const(1))
	if imp, con := newSiblings(atoms, false).implied(atoms, le, true); len(imp) != 0 || len(con) != 1 {
		t.Fatalf("x - 2y = 3 against x - 2y <= 1: %d implying, %d contradicting literals, want 0 and 1", len(imp), len(con))
	}
	if imp, con := newSiblings(atoms, false).implied(atoms, le, false); len(imp) != 1 || len(con) != 0 {
		t.Fatalf("x - 2y = 3 against x - 2y >= 2: %d implying, %d contradicting literals, want 1 and 0", len(imp), len(con))
	}
}

// TestValueSetAgainstEnumeration checks subset and disjoint on the sets of
// random literals over one term against their members in a window wide
// enough to hold every bound.
func TestValueSetAgainstEnumeration(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	for round := 0; round < 2000; round++ {
		a, b := randomSiblingAtom(r), randomSiblingAtom(r)
		if a.Expr().IsConst() || b.Expr().IsConst() {
			continue
		}
		_, s := termOf(a, r.Intn(2) == 0)
		_, u := termOf(b, r.Intn(2) == 0)
		sub, dis := true, true
		for v := int64(-40); v <= 40; v++ {
			iv := numeric.I(v)
			if s.contains(iv) && !u.contains(iv) {
				sub = false
			}
			if s.contains(iv) && u.contains(iv) {
				dis = false
			}
		}
		if s.subset(u) != sub {
			t.Fatalf("%+v subset %+v: got %v, want %v", s, u, s.subset(u), sub)
		}
		if s.disjoint(u) != dis {
			t.Fatalf("%+v disjoint %+v: got %v, want %v", s, u, s.disjoint(u), dis)
		}
	}
}
