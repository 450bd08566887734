// This file implements the analysis of an abstract error path: the chain
// of abstraction states from the initial state to the error state, the
// conjunction of the (disjunctive) path formulas the chain's abstractions
// were computed from, a concrete counterexample when it is satisfiable,
// and the refinement of the precision when it is not.
//
// Refinement. The block formulas are disjunctions over paths, and the
// interpolation we have (package itp, Farkas multipliers) works on
// conjunctions of linear constraints, so the refiner interpolates one
// program path through the blocks: the longest prefix of blocks whose
// conjunction is satisfiable gives a model, and the model a path through
// each of those blocks (pathTo); the first block that makes the
// conjunction unsatisfiable gives a path from a model of its own formula.
// That path is infeasible (its prefix implies the satisfiable prefix, its
// last block implies the block that contradicts it), so its linear form
// usually has Farkas sequence interpolants; those at the block boundaries,
// renamed to program variables, become predicates at the abstraction
// locations there. When the linear form is feasible (the infeasibility
// comes from a disjunction, a disequality or a non-linear operation) the
// refiner falls back to every atom of the path's conditions, at every
// abstraction location of the chain. A refinement that adds nothing new
// ends the run with UNKNOWN. Any predicates are sound: they only decide
// how precise the next round is.

package abe

import (
	"context"
	"errors"
	"fmt"

	"github.com/numpred/numpred/cex"
	"github.com/numpred/numpred/encode"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/ir/exec"
	"github.com/numpred/numpred/itp"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/smt"
)

type outcome struct {
	done bool
	// again: the error state was an unsupported location with a feasible
	// path (now in runner.unsupported): run the analysis again without it.
	again bool
}

