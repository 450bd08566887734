// This file implements Stats: per-operation counts and times, the columns
// of the paper's Table IV (gamma, join, alphaPost, apply) and more.

package numpred

import (
	"fmt"
	"strings"
	"time"
)

// Op names a measured operation.
type Op int

const (
	// OpGamma is Gamma and Cubes (concretisation).
	OpGamma Op = iota
	// OpAlpha is Alpha, AlphaP and AlphaN (abstraction of expressions).
	OpAlpha
	// OpMeet is Meet.
	OpMeet
	// OpJoin is Join.
	OpJoin
	// OpWiden is Widen and WidenWith.
	OpWiden
	// OpLeq is Leq.
	OpLeq
	// OpAlphaPost is AlphaPostN, the numeric post (Table IV's alphaPost).
	OpAlphaPost
	// OpApply is AlphaPost, applying a whole transformer (Table IV's
	// Apply).
	OpApply
	// OpReduce is Reduce.
	OpReduce
	// OpExists is Exists.
	OpExists
	// OpIsTop is IsTop.
	OpIsTop
	// OpIsBot is IsBot.
	OpIsBot
	// OpEqual is Equal.
	OpEqual
	// OpUnprime is Unprime.
	OpUnprime
	// OpIsEmpty is IsEmpty (a reduce that stops early).
	OpIsEmpty
	// OpPoint is Point.
	OpPoint
	numOps
)

var opNames = [numOps]string{"gamma", "alpha", "meet", "join", "widen", "leq", "alphaPost", "apply", "reduce", "exists",
	"isTop", "isBot", "equal", "unprime", "isEmpty", "point"}

func (o Op) String() string {
	if o >= 0 && o < numOps {
		return opNames[o]
	}
	return fmt.Sprintf("Op(%d)", int(o))
}

// Ops returns every measured operation, in a fixed order.
func Ops() []Op {
	ops := make([]Op, numOps)
	for i := range ops {
		ops[i] = Op(i)
	}
	return ops
}

// OpStat is the number of calls to an operation and the wall-clock time
// spent in them. Times are inclusive: an Apply that joins counts in both
// OpApply and OpJoin, so the columns do not add up (as in Table IV).
// Recursive calls of an operation into itself are counted once.
type OpStat struct {
	Count int64
	Time  time.Duration
}

// Stats is a snapshot of a domain's counters.
type Stats struct {
	Ops [numOps]OpStat
	// BDDNodes is the number of nodes in the domain's BDD manager's table
	// when the snapshot was taken, live or not yet collected (0 for a
	// failed manager).
	BDDNodes int
	// PeakBDDNodes is the most nodes alive after a garbage collection of
	// the manager (bdd.Manager.PeakLiveNodes): what the values needed at
	// the peak.
	PeakBDDNodes int
	// BDDTable is the size of the manager's node table, which only grows
	// (by doubling): the memory reserved.
	BDDTable int
	// Terms is the number of numeric-term BDD variables allocated.
	Terms int
}

// Get returns the counters of op.
func (s Stats) Get(op Op) OpStat { return s.Ops[op] }

// String formats the counters, one operation per line.
func (s Stats) String() string {
	var sb strings.Builder
	for i, o := range s.Ops {
		fmt.Fprintf(&sb, "%-10s %8d calls %12s\n", Op(i), o.Count, o.Time)
	}
	fmt.Fprintf(&sb, "bdd nodes  %8d (peak live %d, table %d), %d numeric terms\n", s.BDDNodes, s.PeakBDDNodes, s.BDDTable, s.Terms)
	return sb.String()
}

// counters is the mutable side of Stats inside a domain.
type counters struct {
	ops    [numOps]OpStat
	active [numOps]int
}

// start begins timing op and returns the function that ends it; nested
// calls of the same op are not counted twice.
func (c *counters) start(op Op) func() {
	c.active[op]++
	if c.active[op] > 1 {
		return func() { c.active[op]-- }
	}
	t0 := time.Now()
	return func() {
		c.active[op]--
		c.ops[op].Count++
		c.ops[op].Time += time.Since(t0)
	}
}
