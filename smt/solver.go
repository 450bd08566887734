// This file implements Solver: assertions in a stack of scopes, checks
// with assumptions, unsat cores, time limits and cancellation.

package smt

/*
#include <stdlib.h>
#include "shim.h"
*/
import "C"

import (
	"context"
	"fmt"
	"math"
	"runtime"
	"time"
	"unsafe"
)

// Result is the answer of a satisfiability check.
type Result int

// The results of Check.
const (
	Unknown Result = iota
	Sat
	Unsat
)

// String returns "sat", "unsat" or "unknown", as SMT-LIB prints them.
func (r Result) String() string {
	switch r {
	case Sat:
		return "sat"
	case Unsat:
		return "unsat"
	}
	return "unknown"
}

// Solver is an incremental Z3 solver: a set of assertions organised in
// scopes (Push, Pop) and checked for satisfiability, optionally under
// assumptions (CheckAssumptions).
//
// A Solver keeps the first error of Assert, Push or Pop (a term carrying
// an error, a sort error, popping more scopes than pushed) and reports it
// from every Check and from Err until Reset: a check of a formula that
// lost an assertion would be meaningless.
//
// Close releases the solver; an unreachable Solver is released anyway. Z3
// keeps about 100 bytes per check in a solver (measured on push, check,
// pop cycles), released only with it: replace a solver after some
// thousands of checks.
type Solver struct {
	ctx     *Context
	s       C.Z3_solver
	cleanup runtime.Cleanup
	err     error

	// assumptions and unsat are those of the last check, for UnsatCore.
	assumptions []*Term
	unsat       bool
	// bigStack runs checks on a thread with a big stack (SetBigStack).
	bigStack bool
}

// SetBigStack makes every later check of s run on a thread of its own
// with 1 GB of stack (reserved, not committed) instead of the calling
// thread. Z3's tactics recurse over the formula: a bounded model checking
// formula unwound 256 times overflowed the 8 MB of an ordinary thread
// and crashed the process (SIGSEGV inside Z3_solver_check). A thread
// per check costs about 0.1 ms and a system call or two: for solvers of
// few, large checks.
func (s *Solver) SetBigStack(on bool) { s.bigStack = on }

// NewSolver returns an empty solver with the context's default time limit
// (see Timeout): Z3's default solver, which runs a check at scope 0
// without assumptions through Z3's tactics for the formula's logic
// (simplification, bit-blasting) and every other check on its incremental
// SMT kernel. If the context is closed, the solver reports ErrClosed.
func (c *Context) NewSolver() *Solver {
	return c.newSolver(false)
}

// NewSimpleSolver returns an empty solver that is Z3's incremental SMT
// kernel alone (Z3_mk_simple_solver), with the context's default time
// limit. Checks inside a scope or with assumptions cost the same as with
// NewSolver; a check at scope 0 skips the tactics' set-up
// (BenchmarkCheckScope0: 0.4 ms of CPU against 6 ms for a one-equation
// LIA formula).
func (c *Context) NewSimpleSolver() *Solver {
	return c.newSolver(true)
}

// NewTacticSolver returns an empty solver that runs every check through
// Z3's tactics of these names, one after the other (Z3_tactic_and_then;
// for example "simplify", "solve-eqs", "bit-blast", "sat"), with the
// context's default time limit. Such a solver is not incremental: each
// check starts over. An unknown tactic name makes the solver report an
// error.
func (c *Context) NewTacticSolver(tactics ...string) *Solver {
	s := &Solver{ctx: c}
	z := c.z()
	if z == nil {
		s.err = ErrClosed
		return s
	}
	if len(tactics) == 0 {
		s.err = fmt.Errorf("smt: NewTacticSolver: no tactic")
		return s
	}
	names := make([]*C.char, len(tactics))
	for i, n := range tactics {
		names[i] = C.CString(n)
	}
	defer func() {
		for _, n := range names {
			C.free(unsafe.Pointer(n))
		}
	}()
	var st C.np_status
	s.s = C.np_mk_tactic_solver(z, C.uint(len(names)), &names[0], millis(c.timeout), &st)
	return c.finishSolver(s, "NewTacticSolver", st)
}

