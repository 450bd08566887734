// This file implements Run, IMPACT's driver: the depth-first unwinding
// of the program into a tree, with expand, close (cover) and forced
// covering; refine is in refine.go.
//
// The loop, after McMillan's UNWIND and DFS (Lazy abstraction with
// interpolants, CAV 2006) as Beyer & Wendler describe it:
//
//	stack := [root]
//	while stack is not empty:
//	    v := pop
//	    if v is covered (v or an ancestor covered, or its label false): park v
//	    else if CLOSE(v) covers v: park v
//	    else if v is at an error location: REFINE(v) (FALSE, UNKNOWN, or
//	        labels strengthened; then CLOSE the strengthened ancestors)
//	    else EXPAND(v): push its children (labels true)
//	    when the stack is empty and some node was uncovered since:
//	        push the parked leaves that are no longer covered
//
// CLOSE(v) covers v by an older node w at the same place (call stack and
// location) that is not covered, when label(v) implies label(w) (a
// solver query); with forced covering, when none does, it tries to prove
// label(w) at v from the nearest common ancestor of v and w (see
// refine.go). Covering v uncovers what v's subtree covered.

package impact

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/pathenc"
	"github.com/numpred/numpred/smt"
)

// Options say how to run.
type Options struct {
	// ForcedCovering enables McMillan's forced covering.
	ForcedCovering bool
	// MaxNodes bounds the tree (default DefaultMaxNodes): past it the run
	// ends with UNKNOWN.
	MaxNodes int
	// MaxCallDepth bounds the call stack of a node (default
	// DefaultMaxCallDepth): a call past it is not expanded, and a run
	// that leaves such a call uncovered ends with UNKNOWN, never TRUE.
	MaxCallDepth int
	// ForceCandidates bounds the older nodes forced covering tries per
	// node, most recent first (default DefaultForceCandidates).
	ForceCandidates int
	// ForceMaxPath bounds the edges from the nearest common ancestor to
	// the node forced covering tries to cover (default
	// DefaultForceMaxPath, no bound, as in the paper). A bound of 64 gave
	// more refinements per second on test_locks_10 but lost the proof of
	// testdata/engines/countdown_safe.c (a 569-edge path without an
	// interpolant).
	ForceMaxPath int
	// Check re-verifies, before a TRUE, that the final tree is well
	// labelled (see check.go): a debugging aid that costs a solver query
	// per tree edge.
	Check bool
}

// Defaults of Options.
const (
	DefaultMaxNodes        = 200_000
	DefaultMaxCallDepth    = 12
	DefaultForceCandidates = 4
	DefaultForceMaxPath    = 1 << 30
)

// Stats are the statistics of a run.
type Stats struct {
	Nodes           int           `stat:"nodes"`        // nodes of the tree
	Covered         int           `stat:"covered"`      // nodes covered at the end
	Dead            int           `stat:"dead"`         // nodes whose label is false at the end
	Expanded        int           `stat:"expanded"`     // nodes expanded
	Refinements     int           `stat:"refinements"`  // infeasible error paths refined
	CoverChecks     int           `stat:"cover_checks"` // implication checks between labels (solver queries)
	WitnessRejects  int           // cover checks answered by a stored state of the covered label
	ForcedAttempts  int           `stat:"forced_attempts"`  // forced coverings tried
	ForcedSuccesses int           `stat:"forced_successes"` // forced coverings that covered
	SMTQueries      int           `stat:"queries"`          // solver checks
	SMTTime         time.Duration `stat:"smt_s"`            // time in solver checks
	ItpTime         time.Duration `stat:"itp_s"`            // time computing interpolants (solver core included)
	Time            time.Duration // the whole run
}

// List names the statistics (engine.Stats): the tagged fields.
func (st *Stats) List() []engine.Stat { return engine.Tagged(st) }

// Solver returns the solver checks and their time (engine.Stats).
func (st *Stats) Solver() (int, time.Duration) { return st.SMTQueries, st.SMTTime }

// New returns IMPACT under opt behind the engine contract: "impact".
func New(opt Options) engine.Engine { return engine.Of("impact", Run, opt) }

// errDone ends the run once res has its verdict.
var errDone = errors.New("done")

