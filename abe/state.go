// This file defines the abstract states of the ABE analysis, the blocks
// their path formulas live in, the call stack of inlined calls, and the
// waitlist order.

package abe

import (
	"container/heap"

	"github.com/numpred/numpred/bdd"
	"github.com/numpred/numpred/encode"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/smt"
)

// state is an abstract state (l, ψ, l^ψ, φ) of the paper, with its call
// stack. An abstraction state has φ = true and roots a block: the path
// formulas of the states reached from it without abstraction are
// formulas over the block's start values. A non-abstraction state's φ is
// blk's facts ∧ guard, and vals are the SSA values of the variables at
// its location (a variable missing from vals has its start value).
//
// An abstraction state keeps the guard and values of the path formula
// it was abstracted from (in the block of its predecessor, blk): the
// error path's formulas are those.
type state struct {
	id    int
	loc   *ir.Loc
	stk   *ir.Stack
	key   ir.Place // location and stack: states with equal keys may merge or cover
	order []int    // the waitlist order (see less)
	abs   bool
	// in are the arcs into the state: a non-abstraction state has one per
	// merged path; an abstraction state one (its arrival); the initial
	// state none.
	in     []*arc
	blk    *block // the block of guard and vals (nil for the initial state)
	guard  *smt.Term
	vals   encode.State
	nFacts int      // abstraction states: blk.facts[:nFacts] define guard and vals
	length int      // the longest path of the path formula, in edges
	own    *block   // abstraction states: the block they root
	psi    bdd.Node // abstraction states: ψ
	// nPrec is the number of predicates of the location's precision that
	// ψ was computed with (abstraction states): a refinement that adds
	// predicates there makes the state stale.
	nPrec int
	// cartesian: ψ is the cartesian abstraction (abstraction states); a
	// location that switches to the boolean one makes the state stale.
	cartesian bool
	// covers are the arrivals (arcs into abstraction states that were
	// never added) that this abstraction state covered: when a refinement
	// removes it, they are expanded again.
	covers  []*arc
	removed bool // removed by a refinement, with its subtree
	inWait  bool
	heapAt  int
}

// arc is an edge of the ARG: the CFA edge taken from a state, under a
// guard (the path formula holds and the edge is taken) in from's block.
type arc struct {
	from  *state
	edge  *ir.Edge
	guard *smt.Term
	nIn   int              // from.in[:nIn] were the arcs into from when this one was made
	input *encode.InputVar // the input read by a Havoc edge
	// blk and pre are the block and the values the edge was taken in
	// (Assume edges only: the refiner evaluates their disjunctions in a
	// model).
	blk *block
	pre encode.State
}

// block is the path formula context of an abstraction state: the start
// value of every variable it reads (created on first read), and the facts
// (definitions of named guards and merged values, ranges of fresh values)
// its path formulas use.
type block struct {
	id         int
	root       *state
	initial    bool              // the block of the program's start: start values are initial values
	start      encode.State      // start values by variable ID
	startFacts []*smt.Term       // ranges of initial values (initial block only)
	facts      []*smt.Term       // append-only
	ovf        []*smt.Term       // a signed overflow happens (one term per overflow edge taken)
	psiTerm    *smt.Term         // ψ of root over start, built on first use
	psiMemo    map[int]*smt.Term // bdd node -> term, for psiTerm
	// members are the states whose path formulas live in the block: its
	// non-abstraction states and the abstraction states reached from it
	// (each the root of a block below): the ARG's subtree of root is the
	// tree of blocks below it.
	members []*state
	// touched are the variables the block's edges read or write (those
	// of the abstraction formula's predicates aside): the others keep
	// their start values on every path (decompose).
	touched map[int]bool
}

// touch adds ids to b's touched variables.
func (b *block) touch(ids []int) {
	if b.touched == nil {
		b.touched = map[int]bool{}
	}
	for _, id := range ids {
		b.touched[id] = true
	}
}

// psi returns the abstraction formula of s's block.
func (s *state) psiOf() bdd.Node {
	if s.abs {
		return s.psi
	}
	return s.blk.root.psi
}

// orderOf is the waitlist rank of a location with its stack: the reverse
// postorder numbers of the call sites, outermost first, then of the
// location. Lexicographic order with a prefix first is a topological
// order of the inlined CFA without its back edges, so that the paths of
// a block are merged before the merged state is expanded.
func orderOf(topo map[*ir.Func][]int, l *ir.Loc, stk *ir.Stack) []int {
	out := make([]int, 0, stk.Depth()+1)
	for _, c := range stk.Calls() {
		out = append(out, topo[c.From.Func][c.From.ID])
	}
	return append(out, topo[l.Func][l.ID])
}

// topoOrders numbers the locations of every function in reverse
// postorder of a depth-first search from the entry.
func topoOrders(prog *ir.Program) map[*ir.Func][]int {
	out := map[*ir.Func][]int{}
	for _, f := range prog.Funcs {
		out[f] = f.ReversePostorder()
	}
	return out
}

// less orders the waitlist: topologically by order, then by creation.
func less(a, b *state) bool {
	for i := 0; i < len(a.order) && i < len(b.order); i++ {
		if a.order[i] != b.order[i] {
			return a.order[i] < b.order[i]
		}
	}
	if len(a.order) != len(b.order) {
		return len(a.order) < len(b.order)
	}
	return a.id < b.id
}

// waitlist is a priority queue of states by less.
type waitlist []*state

func (w waitlist) Len() int           { return len(w) }
func (w waitlist) Less(i, j int) bool { return less(w[i], w[j]) }
func (w waitlist) Swap(i, j int) {
	w[i], w[j] = w[j], w[i]
	w[i].heapAt, w[j].heapAt = i, j
}
func (w *waitlist) Push(x any) {
	s := x.(*state)
	s.heapAt = len(*w)
	*w = append(*w, s)
}
func (w *waitlist) Pop() any {
	old := *w
	s := old[len(old)-1]
	*w = old[:len(old)-1]
	return s
}

func (w *waitlist) push(s *state) {
	if s.inWait {
		return
	}
	s.inWait = true
	heap.Push(w, s)
}

func (w *waitlist) pop() *state {
	s := heap.Pop(w).(*state)
	s.inWait = false
	return s
}
