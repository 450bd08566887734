// This file implements the domain's statistics: counters and timers of its
// operations and of the work inside them (minimisation, integer emptiness,
// the simplex), which --stats prints.

package polyhedra

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Stats are the counters and timers of a Domain since New. Minimisations,
// emptiness tests and simplex calls happen inside operations, so their
// times are parts of Time (and simplex time is partly emptiness time);
// work done lazily on a value is counted by the Domain that made the value.
type Stats struct {
	// Ops are the operations called (Join, Assume, IsBottom, ...), sorted
	// by name. Only outermost calls count: an IsBottom inside Join is
	// Join's time.
	Ops []OpStat
	// Time is the total time in operations, Count their number.
	Time  time.Duration
	Count int64
	// Slowest is the duration of the slowest single operation, SlowestOp
	// its name.
	Slowest   time.Duration
	SlowestOp string
	// Minimize counts the minimisations that did work (Chernikova
	// conversions and redundancy removal).
	Minimize Counter
	// Combined counts the rows Chernikova's algorithm made by combining
	// adjacent pairs (in minimisations and hulls): its work, not timed.
	Combined int64
	// Approximated counts the joins that hulled groups of blocks apart
	// because the exact hull would start from too many vertices (an
	// upper bound of the hull, less precise).
	Approximated int64
	// Emptiness counts the integer emptiness tests of polyhedra that are
	// not rationally empty (each block's answer is cached in the value):
	// EmptyCheap of them were decided by the tests on the generators
	// (integral vertex, rounding, thin direction, box enumeration),
	// EmptyGaveUp ran out of budget and answered "not empty".
	Emptiness   Counter
	EmptyCheap  int64
	EmptyGaveUp int64
	// EmptyMemo counts the emptiness questions answered by the Domain's
	// memo (iememo.go): equal polyhedra met again as new values.
	EmptyMemo int64
	// Simplex counts simplex runs (branch-and-bound nodes of emptiness and
	// inclusion tests), Pivots their pivots, and SimplexGaveUp the runs
	// whose cost bound ran out (their callers then answer conservatively).
	Simplex       Counter
	Pivots        int64
	SimplexGaveUp int64
	// Bounded counts the conversions of new values (the results of
	// joins) that ran past their work bound and kept the constraints
	// converted so far (an upper bound of the value).
	Bounded int64
	// Interrupted counts the operations abandoned because the Domain's
	// stop hook (WithStop) said so; their results are sound but coarse
	// (see WithStop).
	Interrupted int64
}

// Add returns the sums of s and t (the slowest operation of both).
func (s Stats) Add(t Stats) Stats {
	out := s
	out.Ops = nil
	at := map[string]int{}
	for _, ops := range [][]OpStat{s.Ops, t.Ops} {
		for _, o := range ops {
			if i, ok := at[o.Name]; ok {
				out.Ops[i].Count += o.Count
				out.Ops[i].Time += o.Time
				continue
			}
			at[o.Name] = len(out.Ops)
			out.Ops = append(out.Ops, o)
		}
	}
	sort.Slice(out.Ops, func(i, j int) bool { return out.Ops[i].Name < out.Ops[j].Name })
	out.Time += t.Time
	out.Count += t.Count
	if t.Slowest > out.Slowest {
		out.Slowest, out.SlowestOp = t.Slowest, t.SlowestOp
	}
	out.Minimize = Counter{s.Minimize.Count + t.Minimize.Count, s.Minimize.Time + t.Minimize.Time}
	out.Combined += t.Combined
	out.Approximated += t.Approximated
	out.Emptiness = Counter{s.Emptiness.Count + t.Emptiness.Count, s.Emptiness.Time + t.Emptiness.Time}
	out.EmptyCheap += t.EmptyCheap
	out.EmptyGaveUp += t.EmptyGaveUp
	out.EmptyMemo += t.EmptyMemo
	out.Simplex = Counter{s.Simplex.Count + t.Simplex.Count, s.Simplex.Time + t.Simplex.Time}
	out.Pivots += t.Pivots
	out.SimplexGaveUp += t.SimplexGaveUp
	out.Bounded += t.Bounded
	out.Interrupted += t.Interrupted
	return out
}

