// This file defines ARG, a snapshot of a round's abstract reachability
// graph, and its Graphviz dot output.

package abe

import (
	"fmt"
	"io"
	"strings"
)

// ARG is an abstract reachability graph: the reached states and the CFA
// edges between them (a merged state has one arc in per merged path).
type ARG struct {
	Nodes []ARGNode
	Arcs  []ARGArc
}

// ARGNode is a state of the ARG.
type ARGNode struct {
	ID          int
	Loc         string // function:location, with the call stack for inlined calls
	Abstraction bool
	Error       bool
	Psi         int // abstraction states: BDD nodes of ψ
}

// ARGArc is a CFA edge taken between two states.
type ARGArc struct {
	From, To int
	Edge     string
}

// arg snapshots g.
func (g *graph) arg() *ARG {
	out := &ARG{}
	for _, s := range g.states {
		if s.removed {
			continue
		}
		n := ARGNode{ID: s.id, Loc: s.key.String(), Abstraction: s.abs, Error: s == g.errState}
		if s.abs && s.psi.Valid() {
			n.Psi, _ = g.bm.Size(s.psi)
		}
		out.Nodes = append(out.Nodes, n)
		for _, a := range s.in {
			if a.from.removed {
				continue
			}
			out.Arcs = append(out.Arcs, ARGArc{From: a.from.id, To: s.id, Edge: fmt.Sprintf("%s:%d", a.edge.From.Func.Name, a.edge.ID)})
		}
	}
	return out
}

// WriteDot writes the ARG in Graphviz dot: abstraction states as boxes,
// the error state red.
func (a *ARG) WriteDot(w io.Writer) error {
	var b strings.Builder
	b.WriteString("digraph arg {\n  node [fontname=\"monospace\"];\n")
	for _, n := range a.Nodes {
		shape, color := "ellipse", "black"
		if n.Abstraction {
			shape = "box"
		}
		if n.Error {
			color = "red"
		}
		label := fmt.Sprintf("%d @ %s", n.ID, n.Loc)
		if n.Abstraction {
			label += fmt.Sprintf("\\nψ: %d nodes", n.Psi)
		}
		fmt.Fprintf(&b, "  n%d [shape=%s, color=%s, label=\"%s\"];\n", n.ID, shape, color, strings.ReplaceAll(label, `"`, `\"`))
	}
	for _, e := range a.Arcs {
		fmt.Fprintf(&b, "  n%d -> n%d [label=%q];\n", e.From, e.To, e.Edge)
	}
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}