// chainOf returns the abstraction states from the initial state to s.
func chainOf(s *state) []*state {
	var rev []*state
	for c := s; ; c = c.blk.root {
		rev = append(rev, c)
		if c.blk == nil {
			break
		}
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev
}

// assertBlock asserts the path formula of chain[i] (in the block of
// chain[i-1]) and, for i > 1, the equalities that start the block of
// chain[i-1] with the values chain[i-1] arrived with.
func (g *graph) assertBlock(sol *smt.Solver, chain []*state, i int) {
	s := chain[i]
	b := s.blk
	sol.Assert(b.startFacts...)
	sol.Assert(b.facts[:s.nFacts]...)
	sol.Assert(s.guard)
	if i > 1 {
		prev := chain[i-1]
		for id, x := range b.start {
			v, ok := prev.vals[id]
			if !ok {
				v = g.startVal(prev.blk, id)
			}
			sol.Assert(g.z.Eq(x, v))
		}
	}
}

// closeLinks creates, backwards along chain, the start values that the
// equalities of assertBlock need: a variable a block reads at its start
// that the previous block never touched is the previous block's start
// value, which must exist before that block's equalities are asserted.
func (g *graph) closeLinks(chain []*state) {
	for i := len(chain) - 1; i > 1; i-- {
		prev := chain[i-1]
		for id := range chain[i].blk.start {
			if _, ok := prev.vals[id]; !ok {
				g.startVal(prev.blk, id)
			}
		}
	}
}

// ovfOf returns the overflow terms of the chain's blocks.
func ovfOf(chain []*state) []*smt.Term {
	var out []*smt.Term
	for _, s := range chain[1:] {
		for _, o := range s.blk.ovf {
			out = append(out, o)
		}
	}
	return out
}

// analyse checks the error path of errS: FALSE (replayed), UNKNOWN, or a
// refinement of the precision (done false).
func (r *runner) analyse(ctx context.Context, g *graph, errS *state) (outcome, error) {
	chain := chainOf(errS)
	g.closeLinks(chain)
	sol := r.solver()
	defer sol.Close()
	for i := 1; i < len(chain); i++ {
		g.assertBlock(sol, chain, i)
	}
	if err := sol.Err(); err != nil {
		return outcome{}, err
	}
	var noOvf []*smt.Term
	for _, o := range ovfOf(chain) {
		noOvf = append(noOvf, g.z.Not(o))
	}
	res, err := r.check(ctx, sol, noOvf...)
	if err != nil {
		return outcome{}, err
	}
	switch res {
	case smt.Sat:
		if errS.loc.Unsupported != nil {
			// A feasible path into a construct the front end does not
			// model: no TRUE, but a violation elsewhere still counts, so
			// the analysis runs again with the location left out.
			if r.unsupported == nil {
				r.unsupported = map[*ir.Loc]bool{}
			}
			r.unsupported[errS.loc] = true
			return outcome{again: true}, nil
		}
		return r.counterexample(ctx, g, sol, chain)
	case smt.Unknown:
		r.res.Reason = engine.NewReason(engine.Failure, "solver: "+sol.ReasonUnknown())
		return outcome{done: true}, nil
	}
	if len(noOvf) > 0 {
		res, err := r.check(ctx, sol)
		if err != nil {
			return outcome{}, err
		}
		if res != smt.Unsat {
			r.res.Reason = engine.NewReason(engine.Untrusted, "an error is reachable, but only after a signed integer overflow (undefined behaviour in C)")
			if res == smt.Unknown {
				r.res.Reason = engine.NewReason(engine.Failure, "solver: "+sol.ReasonUnknown())
			}
			return outcome{done: true}, nil
		}
	}
	added, err := r.refine(ctx, g, chain)
	if err != nil {
		return outcome{}, err
	}
	if !added {
		r.res.Reason = engine.NewReason(engine.Imprecise, "refinement made no progress: the error path is infeasible but no new predicate removes it")
		return outcome{done: true}, nil
	}
	return outcome{}, nil
}

// pathTo returns the arcs of the path a model takes from the block root
// of abstraction state s to s: backwards from s's arrival, at each merged
// state the latest arc (among those that existed when the path's next arc
// was made) whose guard holds, as the merged values choose.
func pathTo(m *smt.Model, s *state) ([]*arc, error) {
	var rev []*arc
	a := s.in[0]
	for {
		rev = append(rev, a)
		p := a.from
		if p.abs {
			break
		}
		var next *arc
		for k := a.nIn - 1; k >= 0; k-- {
			ok, err := m.Bool(p.in[k].guard)
			if err != nil {
				return nil, err
			}
			if ok {
				next = p.in[k]
				break
			}
		}
		if next == nil {
			return nil, fmt.Errorf("abe: internal error: the model's path breaks at %s", p.loc)
		}
		a = next
	}
	for i, j := 0, len(rev)-1; i < j; i, j = i+1, j-1 {
		rev[i], rev[j] = rev[j], rev[i]
	}
	return rev, nil
}

// counterexample reads the path and inputs of the satisfied error path
// formula, runs the program along it and replays its inputs.
func (r *runner) counterexample(ctx context.Context, g *graph, sol *smt.Solver, chain []*state) (outcome, error) {
	m, err := sol.Model()
	if err != nil {
		return outcome{}, err
	}
	defer m.Close()
	var path []*arc
	for _, s := range chain[1:] {
		p, err := pathTo(m, s)
		if err != nil {
			return outcome{}, err
		}
		path = append(path, p...)
	}
	f := &follow{path: path, vals: map[*arc]numeric.Int{}}
	for _, a := range path {
		if a.input != nil {
			raw, err := m.Int(a.input.Term)
			if err != nil {
				return outcome{}, err
			}
			f.vals[a] = encode.Value(*a.input, raw)
		}
	}
	limit := 4*len(path) + 1024
	run := exec.New(r.prog).Run(f, exec.Options{MaxSteps: limit, Stop: func() bool { return ctx.Err() != nil }})
	if ctx.Err() != nil {
		return outcome{}, ctx.Err()
	}
	var cx *cex.Counterexample
	if run.Outcome == exec.ErrorReached {
		cx, err = cex.Replay(ctx, r.prog, run.InputValues(), cex.ReplayOptions{MaxSteps: limit})
		if errors.Is(err, cex.ErrNotReached) {
			cx, err = nil, nil
		}
		if err != nil {
			return outcome{}, err
		}
	}
	if cx == nil {
		r.res.Reason = engine.NewReason(engine.Untrusted, "the error path formula is satisfiable, but its inputs do not reach the error when replayed")
	} else {
		r.res.Falsify(r.prog, cx)
	}
	return outcome{done: true}, nil
}

// follow is an exec.Oracle that makes a run take a path of arcs: an input
// gets the model's value at the path's next arc of that edge, a choice
// the path's next edge out of that location.
type follow struct {
	path []*arc
	vals map[*arc]numeric.Int
	pos  int
}

func (f *follow) seek(match func(*arc) bool) *arc {
	for j := f.pos; j < len(f.path); j++ {
		if match(f.path[j]) {
			f.pos = j + 1
			return f.path[j]
		}
	}
	return nil
}

func (f *follow) Input(h *ir.Havoc, at *ir.Edge) (numeric.Int, bool) {
	a := f.seek(func(a *arc) bool { return a.edge == at })
	if a == nil {
		return numeric.Int{}, false
	}
	v, ok := f.vals[a]
	return v, ok
}

func (f *follow) Arbitrary(h *ir.Havoc, _ *ir.Edge) numeric.Int {
	// As exec.Inputs does, so that cex.Replay repeats the run.
	if lo, ok := h.Range.Lo.Int64(); ok && lo > 0 {
		return numeric.I(lo)
	}
	if hi, ok := h.Range.Hi.Int64(); ok && hi < 0 {
		return numeric.I(hi)
	}
	return numeric.I(0)
}

func (f *follow) Choose(at *ir.Loc, enabled []*ir.Edge) (int, bool) {
	a := f.seek(func(a *arc) bool { return a.edge.From == at })
	if a == nil {
		return 0, false
	}
	for i, e := range enabled {
		if e == a.edge {
			return i, true
		}
	}
	return 0, false
}

// refine adds predicates that remove the infeasible error path of chain
// and reports whether any is new: the interpolants of the abstractly
// feasible paths through the blocks (abstractPaths), else of the paths
// of a satisfiable prefix (prefixPaths), else the path's atoms.
func (r *runner) refine(ctx context.Context, g *graph, chain []*state) (bool, error) {
	paths, picks, err := r.abstractPaths(ctx, g, chain)
	if err != nil {
		return false, err
	}
	how := "abstract"
	added := paths != nil && r.addInterpolants(chain, paths, picks)
	if !added {
		how = "prefix"
		if paths, picks, err = r.prefixPaths(ctx, g, chain); err != nil {
			return false, err
		}
		added = paths != nil && r.addInterpolants(chain, paths, picks)
	}
	if !added && len(paths) > 1 {
		// The atoms of the last path's conditions at the abstraction
		// location before it (more would make the boolean abstraction
		// explode).
		how = "atoms"
		at := chain[len(paths)-1].loc
		for _, a := range paths[len(paths)-1] {
			if as, ok := a.edge.Op.(*ir.Assume); ok {
				for _, c := range ir.Atoms(as.Cond) {
					if r.prec.add(at, c) {
						added = true
					}
				}
			}
		}
	}
	r.logf("refinement (%s): chain of %d, paths through %d blocks, new predicates %v", how, len(chain)-1, len(paths), added)
	return added, nil
}

// addInterpolants adds the interpolants of paths (through the blocks of
// chain[1:]) at the chain's abstraction locations and reports whether
// any is new.
func (r *runner) addInterpolants(chain []*state, paths [][]*arc, picks map[*arc][]int) bool {
	itps, ok := interpolate(r.prog, paths, picks)
	if !ok {
		return false
	}
	env := r.prog.Env()
	added := false
	for k, cs := range itps {
		for _, c := range cs {
			if r.prec.add(chain[k+1].loc, c) {
				added = true
				r.logf("  predicate at %s %s: %s", chain[k+1].loc.Func.Name, chain[k+1].loc, c.String(env))
			}
		}
	}
	return added
}

// abstractPaths returns one program path through each block of chain
// such that consecutive paths meet in states that agree on every
// predicate of the precision at the abstraction location between them:
// the paths the abstract error path stands for. With the boolean
// abstraction there always are such paths (ψ_i holds the predicate
// valuations of every end state of block i), and their interpolants
// cannot all be in the precision already: a path's end satisfies its
// interpolant, which the next path's start then satisfies too, down to
// false. It returns nil when there are none (the cartesian abstraction
// loses valuations).
func (r *runner) abstractPaths(ctx context.Context, g *graph, chain []*state) ([][]*arc, map[*arc][]int, error) {
	sol := r.solver()
	defer sol.Close()
	for i := 1; i < len(chain); i++ {
		s := chain[i]
		b := s.blk
		sol.Assert(b.startFacts...)
		sol.Assert(b.facts[:s.nFacts]...)
		sol.Assert(s.guard)
		if i == 1 {
			continue
		}
		prev := chain[i-1]
		for _, k := range r.prec.at(prev.loc) {
			c := r.prec.preds[k]
			ids := exprVars(nil, c.Expr())
			g.ensure(prev.blk, prev.vals, ids)
			for _, id := range ids {
				g.startVal(b, id)
			}
			sol.Assert(g.z.Iff(g.t.Constraint(prev.vals, c), g.t.Constraint(b.start, c)))
		}
	}
	if err := sol.Err(); err != nil {
		return nil, nil, err
	}
	res, err := r.check(ctx, sol)
	if err != nil || res != smt.Sat {
		return nil, nil, err
	}
	return g.readPaths(sol, chain[1:])
}

// readPaths returns the model's path to each state of to, and the
// disjuncts the model takes on them (see picksOf).
func (g *graph) readPaths(sol *smt.Solver, to []*state) ([][]*arc, map[*arc][]int, error) {
	m, err := sol.Model()
	if err != nil {
		return nil, nil, err
	}
	defer m.Close()
	var out [][]*arc
	picks := map[*arc][]int{}
	for _, s := range to {
		p, err := pathTo(m, s)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, p)
		for _, a := range p {
			if ps := g.picksOf(m, a); ps != nil {
				picks[a] = ps
			}
		}
	}
	return out, picks, nil
}

