// This file defines Cond, the Boolean conditions of Assume edges.

package ir

import (
	"strings"

	"github.com/numpred/numpred/numeric"
)

// Cond is a Boolean combination of linear atoms: one of *Atom, *Not, *And,
// *Or, *BoolConst, *Nondet, *Congruence.
type Cond interface {
	isCond()
}

// Atom is a linear constraint over variable IDs (e <= 0 or e == 0).
type Atom struct{ C numeric.Constraint }

// Congruence is the linear congruence C (e ≡ 0 mod m) over variable IDs:
// a fact of an invariant (a congruence domain's "x is even"). No front end
// puts one on an edge: analyses that assume a condition may take it as
// true (a sound weakening), while Eval, the encodings and the printers
// state it exactly.
type Congruence struct{ C numeric.Congruence }

// Not is the negation of X.
type Not struct{ X Cond }

// And is the conjunction of Xs (true when empty).
type And struct{ Xs []Cond }

// Or is the disjunction of Xs (false when empty).
type Or struct{ Xs []Cond }

// BoolConst is true or false.
type BoolConst struct{ V bool }

// Nondet is a condition that may be true or false (Linear Programs' `?`).
type Nondet struct{}

func (*Atom) isCond()       {}
func (*Not) isCond()        {}
func (*And) isCond()        {}
func (*Or) isCond()         {}
func (*BoolConst) isCond()  {}
func (*Nondet) isCond()     {}
func (*Congruence) isCond() {}

// NewAtom returns the atom c, or a constant when c is constant.
func NewAtom(c numeric.Constraint) Cond {
	switch {
	case c.IsTrue():
		return &BoolConst{true}
	case c.IsFalse():
		return &BoolConst{false}
	}
	return &Atom{c}
}

// Negate returns not(c), pushing negation inward to the atoms: not(e <= 0)
// is the atom -e + 1 <= 0, and not(e == 0) stays the negated atom
// !(e == 0), so that a disequality keeps its one atom (one predicate for
// the combined domains); SplitDisequality gives its two strict halves.
func Negate(c Cond) Cond {
	switch c := c.(type) {
	case *Atom:
		if n, ok := c.C.Negate(); ok {
			return NewAtom(n)
		}
		return &Not{X: c}
	case *Not:
		return c.X
	case *And:
		xs := make([]Cond, len(c.Xs))
		for i, x := range c.Xs {
			xs[i] = Negate(x)
		}
		return &Or{Xs: xs}
	case *Or:
		xs := make([]Cond, len(c.Xs))
		for i, x := range c.Xs {
			xs[i] = Negate(x)
		}
		return &And{Xs: xs}
	case *BoolConst:
		return &BoolConst{!c.V}
	case *Nondet:
		return c
	case *Congruence:
		return &Not{X: c}
	}
	panic("ir: unknown Cond")
}

// Atoms returns the linear atoms occurring in c, in order of occurrence.
func Atoms(c Cond) []numeric.Constraint {
	var out []numeric.Constraint
	var walk func(Cond)
	walk = func(c Cond) {
		switch c := c.(type) {
		case *Atom:
			out = append(out, c.C)
		case *Not:
			walk(c.X)
		case *And:
			for _, x := range c.Xs {
				walk(x)
			}
		case *Or:
			for _, x := range c.Xs {
				walk(x)
			}
		}
	}
	walk(c)
	return out
}

// Eval evaluates c at the integer point p (p[ID] is variable ID's value).
// Nondet evaluates to nondet (the second result false means "either").
func Eval(c Cond, p []numeric.Int) (value, determined bool) {
	switch c := c.(type) {
	case *Atom:
		return c.C.Sat(p), true
	case *Congruence:
		return c.C.Holds(p), true
	case *Not:
		v, ok := Eval(c.X, p)
		return !v, ok
	case *And:
		all := true
		for _, x := range c.Xs {
			v, ok := Eval(x, p)
			if ok && !v {
				return false, true
			}
			all = all && ok
		}
		return true, all
	case *Or:
		all := true
		for _, x := range c.Xs {
			v, ok := Eval(x, p)
			if ok && v {
				return true, true
			}
			all = all && ok
		}
		return false, all
	case *BoolConst:
		return c.V, true
	case *Nondet:
		return false, false
	}
	panic("ir: unknown Cond")
}

