// This file implements sibling predicates: predicates whose atoms constrain
// the same linear term (s == 8640 and s == 8656, or x <= 3 and x >= 7).
// Each such predicate decides the others by integer interval reasoning
// alone, and the predicate abstraction uses that: a predicate is known
// where a sibling decides it, even when its own atom is not a predicate
// (at least one of the two atoms an equality).

package interp

import (
	"strconv"
	"strings"

	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/numpred"
)

// valueSet is a set of integer values of a linear term: the interval
// [lo, hi] (an end may be missing: unbounded), or, with allBut, every value
// except lo.
type valueSet struct {
	lo, hi       numeric.Int
	hasLo, hasHi bool
	allBut       bool
}

// termOf splits c into its term t (the variable part, first coefficient
// positive, as a map key) and the set of values of t satisfying c (pos) or
// its negation (!pos).
func termOf(c numeric.Constraint, pos bool) (key string, s valueSet) {
	e := c.Expr()
	ts := e.Terms()
	flip := ts[0].Coef.Sign() < 0
	var sb strings.Builder
	for _, t := range ts {
		k := t.Coef
		if flip {
			k = k.Neg()
		}
		sb.WriteString(k.String())
		sb.WriteByte('*')
		sb.WriteString(strconv.Itoa(int(t.Dim)))
		sb.WriteByte(' ')
	}
	k := e.Constant()
	if c.Kind() == numeric.EQ {
		// t + k == 0 (Constraint makes an equality's first coefficient
		// positive).
		v := k.Neg()
		if pos {
			return sb.String(), valueSet{lo: v, hi: v, hasLo: true, hasHi: true}
		}
		return sb.String(), valueSet{lo: v, allBut: true}
	}
	if !flip {
		// t + k <= 0: t <= -k; its negation is t >= -k + 1.
		v := k.Neg()
		if pos {
			return sb.String(), valueSet{hi: v, hasHi: true}
		}
		return sb.String(), valueSet{lo: v.Add(numeric.I(1)), hasLo: true}
	}
	// -t + k <= 0: t >= k; its negation is t <= k - 1.
	if pos {
		return sb.String(), valueSet{lo: k, hasLo: true}
	}
	return sb.String(), valueSet{hi: k.Sub(numeric.I(1)), hasHi: true}
}

// contains reports whether v is in s.
func (s valueSet) contains(v numeric.Int) bool {
	if s.allBut {
		return v.Cmp(s.lo) != 0
	}
	return (!s.hasLo || s.lo.Cmp(v) <= 0) && (!s.hasHi || v.Cmp(s.hi) <= 0)
}

// subset reports whether every value of s is in t.
func (s valueSet) subset(t valueSet) bool {
	switch {
	case s.allBut && t.allBut:
		return s.lo.Cmp(t.lo) == 0
	case s.allBut:
		return !t.allBut && !t.hasLo && !t.hasHi
	case t.allBut:
		return !s.contains(t.lo)
	}
	loOK := !t.hasLo || (s.hasLo && t.lo.Cmp(s.lo) <= 0)
	hiOK := !t.hasHi || (s.hasHi && s.hi.Cmp(t.hi) <= 0)
	return loOK && hiOK
}

// disjoint reports whether s and t have no value in common.
func (s valueSet) disjoint(t valueSet) bool {
	switch {
	case s.allBut && t.allBut:
		return false
	case s.allBut:
		return t.hasLo && t.hasHi && t.lo.Cmp(t.hi) == 0 && t.lo.Cmp(s.lo) == 0
	case t.allBut:
		return t.disjoint(s)
	}
	return (s.hasHi && t.hasLo && s.hi.Cmp(t.lo) < 0) || (t.hasHi && s.hasLo && t.hi.Cmp(s.lo) < 0)
}

