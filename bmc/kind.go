// This file implements the step case of k-induction.
//
// The cut points are main's loop heads; a segment is a run from one cut
// point to the next (calls inlined), so every run is a sequence of
// segments, the first starting at main's entry. The base case (BMC at
// bound k, error and overflow queries unsatisfiable) covers every run
// whose first error lies in its first k+1 segments: such a run visits
// the loop heads at most k times, so no loop of main iterates k times.
// The step case is one formula over k+1 copies (layers) of the segment
// graph: layer 1 starts at any cut point in an arbitrary state, an edge
// into a cut point leaves layer j for the start node of layer j+1, the
// first k layers reach no error, and the query is whether layer k+1
// does. Unsatisfiable: a run whose first error is in segment m > k+1
// would give a model (the k+1 segments before the error, from the cut
// point visited at segment m-k-1), so no run reaches an error: TRUE.
//
// The arbitrary state is what makes k-induction weak: it is strengthened
// by assuming, at every start node, the invariant the abstract
// interpreter computed for that loop head (Options.Invariants), which
// holds on every reachable state there.
//
// Restrictions (else the step is skipped and the bound grows): the
// functions main calls have no loops and no recursion, so a segment is
// finite; main has at least one loop.

package bmc

import (
	"context"
	"slices"
	"time"

	"github.com/numpred/numpred/encode"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/interp"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/smt"
)

// stepApplicable reports whether the step case applies to prog (see the
// restrictions above), and main's loop heads.
func stepApplicable(prog *ir.Program) ([]*ir.Loc, string) {
	li, err := loops(prog.Main)
	if err != nil {
		return nil, err.Error()
	}
	if len(li.heads) == 0 {
		return nil, "main has no loop"
	}
	// Functions reachable from main: loop-free, call graph acyclic.
	state := map[*ir.Func]int{} // 1 on the stack, 2 done
	var visit func(f *ir.Func) string
	visit = func(f *ir.Func) string {
		state[f] = 1
		for _, e := range f.Edges {
			c, ok := e.Op.(*ir.Call)
			if !ok {
				continue
			}
			switch state[c.Callee] {
			case 1:
				return "recursion of " + c.Callee.Name
			case 0:
				cl, err := loops(c.Callee)
				if err != nil {
					return err.Error()
				}
				if len(cl.heads) > 0 {
					return c.Callee.Name + " has a loop"
				}
				if why := visit(c.Callee); why != "" {
					return why
				}
			}
		}
		state[f] = 2
		return ""
	}
	if why := visit(prog.Main); why != "" {
		return nil, why
	}
	return li.heads, ""
}

// layerArc links n's edge e into a cut point to the start node of the
// next layer (nothing after the last layer).
func (g *graph) layerArc(n *node, e *ir.Edge) error {
	s, err := g.layerNode(n.inst, e.To, n.layer+1)
	if err != nil || s == nil {
		return err
	}
	g.link(&arc{kind: arcLayer, from: n, to: s, edge: e})
	return nil
}

// layerNode returns the start node of layer j at the cut point l of the
// activation in, made on first use; nil after the last layer.
func (g *graph) layerNode(in *instance, l *ir.Loc, j int) (*node, error) {
	if j >= len(g.layerStart) {
		return nil, nil
	}
	var stack *ir.Stack
	if in != nil {
		stack = in.stack
	}
	k := ir.Place{Stack: stack, Loc: l}
	if s := g.layerStart[j][k]; s != nil {
		return s, nil
	}
	s, err := g.newNode(l, nil, nil, j)
	if err != nil {
		return nil, err
	}
	s.start, s.stack = true, stack
	g.layerStart[j][k] = s
	return s, nil
}