// runner is the state of one Run.
type runner struct {
	prog  *ir.Program
	opt   Options
	res   *engine.Result
	stats *Stats
	z     *smt.Context
	nodes []*node
	root  *node
	stack []*node // the DFS stack
	// parked are leaves skipped because covered; uncovered says some
	// node was uncovered since they were last looked at.
	parked    []*node
	uncovered bool
	blocked   []*node
	// unsupported is the first node at an unsupported location
	// (ir.Loc.Unsupported) whose path is feasible: the search goes on
	// for a violation, but cannot end TRUE.
	unsupported *node
	byPlace     map[place][]*node
	stacks      *ir.Stacks
	epoch       int // incremented at each change of coverage
	coverMemo   map[[4]int]bool
	impSol      *smt.Solver // the solver of implication checks
	itp         *pathenc.Interpolator
}

// Run checks prog with IMPACT until a verdict or the end of ctx
// (UNKNOWN, "timeout"; ctx also interrupts the solver).
//
// TRUE means the tree is complete and well labelled: every error node's
// label is false, every leaf is expanded, covered or false, and labels
// are inductive along tree edges, so the labels at each place form an
// invariant under the IR's semantics. FALSE comes only with a
// counterexample that cex.Replay reproduced and that is Trusted. A
// program with unsupported constructs gets UNKNOWN.
//
// The Result's Stats are a *Stats (engine.StatsOf), its Dot writes the tree.
func Run(ctx context.Context, prog *ir.Program, opt Options) (*engine.Result, error) {
	start := time.Now()
	if opt.MaxNodes <= 0 {
		opt.MaxNodes = DefaultMaxNodes
	}
	if opt.MaxCallDepth <= 0 {
		opt.MaxCallDepth = DefaultMaxCallDepth
	}
	if opt.ForceMaxPath <= 0 {
		opt.ForceMaxPath = DefaultForceMaxPath
	}
	if opt.ForceCandidates <= 0 {
		opt.ForceCandidates = DefaultForceCandidates
	}
	r := &runner{prog: prog, opt: opt, res: &engine.Result{Verdict: engine.Unknown}, stats: &Stats{},
		byPlace: map[place][]*node{}, stacks: ir.NewStacks(), coverMemo: map[[4]int]bool{}}
	err := r.run(ctx)
	if r.impSol != nil {
		r.impSol.Close()
	}
	if r.itp != nil {
		r.itp.Close()
		r.stats.SMTQueries += r.itp.Queries
		r.stats.SMTTime += r.itp.SMTTime
	}
	if r.z != nil {
		go r.z.Close() // Z3 may take long to delete a context: not the caller's time
	}
	r.res.Dot = (&argView{prog: prog, nodes: r.nodes}).writeDot
	r.res.Stats = r.stats
	st := r.stats
	st.Nodes = len(r.nodes)
	for _, n := range r.nodes {
		if n.coveredBy != nil {
			st.Covered++
		}
		if n.dead() {
			st.Dead++
		}
	}
	st.Time = time.Since(start)
	r.res.Time = st.Time
	if err != nil && err != errDone {
		if ctx.Err() != nil {
			r.res.Verdict, r.res.Reason, r.res.Counterexample = engine.Unknown, engine.TimedOut, nil
			return r.res, nil
		}
		return nil, err
	}
	return r.res, nil
}

