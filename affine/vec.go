// This file implements vec, a sparse linear form with exact rational
// coefficients, the row type of both representations of an affine
// space: an equation sum k_i x_i = c, or a direction vector (c = 0).

package affine

import (
	"sort"

	"github.com/numpred/numpred/numeric"
)

// term is one summand k*x_d of a vec.
type term struct {
	d numeric.Dim
	k numeric.Rat
}

// vec is sum_i ts[i].k * x_{ts[i].d} together with a constant c; as an
// equation it reads sum = c. Terms are sorted by dimension with no
// dimension repeated and no zero coefficient. A vec is immutable once
// built: operations return new term slices.
type vec struct {
	ts []term
	c  numeric.Rat
}

var ratOne = numeric.RInt(numeric.I(1))

// coef returns the coefficient of x_d in v (0 when absent).
func (v vec) coef(d numeric.Dim) numeric.Rat {
	i := sort.Search(len(v.ts), func(i int) bool { return v.ts[i].d >= d })
	if i < len(v.ts) && v.ts[i].d == d {
		return v.ts[i].k
	}
	return numeric.Rat{}
}

// isZero reports whether v has no terms (it may have a constant).
func (v vec) isZero() bool { return len(v.ts) == 0 }

// axpy returns v + k*w.
func (v vec) axpy(k numeric.Rat, w vec) vec {
	if k.Sign() == 0 {
		return v
	}
	out := make([]term, 0, len(v.ts)+len(w.ts))
	i, j := 0, 0
	for i < len(v.ts) || j < len(w.ts) {
		switch {
		case j == len(w.ts) || i < len(v.ts) && v.ts[i].d < w.ts[j].d:
			out = append(out, v.ts[i])
			i++
		case i == len(v.ts) || w.ts[j].d < v.ts[i].d:
			out = append(out, term{w.ts[j].d, k.Mul(w.ts[j].k)})
			j++
		default:
			if s := v.ts[i].k.Add(k.Mul(w.ts[j].k)); s.Sign() != 0 {
				out = append(out, term{v.ts[i].d, s})
			}
			i++
			j++
		}
	}
	return vec{ts: out, c: v.c.Add(k.Mul(w.c))}
}

// scale returns k*v.
func (v vec) scale(k numeric.Rat) vec {
	out := make([]term, len(v.ts))
	for i, t := range v.ts {
		out[i] = term{t.d, t.k.Mul(k)}
	}
	return vec{ts: out, c: v.c.Mul(k)}
}

// fromLinExpr returns the equation e = 0 as a vec: the terms of e and
// the constant -e.Constant().
func fromLinExpr(e numeric.LinExpr) vec {
	ts := make([]term, e.NumTerms())
	for i := range ts {
		t := e.Term(i)
		ts[i] = term{t.Dim, numeric.RInt(t.Coef)}
	}
	return vec{ts: ts, c: numeric.RInt(e.Constant().Neg())}
}

// integral returns the positive rational s such that s*v has coprime
// integer coefficients (the constant may stay fractional), and s*v.
// Precondition: v has a term.
func (v vec) integral() (numeric.Rat, vec) {
	l := numeric.I(1)
	var g numeric.Int
	for _, t := range v.ts {
		den := t.k.Den()
		l = l.Mul(den).FloorDiv(l.GCD(den))
	}
	for _, t := range v.ts {
		g = g.GCD(t.k.Num().Mul(l.FloorDiv(t.k.Den())))
	}
	s := numeric.R(l, g)
	return s, v.scale(s)
}

// toLinExpr returns the equation v (sum = c) as an integer expression e
// with e = 0 iff v holds: v scaled to integer coefficients and constant.
func (v vec) toLinExpr() numeric.LinExpr {
	e, _ := v.scaled()
	return e
}

// scaled returns l*(sum - c) as an integer expression, with l > 0 the
// least common denominator of v's coefficients and constant.
func (v vec) scaled() (numeric.LinExpr, numeric.Int) {
	l := v.c.Den()
	for _, t := range v.ts {
		den := t.k.Den()
		l = l.Mul(den).FloorDiv(l.GCD(den))
	}
	ts := make([]numeric.Term, len(v.ts))
	for i, t := range v.ts {
		ts[i] = numeric.Term{Dim: t.d, Coef: t.k.Num().Mul(l.FloorDiv(t.k.Den()))}
	}
	c := v.c.Num().Mul(l.FloorDiv(v.c.Den())).Neg()
	return numeric.NewLinExpr(c, ts...), l
}

// rename returns v with every x_d renamed to x_f(d), re-sorted. f must
// be injective on v's dimensions.
func (v vec) rename(f func(numeric.Dim) numeric.Dim) vec {
	out := make([]term, len(v.ts))
	for i, t := range v.ts {
		out[i] = term{f(t.d), t.k}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].d < out[j].d })
	return vec{ts: out, c: v.c}
}
