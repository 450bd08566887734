// This file implements LinExpr, a sparse, canonical linear expression with
// exact integer coefficients.

package numeric

import (
	"cmp"
	"slices"
	"sort"
	"strings"
)

// Term is one summand Coef*x_Dim of a linear expression.
type Term struct {
	Dim  Dim
	Coef Int
}

// LinExpr is the linear expression sum_i Coef_i * x_Dim_i + Const. It is
// immutable and canonical: terms are sorted by Dim, no Dim repeats and no
// coefficient is zero, so structurally equal expressions are Equal. The
// zero value is the constant 0.
type LinExpr struct {
	terms []Term
	c     Int
}

// NewLinExpr returns the canonical form of sum(terms) + c; terms may be
// unsorted, repeat dimensions, or have zero coefficients.
func NewLinExpr(c Int, terms ...Term) LinExpr {
	ts := append([]Term(nil), terms...)
	if canonicalTerms(ts) {
		return LinExpr{terms: ts, c: c}
	}
	slices.SortStableFunc(ts, func(a, b Term) int { return cmp.Compare(a.Dim, b.Dim) })
	out := ts[:0]
	for _, t := range ts {
		if n := len(out); n > 0 && out[n-1].Dim == t.Dim {
			out[n-1].Coef = out[n-1].Coef.Add(t.Coef)
			continue
		}
		out = append(out, t)
	}
	nz := out[:0]
	for _, t := range out {
		if !t.Coef.IsZero() {
			nz = append(nz, t)
		}
	}
	if len(nz) == 0 {
		nz = nil
	}
	return LinExpr{terms: nz, c: c}
}

// AdoptLinExpr is NewLinExpr for a producer that builds its terms in
// canonical order (dimensions strictly increasing, no zero coefficient)
// and gives them up: the expression keeps terms itself instead of a
// copy. Terms that are not canonical are sorted and merged as by
// NewLinExpr, in place.
func AdoptLinExpr(c Int, terms []Term) LinExpr {
	if canonicalTerms(terms) {
		return LinExpr{terms: terms[:len(terms):len(terms)], c: c}
	}
	return NewLinExpr(c, terms...)
}

// canonicalTerms reports whether ts is already canonical: dimensions
// strictly increasing, no coefficient zero, at least one term (the
// common case of a producer that builds its terms in order).
func canonicalTerms(ts []Term) bool {
	if len(ts) == 0 {
		return false
	}
	for i, t := range ts {
		if t.Coef.IsZero() || i > 0 && ts[i-1].Dim >= t.Dim {
			return false
		}
	}
	return true
}

// Const returns the constant expression c.
func Const(c int64) LinExpr { return LinExpr{c: I(c)} }

// ConstInt returns the constant expression c.
func ConstInt(c Int) LinExpr { return LinExpr{c: c} }

// Var returns the expression 1*x_d.
func Var(d Dim) LinExpr { return LinExpr{terms: []Term{{d, I(1)}}} }

// Terms returns a copy of the terms, sorted by dimension.
func (e LinExpr) Terms() []Term { return append([]Term(nil), e.terms...) }

// NumTerms returns the number of non-zero terms.
func (e LinExpr) NumTerms() int { return len(e.terms) }

// Term returns the i-th term in dimension order.
func (e LinExpr) Term(i int) Term { return e.terms[i] }

// Constant returns the constant part.
func (e LinExpr) Constant() Int { return e.c }

// IsConst reports whether e has no variable terms.
func (e LinExpr) IsConst() bool { return len(e.terms) == 0 }

// Coef returns the coefficient of x_d (0 when absent).
func (e LinExpr) Coef(d Dim) Int {
	i := sort.Search(len(e.terms), func(i int) bool { return e.terms[i].Dim >= d })
	if i < len(e.terms) && e.terms[i].Dim == d {
		return e.terms[i].Coef
	}
	return Int{}
}

// MaxDim returns the largest dimension with a non-zero coefficient, or -1.
func (e LinExpr) MaxDim() Dim {
	if len(e.terms) == 0 {
		return -1
	}
	return e.terms[len(e.terms)-1].Dim
}

