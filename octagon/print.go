// This file implements the constraint view of octagons: Constraints and
// String.

package octagon

import "github.com/numpred/numpred/numeric"

// Constraints returns a conjunction of constraints whose integer
// solutions are exactly gamma(a): for each variable its bounds (an
// equality when they meet), then for each pair the binary constraints of
// the tight closure that its unary bounds do not imply (equalities when
// x - y or x + y is fixed). Bottom gives [false], top gives none.
func (Domain) Constraints(a *Octagon) []numeric.Constraint {
	ca := a.close()
	if ca.m == nil {
		return []numeric.Constraint{numeric.False}
	}
	m := ca.m
	var cs []numeric.Constraint
	for x := 0; x < a.n; x++ {
		vx := numeric.Var(numeric.Dim(x))
		hi, nlo := upper(m, x), lowerNeg(m, x)
		switch {
		case hi != inf && nlo != inf && hi == -nlo:
			cs = append(cs, numeric.Eq(vx, numeric.Const(hi)))
		default:
			if nlo != inf {
				cs = append(cs, numeric.Ge(vx, numeric.Const(-nlo)))
			}
			if hi != inf {
				cs = append(cs, numeric.Le(vx, numeric.Const(hi)))
			}
		}
	}
	// implied reports whether V_b - V_a <= v follows from the unary
	// bounds V_b <= u_b and -V_a <= u_(a^1).
	implied := func(a, b int, v int64) bool {
		ub, ua := half(get(m, b^1, b)), half(get(m, a, a^1))
		return v == inf || (ub != inf && ua != inf && v >= ub+ua)
	}
	for x := 0; x < a.n; x++ {
		vx := numeric.Var(numeric.Dim(x))
		for y := x + 1; y < a.n; y++ {
			vy := numeric.Var(numeric.Dim(y))
			// x - y <= d1 (entry (2y, 2x)), y - x <= d2 (entry (2x, 2y)).
			d1, d2 := get(m, 2*y, 2*x), get(m, 2*x, 2*y)
			cs = appendPair(cs, vx.Sub(vy), d1, d2, implied(2*y, 2*x, d1), implied(2*x, 2*y, d2))
			// x + y <= s1 (entry (2y+1, 2x)), -x - y <= s2 (entry (2y, 2x+1)).
			s1, s2 := get(m, 2*y+1, 2*x), get(m, 2*y, 2*x+1)
			cs = appendPair(cs, vx.Add(vy), s1, s2, implied(2*y+1, 2*x, s1), implied(2*y, 2*x+1, s2))
		}
	}
	return cs
}

// appendPair appends e <= hi and -e <= nlo (as e = hi when they meet),
// leaving out the bounds that are implied.
func appendPair(cs []numeric.Constraint, e numeric.LinExpr, hi, nlo int64, hiImplied, loImplied bool) []numeric.Constraint {
	if hi != inf && nlo != inf && hi == -nlo && !(hiImplied && loImplied) {
		return append(cs, numeric.Eq(e, numeric.Const(hi)))
	}
	if !loImplied {
		cs = append(cs, numeric.Ge(e, numeric.Const(-nlo)))
	}
	if !hiImplied {
		cs = append(cs, numeric.Le(e, numeric.Const(hi)))
	}
	return cs
}

// String formats a as a conjunction of constraints, naming dimensions by
// env (nil: x0, x1, ...): "true" for top, "false" for bottom.
func (d Domain) String(a *Octagon, env *numeric.Env) string {
	return numeric.ConjString(d.Constraints(a), env)
}
