// This file implements the conversion of affine values to constraints
// and text.

package affine

import "github.com/numpred/numpred/numeric"

// Constraints returns a's equations with integer coefficients (none for
// top); numeric.False for bottom. Their integer solutions are exactly
// gamma(a).
func (Domain) Constraints(a Value) []numeric.Constraint {
	if a.bot {
		return []numeric.Constraint{numeric.False}
	}
	cs := make([]numeric.Constraint, len(a.eqs))
	for i, r := range a.eqs {
		cs[i] = numeric.NewConstraint(r.toLinExpr(), numeric.EQ)
	}
	return cs
}

// String formats a as "2x - y = 0 && z = 3", naming dimensions by env;
// top is "true" and bottom "false".
func (d Domain) String(a Value, env *numeric.Env) string {
	if a.bot {
		return "false"
	}
	return numeric.ConjString(d.Constraints(a), env)
}

// String formats a like Domain.String with dimensions x0, x1, ...
func (a Value) String() string { return Domain{}.String(a, nil) }

// ConstraintsWith returns the equations of a in which at most one
// dimension fails ok, as constraints (Constraints filtered before any is
// built). A reduced product that propagates bounds through the equations
// asks for those whose dimensions but one have bounds: from the others
// nothing follows.
func (Domain) ConstraintsWith(a Value, ok func(numeric.Dim) bool) []numeric.Constraint {
	if a.bot {
		return []numeric.Constraint{numeric.False}
	}
	var cs []numeric.Constraint
	for _, r := range a.eqs {
		miss := 0
		for _, t := range r.ts {
			if !ok(t.d) {
				if miss++; miss > 1 {
					break
				}
			}
		}
		if miss <= 1 {
			cs = append(cs, numeric.NewConstraint(r.toLinExpr(), numeric.EQ))
		}
	}
	return cs
}
