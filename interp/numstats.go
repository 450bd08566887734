// This file implements counted, the wrapper every numeric domain runs
// behind during an analysis: it counts and times each numeric operation
// (so --stats shows where time goes below NumPredDom too, whatever the
// numeric domain), records the slowest single one, and stops the analysis
// between two operations once its context is done (a numeric operation
// itself is not interrupted; the polyhedra domain bounds its own work).

package interp

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/polyhedra"
)

// numOp names a counted numeric operation.
type numOp int

const (
	nIsTop numOp = iota
	nIsBottom
	nLeq
	nEqual
	nMeet
	nJoin
	nWiden
	nNarrow
	nAssume
	nAssign
	nForget
	nBound
	nEntails
	nConstraints
	nAddDims
	nRemoveDims
	nPermuteDims
	numNumOps
)

var numOpNames = [numNumOps]string{"isTop", "isBottom", "leq", "equal", "meet", "join", "widen", "narrow",
	"assume", "assign", "forget", "bound", "entails", "constraints", "addDims", "removeDims", "permuteDims"}

// numCounters are the counts and times of a numeric domain's operations.
type numCounters struct {
	ops       [numNumOps]OpStat
	slowest   time.Duration
	slowestOp numOp
}

// counted wraps a numeric domain D; it forwards the optional capabilities
// (thresholds, sanity checks) whether D has them or not, through their
// generic fallbacks.
type counted[V any] struct {
	numeric.Domain[V]
	stop  *stopper
	st    *numCounters
	check bool // run the sanity checker on every result (Config.Check)
}

func newCounted[V any](stop *stopper, d numeric.Domain[V], check bool) counted[V] {
	return counted[V]{Domain: d, stop: stop, st: &numCounters{}, check: check}
}

// checked returns a after running the sanity checker on it when asked to;
// a failure is a programming error (a panic: an internal error).
func (c counted[V]) checked(a V) V {
	if c.check {
		if err := numeric.SanityCheck(c.Domain, a); err != nil {
			panic(fmt.Sprintf("numeric sanity check failed: %v", err))
		}
	}
	return a
}

// count counts op without timing it, then stops the analysis if the
// stopper says so.
func (c counted[V]) count(op numOp) {
	c.st.ops[op].Count++
	if c.stop.stopped() {
		panic(errTimeout)
	}
}

// start times op; the returned function ends it, then stops the analysis
// if the stopper says so.
func (c counted[V]) start(op numOp) func() {
	t0 := time.Now()
	return func() {
		dt := time.Since(t0)
		s := &c.st.ops[op]
		s.Count++
		s.Time += dt
		if dt > c.st.slowest {
			c.st.slowest, c.st.slowestOp = dt, op
		}
		if c.stop.stopped() {
			panic(errTimeout)
		}
	}
}

// Unwrap returns the counted domain (numeric.Wrapper).
func (c counted[V]) Unwrap() numeric.Domain[V] { return c.Domain }

// IsTop and IsBottom are counted, not timed: they are called the most
// and cost less than reading the clock twice.
func (c counted[V]) IsTop(a V) bool    { c.count(nIsTop); return c.Domain.IsTop(a) }
func (c counted[V]) IsBottom(a V) bool { c.count(nIsBottom); return c.Domain.IsBottom(a) }
func (c counted[V]) Leq(a, b V) bool   { defer c.start(nLeq)(); return c.Domain.Leq(a, b) }
func (c counted[V]) Equal(a, b V) bool { defer c.start(nEqual)(); return c.Domain.Equal(a, b) }
func (c counted[V]) Meet(a, b V) V     { defer c.start(nMeet)(); return c.checked(c.Domain.Meet(a, b)) }
func (c counted[V]) Join(a, b V) V     { defer c.start(nJoin)(); return c.checked(c.Domain.Join(a, b)) }
func (c counted[V]) Widen(a, b V) V    { defer c.start(nWiden)(); return c.checked(c.Domain.Widen(a, b)) }
func (c counted[V]) Narrow(a, b V) V {
	defer c.start(nNarrow)()
	return c.checked(c.Domain.Narrow(a, b))
}
func (c counted[V]) Assume(a V, cs ...numeric.Constraint) V {
	defer c.start(nAssume)()
	return c.checked(c.Domain.Assume(a, cs...))
}
func (c counted[V]) Assign(a V, dims []numeric.Dim, exprs []numeric.LinExpr) V {
	defer c.start(nAssign)()
	return c.checked(c.Domain.Assign(a, dims, exprs))
}
func (c counted[V]) Forget(a V, dims ...numeric.Dim) V {
	defer c.start(nForget)()
	return c.checked(c.Domain.Forget(a, dims...))
}
func (c counted[V]) Bound(a V, e numeric.LinExpr) numeric.Range {
	defer c.start(nBound)()
	return c.Domain.Bound(a, e)
}
func (c counted[V]) Entails(a V, k numeric.Constraint) bool {
	defer c.start(nEntails)()
	return c.Domain.Entails(a, k)
}
func (c counted[V]) Constraints(a V) []numeric.Constraint {
	defer c.start(nConstraints)()
	return c.Domain.Constraints(a)
}
func (c counted[V]) AddDims(a V, k int) V {
	defer c.start(nAddDims)()
	return c.checked(c.Domain.AddDims(a, k))
}
func (c counted[V]) RemoveDims(a V, dims ...numeric.Dim) V {
	defer c.start(nRemoveDims)()
	return c.checked(c.Domain.RemoveDims(a, dims...))
}
func (c counted[V]) PermuteDims(a V, perm []numeric.Dim) V {
	defer c.start(nPermuteDims)()
	return c.checked(c.Domain.PermuteDims(a, perm))
}

