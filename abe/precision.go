// This file defines the precision Π: L -> 2^P, predicates per location
// (the paper's parsimonious precision), and the variables of IR terms.

package abe

import (
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// precision maps locations to predicates. Predicates are linear
// constraints over program variables (dimension = variable ID), numbered
// globally: predicate i is BDD variable i of every round.
type precision struct {
	preds []numeric.Constraint
	index map[numeric.Key]int
	byLoc map[*ir.Loc][]int
}

func newPrecision() *precision {
	return &precision{index: map[numeric.Key]int{}, byLoc: map[*ir.Loc][]int{}}
}

// add adds c at l and reports whether it is new there. Constant
// constraints are not predicates.
func (p *precision) add(l *ir.Loc, c numeric.Constraint) bool {
	if c.Expr().IsConst() {
		return false
	}
	a, _ := c.Canonical()
	k := a.Key()
	i, ok := p.index[k]
	if !ok {
		i = len(p.preds)
		p.preds = append(p.preds, a)
		p.index[k] = i
	}
	for _, j := range p.byLoc[l] {
		if j == i {
			return false
		}
	}
	p.byLoc[l] = append(p.byLoc[l], i)
	return true
}

// at returns the predicates of l.
func (p *precision) at(l *ir.Loc) []int { return p.byLoc[l] }

// pairs counts the (location, predicate) pairs.
func (p *precision) pairs() int {
	n := 0
	for _, ps := range p.byLoc {
		n += len(ps)
	}
	return n
}

// exprVars appends the variable IDs of e to out.
func exprVars(out []int, e numeric.LinExpr) []int {
	for i := 0; i < e.NumTerms(); i++ {
		out = append(out, int(e.Term(i).Dim))
	}
	return out
}

// condVars appends the variable IDs of c to out.
func condVars(out []int, c ir.Cond) []int {
	switch c := c.(type) {
	case *ir.Atom:
		return exprVars(out, c.C.Expr())
	case *ir.Not:
		return condVars(out, c.X)
	case *ir.And:
		for _, x := range c.Xs {
			out = condVars(out, x)
		}
	case *ir.Or:
		for _, x := range c.Xs {
			out = condVars(out, x)
		}
	}
	return out
}