// Counter is a number of events and the time spent in them.
type Counter struct {
	Count int64
	Time  time.Duration
}

// OpStat is the number of calls of one operation and their total time.
type OpStat struct {
	Name  string
	Count int64
	Time  time.Duration
}

// String formats s on one line, e.g. "ops 1200 in 0.310s (slowest Join
// 0.004s); minimise 300 in 0.120s (5000 rows made); emptiness 40 in
// 0.020s (31 cheap, 0 gave up); simplex 25 in 0.010s (140 pivots, 0 gave
// up)".
func (s Stats) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "ops %d in %.3fs", s.Count, s.Time.Seconds())
	if s.SlowestOp != "" {
		fmt.Fprintf(&b, " (slowest %s %.3fs)", s.SlowestOp, s.Slowest.Seconds())
	}
	fmt.Fprintf(&b, "; minimise %d in %.3fs (%d rows made)", s.Minimize.Count, s.Minimize.Time.Seconds(), s.Combined)
	if s.Approximated > 0 {
		fmt.Fprintf(&b, "; %d joins by groups", s.Approximated)
	}
	fmt.Fprintf(&b, "; emptiness %d in %.3fs (%d cheap, %d gave up, %d more from the memo)",
		s.Emptiness.Count, s.Emptiness.Time.Seconds(), s.EmptyCheap, s.EmptyGaveUp, s.EmptyMemo)
	fmt.Fprintf(&b, "; simplex %d in %.3fs (%d pivots, %d gave up)",
		s.Simplex.Count, s.Simplex.Time.Seconds(), s.Pivots, s.SimplexGaveUp)
	if s.Bounded > 0 || s.Interrupted > 0 {
		fmt.Fprintf(&b, "; %d conversions cut by the work bound, %d operations interrupted", s.Bounded, s.Interrupted)
	}
	return b.String()
}

// Stats returns a snapshot of d's statistics.
func (d *Domain) Stats() Stats {
	return d.st.snapshot()
}

// opKind names a timed operation.
type opKind int

const (
	opAddDims opKind = iota
	opAssign
	opAssume
	opBound
	opConstraints
	opEntails
	opEqual
	opForget
	opIsBottom
	opIsTop
	opJoin
	opLeq
	opMeet
	opNarrow
	opPermuteDims
	opRemoveDims
	opSanityCheck
	opString
	opWiden
	numOps
)

var opNames = [numOps]string{
	opAddDims: "AddDims", opAssign: "Assign", opAssume: "Assume", opBound: "Bound",
	opConstraints: "Constraints", opEntails: "Entails", opEqual: "Equal",
	opForget: "Forget", opIsBottom: "IsBottom", opIsTop: "IsTop", opJoin: "Join",
	opLeq: "Leq", opMeet: "Meet", opNarrow: "Narrow", opPermuteDims: "PermuteDims",
	opRemoveDims: "RemoveDims", opSanityCheck: "SanityCheck", opString: "String",
	opWiden: "Widen",
}

// counters accumulates a Domain's statistics; it is safe for concurrent
// use, and its methods do nothing on a nil receiver (polyhedra made
// outside a Domain).
type counters struct {
	mu        sync.Mutex
	ops       [numOps]Counter
	slowest   time.Duration
	slowestOp opKind
	s         Stats // the scalar fields (Ops, Time, Count, Slowest* unused)
	memo      ieMemo
	// stop is the Domain's stop hook (WithStop), nil if none; stopped
	// latches its first true answer.
	stop    func() bool
	stopped atomic.Bool
	// budget is the Domain's Budget (WithBudget); the zero Budget bounds
	// nothing.
	budget Budget
}

// convLimits returns the bounds of one conversion (cone.limit and
// cone.maxWork) under the Domain's budget: 0, 0 (none) unless a budget
// was set.
func (c *counters) convLimits() (int, int64) {
	if c == nil {
		return 0, 0
	}
	return c.budget.MaxRays, c.budget.MaxWork
}

// maxVertices returns the bound on the vertices of the products a join
// hulls exactly, 0 for none.
func (c *counters) maxVertices() int {
	if c == nil {
		return 0
	}
	return c.budget.MaxVertices
}

