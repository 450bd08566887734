// This file implements one round of the analysis: the CPA algorithm
// (the paper's Algorithm 1) with the ABE transfer relation, merge and
// stop operators.
//
//	waitlist := {e0}; reached := {e0}
//	while waitlist ≠ ∅:
//	    e := the first state of waitlist (topological order, see less)
//	    for each CFA edge g out of e's location (calls inlined):
//	        e' := SP_g(φ) and, if blk(e, g) or e' is at an error location,
//	              the abstraction (ψ ∧ SP_g(φ))^Π(l')
//	        abstraction state: drop it if ψ' = false; stop when some
//	            reached abstraction state at l' has ψ'' with ψ' ⇒ ψ'' (BDD)
//	        otherwise: merge into the reached state with the same location,
//	            stack and block (φ'' := φ'' ∨ φ'), or add it
//
// Path formulas are guarded SSA (as bmc's unwound programs): a state's
// guard says that some path of its block reaches it, its values are SSA
// terms, and a merge names the disjunction of the guards and an
// if-then-else of the values (the latest arc whose guard holds wins,
// which is also how a model's path is read back, see pathTo). A location
// with several out-edges that are not a condition and its negation gives
// every arc a fresh choice literal, so that every path is the one with
// true guards in some model.

package abe

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/numpred/numpred/bdd"
	"github.com/numpred/numpred/encode"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/smt"
)

// mergeKey names the state a path merges into: its place and block.
type mergeKey struct {
	place ir.Place
	block int
}

// graph is one round's reached set and ARG.
type graph struct {
	r        *runner
	bm       *bdd.Manager
	t        *encode.Terms
	z        *smt.Context
	states   []*state // every state added, removed ones included (see live)
	live     int      // states not removed
	nextID   int
	nAbs     int // abstraction states not removed
	removed  int // states removed by refinements
	blocks   int
	wait     waitlist
	mergeIdx map[mergeKey]*state   // place and block -> the non-abstraction state
	absIdx   map[ir.Place][]*state // place -> abstraction states
	excl     map[*ir.Loc]bool
	env      *numeric.Env
	n        int // fresh names
	// errs are abstraction states at error locations whose path formulas
	// are satisfiable with ψ, in the order found: exploration stops for
	// each to be analysed.
	errs []*state
	// errState is the last error state analysed (the ARG's red node).
	errState *state
	// incomplete says why the reached set does not cover every path
	// (recursion, call depth): no TRUE then.
	incomplete string
	tooMany    bool
}

// newGraph returns an empty reached set holding the initial state, with a
// BDD manager for up to twice the precision's predicates (at least 64):
// refinements add predicates to the same graph until they outgrow it.
func (r *runner) newGraph() (*graph, error) {
	np := 2 * len(r.prec.preds)
	if np < 64 {
		np = 64
	}
	bm, err := bdd.New(np, 0)
	if err != nil {
		return nil, err
	}
	t, err := encode.NewTerms(r.z, r.prog, r.mode)
	if err != nil {
		return nil, err
	}
	g := &graph{r: r, bm: bm, t: t, z: r.z, mergeIdx: map[mergeKey]*state{}, absIdx: map[ir.Place][]*state{},
		excl: map[*ir.Loc]bool{}, env: r.prog.Env()}
	init := &state{loc: r.prog.Main.Entry, abs: true, psi: bm.True()}
	init.own = g.newBlock(init)
	init.own.initial = true
	g.add(init)
	g.absIdx[init.key] = append(g.absIdx[init.key], init)
	return g, nil
}

// fits reports whether g's BDD manager has a variable for every predicate
// of the precision.
func (g *graph) fits() bool { return len(g.r.prec.preds) <= g.bm.NumPreds() }

