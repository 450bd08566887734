// This file implements predDomain: the abstraction of IR operations into
// NumPredDom transformers (Fig. 5 of Gurfinkel & Chaki) for a precision of
// numeric variables and predicates.

package interp

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/numpred"
)

type predDomain struct {
	d      numpred.Domain[numpred.Value]
	sp     *numpred.Space
	thresh numeric.Thresholds
	// preds[i] is the atom of predicate i; byDim lists, per dimension, the
	// predicates whose atom mentions it.
	preds []numeric.Constraint
	byDim map[numeric.Dim][]numpred.PredID
	// sib indexes the predicates by their atoms' terms (siblings.go).
	sib siblings
	// reduceOnAssume: reduce after every Assume (the domain's
	// ReduceAfterAssume).
	reduceOnAssume bool
	// scope[p] lists the functions that track predicate p (nil: every
	// function), scoped says whether any predicate has a scope, and cur is
	// the function whose operations are being interpreted (see
	// Precision: a predicate is unconstrained in the functions that do not
	// track it).
	scope  []map[*ir.Func]bool
	scoped bool
	cur    *ir.Func
}

// analyzePred runs the analysis in the NumPredDom implementation named by
// cfg.Domain ("predicate": NDD over the trivial numeric domain).
func analyzePred[V any](st *stopper, p *ir.Program, cfg Config, nd numeric.Domain[V], s *space, th numeric.Thresholds) (*Result, error) {
	atoms, err := precisionAtoms(p, s, cfg)
	if err != nil {
		return nil, err
	}
	specs := make([]numpred.PredSpec, len(atoms))
	for i, a := range atoms {
		specs[i] = numpred.AtomPred("", a)
	}
	sp, err := numpred.NewSpace(s.env, specs...)
	if err != nil {
		return nil, fmt.Errorf("building the precision: %v", err)
	}
	// A domain that ran out of reserved resources (MTNDD and NDD allocate
	// a BDD variable per numeric atom they meet) says how to build a
	// larger one, and the analysis is rerun with it.
	var extra []numpred.Option
	for {
		res, more, err := analyzePredOnce(st, cfg, nd, s, th, sp, atoms, extra)
		if err != nil || len(more) == 0 || st.stopped() {
			return res, err
		}
		extra = append(extra, more...)
	}
}

// ghostEagerReducePreds is numpred.EagerReducePreds on programs with
// ghost cells.
const ghostEagerReducePreds = 24

// leafLimit bounds the distinct numeric parts of NEX and MTNDD values
// (numpred.LeafLimit): past it a value's numeric parts are joined, as
// NEXPOINT keeps them.
var leafLimit = 8

