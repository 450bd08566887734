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
	m, n := ca.m, a.n
	// u[i] bounds V_i (half of the unary entry), inf when unbounded.
	u := make([]int64, 2*n)
	for i := range u {
		u[i] = half(get(m, i^1, i))
	}
	cs := make([]numeric.Constraint, 0, countConstraints(m, n, u))
	vars := make([]varExprs, n)
	for x := range vars {
		vars[x] = newVarExprs(x)
		if hi, nlo := u[2*x], u[2*x+1]; hi != inf || nlo != inf {
			cs = appendBounds(cs, vars[x].pos, vars[x].neg, hi, nlo, false, false)
		}
	}
	// implied reports whether V_b - V_a <= v follows from the unary
	// bounds V_b <= u_b and -V_a <= u_(a^1).
	implied := func(a, b int, v int64) bool {
		ub, ua := u[b], u[a^1]
		return v == inf || (ub != inf && ua != inf && v >= ub+ua)
	}
	for x := 0; x < n; x++ {
		for y := x + 1; y < n; y++ {
			// x - y <= d1 (entry (2y, 2x)), y - x <= d2 (entry (2x, 2y)).
			d1, d2 := get(m, 2*y, 2*x), get(m, 2*x, 2*y)
			h1, l1 := implied(2*y, 2*x, d1), implied(2*x, 2*y, d2)
			// x + y <= s1 (entry (2y+1, 2x)), -x - y <= s2 (entry (2y, 2x+1)).
			s1, s2 := get(m, 2*y+1, 2*x), get(m, 2*y, 2*x+1)
			h2, l2 := implied(2*y+1, 2*x, s1), implied(2*y, 2*x+1, s2)
			if h1 && l1 && h2 && l2 {
				continue
			}
			vx, vy := vars[x], vars[y]
			if !h1 || !l1 {
				e, ne := exprsFor(vx.pos, vy.neg, vx.neg, vy.pos, d1, d2, h1, l1)
				cs = appendBounds(cs, e, ne, d1, d2, h1, l1)
			}
			if !h2 || !l2 {
				e, ne := exprsFor(vx.pos, vy.pos, vx.neg, vy.neg, s1, s2, h2, l2)
				cs = appendBounds(cs, e, ne, s1, s2, h2, l2)
			}
		}
	}
	return cs
}

// varExprs are the expressions x and -x of one variable.
type varExprs struct{ pos, neg numeric.LinExpr }

func newVarExprs(x int) varExprs {
	v := numeric.Var(numeric.Dim(x))
	return varExprs{v, v.Neg()}
}

// exprsFor returns e = a1 + a2 and -e = b1 + b2, for the bounds e <= hi
// and -e <= nlo, building only those appendBounds will use (a zero
// LinExpr for the other). Constraints share their expression's terms
// (AddConst does not copy them), so a constraint costs one allocation.
func exprsFor(a1, a2, b1, b2 numeric.LinExpr, hi, nlo int64, hiImplied, loImplied bool) (e, ne numeric.LinExpr) {
	eq := hi != inf && nlo != inf && hi == -nlo
	if !hiImplied || eq {
		e = a1.Add(a2)
	}
	if !loImplied && !eq {
		ne = b1.Add(b2)
	}
	return e, ne
}

// countConstraints returns the number of constraints Constraints emits
// for the closed matrix m with unary bounds u.
func countConstraints(m []int64, n int, u []int64) int {
	k := 0
	one := func(hi, nlo int64, hiImplied, loImplied bool) int {
		switch {
		case hiImplied && loImplied:
			return 0
		case hi != inf && nlo != inf && hi == -nlo:
			return 1
		case hiImplied || loImplied:
			return 1
		}
		return 2
	}
	for x := 0; x < n; x++ {
		hi, nlo := u[2*x], u[2*x+1]
		k += one(hi, nlo, hi == inf, nlo == inf)
	}
	implied := func(a, b int, v int64) bool {
		ub, ua := u[b], u[a^1]
		return v == inf || (ub != inf && ua != inf && v >= ub+ua)
	}
	for x := 0; x < n; x++ {
		for y := x + 1; y < n; y++ {
			d1, d2 := get(m, 2*y, 2*x), get(m, 2*x, 2*y)
			k += one(d1, d2, implied(2*y, 2*x, d1), implied(2*x, 2*y, d2))
			s1, s2 := get(m, 2*y+1, 2*x), get(m, 2*y, 2*x+1)
			k += one(s1, s2, implied(2*y+1, 2*x, s1), implied(2*y, 2*x+1, s2))
		}
	}
	return k
}

// appendBounds appends e <= hi and -e <= nlo, where ne is -e (as e = hi
// when they meet), leaving out the bounds that are implied or +inf.
func appendBounds(cs []numeric.Constraint, e, ne numeric.LinExpr, hi, nlo int64, hiImplied, loImplied bool) []numeric.Constraint {
	hiImplied = hiImplied || hi == inf
	loImplied = loImplied || nlo == inf
	if hi != inf && nlo != inf && hi == -nlo && !(hiImplied && loImplied) {
		return append(cs, numeric.NewConstraint(e.AddConst(numeric.I(-hi)), numeric.EQ))
	}
	if !loImplied {
		cs = append(cs, numeric.NewConstraint(ne.AddConst(numeric.I(-nlo)), numeric.LE))
	}
	if !hiImplied {
		cs = append(cs, numeric.NewConstraint(e.AddConst(numeric.I(-hi)), numeric.LE))
	}
	return cs
}

// String formats a as a conjunction of constraints, naming dimensions by
// env (nil: x0, x1, ...): "true" for top, "false" for bottom.
func (d Domain) String(a *Octagon, env *numeric.Env) string {
	return numeric.ConjString(d.Constraints(a), env)
}
