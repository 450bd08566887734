// This file reads rudd's node table directly, and names nodes without
// handles during a custom apply (borrowed nodes).
//
// Every node rudd returns is a fresh handle (a *int) on which rudd sets a
// finalizer. Setting a finalizer costs a walk of the special records of
// the handle's memory span, so its cost grows with the number of handles
// alive in that span: on MTNDD's lock template (test_locks(64)) about a
// third of the CPU time went to registering finalizers for the branches
// Apply walked and for the nodes it built (issue 38).
//
// The view (nodeView) reads a node's level and branches from rudd's table
// by ID: no handle, no finalizer. It finds the table and the fields by
// reflection, as refs.go does for the finalizer, and New fails on a rudd
// version whose table looks different.
//
// A borrowed node is a Node whose handle the Manager made itself, with no
// reference count and no finalizer: it names a node below the operand of
// a running Apply1 or Apply2, which the operand keeps alive (rudd's
// collector marks everything reachable from a referenced node). It is
// valid until that apply returns; then the apply sets its handle to -1,
// so a borrowed node kept past its apply fails the Manager's checks ("use
// of a borrowed node after its apply") instead of naming whatever node
// rudd puts in its slot later. Whoever keeps a node in a cache keyed by
// its ID (to stop the ID's reuse) must keep Hold(n): a real handle for
// the same node.

package bdd

import (
	"errors"
	"fmt"
	"reflect"
	"unsafe"

	"github.com/dalzilio/rudd"
)

// nodeView reads rudd's node table: the address of the table's slice
// header, the size of an entry and the offsets of its fields.
type nodeView struct {
	table            unsafe.Pointer // *[]node of rudd
	size             uintptr
	level, low, high uintptr
}

// sliceHeader is the layout of a Go slice.
type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

// markBit is the bit rudd's collector sets in a level while it marks.
const markBit = 0x200000

func newNodeView(b *rudd.BDD) (nodeView, error) {
	fail := func(what string) (nodeView, error) {
		return nodeView{}, fmt.Errorf("bdd: this rudd version has no %s where package bdd expects it (view.go)", what)
	}
	t := reflect.ValueOf(b).Elem().FieldByName("tables")
	if !t.IsValid() || t.Kind() != reflect.Pointer || t.IsNil() {
		return fail("node tables")
	}
	f := t.Elem().FieldByName("nodes")
	if !f.IsValid() || f.Kind() != reflect.Slice || f.Type().Elem().Kind() != reflect.Struct {
		return fail("node slice")
	}
	et := f.Type().Elem()
	v := nodeView{table: unsafe.Pointer(f.UnsafeAddr()), size: et.Size()}
	for _, fd := range []struct {
		name string
		kind reflect.Kind
		off  *uintptr
	}{{"level", reflect.Int32, &v.level}, {"low", reflect.Int, &v.low}, {"high", reflect.Int, &v.high}} {
		sf, ok := et.FieldByName(fd.name)
		if !ok || sf.Type.Kind() != fd.kind {
			return fail("node field " + fd.name + " of type " + fd.kind.String())
		}
		*fd.off = sf.Offset
	}
	return v, nil
}

// at returns the level and branches of internal node id. The table may
// have been reallocated since the last call: the header is read anew.
func (v nodeView) at(id int) (level, lo, hi int) {
	h := (*sliceHeader)(v.table)
	if id < 2 || id >= h.len {
		panic(fmt.Sprintf("bdd: internal: node %d outside rudd's table of %d", id, h.len))
	}
	p := unsafe.Add(h.data, uintptr(id)*v.size)
	level = int(*(*int32)(unsafe.Add(p, v.level)) &^ markBit)
	return level, *(*int)(unsafe.Add(p, v.low)), *(*int)(unsafe.Add(p, v.high))
}

// errBorrowed is the error of a borrowed node used after its apply.
var errBorrowed = errors.New("bdd: internal: use of a borrowed node after its apply (keep Hold(n) instead)")

// borrowChunk is the number of handles a borrowing allocates at once.
const borrowChunk = 256

// borrowing hands out borrowed nodes for one apply.
type borrowing struct {
	chunks [][]int
	used   int // handles used in the last chunk
}

// node returns a borrowed node for id (the constants are real handles).
func (m *Manager) borrowed(b *borrowing, id int) Node {
	switch id {
	case 0:
		return m.False()
	case 1:
		return m.True()
	}
	if len(b.chunks) == 0 || b.used == borrowChunk {
		b.chunks = append(b.chunks, make([]int, borrowChunk))
		b.used = 0
	}
	h := &b.chunks[len(b.chunks)-1][b.used]
	b.used++
	*h = id
	return Node{r: h, weak: true}
}

// release ends the borrowing: its handles no longer name nodes.
func (b *borrowing) release() {
	for _, c := range b.chunks {
		for i := range c {
			c[i] = -1
		}
	}
}

// Hold returns a node that stays valid for as long as it is kept: n
// itself, or for a borrowed node a real handle of the same node. A
// Terminal or Combine of Apply1 or Apply2 that keeps a node it was given
// beyond the apply (in a cache, say) must keep Hold(n).
func (m *Manager) Hold(n Node) (Node, error) {
	if !n.weak {
		return n, nil
	}
	if err := m.check(n); err != nil {
		return Node{}, err
	}
	return m.wrap(m.b.Ite(n.r, m.b.True(), m.b.False()))
}

// Borrowed reports whether n is a borrowed node (valid only during the
// apply that handed it out).
func (n Node) Borrowed() bool { return n.weak }

// Scope hands out borrowed nodes for a traversal outside Apply1 and
// Apply2 (Borrow).
type Scope struct {
	m *Manager
	b borrowing
}

// Borrow runs f with a Scope whose Branches name nodes without handles.
// The nodes are valid until f returns, provided the diagrams f walks stay
// referenced (by the caller's nodes) meanwhile.
func (m *Manager) Borrow(f func(s *Scope)) {
	s := &Scope{m: m}
	defer s.b.release()
	f(s)
}

// Branches returns the root variable and the branches of the internal
// node n as borrowed nodes.
func (s *Scope) Branches(n Node) (v int, hi, lo Node, err error) {
	if err := s.m.check(n); err != nil {
		return 0, Node{}, Node{}, err
	}
	if s.m.IsConst(n) {
		return 0, Node{}, Node{}, errors.New("bdd: branch of a constant node")
	}
	v, l, h := s.m.view.at(*n.r)
	return v, s.m.borrowed(&s.b, h), s.m.borrowed(&s.b, l), nil
}

// AnyLevel reports whether some internal node of n has a level (root
// variable) that pred accepts. The walk is depth first and stops at the
// first such node, without handles.
func (m *Manager) AnyLevel(n Node, pred func(level int) bool) (bool, error) {
	if err := m.check(n); err != nil {
		return false, err
	}
	seen := map[int]bool{}
	stack := []int{n.ID()}
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if id < 2 || seen[id] {
			continue
		}
		seen[id] = true
		l, lo, hi := m.view.at(id)
		if pred(l) {
			return true, nil
		}
		stack = append(stack, lo, hi)
	}
	return false, nil
}
