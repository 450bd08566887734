// This file implements the statistics of an analysis in rounds: analyze
// runs with a small unrolling budget first and, when an error location
// stays reachable, again with the whole budget; --stats must account for the time of
// both, so the second round's statistics are the sums of the two, and
// each round is listed in Stats.Rounds.

package interp

import (
	"fmt"
	"strings"
	"time"

	"github.com/numpred/numpred/engine"
)

// RoundStat is one round of an analysis.
type RoundStat struct {
	Unroll   int // loop iterations unrolled at most (0: none)
	Unrolled int // loop iterations unrolled
	Verdict  engine.Verdict
	Time     time.Duration
	Numeric  time.Duration // time in numeric domain operations
}

// RoundsString formats rounds as "1: unroll 64, UNKNOWN in 0.610s
// (numeric 0.590s); 2: ...".
func RoundsString(rounds []RoundStat) string {
	parts := make([]string, len(rounds))
	for i, r := range rounds {
		parts[i] = fmt.Sprintf("%d: unroll %d, %s in %.3fs (numeric %.3fs)", i+1, r.Unroll, r.Verdict, r.Time.Seconds(), r.Numeric.Seconds())
	}
	return strings.Join(parts, "; ")
}

// roundOf describes the round that gave res under cfg.
func roundOf(res *Result, cfg Config) RoundStat {
	return RoundStat{Unroll: cfg.Unroll, Unrolled: res.Stats.Unrolled, Verdict: res.Verdict, Time: res.Time, Numeric: res.Stats.NumericTotals.Time}
}

// mergeStats returns the statistics of two rounds run one after the
// other: times and counts add up, peaks (and the calling contexts, which
// each round makes anew) are the larger of the two, and
// operations of the same name are merged.
func mergeStats(a, b Stats) Stats {
	out := b
	out.Iterations += a.Iterations
	out.Widenings += a.Widenings
	out.Unrolled += a.Unrolled
	out.Gamma += a.Gamma
	out.Join += a.Join
	out.AlphaPost += a.AlphaPost
	out.Apply += a.Apply
	out.Contexts = max(a.Contexts, b.Contexts) // each round makes its own
	out.BDDNodes = max(a.BDDNodes, b.BDDNodes)
	out.BDDTable = max(a.BDDTable, b.BDDTable)
	out.PeakHeap = max(a.PeakHeap, b.PeakHeap)
	out.Preds = max(a.Preds, b.Preds)
	out.NumVars = max(a.NumVars, b.NumVars)
	out.Ops = nil
	at := map[string]int{}
	for _, ops := range [][]OpStat{a.Ops, b.Ops} {
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
	out.NumericTotals = a.NumericTotals.add(b.NumericTotals)
	if a.Numeric != "" || b.Numeric != "" {
		out.Numeric = out.NumericTotals.String()
	}
	out.Rounds = append(append([]RoundStat(nil), a.Rounds...), b.Rounds...)
	return out
}
