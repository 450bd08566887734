// This file defines what an analysis is asked to do (Config) and what it
// answers (Result).

package interp

import (
	"strings"
	"time"

	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/ir"
)

// Domain names accepted by Config.Domain.
var DomainNames = []string{"nexpoint", "nex", "mtndd", "ndd", "numeric", "predicate"}

// NumericNames are the numeric domains accepted by Config.Numeric.
var NumericNames = []string{"interval", "octagon", "polyhedra", "affine", "affine+interval",
	"congruence", "congruence+interval", "congruence+polyhedra",
	"lincong", "lincong+interval", "lincong+polyhedra"}

// Combines reports whether Config.Domain domain can run with
// Config.Numeric numeric: NDD and MTNDD keep a numeric value as the
// diagram of its constraints, so they need a numeric domain whose
// constraints are exact, which the congruence domains' are not
// (numeric.Membership).
func Combines(domain, numeric string) bool {
	return domain != "ndd" && domain != "mtndd" ||
		!strings.HasPrefix(numeric, "congruence") && !strings.HasPrefix(numeric, "lincong")
}

// Config says how to analyse a program.
type Config struct {
	// Domain is one of DomainNames: a NumPredDom implementation, or
	// "numeric" (no predicates) or "predicate" (no numeric variables).
	Domain string
	// Numeric is one of NumericNames.
	Numeric string
	// WidenDelay is the number of plain joins at a loop head before
	// widening starts (default 2 when negative).
	WidenDelay int
	// Narrow is the number of descending iterations after the ascending
	// phase (default 2 when negative).
	Narrow int
	// Preds are extra predicates, in numeric's constraint syntax over
	// qualified variable names (globals by name, others as func::name).
	Preds []string
	// Contexts is the most calling contexts kept per function (at least
	// 1): calls whose inputs are not covered by an existing context open a
	// new one until the limit, then widen into the last.
	Contexts int
	// PointContexts is the most extra contexts per function for calls
	// whose input is a single point on the function's inputs (its formals
	// and the globals it accesses): such a call gets a context of its own,
	// so its summary is exact as in the eureka procedure, as long as the
	// function has fewer point contexts than this. 0 disables them.
	PointContexts int
	// Unroll is the budget, per analysis round (see analyze), of loop iterations run exactly
	// (unrolled) before widening: deterministic loops are executed
	// iteration by iteration while it lasts. 0 disables unrolling.
	Unroll int
	// Invariants asks for the invariant of every location in the Result.
	Invariants bool
	// InvariantsAt, when not nil, limits Invariants to the locations it
	// accepts (the printed form of an invariant can be tens of
	// megabytes: a correctness witness needs only loop heads).
	InvariantsAt func(*ir.Loc) bool
	// Deadline, when non-zero, stops the analysis with UNKNOWN (timeout).
	Deadline time.Time
	// MemoryLimit, when non-zero, stops the analysis with UNKNOWN
	// (memory) once the Go heap in use passes it (bytes).
	MemoryLimit uint64
	// Check runs every domain's sanity checker after every operation (a
	// failure is an internal error): slow, for bug reports.
	Check bool
	// Precision, when not nil, replaces the default precision (every
	// branch atom, every variable) of the predicate domains; Preds are
	// added to it. See precision.go.
	Precision *Precision
	// CexPath asks, when an error location stays reachable, for
	// Result.Path and Result.NoPath (a search in the abstraction without
	// joins, cexpath.go: it costs up to CexBudget abstract operations).
	CexPath bool
	// CexBudget bounds the abstract operations of that search: 0 means
	// DefaultCexBudget, a negative value no bound but the deadline.
	CexBudget int
}

// Defaults of Config's budgets.
const (
	DefaultContexts      = 4
	DefaultPointContexts = 4096
	DefaultUnroll        = 20000
	// FirstRoundUnroll is the budget of unrolled iterations of the first
	// round (see analyze).
	FirstRoundUnroll = 64
	// FirstRoundPointContexts is the most point contexts per function in
	// the first round (see analyze).
	FirstRoundPointContexts = 64
)

// DefaultDomain is the default domain. Of the four NumPredDom
// implementations NEXPOINT proved the most SV-COMP tasks (24 of 57 safe
// ones with 10 s each, against 13 for NDD, which timed out on 48) and is
// the one that proves every eureka family at N = 1000 (NDD and MTNDD
// allocate a BDD variable per constant, and exact runs meet thousands).
const DefaultDomain = "nexpoint"

// DefaultConfig returns the default configuration: NEXPOINT over intervals,
// widening delay 2, 2 narrowing iterations, and the default budgets.
func DefaultConfig() Config {
	return Config{Domain: DefaultDomain, Numeric: "interval", WidenDelay: 2, Narrow: 2,
		Contexts: DefaultContexts, PointContexts: DefaultPointContexts, Unroll: DefaultUnroll}
}

// Stats are the statistics of one run; the durations are the time spent
// in the domain operations named by the paper's Table IV.
type Stats struct {
	Iterations int           // edge applications
	Widenings  int           // widenings applied at loop heads
	Unrolled   int           // loop iterations run exactly (unrolled)
	Contexts   int           // calling contexts created
	Gamma      time.Duration // concretisation (reduce, entailment checks)
	Join       time.Duration // join and widening
	AlphaPost  time.Duration // abstract transformers
	Apply      time.Duration // BDD apply-based operations
	BDDNodes   int           // BDD nodes alive at the peak (after garbage collection)
	BDDTable   int           // size of the BDD node table (memory reserved; only grows)
	PeakHeap   uint64        // peak heap in use, bytes (sampled)
	Preds      int           // predicates in the precision
	NumVars    int           // numeric variables in the precision
	// Ops are the domain's operations by name: NumPredDom's (numpred.Op
	// names), then the numeric domain's as "numeric.<op>".
	Ops []OpStat
	// Numeric is a line of totals of the numeric domain's operations (see
	// counted.fill), NumericTotals the same as numbers.
	Numeric       string
	NumericTotals NumericStats
	// Rounds are the rounds of the analysis (rounds.go): the statistics
	// above are their sums.
	Rounds []RoundStat
}

// TraceStep is one edge of an abstract counterexample.
type TraceStep struct {
	Func string
	Edge *ir.Edge
	Op   string // the edge's operation, printed
}

// LocInvariant is the invariant computed at one location: the typed
// formula over the program's variables (the domain's Gamma; atoms over
// the analysis's other dimensions weakened away), and its printed form
// over all dimensions.
type LocInvariant struct {
	engine.Invariant
	Func string
	Text string
}

// Result is the outcome of analysing one program under one configuration.
type Result struct {
	Verdict    engine.Verdict
	Reason     engine.Reason // for UNKNOWN: why
	Error      *ir.Loc       // for UNKNOWN/FALSE: an error location possibly reached
	Trace      []TraceStep
	Path       []*ir.Edge // Trace as a run from main's entry, calls expanded (cexpath.go); nil if none
	NoPath     bool       // Path is nil: no error location in the abstraction without joins (cexpath.go)
	PathJoined bool       // Path was read off the fixpoint's joined values: the search without joins was cut (cexpath.go)
	Invariants []LocInvariant
	Stats      Stats
	Time       time.Duration
}
