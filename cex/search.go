// This file implements Search: boundary inputs, then generational concolic
// search (Godefroid, Levin & Molnar's SAGE, guided by the distance to an
// error location), every candidate decided by a concrete run.

package cex

import (
	"container/heap"
	"context"
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/numpred/numpred/encode"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/ir/exec"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/smt"
)

// Options bound a search.
type Options struct {
	// Mode is the encoding of path formulas. Either way every proposal is
	// decided by a concrete run, so the encoding only steers the search:
	// BV models the products, shifts and bitwise operations LIA havocs,
	// and LIA is an order of magnitude faster for the solver. Auto picks
	// BV for C programs that have such operations, LIA otherwise.
	Mode Mode
	// MaxSteps bounds each concrete run (default: only the deadline).
	MaxSteps int
	// MaxFlips bounds how often one branch edge is taken by a proposal at
	// the same visit of its location (the k-th visit in a path; default 2), so
	// that the search goes one loop iteration deeper at a time instead of
	// asking for the same early flip in every path.
	MaxFlips int
	// QueryTimeout bounds one solver check (default 2 s).
	QueryTimeout time.Duration
	// Until, when set, stops the search at that time unless one of its
	// runs was too long to expand whole (maxExpand steps): a search whose
	// runs are that long gets until the context's deadline.
	Until time.Time
}

// Mode selects the path encoding of a search.
type Mode int

const (
	Auto Mode = iota
	LIA
	BV
)

// Stats describe a search.
type Stats struct {
	Runs    int           // concrete runs
	Queries int           // solver checks
	SatQ    int           // of which satisfiable
	SMTTime time.Duration // time in the solver
	Mode    string        // the encoding used
	// Exhausted says the search ran out of candidates after exploring
	// every feasible branch of every path it ran: no run it left out can
	// reach an error location, so it stopped before its deadline.
	Exhausted bool
	// What the search held, for --stats: the most input values its
	// queues held at once (PeakQueued, bounded by maxQueued), the
	// candidates it dropped for that bound (Dropped), the paths it
	// expanded (Paths; each kept as a fixed-size key), the longest run
	// (LongestRun, in steps) and the runs ended by the input bound
	// (InputCut, see maxRunInputs).
	PeakQueued, Dropped, Paths, LongestRun, InputCut int
}

// candidate is an input vector to run, with its priority (lower first).
type candidate struct {
	vals []numeric.Int
	prio int
	seq  int
	done bool // already run (from the other queue)
}

// queue orders candidates by priority when byPrio is set (then oldest
// first: of one path's flips the earliest, which the rest of a long run
// does not wait on), or newest first only: depth-first, one branch
// deeper at a time.
type queue struct {
	cs     []*candidate
	byPrio bool
}

func (q queue) Len() int { return len(q.cs) }
func (q queue) Less(i, j int) bool {
	if q.byPrio {
		if q.cs[i].prio != q.cs[j].prio {
			return q.cs[i].prio < q.cs[j].prio
		}
		return q.cs[i].seq < q.cs[j].seq
	}
	return q.cs[i].seq > q.cs[j].seq
}
func (q queue) Swap(i, j int)     { q.cs[i], q.cs[j] = q.cs[j], q.cs[i] }
func (q *queue) Push(x any)       { q.cs = append(q.cs, x.(*candidate)) }
func (q *queue) Pop() any         { x := q.cs[len(q.cs)-1]; q.cs = q.cs[:len(q.cs)-1]; return x }
func (q *queue) add(c *candidate) { heap.Push(q, c) }

// next pops the first candidate not yet run, or nil.
func (q *queue) next() *candidate {
	for q.Len() > 0 {
		if c := heap.Pop(q).(*candidate); !c.done {
			return c
		}
	}
	return nil
}

// flip is a branch edge at the k-th visit of its location in a path.
type flip struct {
	alt *ir.Edge
	k   int
}

// contexts keeps Z3 contexts for reuse: deleting a context that made
// millions of terms takes Z3 longer than most searches (their objects are
// reference-counted and released as the search drops them).
var contexts sync.Pool

