// This file defines call stacks as the engines that inline calls keep
// them (abe, impact, bmc's unwinding): the call edges of the activations
// above main's, interned so that a stack is compared by pointer and a
// stack with a location (Place) is a map key.

package ir

import "strings"

// Stack is an interned call stack: the call edge that opened the
// innermost activation and the stack below it; nil is main's frame
// alone. Stacks are immutable; Stacks.Push makes them.
type Stack struct {
	call  *Edge
	up    *Stack
	depth int
}

// Stacks interns stacks: pushing the same call on the same stack gives
// the same pointer. It is not safe for concurrent use.
type Stacks struct {
	m map[stackKey]*Stack
}

type stackKey struct {
	up   *Stack
	call *Edge
}

// NewStacks returns an empty interner.
func NewStacks() *Stacks { return &Stacks{m: map[stackKey]*Stack{}} }

// Push returns the stack s with the activation that call opens on top.
func (t *Stacks) Push(s *Stack, call *Edge) *Stack {
	k := stackKey{s, call}
	if n, ok := t.m[k]; ok {
		return n
	}
	n := &Stack{call: call, up: s, depth: s.Depth() + 1}
	t.m[k] = n
	return n
}

// Call returns the call edge that opened the innermost activation (nil
// in main).
func (s *Stack) Call() *Edge {
	if s == nil {
		return nil
	}
	return s.call
}

// Up returns the stack below the innermost activation (nil in main).
func (s *Stack) Up() *Stack {
	if s == nil {
		return nil
	}
	return s.up
}

// Depth returns the number of activations above main's.
func (s *Stack) Depth() int {
	if s == nil {
		return 0
	}
	return s.depth
}

// Calls returns the call edges of s, outermost (main's) first.
func (s *Stack) Calls() []*Edge {
	out := make([]*Edge, s.Depth())
	for x, i := s, s.Depth()-1; x != nil; x, i = x.up, i-1 {
		out[i] = x.call
	}
	return out
}

// Active reports whether f has an activation on s above main's.
func (s *Stack) Active(f *Func) bool {
	for x := s; x != nil; x = x.up {
		if x.call.Op.(*Call).Callee == f {
			return true
		}
	}
	return false
}

// String names the callees from main's outwards, joined by "/" ("" in
// main).
func (s *Stack) String() string {
	var parts []string
	for _, c := range s.Calls() {
		parts = append(parts, c.Op.(*Call).Callee.Name)
	}
	return strings.Join(parts, "/")
}

// Place is a location in the activation a stack names: with interned
// stacks, equal places are equal values.
type Place struct {
	Stack *Stack
	Loc   *Loc
}

// String names the place: the call sites, then the location, each as
// function.location.
func (p Place) String() string {
	var b strings.Builder
	for _, c := range p.Stack.Calls() {
		b.WriteString(c.From.Func.Name)
		b.WriteByte('.')
		b.WriteString(c.From.String())
		b.WriteByte('/')
	}
	b.WriteString(p.Loc.Func.Name)
	b.WriteByte('.')
	b.WriteString(p.Loc.String())
	return b.String()
}
