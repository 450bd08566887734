// This file builds the unwound program: a directed acyclic graph of
// nodes (a location in a function instance with the iteration counts of
// the loops around it) and arcs (an IR edge, a call, a return), with cut
// arcs where the unwinding stops.
//
// Sketch. Every function call is inlined: a Call edge taken at a node
// opens a new instance of the callee (its own copy of the callee's
// graph), entered by a call arc and left by a return arc from the
// callee's exit to the node after the call. Within an instance a node is
// (location, iteration counts of the natural loops containing the
// location, outermost first). An edge from a node into a loop's body
// keeps the count of that loop, an edge from the body back to the head
// adds one, and entering a loop starts it at 0; a back edge taken when
// the count is already k is a cut arc: the unwinding assertion of that
// loop, which TRUE needs to be unreachable. So the graph has k complete
// iterations of every loop and the (k+1)-th up to its back edges: a loop
// that leaves from the middle of its body (a break, a condition with a
// side effect such as `while (c++ < 4)`, whose test follows the
// increment) needs no extra bound for its last, partial iteration.
// A call of a function that already has k activations on the inlined
// stack is a cut arc too (recursion). Every cycle of a reducible graph
// passes through a loop head along a back edge, so the graph is finite
// and acyclic; irreducible functions are refused.
//
// The same builder makes the step case of k-induction (kind.go): there
// main's loop heads are cut points where a segment ends, and the graph is
// k+1 copies (layers) of the segments between cut points. The invariant
// check (certify.go) cuts at the loop heads of every function: a cut
// point is then a loop head in one inlined activation, an ir.Place
// whose stack is the chain of calls from main that opened it, and a
// segment may start inside a callee (buildChain).

package bmc

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/numpred/numpred/encode"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/smt"
)

// errTooLarge is returned when the unwound graph exceeds Options.MaxNodes.
var errTooLarge = errors.New("bmc: the unwound program exceeds the node limit")

// arcKind classifies arcs.
type arcKind uint8

const (
	arcEdge   arcKind = iota // an IR edge within one instance
	arcCall                  // from the node of a Call edge to the callee instance's entry
	arcReturn                // from a callee instance's exit to the node after the call
	arcCut                   // an unwinding assertion: the edge leaves the bound (To is nil)
	arcLayer                 // k-induction: an edge into a cut point, to the next layer's start node
)

// node is a location of a function instance in the unwound graph.
type node struct {
	id    int
	loc   *ir.Loc
	inst  *instance
	iters []int // iteration counts of the loops containing loc (loopInfo.of[loc.ID])
	layer int   // k-induction: the segment the node belongs to (1-based); 0 in BMC
	start bool  // k-induction: the start node of a layer at a cut point
	// stack is, for a start node, the calls from main to the activation
	// of the cut point.
	stack *ir.Stack
	in    []*arc
	out   []*arc

	guard *smt.Term // reached (formula.go)
	state *state    // the values at the node, nil once every out-arc has its own
}

// arc is a transition of the unwound graph.
type arc struct {
	kind     arcKind
	from, to *node
	edge     *ir.Edge // the IR edge (the Call edge for call and return arcs)
	call     *node    // for a return arc: the node of the call (nil when the segment started inside the callee)
	callee   *instance
	why      string // for a cut arc: what bound it leaves

	guard *smt.Term        // taken (formula.go)
	post  *state           // the values after the arc, until its target merges them
	input *encode.InputVar // the program input the arc reads, if any
	val   *smt.Term        // the value a havoc arc gives its variable
}

// instance is one inlined activation of a function.
type instance struct {
	fn     *ir.Func
	parent *instance
	call   *ir.Edge  // the call that opened it; nil for main's
	stack  *ir.Stack // the calls from main's activation to it
	entry  *node
	exits  []*node
}

// activations returns how many instances of fn are open in in's chain.
func (in *instance) activations(fn *ir.Func) int {
	n := 0
	for ; in != nil; in = in.parent {
		if in.fn == fn {
			n++
		}
	}
	return n
}