// searcher is the state of one Search.
type searcher struct {
	prog  *ir.Program
	m     *exec.Machine
	opt   Options
	mode  encode.Mode
	dist  map[*ir.Loc]int
	flips map[flip]int
	seen  map[pathKey]bool
	// edgeNum numbers the program's edges for path keys.
	edgeNum map[*ir.Edge]uint64
	rng     *rand.Rand // random small inputs (seeds, restarts)
	// queued is the number of input values held by the candidates not
	// yet run.
	queued int
	dfs    queue // newest first
	near   queue // nearest an error location first
	turn   int
	seq    int
	stats  Stats
	zctx   *smt.Context
	// restarts counts the random restarts after the queue ran dry.
	restarts int
	// longRuns counts the runs longer than maxExpand (Options.Until).
	longRuns int
	// edgeBuf is the recorded path of the last expanded run, for the
	// next to reuse.
	edgeBuf []exec.EdgeStep
	// long holds the inputs of runs cut by the step budget (runBudget),
	// to run to their end when the queue runs dry.
	long [][]numeric.Int
	// incomplete: some branch was left unexplored (a flip budget, a
	// solver that gave up, a run cut short or not fully determined by
	// its inputs), so a dry queue does not mean that no error is
	// reachable.
	incomplete bool
}

// maxRestarts bounds the random restarts of a search without a deadline
// (with one, restarts go on until it).
const maxRestarts = 100000

// Search looks for a run of prog that reaches an error location until ctx
// is done. It returns a counterexample that has been replayed on the
// concrete interpreter, or nil when it found none. It prefers a Trusted
// one: an untrusted run is returned only when no trusted one turned up.
func Search(ctx context.Context, prog *ir.Program, opt Options) (*Counterexample, Stats, error) {
	if opt.MaxFlips <= 0 {
		opt.MaxFlips = 2
	}
	if opt.MaxSteps <= 0 {
		opt.MaxSteps = 1 << 40 // the context's deadline bounds runs
	}
	if opt.QueryTimeout <= 0 {
		opt.QueryTimeout = 2 * time.Second
	}
	s := &searcher{prog: prog, m: exec.New(prog), opt: opt, dist: ir.ErrorDistances(prog),
		flips: map[flip]int{}, seen: map[pathKey]bool{}, near: queue{byPrio: true},
		edgeNum: numberEdges(prog)}
	s.mode = encode.LIA
	if prog.Lang == "c" && (opt.Mode == BV || (opt.Mode == Auto && hasNonlinearDefs(prog))) {
		s.mode = encode.BV
	}
	s.stats.Mode = s.mode.String()
	if prog.Main == nil || s.dist[prog.Main.Entry] == ir.Unreachable {
		return nil, s.stats, nil
	}
	defer func() {
		if s.zctx != nil {
			contexts.Put(s.zctx)
		}
	}()
	s.push(nil, 0)
	s.rng = rand.New(rand.NewPCG(1, uint64(len(prog.Vars))))
	rng := s.rng
	var fallback *Counterexample
	width := 0 // inputs of the longest run so far
	for ctx.Err() == nil {
		if !opt.Until.IsZero() && s.longRuns == 0 && time.Now().After(opt.Until) {
			break // short runs: no more time (Options.Until)
		}
		c := s.pop()
		if c == nil && !s.incomplete {
			s.stats.Exhausted = true
			break
		}
		if c == nil && len(s.long) > 0 {
			// Out of candidates: finish the runs the budget cut, oldest
			// first (their prefixes are expanded already).
			vals := s.long[0]
			s.long = s.long[1:]
			s.queued -= len(vals)
			res := s.run(ctx, vals, s.opt.MaxSteps, false)
			if res.Outcome == exec.ErrorReached {
				if cx, done, err := s.settle(ctx, res, &fallback); done {
					return cx, s.stats, err
				}
			}
			continue
		}
		if c == nil {
			// Out of candidates: restart from random small inputs, with
			// fresh flip budgets (paths already expanded stay expanded).
			if _, bounded := ctx.Deadline(); width == 0 || (!bounded && s.restarts >= maxRestarts) {
				break
			}
			s.restarts++
			clear(s.flips)
			vals := make([]numeric.Int, width)
			for i := range vals {
				vals[i] = numeric.I(rng.Int64N(21) - 10)
			}
			s.push(vals, 0)
			c = s.pop()
		}
		c.done = true
		s.queued -= len(c.vals)
		vals := c.vals
		c.vals = nil // the other queue may still hold c
		res := s.run(ctx, vals, min(s.opt.MaxSteps, runBudget), false)
		if res.Steps > maxExpand {
			s.longRuns++
		}
		if res.Outcome == exec.StepLimit && res.Steps >= runBudget && s.opt.MaxSteps > runBudget && ctx.Err() == nil {
			s.postpone(vals)
		}
		if res.Outcome == exec.ErrorReached {
			if cx, done, err := s.settle(ctx, res, &fallback); done {
				return cx, s.stats, err
			}
		}
		if s.stats.Runs == 1 {
			s.seedBoundaries(len(res.Inputs), seedPrio(res))
		}
		width = max(width, len(res.Inputs))
		switch {
		case res.Outcome != exec.Returned && res.Outcome != exec.ErrorReached && res.Outcome != exec.Blocked && res.Outcome != exec.Sink,
			res.Arbitrary > 0, res.Ambiguous > 0, res.Steps > maxExpand:
			s.incomplete = true
		}
		if len(res.Inputs) == 0 && res.Arbitrary == 0 {
			continue // a deterministic run: nothing to flip
		}
		// The path, or its first maxExpand steps: the branches of a run
		// too long to encode whole (a loop over a large array) are flipped
		// within its prefix.
		res = s.run(ctx, vals, min(s.opt.MaxSteps, maxExpand), true)
		key := s.pathKey(res)
		if s.seen[key] {
			continue
		}
		s.seen[key] = true
		s.stats.Paths = len(s.seen)
		err := s.expand(ctx, res)
		s.edgeBuf = res.Edges[:0] // for the next recorded run
		if err != nil {
			return nil, s.stats, err
		}
	}
	return fallback, s.stats, nil
}

