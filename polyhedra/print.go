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
	if len(a.blocks) == 1 {
		// The rows sorted as rows (cheaper than as constraints), then
		// checked in the print order, which they normally already follow.
		cs := blockConstraintsOrdered(a.blocks[0])
		if !slices.IsSortedFunc(cs, cmpConstraint) {
			sortConstraints(cs)
		}
		return cs
	}
	var cs []numeric.Constraint
	for _, b := range a.blocks {
		cs = append(cs, blockConstraints(b)...)
	}
	sortConstraints(cs)
	return cs
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