// NewSolverForLogic returns an empty solver specialised to an SMT-LIB
// logic (Z3_mk_solver_for_logic), with the context's default time limit.
// For "QF_BV" it is Z3's incremental SAT solver: the assertions are
// bit-blasted once, and checks with different assumptions reuse the
// clauses (and what the SAT solver learnt), where a tactic solver
// bit-blasts everything again on every check.
func (c *Context) NewSolverForLogic(logic string) *Solver {
	s := &Solver{ctx: c}
	z := c.z()
	if z == nil {
		s.err = ErrClosed
		return s
	}
	name := C.CString(logic)
	defer C.free(unsafe.Pointer(name))
	var st C.np_status
	s.s = C.np_mk_logic_solver(z, name, millis(c.timeout), &st)
	return c.finishSolver(s, "NewSolverForLogic", st)
}

func (c *Context) newSolver(simple bool) *Solver {
	s := &Solver{ctx: c}
	z := c.z()
	if z == nil {
		s.err = ErrClosed
		return s
	}
	var st C.np_status
	s.s = C.np_mk_solver(z, cbool(simple), millis(c.timeout), &st)
	return c.finishSolver(s, "NewSolver", st)
}

// finishSolver records a new solver's error or registers its release.
func (c *Context) finishSolver(s *Solver, op string, st C.np_status) *Solver {
	z := c.z()
	if err := statusErr(op, st); err != nil {
		s.err = err
		if s.s != nil {
			C.np_solver_dec_ref(z, s.s)
			s.s = nil
		}
		return s
	}
	if s.s == nil {
		s.err = fmt.Errorf("smt: %s: Z3 made no solver", op)
		return s
	}
	s.cleanup = runtime.AddCleanup(s, releaseSolver, solverRef{c.st, s.s})
	c.hold()
	return s
}

// millis converts a time limit to Z3's milliseconds (0 for no limit).
func millis(d time.Duration) C.uint {
	if d <= 0 {
		return 0
	}
	ms := (d + time.Millisecond - 1) / time.Millisecond
	if ms >= math.MaxUint32 {
		return 0
	}
	return C.uint(ms)
}

// z returns the Z3 context for an operation on s, or the error that stops
// it (the sticky error, a closed solver or context).
func (s *Solver) z(op string) (C.Z3_context, error) {
	if s.err != nil {
		return nil, s.err
	}
	z := s.ctx.z()
	if z == nil {
		return nil, ErrClosed
	}
	if s.s == nil {
		return nil, &Error{Op: op, Code: InvalidUsage, Msg: "solver is closed"}
	}
	return z, nil
}

func (s *Solver) fail(err error) {
	if s.err == nil {
		s.err = err
	}
}

// Err returns the solver's sticky error, or nil.
func (s *Solver) Err() error { return s.err }

// SetTimeout sets the time limit of each later Check; zero means none.
// A check that runs out of time returns Unknown with reason "timeout" (Z3
// may also say "canceled").
func (s *Solver) SetTimeout(d time.Duration) {
	z, err := s.z("SetTimeout")
	if err != nil {
		return
	}
	s.fail(statusErr("SetTimeout", C.np_solver_set_timeout(z, s.s, millis(d))))
}

// Assert adds the Bool terms ts to the current scope.
func (s *Solver) Assert(ts ...*Term) {
	z, err := s.z("Assert")
	if err != nil {
		return
	}
	for _, t := range ts {
		if _, err := s.ctx.check("Assert", t); err != nil {
			s.fail(err)
			return
		}
		if t.kind != KindBool {
			s.fail(&Error{Op: "Assert", Code: SortError, Msg: "assertion of sort " + t.Sort().String()})
			return
		}
		if err := statusErr("Assert", C.np_solver_assert(z, s.s, t.a)); err != nil {
			s.fail(err)
			return
		}
	}
}