// settle makes a run that reached an error the search's answer (done):
// its confirmed counterexample when trusted (nil when out of time while
// replaying it), or the error. A run that overflows or reads
// undetermined values is kept in *fallback in case nothing better turns
// up, and the search goes on.
func (s *searcher) settle(ctx context.Context, res exec.Result, fallback **Counterexample) (*Counterexample, bool, error) {
	cx, err := s.confirm(ctx, res)
	if err != nil {
		return nil, true, err
	}
	if cx == nil || cx.Trusted() {
		return cx, true, nil
	}
	if *fallback == nil {
		*fallback = cx
	}
	return nil, false, nil
}

func (s *searcher) push(vals []numeric.Int, prio int) {
	if s.queued+len(vals) > maxQueued {
		// Too much held already: drop it (the search is then incomplete).
		s.incomplete = true
		s.stats.Dropped++
		return
	}
	s.queued += len(vals)
	s.stats.PeakQueued = max(s.stats.PeakQueued, s.queued)
	s.seq++
	c := &candidate{vals: vals, prio: prio, seq: s.seq}
	s.dfs.add(c)
	s.near.add(c)
}

// pop takes turns between the two orders: depth-first finds bugs behind
// long sequences of branches (protocol state machines), nearest-first
// those behind few branches far along a path.
func (s *searcher) pop() *candidate {
	s.turn++
	first, second := &s.dfs, &s.near
	if s.turn%2 == 0 {
		first, second = second, first
	}
	if c := first.next(); c != nil {
		return c
	}
	return second.next()
}

// maxPathQueries and maxPathProposals bound the solver checks and the
// candidates of one path's expansion: a path through a loop over a large
// array has a branch on inputs in every iteration, and its first flips
// are worth running before its last.
const (
	maxPathQueries   = 1000
	maxPathProposals = 64
)

// maxExpand is the longest run whose path is encoded; maxRecord the
// longest whose path a counterexample shows (longer ones keep their
// inputs, which replay them).
const (
	maxExpand = 1 << 21
	maxRecord = 1 << 21
)

// The search's memory bounds. A run's inputs are the only part of a run
// that grows with its length (a reactive program's main loop that reads
// an input per iteration never ends on its own once the proposed inputs
// run out: one such run held 13 GB of inputs after a minute), so runs
// stop after maxRunInputs inputs; a run without inputs may go on until
// the deadline, as a deep deterministic bug needs (a step bound doubled
// at every restart cost Mono1_1-1's 55M-step run 2.3x the steps). The
// queues hold at most maxQueued input values (a long path proposes a
// candidate per branch, each as long as the path's prefix).
const (
	maxRunInputs = 1 << 21
	maxQueued    = 1 << 23
)

