// This file implements REFINE and forced covering, the two places where
// IMPACT computes interpolants.
//
// REFINE(v), v at an error location: the path from the root to v in the
// linear SSA form (package pathenc). Satisfiable: the exact path formula (encode,
// LIA) and a replay decide FALSE; a model that does not replay as a
// trusted counterexample, or an exact formula that is unsatisfiable
// where the linear form is not, ends the run with UNKNOWN (no
// interpolant can strengthen the labels). Unsatisfiable: the sequence
// interpolants (pathenc.Interpolator) strengthen the labels of the path's
// nodes, and v's becomes false.
//
// Forced covering of v by an older w at the same place (McMillan; Beyer
// & Wendler, Sect. II): from the nearest common ancestor a of v and w,
// the groups label(a), the edges from a to v, and not label(w). When
// they are unsatisfiable, their interpolants strengthen the nodes from a
// to v, the last one implying label(w): v is covered by w.

package impact

import (
	"context"
	"errors"

	"github.com/numpred/numpred/cex"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/pathenc"
	"github.com/numpred/numpred/smt"
)

// refine refines the error path to v and returns the nodes whose labels
// changed, root first; errDone with the verdict in r.res when the run
// ends.
func (r *runner) refine(ctx context.Context, v *node) ([]*node, error) {
	edges, nodes := pathEdges(r.root, v)
	p := r.newSSA(nil)
	groups := make([]pathenc.DNF, len(edges))
	scopes := make([]map[numeric.Dim]stateDim, len(edges))
	for i, e := range edges {
		g, err := p.Step(e)
		if err != nil {
			return nil, err
		}
		groups[i] = g
		if i < len(edges)-1 {
			scopes[i] = r.current(p)
		}
	}
	itps, err := r.interpolate(ctx, groups)
	if errors.Is(err, errSat) {
		if v.at.Loc.Unsupported != nil {
			// A feasible path into a construct the front end does not
			// model: no TRUE, but a violation elsewhere still counts.
			if r.unsupported == nil {
				r.unsupported = v
			}
			return nil, nil
		}
		return nil, r.feasible(ctx, edges)
	}
	if errors.Is(err, errNoInterpolant) {
		r.res.Reason = engine.Because(engine.Imprecise, "no interpolant for an infeasible error path of %d edges (integer or non-linear reasoning, or too many disjunctions)", len(edges))
		return nil, errDone
	}
	if err != nil {
		return nil, err
	}
	r.stats.Refinements++
	var changed []*node
	for i := 0; i < len(edges)-1; i++ {
		d, ok := rename(itps[i], scopes[i])
		if !ok {
			r.res.Reason = engine.NewReason(engine.Internal, "internal: an interpolant names a variable out of scope")
			return nil, errDone
		}
		ch, err := r.strengthen(ctx, nodes[i], d)
		if err != nil {
			return nil, err
		}
		if ch {
			changed = append(changed, nodes[i])
		}
	}
	if _, err := r.strengthen(ctx, v, pathenc.False()); err != nil {
		return nil, err
	}
	return changed, nil
}

// feasible decides an error path whose linear form is satisfiable.
func (r *runner) feasible(ctx context.Context, edges []*ir.Edge) error {
	res, steps, err := r.exactCheck(ctx, edges)
	if err != nil {
		return err
	}
	switch res {
	case smt.Unsat:
		r.res.Reason = engine.Because(engine.Imprecise, "an error path of %d edges is infeasible only for reasons the linear form drops (non-linear operations)", len(edges))
		return errDone
	case smt.Unknown:
		r.res.Reason = engine.NewReason(engine.Failure, "solver: unknown on an error path")
		return errDone
	}
	c, err := cex.ReplayPath(ctx, r.prog, steps)
	if err == nil && c == nil {
		err = ctx.Err() // a run cut by the deadline proves nothing
	}
	if err != nil {
		return err
	}
	if c == nil {
		r.res.Reason = engine.Because(engine.Untrusted, "an error path of %d edges is feasible in LIA but its model does not replay", len(edges))
		return errDone
	}
	r.res.Falsify(r.prog, c)
	return errDone
}

// forceCover tries to cover v by w by strengthening the labels from
// their nearest common ancestor to v; it reports whether v is covered.
func (r *runner) forceCover(ctx context.Context, v, w *node) (bool, error) {
	r.stats.ForcedAttempts++
	a := commonAncestor(v, w)
	edges, nodes := pathEdges(a, v)
	if len(edges) == 0 {
		return false, nil
	}
	neg, ok := negate(w.label)
	if !ok {
		return false, nil
	}
	p := r.newSSA(a.at.Stack)
	g0 := pathenc.True()
	if la, ok := conjoin(a.label); ok {
		if g0, ok = r.at(p, la); !ok {
			return false, nil
		}
	}
	groups := []pathenc.DNF{g0}
	scopes := make([]map[numeric.Dim]stateDim, len(edges))
	for i, e := range edges {
		g, err := p.Step(e)
		if err != nil {
			return false, err
		}
		groups = append(groups, g)
		scopes[i] = r.current(p)
	}
	gn, ok := r.at(p, neg)
	if !ok {
		return false, nil
	}
	groups = append(groups, gn)
	itps, err := r.interpolate(ctx, groups)
	if errors.Is(err, errSat) || errors.Is(err, errNoInterpolant) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	for i, n := range nodes {
		d, ok := rename(itps[i+1], scopes[i])
		if !ok {
			return false, nil
		}
		if _, err := r.strengthen(ctx, n, d); err != nil {
			return false, err
		}
	}
	if r.covered(v) || r.covered(w) {
		return r.covered(v), nil
	}
	ok, err = r.coverCheck(ctx, v, w)
	if err != nil || !ok {
		return false, err
	}
	r.stats.ForcedSuccesses++
	r.cover(v, w)
	return true, nil
}

// conjoin returns a label as one DNF (the product of its parts); false
// when that exceeds pathenc.DefaultMaxCases disjuncts.
func conjoin(l label) (pathenc.DNF, bool) {
	out := pathenc.True()
	for _, d := range l {
		var ok bool
		if out, ok = pathenc.And(out, d, pathenc.DefaultMaxCases); !ok {
			return nil, false
		}
	}
	return out, true
}

// negate returns not l as a DNF; false when that exceeds
// pathenc.DefaultMaxCases disjuncts.
func negate(l label) (pathenc.DNF, bool) {
	var out pathenc.DNF
	for _, d := range l {
		nd, ok := pathenc.Negate(d, pathenc.DefaultMaxCases)
		if !ok {
			return nil, false
		}
		out = append(out, nd...)
		if len(out) > pathenc.DefaultMaxCases {
			return nil, false
		}
	}
	return out, true
}
