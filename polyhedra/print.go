// This file implements Constraints and String: the constraint view of a
// value.

package polyhedra

import (
	"cmp"
	"slices"
	"time"

	"github.com/numpred/numpred/numeric"
)

// Constraints returns the minimal constraints of a (equalities, then
// inequalities, block by block), integer-normalised; bottom gives
// [numeric.False], top the empty conjunction.
func (d *Domain) Constraints(a Poly) []numeric.Constraint {
	defer d.st.op(opConstraints, time.Now())
	return d.constraints(a)
}

func (d *Domain) constraints(a Poly) []numeric.Constraint {
	if d.isBottom(a) {
		return []numeric.Constraint{numeric.False}
	}
	cs := orderedConstraints(a)
	if !slices.IsSortedFunc(cs, cmpConstraint) {
		sortConstraints(cs)
	}
	return cs
}

// orderedConstraints returns the constraints of the non-empty a in the
// print order, normally (Domain.constraints checks it).
func orderedConstraints(a Poly) []numeric.Constraint {
	// Each block's rows are sorted as rows (cheaper than as constraints),
	// and the blocks merged by kind, number of terms and first dimension,
	// which decide between constraints of different blocks (their
	// dimensions are disjoint).
	var cs []numeric.Constraint
	if len(a.blocks) == 1 {
		cs = slices.Clone(blockConstraintsOrdered(a.blocks[0]))
	} else {
		// Small keys are sorted, not the constraints.
		type key struct{ kind, terms, first, block, pos int32 }
		var keys []key
		var all [][]numeric.Constraint
		for k, b := range a.blocks {
			bc := blockConstraintsOrdered(b)
			all = append(all, bc)
			for i, c := range bc {
				e := c.Expr()
				kind := int32(1)
				if c.Kind() == numeric.EQ {
					kind = 0
				}
				keys = append(keys, key{kind, int32(e.NumTerms()), int32(firstDim(e)), int32(k), int32(i)})
			}
		}
		slices.SortFunc(keys, func(x, y key) int {
			switch {
			case x.kind != y.kind:
				return cmp.Compare(x.kind, y.kind)
			case x.terms != y.terms:
				return cmp.Compare(x.terms, y.terms)
			case x.block != y.block:
				return cmp.Compare(x.first, y.first)
			}
			return cmp.Compare(x.pos, y.pos)
		})
		cs = make([]numeric.Constraint, len(keys))
		for i, k := range keys {
			cs[i] = all[k.block][k.pos]
		}
	}
	return cs
}

// firstDim returns the dimension of e's first term, -1 for a constant.
func firstDim(e numeric.LinExpr) int {
	if e.NumTerms() == 0 {
		return -1
	}
	return int(e.Term(0).Dim)
}

// sortConstraints sorts cs stably into the print order.
func sortConstraints(cs []numeric.Constraint) {
	slices.SortStableFunc(cs, cmpConstraint)
}

// cmpConstraint compares in the print order: equalities first, then by number of
// terms, dimensions, coefficients and constant.
func cmpConstraint(c, d numeric.Constraint) int {
	if c.Kind() != d.Kind() {
		if c.Kind() == numeric.EQ {
			return -1
		}
		return 1
	}
	e, f := c.Expr(), d.Expr()
	if e.NumTerms() != f.NumTerms() {
		return cmp.Compare(e.NumTerms(), f.NumTerms())
	}
	for i := 0; i < e.NumTerms(); i++ {
		if s, t := e.Term(i), f.Term(i); s.Dim != t.Dim {
			return cmp.Compare(s.Dim, t.Dim)
		}
	}
	for i := 0; i < e.NumTerms(); i++ {
		if k := e.Term(i).Coef.Cmp(f.Term(i).Coef); k != 0 {
			return k
		}
	}
	return e.Constant().Cmp(f.Constant())
}

// String formats a as a conjunction of constraints, naming dimensions by
// env (nil: x0, x1, ...): "true" for top, "false" for bottom.
func (d *Domain) String(a Poly, env *numeric.Env) string {
	defer d.st.op(opString, time.Now())
	return numeric.ConjString(d.constraints(a), env)
}