// runBudget bounds the steps of a candidate's first run. A run the
// budget cuts is expanded within its prefix (maxExpand) and finished
// only when the queue runs dry (searcher.long): one run that would take
// the whole deadline (all inputs 0 in a sorting program whose check loop
// is quadratic in a 10^5-element array) then leaves time for the runs its
// flips propose. The budget is about 0.3 s of run: it costs a run that
// does need more steps (a deep deterministic bug) that much again.
const runBudget = 1 << 23

// maxLong bounds the runs held for finishing (searcher.long).
const maxLong = 16

// postpone keeps the inputs of a run cut by runBudget for later.
func (s *searcher) postpone(vals []numeric.Int) {
	if len(s.long) >= maxLong || s.queued+len(vals) > maxQueued {
		s.incomplete = true
		s.stats.Dropped++
		return
	}
	s.queued += len(vals)
	s.stats.PeakQueued = max(s.stats.PeakQueued, s.queued)
	s.long = append(s.long, vals)
}

func (s *searcher) run(ctx context.Context, vals []numeric.Int, maxSteps int, record bool) exec.Result {
	s.stats.Runs++
	var buf []exec.EdgeStep
	if record {
		buf, s.edgeBuf = s.edgeBuf, nil
	}
	res := s.m.Run(&vector{vals: vals, dist: s.dist}, exec.Options{MaxSteps: maxSteps, MaxInputs: maxRunInputs,
		RecordEdges: record, EdgeBuf: buf, Stop: func() bool { return ctx.Err() != nil }})
	s.stats.LongestRun = max(s.stats.LongestRun, res.Steps)
	if res.Outcome == exec.StepLimit && len(res.Inputs) > maxRunInputs {
		s.stats.InputCut++
	}
	return res
}

// seedBoundaries queues vectors of n equal boundary values: the corners
// where off-by-one and wrap-around bugs live; and, taken first, one
// vector of random small values, where bugs that need two inputs to
// differ live (long runs, which the concolic search cannot expand, get
// it at once).
func (s *searcher) seedBoundaries(n, prio int) {
	if n == 0 {
		return
	}
	// The random vector first, so that the queue's bound drops the
	// boundary vectors before it; its priority takes it first.
	vals := make([]numeric.Int, n)
	for i := range vals {
		vals[i] = numeric.I(s.rng.Int64N(21) - 10)
	}
	s.push(vals, prio)
	for _, v := range []int64{1, -1, 2, 1 << 31, -1 << 31, 1<<31 - 1} {
		vals := make([]numeric.Int, n)
		for i := range vals {
			vals[i] = numeric.I(v)
		}
		s.push(vals, 1<<20)
	}
}

// seedPrio is the priority of the random seed after the first run res:
// first (0), unless res is too long to encode whole: then after the
// flips of its prefix, since a run through a loop over a large input
// array would then make every later run as long (its flips are not
// worth that: they take a prefix).
func seedPrio(res exec.Result) int {
	if res.Steps > maxExpand {
		return 1 << 19
	}
	return 0
}

// pathKey identifies a run's path by its length and two independent
// 64-bit hashes of its edges: a fixed 24 bytes per path, where the path's
// text took up to 14 bytes per step. Two different paths share a key with
// probability about 2^-128; the only effect would be one path not
// expanded.
type pathKey struct {
	n      int
	h1, h2 uint64
}

var pathSeeds = [2]maphash.Seed{maphash.MakeSeed(), maphash.MakeSeed()}

func (s *searcher) pathKey(r exec.Result) pathKey {
	var h1, h2 maphash.Hash
	h1.SetSeed(pathSeeds[0])
	h2.SetSeed(pathSeeds[1])
	var buf [8]byte
	for _, st := range r.Edges {
		n := s.edgeNum[st.Edge]
		if st.Return {
			n |= 1 << 63
		}
		binary.LittleEndian.PutUint64(buf[:], n)
		h1.Write(buf[:])
		h2.Write(buf[:])
	}
	return pathKey{len(r.Edges), h1.Sum64(), h2.Sum64()}
}