// explore runs the CPA algorithm until the waitlist is empty or an
// expanded state reached an error location (g.errs), after expanding
// every out-edge of that state.
func (g *graph) explore(ctx context.Context) error {
	// Error states a refinement removed since they were found stop
	// nothing: without this, a list of only removed ones would end the
	// exploration with states still waiting (and run would answer TRUE).
	live := g.errs[:0]
	for _, s := range g.errs {
		if !s.removed {
			live = append(live, s)
		}
	}
	g.errs = live
	for g.wait.Len() > 0 && len(g.errs) == 0 {
		if err := ctx.Err(); err != nil {
			return err
		}
		if g.live > g.r.opt.MaxStates {
			g.tooMany = true
			return nil
		}
		s := g.wait.pop()
		if s.removed {
			continue
		}
		for _, e := range s.loc.Out {
			if err := g.expand(ctx, s, e); err != nil {
				return err
			}
		}
	}
	return nil
}

// nextError returns the first error state found that refinement has not
// removed since, and drops it from g.errs; nil when there is none.
func (g *graph) nextError() *state {
	for len(g.errs) > 0 {
		s := g.errs[0]
		g.errs = g.errs[1:]
		if !s.removed {
			return s
		}
	}
	return nil
}

func (g *graph) newBlock(root *state) *block {
	g.blocks++
	return &block{id: g.blocks, root: root, start: encode.State{}}
}

// add puts s in the reached set and the waitlist.
func (g *graph) add(s *state) {
	s.id = g.nextID
	g.nextID++
	s.key = ir.Place{Stack: s.stk, Loc: s.loc}
	s.order = orderOf(g.r.topo, s.loc, s.stk)
	g.states = append(g.states, s)
	g.live++
	if s.abs {
		g.nAbs++
	}
	if s.blk != nil {
		s.blk.members = append(s.blk.members, s)
	}
	g.wait.push(s)
}

// startVal returns the start value of variable id in b.
func (g *graph) startVal(b *block, id int) *smt.Term {
	if x, ok := b.start[id]; ok {
		return x
	}
	x, side := g.t.Initial(g.r.prog.Vars[id])
	if b.initial {
		b.startFacts = append(b.startFacts, side...)
	}
	b.start[id] = x
	return x
}

// ensure gives vals a value (the start value) for every variable of ids.
func (g *graph) ensure(b *block, vals encode.State, ids []int) {
	for _, id := range ids {
		if _, ok := vals[id]; !ok {
			vals[id] = g.startVal(b, id)
		}
	}
}

func (g *graph) fresh(prefix string, s *smt.Sort) *smt.Term {
	g.n++
	return g.z.Const(fmt.Sprintf("abe!%s#%d", prefix, g.n), s)
}

// and conjoins ts, folding constants.
func (g *graph) and(ts ...*smt.Term) *smt.Term { return g.z.AndFold(ts...) }

// exclusive reports whether exactly one out-edge of l is enabled in any
// state (ir.Complementary).
func (g *graph) exclusive(l *ir.Loc) bool {
	if x, ok := g.excl[l]; ok {
		return x
	}
	x := ir.Complementary(l)
	g.excl[l] = x
	return x
}

