// This file compiles the linear expressions and conditions of a program
// for fast evaluation: int64 coefficients and variable indices instead of
// numeric.LinExpr's numeric.Int terms, and condition trees whose atoms
// are such expressions compared with 0.
//
// Evaluation is exact. The int64 path detects every overflow (of a
// product, of a partial sum) and an operand beyond int64, and then gives
// up; the caller falls back to the numeric.LinExpr or numeric.Constraint
// the compiled form came from, whose math/big arithmetic is the
// definition. A variable whose value left int64 that way stays a big
// numeric.Int until an assignment brings it back (numeric.Int normalises
// its values), so only the steps that touch big values pay for them.

package exec

import (
	"math"
	"math/bits"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// reference, when set while New compiles a program, makes the Machine
// the tests' reference for the fast paths: it evaluates every linear
// expression, atom, range check and Def on the exact numeric path and
// checks the reads of every edge every time it meets it (as the
// interpreter did before it compiled programs).
var reference bool

// linKind classifies a compiled expression by the shape its fast path
// takes.
type linKind uint8

const (
	linBig     linKind = iota // a coefficient or the constant lies beyond int64: exact path only
	linConst                  // c
	linVarPlus                // x + c
	linGeneral                // c + sum of k*x
)

// lin is a compiled numeric.LinExpr.
type lin struct {
	kind  linKind
	v     int32 // the variable of a linVarPlus
	c     int64 // the constant
	terms []term
	exact numeric.LinExpr
}

// term is k*x_v.
type term struct {
	v int32
	k int64
}

// compileLin compiles e.
func compileLin(e numeric.LinExpr) lin {
	l := lin{exact: e}
	c, ok := e.Constant().Int64()
	if !ok || reference {
		return l // linBig
	}
	l.c = c
	n := e.NumTerms()
	l.terms = make([]term, n)
	for i := range n {
		t := e.Term(i)
		k, ok := t.Coef.Int64()
		if !ok {
			return lin{exact: e}
		}
		l.terms[i] = term{v: int32(t.Dim), k: k}
	}
	switch {
	case n == 0:
		l.kind = linConst
	case n == 1 && l.terms[0].k == 1:
		l.kind, l.v = linVarPlus, l.terms[0].v
	default:
		l.kind = linGeneral
	}
	return l
}

// eval returns the value of l at vals when the int64 path computes it
// without overflow; ok is false otherwise (evaluate l.exact instead).
func (l *lin) eval(vals []numeric.Int) (v int64, ok bool) {
	if l.kind == linVarPlus {
		if x, ok := vals[l.v].Int64(); ok {
			return add64(x, l.c)
		}
		return 0, false
	}
	return l.evalGeneral(vals)
}

// evalGeneral is eval for the kinds other than linVarPlus.
func (l *lin) evalGeneral(vals []numeric.Int) (int64, bool) {
	switch l.kind {
	case linConst:
		return l.c, true
	case linBig:
		return 0, false
	}
	s := l.c
	for _, t := range l.terms {
		x, ok := vals[t.v].Int64()
		if !ok {
			return 0, false
		}
		if t.k != 1 {
			if x, ok = mulChecked(t.k, x); !ok {
				return 0, false
			}
		}
		if s, ok = add64(s, x); !ok {
			return 0, false
		}
	}
	return s, true
}

// value returns the value of l at vals, on the int64 path when it can.
func (l *lin) value(vals []numeric.Int) numeric.Int {
	if v, ok := l.eval(vals); ok {
		return numeric.I(v)
	}
	return l.exact.Eval(vals)
}

// add64 returns a+b and whether it did not overflow.
func add64(a, b int64) (int64, bool) {
	s := a + b
	// Overflow iff a and b have the same sign and s has the other one.
	return s, (a^s)&(b^s) >= 0
}

// mulChecked returns a*b and whether it did not overflow: the 128-bit
// product of the two's complement operands fits in 64 bits.
func mulChecked(a, b int64) (int64, bool) {
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	// The unsigned product read as signed: subtract b·2^64 when a < 0 and
	// a·2^64 when b < 0.
	hi -= uint64(a>>63) & uint64(b)
	hi -= uint64(b>>63) & uint64(a)
	return int64(lo), int64(hi) == int64(lo)>>63
}

// condOp is the operator of a compiled condition.
type condOp uint8

const (
	condVarLE  condOp = iota // x_v <= t
	condVarGE                // x_v >= t
	condVarEQ                // x_v == t
	condLE                   // e <= 0
	condEQ                   // e == 0
	condNot                  // !kids[0]
	condAnd                  // kids[0] && ...
	condOr                   // kids[0] || ...
	condConst                // val
	condNondet               // ?
)

// cond is a compiled ir.Cond. An atom over one variable (whose
// coefficient normalisation has made 1 or -1) compares the variable with
// a threshold; its other fields serve the exact path all the same.
type cond struct {
	op   condOp
	val  bool  // of a condConst
	v    int32 // of a condVar atom
	t    int64 // of a condVar atom
	e    lin   // of an atom
	atom numeric.Constraint
	kids []cond
}

// compileCond compiles c.
func compileCond(c ir.Cond) cond {
	switch c := c.(type) {
	case *ir.Atom:
		op := condLE
		if c.C.Kind() == numeric.EQ {
			op = condEQ
		}
		a := cond{op: op, e: compileLin(c.C.Expr()), atom: c.C}
		a.varAtom()
		return a
	case *ir.Not:
		return cond{op: condNot, kids: []cond{compileCond(c.X)}}
	case *ir.And:
		return cond{op: condAnd, kids: compileConds(c.Xs)}
	case *ir.Or:
		return cond{op: condOr, kids: compileConds(c.Xs)}
	case *ir.BoolConst:
		return cond{op: condConst, val: c.V}
	case *ir.Nondet:
		return cond{op: condNondet}
	}
	panic("exec: unknown Cond")
}

// varAtom turns the atom a over one variable into a comparison of the
// variable with a threshold when it can: x + c <= 0 is x <= -c, -x + c
// <= 0 is x >= c, x + c == 0 is x == -c (not when -c overflows: then the
// general form is right, as it detects the overflow).
func (a *cond) varAtom() {
	if len(a.e.terms) != 1 || a.e.kind == linBig || a.e.c == math.MinInt64 {
		return
	}
	t := a.e.terms[0]
	switch {
	case t.k == 1 && a.op == condLE:
		a.op, a.t = condVarLE, -a.e.c
	case t.k == -1 && a.op == condLE:
		a.op, a.t = condVarGE, a.e.c
	case t.k == 1 && a.op == condEQ:
		a.op, a.t = condVarEQ, -a.e.c
	default:
		return
	}
	a.v = t.v
}

func compileConds(cs []ir.Cond) []cond {
	out := make([]cond, len(cs))
	for i, c := range cs {
		out[i] = compileCond(c)
	}
	return out
}

// eval evaluates c at vals as ir.Eval does: determined is false when the
// value depends on a Nondet.
func (c *cond) eval(vals []numeric.Int) (value, determined bool) {
	switch c.op {
	case condVarLE:
		if x, ok := vals[c.v].Int64(); ok {
			return x <= c.t, true
		}
		return c.atom.Sat(vals), true
	case condVarGE:
		if x, ok := vals[c.v].Int64(); ok {
			return x >= c.t, true
		}
		return c.atom.Sat(vals), true
	case condVarEQ:
		if x, ok := vals[c.v].Int64(); ok {
			return x == c.t, true
		}
		return c.atom.Sat(vals), true
	case condLE:
		if v, ok := c.e.eval(vals); ok {
			return v <= 0, true
		}
		return c.atom.Sat(vals), true
	case condEQ:
		if v, ok := c.e.eval(vals); ok {
			return v == 0, true
		}
		return c.atom.Sat(vals), true
	case condNot:
		v, ok := c.kids[0].eval(vals)
		return !v, ok
	case condAnd:
		all := true
		for i := range c.kids {
			v, ok := c.kids[i].eval(vals)
			if ok && !v {
				return false, true
			}
			all = all && ok
		}
		return true, all
	case condOr:
		all := true
		for i := range c.kids {
			v, ok := c.kids[i].eval(vals)
			if ok && v {
				return true, true
			}
			all = all && ok
		}
		return false, all
	case condConst:
		return c.val, true
	}
	return false, false // condNondet
}

// span is a compiled numeric.Range: the range's int64 part [lo, hi] and
// the range itself for values beyond int64.
type span struct {
	lo, hi int64
	r      numeric.Range
	exact  bool // check every value with r (the reference)
}

// compileRange compiles r. An infinite end on its own side becomes the
// int64 extreme there (every int64 lies within it); one on the other
// side (Lo = +oo, Hi = -oo) empties the range.
func compileRange(r numeric.Range) span {
	s := span{lo: math.MinInt64, hi: math.MaxInt64, r: r, exact: reference}
	if lo, ok := r.Lo.Int64(); ok {
		s.lo = lo
	} else if r.Lo.IsPlusInf() {
		s.lo, s.hi = 1, 0
	}
	if hi, ok := r.Hi.Int64(); ok {
		s.hi = hi
	} else if r.Hi.IsMinusInf() {
		s.lo, s.hi = 1, 0
	}
	if r.IsEmpty() || s.lo > s.hi {
		s.lo, s.hi = 1, 0
	}
	return s
}

// contains reports whether v lies in the range, as numeric.Range.Contains.
func (s *span) contains(v numeric.Int) bool {
	if x, ok := v.Int64(); ok && !s.exact {
		return s.lo <= x && x <= s.hi
	}
	return s.r.Contains(v)
}
