// This file encodes the unwound graph as one formula: a guard per node
// (the node is reached) and per arc (the arc is taken), and the SSA
// values of every variable at every node, merged by φ-functions
// (if-then-else over the incoming arcs' guards) where arcs meet.
//
// Sketch, in topological order of the nodes:
//
//	g(entry) = true, values(entry) = arbitrary initial values
//	g(a)     = g(from) ∧ cond(a) ∧ choice(a)   (cond: an Assume's condition)
//	post(a)  = the arc's operation applied to values(from)
//	g(n)     = ∨ g(a) over the arcs a into n
//	values(n)(x) = ite(g(a1), post(a1)(x), ite(g(a2), post(a2)(x), ...))
//
// A location with several out-edges that are not one condition and its
// negation (a nondeterministic choice, two Assigns) gives each arc a free
// Boolean choice(a): otherwise the φ order would prefer one arc whenever
// both are enabled and the paths through the other would be lost. With
// choices every path of the program is the only path with true guards
// in some model, so the formula over-approximates nothing away; and in
// every model a reached node's values are those of a real path to it.
//
// A havoc's range constraints hold under its arc's guard; the initial
// values' hold unconditionally (they are fresh constants).

package bmc

import (
	"fmt"
	"maps"
	"slices"
	"time"

	"github.com/numpred/numpred/encode"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/smt"
)

// state is an immutable map from variable IDs to terms.
type state struct{ m encode.State }

// encoding is the formula of one graph under construction.
type encoding struct {
	z     *smt.Context
	t     *encode.Terms
	prog  *ir.Program
	env   *numeric.Env
	g     *graph
	facts []*smt.Term // asserted: side constraints, k-induction's assumptions
	ovf   []*smt.Term // a signed overflow happens (one term per place)
	nofit []*smt.Term // a narrowed operation is reached with operands that do not fit (encode.Terms.SetNarrow)
	excl  map[*ir.Loc]bool
	n     int // fresh names
	terms int // terms built (a size measure)
	// ctxErr is run's context check: exclusive answers false once the
	// context is done.
	ctxErr func() error
}

func newEncoding(z *smt.Context, t *encode.Terms, prog *ir.Program, g *graph) *encoding {
	return &encoding{z: z, t: t, prog: prog, env: prog.Env(), g: g, excl: map[*ir.Loc]bool{}}
}

// initial returns a state where every variable of prog has an arbitrary
// value of its type.
func (e *encoding) initial() *state {
	s := &state{m: encode.State{}}
	for _, v := range e.prog.Vars {
		x, side := e.t.Initial(v)
		s.m[v.ID] = x
		e.facts = append(e.facts, side...)
	}
	e.terms += len(e.prog.Vars)
	return s
}

// exclusive reports whether at most one out-edge of l is enabled in
// every state: its out-edges are Assumes without Nondet whose conditions
// are pairwise disjoint (a condition and its negation, or the ranges of
// an overflow check: disjoint over the integers, which the solver
// decides). A choice Boolean there would only hide, from the solver's
// simplifier, which arc a path takes.
func (e *encoding) exclusive(l *ir.Loc) bool {
	if x, ok := e.excl[l]; ok {
		return x
	}
	x := e.disjoint(l)
	e.excl[l] = x
	return x
}

func (e *encoding) disjoint(l *ir.Loc) bool {
	var conds []ir.Cond
	for _, o := range l.Out {
		a, ok := o.Op.(*ir.Assume)
		if !ok || ir.HasNondet(a.Cond) {
			return false
		}
		conds = append(conds, a.Cond)
	}
	if ir.Complementary(l) {
		return true
	}
	lia, err := encode.NewTerms(e.z, e.prog, encode.LIA)
	if err != nil {
		return false
	}
	st := encode.State{} // unconstrained integers
	ts := make([]*smt.Term, len(conds))
	for i, c := range conds {
		ts[i] = lia.Cond(st, c)
	}
	for i := range ts {
		for j := i + 1; j < len(ts); j++ {
			if e.ctxErr != nil && e.ctxErr() != nil {
				return false
			}
			sol := e.z.NewSimpleSolver()
			sol.SetTimeout(200 * time.Millisecond)
			sol.Assert(ts[i], ts[j])
			res, err := sol.Check()
			sol.Close()
			if err != nil || res != smt.Unsat {
				return false
			}
		}
	}
	return true
}

func (e *encoding) and(ts ...*smt.Term) *smt.Term {
	e.terms++
	return e.z.AndFold(ts...)
}

func (e *encoding) or(ts []*smt.Term) *smt.Term {
	e.terms++
	return e.z.OrFold(ts...)
}

func (e *encoding) fresh(prefix string) *smt.Term {
	e.n++
	e.terms++
	return e.z.Const(fmt.Sprintf("%s#%d", prefix, e.n), e.z.BoolSort())
}