// analyzePredOnce runs the analysis once with a domain built with extra
// options; after a failure, retry lists the options of a larger domain
// that could avoid it (nil when none could).
func analyzePredOnce[V any](st *stopper, cfg Config, nd numeric.Domain[V], s *space, th numeric.Thresholds, sp *numpred.Space, atoms []numeric.Constraint, extra []numpred.Option) (res *Result, retry []numpred.Option, err error) {
	opts := []numpred.Option{numpred.DimOrder(s.dimOrder()), numpred.LeafLimit(leafLimit)}
	if st.active() {
		// Long BDD operations stop too, so a timed-out run ends promptly
		// instead of running on unobserved.
		opts = append(opts, numpred.Interrupt(st.stopped))
	}
	if cfg.Check {
		opts = append(opts, numpred.Checking(true))
	}
	if s.prog.Plain != nil {
		// Ghost cells: a test of an element read is an atom over a
		// temporary, the predicate over the tracked element (the copy
		// closure's) learns it only by reduction (standard_find_ground-1,
		// 17 predicates). Elsewhere 17-24 predicates made the eca-rers
		// tasks 5-15x slower.
		opts = append(opts, numpred.EagerReducePreds(ghostEagerReducePreds))
	}
	opts = append(opts, extra...)
	kind := numpred.Kind(cfg.Domain)
	if kind == "" {
		kind = numpred.Kind(DefaultDomain)
	}
	var d numpred.Domain[numpred.Value]
	if cfg.Domain == "predicate" {
		d, err = numpred.New[trivialVal](kind, trivialDomain{}, sp, opts...)
	} else {
		d, err = numpred.New[V](kind, nd, sp, opts...)
	}
	if err != nil {
		return nil, nil, err
	}
	pd := &predDomain{d: d, sp: sp, thresh: th, preds: atoms, byDim: map[numeric.Dim][]numpred.PredID{},
		reduceOnAssume: d.ReduceAfterAssume(), sib: newSiblings(atoms, cfg.Domain == "predicate")}
	for i, a := range atoms {
		for _, t := range a.Expr().Terms() {
			pd.byDim[t.Dim] = append(pd.byDim[t.Dim], numpred.PredID(i))
		}
	}
	if cfg.Precision != nil {
		pd.scope = cfg.Precision.scopes(atoms)
		for _, sc := range pd.scope {
			pd.scoped = pd.scoped || sc != nil
		}
	}
	res, err = runEngine[numpred.Value](st, withPrecision(pd, s, cfg), s, cfg)
	if err == nil && d.Err() != nil {
		// The domain answered with sound fallbacks since it failed: the
		// verdict cannot be TRUE, and its failure is the reason.
		res.Verdict = engine.Unknown
		res.Reason = engine.NewReason(engine.Failure, "domain failure: "+d.Err().Error())
		// An error location and trace found with fallback values say
		// nothing about the program.
		res.Error, res.Trace = nil, nil
		if errors.Is(d.Err(), numpred.ErrInterrupted) {
			res.Reason = st.reason()
		}
		retry, _ = d.Retry()
	}
	return res, retry, err
}

// precisionPreds returns the predicates of the precision: the canonical
// atoms of the program's branch conditions and assertions (an inequality
// and its negation are one predicate) closed under copies (closure.go),
// then the user's extra predicates.
func precisionPreds(p *ir.Program, s *space, extra []string) ([]numeric.Constraint, error) {
	var out []numeric.Constraint
	seen := map[numeric.Key]bool{}
	add := func(c numeric.Constraint) {
		if c.Expr().IsConst() {
			return
		}
		if c.Kind() == numeric.LE {
			c, _ = c.Canonical()
		}
		key := c.Key()
		if !seen[key] {
			seen[key] = true
			out = append(out, c)
		}
	}
	for _, f := range p.Funcs {
		for _, e := range f.Edges {
			if a, ok := e.Op.(*ir.Assume); ok && !a.Wrap {
				for _, c := range ir.Atoms(a.Cond) {
					add(c)
				}
			}
		}
	}
	for _, c := range copyClosure(p, out) {
		add(c)
	}
	// BDD variable order: predicates over variables declared together
	// stay together (the order of the smallest variable ID mentioned, ties
	// by first appearance). Ordering by first appearance alone puts, in
	// the lock template, every p_i before every lk_i, and the BDD of
	// p_i <-> lk_i grows exponentially; declarations interleave them.
	sort.SliceStable(out, func(i, j int) bool {
		return minDim(out[i]) < minDim(out[j])
	})
	if len(extra) > 0 {
		// The constraint syntax has no "::": accept main::x as main.x.
		names := s.env.Names()
		for i, n := range names {
			names[i] = strings.ReplaceAll(n, "::", ".")
		}
		penv, err := numeric.NewEnv(names...)
		if err != nil {
			return nil, err
		}
		for _, text := range extra {
			cs, err := numeric.ParseConstraints(strings.ReplaceAll(text, "::", "."), penv)
			if err != nil {
				return nil, &InputError{fmt.Sprintf("--preds %q: %v", text, err)}
			}
			for _, c := range cs {
				if c.Expr().IsConst() {
					return nil, &InputError{fmt.Sprintf("--preds %q: constant predicate", text)}
				}
				add(c)
			}
		}
	}
	return out, nil
}

