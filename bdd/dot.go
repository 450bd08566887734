// This file implements Graphviz output of diagrams.

package bdd

import (
	"fmt"
	"io"
	"sort"

	"github.com/dalzilio/rudd"
)

// Dot writes the diagrams ns in Graphviz dot syntax; name(v) labels
// variable v (nil: "v<index>"). Dashed edges are else-branches.
func (m *Manager) Dot(w io.Writer, name func(v int) string, ns ...Node) error {
	if err := m.check(ns...); err != nil {
		return err
	}
	if name == nil {
		name = func(v int) string { return fmt.Sprintf("v%d", v) }
	}
	type node struct{ id, level, low, high int }
	var nodes []node
	rs := make([]rudd.Node, len(ns))
	for i, n := range ns {
		rs[i] = n.r
	}
	if len(rs) > 0 {
		if err := m.b.Allnodes(func(id, level, low, high int) error {
			if id > 1 {
				nodes = append(nodes, node{id, level, low, high})
			}
			return nil
		}, rs...); err != nil {
			return fmt.Errorf("bdd: %w", err)
		}
	}
	sort.Slice(nodes, func(i, j int) bool { return nodes[i].id < nodes[j].id })
	if _, err := fmt.Fprintln(w, "digraph bdd {"); err != nil {
		return err
	}
	fmt.Fprintln(w, "  n0 [shape=box,label=\"0\"];")
	fmt.Fprintln(w, "  n1 [shape=box,label=\"1\"];")
	for _, n := range nodes {
		fmt.Fprintf(w, "  n%d [label=%q];\n", n.id, name(n.level))
		fmt.Fprintf(w, "  n%d -> n%d;\n", n.id, n.high)
		fmt.Fprintf(w, "  n%d -> n%d [style=dashed];\n", n.id, n.low)
	}
	for i, n := range ns {
		fmt.Fprintf(w, "  r%d [shape=plaintext,label=\"root %d\"];\n  r%d -> n%d;\n", i, i, i, n.ID())
	}
	_, err := fmt.Fprintln(w, "}")
	return err
}