// run encodes every node of the graph in topological order. Nodes
// without incoming arcs must have their guard and state set. visit, when
// non-nil, is called on every node once its guard and state are known.
func (e *encoding) run(ctxErr func() error, visit func(*node)) error {
	e.ctxErr = ctxErr
	order, err := e.g.topo()
	if err != nil {
		return err
	}
	for i, n := range order {
		if i%pollEvery == 0 {
			if err := ctxErr(); err != nil {
				return err
			}
		}
		if len(n.in) > 0 {
			e.merge(n)
		}
		if n.guard == nil || n.state == nil {
			return fmt.Errorf("bmc: internal error: node %s of %s has no guard", n.loc, n.loc.Func.Name)
		}
		if visit != nil {
			visit(n)
		}
		if dead(n.guard) {
			// Unreachable (its guard folded to false): its arcs are
			// never taken, and nothing is built for them.
			for _, a := range n.out {
				a.guard, a.post = n.guard, n.state
				if a.kind == arcCut {
					a.post = nil
				}
			}
			if !keepState(n) {
				n.state = nil
			}
			for _, a := range n.in {
				a.post = nil
			}
			continue
		}
		choice := len(n.out) > 1 && !e.exclusive(n.loc)
		keep := false
		for _, a := range n.out {
			if err := e.arc(a, choice); err != nil {
				return err
			}
			keep = keep || a.kind == arcCall
		}
		if !keep {
			n.state = nil // the out-arcs have their own; return arcs read a call node's
		}
		for _, a := range n.in {
			a.post = nil
		}
	}
	return ctxErr()
}

// merge computes n's guard and state from its incoming arcs. Guards and
// merged values get names (a constant equal to the disjunction or the
// if-then-else): the formula stays linear in the graph's size even for
// solver passes that do not share subterms.
func (e *encoding) merge(n *node) {
	gs := make([]*smt.Term, 0, len(n.in))
	ins := make([]*arc, 0, len(n.in)) // the arcs that may be taken
	for _, a := range n.in {
		if !dead(a.guard) {
			gs = append(gs, a.guard)
			ins = append(ins, a)
		}
	}
	n.guard = e.name("g", e.or(gs))
	switch len(ins) {
	case 0:
		n.state = n.in[0].post // unreachable: any state
		return
	case 1:
		n.state = ins[0].post
		return
	}
	// φ: the first arc (in order) whose guard holds gives the value; the
	// last is the default.
	last := ins[len(ins)-1].post
	out := &state{m: make(encode.State, len(last.m))}
	// In the order of the variables: the formula, and so the solver's
	// run, is the same every time.
	for _, id := range slices.Sorted(maps.Keys(last.m)) {
		v := last.m[id]
		same := true
		for _, a := range ins[:len(ins)-1] {
			if a.post.m[id] != v {
				same = false
				break
			}
		}
		if !same && breakage != "phi" {
			for i := len(ins) - 2; i >= 0; i-- {
				v = e.z.Ite(ins[i].guard, ins[i].post.m[id], v)
				e.terms++
			}
			v = e.name("phi", v)
		}
		out.m[id] = v
	}
	n.state = out
}

// dead reports whether the guard g folded to false.
func dead(g *smt.Term) bool {
	v, ok := g.BoolValue()
	return ok && !v
}

// keepState reports whether n's state must outlive its out-arcs: return
// arcs read a call node's.
func keepState(n *node) bool {
	for _, a := range n.out {
		if a.kind == arcCall {
			return true
		}
	}
	return false
}

// name returns a constant equal to t, asserting the equality (constants
// and literals are their own names).
func (e *encoding) name(prefix string, t *smt.Term) *smt.Term {
	if _, ok := t.BoolValue(); ok {
		return t
	}
	if _, ok := t.Numeral(); ok {
		return t
	}
	e.n++
	e.terms++
	c := e.z.Const(fmt.Sprintf("%s#%d", prefix, e.n), t.Sort())
	e.facts = append(e.facts, e.z.Eq(c, t))
	return c
}

// with returns a copy of s with the given variables set.
func with(s *state, vars []*ir.Var, vals []*smt.Term) *state {
	m := make(encode.State, len(s.m))
	for k, v := range s.m {
		m[k] = v
	}
	for i, v := range vars {
		m[v.ID] = vals[i]
	}
	return &state{m: m}
}