func minDim(c numeric.Constraint) numeric.Dim { return c.Expr().Term(0).Dim }

func (pd *predDomain) Top() numpred.Value                    { return pd.d.Top() }
func (pd *predDomain) Bottom() numpred.Value                 { return pd.d.Bottom() }
func (pd *predDomain) IsBottom(a numpred.Value) bool         { return pd.d.IsBot(a) }
func (pd *predDomain) Leq(a, b numpred.Value) bool           { return pd.d.Leq(a, b) }
func (pd *predDomain) Join(a, b numpred.Value) numpred.Value { return pd.d.Join(a, b) }
func (pd *predDomain) Meet(a, b numpred.Value) numpred.Value { return pd.d.Meet(a, b) }
func (pd *predDomain) Reduce(a numpred.Value) numpred.Value  { return pd.d.Reduce(a) }
func (pd *predDomain) IsEmpty(a numpred.Value) bool          { return pd.d.IsEmpty(a) }
func (pd *predDomain) String(a numpred.Value) string         { return pd.d.String(a) }

// Formula is the domain's value as a disjunction of its cubes (Gamma),
// each predicate replaced by its atom, with the congruences of the cubes'
// numeric values (which Gamma cannot state); true if a cube names a
// primed predicate (no value at a location does).
func (pd *predDomain) Formula(a numpred.Value) ir.Cond {
	var disj []ir.Cond
	for _, cube := range pd.d.Cubes(a) {
		var xs []ir.Cond
		for _, l := range cube.Preds {
			if l.Primed || int(l.Pred) >= len(pd.preds) {
				return &ir.BoolConst{V: true}
			}
			x := ir.NewAtom(pd.preds[l.Pred])
			if !l.Pos {
				x = &ir.Not{X: x}
			}
			xs = append(xs, x)
		}
		for _, k := range cube.Cons {
			xs = append(xs, ir.NewAtom(k))
		}
		for _, g := range cube.Congs {
			xs = append(xs, &ir.Congruence{C: g})
		}
		switch len(xs) {
		case 0:
			return &ir.BoolConst{V: true}
		case 1:
			disj = append(disj, xs[0])
		default:
			disj = append(disj, &ir.And{Xs: xs})
		}
	}
	switch len(disj) {
	case 0:
		return &ir.BoolConst{V: false}
	case 1:
		return disj[0]
	}
	return &ir.Or{Xs: disj}
}

// Strained is the domain's own judgement (numpred.Domain.Strained).
func (pd *predDomain) Strained() bool { return pd.d.Strained() }

func (pd *predDomain) Widen(a, b numpred.Value) numpred.Value {
	return pd.d.WidenWith(a, b, pd.thresh)
}

// Assume applies assume(c), then reduces when the domain asks for it
// (numpred.Domain.ReduceAfterAssume: NEXPOINT, NEX and MTNDD over small
// precisions), to share what the condition taught one part with the other
// (Section V-A); the others are reduced only where a verdict depends on
// emptiness (IsEmpty at error locations).
func (pd *predDomain) Assume(a numpred.Value, c ir.Cond) numpred.Value {
	r := pd.d.AlphaPost(numpred.Assume{Cond: pd.condExpr(c, true)}, a)
	r = pd.dropForeign(r, condDims(c))
	if pd.reduceOnAssume {
		r = pd.d.Reduce(r)
	}
	return r
}

// condDims returns the dimensions c's atoms mention, each once.
func condDims(c ir.Cond) []numeric.Dim {
	var dims []numeric.Dim
	seen := map[numeric.Dim]bool{}
	for _, at := range ir.Atoms(c) {
		for _, t := range at.Expr().Terms() {
			if !seen[t.Dim] {
				seen[t.Dim] = true
				dims = append(dims, t.Dim)
			}
		}
	}
	return dims
}

