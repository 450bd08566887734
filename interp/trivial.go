// This file implements trivialDomain, the numeric domain that tracks no
// numeric information: every value is Z^n or empty. It is the numeric part
// of pure predicate mode (V_N empty), where predicates are interpreted
// only through the BDD.

package interp

import "github.com/numpred/numpred/numeric"

// trivialVal is Z^n, or the empty set when bot.
type trivialVal struct {
	n   int
	bot bool
}

type trivialDomain struct{}

func (trivialDomain) Top(n int) trivialVal { return trivialVal{n: n} }

// PredicateOnly tells numpred that this domain keeps no numeric information.
func (trivialDomain) PredicateOnly() bool                    { return true }
func (trivialDomain) Bottom(n int) trivialVal                { return trivialVal{n: n, bot: true} }
func (trivialDomain) Dims(a trivialVal) int                  { return a.n }
func (trivialDomain) IsTop(a trivialVal) bool                { return !a.bot }
func (trivialDomain) IsBottom(a trivialVal) bool             { return a.bot }
func (trivialDomain) Leq(a, b trivialVal) bool               { return a.bot || !b.bot }
func (trivialDomain) Equal(a, b trivialVal) bool             { return a.bot == b.bot }
func (trivialDomain) Meet(a, b trivialVal) trivialVal        { return trivialVal{a.n, a.bot || b.bot} }
func (trivialDomain) Join(a, b trivialVal) trivialVal        { return trivialVal{a.n, a.bot && b.bot} }
func (trivialDomain) Widen(a, b trivialVal) trivialVal       { return trivialVal{a.n, a.bot && b.bot} }
func (trivialDomain) Narrow(a, b trivialVal) trivialVal      { return a }
func (trivialDomain) AddDims(a trivialVal, k int) trivialVal { return trivialVal{a.n + k, a.bot} }
func (trivialDomain) RemoveDims(a trivialVal, dims ...numeric.Dim) trivialVal {
	return trivialVal{a.n - len(dims), a.bot}
}
func (trivialDomain) PermuteDims(a trivialVal, perm []numeric.Dim) trivialVal { return a }
func (trivialDomain) Forget(a trivialVal, dims ...numeric.Dim) trivialVal     { return a }
func (trivialDomain) Assign(a trivialVal, dims []numeric.Dim, exprs []numeric.LinExpr) trivialVal {
	return a
}

// Assume keeps a unless a constraint is the constant false.
func (trivialDomain) Assume(a trivialVal, cs ...numeric.Constraint) trivialVal {
	for _, c := range cs {
		if c.IsFalse() {
			return trivialVal{a.n, true}
		}
	}
	return a
}

func (trivialDomain) Bound(a trivialVal, e numeric.LinExpr) numeric.Range {
	switch {
	case a.bot:
		return numeric.EmptyRange
	case e.IsConst():
		return numeric.Range{Lo: numeric.BoundDown(e.Constant()), Hi: numeric.BoundUp(e.Constant())}
	}
	return numeric.FullRange
}

func (d trivialDomain) Entails(a trivialVal, c numeric.Constraint) bool {
	return a.bot || c.IsTrue()
}

func (trivialDomain) Constraints(a trivialVal) []numeric.Constraint {
	if a.bot {
		return []numeric.Constraint{numeric.False}
	}
	return nil
}

func (trivialDomain) String(a trivialVal, env *numeric.Env) string {
	if a.bot {
		return "false"
	}
	return "true"
}