func (r *runner) run(ctx context.Context) error {
	prog := r.prog
	if prog.Main == nil {
		return fmt.Errorf("impact: the program has no main")
	}
	if u := prog.Unsupported(); len(u) > 0 {
		r.res.Reason = engine.NewReason(engine.Unsupported, "unsupported constructs: "+u[0].String())
		return nil
	}
	z, err := smt.NewContext()
	if err != nil {
		return err
	}
	r.z = z
	r.itp = &pathenc.Interpolator{Z: z}
	r.root = r.newNode(nil, nil, place{Loc: prog.Main.Entry})
	r.stack = []*node{r.root}
	for {
		for len(r.stack) > 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
			if len(r.nodes) > r.opt.MaxNodes {
				r.res.Reason = engine.Because(engine.Bound, "the tree exceeds %d nodes", r.opt.MaxNodes)
				return errDone
			}
			v := r.stack[len(r.stack)-1]
			r.stack = r.stack[:len(r.stack)-1]
			if v.expanded {
				continue
			}
			if r.covered(v) {
				r.parked = append(r.parked, v)
				continue
			}
			ok, err := r.close(ctx, v)
			if err != nil {
				return err
			}
			if ok {
				r.parked = append(r.parked, v)
				continue
			}
			if v.isError() {
				changed, err := r.refine(ctx, v)
				if err != nil {
					return err
				}
				for _, a := range changed {
					if !r.covered(a) {
						if _, err := r.close(ctx, a); err != nil {
							return err
						}
					}
				}
				continue
			}
			r.expand(v)
		}
		if !r.uncovered {
			break
		}
		r.uncovered = false
		var keep []*node
		for _, p := range r.parked {
			switch {
			case p.expanded:
			case r.covered(p):
				keep = append(keep, p)
			default:
				r.stack = append(r.stack, p)
			}
		}
		r.parked = keep
	}
	for _, b := range r.blocked {
		if !r.covered(b) {
			r.res.Reason = engine.Because(engine.Bound, "a call deeper than %d activations (recursion?) is not explored", r.opt.MaxCallDepth)
			return errDone
		}
	}
	if r.unsupported != nil {
		r.res.Reason = engine.NewReason(engine.Unsupported, ir.UnsupportedReason(r.unsupported.at.Loc))
		return errDone
	}
	if r.opt.Check {
		if err := r.checkARG(ctx); err != nil {
			return err
		}
	}
	r.res.Verdict = engine.True
	return errDone
}

// newNode adds a node with label true.
func (r *runner) newNode(parent *node, e *ir.Edge, at place) *node {
	n := &node{id: len(r.nodes), parent: parent, edge: e, at: at}
	if parent != nil {
		n.depth = parent.depth + 1
		parent.children = append(parent.children, n)
	}
	r.nodes = append(r.nodes, n)
	r.byPlace[at] = append(r.byPlace[at], n)
	return n
}

// expand adds v's children, one per out-edge of its location, and
// pushes them (the first edge's child on top).
func (r *runner) expand(v *node) {
	v.expanded = true
	r.stats.Expanded++
	out := v.at.Loc.Out
	kids := make([]*node, 0, len(out))
	for _, e := range out {
		at := place{Stack: v.at.Stack, Loc: e.To}
		blocked := false
		if _, ok := e.Op.(*ir.Call); ok {
			c := e.Op.(*ir.Call)
			at = place{Stack: r.stacks.Push(v.at.Stack, e), Loc: c.Callee.Entry}
			blocked = at.Stack.Depth() > r.opt.MaxCallDepth
		} else if e.To.Kind == ir.Exit && v.at.Stack != nil {
			at = place{Stack: v.at.Stack.Up(), Loc: v.at.Stack.Call().To}
		}
		n := r.newNode(v, e, at)
		if blocked {
			n.blocked = true
			r.blocked = append(r.blocked, n)
			continue
		}
		kids = append(kids, n)
	}
	for i := len(kids) - 1; i >= 0; i-- {
		r.stack = append(r.stack, kids[i])
	}
}

// covered reports whether n or an ancestor is covered or has label false.
func (r *runner) covered(n *node) bool {
	// Memoised per epoch along the ancestors.
	var chain []*node
	x := n
	for x != nil && x.memoEpoch != r.epoch+1 {
		chain = append(chain, x)
		x = x.parent
	}
	val := x != nil && x.memo
	for i := len(chain) - 1; i >= 0; i-- {
		c := chain[i]
		val = val || c.coveredBy != nil || c.dead()
		c.memo, c.memoEpoch = val, r.epoch+1
	}
	return n.memo
}

// cover makes w cover v and uncovers what v's subtree covered.
func (r *runner) cover(v, w *node) {
	v.coveredBy = w
	w.covers = append(w.covers, v)
	r.epoch++
	var walk func(y *node)
	walk = func(y *node) {
		r.uncover(y)
		for _, c := range y.children {
			walk(c)
		}
	}
	walk(v)
}

// uncover removes the coverings of the nodes y covers.
func (r *runner) uncover(y *node) {
	if len(y.covers) == 0 {
		return
	}
	for _, x := range y.covers {
		if x.coveredBy == y {
			x.coveredBy = nil
		}
	}
	y.covers = nil
	r.uncovered = true
	r.epoch++
}