// stepGraph builds the k+1 layers of segments from main's cut points.
func stepGraph(ctx context.Context, prog *ir.Program, heads []*ir.Loc, k, max int) (*graph, error) {
	g := newGraph(ctx, -1, max)
	g.cutAt = map[*ir.Loc]bool{}
	for _, h := range heads {
		g.cutAt[h] = true
	}
	g.layerStart = make([]map[ir.Place]*node, k+2)
	for j := range g.layerStart {
		g.layerStart[j] = map[ir.Place]*node{}
	}
	for _, h := range heads {
		s, err := g.newNode(h, nil, nil, 1)
		if err != nil {
			return nil, err
		}
		s.start = true
		g.layerStart[1][ir.Place{Loc: h}] = s
		g.starts = append(g.starts, s)
	}
	for j := 1; j <= k+1; j++ {
		var starts []*node
		for _, h := range heads { // in a fixed order
			if s := g.layerStart[j][ir.Place{Loc: h}]; s != nil {
				starts = append(starts, s)
			}
		}
		if len(starts) == 0 {
			break
		}
		if _, err := g.build(prog.Main, nil, nil, j, starts); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// step runs the step case at k; errDone with TRUE when it holds.
func (r *runner) step(ctx context.Context, k int) error {
	heads, why := stepApplicable(r.prog)
	if why != "" {
		r.res.Reason = engine.Because(engine.Bound, "bound reached k=%d (no k-induction step: %s)", k, why)
		return nil
	}
	if r.opt.Invariants && r.inv == nil {
		r.inv = r.invariants(ctx, heads)
	}
	mode := encode.LIA // an over-approximation is enough for UNSAT
	if r.opt.StrictBV && r.mode == encode.BV {
		mode = encode.BV
	}
	z, err := r.context()
	if err != nil {
		return err
	}
	t0 := time.Now()
	terms, err := encode.NewTerms(z, r.prog, mode)
	if err != nil {
		return err
	}
	g, err := stepGraph(ctx, r.prog, heads, k, r.opt.MaxNodes)
	if err == errTooLarge {
		r.res.Reason = engine.Because(engine.Bound, "bound reached k=%d (the step case exceeds %d nodes)", k, r.opt.MaxNodes)
		return errDone
	}
	if err != nil {
		return err
	}
	e := newEncoding(z, terms, r.prog, g)
	e.excl = r.excl
	var sel []*smt.Term
	for _, s := range g.starts {
		s.guard = e.fresh("start")
		s.state = e.initial()
		sel = append(sel, s.guard)
	}
	e.facts = append(e.facts, e.or(sel))
	for i := range sel { // at most one start
		for j := i + 1; j < len(sel); j++ {
			e.facts = append(e.facts, z.Not(z.And(sel[i], sel[j])))
		}
	}
	visit := func(n *node) {
		if !n.start || r.inv == nil {
			return
		}
		if c := r.inv.at[n.loc]; c != nil {
			e.facts = append(e.facts, z.Implies(n.guard, e.invTerm(c, n.state)))
		}
	}
	if err := e.run(ctx.Err, visit); err != nil {
		return err
	}
	// The property is that neither an error nor an unsupported location
	// is reached (the base case checked both).
	for _, n := range append(g.errors[:len(g.errors):len(g.errors)], g.unsupported...) {
		if n.layer <= k {
			e.facts = append(e.facts, z.Not(n.guard))
		}
	}
	r.stats.StepNodes = len(g.nodes)
	r.stats.Invariants = len(r.inv.atHeads(heads))
	r.stats.EncodeTime += time.Since(t0)
	q := r.queries(z, mode, e.facts)
	defer q.close()
	res, _, err := q.check(ctx, z.Or(e.errorGuard(k+1), e.unsupportedGuard(k+1)))
	if err != nil {
		return err
	}
	if res == smt.Unsat {
		r.res.Verdict, r.res.Reason = engine.True, engine.Reason{}
		return errDone
	}
	return nil
}

// invariants are the abstract interpreter's invariants at main's loop
// heads, over globals and main's variables.
type invariants struct {
	at map[*ir.Loc]ir.Cond
}

func (inv *invariants) atHeads(heads []*ir.Loc) []ir.Cond {
	if inv == nil {
		return nil
	}
	var out []ir.Cond
	for _, h := range heads {
		if c := inv.at[h]; c != nil {
			out = append(out, c)
		}
	}
	return out
}

// invariants returns the invariants at heads: Options.Given when set,
// else the abstract interpreter's, run within half of ctx's remaining
// time (10 s without a deadline); none on failure.
func (r *runner) invariants(ctx context.Context, heads []*ir.Loc) *invariants {
	if r.opt.Given != nil {
		return r.headInvariants(heads, r.opt.Given)
	}
	t0 := time.Now()
	defer func() { r.stats.InterpTime += time.Since(t0) }()
	cfg := r.opt.Interp
	if cfg.Domain == "" {
		cfg = interp.DefaultConfig()
	}
	cfg.Invariants = true
	cfg.InvariantsAt = func(l *ir.Loc) bool { return slices.Contains(heads, l) }
	if cfg.Deadline.IsZero() {
		cfg.Deadline = time.Now().Add(10 * time.Second)
		if d, ok := ctx.Deadline(); ok {
			cfg.Deadline = time.Now().Add(time.Until(d) / 2)
		}
	}
	res, err := interp.AnalyzeContext(ctx, r.prog, cfg)
	if err != nil || res == nil {
		return &invariants{at: map[*ir.Loc]ir.Cond{}}
	}
	return r.headInvariants(heads, res.TypedInvariants())
}

// headInvariants keeps the invariants at heads, each restricted to the
// globals and main's variables: a callee's locals at main's loop heads
// are dead, and the encoding gives them back their values from before
// the call (recursion), which need not be what the interpreter says the
// callee left.
func (r *runner) headInvariants(heads []*ir.Loc, given []engine.Invariant) *invariants {
	inv := &invariants{at: map[*ir.Loc]ir.Cond{}}
	for _, li := range given {
		if li.Loc != nil && li.Formula != nil && slices.Contains(heads, li.Loc) {
			inv.at[li.Loc] = ir.Weaken(li.Formula, r.mainOrGlobal)
		}
	}
	return inv
}

// mainOrGlobal reports whether c is over globals and main's variables
// only.
func (r *runner) mainOrGlobal(c numeric.Constraint) bool {
	for _, t := range c.Expr().Terms() {
		if int(t.Dim) >= len(r.prog.Vars) {
			return false
		}
		if v := r.prog.Vars[t.Dim]; v.Scope != ir.Global && v.Func != r.prog.Main {
			return false
		}
	}
	return true
}

// invTerm returns the term of the invariant c in st. In BV, an atom
// whose constants could overflow the linear width is weakened away (see
// fits).
func (e *encoding) invTerm(c ir.Cond, st *state) *smt.Term {
	return e.t.Cond(st.m, ir.Weaken(c, e.fits))
}

// fits reports whether c is worth encoding: always in LIA; in BV when
// the width its expression needs (encode computes it exactly at any
// width) stays within twice the value width plus room for sums, so that
// an invariant with huge coefficients does not blow the formula up.
func (e *encoding) fits(c numeric.Constraint) bool {
	w := e.t.Wide()
	return w == 0 || e.t.Width(c.Expr()) <= 2*w+16
}