// picksOf returns, for an Assume arc, the disjunct the model takes at
// each disjunction of its condition, in the order linPath meets them (a
// disequality is the disjunction of its two strict halves).
func (g *graph) picksOf(m *smt.Model, a *arc) []int {
	as, ok := a.edge.Op.(*ir.Assume)
	if !ok || a.pre == nil {
		return nil
	}
	var picks []int
	var walk func(c ir.Cond)
	or := func(xs []ir.Cond) {
		pick := 0
		for i, x := range xs {
			g.ensure(a.blk, a.pre, condVars(nil, x))
			if v, err := m.Bool(g.t.Cond(a.pre, x)); err == nil && v {
				pick = i
				break
			}
		}
		picks = append(picks, pick)
		walk(xs[pick])
	}
	walk = func(c ir.Cond) {
		switch c := c.(type) {
		case *ir.And:
			for _, x := range c.Xs {
				walk(x)
			}
		case *ir.Not:
			n := ir.Negate(c.X)
			if x, ok := n.(*ir.Not); ok {
				if at, ok := x.X.(*ir.Atom); ok && at.C.Kind() == numeric.EQ {
					lt, gt := ir.SplitDisequality(at.C)
					or([]ir.Cond{lt, gt})
				}
				return
			}
			walk(n)
		case *ir.Or:
			or(c.Xs)
		}
	}
	walk(as.Cond)
	return picks
}