// expand computes the successor of s along e (the transfer relation) and
// merges it into the reached set or adds it.
func (g *graph) expand(ctx context.Context, s *state, e *ir.Edge) error {
	r := g.r
	b, guard, length := s.blk, s.guard, s.length
	vals := make(encode.State, len(s.vals)+4)
	if s.abs {
		b, guard, length = s.own, g.z.True(), 0
	} else {
		for k, v := range s.vals {
			vals[k] = v
		}
	}
	if len(s.loc.Out) > 1 && !g.exclusive(s.loc) {
		guard = g.and(guard, g.fresh("choice", g.z.BoolSort()))
	}
	a := &arc{from: s, edge: e, nIn: len(s.in)}
	b.touch(edgeVars(e, s.stk))
	loc, stk := e.To, s.stk
	call, returned := false, false
	switch op := e.Op.(type) {
	case *ir.Assume:
		g.ensure(b, vals, condVars(nil, op.Cond))
		guard = g.and(guard, g.t.Cond(vals, op.Cond))
		a.blk, a.pre = b, vals
		if op.Overflow {
			b.ovf = append(b.ovf, guard)
		}
	case *ir.Assign:
		var ids []int
		for _, x := range op.Rhs {
			ids = exprVars(ids, x)
		}
		g.ensure(b, vals, ids)
		rhs := make([]*smt.Term, len(op.Rhs))
		for i, x := range op.Rhs {
			rhs[i] = g.t.ExprAs(vals, op.Lhs[i], x)
		}
		for i, x := range op.Lhs {
			vals[x.ID] = rhs[i]
		}
	case *ir.Havoc:
		if op.Def != nil {
			g.ensure(b, vals, exprVars(exprVars(nil, op.Def.X), op.Def.Y))
		}
		v, side, in := g.t.Havoc(vals, op, e)
		if len(side) > 0 {
			b.facts = append(b.facts, g.z.Implies(guard, g.and(side...)))
		}
		vals[op.Var.ID] = v
		a.input = in
		if op.Overflow {
			b.ovf = append(b.ovf, g.and(guard, g.z.Not(g.t.EqConst(v, numeric.I(0)))))
		}
	case *ir.Return:
		if fn := e.From.Func; op.HasValue && fn.Ret != nil {
			g.ensure(b, vals, exprVars(nil, op.Value))
			vals[fn.Ret.ID] = g.t.ExprAs(vals, fn.Ret, op.Value)
		}
	case *ir.Skip:
	case *ir.Call:
		fn := op.Callee
		if fn == r.prog.Main || stk.Active(fn) {
			g.incomplete = "recursion: " + fn.Name + " is called while active (not inlined)"
			return nil
		}
		if stk.Depth() >= r.opt.MaxCallDepth {
			g.incomplete = fmt.Sprintf("calls nested deeper than %d", r.opt.MaxCallDepth)
			return nil
		}
		if len(op.Args) != len(fn.Formals) {
			return fmt.Errorf("abe: %s called with %d arguments, has %d formals", fn.Name, len(op.Args), len(fn.Formals))
		}
		var ids []int
		for _, x := range op.Args {
			ids = exprVars(ids, x)
		}
		g.ensure(b, vals, ids)
		args := make([]*smt.Term, len(op.Args))
		for i, x := range op.Args {
			args[i] = g.t.ExprAs(vals, fn.Formals[i], x)
		}
		for i, f := range fn.Formals {
			vals[f.ID] = args[i]
		}
		for _, v := range append(append([]*ir.Var{}, fn.Locals...), fn.Ret) {
			if v != nil {
				x, side := g.t.Initial(v)
				b.facts = append(b.facts, side...)
				vals[v.ID] = x
			}
		}
		stk = r.stacks.Push(stk, e)
		loc = fn.Entry
		call = true
	default:
		return fmt.Errorf("abe: unknown operation %T", op)
	}
	if !call && e.To.Kind == ir.Exit && stk != nil {
		op := stk.Call().Op.(*ir.Call)
		if fn := op.Callee; op.Result != nil && fn.Ret != nil {
			g.ensure(b, vals, []int{fn.Ret.ID})
			vals[op.Result.ID] = g.t.Fit(op.Result, vals[fn.Ret.ID])
		}
		loc, stk, returned = stk.Call().To, stk.Up(), true
	}
	if err := guard.Err(); err != nil {
		return err
	}
	if v, ok := guard.BoolValue(); ok && !v {
		return nil // the edge is never taken
	}
	a.guard = guard
	length++
	blk := r.blk
	abstract := loc.Kind == ir.Error || blk.sbe ||
		(blk.lbe && (loc.LoopHead || call || returned)) ||
		(blk.loops && loc.LoopHead) ||
		(blk.k > 0 && length > blk.k)
	if !abstract {
		g.merge(b, a, loc, stk, vals, length)
		return nil
	}
	ns := &state{loc: loc, stk: stk, abs: true, in: []*arc{a}, blk: b, guard: guard, vals: vals, nFacts: len(b.facts), length: length}
	if length > r.stats.MaxBlock {
		r.stats.MaxBlock = length
	}
	if loc.Kind == ir.Error {
		if r.unsupported[loc] {
			return nil // known reachable: the run looks for violations
		}
		// ψ' = (ψ ∧ φ)^Π is false iff ψ ∧ φ is unsatisfiable.
		sat, err := g.feasible(ctx, ns)
		if err != nil || !sat {
			return err
		}
		g.add(ns)
		g.errs = append(g.errs, ns)
		return nil
	}
	t0 := time.Now()
	psi, err := g.abstraction(ctx, ns)
	r.stats.AbstractionTime += time.Since(t0)
	r.stats.Abstractions++
	if err != nil {
		return err
	}
	if g.bm.IsFalse(psi) {
		return nil
	}
	ns.psi = psi
	ns.nPrec = len(r.prec.at(loc))
	ns.cartesian = r.cartesianAt(loc)
	key := ir.Place{Stack: stk, Loc: loc}
	for _, o := range g.absIdx[key] {
		if o.removed {
			continue
		}
		r.stats.CoverChecks++
		ok, err := g.bm.Implies(psi, o.psi)
		if err != nil {
			return err
		}
		if ok && !breakCover {
			r.stats.Covered++
			// Should a refinement remove o, the arrival is expanded again.
			o.covers = append(o.covers, a)
			return nil
		}
	}
	ns.own = g.newBlock(ns)
	g.add(ns)
	g.absIdx[key] = append(g.absIdx[key], ns)
	return nil
}

