// This file defines the abstract reachability tree (ARG) of IMPACT: its
// nodes (a place, ir.Place: a call stack and a location; and a label),
// and the DOT form of the tree.

package impact

import (
	"fmt"
	"io"
	"strings"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/pathenc"
	"github.com/numpred/numpred/smt"
)

// place is a node's location with its call stack (interned: equal
// places are equal values).
type place = ir.Place

// label is a conjunction of dnfs over state dimensions (none: true).
type label []pathenc.DNF

func (l label) isFalse() bool {
	for _, d := range l {
		if len(d) == 0 {
			return true
		}
	}
	return false
}

func (l label) has(d pathenc.DNF) bool {
	for _, x := range l {
		if x.Equal(d) {
			return true
		}
	}
	return false
}

// node is a node of the tree.
type node struct {
	id       int
	parent   *node
	edge     *ir.Edge // from the parent (nil at the root)
	at       place
	label    label
	version  int // incremented when the label changes
	children []*node
	expanded bool
	// coveredBy is the node that covers this one (nil: none); covers
	// lists the nodes this one covers.
	coveredBy *node
	covers    []*node
	// forceTried says forced covering was tried at this node.
	forceTried bool
	// blocked: a call past the depth bound, never expanded.
	blocked bool
	depth   int // tree depth
	// memo caches covered() for epoch memoEpoch-1.
	memo      bool
	memoEpoch int
	// terms caches the terms of the label's parts for version termsVersion.
	terms        []*smt.Term
	termsVersion int
	// wits are states of the label (version witVersion) that refuted
	// cover checks (see addWitness).
	wits       []map[numeric.Dim]numeric.Int
	witVersion int
}

// dead reports whether n's label is false.
func (n *node) dead() bool { return n.label.isFalse() }

// isError reports whether n is at an error location.
func (n *node) isError() bool { return n.at.Loc.Kind == ir.Error }

// ancestorOf reports whether a is n or an ancestor of n.
func ancestorOf(a, n *node) bool {
	for x := n; x != nil; x = x.parent {
		if x == a {
			return true
		}
	}
	return false
}

// commonAncestor returns the nearest common ancestor of a and b.
func commonAncestor(a, b *node) *node {
	for a.depth > b.depth {
		a = a.parent
	}
	for b.depth > a.depth {
		b = b.parent
	}
	for a != b {
		a, b = a.parent, b.parent
	}
	return a
}

// pathEdges returns the edges from ancestor a down to n, and the nodes
// after each.
func pathEdges(a, n *node) ([]*ir.Edge, []*node) {
	var es []*ir.Edge
	var ns []*node
	for x := n; x != a; x = x.parent {
		es = append(es, x.edge)
		ns = append(ns, x)
	}
	for i, j := 0, len(es)-1; i < j; i, j = i+1, j-1 {
		es[i], es[j] = es[j], es[i]
		ns[i], ns[j] = ns[j], ns[i]
	}
	return es, ns
}

// argView is what writeDot needs of a run.
type argView struct {
	prog  *ir.Program
	nodes []*node
	env   *numeric.Env
}

// writeDot writes the tree of the run in Graphviz DOT (the Result's
// Dot): one box per node (id, function, location, label), tree edges
// solid with the IR operation, cover edges dashed; error nodes red,
// covered nodes grey, dead nodes (label false) dotted.
func (a *argView) writeDot(w io.Writer) error {
	var b strings.Builder
	penv := a.prog.Env()
	maxDim := numeric.Dim(len(a.prog.Vars) - 1)
	for _, n := range a.nodes {
		for _, d := range n.label {
			for _, c := range d {
				for _, k := range c {
					if m := k.Expr().MaxDim(); m > maxDim {
						maxDim = m
					}
				}
			}
		}
	}
	a.env = stateEnv(a.prog, int(maxDim)+1)
	b.WriteString("digraph arg {\n  node [shape=box, fontname=\"monospace\"];\n")
	for _, n := range a.nodes {
		var ls []string
		for _, d := range n.label {
			ls = append(ls, d.String(a.env))
		}
		lab := "true"
		if len(ls) > 0 {
			lab = strings.Join(ls, " && ")
		}
		fn := n.at.Loc.Func.Name
		if n.at.Stack != nil {
			fn = n.at.Stack.String()
		}
		attrs := ""
		switch {
		case n.isError():
			attrs = ", color=red"
		case n.coveredBy != nil:
			attrs = ", style=filled, fillcolor=lightgrey"
		case n.dead():
			attrs = ", style=dotted"
		}
		fmt.Fprintf(&b, "  n%d [label=%q%s];\n", n.id, fmt.Sprintf("%d: %s %s\n%s", n.id, fn, n.at.Loc, lab), attrs)
		if n.parent != nil {
			fmt.Fprintf(&b, "  n%d -> n%d [label=%q];\n", n.parent.id, n.id, ir.OpString(n.edge.Op, penv))
		}
		if n.coveredBy != nil {
			fmt.Fprintf(&b, "  n%d -> n%d [style=dashed, constraint=false];\n", n.id, n.coveredBy.id)
		}
	}
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}