// prefixPaths returns paths through the blocks of chain up to the first
// block j that contradicts its prefix: the prefix's from a model of it,
// block j's from a model of its own formula. Their concatenation is
// infeasible.
func (r *runner) prefixPaths(ctx context.Context, g *graph, chain []*state) ([][]*arc, map[*arc][]int, error) {
	g.closeLinks(chain)
	sol := r.solver()
	defer sol.Close()
	j := -1
	for i := 1; i < len(chain); i++ {
		sol.Push()
		g.assertBlock(sol, chain, i)
		res, err := r.check(ctx, sol)
		if err != nil {
			return nil, nil, err
		}
		if res == smt.Unsat {
			j = i
			sol.Pop(1)
			break
		}
	}
	if j < 2 {
		return nil, nil, nil
	}
	if res, err := r.check(ctx, sol); err != nil || res != smt.Sat {
		return nil, nil, err
	}
	paths, picks, err := g.readPaths(sol, chain[1:j])
	if err != nil {
		return nil, nil, err
	}
	last := r.solver()
	defer last.Close()
	s := chain[j]
	last.Assert(s.blk.startFacts...)
	last.Assert(s.blk.facts[:s.nFacts]...)
	last.Assert(s.guard)
	if res, err := r.check(ctx, last); err != nil || res != smt.Sat {
		return nil, nil, err
	}
	p, lastPicks, err := g.readPaths(last, []*state{s})
	if err != nil {
		return nil, nil, err
	}
	for a, ps := range lastPicks {
		picks[a] = ps
	}
	return append(paths, p...), picks, nil
}