// strengthen conjoins d (over state dimensions) to n's label unless the
// label implies it, uncovering what n covered; it reports whether the
// label changed.
func (r *runner) strengthen(ctx context.Context, n *node, d pathenc.DNF) (bool, error) {
	if d.IsTrue() || n.label.has(d) || n.dead() {
		return false, nil
	}
	if len(d) > 0 {
		ok, err := r.implies(ctx, n.label, label{d})
		if err != nil || ok {
			return false, err
		}
	}
	l := make(label, 0, len(n.label)+1)
	if len(d) == 0 {
		l = append(l, d) // false
	} else {
		l = append(append(l, n.label...), d)
	}
	n.label = l
	n.version++
	r.uncover(n)
	if len(d) == 0 {
		// Nodes below a false label are unreachable and never expanded
		// further: they must not cover anything.
		var walk func(y *node)
		walk = func(y *node) {
			r.uncover(y)
			for _, c := range y.children {
				walk(c)
			}
		}
		walk(n)
	}
	r.epoch++
	return true, nil
}

// close tries to cover v by an older node at the same place, forcing
// the covering when opt.ForcedCovering is set; it reports whether v is
// covered. Precondition: v is not covered.
func (r *runner) close(ctx context.Context, v *node) (bool, error) {
	cands := r.byPlace[v.at]
	for _, w := range cands {
		if w.id >= v.id {
			break
		}
		if w.blocked || w.dead() || r.covered(w) {
			continue
		}
		ok, err := r.coverCheck(ctx, v, w)
		if err != nil {
			return false, err
		}
		if ok {
			r.cover(v, w)
			return true, nil
		}
	}
	if !r.opt.ForcedCovering || v.forceTried {
		return false, nil
	}
	v.forceTried = true
	tries := 0
	for i := len(cands) - 1; i >= 0 && tries < r.opt.ForceCandidates; i-- {
		w := cands[i]
		if w.id >= v.id || w.blocked || w.dead() || r.covered(w) {
			continue
		}
		if v.depth-commonAncestor(v, w).depth > r.opt.ForceMaxPath {
			continue
		}
		tries++
		ok, err := r.forceCover(ctx, v, w)
		if err != nil {
			return false, err
		}
		if ok {
			return true, nil
		}
		if r.covered(v) {
			return true, nil
		}
	}
	return false, nil
}

// breakage, set by tests only, breaks the algorithm on purpose to show
// that the tests notice: "cover" makes every cover check succeed.
var breakage string

// coverCheck reports whether label(v) implies label(w), memoised by the
// labels' versions.
func (r *runner) coverCheck(ctx context.Context, v, w *node) (bool, error) {
	if breakage == "cover" {
		return true, nil
	}
	key := [4]int{v.id, v.version, w.id, w.version}
	if ok, in := r.coverMemo[key]; in {
		return ok, nil
	}
	if v.witVersion == v.version {
		for _, p := range v.wits {
			if !holds(w.label, p) {
				r.coverMemo[key] = false
				r.stats.WitnessRejects++
				return false, nil
			}
		}
	}
	ok, err := r.impliesTerms(ctx, v.label, w.label, func() ([]*smt.Term, []*smt.Term) { return r.labelTerms(v), r.labelTerms(w) },
		func(m *smt.Model) { r.addWitness(v, m) })
	if err != nil {
		return false, err
	}
	r.coverMemo[key] = ok
	return ok, nil
}

// maxWitnesses bounds the witnesses kept per node.
const maxWitnesses = 4

// addWitness records, from a model of label(v) ∧ ¬label(w), a state of
// label(v): its values of the dimensions label(v) mentions (any value of
// the others keeps it in label(v)). A witness that falsifies a later
// candidate's label answers that cover check without the solver; it is
// dropped when v's label changes. A wrong witness could only miss a
// covering, never make one.
func (r *runner) addWitness(v *node, m *smt.Model) {
	if v.witVersion != v.version {
		v.wits, v.witVersion = nil, v.version
	}
	if len(v.wits) >= maxWitnesses {
		v.wits = v.wits[1:]
	}
	p := map[numeric.Dim]numeric.Int{}
	for _, d := range v.label {
		for _, c := range d {
			for _, k := range c {
				for _, t := range k.Expr().Terms() {
					if _, ok := p[t.Dim]; ok {
						continue
					}
					x, err := m.Int(r.z.Const(fmt.Sprintf("s!%d", t.Dim), r.z.IntSort()))
					if err != nil {
						return
					}
					p[t.Dim] = numeric.IntFromBig(x)
				}
			}
		}
	}
	v.wits = append(v.wits, p)
}

