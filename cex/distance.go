// This file computes, for every location, how many edges separate it from
// an error location, through calls and returns: the search flips first
// the branches whose other side is closest to an error.

package cex

import (
	"math"

	"github.com/numpred/numpred/ir"
)

// unreachable is the distance of a location from which no error location
// can be reached.
const unreachable = math.MaxInt32

// distances maps each location to its distance to an error location: 0 at
// an error, 1 + the least of its successors' (a call edge may also enter
// its callee), and at a function's exit 1 + the least distance of the
// locations its calls return to (context-insensitive, which only orders
// the search). Computed by a Bellman-Ford style fixpoint.
func distances(p *ir.Program) map[*ir.Loc]int {
	d := map[*ir.Loc]int{}
	returnsTo := map[*ir.Func][]*ir.Loc{}
	for _, f := range p.Funcs {
		for _, l := range f.Locs {
			d[l] = unreachable
			if l.IsViolation() { // an unsupported location is no goal: no FALSE there
				d[l] = 0
			}
		}
		for _, e := range f.Edges {
			if c, ok := e.Op.(*ir.Call); ok {
				returnsTo[c.Callee] = append(returnsTo[c.Callee], e.To)
			}
		}
	}
	for changed := true; changed; {
		changed = false
		relax := func(l *ir.Loc, v int) {
			if v < d[l] {
				d[l] = v
				changed = true
			}
		}
		for _, f := range p.Funcs {
			for _, e := range f.Edges {
				if x := d[e.To]; x < unreachable {
					relax(e.From, x+1)
				}
				if c, ok := e.Op.(*ir.Call); ok && c.Callee.Entry != nil {
					if x := d[c.Callee.Entry]; x < unreachable {
						relax(e.From, x+1)
					}
				}
			}
			if f != p.Main && f.Exit != nil {
				for _, r := range returnsTo[f] {
					if x := d[r]; x < unreachable {
						relax(f.Exit, x+1)
					}
				}
			}
		}
	}
	return d
}