// linPath is the SSA form of a program path as linear constraints over
// numbered versions of the variables, for interpolation. It
// over-approximates the path (a disjunction, a disequality or a
// non-linear value adds nothing), which keeps interpolants sound for it
// whenever it is still infeasible.
type linPath struct {
	prog *ir.Program
	// pick chooses the disjunct of the k-th disjunction met on the path,
	// the i-th of arc a (-1: none, the disjunction adds nothing); ors and
	// atOrs count them.
	pick  func(a *arc, i, k int) int
	ors   int
	at    *arc
	atOrs int
	cur   map[int]numeric.Dim // variable ID -> current version
	n     int
	calls []*ir.Call
	out   []numeric.Constraint
}

func (lp *linPath) fresh(v *ir.Var) numeric.Dim {
	d := numeric.Dim(lp.n)
	lp.n++
	lp.cur[v.ID] = d
	return d
}

func (lp *linPath) bounds(d numeric.Dim, rg numeric.Range) {
	if lo, ok := rg.Lo.Int64(); ok {
		lp.out = append(lp.out, numeric.Ge(numeric.Var(d), numeric.Const(lo)))
	}
	if hi, ok := rg.Hi.Int64(); ok {
		lp.out = append(lp.out, numeric.Le(numeric.Var(d), numeric.Const(hi)))
	}
}

// version returns the current version of variable id (an initial value
// within its type on first use).
func (lp *linPath) version(id numeric.Dim) numeric.Dim {
	if d, ok := lp.cur[int(id)]; ok {
		return d
	}
	v := lp.prog.Vars[id]
	d := lp.fresh(v)
	lp.bounds(d, v.Type.Range())
	return d
}

func (lp *linPath) expr(e numeric.LinExpr) numeric.LinExpr { return e.Rename(lp.version) }

// cond appends the linear constraints c implies.
func (lp *linPath) cond(c ir.Cond) {
	switch c := c.(type) {
	case *ir.Atom:
		lp.out = append(lp.out, c.C.Rename(lp.version))
	case *ir.And:
		for _, x := range c.Xs {
			lp.cond(x)
		}
	case *ir.Not:
		n := ir.Negate(c.X)
		if x, ok := n.(*ir.Not); ok {
			if a, ok := x.X.(*ir.Atom); ok && a.C.Kind() == numeric.EQ {
				lt, gt := ir.SplitDisequality(a.C)
				lp.or([]ir.Cond{lt, gt})
			}
			return
		}
		lp.cond(n)
	case *ir.Or:
		lp.or(c.Xs)
	case *ir.BoolConst:
		if !c.V {
			lp.out = append(lp.out, numeric.NewConstraint(numeric.Const(1), numeric.LE))
		}
	}
}

// or appends the constraints of the disjunct of xs that pick chooses.
func (lp *linPath) or(xs []ir.Cond) {
	k, ka := lp.ors, lp.atOrs
	lp.ors++
	lp.atOrs++
	if i := lp.pick(lp.at, ka, k); i >= 0 && i < len(xs) {
		lp.cond(xs[i])
	}
}