// loopInfo is the natural-loop structure of one function.
type loopInfo struct {
	heads []*ir.Loc // one per loop
	body  [][]bool  // body[i][loc ID]: the location is in loop i
	of    [][]int   // of[loc ID]: the loops containing the location, outermost first
	index map[*ir.Loc]int
}

// loops returns the natural loops of f (ir.Func.NaturalLoops).
func loops(f *ir.Func) (*loopInfo, error) {
	l, err := f.NaturalLoops()
	if err != nil {
		return nil, fmt.Errorf("bmc: %w", err)
	}
	li := &loopInfo{heads: l.Heads, body: l.Body, of: l.Of, index: map[*ir.Loc]int{}}
	for i, h := range l.Heads {
		li.index[h] = i
	}
	return li, nil
}

// graph is the unwound program.
type graph struct {
	nodes       []*node
	arcs        []*arc
	entry       *node   // main's entry (BMC)
	errors      []*node // nodes at error locations that are violations
	unsupported []*node // nodes at unsupported locations (ir.Loc.Unsupported)
	cuts        []*arc
	starts      []*node // k-induction: the start nodes of layer 1
	k           int
	max         int // node limit
	loopsOf     map[*ir.Func]*loopInfo
	// k-induction: main's loop heads end a segment (the invariant
	// check: every function's).
	cutAt map[*ir.Loc]bool
	// layerStart[j][place]: the start node of layer j at a cut point.
	layerStart []map[ir.Place]*node
	// stacks interns the call stacks of the activations.
	stacks *ir.Stacks
	ctxErr func() error // polled every pollEvery nodes
}

// pollEvery is how often (in nodes) the builder and the encoder poll the
// context: a node costs microseconds, so the run notices its deadline
// within milliseconds.
const pollEvery = 256

func newGraph(ctx context.Context, k, max int) *graph {
	return &graph{k: k, max: max, loopsOf: map[*ir.Func]*loopInfo{}, ctxErr: ctx.Err, stacks: ir.NewStacks()}
}

func (g *graph) loopInfo(f *ir.Func) (*loopInfo, error) {
	if li, ok := g.loopsOf[f]; ok {
		return li, nil
	}
	li, err := loops(f)
	if err != nil {
		return nil, err
	}
	g.loopsOf[f] = li
	return li, nil
}

func (g *graph) newNode(l *ir.Loc, in *instance, iters []int, layer int) (*node, error) {
	if len(g.nodes) >= g.max {
		return nil, errTooLarge
	}
	if len(g.nodes)%pollEvery == 0 {
		if err := g.ctxErr(); err != nil {
			return nil, err
		}
	}
	n := &node{id: len(g.nodes), loc: l, inst: in, iters: iters, layer: layer}
	g.nodes = append(g.nodes, n)
	switch {
	case l.Unsupported != nil:
		g.unsupported = append(g.unsupported, n)
	case l.Kind == ir.Error:
		g.errors = append(g.errors, n)
	}
	return n, nil
}

func (g *graph) link(a *arc) {
	g.arcs = append(g.arcs, a)
	a.from.out = append(a.from.out, a)
	if a.to != nil {
		a.to.in = append(a.to.in, a)
	}
	if a.kind == arcCut {
		g.cuts = append(g.cuts, a)
	}
}

// key identifies a node within an instance.
func key(l *ir.Loc, iters []int) string {
	var sb strings.Builder
	sb.WriteString(strconv.Itoa(l.ID))
	for _, c := range iters {
		sb.WriteByte(',')
		sb.WriteString(strconv.Itoa(c))
	}
	return sb.String()
}

// instanceBuilder builds the nodes of one instance.
type instanceBuilder struct {
	g     *graph
	in    *instance
	li    *loopInfo
	nodes map[string]*node
	work  []*node
	layer int
}

// build builds an instance of fn opened by the call edge call from
// parent (both nil for main), starting at fn's entry, or, in a
// k-induction step, at the given start nodes (cut points of main, made
// by the caller), and returns it.
func (g *graph) build(fn *ir.Func, parent *instance, call *ir.Edge, layer int, starts []*node) (*instance, error) {
	in := g.newInstance(fn, parent, call)
	b, err := g.builder(in, layer)
	if err != nil {
		return nil, err
	}
	if starts == nil {
		in.entry, err = b.node(fn.Entry, make([]int, len(b.li.of[fn.Entry.ID])))
		if err != nil {
			return nil, err
		}
	}
	for _, s := range starts {
		b.seed(s)
	}
	return in, b.run()
}

