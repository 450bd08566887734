// This file implements interruptible operations on large diagrams.
//
// rudd's apply is one uninterruptible recursion: on diagrams of millions
// of nodes a single Or can run for minutes, far past an analysis' time
// limit (issue 18: NDD on generated wrap-around programs). Once rudd's
// node table has grown past bigTable slots, and the caller has set an
// interrupt check (SetInterrupt), And, Or, Ite and IteVar run as the
// if-then-else recursion below instead, in Go, calling the check every
// few hundred steps and returning ErrInterrupted when it says stop. Below
// that size they call rudd as before: the recursion is several times
// slower than rudd's, and small diagrams cannot take long.
//
// Sketch: ite(f, g, h) with terminal cases f = 1 → g, f = 0 → h, g = h → g,
// (g, h) = (1, 0) → f; otherwise split f, g and h on the topmost variable x
// of the three, recurse on both cofactors and rebuild the node (x, hi, lo)
// with rudd's Ite on the literal x, which is constant time since x is above
// both results. Results are memoised per call on the triple of node IDs;
// the operands' descendants stay alive (and their IDs unused) because the
// operands do, and the memo holds the results.

package bdd

import (
	"errors"

	"github.com/dalzilio/rudd"
)

// ErrInterrupted is returned by an operation the interrupt check stopped.
var ErrInterrupted = errors.New("bdd: operation interrupted")

// bigTable is the size of rudd's node table (slots) from which And, Or,
// Ite and IteVar become interruptible: about 20 MB of nodes, past which
// an operation can run for seconds.
const bigTable = 1 << 20

// pollSteps is how often (in recursion steps) the interrupt check runs.
const pollSteps = 256

// SetInterrupt installs f, which an operation on large diagrams calls
// every few hundred steps; when it returns true the operation stops with
// ErrInterrupted (the Manager stays usable). nil removes the check.
func (m *Manager) SetInterrupt(f func() bool) { m.interrupt = f }

// interruptible reports whether operations should take the polled path
// (the node table has reached m.bigAt slots, bigTable but in tests).
func (m *Manager) interruptible() bool {
	return m.interrupt != nil && m.live.table >= m.bigAt
}

// polledIte returns ite(f, g, h) by the recursion of the file comment.
func (m *Manager) polledIte(f, g, h Node) (Node, error) {
	p := iteRun{m: m, memo: map[[3]int]rudd.Node{}, lits: map[int]rudd.Node{}}
	r, err := p.rec(f.r, g.r, h.r)
	if err != nil {
		return Node{}, err
	}
	return m.wrap(r)
}

type iteRun struct {
	m     *Manager
	memo  map[[3]int]rudd.Node
	lits  map[int]rudd.Node // the positive literal of each variable met
	steps int
}

func (p *iteRun) rec(f, g, h rudd.Node) (rudd.Node, error) {
	switch {
	case *f == 1:
		return g, nil
	case *f == 0:
		return h, nil
	case *g == *h:
		return g, nil
	case *g == 1 && *h == 0:
		return f, nil
	}
	key := [3]int{*f, *g, *h}
	if r, ok := p.memo[key]; ok {
		return r, nil
	}
	p.steps++
	if p.steps%pollSteps == 0 {
		if p.m.interrupt() {
			return nil, ErrInterrupted
		}
		p.m.settle()
	}
	b := p.m.b
	x := min(p.level(f), p.level(g), p.level(h))
	f1, f0 := p.cofactors(f, x)
	g1, g0 := p.cofactors(g, x)
	h1, h0 := p.cofactors(h, x)
	hi, err := p.rec(f1, g1, h1)
	if err != nil {
		return nil, err
	}
	lo, err := p.rec(f0, g0, h0)
	if err != nil {
		return nil, err
	}
	r := hi
	if *hi != *lo {
		lit, ok := p.lits[x]
		if !ok {
			lit = b.Ithvar(x)
			p.lits[x] = lit
		}
		r = b.Ite(lit, hi, lo)
	}
	if err := p.m.Err(); err != nil {
		return nil, err
	}
	p.memo[key] = r
	return r, nil
}

// level is the variable of a node, Varnum for a constant.
func (p *iteRun) level(n rudd.Node) int {
	if *n < 2 {
		return p.m.b.Varnum()
	}
	return p.m.b.Label(n)
}

// cofactors splits n on x, which is at or above n's variable.
func (p *iteRun) cofactors(n rudd.Node, x int) (hi, lo rudd.Node) {
	if p.level(n) != x {
		return n, n
	}
	return p.m.b.High(n), p.m.b.Low(n)
}
