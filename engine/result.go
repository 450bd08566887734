// This file defines Result, what every engine answers, and the
// statistics in it.

package engine

import (
	"io"
	"reflect"
	"time"

	"github.com/numpred/numpred/cex"
	"github.com/numpred/numpred/ir"
)

// Result is the outcome of one engine run.
type Result struct {
	Verdict Verdict
	// Reason says why the verdict is UNKNOWN (zero otherwise).
	Reason Reason
	// Counterexample is the replayed, trusted run of a FALSE verdict
	// (nil otherwise).
	Counterexample *cex.Counterexample
	// Invariants are formulas the engine proved to hold at locations on
	// every reachable state (absint: the fixpoint's, when asked for).
	Invariants []Invariant
	// Error is the error location the counterexample reaches (FALSE), or
	// one the engine could not prove unreachable (UNKNOWN; nil when it
	// does not say).
	Error *ir.Loc
	// Stats are the engine's statistics (nil: none).
	Stats Stats
	// Dot, when not nil, writes the graph the engine built (the ARG of
	// abe and impact) in Graphviz dot.
	Dot func(io.Writer) error
	// Time is the run's wall-clock time.
	Time time.Duration
}

// Invariant is a formula that holds at a location on every reachable
// state: a condition over the program's variables (ir.Var IDs).
type Invariant struct {
	Loc     *ir.Loc
	Formula ir.Cond
}

// Stat is one named statistic.
type Stat struct {
	Name  string
	Value float64
}

// Stats are an engine's statistics: a struct of the engine's own (typed
// counters and durations), behind this interface for those that only
// print them.
type Stats interface {
	// List names the statistics, in a fixed order, for --stats and JSON
	// ("k", "nodes", "smt_s", ...).
	List() []Stat
	// Solver returns the engine's solver checks and the time spent in
	// them.
	Solver() (queries int, t time.Duration)
}

// StatsOf returns r's statistics as the engine's own type S (each engine
// says which): engine.StatsOf[*bmc.Stats](r). It panics when they are
// not an S.
func StatsOf[S Stats](r *Result) S { return r.Stats.(S) }

// Tagged lists the fields of the struct *s that carry a `stat:"name"`
// tag, in their order, for an engine's Stats.List: integers and floats as
// they are, durations in seconds, Booleans as 0 or 1.
func Tagged(s any) []Stat {
	v := reflect.ValueOf(s).Elem()
	var out []Stat
	for i := 0; i < v.NumField(); i++ {
		name := v.Type().Field(i).Tag.Get("stat")
		if name == "" {
			continue
		}
		f := v.Field(i)
		var x float64
		switch {
		case f.Type() == reflect.TypeFor[time.Duration]():
			x = time.Duration(f.Int()).Seconds()
		case f.CanInt():
			x = float64(f.Int())
		case f.CanUint():
			x = float64(f.Uint())
		case f.CanFloat():
			x = f.Float()
		case f.Kind() == reflect.Bool:
			if f.Bool() {
				x = 1
			}
		default:
			panic("engine.Tagged: field " + v.Type().Field(i).Name + " is no number")
		}
		out = append(out, Stat{Name: name, Value: x})
	}
	return out
}
