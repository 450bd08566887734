// This file implements the random generators of expressions and
// transformers the suite draws its inputs from.

package numpredtest

import (
	"math/rand"

	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/numpred"
)

// Gen draws random expressions and transformers over a space.
type Gen struct {
	Space *numpred.Space
	R     *rand.Rand
}

func (g *Gen) dim() numeric.Dim { return numeric.Dim(g.R.Intn(g.Space.NumDims())) }

func (g *Gen) k(lo, hi int) int64 { return int64(lo + g.R.Intn(hi-lo+1)) }

// Constraint returns a small random linear constraint.
func (g *Gen) Constraint() numeric.Constraint {
	x := numeric.Var(g.dim())
	kc := numeric.Const(g.k(-3, 3))
	switch g.R.Intn(6) {
	case 0:
		return numeric.Le(x, kc)
	case 1:
		return numeric.Ge(x, kc)
	case 2:
		return numeric.Eq(x, kc)
	case 3:
		y := numeric.Var(g.dim())
		return numeric.Le(x.Sub(y), kc)
	case 4:
		y := numeric.Var(g.dim())
		return numeric.Ge(x.Add(y), kc)
	}
	return numeric.Lt(x, kc)
}

func (g *Gen) opaque() (numpred.PredID, bool) {
	var ps []numpred.PredID
	for i := 0; i < g.Space.NumPreds(); i++ {
		if _, ok := g.Space.PredAtom(numpred.PredID(i)); !ok {
			ps = append(ps, numpred.PredID(i))
		}
	}
	if len(ps) == 0 {
		return 0, false
	}
	return ps[g.R.Intn(len(ps))], true
}

// Expr returns a random expression of the given depth.
func (g *Gen) Expr(depth int) numpred.Expr {
	if depth == 0 || g.R.Intn(3) == 0 {
		switch r := g.R.Intn(10); {
		case r < 4 && g.Space.NumPreds() > 0:
			e := numpred.P(numpred.PredID(g.R.Intn(g.Space.NumPreds())))
			if g.R.Intn(2) == 0 {
				return numpred.Not(e)
			}
			return e
		case r == 9:
			return numpred.True()
		default:
			e := numpred.Atom(g.Constraint())
			if g.R.Intn(4) == 0 {
				return numpred.Not(e)
			}
			return e
		}
	}
	a, b := g.Expr(depth-1), g.Expr(depth-1)
	switch g.R.Intn(5) {
	case 0:
		return numpred.Not(numpred.And(a, b))
	case 1, 2:
		return numpred.Or(a, b)
	}
	return numpred.And(a, b)
}

// NumAssign returns a random numeric transformer.
func (g *Gen) NumAssign() numpred.NumAssign {
	x := g.dim()
	switch g.R.Intn(5) {
	case 0:
		return numpred.Assign(x, numeric.Var(x).Add(numeric.Const(g.k(-2, 2))))
	case 1:
		return numpred.Assign(x, numeric.Var(g.dim()).Add(numeric.Const(g.k(-1, 1))))
	case 2:
		return numpred.Assign(x, numeric.Const(g.k(-3, 3)))
	case 3:
		y := g.dim()
		if y == x {
			return numpred.Havoc(x)
		}
		// parallel swap
		return numpred.NumAssign{Dims: []numeric.Dim{x, y}, Exprs: []numeric.LinExpr{numeric.Var(y), numeric.Var(x)}}
	}
	return numpred.Havoc(x)
}

// PredAssign returns a random choice over an opaque predicate (ok false
// when the space has none).
func (g *Gen) PredAssign() (numpred.PredAssign, bool) {
	p, ok := g.opaque()
	if !ok {
		return numpred.PredAssign{}, false
	}
	t := g.Expr(1)
	if g.R.Intn(2) == 0 {
		return numpred.SetPred(p, t), true
	}
	return numpred.Choose(p, t, g.Expr(1)), true
}

// Transformer returns a random transformer of the given depth.
func (g *Gen) Transformer(depth int) numpred.Transformer {
	if depth == 0 || g.R.Intn(2) == 0 {
		switch g.R.Intn(5) {
		case 0:
			return g.NumAssign()
		case 1:
			return numpred.Assume{Cond: g.Expr(2)}
		case 2:
			return numpred.Cond{Guard: g.Expr(1), Num: g.NumAssign()}
		case 3:
			if pa, ok := g.PredAssign(); ok {
				return pa
			}
			return g.NumAssign()
		}
		pa, _ := g.PredAssign()
		return numpred.NumPred{Guard: g.Expr(1), Num: g.NumAssign(), Pred: pa}
	}
	a, b := g.Transformer(depth-1), g.Transformer(depth-1)
	if g.R.Intn(2) == 0 {
		return numpred.Seq{a, b}
	}
	return numpred.Choice{a, b}
}