// Push opens a scope: Pop removes the assertions made since.
func (s *Solver) Push() {
	z, err := s.z("Push")
	if err != nil {
		return
	}
	s.fail(statusErr("Push", C.np_solver_push(z, s.s)))
}

// Pop closes the n innermost scopes. Popping more scopes than are open is
// an error.
func (s *Solver) Pop(n int) {
	z, err := s.z("Pop")
	if err != nil {
		return
	}
	if n < 0 || n > s.NumScopes() {
		s.fail(&Error{Op: "Pop", Code: IndexOutOfBounds, Msg: "pop of more scopes than pushed"})
		return
	}
	s.fail(statusErr("Pop", C.np_solver_pop(z, s.s, C.uint(n))))
}

// NumScopes returns the number of open scopes.
func (s *Solver) NumScopes() int {
	z, err := s.z("NumScopes")
	if err != nil {
		return 0
	}
	return int(C.np_solver_num_scopes(z, s.s))
}

// Reset removes every assertion and scope and clears the sticky error
// (unless the context is closed).
func (s *Solver) Reset() {
	s.err = nil
	s.assumptions, s.unsat = nil, false
	z, err := s.z("Reset")
	if err != nil {
		s.err = err
		return
	}
	s.fail(statusErr("Reset", C.np_solver_reset(z, s.s)))
}

// Check reports whether the assertions are satisfiable. Unknown comes
// with the reason from ReasonUnknown (a time limit, an interrupt,
// incompleteness on nonlinear arithmetic); an error is the solver's
// sticky error or a failure of Z3.
func (s *Solver) Check() (Result, error) {
	return s.CheckAssumptions()
}

// CheckAssumptions reports whether the assertions are satisfiable together
// with the Bool literals lits (constants or their negations), which hold
// for this check only. After Unsat, UnsatCore tells which literals
// sufficed.
func (s *Solver) CheckAssumptions(lits ...*Term) (Result, error) {
	s.assumptions, s.unsat = nil, false
	z, err := s.z("Check")
	if err != nil {
		return Unknown, err
	}
	var buf [8]C.Z3_ast
	args := buf[:0]
	if len(lits) > len(buf) {
		args = make([]C.Z3_ast, 0, len(lits))
	}
	for _, t := range lits {
		if _, err := s.ctx.check("CheckAssumptions", t); err != nil {
			return Unknown, err
		}
		if t.kind != KindBool {
			return Unknown, &Error{Op: "CheckAssumptions", Code: SortError, Msg: "assumption of sort " + t.Sort().String()}
		}
		args = append(args, t.a)
	}
	var p *C.Z3_ast
	if len(args) > 0 {
		p = &args[0]
	}
	var st C.np_status
	cs := s.ctx.st
	cs.checking.Add(1)
	cs.busy.Lock()
	r := C.np_solver_check(z, s.s, C.uint(len(args)), p, cbool(s.bigStack), &st)
	cs.checking.Add(-1)
	cs.busy.Unlock()
	if err := statusErr("Check", st); err != nil {
		return Unknown, err
	}
	s.assumptions = append([]*Term(nil), lits...)
	switch r {
	case C.Z3_L_TRUE:
		return Sat, nil
	case C.Z3_L_FALSE:
		s.unsat = true
		return Unsat, nil
	}
	return Unknown, nil
}

// CheckContext is CheckAssumptions, interrupted (see Context.Interrupt)
// when ctx is done; it returns Unknown and ctx.Err() then, even when the
// check had finished as the interrupt came.
func (s *Solver) CheckContext(ctx context.Context, lits ...*Term) (Result, error) {
	if err := ctx.Err(); err != nil {
		return Unknown, err
	}
	done := make(chan struct{})
	stop := context.AfterFunc(ctx, func() {
		s.ctx.Interrupt()
		close(done)
	})
	r, err := s.CheckAssumptions(lits...)
	if !stop() {
		// The interrupt has started: wait for it, so that it cannot land
		// in a later check. Whatever the check answered, an interrupt that
		// lands after it can leave the solver without its model (Z3: "there
		// is no current model"), so the answer is Unknown: the deadline has
		// passed anyway.
		<-done
		if err == nil {
			r, err = Unknown, ctx.Err()
		}
	}
	return r, err
}

