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
	share string // Options.Share
	prog  *ir.Program
}

func newPrecision(prog *ir.Program, share string) *precision {
	return &precision{index: map[numeric.Key]int{}, byLoc: map[*ir.Loc][]int{}, share: share, prog: prog}
}

// add adds c at l (and, by the sharing, wherever else it belongs) and
// reports whether it is new at l. Constant constraints are not
// predicates.
func (p *precision) add(l *ir.Loc, c numeric.Constraint) bool {
	switch p.share {
	case ShareFunction:
		return p.addAll(l, l.Func, c)
	case ShareGlobal:
		// l's function takes it whatever it mentions (a predicate
		// found in a callee may name the caller's locals: calls are
		// inlined), the others where its variables are in scope.
		added := p.addAll(l, l.Func, c)
		for _, f := range p.prog.Funcs {
			if f != l.Func && p.inScope(f, c) {
				p.addAll(l, f, c)
			}
		}
		return added
	}
	return p.addAt(l, c)
}

// addAll adds c at every location of f and reports whether it is new at
// l.
func (p *precision) addAll(l *ir.Loc, f *ir.Func, c numeric.Constraint) bool {
	added := false
	for _, m := range f.Locs {
		if p.addAt(m, c) && m == l {
			added = true
		}
	}
	return added
}

// inScope reports whether every variable of c is a global or one of f's.
// (A predicate can name the locals of a function's callers, which the
// inlined calls keep on the stack; sharing does not spread it that far.)
func (p *precision) inScope(f *ir.Func, c numeric.Constraint) bool {
	for _, id := range exprVars(nil, c.Expr()) {
		if v := p.prog.Vars[id]; v.Func != nil && v.Func != f {
			return false
		}
	}
	return true
}

// addAt adds c at l and reports whether it is new there.
func (p *precision) addAt(l *ir.Loc, c numeric.Constraint) bool {
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