// step appends the constraints of edge e.
func (lp *linPath) step(e *ir.Edge) {
	call := false
	switch op := e.Op.(type) {
	case *ir.Assume:
		lp.cond(op.Cond)
	case *ir.Assign:
		rhs := make([]numeric.LinExpr, len(op.Rhs))
		for i, x := range op.Rhs {
			rhs[i] = lp.expr(x)
		}
		for i, x := range op.Lhs {
			d := lp.fresh(x)
			lp.out = append(lp.out, numeric.Eq(numeric.Var(d), rhs[i]))
		}
	case *ir.Havoc:
		lp.bounds(lp.fresh(op.Var), op.Range)
	case *ir.Return:
		if fn := e.From.Func; op.HasValue && fn.Ret != nil {
			x := lp.expr(op.Value)
			lp.out = append(lp.out, numeric.Eq(numeric.Var(lp.fresh(fn.Ret)), x))
		}
	case *ir.Call:
		call = true
		args := make([]numeric.LinExpr, len(op.Args))
		for i, x := range op.Args {
			args[i] = lp.expr(x)
		}
		for i, f := range op.Callee.Formals {
			if i < len(args) {
				lp.out = append(lp.out, numeric.Eq(numeric.Var(lp.fresh(f)), args[i]))
			}
		}
		for _, v := range append(append([]*ir.Var{}, op.Callee.Locals...), op.Callee.Ret) {
			if v != nil {
				lp.fresh(v)
			}
		}
		lp.calls = append(lp.calls, op)
	}
	if !call && e.To.Kind == ir.Exit && len(lp.calls) > 0 {
		op := lp.calls[len(lp.calls)-1]
		lp.calls = lp.calls[:len(lp.calls)-1]
		if op.Result != nil && op.Callee.Ret != nil {
			ret := lp.version(numeric.Dim(op.Callee.Ret.ID))
			lp.out = append(lp.out, numeric.Eq(numeric.Var(lp.fresh(op.Result)), numeric.Var(ret)))
		}
	}
}

// maxCases bounds the case splits of interpolate.
const maxCases = 64

// interpolate returns, for each boundary between consecutive paths, the
// sequence interpolants over program variables of the paths' linear
// form; false when it is feasible. A disjunction on the paths (C's a !=
// b is a < b or a > b) is split into its cases: the interpolants of
// every infeasible case, up to maxCases cases (later disjunctions add
// nothing beyond that).
func interpolate(prog *ir.Program, paths [][]*arc, picks map[*arc][]int) ([][]numeric.Constraint, bool) {
	if picks != nil {
		// First the disjuncts a model of the paths takes.
		is, ok, ors := interpolateCase(prog, paths, func(a *arc, i, k int) int {
			if i < len(picks[a]) {
				return picks[a][i]
			}
			return -1
		})
		if ok || ors == 0 {
			return is, ok
		}
	}
	first, ok, ors := interpolateCase(prog, paths, func(a *arc, i, k int) int { return 0 })
	if ors == 0 {
		return first, ok
	}
	out := make([][]numeric.Constraint, len(paths)-1)
	any := false
	for c := 0; c < maxCases; c++ {
		// Case c picks the disjuncts of the first disjunctions by the
		// digits of c (binary, the usual two-way split).
		pick := func(_ *arc, _, k int) int {
			if k >= 6 {
				return -1
			}
			return (c >> k) & 1
		}
		if c >= 1<<min(ors, 6) {
			break
		}
		is, ok, _ := interpolateCase(prog, paths, pick)
		if !ok {
			continue
		}
		any = true
		for k := range is {
			out[k] = append(out[k], is[k]...)
		}
	}
	return out, any
}

// interpolateCase is interpolate for one choice of disjuncts; it also
// returns the number of disjunctions met.
func interpolateCase(prog *ir.Program, paths [][]*arc, pick func(a *arc, i, k int) int) ([][]numeric.Constraint, bool, int) {
	lp := &linPath{prog: prog, cur: map[int]numeric.Dim{}, pick: pick}
	groups := make([][]numeric.Constraint, len(paths))
	scopes := make([]map[numeric.Dim]int, len(paths))
	for i, p := range paths {
		lp.out = nil
		for _, a := range p {
			lp.at, lp.atOrs = a, 0
			lp.step(a.edge)
		}
		groups[i] = lp.out
		scopes[i] = map[numeric.Dim]int{}
		for id, d := range lp.cur {
			scopes[i][d] = id
		}
	}
	is, err := itp.Sequence(groups, lp.n)
	if err != nil {
		return nil, false, lp.ors
	}
	out := make([][]numeric.Constraint, len(is))
	for k, c := range is {
		if c.Expr().IsConst() {
			continue
		}
		ok := true
		rn := c.Rename(func(d numeric.Dim) numeric.Dim {
			id, in := scopes[k][d]
			if !in {
				ok = false
				return d
			}
			return numeric.Dim(id)
		})
		if ok {
			out[k] = append(out[k], rn)
		}
	}
	return out, true, lp.ors
}