// ReasonUnknown returns Z3's explanation of the last Unknown: "timeout",
// "canceled", "(incomplete (theory arithmetic))", ...
func (s *Solver) ReasonUnknown() string {
	z, err := s.z("ReasonUnknown")
	if err != nil {
		return err.Error()
	}
	return C.GoString(C.np_solver_reason_unknown(z, s.s))
}

// UnsatCore returns, after a check that answered Unsat, a subset of its
// assumption literals that is unsatisfiable together with the assertions
// (not necessarily a minimal one; empty when the assertions alone are
// unsatisfiable). After any other answer it is an error. The terms are those passed to
// CheckAssumptions, in their order, so they can be looked up by pointer.
func (s *Solver) UnsatCore() ([]*Term, error) {
	z, err := s.z("UnsatCore")
	if err != nil {
		return nil, err
	}
	if !s.unsat {
		return nil, &Error{Op: "UnsatCore", Code: InvalidUsage, Msg: "the last check did not answer unsat"}
	}
	n := len(s.assumptions)
	if n == 0 {
		return nil, nil
	}
	out := make([]C.Z3_ast, n)
	var got C.uint
	if err := statusErr("UnsatCore", C.np_solver_core(z, s.s, &out[0], C.uint(n), &got)); err != nil {
		return nil, err
	}
	if int(got) > n {
		return nil, &Error{Op: "UnsatCore", Code: Exception, Msg: "core larger than the assumptions"}
	}
	in := make(map[C.Z3_ast]bool, got)
	for _, a := range out[:got] {
		in[a] = true
	}
	var core []*Term
	for _, t := range s.assumptions {
		if in[t.a] {
			core = append(core, t)
			delete(in, t.a) // a literal assumed twice is reported once
		}
	}
	if len(in) > 0 {
		return nil, &Error{Op: "UnsatCore", Code: Exception, Msg: "core literal that is not an assumption"}
	}
	return core, nil
}

// Model returns a model of the assertions after a check that answered
// Sat (after Unknown Z3 may have a partial one, or none: an error).
func (s *Solver) Model() (*Model, error) {
	z, err := s.z("Model")
	if err != nil {
		return nil, err
	}
	var st C.np_status
	m := C.np_solver_model(z, s.s, &st)
	if err := statusErr("Model", st); err != nil {
		if m != nil {
			C.np_model_dec_ref(z, m)
		}
		return nil, err
	}
	return s.ctx.newModel(m), nil
}

// String returns the solver's assertions (of every open scope) as an
// SMT-LIB2 script: declarations, asserts and a final (check-sat), for
// debugging and for other solvers.
func (s *Solver) String() string {
	z, err := s.z("String")
	if err != nil {
		return "; " + err.Error()
	}
	return C.GoString(C.np_solver_to_smtlib(z, s.s))
}

// assertSMTLIB2 adds the assertions of SMT-LIB2 text (declarations and
// asserts; commands like check-sat are ignored). The tests use it to read
// back what String prints.
func (s *Solver) assertSMTLIB2(text string) error {
	z, err := s.z("assertSMTLIB2")
	if err != nil {
		return err
	}
	ct := C.CString(text)
	defer C.free(unsafe.Pointer(ct))
	err = statusErr("assertSMTLIB2", C.np_solver_from_string(z, s.s, ct))
	s.fail(err)
	return err
}

// Close releases the solver; later operations on it fail. Close is
// idempotent.
func (s *Solver) Close() {
	if s.s == nil {
		return
	}
	s.cleanup.Stop()
	if z := s.ctx.z(); z != nil {
		C.np_solver_dec_ref(z, s.s)
		s.ctx.released(1)
	}
	s.s = nil
	s.assumptions, s.unsat = nil, false
}
