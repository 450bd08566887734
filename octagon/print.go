// This file implements the constraint view of octagons: Constraints and
// String.

package octagon

import (
	"sync/atomic"

	"github.com/numpred/numpred/numeric"
)

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
	for x := 0; x < n; x++ {
		hi, nlo := u[2*x], u[2*x+1]
		if hi != inf || nlo != inf {
			v := varExprOf(x)
			cs = appendBounds(cs, v.pos, v.neg, hi, nlo, false, false)
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
			p := pairExprOf(x, y)
			if !h1 || !l1 {
				cs = appendBounds(cs, p.diff, p.negDiff, d1, d2, h1, l1)
			}
			if !h2 || !l2 {
				cs = appendBounds(cs, p.sum, p.negSum, s1, s2, h2, l2)
			}
		}
	}
	return cs
}

// cachedDims bounds the dimensions whose expressions are cached.
const cachedDims = 128

// varExprs are the expressions x and -x of one variable.
type varExprs struct{ pos, neg numeric.LinExpr }

// pairExprs are the binary octagonal expressions over x < y.
type pairExprs struct {
	diff, negDiff, sum, negSum numeric.LinExpr // x - y, y - x, x + y, -x - y
}

// The expressions of Constraints are cached for dimensions below
// cachedDims (LinExprs are immutable, so constraints may share them, and
// AddConst does not copy their terms): the constraint view of a value then
// allocates only its result slice. Row y of pairCache holds the pairs
// (x, y) for x < y, built on first use; with 128 dimensions the cache
// holds at most 32512 expressions (about 3 MB).
var (
	varCache  [cachedDims]atomic.Pointer[varExprs]
	pairCache [cachedDims]atomic.Pointer[[]pairExprs]
)

func newVarExprs(x int) varExprs {
	v := numeric.Var(numeric.Dim(x))
	return varExprs{v, v.Neg()}
}

func newPairExprs(x, y int, vx, vy varExprs) pairExprs {
	return pairExprs{vx.pos.Add(vy.neg), vx.neg.Add(vy.pos), vx.pos.Add(vy.pos), vx.neg.Add(vy.neg)}
}

// varExprOf returns the expressions of variable x.
func varExprOf(x int) varExprs {
	if x >= cachedDims {
		return newVarExprs(x)
	}
	if v := varCache[x].Load(); v != nil {
		return *v
	}
	v := newVarExprs(x)
	varCache[x].Store(&v) // a concurrent caller may store an equal value
	return v
}

// pairExprOf returns the expressions of the pair x < y.
func pairExprOf(x, y int) pairExprs {
	if y >= cachedDims {
		return newPairExprs(x, y, varExprOf(x), varExprOf(y))
	}
	if row := pairCache[y].Load(); row != nil {
		return (*row)[x]
	}
	vy := varExprOf(y)
	row := make([]pairExprs, y)
	for x := range row {
		row[x] = newPairExprs(x, y, varExprOf(x), vy)
	}
	pairCache[y].Store(&row)
	return row[x]
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