// breakCover and breakMerge break the analysis on purpose, for the test
// that shows the tests notice (breakCover: cover nothing, which only
// costs time; breakMerge: a merge keeps the old path formula and drops
// the new disjunct, which is unsound).
var breakCover, breakMerge bool

// merge adds the successor (a, vals) at loc in block b: merged into the
// reached state of the same location, stack and block when there is one
// (φ := φ ∨ φ'), a new state otherwise.
func (g *graph) merge(b *block, a *arc, loc *ir.Loc, stk *ir.Stack, vals encode.State, length int) {
	mk := mergeKey{ir.Place{Stack: stk, Loc: loc}, b.id}
	m := g.mergeIdx[mk]
	if m == nil {
		ns := &state{loc: loc, stk: stk, in: []*arc{a}, blk: b, guard: a.guard, vals: vals, length: length}
		g.add(ns)
		g.mergeIdx[mk] = ns
		return
	}
	g.r.stats.Merges++
	if breakMerge {
		return
	}
	out := make(encode.State, len(m.vals))
	// In variable order: the merge names terms and creates start values,
	// and the solver's search (so the run) depends on their order.
	for _, id := range sortedIDs(m.vals) {
		x := m.vals[id]
		y, ok := vals[id]
		if !ok {
			y = g.startVal(b, id)
		}
		out[id] = g.phi(b, a.guard, y, x)
	}
	for _, id := range sortedIDs(vals) {
		if _, ok := m.vals[id]; !ok {
			out[id] = g.phi(b, a.guard, vals[id], g.startVal(b, id))
		}
	}
	m.in = append(m.in, a)
	m.vals = out
	m.guard = g.name(b, g.z.Or(m.guard, a.guard))
	if length > m.length {
		m.length = length
	}
	g.wait.push(m)
}

// sortedIDs returns the variables of st in increasing order.
func sortedIDs(st encode.State) []int {
	ids := make([]int, 0, len(st))
	for id := range st {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// phi returns the merged value ite(guard, y, x), named.
func (g *graph) phi(b *block, guard, y, x *smt.Term) *smt.Term {
	if x == y || x.Equal(y) {
		return x
	}
	return g.name(b, g.z.Ite(guard, y, x))
}

// name returns a fresh constant defined (in b's facts) as t.
func (g *graph) name(b *block, t *smt.Term) *smt.Term {
	c := g.fresh("n", t.Sort())
	b.facts = append(b.facts, g.z.Eq(c, t))
	return c
}
