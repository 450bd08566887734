// This file implements linear constraints with integer normalisation.

package numeric

import "strings"

// Kind is the relation of a constraint to zero.
type Kind uint8

const (
	// LE is e <= 0.
	LE Kind = iota
	// EQ is e == 0.
	EQ
)

// Constraint is the linear constraint e <= 0 or e == 0 over integer
// points. It is immutable and normalised for integers when built:
//
//   - the variable coefficients are divided by their gcd g; for e <= 0 the
//     constant becomes ceil(c/g) (constant tightening: 2x <= 3 is x <= 1);
//     for e == 0 a constant not divisible by g makes the constraint false;
//   - an equality's first coefficient is positive;
//   - a constraint without variables is either the canonical true (0 <= 0)
//     or the canonical false (1 <= 0).
//
// Strict inequalities are made non-strict when built (e < 0 is e + 1 <= 0).
type Constraint struct {
	e    LinExpr
	kind Kind
}

// True and False are the canonical constant constraints.
var (
	True  = Constraint{e: Const(0), kind: LE}
	False = Constraint{e: Const(1), kind: LE}
)

// NewConstraint returns the normalised constraint e <= 0 (LE) or e == 0 (EQ).
func NewConstraint(e LinExpr, k Kind) Constraint {
	if e.IsConst() {
		c := e.Constant()
		if (k == LE && c.Sign() <= 0) || (k == EQ && c.IsZero()) {
			return True
		}
		return False
	}
	g := e.ContentGCD()
	if g.Cmp(I(1)) != 0 {
		c := e.Constant()
		if k == EQ && !c.Divisible(g) {
			return False
		}
		ts := e.Terms()
		for i := range ts {
			ts[i].Coef = ts[i].Coef.FloorDiv(g)
		}
		e = NewLinExpr(c.CeilDiv(g), ts...)
	}
	if k == EQ && e.terms[0].Coef.Sign() < 0 {
		e = e.Neg()
	}
	return Constraint{e: e, kind: k}
}

// Le returns a <= b.
func Le(a, b LinExpr) Constraint { return NewConstraint(a.Sub(b), LE) }

// Lt returns a < b, i.e. a + 1 <= b over integers.
func Lt(a, b LinExpr) Constraint { return NewConstraint(a.Sub(b).AddConst(I(1)), LE) }

// Ge returns a >= b.
func Ge(a, b LinExpr) Constraint { return Le(b, a) }

// Gt returns a > b.
func Gt(a, b LinExpr) Constraint { return Lt(b, a) }

// Eq returns a == b.
func Eq(a, b LinExpr) Constraint { return NewConstraint(a.Sub(b), EQ) }

// Expr returns e, where the constraint is e <= 0 or e == 0.
func (c Constraint) Expr() LinExpr { return c.e }

// Kind returns LE or EQ.
func (c Constraint) Kind() Kind { return c.kind }

// IsTrue reports whether c is the constant true constraint.
func (c Constraint) IsTrue() bool { return c.e.IsConst() && c.e.Constant().IsZero() }

// IsFalse reports whether c is the constant false constraint.
func (c Constraint) IsFalse() bool { return c.e.IsConst() && !c.e.Constant().IsZero() }

// Sat reports whether c holds at point p.
func (c Constraint) Sat(p []Int) bool {
	v := c.e.Eval(p)
	if c.kind == EQ {
		return v.IsZero()
	}
	return v.Sign() <= 0
}

// Equal reports whether c and d are the same normalised constraint.
func (c Constraint) Equal(d Constraint) bool { return c.kind == d.kind && c.e.Equal(d.e) }

// Negate returns the integer negation of an inequality: not(e <= 0) is
// -e + 1 <= 0. The negation of an equality is no constraint but a
// disjunction (see SplitNeq): Negate then returns ok == false.
func (c Constraint) Negate() (neg Constraint, ok bool) {
	if c.kind == LE {
		return NewConstraint(c.e.Neg().AddConst(I(1)), LE), true
	}
	return Constraint{}, false
}

// SplitNeq returns, for an equality e = 0, the inequalities e <= -1 and
// e >= 1 (that is, -e + 1 <= 0) whose disjunction is its integer
// negation. For an inequality it returns its negation twice.
func (c Constraint) SplitNeq() (lo, hi Constraint) {
	if c.kind == LE {
		n, _ := c.Negate()
		return n, n
	}
	lo = NewConstraint(c.e.AddConst(I(1)), LE)
	hi = NewConstraint(c.e.Neg().AddConst(I(1)), LE)
	return lo, hi
}

// Split returns an equality as its two inequalities e <= 0 and -e <= 0, and
// an inequality as itself.
func (c Constraint) Split() []Constraint {
	if c.kind == LE {
		return []Constraint{c}
	}
	return []Constraint{{e: c.e, kind: LE}, NewConstraint(c.e.Neg(), LE)}
}

// Canonical returns the canonical atom of an inequality and whether c is
// its negation. An inequality and its integer negation share one canonical
// atom, the one whose first variable coefficient is positive, so an atom
// and its negation can be one Boolean variable in opposite phases.
// Precondition: c is an inequality with at least one variable.
func (c Constraint) Canonical() (atom Constraint, negated bool) {
	if c.kind != LE || c.e.IsConst() || c.e.terms[0].Coef.Sign() > 0 {
		return c, false
	}
	n, _ := c.Negate()
	return n, true
}

// Rename returns c with dimensions renamed by f (injective on c's dims).
func (c Constraint) Rename(f func(Dim) Dim) Constraint {
	return NewConstraint(c.e.Rename(f), c.kind)
}

// String formats c with the variables on the left and the constant on the
// right, e.g. "2x - y <= 3" or "x - y = 1".
func (c Constraint) String(env *Env) string {
	if c.IsTrue() {
		return "true"
	}
	if c.IsFalse() {
		return "false"
	}
	lhs := LinExpr{terms: c.e.terms}
	op := " <= "
	if c.kind == EQ {
		op = " = "
	} else if allNegative(c.e.terms) {
		// -x - y <= -3 reads better as x + y >= 3.
		return lhs.Neg().String(env) + " >= " + c.e.c.String()
	}
	return lhs.String(env) + op + c.e.c.Neg().String()
}

func allNegative(ts []Term) bool {
	for _, t := range ts {
		if t.Coef.Sign() > 0 {
			return false
		}
	}
	return len(ts) > 0
}

// ConjString formats a conjunction as "c1 && c2 && ...", "true" when empty.
func ConjString(cs []Constraint, env *Env) string {
	if len(cs) == 0 {
		return "true"
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String(env)
	}
	return strings.Join(parts, " && ")
}