// interrupted reports whether the stop hook has asked the Domain to stop
// (false for polyhedra made outside a Domain).
func (c *counters) interrupted() bool {
	if c == nil || c.stop == nil {
		return false
	}
	if c.stopped.Load() {
		return true
	}
	if c.stop() {
		c.stopped.Store(true)
		return true
	}
	return false
}

// stopHook returns interrupted as a function, nil when there is no stop
// hook.
func (c *counters) stopHook() func() bool {
	if c == nil || c.stop == nil {
		return nil
	}
	return c.interrupted
}

// gaveUp records a conversion cut by its work bound (interrupted: by the
// stop hook).
func (c *counters) gaveUp(interrupted bool) {
	if c == nil {
		return
	}
	c.mu.Lock()
	if interrupted {
		c.s.Interrupted++
	} else {
		c.s.Bounded++
	}
	c.mu.Unlock()
}

// op records one operation of kind k that started at start; use it as
// defer d.st.op(k, time.Now()).
func (c *counters) op(k opKind, start time.Time) {
	if c == nil {
		return
	}
	el := time.Since(start)
	c.mu.Lock()
	c.ops[k].Count++
	c.ops[k].Time += el
	if el > c.slowest {
		c.slowest, c.slowestOp = el, k
	}
	c.mu.Unlock()
	process.count.Add(1)
	process.time.Add(int64(el))
	for {
		old := process.slowest.Load()
		if int64(el) <= old || process.slowest.CompareAndSwap(old, int64(el)) {
			break
		}
	}
}

// process aggregates the outermost operations of every Domain of the
// process (a harness runs an analysis that makes its own Domain).
var process struct {
	count, time, slowest atomic.Int64
}

// ProcessStats returns the number and total time of the operations of
// every Domain made in this process, and the slowest single one.
func ProcessStats() (count int64, total, slowest time.Duration) {
	return process.count.Load(), time.Duration(process.time.Load()), time.Duration(process.slowest.Load())
}

// minimized records a minimisation that started at start.
func (c *counters) minimized(start time.Time) {
	if c == nil {
		return
	}
	el := time.Since(start)
	c.mu.Lock()
	c.s.Minimize.Count++
	c.s.Minimize.Time += el
	c.mu.Unlock()
}

// approximated records a join computed by groups of blocks.
func (c *counters) approximated() {
	if c == nil {
		return
	}
	c.mu.Lock()
	c.s.Approximated++
	c.mu.Unlock()
}

// combined records n rows made by Chernikova's algorithm.
func (c *counters) combined(n int) {
	if c == nil || n == 0 {
		return
	}
	c.mu.Lock()
	c.s.Combined += int64(n)
	c.mu.Unlock()
}

// emptiness records an integer emptiness test that started at start;
// cheap: decided on the generators; gaveUp: budget exhausted.
func (c *counters) emptiness(start time.Time, cheap, gaveUp bool) {
	if c == nil {
		return
	}
	el := time.Since(start)
	c.mu.Lock()
	c.s.Emptiness.Count++
	c.s.Emptiness.Time += el
	if cheap {
		c.s.EmptyCheap++
	}
	if gaveUp {
		c.s.EmptyGaveUp++
	}
	c.mu.Unlock()
}

// simplex records a simplex run that started at start, with its pivots
// and whether its cost bound ran out.
func (c *counters) simplex(start time.Time, pivots int, gaveUp bool) {
	if c == nil {
		return
	}
	el := time.Since(start)
	c.mu.Lock()
	c.s.Simplex.Count++
	c.s.Simplex.Time += el
	c.s.Pivots += int64(pivots)
	if gaveUp {
		c.s.SimplexGaveUp++
	}
	c.mu.Unlock()
}

func (c *counters) snapshot() Stats {
	if c == nil {
		return Stats{}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	s := c.s
	s.Ops = nil
	for k, o := range c.ops {
		if o.Count == 0 {
			continue
		}
		s.Ops = append(s.Ops, OpStat{Name: opNames[k], Count: o.Count, Time: o.Time})
		s.Count += o.Count
		s.Time += o.Time
	}
	sort.Slice(s.Ops, func(i, j int) bool { return s.Ops[i].Name < s.Ops[j].Name })
	if c.slowest > 0 {
		s.Slowest, s.SlowestOp = c.slowest, opNames[c.slowestOp]
	}
	return s
}