// newInstance returns an activation of fn opened by call from parent
// (both nil for main), not yet built.
func (g *graph) newInstance(fn *ir.Func, parent *instance, call *ir.Edge) *instance {
	in := &instance{fn: fn, parent: parent, call: call}
	if parent != nil {
		in.stack = g.stacks.Push(parent.stack, call)
	}
	return in
}

// builder returns a builder of the nodes of in.
func (g *graph) builder(in *instance, layer int) (*instanceBuilder, error) {
	li, err := g.loopInfo(in.fn)
	if err != nil {
		return nil, err
	}
	return &instanceBuilder{g: g, in: in, li: li, nodes: map[string]*node{}, layer: layer}, nil
}

// seed makes s, a node made outside the builder, one of its nodes.
func (b *instanceBuilder) seed(s *node) {
	s.inst = b.in
	s.iters = make([]int, len(b.li.of[s.loc.ID]))
	b.nodes[key(s.loc, s.iters)] = s
	b.work = append(b.work, s)
}

// run expands the nodes until none is left.
func (b *instanceBuilder) run() error {
	for len(b.work) > 0 {
		n := b.work[0]
		b.work = b.work[1:]
		if err := b.expand(n); err != nil {
			return err
		}
	}
	return nil
}

// buildChain builds the segments from the start node s at a loop head of
// the activation s.stack names (the calls from main): the rest of that
// activation from s, then, from the innermost call out, the rest of each
// caller after its call, where the callee's exits return. Such a segment
// starts inside callees, with no call node to return to: its return arcs
// have none.
func (g *graph) buildChain(main *ir.Func, s *node, layer int) error {
	calls := s.stack.Calls()
	ins := []*instance{g.newInstance(main, nil, nil)}
	for _, c := range calls {
		op, ok := c.Op.(*ir.Call)
		if !ok || c.From.Func != ins[len(ins)-1].fn {
			return fmt.Errorf("bmc: internal error: %s is not a call of %s", c.Pos, ins[len(ins)-1].fn.Name)
		}
		ins = append(ins, g.newInstance(op.Callee, ins[len(ins)-1], c))
	}
	b, err := g.builder(ins[len(ins)-1], layer)
	if err != nil {
		return err
	}
	b.seed(s)
	if err := b.run(); err != nil {
		return err
	}
	for i := len(ins) - 2; i >= 0; i-- {
		b, err := g.builder(ins[i], layer)
		if err != nil {
			return err
		}
		c := calls[i]
		callee := ins[i+1]
		if len(callee.exits) > 0 {
			if err := b.returnTo(c, callee, nil, make([]int, len(b.li.of[c.To.ID]))); err != nil {
				return err
			}
		}
		if err := b.run(); err != nil {
			return err
		}
	}
	return nil
}

// returnTo links the exits of callee, opened by the call edge c at the
// node call (nil: the segment started inside the callee), to the node
// after the call, or to the next layer's start node when the call's
// target is a cut point.
func (b *instanceBuilder) returnTo(c *ir.Edge, callee *instance, call *node, iters []int) error {
	g := b.g
	var to *node
	if g.cutAt != nil && g.cutAt[c.To] {
		s, err := g.layerNode(b.in, c.To, b.layer+1)
		if err != nil || s == nil {
			return err
		}
		to = s
	} else {
		var err error
		if to, err = b.node(c.To, iters); err != nil {
			return err
		}
	}
	for _, x := range callee.exits {
		g.link(&arc{kind: arcReturn, from: x, to: to, edge: c, call: call, callee: callee})
	}
	return nil
}

// node returns the node (l, iters) of the instance, creating it.
func (b *instanceBuilder) node(l *ir.Loc, iters []int) (*node, error) {
	k := key(l, iters)
	if n, ok := b.nodes[k]; ok {
		return n, nil
	}
	n, err := b.g.newNode(l, b.in, iters, b.layer)
	if err != nil {
		return nil, err
	}
	b.nodes[k] = n
	b.work = append(b.work, n)
	if l == b.in.fn.Exit {
		b.in.exits = append(b.in.exits, n)
	}
	return n, nil
}

