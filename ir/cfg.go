// This file holds the control-flow graph utilities the engines share:
// one depth-first search of a function (postorder, back edges), reverse
// postorder, loop heads, natural loops, and distances to goal locations
// (within a function, and to an error location across calls).

package ir

import (
	"fmt"
	"math"
	"slices"
)

// dfs searches f depth-first from its entry, out-edges in order, and
// returns each location's postorder number (-1: unreachable) and the
// back edges (into a location on the search stack), in the order the
// search meets them.
func (f *Func) dfs() (post []int, back []*Edge) {
	post = make([]int, len(f.Locs))
	for i := range post {
		post[i] = -1
	}
	if f.Entry == nil {
		return post, nil
	}
	onStack := make([]bool, len(f.Locs))
	seen := make([]bool, len(f.Locs))
	type frame struct {
		l *Loc
		i int
	}
	stack := []frame{{f.Entry, 0}}
	seen[f.Entry.ID], onStack[f.Entry.ID] = true, true
	n := 0
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.i == len(top.l.Out) {
			post[top.l.ID] = n
			n++
			onStack[top.l.ID] = false
			stack = stack[:len(stack)-1]
			continue
		}
		e := top.l.Out[top.i]
		top.i++
		switch {
		case !seen[e.To.ID]:
			seen[e.To.ID], onStack[e.To.ID] = true, true
			stack = append(stack, frame{e.To, 0})
		case onStack[e.To.ID]:
			back = append(back, e)
		}
	}
	return post, back
}

// ReversePostorder returns each location's number in the reverse
// postorder of a depth-first search from the entry (a topological order
// of f without its back edges); unreachable locations come last, by ID.
func (f *Func) ReversePostorder() []int {
	post, _ := f.dfs()
	n := 0
	for _, p := range post {
		if p >= 0 {
			n++
		}
	}
	rpo := make([]int, len(post))
	for i, p := range post {
		if p < 0 {
			rpo[i] = len(post) + i
		} else {
			rpo[i] = n - 1 - p
		}
	}
	return rpo
}

// MarkLoopHeads sets Loc.LoopHead on every location of f that is the target
// of a DFS back edge from f.Entry (every cycle reachable from the entry
// contains one), and clears it elsewhere.
func (f *Func) MarkLoopHeads() {
	for _, l := range f.Locs {
		l.LoopHead = false
	}
	_, back := f.dfs()
	for _, e := range back {
		e.To.LoopHead = true
	}
}

// Loops is the natural-loop structure of a function.
type Loops struct {
	Heads []*Loc   // one per loop, in the order the search meets their back edges
	Body  [][]bool // Body[i][loc ID]: the location is in loop i
	Of    [][]int  // Of[loc ID]: the loops containing the location, outermost first
}