// holds reports whether l holds at p (dimensions p lacks are 0).
func holds(l label, p map[numeric.Dim]numeric.Int) bool {
	for _, d := range l {
		sat := false
		for _, c := range d {
			all := true
			for _, k := range c {
				e := k.Expr()
				v := e.Constant()
				for _, t := range e.Terms() {
					if x, ok := p[t.Dim]; ok {
						v = v.Add(t.Coef.Mul(x))
					}
				}
				if k.Kind() == numeric.EQ && !v.IsZero() || k.Kind() == numeric.LE && v.Sign() > 0 {
					all = false
					break
				}
			}
			if all {
				sat = true
				break
			}
		}
		if !sat {
			return false
		}
	}
	return true
}

// labelTerms returns the terms of n's label parts, cached per version.
func (r *runner) labelTerms(n *node) []*smt.Term {
	if n.terms == nil || n.termsVersion != n.version {
		n.terms = make([]*smt.Term, len(n.label))
		for i, d := range n.label {
			n.terms[i] = pathenc.Term(r.z, d, "s!")
		}
		n.termsVersion = n.version
	}
	return n.terms
}

// implies reports whether a implies b (over the integers).
func (r *runner) implies(ctx context.Context, a, b label) (bool, error) {
	return r.impliesTerms(ctx, a, b, func() ([]*smt.Term, []*smt.Term) {
		as := make([]*smt.Term, len(a))
		for i, d := range a {
			as[i] = pathenc.Term(r.z, d, "s!")
		}
		bs := make([]*smt.Term, len(b))
		for i, d := range b {
			bs[i] = pathenc.Term(r.z, d, "s!")
		}
		return as, bs
	}, nil)
}

// impliesTerms is implies with the labels' terms built by terms when a
// solver query is needed. The query runs in one incremental solver,
// inside a push and pop.
func (r *runner) impliesTerms(ctx context.Context, a, b label, terms func() ([]*smt.Term, []*smt.Term), onSat func(*smt.Model)) (bool, error) {
	if a.isFalse() {
		return true, nil
	}
	syntactic := true
	for _, d := range b {
		if !d.IsTrue() && !a.has(d) {
			syntactic = false
			break
		}
	}
	if syntactic {
		return true, nil
	}
	if b.isFalse() {
		return false, nil
	}
	r.stats.CoverChecks++
	z := r.z
	if r.impSol == nil {
		r.impSol = z.NewSimpleSolver()
	}
	sol := r.impSol
	as, bs := terms()
	sol.Push()
	defer sol.Pop(1)
	sol.Assert(as...)
	if len(bs) == 1 {
		sol.Assert(z.Not(bs[0]))
	} else {
		sol.Assert(z.Not(z.And(bs...)))
	}
	if err := sol.Err(); err != nil {
		return false, err
	}
	res, err := r.checkSolver(ctx, sol)
	if err != nil {
		return false, err
	}
	if res == smt.Sat && onSat != nil {
		if m, err := sol.Model(); err == nil {
			onSat(m)
			m.Close()
		}
	}
	return res == smt.Unsat, nil
}

// stateEnv names the state dimensions below n: x at depth 0, x@d below.
func stateEnv(prog *ir.Program, n int) *numeric.Env {
	nv := len(prog.Vars)
	names := make([]string, 0, n)
	for d := 0; d < n; d++ {
		v := prog.Vars[d%nv]
		if d < nv {
			names = append(names, v.Qual)
		} else {
			names = append(names, fmt.Sprintf("%s@%d", v.Qual, d/nv))
		}
	}
	env, err := numeric.NewEnv(names...)
	if err != nil {
		panic("impact: " + err.Error())
	}
	return env
}
