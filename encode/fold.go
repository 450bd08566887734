// This file folds constants: an expression, condition or operation whose
// operands are all literals in the state is built as the literal of its
// value (the value the symbolic term would have), not as a term for the
// solver. Z3's term constructors do not fold; without this a program
// whose helper is called with constant arguments put every instruction
// of every inlined copy into the formula, and a branch on a constant kept
// both sides, dead calls included, alive (a generated task: 26,000 nodes
// of an unwound graph that constant folding decides without a solver).

package encode

import (
	"math/big"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/smt"
)

// noFold turns folding off (a test compares both ways).
var noFold = false

// value returns the value of the literal x: a signed vector in BV (see
// widths), an integer in LIA; false when x is not a literal.
func (p *Path) value(x *smt.Term) (numeric.Int, bool) {
	if noFold || !p.fold {
		return numeric.Int{}, false
	}
	n, ok := x.Numeral()
	if !ok {
		return numeric.Int{}, false
	}
	if p.mode == BV {
		n = smt.ToSigned(n, width(x))
	}
	return numeric.IntFromBig(n), true
}

// litAt returns the literal v: in BV the w-bit signed vector of v mod
// 2^w (what resizing a term of value v to w bits gives), in LIA v.
func (p *Path) litAt(v numeric.Int, w int) *smt.Term {
	if p.mode == BV {
		return p.ctx.BVBig(v.Big(), w)
	}
	return p.lit(v)
}

// foldExpr returns e's value when every variable of e has a literal
// value in the current frame.
func (p *Path) foldExpr(e numeric.LinExpr) (numeric.Int, bool) {
	v := e.Constant()
	for i := 0; i < e.NumTerms(); i++ {
		tm := e.Term(i)
		x, ok := p.value(p.Var(p.prog.Vars[tm.Dim]))
		if !ok {
			return numeric.Int{}, false
		}
		v = v.Add(tm.Coef.Mul(x))
	}
	return v, true
}

// foldBool returns the value of a Boolean literal.
func (p *Path) foldBool(t *smt.Term) (bool, bool) {
	if noFold || !p.fold {
		return false, false
	}
	return t.BoolValue()
}

// foldBVDef returns the literal of the BV value of d (bvDef's term) when
// its operands fold and C defines the operation on them; nil otherwise.
func (p *Path) foldBVDef(d *ir.Def) *smt.Term {
	x, ok := p.foldExpr(d.X)
	if !ok {
		return nil
	}
	y, ok := p.foldExpr(d.Y)
	if !ok {
		return nil
	}
	if d.Op == ir.DefFloorDiv {
		if s, ok := log2(d.Y); ok {
			return p.litAt(x.FloorDiv(pow2(s)), p.w.need(d.X))
		}
		return nil
	}
	t := d.Type
	w := t.Bits
	m := new(big.Int).Lsh(big.NewInt(1), uint(w))
	ux := new(big.Int).Mod(x.Big(), m) // the operands' w-bit patterns
	uy := new(big.Int).Mod(y.Big(), m)
	sx, sy := smt.ToSigned(ux, w), smt.ToSigned(uy, w)
	var r *big.Int // the result's pattern (mod 2^w below)
	switch d.Op {
	case ir.DefMul:
		r = new(big.Int).Mul(ux, uy)
	case ir.DefDiv, ir.DefRem:
		if uy.Sign() == 0 {
			return nil // undefined: Havoc gives a fresh value
		}
		a, b := ux, uy
		if t.Signed {
			a, b = sx, sy
		}
		if d.Op == ir.DefDiv {
			r = new(big.Int).Quo(a, b) // truncated, as C and bvsdiv
		} else {
			r = new(big.Int).Rem(a, b) // the dividend's sign, as C and bvsrem
		}
	case ir.DefShl, ir.DefShr:
		if sy.Sign() < 0 || sy.Cmp(big.NewInt(int64(w))) >= 0 {
			return nil // undefined
		}
		s := uint(sy.Int64())
		switch {
		case d.Op == ir.DefShl:
			r = new(big.Int).Lsh(ux, s)
		case t.Signed:
			r = new(big.Int).Rsh(sx, s) // arithmetic: floor
		default:
			r = new(big.Int).Rsh(ux, s)
		}
	case ir.DefAnd:
		r = new(big.Int).And(ux, uy)
	case ir.DefOr:
		r = new(big.Int).Or(ux, uy)
	case ir.DefXor:
		r = new(big.Int).Xor(ux, uy)
	default:
		return nil
	}
	r.Mod(r, m)
	if t.Signed {
		return p.ctx.BVBig(r, w)
	}
	return p.ctx.BVBig(r, w+1) // extend: one zero bit wider
}

// foldLIADef returns the literal of liaDef's term when its operand folds
// (the divisor is a positive constant there); nil otherwise.
func (p *Path) foldLIADef(d *ir.Def, m numeric.Int) *smt.Term {
	x, ok := p.foldExpr(d.X)
	if !ok {
		return nil
	}
	q := x.FloorDiv(m)
	switch d.Op {
	case ir.DefFloorDiv:
	case ir.DefDiv, ir.DefRem:
		if x.Sign() < 0 {
			q = x.Neg().FloorDiv(m).Neg()
		}
		if d.Op == ir.DefRem {
			q = x.Sub(m.Mul(q))
		}
	default:
		return nil
	}
	return p.lit(q)
}

// pow2 returns 2^s.
func pow2(s int) numeric.Int {
	return numeric.IntFromBig(new(big.Int).Lsh(big.NewInt(1), uint(s)))
}
