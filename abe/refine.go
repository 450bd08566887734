// This file implements the analysis of an abstract error path: the chain
// of abstraction states from the initial state to the error state, the
// conjunction of the (disjunctive) path formulas the chain's abstractions
// were computed from, a concrete counterexample when it is satisfiable,
// and the refinement of the precision when it is not.
//
// Refinement. The block formulas are disjunctions over paths, and the
// interpolation we have (package pathenc over itp, Farkas multipliers) works on
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
	"fmt"

	"github.com/numpred/numpred/cex"
	"github.com/numpred/numpred/encode"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/pathenc"
	"github.com/numpred/numpred/smt"
)

// maxRepaths bounds the further paths one refinement interpolates after
// the first (see refine).
const maxRepaths = 16

type outcome struct {
	done bool
	// again: the error state was an unsupported location with a feasible
	// path (now in runner.unsupported): go on without it.
	again bool
	// pivot is the first abstraction state of the error path whose
	// location's precision the refinement made grow.
	pivot *state
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
		for _, id := range sortedIDs(b.start) {
			x := b.start[id]
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
		for _, id := range sortedIDs(chain[i].blk.start) {
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
	if _, err := r.refine(ctx, g, chain); err != nil {
		return outcome{}, err
	}
	// The states of the chain may have been computed with less than the
	// precision has now (lazy refinement keeps them): progress is a
	// location of the chain whose precision grew since its state.
	k := r.pivotOf(chain)
	if k < 0 && r.opt.Cartesian && r.exactChain(chain) {
		k = r.pivotOf(chain)
	}
	if k < 0 {
		r.res.Reason = engine.NewReason(engine.Imprecise, "refinement made no progress: the error path is infeasible but no new predicate removes it")
		return outcome{done: true}, nil
	}
	r.logf("  pivot %d of %d at %s %s (%d predicates, now %d)", k, len(chain)-1, chain[k].loc.Func.Name, chain[k].loc, chain[k].nPrec, len(r.prec.at(chain[k].loc)))
	return outcome{pivot: chain[k]}, nil
}

// exactChain switches the locations of chain's cartesian abstraction
// states to the boolean abstraction and reports whether there were any:
// the boolean abstraction of a block holds the predicate valuations of
// every end state, so the error path's interpolants then remove it
// (abstractPaths).
func (r *runner) exactChain(chain []*state) bool {
	switched := false
	for _, s := range chain[1:] {
		if s.abs && s.loc != nil && s.cartesian && !r.boolAt[s.loc] {
			if r.boolAt == nil {
				r.boolAt = map[*ir.Loc]bool{}
			}
			r.boolAt[s.loc] = true
			r.stats.BooleanLocs++
			r.logf("  boolean abstraction at %s %s", s.loc.Func.Name, s.loc)
			switched = true
		}
	}
	return switched
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
	steps := make([]cex.PathStep, len(path))
	for i, a := range path {
		steps[i].Edge = a.edge
		if a.input != nil {
			raw, err := m.Int(a.input.Term)
			if err != nil {
				return outcome{}, err
			}
			steps[i].Value, steps[i].Input = encode.Value(*a.input, raw), true
		}
	}
	cx, err := cex.ReplayPath(ctx, r.prog, steps)
	if err == nil && cx == nil {
		err = ctx.Err() // a run cut by the deadline proves nothing
	}
	if err != nil {
		return outcome{}, err
	}
	if cx == nil {
		r.res.Reason = engine.NewReason(engine.Untrusted, "the error path formula is satisfiable, but its inputs do not reach the error when replayed")
	} else {
		r.res.Falsify(r.prog, cx)
	}
	return outcome{done: true}, nil
}

// refine adds predicates that remove the infeasible error path of chain
// and reports whether any is new: the interpolants of the abstractly
// feasible paths through the blocks (abstractPaths), else of the paths
// of a satisfiable prefix (prefixPaths), else the path's atoms.
func (r *runner) refine(ctx context.Context, g *graph, chain []*state) (bool, error) {
	// Progress: a location of the chain whose precision grew since its
	// state was computed (lazy refinement keeps older states).
	progress := func(added bool) bool { return added || r.pivotOf(chain) >= 0 }
	paths, picks, err := r.abstractPaths(ctx, g, chain, false)
	if err != nil {
		return false, err
	}
	how := "abstract"
	added := progress(paths != nil && r.addInterpolants(ctx, chain, paths, picks))
	// The boolean abstraction of a block is over all its paths, but the
	// interpolants are of one path per block: while the chain still
	// stands for paths that agree on the grown precision at its
	// abstraction locations, interpolate those too (the effect of the
	// paper's interpolants of whole block formulas), so that one
	// refinement removes the abstract error path for good.
	for k := 0; added && paths != nil && k < maxRepaths; k++ {
		more, morePicks, err := r.abstractPaths(ctx, g, chain, true)
		if err != nil {
			return false, err
		}
		if more == nil || !r.addInterpolants(ctx, chain, more, morePicks) {
			break
		}
		r.stats.Repaths++
	}
	if !added {
		how = "prefix"
		if paths, picks, err = r.prefixPaths(ctx, g, chain); err != nil {
			return false, err
		}
		added = progress(paths != nil && r.addInterpolants(ctx, chain, paths, picks))
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
	if !added && len(paths) > 0 {
		// Last: the atoms of every path's conditions at the abstraction
		// locations at both ends of its block (the block formulas' atoms,
		// as predicates where the path's abstractions are computed).
		how = "all atoms"
		for p, path := range paths {
			for _, a := range path {
				as, ok := a.edge.Op.(*ir.Assume)
				if !ok {
					continue
				}
				for _, c := range ir.Atoms(as.Cond) {
					for _, at := range []int{p, p + 1} {
						if at >= 1 && at < len(chain)-1 && r.prec.add(chain[at].loc, c) {
							added = true
						}
					}
				}
			}
		}
		added = progress(added)
	}
	r.logf("refinement (%s): chain of %d, paths through %d blocks, progress %v", how, len(chain)-1, len(paths), added)
	return added, nil
}

// addInterpolants adds the interpolants of paths (through the blocks of
// chain[1:]) at the chain's abstraction locations and reports whether
// any is new.
func (r *runner) addInterpolants(ctx context.Context, chain []*state, paths [][]*arc, picks map[*arc]int) bool {
	itps, ok := interpolate(ctx, r.interpolator(), r.prog, paths, picks)
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
//
// With current, the paths agree on every predicate the locations have now
// (not only on those the states were computed with).
func (r *runner) abstractPaths(ctx context.Context, g *graph, chain []*state, current bool) ([][]*arc, map[*arc]int, error) {
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
		// The predicates prev's ψ was computed with (or all of them).
		preds := r.prec.at(prev.loc)
		if !current {
			preds = preds[:prev.nPrec]
		}
		for _, k := range preds {
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
func (g *graph) readPaths(sol *smt.Solver, to []*state) ([][]*arc, map[*arc]int, error) {
	m, err := sol.Model()
	if err != nil {
		return nil, nil, err
	}
	defer m.Close()
	var out [][]*arc
	picks := map[*arc]int{}
	for _, s := range to {
		p, err := pathTo(m, s)
		if err != nil {
			return nil, nil, err
		}
		out = append(out, p)
		for _, a := range p {
			if k, ok := g.picksOf(m, a); ok {
				picks[a] = k
			}
		}
	}
	return out, picks, nil
}

// picksOf returns, for an Assume arc whose condition is a disjunction,
// the index of the disjunct of its normal form (pathenc.CondDNF) the
// model takes; false for other arcs.
func (g *graph) picksOf(m *smt.Model, a *arc) (int, bool) {
	as, ok := a.edge.Op.(*ir.Assume)
	if !ok || a.pre == nil {
		return 0, false
	}
	d, ok := pathenc.CondDNF(as.Cond)
	if !ok || len(d) <= 1 {
		return 0, false
	}
	for i, c := range d {
		holds := true
		for _, k := range c {
			g.ensure(a.blk, a.pre, exprVars(nil, k.Expr()))
			if v, err := m.Bool(g.t.Constraint(a.pre, k)); err != nil || !v {
				holds = false
				break
			}
		}
		if holds {
			return i, true
		}
	}
	return 0, true
}

// prefixPaths returns paths through the blocks of chain up to the first
// block j that contradicts its prefix: the prefix's from a model of it,
// block j's from a model of its own formula. Their concatenation is
// infeasible.
func (r *runner) prefixPaths(ctx context.Context, g *graph, chain []*state) ([][]*arc, map[*arc]int, error) {
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

// interpolate returns, for each boundary between consecutive paths, the
// atoms of the sequence interpolants over program variables of the
// paths' linear form (pathenc, first values within their types); false
// when it is feasible. A disjunction on the paths (C's a != b is a < b
// or a > b) takes first the disjunct of picks (the model's), then is
// split into its cases: the interpolants of every infeasible case, up to
// pathenc.DefaultMaxCases cases (later disjunctions add what their
// disjuncts share).
func interpolate(ctx context.Context, ip *pathenc.Interpolator, prog *ir.Program, paths [][]*arc, picks map[*arc]int) ([][]numeric.Constraint, bool) {
	if picks != nil {
		// First the disjuncts a model of the paths takes.
		is, ok, radix := interpolateCase(ctx, ip, prog, paths, func(a *arc, _ int, d pathenc.DNF) pathenc.DNF {
			if k, ok := picks[a]; ok && k < len(d) {
				return pathenc.DNF{d[k]}
			}
			return pathenc.Common(d)
		})
		if ok || len(radix) == 0 {
			return is, ok
		}
	}
	first, ok, radix := interpolateCase(ctx, ip, prog, paths, func(_ *arc, _ int, d pathenc.DNF) pathenc.DNF { return d[:1] })
	if len(radix) == 0 {
		return first, ok
	}
	// Case c picks the disjunct of the k-th disjunction by the k-th digit
	// of c in the mixed radix of the disjunctions' sizes, as far as their
	// product stays within the bound.
	cases, split := 1, 0
	for _, r := range radix {
		if cases*r > pathenc.DefaultMaxCases {
			break
		}
		cases *= r
		split++
	}
	out := make([][]numeric.Constraint, len(paths)-1)
	any := false
	for c := 0; c < cases && ctx.Err() == nil; c++ {
		is, ok, _ := interpolateCase(ctx, ip, prog, paths, func(_ *arc, k int, d pathenc.DNF) pathenc.DNF {
			if k >= split {
				return pathenc.Common(d)
			}
			rest := c
			for _, r := range radix[:k] {
				rest /= r
			}
			return pathenc.DNF{d[rest%radix[k]]}
		})
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

// interpolateCase is interpolate for one choice of disjuncts: pick gets
// the arc, the index of the disjunction among those met on the paths and
// the condition's normal form, and returns one disjunct or a formula the
// condition implies. It also returns the sizes of the disjunctions met.
func interpolateCase(ctx context.Context, ip *pathenc.Interpolator, prog *ir.Program, paths [][]*arc, pick func(a *arc, k int, d pathenc.DNF) pathenc.DNF) ([][]numeric.Constraint, bool, []int) {
	var at *arc
	var radix []int
	p := pathenc.New(prog, nil, pathenc.Options{InitRange: true, Cond: func(_ int, _ *ir.Edge, d pathenc.DNF) pathenc.DNF {
		if len(d) <= 1 {
			return d
		}
		radix = append(radix, len(d))
		return pick(at, len(radix)-1, d)
	}})
	groups := make([]pathenc.DNF, len(paths))
	scopes := make([]map[numeric.Dim]pathenc.Version, len(paths))
	for i, path := range paths {
		if ctx.Err() != nil {
			return nil, false, radix
		}
		g := pathenc.True()
		for _, a := range path {
			at = a
			d, err := p.Step(a.edge)
			if err != nil {
				return nil, false, radix
			}
			if len(g) == 1 && len(d) == 1 {
				// One conjunction, built here: extend it in place (And
				// would copy it at every arc of a long block).
				g[0] = append(g[0], d[0]...)
				continue
			}
			if g, _ = pathenc.And(g, d, pathenc.DefaultMaxCases); g == nil {
				return nil, false, radix
			}
		}
		groups[i] = g
		scopes[i] = p.Scope()
	}
	is, err := ip.Sequence(ctx, groups)
	if err != nil {
		return nil, false, radix
	}
	out := make([][]numeric.Constraint, len(is))
	for k, d := range is {
		for _, c := range d {
			for _, a := range c {
				if a, ok := pathenc.ToVars(a, scopes[k]); ok {
					out[k] = append(out[k], a)
				}
			}
		}
	}
	return out, true, radix
}