// condExpr translates the IR condition c (pos) or its negation (!pos)
// into a NumPredDom expression, negations pushed to the atoms and each atom
// strengthened by its siblings; a nondeterministic condition is true.
func (pd *predDomain) condExpr(c ir.Cond, pos bool) numpred.Expr {
	switch c := c.(type) {
	case *ir.Atom:
		return pd.sib.strengthen(pd.preds, c.C, pos)
	case *ir.Not:
		return pd.condExpr(c.X, !pos)
	case *ir.And, *ir.Or:
		var xs []ir.Cond
		and := false
		if a, ok := c.(*ir.And); ok {
			xs, and = a.Xs, true
		} else {
			xs = c.(*ir.Or).Xs
		}
		es := make([]numpred.Expr, len(xs))
		for i, x := range xs {
			es[i] = pd.condExpr(x, pos)
		}
		if and == pos {
			return numpred.And(es...)
		}
		return numpred.Or(es...)
	case *ir.Nondet, *ir.Congruence:
		return numpred.True() // for a congruence a weakening: no edge has one
	}
	e := condExpr(c)
	if !pos {
		e = numpred.Not(e)
	}
	return e
}

// condExpr translates an IR condition into a NumPredDom expression; a
// nondeterministic condition is true.
func condExpr(c ir.Cond) numpred.Expr {
	switch c := c.(type) {
	case *ir.Atom:
		return numpred.Atom(c.C)
	case *ir.Not:
		return numpred.Not(condExpr(c.X))
	case *ir.And:
		xs := make([]numpred.Expr, len(c.Xs))
		for i, x := range c.Xs {
			xs[i] = condExpr(x)
		}
		return numpred.And(xs...)
	case *ir.Or:
		xs := make([]numpred.Expr, len(c.Xs))
		for i, x := range c.Xs {
			xs[i] = condExpr(x)
		}
		return numpred.Or(xs...)
	case *ir.BoolConst:
		if c.V {
			return numpred.True()
		}
		return numpred.False()
	case *ir.Nondet:
		return numpred.True()
	}
	panic("interp: unknown condition")
}

// Assign is the numeric parallel assignment together with, for each
// predicate p over an assigned variable, p := choice(wp, !wp) where wp is
// p's atom with the assignment substituted (a constant, an existing
// predicate, or a numeric atom): tau_NP = (true ? tau_N) && tau_P.
func (pd *predDomain) Assign(a numpred.Value, dims []numeric.Dim, exprs []numeric.LinExpr) numpred.Value {
	num := numpred.NumAssign{Dims: dims, Exprs: exprs}
	pa := pd.assignPreds(dims, exprs)
	if len(pa.Preds) == 0 {
		return pd.d.AlphaPost(num, a)
	}
	return pd.d.AlphaPost(numpred.NumPred{Guard: numpred.True(), Num: num, Pred: pa}, a)
}

// assignPreds returns the predicate part of dims := exprs: p := choice(wp,
// !wp) for each predicate p over dims that the current function tracks.
// The others are left out, and so become unknown: numpred forgets an atom
// predicate over an assigned dimension that the transformer does not
// assign (its old value is stale).
func (pd *predDomain) assignPreds(dims []numeric.Dim, exprs []numeric.LinExpr) numpred.PredAssign {
	var pa numpred.PredAssign
	for _, p := range pd.affected(dims) {
		if !pd.tracks(p) {
			continue // numpred forgets it as stale
		}
		t, f := pd.sib.decide(pd.preds, substitute(pd.preds[p], dims, exprs))
		pa = pa.And(numpred.Choose(p, t, f))
	}
	return pa
}

// tracks reports whether the current function tracks predicate p.
func (pd *predDomain) tracks(p numpred.PredID) bool {
	return !pd.scoped || pd.scope[p] == nil || pd.scope[p][pd.cur]
}

// enter makes f the function whose operations are interpreted, and
// returns the previous one.
func (pd *predDomain) enter(f *ir.Func) *ir.Func {
	prev := pd.cur
	pd.cur = f
	return prev
}

