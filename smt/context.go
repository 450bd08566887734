// This file implements Context: the Z3 context, its options, closing and
// interrupting it.

package smt

/*
#cgo LDFLAGS: -lz3
#cgo noescape np_dec_ref_all
#cgo nocallback np_dec_ref_all
#cgo noescape np_opn
#cgo nocallback np_opn
#cgo noescape np_solver_check
#cgo nocallback np_solver_check
#cgo noescape np_solver_core
#cgo nocallback np_solver_core
#cgo noescape np_sort
#cgo nocallback np_sort
#cgo noescape np_mk_solver
#cgo nocallback np_mk_solver
#cgo noescape np_solver_model
#cgo nocallback np_solver_model
#cgo noescape np_mk_context
#cgo nocallback np_mk_context
#include <stdlib.h>
#include "shim.h"
*/
import "C"

import (
	"runtime"
	"time"
)

// Context owns every Z3 object of this package: sorts, terms, solvers and
// models all belong to one Context and must not be mixed with another's.
//
// A Context is not safe for concurrent use: all its methods, and those of
// its terms, solvers and models, must be called from one goroutine at a
// time. The one exception is Interrupt, which any goroutine may call at
// any time.
type Context struct {
	st      *ctxState
	timeout time.Duration

	// Pacing of Go's collector (release.go): live counts the Z3 objects
	// that Go values hold, gcLive the fewest since the last collection.
	live, gcLive int

	boolSort, intSort *Sort
	bvSorts           map[int]*Sort
}

// Option configures a Context (see NewContext).
type Option func(*config)

type config struct {
	timeout    time.Duration
	models     bool
	unsatCores bool
}

// Timeout sets the default time limit of every Check of the context's
// solvers (Solver.SetTimeout changes it per solver). Zero, the default,
// means no limit. Z3 counts in milliseconds; a positive d below one
// millisecond counts as one.
func Timeout(d time.Duration) Option {
	return func(c *config) { c.timeout = d }
}

// Models sets whether solvers produce models (Z3's "model" parameter;
// default true). Solver.Model fails without them.
func Models(on bool) Option {
	return func(c *config) { c.models = on }
}

// UnsatCores sets Z3's "unsat_core" parameter (default false). Leave it
// off: Solver.UnsatCore works without it (cores of assumptions are always
// tracked), and with it Z3 skips preprocessing that bit-vector problems
// need (x bvsdiv 3 = -2 on 32 bits, z3 command: 0.06 s of CPU without,
// 18 s with).
func UnsatCores(on bool) Option {
	return func(c *config) { c.unsatCores = on }
}

// NewContext returns a new Z3 context with the given options. Close
// releases it; a Context that becomes unreachable is released anyway, but
// Z3's memory is invisible to Go's garbage collector, so close it.
func NewContext(opts ...Option) (*Context, error) {
	cfg := config{models: true}
	for _, o := range opts {
		o(&cfg)
	}
	var code C.int
	z := C.np_mk_context(cbool(cfg.models), cbool(cfg.unsatCores), &code)
	if z == nil {
		return nil, &Error{Op: "NewContext", Code: ErrorCode(code)}
	}
	c := &Context{
		st:      &ctxState{z: z},
		timeout: cfg.timeout,
		bvSorts: make(map[int]*Sort),
	}
	runtime.AddCleanup(c, (*ctxState).close, c.st)
	return c, nil
}

// Close releases the context and every object of it. Using the context,
// or any of its sorts, terms, solvers or models, afterwards is an error
// (ErrClosed), not a crash. Close is idempotent.
func (c *Context) Close() {
	c.st.close()
}

func (st *ctxState) close() {
	st.busy.Lock() // a check left running ends first
	defer st.busy.Unlock()
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.z == nil {
		return
	}
	C.np_del_context(st.z)
	st.z = nil
	st.asts, st.models, st.solvers = nil, nil, nil
	st.pending.Store(0)
}

// Interrupt stops a Check running in the context, which then returns
// Unknown with the reason "canceled" or "interrupted". It is the one method that is safe to
// call from another goroutine. A Check that starts after the interrupt is
// not affected (see Solver.CheckContext for cancellation that cannot miss).
func (c *Context) Interrupt() {
	st := c.st
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.z != nil {
		C.np_interrupt(st.z)
	}
}

func cbool(b bool) C.int {
	if b {
		return 1
	}
	return 0
}