// WidenThresholds widens with thresholds when the wrapped domain can.
func (c counted[V]) WidenThresholds(a, b V, t numeric.Thresholds) V {
	defer c.start(nWiden)()
	return c.checked(numeric.WidenWith(c.Domain, a, b, t))
}

// SanityCheck runs the wrapped domain's checker, if any.
func (c counted[V]) SanityCheck(a V) error { return numeric.SanityCheck(c.Domain, a) }

// fill adds the counters to s: the operations as "numeric.<op>", and the
// totals (with, for polyhedra, the work inside the operations:
// minimisations, emptiness tests, simplex runs) as s.NumericTotals and
// its line s.Numeric.
func (c counted[V]) fill(s *Stats) {
	var t NumericStats
	for i, o := range c.st.ops {
		if o.Count == 0 {
			continue
		}
		s.Ops = append(s.Ops, OpStat{Name: "numeric." + numOpNames[i], Count: o.Count, Time: o.Time})
		t.Time += o.Time
		t.Count += o.Count
	}
	if t.Count > 0 {
		t.Slowest, t.SlowestOp = c.st.slowest, numOpNames[c.st.slowestOp]
	}
	if p, ok := c.Domain.(interface{ Stats() polyhedra.Stats }); ok {
		ps := p.Stats()
		t.Poly = &ps
	}
	s.NumericTotals = t
	s.Numeric = t.String()
}

// NumericStats are the totals of a numeric domain's operations in one
// analysis (over all its rounds).
type NumericStats struct {
	Count     int64
	Time      time.Duration
	Slowest   time.Duration // the slowest single operation
	SlowestOp string
	// Poly is the polyhedra domain's own account of the work inside its
	// operations (nil for the other domains).
	Poly *polyhedra.Stats
}

// String formats t as the "numeric domain" line of --stats.
func (t NumericStats) String() string {
	line := fmt.Sprintf("ops %d in %.3fs", t.Count, t.Time.Seconds())
	if t.Count > 0 {
		line += fmt.Sprintf(" (slowest %s %.3fs)", t.SlowestOp, t.Slowest.Seconds())
	}
	if ps := t.Poly; ps != nil {
		line += fmt.Sprintf("; minimise %d in %.3fs; emptiness %d in %.3fs (%d cheap, %d gave up); simplex %d in %.3fs (%d pivots, %d gave up)",
			ps.Minimize.Count, ps.Minimize.Time.Seconds(), ps.Emptiness.Count, ps.Emptiness.Time.Seconds(), ps.EmptyCheap, ps.EmptyGaveUp,
			ps.Simplex.Count, ps.Simplex.Time.Seconds(), ps.Pivots, ps.SimplexGaveUp)
		if ps.Approximated > 0 || ps.Interrupted > 0 {
			line += fmt.Sprintf("; approximated %d (%d joins by groups or weak, %d conversions cut by the work bound), interrupted %d",
				ps.Approximated+ps.Bounded, ps.Approximated, ps.Bounded, ps.Interrupted)
		}
	}
	return line
}

// add returns the totals of t and u.
func (t NumericStats) add(u NumericStats) NumericStats {
	out := NumericStats{Count: t.Count + u.Count, Time: t.Time + u.Time, Slowest: t.Slowest, SlowestOp: t.SlowestOp}
	if u.Slowest > out.Slowest {
		out.Slowest, out.SlowestOp = u.Slowest, u.SlowestOp
	}
	switch {
	case t.Poly != nil && u.Poly != nil:
		ps := t.Poly.Add(*u.Poly)
		out.Poly = &ps
	case t.Poly != nil:
		out.Poly = t.Poly
	default:
		out.Poly = u.Poly
	}
	return out
}

// OpStat is the number of calls of one domain operation and their total
// time (inclusive of nested operations of other names).
type OpStat struct {
	Name  string
	Count int64
	Time  time.Duration
}

// OpsString formats ops as "name calls time" entries, slowest total first.
func OpsString(ops []OpStat) string {
	sorted := append([]OpStat(nil), ops...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Time > sorted[j].Time })
	parts := make([]string, len(sorted))
	for i, o := range sorted {
		parts[i] = fmt.Sprintf("%s %d %.3fs", o.Name, o.Count, o.Time.Seconds())
	}
	return strings.Join(parts, ", ")
}

// Congruences forwards the wrapped domain's congruences
// (numeric.CongruenceReporter).
func (c counted[V]) Congruences(a V) []numeric.Congruence {
	return numeric.CongruencesOf(c.Domain, a)
}