// numberEdges numbers the edges of every function of p.
func numberEdges(p *ir.Program) map[*ir.Edge]uint64 {
	m := map[*ir.Edge]uint64{}
	for _, f := range p.Funcs {
		for _, e := range f.Edges {
			m[e] = uint64(len(m))
		}
	}
	return m
}

// expand encodes res's path step by step and, at every branch whose other
// side can reach an error and depends on inputs, asks the solver for
// inputs that follow the path up to there and then take the other side.
func (s *searcher) expand(ctx context.Context, res exec.Result) error {
	if s.zctx == nil {
		if z, ok := contexts.Get().(*smt.Context); ok {
			s.zctx = z
		} else {
			z, err := smt.NewContext()
			if err != nil {
				return err
			}
			s.zctx = z
		}
	}
	z := s.zctx
	sol := z.NewSolver()
	defer sol.Close()
	sol.SetTimeout(s.opt.QueryTimeout)
	path, err := encode.NewPath(z, s.prog, s.mode)
	if err != nil {
		return err
	}
	path.Concolic()
	// inputPos[i] is the index in res.Inputs of the path's i-th input.
	var inputPos []int
	for i, in := range res.Inputs {
		if in.Source != exec.ChoiceSource {
			inputPos = append(inputPos, i)
		}
	}
	consumed := 0 // entries of res.Inputs consumed before the current step
	visits := map[*ir.Loc]int{}
	queries, proposed := 0, 0
	for _, st := range res.Edges {
		if ctx.Err() != nil {
			return nil
		}
		if st.Return {
			continue
		}
		e := st.Edge
		if len(e.From.Out) > 1 {
			visits[e.From]++
			for _, alt := range e.From.Out {
				a, ok := alt.Op.(*ir.Assume)
				key := flip{alt, visits[e.From]}
				if alt == e || s.dist[alt.To] == ir.Unreachable {
					continue
				}
				if !ok || s.flips[key] >= s.opt.MaxFlips {
					s.incomplete = true
					continue
				}
				if !path.Symbolic(a.Cond) {
					continue
				}
				if queries >= maxPathQueries || proposed >= maxPathProposals {
					s.incomplete = true // the rest of a long path's branches
					return nil
				}
				queries++
				// Only the path's constraints on the values the branch
				// reads (encode.Path.Slice): a long path's whole formula
				// can take the solver minutes on a query about two inputs.
				cond := path.Cond(a.Cond) // first: it makes the lazy inputs it reads
				slice, inSlice := path.Slice(a.Cond)
				sol.Push() // nothing at the base: cheap
				sol.Assert(slice...)
				sol.Assert(cond)
				vals, ok, err := s.solve(ctx, sol, path, res, inputPos, consumed, inSlice)
				sol.Pop(1)
				if err != nil {
					return err
				}
				if ok && stepInputs(e, res, consumed) == 1 && isChoice(res, consumed) {
					// A choice point: the run recorded its choice here; take alt.
					vals = append(vals, numeric.I(int64(indexOf(e.From.Out, alt))))
				}
				if ok {
					s.flips[key]++ // only proposals count: an unsat flip may be sat after another prefix
					s.push(vals, s.dist[alt.To])
					proposed++
				}
			}
		}
		if st.HasAddr {
			path.SetAddress(st.Addr)
		}
		if _, err := path.Step(e); err != nil {
			return err // the path keeps its constraints (Slice)
		}
		consumed += stepInputs(e, res, consumed)
	}
	return nil
}

// stepInputs returns how many entries of res.Inputs edge e consumed: one
// for an input havoc, one for a choice at a location with several
// enabled edges (recorded by the run at that position).
func stepInputs(e *ir.Edge, res exec.Result, at int) int {
	if h, ok := e.Op.(*ir.Havoc); ok && h.Input != "" && h.Def == nil {
		return 1
	}
	if at < len(res.Inputs) && res.Inputs[at].Source == exec.ChoiceSource && res.Inputs[at].Pos == e.From.Pos {
		if _, ok := e.Op.(*ir.Assume); ok {
			return 1
		}
	}
	return 0
}