// arc computes a's guard and post state from its source's.
func (e *encoding) arc(a *arc, choice bool) error {
	from := a.from
	s := from.state
	var g []*smt.Term
	g = append(g, from.guard)
	if choice {
		g = append(g, e.fresh("choice"))
	}
	switch a.kind {
	case arcReturn:
		call := a.call
		fn := a.callee.fn
		var ret *smt.Term
		if fn.Ret != nil {
			ret = s.m[fn.Ret.ID]
		}
		// The callee's own variables get back the caller's values
		// (recursion); then the call's result.
		var vars []*ir.Var
		var vals []*smt.Term
		own := append(append(append([]*ir.Var{}, fn.Formals...), fn.Locals...), fn.Ret)
		for _, v := range own {
			// (A segment that started inside the callee has no call
			// node: the program has no recursion there, so the caller
			// is another function and keeps no value of these.)
			if v != nil && call != nil {
				vars = append(vars, v)
				vals = append(vals, call.state.m[v.ID])
			}
		}
		if op := a.edge.Op.(*ir.Call); op.Result != nil && ret != nil {
			vars = append(vars, op.Result)
			vals = append(vals, e.t.Fit(op.Result, ret))
		}
		a.guard = e.and(g...)
		a.post = with(s, vars, vals)
		return nil
	case arcCall:
		op := a.edge.Op.(*ir.Call)
		fn := op.Callee
		if len(op.Args) != len(fn.Formals) {
			return fmt.Errorf("bmc: %s called with %d arguments, has %d formals", fn.Name, len(op.Args), len(fn.Formals))
		}
		var vars []*ir.Var
		var vals []*smt.Term
		for i, f := range fn.Formals {
			vars = append(vars, f)
			vals = append(vals, e.t.ExprAs(s.m, f, op.Args[i]))
		}
		for _, v := range append(append([]*ir.Var{}, fn.Locals...), fn.Ret) {
			if v != nil {
				x, side := e.t.Initial(v)
				e.facts = append(e.facts, side...)
				vars = append(vars, v)
				vals = append(vals, x)
			}
		}
		e.terms += len(vars)
		a.guard = e.and(g...)
		a.post = with(s, vars, vals)
		return nil
	}
	// An IR edge (arcEdge, arcCut, arcLayer).
	switch op := a.edge.Op.(type) {
	case *ir.Assume:
		c := e.t.Cond(s.m, op.Cond)
		e.terms++
		a.guard = e.and(append(g, c)...)
		a.post = s
		if op.Overflow {
			e.ovf = append(e.ovf, a.guard)
		}
	case *ir.Assign:
		vals := make([]*smt.Term, len(op.Rhs))
		for i, r := range op.Rhs {
			vals[i] = e.t.ExprAs(s.m, op.Lhs[i], r)
		}
		e.terms += len(vals)
		a.guard = e.and(g...)
		a.post = with(s, op.Lhs, vals)
	case *ir.Havoc:
		v, side, in := e.t.Havoc(s.m, op, a.edge)
		e.terms++
		a.guard = e.and(g...)
		if u := e.t.Unfit(); u != nil {
			e.nofit = append(e.nofit, e.and(a.guard, u))
		}
		if o := e.t.DefOverflow(); o != nil {
			e.ovf = append(e.ovf, e.and(a.guard, o))
		}
		if len(side) > 0 {
			e.facts = append(e.facts, e.z.Implies(a.guard, e.and(side...)))
		}
		a.val, a.input = v, in
		a.post = with(s, []*ir.Var{op.Var}, []*smt.Term{v})
		if op.Overflow {
			e.ovf = append(e.ovf, e.and(a.guard, e.z.Not(e.t.EqConst(v, numeric.I(0)))))
		}
	case *ir.Return:
		a.guard = e.and(g...)
		fn := a.edge.From.Func
		if op.HasValue && fn.Ret != nil {
			a.post = with(s, []*ir.Var{fn.Ret}, []*smt.Term{e.t.ExprAs(s.m, fn.Ret, op.Value)})
		} else {
			a.post = s
		}
	case *ir.Skip, *ir.Call:
		// A Call edge as a cut arc (recursion bound): taken when reached.
		a.guard = e.and(g...)
		a.post = s
	default:
		return fmt.Errorf("bmc: unknown operation %T", op)
	}
	if err := a.guard.Err(); err != nil {
		return err
	}
	if a.kind == arcCut {
		a.post = nil
	}
	return nil
}

// errorGuard returns the disjunction of the error nodes' guards (of the
// given layer in k-induction, all when layer is 0).
func (e *encoding) errorGuard(layer int) *smt.Term {
	return e.guardOf(e.g.errors, layer)
}

// unsupportedGuard returns the disjunction of the unsupported nodes'
// guards (of the given layer in k-induction, all when layer is 0).
func (e *encoding) unsupportedGuard(layer int) *smt.Term {
	return e.guardOf(e.g.unsupported, layer)
}

func (e *encoding) guardOf(ns []*node, layer int) *smt.Term {
	var gs []*smt.Term
	for _, n := range ns {
		if layer == 0 || n.layer == layer {
			gs = append(gs, n.guard)
		}
	}
	return e.or(gs)
}

// breakage deliberately breaks the encoding, for the test that shows the
// tests catch a broken encoding: "cuts" drops the unwinding assertions,
// "phi" merges values by taking the last incoming arc's, "narrow" takes
// a narrowed formula as exact without checking that its operations fit.
var breakage string

// cutGuard returns the disjunction of the cut arcs' guards.
func (e *encoding) cutGuard() *smt.Term {
	if breakage == "cuts" {
		return e.z.False()
	}
	var gs []*smt.Term
	for _, a := range e.g.cuts {
		gs = append(gs, a.guard)
	}
	return e.or(gs)
}
