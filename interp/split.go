// This file implements split calls: a call of a recursive function whose
// input confines the function's inputs (its formals and the globals it
// accesses) to a box of at most maxSplitPoints integer points is analysed
// as one call per point, each in its point context, and the results are
// joined. A point context's summary is exact as far as the domain is (the
// eureka procedure's summaries per input), and the join of the callers'
// compositions keeps, in a relational domain, the hull of the
// input-output pairs: hanoi(n) for n in [1, 31] is 2^n - 1 without an
// overflow, where one context over the interval [1, 31] widens its result
// to every int. The points cover the box, so the union of their inputs is
// the call's input: the split loses nothing.

package interp

import (
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// maxSplitPoints is the most points a call is split into.
const maxSplitPoints = 64

// splitInput returns the inputs of one call per point of in's box on f's
// inputs (the empty ones left out; in alone when it is a point), or nil
// when the call is not split: f is not recursive, point contexts are off
// or their budget would be exceeded, the domain is strained, or the box is
// unbounded or larger than maxSplitPoints. The parts of a split call get
// point contexts of their own even where an ordinary context covers them
// (contextFor): fib(n - 2) inside fib's context over n in [2, 46] is
// otherwise that context itself, whose summary is being computed.
func (en *analysis[A]) splitInput(f *ir.Func, in A) []A {
	if en.maxPoints <= 0 || !en.recursive()[f] || en.d.Strained() || en.d.IsBottom(in) {
		return nil
	}
	dims := en.inputDimsOf(f)
	if len(dims) == 0 {
		return nil
	}
	es := make([]numeric.LinExpr, len(dims))
	for i, d := range dims {
		es[i] = numeric.Var(d)
	}
	rs, ok := en.d.Bounds(in, es)
	if !ok {
		return nil
	}
	los := make([]int64, len(dims))
	his := make([]int64, len(dims))
	count := int64(1)
	for i, r := range rs {
		lo, ok1 := r.Lo.Int64()
		hi, ok2 := r.Hi.Int64()
		if !ok1 || !ok2 || hi < lo || hi-lo >= maxSplitPoints {
			return nil
		}
		los[i], his[i] = lo, hi
		count *= hi - lo + 1
		if count > maxSplitPoints {
			return nil
		}
	}
	if count == 1 {
		return []A{in}
	}
	if len(en.points[f])+int(count) > en.maxPoints {
		return nil
	}
	var parts []A
	cur := append([]int64(nil), los...)
	for {
		atoms := make([]ir.Cond, len(dims))
		for i, d := range dims {
			atoms[i] = ir.NewAtom(numeric.Eq(numeric.Var(d), numeric.Const(cur[i])))
		}
		if p := en.d.Assume(in, &ir.And{Xs: atoms}); !en.d.IsBottom(p) {
			parts = append(parts, p)
		}
		i := 0
		for ; i < len(cur) && cur[i] == his[i]; i++ {
			cur[i] = los[i]
		}
		if i == len(cur) {
			return parts
		}
		cur[i]++
	}
}

// recursive returns the functions that may call themselves, directly or
// through others (computed once).
func (en *analysis[A]) recursive() map[*ir.Func]bool {
	if en.recursiveFuncs != nil {
		return en.recursiveFuncs
	}
	callees := map[*ir.Func][]*ir.Func{}
	for _, f := range en.prog.Funcs {
		for _, e := range f.Edges {
			if c, ok := e.Op.(*ir.Call); ok {
				callees[f] = append(callees[f], c.Callee)
			}
		}
	}
	rec := map[*ir.Func]bool{}
	for _, f := range en.prog.Funcs {
		seen := map[*ir.Func]bool{}
		stack := append([]*ir.Func(nil), callees[f]...)
		for len(stack) > 0 && !rec[f] {
			g := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if g == f {
				rec[f] = true
			}
			if !seen[g] {
				seen[g] = true
				stack = append(stack, callees[g]...)
			}
		}
	}
	en.recursiveFuncs = rec
	return rec
}
