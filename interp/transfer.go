// This file implements what one edge does to an abstract value: the
// transfer functions of the IR's operations, and the composition of a call
// with its callee's summary. The iteration strategy lives in fixpoint.go;
// keeping the two apart lets other engines reuse the transfer functions.

package interp

import (
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// post returns the abstract successor of a along e.
func (en *analysis[A]) post(e *ir.Edge, a A) A {
	en.tick()
	if en.d.IsBottom(a) {
		return a
	}
	en.enter(e.From.Func)
	a = en.postOp(e, a)
	if dead := en.deadAfter(e); len(dead) > 0 {
		a = en.d.Havoc(a, dead)
	}
	return a
}

// deadAfter returns the temporaries that die on e (see deadTemps).
func (en *analysis[A]) deadAfter(e *ir.Edge) []numeric.Dim {
	f := e.From.Func
	dead, ok := en.dead[f]
	if !ok {
		dead = deadTemps(f)
		en.dead[f] = dead
	}
	return dead[e]
}

// postOp is the abstract transformer of e's operation.
func (en *analysis[A]) postOp(e *ir.Edge, a A) A {
	switch op := e.Op.(type) {
	case *ir.Assign:
		dims := make([]numeric.Dim, len(op.Lhs))
		for i, x := range op.Lhs {
			dims[i] = dimOf(x)
		}
		return en.d.Assign(a, dims, op.Rhs)
	case *ir.Assume:
		return en.d.Assume(a, op.Cond)
	case *ir.Havoc:
		if op.Def != nil && op.Def.Op == ir.DefMul {
			if r, ok := en.product(a, op); ok {
				return r
			}
		}
		a = en.d.Havoc(a, []numeric.Dim{dimOf(op.Var)})
		return en.assumeRange(a, dimOf(op.Var), op.Range)
	case *ir.Call:
		return en.call(e.From.Func, op, a)
	case *ir.Return:
		if op.HasValue {
			ret := e.From.Func.Ret
			return en.d.Assign(a, []numeric.Dim{dimOf(ret)}, []numeric.LinExpr{op.Value})
		}
		return a
	case *ir.Skip:
		return a
	}
	panic("interp: unknown operation")
}

// assumeRange restricts dimension d to r.
func (en *analysis[A]) assumeRange(a A, d numeric.Dim, r numeric.Range) A {
	var cs []ir.Cond
	if lo, ok := r.Lo.Int64(); ok {
		cs = append(cs, ir.NewAtom(numeric.Ge(numeric.Var(d), numeric.Const(lo))))
	}
	if hi, ok := r.Hi.Int64(); ok {
		cs = append(cs, ir.NewAtom(numeric.Le(numeric.Var(d), numeric.Const(hi))))
	}
	if len(cs) == 0 {
		return a
	}
	return en.d.Assume(a, &ir.And{Xs: cs})
}

// callInput returns the entry value of callee for a call from state a:
// formals bound to the arguments, olds set to the entry values, and
// everything else forgotten, including what callee does not track.
func (en *analysis[A]) callInput(callee *ir.Func, op *ir.Call, a A) A {
	defer en.enter(en.enter(callee))
	s := en.s
	in := a
	if len(callee.Formals) > 0 {
		dims := make([]numeric.Dim, len(callee.Formals))
		for i, x := range callee.Formals {
			dims[i] = dimOf(x)
		}
		in = en.d.Assign(in, dims, op.Args)
	}
	keep := make([]bool, s.n)
	for _, g := range s.globalsOf[callee] {
		keep[g.ID] = true
	}
	for _, x := range callee.Formals {
		keep[x.ID] = true
	}
	var forget []numeric.Dim
	for d := 0; d < s.n; d++ {
		if !keep[d] {
			forget = append(forget, numeric.Dim(d))
		}
	}
	in = en.d.Havoc(in, forget)
	olds := s.old[callee]
	var dims []numeric.Dim
	var exprs []numeric.LinExpr
	for v, d := range olds {
		dims = append(dims, d)
		exprs = append(exprs, numeric.Var(dimOf(v)))
	}
	sortByDim(dims, exprs)
	return en.forgetForeign(en.d.Assign(in, dims, exprs))
}

// summaryOf projects the exit value of f onto f's olds, the globals f
// accesses and f's return slot.
func (en *analysis[A]) summaryOf(f *ir.Func, exit A) A {
	s := en.s
	keep := make([]bool, s.n)
	for _, g := range s.globalsOf[f] {
		keep[g.ID] = true
	}
	for _, d := range s.old[f] {
		keep[d] = true
	}
	if f.Ret != nil {
		keep[f.Ret.ID] = true
	}
	var forget []numeric.Dim
	for d := 0; d < s.n; d++ {
		if !keep[d] {
			forget = append(forget, numeric.Dim(d))
		}
	}
	return en.d.Havoc(exit, forget)
}

// call composes the state a before a call with the callee's summary (see
// space.go): the caller's state with the callee's modified globals renamed
// to mids, met with the summary with the callee's olds renamed to the same
// mids, then the result assigned and the mids forgotten.
// A split call (split.go) joins the compositions with the summaries of its
// points.
func (en *analysis[A]) call(caller *ir.Func, op *ir.Call, a A) A {
	callee := op.Callee
	in := en.callInput(callee, op, a)
	parts := en.splitInput(callee, in)
	split := parts != nil
	if !split {
		parts = []A{in}
	}
	out := en.d.Bottom()
	for _, p := range parts {
		ctx := en.noteInput(callee, p, split)
		if ctx == nil || !ctx.hasSummary || en.d.IsBottom(ctx.summary) {
			continue
		}
		out = en.d.Join(out, en.composeCall(caller, op, a, ctx.summary))
	}
	return out
}

func sortByDim(dims []numeric.Dim, exprs []numeric.LinExpr) {
	for i := 1; i < len(dims); i++ {
		for j := i; j > 0 && dims[j] < dims[j-1]; j-- {
			dims[j], dims[j-1] = dims[j-1], dims[j]
			exprs[j], exprs[j-1] = exprs[j-1], exprs[j]
		}
	}
}