// next returns the iteration counts after edge u -> v from a node with
// counts iters at u, or ok false when the edge leaves the unwinding bound.
func (b *instanceBuilder) next(u, v *ir.Loc, iters []int) (out []int, ok bool, why string) {
	li := b.li
	from, to := li.of[u.ID], li.of[v.ID]
	out = make([]int, len(to))
	for j, lp := range to {
		i := slices.Index(from, lp)
		if i < 0 {
			out[j] = 0 // entering the loop (at its head: the function is reducible)
			continue
		}
		c := iters[i]
		if li.heads[lp] == v {
			if b.g.k >= 0 && c >= b.g.k {
				// The back edge after k complete iterations.
				return nil, false, fmt.Sprintf("loop at %s unwound %d times", li.heads[lp].Pos, b.g.k)
			}
			c++ // a back edge
		}
		out[j] = c
	}
	return out, true, ""
}

// expand adds the arcs out of n.
func (b *instanceBuilder) expand(n *node) error {
	g := b.g
	switch n.loc.Kind {
	case ir.Error, ir.Sink:
		return nil
	}
	if n.loc == b.in.fn.Exit {
		return nil // return arcs are added by the caller
	}
	for _, e := range n.loc.Out {
		iters, ok, why := b.next(e.From, e.To, n.iters)
		if !ok {
			g.link(&arc{kind: arcCut, from: n, edge: e, why: why})
			continue
		}
		call, isCall := e.Op.(*ir.Call)
		if g.cutAt != nil && g.cutAt[e.To] && !isCall {
			// The segment ends at a cut point.
			if err := g.layerArc(n, e); err != nil {
				return err
			}
			continue
		}
		if !isCall {
			to, err := b.node(e.To, iters)
			if err != nil {
				return err
			}
			g.link(&arc{kind: arcEdge, from: n, to: to, edge: e})
			continue
		}
		if g.k >= 0 && b.in.activations(call.Callee) >= g.k {
			g.link(&arc{kind: arcCut, from: n, edge: e, why: fmt.Sprintf("recursion of %s unwound %d times", call.Callee.Name, g.k)})
			continue
		}
		if g.k < 0 && b.in.activations(call.Callee) > 0 {
			return fmt.Errorf("bmc: recursion of %s in a k-induction step", call.Callee.Name)
		}
		callee, err := g.build(call.Callee, b.in, e, b.layer, nil)
		if err != nil {
			return err
		}
		g.link(&arc{kind: arcCall, from: n, to: callee.entry, edge: e, callee: callee})
		if len(callee.exits) == 0 {
			continue
		}
		if err := b.returnTo(e, callee, n, iters); err != nil {
			return err
		}
	}
	return nil
}

// topo returns the nodes in a topological order (Kahn), or an error if
// the graph has a cycle (a bug of the builder).
func (g *graph) topo() ([]*node, error) {
	indeg := make([]int, len(g.nodes))
	for _, a := range g.arcs {
		if a.to != nil {
			indeg[a.to.id]++
		}
	}
	var order, work []*node
	for _, n := range g.nodes {
		if indeg[n.id] == 0 {
			work = append(work, n)
		}
	}
	for len(work) > 0 {
		n := work[len(work)-1]
		work = work[:len(work)-1]
		order = append(order, n)
		for _, a := range n.out {
			if a.to != nil {
				indeg[a.to.id]--
				if indeg[a.to.id] == 0 {
					work = append(work, a.to)
				}
			}
		}
	}
	if len(order) != len(g.nodes) {
		return nil, fmt.Errorf("bmc: internal error: the unwound graph has a cycle")
	}
	return order, nil
}

// unwind builds the BMC graph of prog with bound k.
func unwind(ctx context.Context, prog *ir.Program, k, max int) (*graph, error) {
	g := newGraph(ctx, k, max)
	in, err := g.build(prog.Main, nil, nil, 0, nil)
	if err != nil {
		return nil, err
	}
	g.entry = in.entry
	return g, nil
}