// NaturalLoops computes the natural loops of f: for each target h of a
// back edge of a depth-first search from the entry, the locations that
// reach a back edge's source without passing through h. It fails when f
// is irreducible (an edge enters a loop elsewhere than at its head, or
// a head does not dominate its back edges' sources).
func (f *Func) NaturalLoops() (*Loops, error) {
	n := len(f.Locs)
	post, backEdges := f.dfs()
	reached := func(l *Loc) bool { return post[l.ID] >= 0 }
	back := map[*Loc][]*Loc{} // head -> sources of back edges
	li := &Loops{Of: make([][]int, n)}
	for _, e := range backEdges {
		if _, ok := back[e.To]; !ok {
			li.Heads = append(li.Heads, e.To)
		}
		back[e.To] = append(back[e.To], e.From)
	}
	for _, h := range li.Heads {
		in := make([]bool, n)
		in[h.ID] = true
		work := slices.Clone(back[h])
		for _, s := range work {
			in[s.ID] = true
		}
		for len(work) > 0 {
			l := work[len(work)-1]
			work = work[:len(work)-1]
			for _, e := range l.In {
				if !in[e.From.ID] && reached(e.From) {
					in[e.From.ID] = true
					work = append(work, e.From)
				}
			}
		}
		li.Body = append(li.Body, in)
	}
	// Reducibility: every edge into a body from outside enters at the head;
	// bodies are nested or disjoint.
	for i, h := range li.Heads {
		if h != f.Entry && li.Body[i][f.Entry.ID] {
			// The backward walk from the back edges' sources reached the
			// entry without passing the head: the head does not dominate
			// them, the loop has another entry.
			return nil, fmt.Errorf("%s has irreducible control flow (the loop at %s is entered elsewhere than at its head)", f.Name, h.Pos)
		}
		for _, l := range f.Locs {
			if !li.Body[i][l.ID] || l == h {
				continue
			}
			for _, e := range l.In {
				if reached(e.From) && !li.Body[i][e.From.ID] {
					return nil, fmt.Errorf("%s has irreducible control flow (the loop at %s is entered at %s)", f.Name, h.Pos, l.Pos)
				}
			}
		}
	}
	size := make([]int, len(li.Heads))
	for i, b := range li.Body {
		for _, in := range b {
			if in {
				size[i]++
			}
		}
	}
	for _, l := range f.Locs {
		var of []int
		for i := range li.Heads {
			if li.Body[i][l.ID] {
				of = append(of, i)
			}
		}
		// Outermost first: a larger body contains a smaller one.
		slices.SortFunc(of, func(a, b int) int { return size[b] - size[a] })
		li.Of[l.ID] = of
	}
	return li, nil
}

// Distances records in dist, for every location that reaches one of
// goals within their function, the number of edges to the nearest (a
// breadth-first search backwards; 0 at a goal).
func Distances(goals []*Loc, dist map[*Loc]int) {
	queue := append([]*Loc(nil), goals...)
	for _, u := range goals {
		dist[u] = 0
	}
	for len(queue) > 0 {
		u := queue[0]
		queue = queue[1:]
		for _, e := range u.In {
			if _, ok := dist[e.From]; !ok {
				dist[e.From] = dist[u] + 1
				queue = append(queue, e.From)
			}
		}
	}
}

// Unreachable is the ErrorDistances of a location from which no error
// location can be reached.
const Unreachable = math.MaxInt32

// ErrorDistances maps each location of p to its distance to an error
// location that is a violation (Loc.IsViolation): 0 at one, 1 + the least
// of its successors' (a call edge may also enter its callee), and at a
// function's exit 1 + the least distance of the locations its calls
// return to (context-insensitive, which only orders a search); Unreachable
// when there is none. Computed by a Bellman-Ford style fixpoint.
func ErrorDistances(p *Program) map[*Loc]int {
	d := map[*Loc]int{}
	returnsTo := map[*Func][]*Loc{}
	for _, f := range p.Funcs {
		for _, l := range f.Locs {
			d[l] = Unreachable
			if l.IsViolation() {
				d[l] = 0
			}
		}
		for _, e := range f.Edges {
			if c, ok := e.Op.(*Call); ok {
				returnsTo[c.Callee] = append(returnsTo[c.Callee], e.To)
			}
		}
	}
	for changed := true; changed; {
		changed = false
		relax := func(l *Loc, v int) {
			if v < d[l] {
				d[l] = v
				changed = true
			}
		}
		for _, f := range p.Funcs {
			for _, e := range f.Edges {
				if x := d[e.To]; x < Unreachable {
					relax(e.From, x+1)
				}
				if c, ok := e.Op.(*Call); ok && c.Callee.Entry != nil {
					if x := d[c.Callee.Entry]; x < Unreachable {
						relax(e.From, x+1)
					}
				}
			}
			if f != p.Main && f.Exit != nil {
				for _, r := range returnsTo[f] {
					if x := d[r]; x < Unreachable {
						relax(f.Exit, x+1)
					}
				}
			}
		}
	}
	return d
}
