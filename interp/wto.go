// This file computes a weak topological order (WTO) of a graph, following
// F. Bourdoncle, "Efficient chaotic iteration strategies with widenings"
// (FMPA 1993), the recursive algorithm of Section 4.
//
// A WTO is a hierarchical ordering of the vertices: a sequence of elements,
// each a vertex or a component (head, body...), such that every edge u->v
// either goes forward (u before v) or is a back edge whose target v is the
// head of a component containing u. The recursive iteration strategy
// stabilises each component by iterating its body until its head is
// stable, widening at heads only; every cycle contains a head, so widening
// there guarantees termination.
//
// Sketch of the algorithm (a Tarjan-like DFS): each vertex gets a DFS
// number; visit(v) returns the least DFS number reachable from v's subtree
// through back edges not yet closed. When that number is v's own, v closes
// a strongly connected part: if v is on a cycle, the part becomes a
// component headed by v whose body is the WTO of the part without v.

package interp

import "math"

// WTOElem is a vertex (Body == nil and !IsComponent) or a component with
// head Vertex and a body.
type WTOElem struct {
	Vertex      int
	IsComponent bool
	Body        []WTOElem
}

// WTO computes a weak topological order of the vertices reachable from
// root in the graph with n vertices and successor function succ.
func WTO(n, root int, succ func(v int) []int) []WTOElem {
	b := &wtoBuilder{dfn: make([]int, n), succ: succ}
	var out []WTOElem
	b.visit(root, &out)
	// Elements were prepended in reverse; reverse each level once.
	reverseAll(out)
	return out
}

type wtoBuilder struct {
	dfn   []int
	num   int
	stack []int
	succ  func(int) []int
}

const infinity = math.MaxInt

// visit follows Bourdoncle's visit; partitions are built by appending and
// reversed at the end (the paper prepends).
func (b *wtoBuilder) visit(v int, part *[]WTOElem) int {
	b.stack = append(b.stack, v)
	b.num++
	b.dfn[v] = b.num
	head := b.num
	loop := false
	for _, w := range b.succ(v) {
		var min int
		if b.dfn[w] == 0 {
			min = b.visit(w, part)
		} else {
			min = b.dfn[w]
		}
		if min <= head {
			head = min
			loop = true
		}
	}
	if head == b.dfn[v] {
		b.dfn[v] = infinity
		elem := b.pop()
		if loop {
			for elem != v {
				b.dfn[elem] = 0
				elem = b.pop()
			}
			*part = append(*part, b.component(v))
		} else {
			*part = append(*part, WTOElem{Vertex: v})
		}
	}
	return head
}

func (b *wtoBuilder) pop() int {
	v := b.stack[len(b.stack)-1]
	b.stack = b.stack[:len(b.stack)-1]
	return v
}

func (b *wtoBuilder) component(v int) WTOElem {
	var body []WTOElem
	for _, w := range b.succ(v) {
		if b.dfn[w] == 0 {
			b.visit(w, &body)
		}
	}
	return WTOElem{Vertex: v, IsComponent: true, Body: body}
}

func reverseAll(es []WTOElem) {
	for i, j := 0, len(es)-1; i < j; i, j = i+1, j-1 {
		es[i], es[j] = es[j], es[i]
	}
	for i := range es {
		if es[i].IsComponent {
			reverseAll(es[i].Body)
		}
	}
}

// WTOString formats a WTO in Bourdoncle's notation, e.g. "1 (2 3) 4".
func WTOString(es []WTOElem, name func(int) string) string {
	s := ""
	for i, e := range es {
		if i > 0 {
			s += " "
		}
		if e.IsComponent {
			s += "(" + name(e.Vertex)
			if len(e.Body) > 0 {
				s += " " + WTOString(e.Body, name)
			}
			s += ")"
		} else {
			s += name(e.Vertex)
		}
	}
	return s
}