// solve checks the solver's assertions and, when satisfiable, returns the
// input vector of the model: the run's first `upto` entries with each
// input replaced by its model value (choices kept).
func (s *searcher) solve(ctx context.Context, sol *smt.Solver, path *encode.Path, res exec.Result, inputPos []int, upto int, inSlice func(int) bool) ([]numeric.Int, bool, error) {
	s.stats.Queries++
	t0 := time.Now()
	r, err := sol.CheckContext(ctx) // the query's own limit, or ctx's deadline if sooner
	s.stats.SMTTime += time.Since(t0)
	if err != nil || r != smt.Sat {
		if err != nil || r != smt.Unsat {
			s.incomplete = true
		}
		return nil, false, nil // unknown or unsat: nothing to try
	}
	s.stats.SatQ++
	m, err := sol.Model()
	if err != nil {
		s.incomplete = true
		return nil, false, nil
	}
	defer m.Close()
	vals := res.InputValues()[:upto]
	vals = append([]numeric.Int{}, vals...)
	for i, in := range path.Inputs() {
		if i >= len(inputPos) || inputPos[i] >= upto {
			break
		}
		if in.Term == nil && inputPos[i] < upto {
			// Never read by a constraint: the value a solver's model
			// completion gives an unconstrained input.
			vals[inputPos[i]] = leastInRange(in.Havoc.Range)
			continue
		}
		if !inSlice(i) {
			continue // not in the query: the run's value
		}
		raw, err := m.Int(in.Term)
		if err != nil {
			s.incomplete = true
			return nil, false, nil
		}
		vals[inputPos[i]] = encode.Value(in, raw)
	}
	// Inputs past the branch: keep the model's values too, when the path
	// read them before (they are part of the same run's prefix).
	return vals, true, nil
}

// confirm turns a run that reached an error into a Counterexample after
// replaying its inputs from scratch (with the path recorded unless the run
// is very long), with exec.Inputs: the oracle anyone replaying the inputs
// would use.
func (s *searcher) confirm(ctx context.Context, res exec.Result) (*Counterexample, error) {
	vals := res.InputValues()
	again := exec.New(s.prog).Run(exec.Inputs(vals...), exec.Options{MaxSteps: s.opt.MaxSteps,
		RecordPath: res.Steps <= maxRecord, Stop: func() bool { return ctx.Err() != nil }})
	if again.Outcome == exec.StepLimit && ctx.Err() != nil {
		return nil, nil // out of time while replaying
	}
	if again.Outcome != exec.ErrorReached || again.Loc != res.Loc {
		return nil, fmt.Errorf("cex: internal error: a run reached %v but its replay ended %v at %v", res.Loc, again.Outcome, again.Loc)
	}
	c := fromRun(again)
	c.Steps = again.Steps
	return c, nil
}

// fromRun builds the Counterexample of a run that reached an error.
func fromRun(r exec.Result) *Counterexample {
	c := &Counterexample{Error: r.Loc, Arbitrary: r.Arbitrary, Ambiguous: r.Ambiguous, Overflows: r.Overflows, Patterned: r.Patterned}
	for _, in := range r.Inputs {
		c.Inputs = append(c.Inputs, Input{Function: in.Source, Value: in.Value, Pos: in.Pos, Heap: in.Heap, Block: in.Block})
	}
	for _, st := range r.Path {
		if st.Return {
			continue
		}
		s := Step{Edge: st.Edge, Depth: st.Depth}
		for _, b := range st.Assigned {
			s.Assigned = append(s.Assigned, Assignment{Var: b.Var, Value: b.Value})
		}
		c.Path = append(c.Path, s)
	}
	return c
}

func isChoice(res exec.Result, at int) bool {
	return at < len(res.Inputs) && res.Inputs[at].Source == exec.ChoiceSource
}

func indexOf(es []*ir.Edge, e *ir.Edge) int {
	for i, x := range es {
		if x == e {
			return i
		}
	}
	return 0
}

// hasNonlinearDefs reports whether p has a havoc standing for a product,
// shift or bitwise operation, which LIA cannot steer.
func hasNonlinearDefs(p *ir.Program) bool {
	for _, f := range p.Funcs {
		for _, e := range f.Edges {
			if h, ok := e.Op.(*ir.Havoc); ok && h.Def != nil {
				switch h.Def.Op {
				case ir.DefMul, ir.DefShl, ir.DefShr, ir.DefAnd, ir.DefOr, ir.DefXor:
					return true
				}
			}
		}
	}
	return false
}