// CondEqual reports whether a and b are the same condition: the same
// operators, in the same order, over equal atoms (so an empty And and
// true are different conditions; this is equality of values, not
// equivalence).
func CondEqual(a, b Cond) bool {
	switch a := a.(type) {
	case *Atom:
		b, ok := b.(*Atom)
		return ok && a.C.Equal(b.C)
	case *Not:
		b, ok := b.(*Not)
		return ok && CondEqual(a.X, b.X)
	case *And:
		b, ok := b.(*And)
		return ok && condsEqual(a.Xs, b.Xs)
	case *Or:
		b, ok := b.(*Or)
		return ok && condsEqual(a.Xs, b.Xs)
	case *BoolConst:
		b, ok := b.(*BoolConst)
		return ok && a.V == b.V
	case *Nondet:
		_, ok := b.(*Nondet)
		return ok
	case *Congruence:
		b, ok := b.(*Congruence)
		return ok && a.C.Equal(b.C)
	}
	return false
}

func condsEqual(a, b []Cond) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !CondEqual(a[i], b[i]) {
			return false
		}
	}
	return true
}

// CondString formats c naming variables by env.
func CondString(c Cond, env *numeric.Env) string {
	switch c := c.(type) {
	case *Atom:
		return c.C.String(env)
	case *Not:
		return "!(" + CondString(c.X, env) + ")"
	case *And:
		return joinConds(c.Xs, " && ", "true", env)
	case *Or:
		return joinConds(c.Xs, " || ", "false", env)
	case *BoolConst:
		if c.V {
			return "true"
		}
		return "false"
	case *Nondet:
		return "?"
	case *Congruence:
		return c.C.String(env)
	}
	return "<bad cond>"
}

func joinConds(xs []Cond, sep, empty string, env *numeric.Env) string {
	if len(xs) == 0 {
		return empty
	}
	parts := make([]string, len(xs))
	for i, x := range xs {
		s := CondString(x, env)
		switch x.(type) {
		case *And, *Or:
			s = "(" + s + ")"
		}
		parts[i] = s
	}
	return strings.Join(parts, sep)
}

// SplitDisequality returns the two atoms e <= -1 and e >= 1 whose
// disjunction is not(e == 0), for an equality atom c.
func SplitDisequality(c numeric.Constraint) (lt, gt Cond) {
	lo, hi := c.SplitNeq()
	return NewAtom(lo), NewAtom(hi)
}

// HasNondet reports whether c mentions a Nondet (a condition whose truth
// is not a function of the state).
func HasNondet(c Cond) bool {
	switch c := c.(type) {
	case *Nondet:
		return true
	case *Not:
		return HasNondet(c.X)
	case *And:
		for _, x := range c.Xs {
			if HasNondet(x) {
				return true
			}
		}
	case *Or:
		for _, x := range c.Xs {
			if HasNondet(x) {
				return true
			}
		}
	}
	return false
}

// Complementary reports whether exactly one out-edge of l is enabled in
// every state: two Assumes whose conditions have no Nondet, one the
// negation of the other.
func Complementary(l *Loc) bool {
	if len(l.Out) != 2 {
		return false
	}
	a, ok1 := l.Out[0].Op.(*Assume)
	b, ok2 := l.Out[1].Op.(*Assume)
	return ok1 && ok2 && !HasNondet(a.Cond) && !HasNondet(b.Cond) && CondEqual(Negate(a.Cond), b.Cond)
}
