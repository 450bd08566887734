// This file implements the conversion of boxes to constraints and text.

package interval

import (
	"strings"

	"github.com/numpred/numpred/numeric"
)

// Constraints returns a as a conjunction: x = v for a singleton
// dimension, x >= lo and x <= hi for its finite bounds otherwise (none for
// top); numeric.False for bottom.
func (Domain) Constraints(a Box) []numeric.Constraint {
	if a.bot {
		return []numeric.Constraint{numeric.False}
	}
	var cs []numeric.Constraint
	for i, x := range a.r {
		v := numeric.Var(numeric.Dim(i))
		if x.Lo.IsFinite() && x.Lo.Cmp(x.Hi) == 0 {
			cs = append(cs, numeric.Eq(v, numeric.ConstInt(x.Lo.Int())))
			continue
		}
		if x.Lo.IsFinite() {
			cs = append(cs, numeric.Ge(v, numeric.ConstInt(x.Lo.Int())))
		}
		if x.Hi.IsFinite() {
			cs = append(cs, numeric.Le(v, numeric.ConstInt(x.Hi.Int())))
		}
	}
	return cs
}

// String formats a as "x >= 0 && x <= 10 && y = 3", naming dimensions by
// env; top is "true" and bottom "false". The text parses back with
// numeric.ParseConstraints (except "true" and "false").
func (Domain) String(a Box, env *numeric.Env) string {
	if a.bot {
		return "false"
	}
	var parts []string
	for i, x := range a.r {
		name := env.Name(numeric.Dim(i))
		switch {
		case x.Lo.IsFinite() && x.Lo.Cmp(x.Hi) == 0:
			parts = append(parts, name+" = "+x.Lo.String())
			continue
		case x.Lo.IsFinite():
			parts = append(parts, name+" >= "+x.Lo.String())
		}
		if x.Hi.IsFinite() {
			parts = append(parts, name+" <= "+x.Hi.String())
		}
	}
	if len(parts) == 0 {
		return "true"
	}
	return strings.Join(parts, " && ")
}

// String formats b like Domain.String with dimensions x0, x1, ...
func (b Box) String() string { return Domain{}.String(b, nil) }
