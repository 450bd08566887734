// This file moves rudd's reference counting onto the Manager's goroutine.
//
// rudd counts the external references of a node in its node table: every
// handle (rudd.Node, a *int) it returns increments the node's count and
// carries a finalizer that decrements it. Go runs finalizers on a
// goroutine of their own, concurrently with the analysis, and the BuDDy
// kernel's counts are plain integers: a decrement that races an increment
// of the same node, or the copy of the table when rudd grows it, loses
// one of them. A lost increment lets rudd collect a node that a handle
// still names and reuse its slot, and the handle then denotes another
// function: diagrams change under the analysis, and a verdict built on
// them can be wrong (an NDD run of Problem01_label57 answered TRUE on a
// reachable error under load, issue 35; go test -race shows the race, and
// TestHandlesSurviveConcurrentFinalizers loses nodes within milliseconds).
//
// The Manager therefore replaces, once, the finalizer rudd gives its
// handles (newRefs): the one it sets only queues the handle, and the
// queue is applied on the Manager's goroutine at its next operation
// (settle), by rudd's own decrement, so the node table is only ever
// touched from one goroutine. Handles cost what they cost before: one
// finalizer each, set by rudd. rudd exports neither the finalizer nor a
// way to change it; newRefs reads and replaces it by reflection (and
// fails, and New with it, on a rudd version that keeps it elsewhere).

package bdd

import (
	"fmt"
	"reflect"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/dalzilio/rudd"
)

// refs is the queue of handles whose decrement is due.
type refs struct {
	dec func(*int) // rudd's decrement (its original finalizer)

	mu      sync.Mutex
	pending []*int
	due     atomic.Bool // pending is not empty
}

// newRefs installs the queueing finalizer in b's kernel.
func newRefs(b *rudd.BDD) (*refs, error) {
	fail := func(what string) (*refs, error) {
		return nil, fmt.Errorf("bdd: this rudd version has no %s where package bdd expects it (refs.go)", what)
	}
	t := reflect.ValueOf(b).Elem().FieldByName("tables")
	if !t.IsValid() || t.Kind() != reflect.Pointer || t.IsNil() {
		return fail("node tables")
	}
	f := t.Elem().FieldByName("nodefinalizer")
	if !f.IsValid() || f.Kind() != reflect.Interface {
		return fail("node finalizer")
	}
	fin := reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem()
	dec, ok := fin.Interface().(func(*int))
	if !ok {
		return fail("node finalizer of type func(*int)")
	}
	r := &refs{dec: dec}
	fin.Set(reflect.ValueOf(r.queue))
	return r, nil
}

// queue is the handles' finalizer: it runs on the finalizer goroutine
// and only records the decrement.
func (r *refs) queue(h *int) {
	r.mu.Lock()
	r.pending = append(r.pending, h)
	r.mu.Unlock()
	r.due.Store(true)
}

// settle applies the queued decrements; it runs on the Manager's
// goroutine, between rudd calls.
func (m *Manager) settle() {
	r := m.refs
	if !r.due.Load() {
		return
	}
	r.mu.Lock()
	hs := r.pending
	r.pending = nil
	r.due.Store(false)
	r.mu.Unlock()
	for _, h := range hs {
		r.dec(h)
	}
}
