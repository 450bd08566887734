// This file implements Expr, the Boolean expressions over predicates and
// linear atoms that alpha abstracts and gamma produces (the set E of
// Section III), with their concrete evaluation and negation normal form.

package numpred

import (
	"fmt"
	"strings"

	"github.com/numpred/numpred/numeric"
)

// ExprKind is the top-level form of an Expr.
type ExprKind uint8

const (
	// ExprTrue is the constant true.
	ExprTrue ExprKind = iota
	// ExprFalse is the constant false.
	ExprFalse
	// ExprPred is a predicate p (or its primed copy p').
	ExprPred
	// ExprAtom is a linear atom over the numeric variables.
	ExprAtom
	// ExprNot is a negation.
	ExprNot
	// ExprAnd is a conjunction.
	ExprAnd
	// ExprOr is a disjunction.
	ExprOr
)

// Expr is an immutable Boolean expression over predicates and linear
// atoms. Build it with True, False, P, Primed, Atom, Not, And, Or.
type Expr struct {
	kind   ExprKind
	pred   PredID
	primed bool
	atom   numeric.Constraint
	args   []Expr
}

// True returns the expression true.
func True() Expr { return Expr{kind: ExprTrue} }

// False returns the expression false.
func False() Expr { return Expr{kind: ExprFalse} }

// P returns the predicate p as an expression.
func P(p PredID) Expr { return Expr{kind: ExprPred, pred: p} }

// Primed returns the primed copy p' of predicate p (the next-state value
// inside predicate transformers; Fig. 4's V'_P).
func Primed(p PredID) Expr { return Expr{kind: ExprPred, pred: p, primed: true} }

// Atom returns the linear atom c. A constant c becomes True or False.
func Atom(c numeric.Constraint) Expr {
	switch {
	case c.IsTrue():
		return True()
	case c.IsFalse():
		return False()
	}
	return Expr{kind: ExprAtom, atom: c}
}

// Atoms returns the conjunction of the atoms cs.
func Atoms(cs ...numeric.Constraint) Expr {
	es := make([]Expr, len(cs))
	for i, c := range cs {
		es[i] = Atom(c)
	}
	return And(es...)
}

// Not returns the negation of e.
func Not(e Expr) Expr {
	switch e.kind {
	case ExprTrue:
		return False()
	case ExprFalse:
		return True()
	case ExprNot:
		return e.args[0]
	}
	return Expr{kind: ExprNot, args: []Expr{e}}
}

// And returns the conjunction of es (True when empty).
func And(es ...Expr) Expr { return nary(ExprAnd, es) }

// Or returns the disjunction of es (False when empty).
func Or(es ...Expr) Expr { return nary(ExprOr, es) }

func nary(k ExprKind, es []Expr) Expr {
	unit, zero := ExprTrue, ExprFalse
	if k == ExprOr {
		unit, zero = ExprFalse, ExprTrue
	}
	var out []Expr
	for _, e := range es {
		switch {
		case e.kind == unit:
			continue
		case e.kind == zero:
			return Expr{kind: zero}
		case e.kind == k:
			out = append(out, e.args...)
		default:
			out = append(out, e)
		}
	}
	switch len(out) {
	case 0:
		return Expr{kind: unit}
	case 1:
		return out[0]
	}
	return Expr{kind: k, args: out}
}

// Kind returns e's top-level form.
func (e Expr) Kind() ExprKind { return e.kind }

// Pred returns the predicate of an ExprPred and whether it is primed.
func (e Expr) Pred() (p PredID, primed bool) { return e.pred, e.primed }

// Constraint returns the atom of an ExprAtom.
func (e Expr) Constraint() numeric.Constraint { return e.atom }

// Args returns the operands of ExprNot, ExprAnd and ExprOr.
func (e Expr) Args() []Expr { return append([]Expr(nil), e.args...) }

// Eval reports whether e holds in the concrete state st.
func (e Expr) Eval(st State) bool {
	switch e.kind {
	case ExprTrue:
		return true
	case ExprFalse:
		return false
	case ExprPred:
		if e.primed {
			return st.Primed[e.pred]
		}
		return st.Preds[e.pred]
	case ExprAtom:
		return e.atom.Sat(st.Point)
	case ExprNot:
		return !e.args[0].Eval(st)
	case ExprAnd:
		for _, a := range e.args {
			if !a.Eval(st) {
				return false
			}
		}
		return true
	case ExprOr:
		for _, a := range e.args {
			if a.Eval(st) {
				return true
			}
		}
		return false
	}
	panic(fmt.Sprintf("numpred: bad expression kind %d", e.kind))
}

// String formats e with the names of sp (nil sp: p0, x0, ...).
func (e Expr) String(sp *Space) string {
	var env *numeric.Env
	if sp != nil {
		env = sp.env
	}
	switch e.kind {
	case ExprTrue:
		return "true"
	case ExprFalse:
		return "false"
	case ExprPred:
		name := fmt.Sprintf("p%d", e.pred)
		if sp != nil {
			name = sp.PredName(e.pred)
			if _, ok := sp.PredAtom(e.pred); ok {
				name = "(" + name + ")"
			}
		}
		if e.primed {
			name += "'"
		}
		return name
	case ExprAtom:
		return "(" + e.atom.String(env) + ")"
	case ExprNot:
		return "!" + e.args[0].paren(sp)
	}
	sep := " && "
	if e.kind == ExprOr {
		sep = " || "
	}
	parts := make([]string, len(e.args))
	for i, a := range e.args {
		parts[i] = a.paren(sp)
	}
	return strings.Join(parts, sep)
}

func (e Expr) paren(sp *Space) string {
	if e.kind == ExprAnd || e.kind == ExprOr {
		return "(" + e.String(sp) + ")"
	}
	return e.String(sp)
}

// literal is a leaf of an expression in negation normal form: a possibly
// primed predicate with a phase, or a linear constraint with a phase.
type literal struct {
	isPred bool
	pred   PredID
	primed bool
	atom   numeric.Constraint
	pos    bool
}

// nnf is an expression in negation normal form: a literal, or an and/or
// of nnf expressions, or a constant.
type nnf struct {
	kind ExprKind // ExprTrue, ExprFalse, ExprAnd, ExprOr, or ExprPred for a literal
	lit  literal
	args []nnf
}

// toNNF pushes negations down to the literals.
func toNNF(e Expr, pos bool) nnf {
	switch e.kind {
	case ExprTrue, ExprFalse:
		if (e.kind == ExprTrue) == pos {
			return nnf{kind: ExprTrue}
		}
		return nnf{kind: ExprFalse}
	case ExprPred:
		return nnf{kind: ExprPred, lit: literal{isPred: true, pred: e.pred, primed: e.primed, pos: pos}}
	case ExprAtom:
		return nnf{kind: ExprPred, lit: literal{atom: e.atom, pos: pos}}
	case ExprNot:
		return toNNF(e.args[0], !pos)
	case ExprAnd, ExprOr:
		k := e.kind
		if !pos {
			k = ExprAnd + ExprOr - k
		}
		out := nnf{kind: k}
		for _, a := range e.args {
			out.args = append(out.args, toNNF(a, pos))
		}
		return out
	}
	panic(fmt.Sprintf("numpred: bad expression kind %d", e.kind))
}
