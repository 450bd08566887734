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
// predicates. A shared predicate is held once per function (at its
// entry's key), not copied to every location.
func (p *precision) add(l *ir.Loc, c numeric.Constraint) bool {
	if c.Expr().IsConst() {
		return false
	}
	added := p.addAt(p.key(l), c)
	if p.share == ShareGlobal {
		// l's function takes it whatever it mentions (a predicate found
		// in a callee may name the caller's locals: calls are inlined),
		// the others where its variables are in scope.
		for _, f := range p.prog.Funcs {
			if f != l.Func && p.inScope(f, c) {
				p.addAt(f.Entry, c)
			}
		}
	}
	return added
}

// key is the location whose list holds l's predicates: l itself, or its
// function's entry when predicates are shared.
func (p *precision) key(l *ir.Loc) *ir.Loc {
	if p.share == ShareFunction || p.share == ShareGlobal {
		return l.Func.Entry
	}
	return l
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

// addAt adds c to the list of key k and reports whether it is new there.
func (p *precision) addAt(k *ir.Loc, c numeric.Constraint) bool {
	a, _ := c.Canonical()
	i, ok := p.index[a.Key()]
	if !ok {
		i = len(p.preds)
		p.preds = append(p.preds, a)
		p.index[a.Key()] = i
	}
	for _, j := range p.byLoc[k] {
		if j == i {
			return false
		}
	}
	p.byLoc[k] = append(p.byLoc[k], i)
	return true
}

// at returns the predicates of l.
func (p *precision) at(l *ir.Loc) []int { return p.byLoc[p.key(l)] }

// pairs counts the (location, predicate) pairs (with sharing, one
// function entry stands for its function's locations).
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
