// This file computes loop heads: targets of back edges of a depth-first
// search from the entry.

package ir

// MarkLoopHeads sets Loc.LoopHead on every location of f that is the target
// of a DFS back edge from f.Entry (every cycle reachable from the entry
// contains one), and clears it elsewhere.
func (f *Func) MarkLoopHeads() {
	const (
		white = iota
		grey
		black
	)
	color := make([]uint8, len(f.Locs))
	for _, l := range f.Locs {
		l.LoopHead = false
	}
	type frame struct {
		l *Loc
		i int
	}
	stack := []frame{{f.Entry, 0}}
	color[f.Entry.ID] = grey
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.i == len(top.l.Out) {
			color[top.l.ID] = black
			stack = stack[:len(stack)-1]
			continue
		}
		to := top.l.Out[top.i].To
		top.i++
		switch color[to.ID] {
		case white:
			color[to.ID] = grey
			stack = append(stack, frame{to, 0})
		case grey:
			to.LoopHead = true
		}
	}
}

// Reachable returns, per location ID, whether it is reachable from Entry.
func (f *Func) Reachable() []bool {
	seen := make([]bool, len(f.Locs))
	work := []*Loc{f.Entry}
	seen[f.Entry.ID] = true
	for len(work) > 0 {
		l := work[len(work)-1]
		work = work[:len(work)-1]
		for _, e := range l.Out {
			if !seen[e.To.ID] {
				seen[e.To.ID] = true
				work = append(work, e.To)
			}
		}
	}
	return seen
}