// Add returns e + f.
func (e LinExpr) Add(f LinExpr) LinExpr {
	out := make([]Term, 0, len(e.terms)+len(f.terms))
	i, j := 0, 0
	for i < len(e.terms) || j < len(f.terms) {
		switch {
		case j == len(f.terms) || (i < len(e.terms) && e.terms[i].Dim < f.terms[j].Dim):
			out = append(out, e.terms[i])
			i++
		case i == len(e.terms) || f.terms[j].Dim < e.terms[i].Dim:
			out = append(out, f.terms[j])
			j++
		default:
			if s := e.terms[i].Coef.Add(f.terms[j].Coef); !s.IsZero() {
				out = append(out, Term{e.terms[i].Dim, s})
			}
			i++
			j++
		}
	}
	if len(out) == 0 {
		out = nil
	}
	return LinExpr{terms: out, c: e.c.Add(f.c)}
}

// Scale returns k*e.
func (e LinExpr) Scale(k Int) LinExpr {
	if k.IsZero() {
		return LinExpr{}
	}
	out := make([]Term, len(e.terms))
	for i, t := range e.terms {
		out[i] = Term{t.Dim, t.Coef.Mul(k)}
	}
	if len(out) == 0 {
		out = nil
	}
	return LinExpr{terms: out, c: e.c.Mul(k)}
}

// Neg returns -e.
func (e LinExpr) Neg() LinExpr { return e.Scale(I(-1)) }

// Sub returns e - f.
func (e LinExpr) Sub(f LinExpr) LinExpr { return e.Add(f.Neg()) }

// AddConst returns e + c.
func (e LinExpr) AddConst(c Int) LinExpr { return LinExpr{terms: e.terms, c: e.c.Add(c)} }

// Equal reports whether e and f are the same expression.
func (e LinExpr) Equal(f LinExpr) bool {
	if len(e.terms) != len(f.terms) || e.c.Cmp(f.c) != 0 {
		return false
	}
	for i := range e.terms {
		if e.terms[i].Dim != f.terms[i].Dim || e.terms[i].Coef.Cmp(f.terms[i].Coef) != 0 {
			return false
		}
	}
	return true
}

// Eval returns the value of e at point p (p[d] is the value of x_d).
// Precondition: every dimension of e is < len(p).
func (e LinExpr) Eval(p []Int) Int {
	v := e.c
	for _, t := range e.terms {
		v = v.Add(t.Coef.Mul(p[t.Dim]))
	}
	return v
}

// Substitute returns e with x_d replaced by f.
func (e LinExpr) Substitute(d Dim, f LinExpr) LinExpr {
	k := e.Coef(d)
	if k.IsZero() {
		return e
	}
	return e.Add(Var(d).Scale(k.Neg())).Add(f.Scale(k))
}

// Rename returns e with every x_d renamed to x_f(d). f must be injective on
// the dimensions of e.
func (e LinExpr) Rename(f func(Dim) Dim) LinExpr {
	ts := make([]Term, len(e.terms))
	for i, t := range e.terms {
		ts[i] = Term{f(t.Dim), t.Coef}
	}
	return NewLinExpr(e.c, ts...)
}

// ContentGCD returns the gcd of the variable coefficients (0 if none).
func (e LinExpr) ContentGCD() Int {
	var g Int
	for _, t := range e.terms {
		g = g.GCD(t.Coef)
	}
	return g
}

// String formats e naming dimensions by env (nil: x0, x1, ...), e.g.
// "2x - y + 3".
func (e LinExpr) String(env *Env) string {
	var sb strings.Builder
	for i, t := range e.terms {
		writeTerm(&sb, t.Coef, env.Name(t.Dim), i == 0)
	}
	if len(e.terms) == 0 {
		sb.WriteString(e.c.String())
	} else if !e.c.IsZero() {
		writeTerm(&sb, e.c, "", false)
	}
	return sb.String()
}

func writeTerm(sb *strings.Builder, k Int, name string, first bool) {
	neg := k.Sign() < 0
	abs := k.Abs()
	switch {
	case first && neg:
		sb.WriteString("-")
	case !first && neg:
		sb.WriteString(" - ")
	case !first:
		sb.WriteString(" + ")
	}
	if name == "" {
		sb.WriteString(abs.String())
		return
	}
	if abs.Cmp(I(1)) != 0 {
		sb.WriteString(abs.String())
		if first := name[0]; first >= '0' && first <= '9' {
			sb.WriteString("*")
		}
	}
	sb.WriteString(name)
}