// forgetForeign forgets, in a, every predicate the current function does
// not track (on entry to a function, and after a call returns).
func (pd *predDomain) forgetForeign(a numpred.Value) numpred.Value {
	if !pd.scoped {
		return a
	}
	return pd.forgetUntracked(a, func(p numpred.PredID) bool { return true })
}

// dropForeign forgets the predicates over dims that the current function
// does not track (after an Assume, which may have decided them).
func (pd *predDomain) dropForeign(a numpred.Value, dims []numeric.Dim) numpred.Value {
	if !pd.scoped {
		return a
	}
	over := map[numpred.PredID]bool{}
	for _, p := range pd.affected(dims) {
		over[p] = true
	}
	return pd.forgetUntracked(a, func(p numpred.PredID) bool { return over[p] })
}

// forgetUntracked makes unknown the untracked predicates that pick selects.
func (pd *predDomain) forgetUntracked(a numpred.Value, pick func(numpred.PredID) bool) numpred.Value {
	var pa numpred.PredAssign
	for i := range pd.preds {
		if p := numpred.PredID(i); !pd.tracks(p) && pick(p) {
			pa = pa.And(numpred.Choose(p, numpred.False(), numpred.False()))
		}
	}
	if len(pa.Preds) == 0 || pd.d.IsBot(a) {
		return a
	}
	return pd.d.AlphaPost(numpred.NumPred{Guard: numpred.True(), Pred: pa}, a)
}

// Havoc forgets dims; the predicates over them are forgotten with them.
func (pd *predDomain) Havoc(a numpred.Value, dims []numeric.Dim) numpred.Value {
	if len(dims) == 0 {
		return a
	}
	return pd.d.AlphaPost(numpred.Havoc(dims...), a)
}

// affected returns the predicates mentioning one of dims, sorted.
func (pd *predDomain) affected(dims []numeric.Dim) []numpred.PredID {
	seen := map[numpred.PredID]bool{}
	var out []numpred.PredID
	for _, d := range dims {
		for _, p := range pd.byDim[d] {
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

// substitute returns c with dims[i] replaced by exprs[i] simultaneously.
func substitute(c numeric.Constraint, dims []numeric.Dim, exprs []numeric.LinExpr) numeric.Constraint {
	e := c.Expr()
	out := numeric.ConstInt(e.Constant())
	for _, t := range e.Terms() {
		k := -1
		for i, d := range dims {
			if d == t.Dim {
				k = i
			}
		}
		if k < 0 {
			out = out.Add(numeric.Var(t.Dim).Scale(t.Coef))
		} else {
			out = out.Add(exprs[k].Scale(t.Coef))
		}
	}
	return numeric.NewConstraint(out, c.Kind())
}

// Fill maps the domain's counters to the paper's Table IV columns: gamma
// (concretisation and reduce), join (join and widen), alphaPost (numeric
// post) and apply (whole transformers).
func (pd *predDomain) Fill(s *Stats) {
	st := pd.d.Stats()
	dur := func(ops ...numpred.Op) time.Duration {
		var t time.Duration
		for _, o := range ops {
			t += st.Get(o).Time
		}
		return t
	}
	s.Gamma += dur(numpred.OpGamma, numpred.OpReduce, numpred.OpIsEmpty)
	s.Join += dur(numpred.OpJoin, numpred.OpWiden)
	s.AlphaPost += dur(numpred.OpAlphaPost)
	s.Apply += dur(numpred.OpApply)
	s.BDDNodes = st.PeakBDDNodes
	s.BDDTable = st.BDDTable
	s.Preds = pd.sp.NumPreds()
	s.NumVars = pd.sp.NumDims()
	for _, o := range numpred.Ops() {
		if c := st.Get(o); c.Count > 0 {
			s.Ops = append(s.Ops, OpStat{Name: o.String(), Count: c.Count, Time: c.Time})
		}
	}
}