// siblings indexes predicates by the term of their atom, with the value
// sets of each predicate's two literals.
type siblings struct {
	byTerm map[string][]numpred.PredID
	sets   map[numpred.PredID][2]valueSet // [0]: the atom, [1]: its negation
	// inequalities: pairs of inequalities decide each other too (see
	// implied).
	inequalities bool
}

// newSiblings indexes atoms; inequalities says whether two inequalities
// over one term decide each other.
func newSiblings(atoms []numeric.Constraint, inequalities bool) siblings {
	sb := siblings{byTerm: map[string][]numpred.PredID{}, sets: map[numpred.PredID][2]valueSet{}, inequalities: inequalities}
	for i, a := range atoms {
		if a.Expr().IsConst() {
			continue
		}
		p := numpred.PredID(i)
		key, pos := termOf(a, true)
		_, neg := termOf(a, false)
		sb.byTerm[key] = append(sb.byTerm[key], p)
		sb.sets[p] = [2]valueSet{pos, neg}
	}
	return sb
}

// implied returns the predicate literals over c's term that imply the
// literal c (pos) or its negation (!pos), and those that contradict it:
// in every concrete state, a literal of imp holding makes the literal
// true and one of con holding makes it false. A predicate whose atom is
// c itself is left out (the domain already knows it), and so are pairs of
// inequalities unless sb.inequalities: a counter's bounds (i > 0 against
// i + 1 > 0) decide each other on every increment, and the disjunctions
// cost NEX, MTNDD and NDD up to 1.5x on the eureka sum template, while a
// state machine's values are equalities (s = 8640 against s = 8656) and
// the numeric part relates the bounds. The predicate-only domain has no
// numeric part: without them it would hold x >= 6 and x <= 2 both true.
func (sb siblings) implied(atoms []numeric.Constraint, c numeric.Constraint, pos bool) (imp, con []numpred.Expr) {
	if c.Expr().IsConst() {
		return nil, nil
	}
	key, s := termOf(c, pos)
	for _, q := range sb.byTerm[key] {
		if atoms[q].Kind() == c.Kind() && atoms[q].Expr().Equal(c.Expr()) {
			continue
		}
		if !sb.inequalities && c.Kind() != numeric.EQ && atoms[q].Kind() != numeric.EQ {
			continue
		}
		for k, qs := range sb.sets[q] {
			lit := numpred.P(q)
			if k == 1 {
				lit = numpred.Not(lit)
			}
			if qs.subset(s) {
				imp = append(imp, lit)
			} else if qs.disjoint(s) {
				con = append(con, lit)
			}
		}
	}
	return imp, con
}

// strengthen returns the literal c (pos) or its negation (!pos),
// conjoined with the negations of the sibling literals that contradict it:
// assume(s == 12292) also makes s == 8640 false.
func (sb siblings) strengthen(atoms []numeric.Constraint, c numeric.Constraint, pos bool) numpred.Expr {
	lit := numpred.Atom(c)
	if !pos {
		lit = numpred.Not(lit)
	}
	_, con := sb.implied(atoms, c, pos)
	if len(con) == 0 {
		return lit
	}
	es := []numpred.Expr{lit}
	for _, q := range con {
		es = append(es, numpred.Not(q))
	}
	return numpred.And(es...)
}

// decide returns the conditions under which the literal c (pos) holds and
// fails, each widened by the sibling literals that decide it: choice(wp,
// !wp) becomes choice(wp || imp..., !wp || con...), the same relation on
// concrete states, but one the predicate abstraction decides where a
// sibling is known.
func (sb siblings) decide(atoms []numeric.Constraint, c numeric.Constraint) (t, f numpred.Expr) {
	t, f = numpred.Atom(c), numpred.Not(numpred.Atom(c))
	imp, con := sb.implied(atoms, c, true)
	if len(imp) > 0 {
		t = numpred.Or(append([]numpred.Expr{t}, imp...)...)
	}
	if len(con) > 0 {
		f = numpred.Or(append([]numpred.Expr{f}, con...)...)
	}
	return t, f
}
