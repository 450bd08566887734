// This file implements the release of Z3 objects: reference counts given
// back when Go values become unreachable, and the pacing of Go's collector
// by the number of Z3 objects Go holds.

package smt

/*
#include "shim.h"
*/
import "C"

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// ctxState is the part of a Context that cleanups reach: it never points
// back to the Context, so an unreachable Context can be cleaned up too.
type ctxState struct {
	mu sync.Mutex // guards z against Close racing with Interrupt, and the queues
	z  C.Z3_context

	// Objects whose Go handles became unreachable, released by drain on
	// the owning goroutine (Z3 contexts are single-threaded).
	asts    []C.Z3_ast
	models  []C.Z3_model
	solvers []C.Z3_solver
	pending atomic.Int32 // len(asts)+len(models)+len(solvers), read without mu

	// busy is held by a running check and checking counts the checks
	// running. A caller may leave a check running past its deadline in
	// another goroutine (bmc does, since Z3 notices interrupts only
	// between steps); every other operation then waits for it in z (and
	// Close), since a Z3 context is single-threaded: a dec_ref racing
	// with the check crashed the process (Z3's "UNEXPECTED CODE WAS
	// REACHED", then a segmentation fault in np_solver_dec_ref).
	busy     sync.Mutex
	checking atomic.Int32
}

// await waits for the checks running in other goroutines to end.
func (st *ctxState) await() {
	if st.checking.Load() != 0 {
		st.busy.Lock()
		st.busy.Unlock()
	}
}

// z returns the Z3 context after releasing the objects Go dropped since
// the last call, or nil if the context is closed. Every operation starts
// with it, so dec_refs run only on the owning goroutine and never during
// an operation that still reads the handles it was given.
func (c *Context) z() C.Z3_context {
	st := c.st
	st.await()
	if st.pending.Load() != 0 {
		c.released(st.drain())
	}
	return st.z
}

// drain releases the queued objects and returns how many there were.
func (st *ctxState) drain() int {
	st.mu.Lock()
	z, asts, models, solvers := st.z, st.asts, st.models, st.solvers
	st.asts, st.models, st.solvers = nil, nil, nil
	st.pending.Store(0)
	st.mu.Unlock()
	if z == nil {
		return 0
	}
	if len(asts) > 0 {
		C.np_dec_ref_all(z, &asts[0], C.uint(len(asts)))
	}
	for _, m := range models {
		C.np_model_dec_ref(z, m)
	}
	for _, s := range solvers {
		C.np_solver_dec_ref(z, s)
	}
	return len(asts) + len(models) + len(solvers)
}

// minGCStep is the least growth of Context.live that makes hold collect.
const minGCStep = 1 << 18

// hold counts a new Z3 object held by a Go value, and makes Go's
// collector run when their number has doubled (and grown by at least
// minGCStep) since the fewest after the last collection.
//
// Go's collector sees only the small Go handles, not the Z3 memory behind
// them (some hundred bytes a term, more for models and solvers): in a
// program with a large Go heap it may run too rarely to release them in
// time. This is Go's own pacing (GOGC=100) applied to Z3 objects. The
// releases come after the collection, through the cleanups, at a later
// operation.
func (c *Context) hold() {
	c.live++
	if c.live >= c.gcLive+max(c.gcLive, minGCStep) {
		runtime.GC()
		c.gcLive = c.live
	}
}

// released counts n objects given back.
func (c *Context) released(n int) {
	c.live -= n
	if c.live < c.gcLive {
		c.gcLive = c.live
	}
}

// astRef, modelRef and solverRef are the arguments of the cleanups that
// queue a Z3 object for release when its Go handle becomes unreachable.
type astRef struct {
	st *ctxState
	a  C.Z3_ast
}

type modelRef struct {
	st *ctxState
	m  C.Z3_model
}

type solverRef struct {
	st *ctxState
	s  C.Z3_solver
}

func releaseAST(r astRef) {
	r.st.mu.Lock()
	if r.st.z != nil {
		r.st.asts = append(r.st.asts, r.a)
		r.st.pending.Add(1)
	}
	r.st.mu.Unlock()
}

func releaseModel(r modelRef) {
	r.st.mu.Lock()
	if r.st.z != nil {
		r.st.models = append(r.st.models, r.m)
		r.st.pending.Add(1)
	}
	r.st.mu.Unlock()
}

func releaseSolver(r solverRef) {
	r.st.mu.Lock()
	if r.st.z != nil {
		r.st.solvers = append(r.st.solvers, r.s)
		r.st.pending.Add(1)
	}
	r.st.mu.Unlock()
}
