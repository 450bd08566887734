// This file implements queries: the solver checks of one formula.

package bmc

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/numpred/numpred/encode"
	"github.com/numpred/numpred/smt"
)

// queries checks goals against one formula (its facts). In the exact
// bit-vector encoding every query of the formula shares one incremental
// QF_BV solver: the facts are bit-blasted once and each query's goals
// are assumed through a literal of their own (goal#i ⇒ goals), where a
// tactic solver per query bit-blasted the whole formula again for each
// of a round's up to three queries (a generated task with chained 64-bit
// divisions: three checks of 1.5-2.5 s each, as one solver 0.3 s of
// search after one blast). Elsewhere every query gets a solver of its
// own, as before: LIA through Z3's SMT kernel, BV through Z3's default
// solver when Options.Z3BV asks for it. (One SMT kernel for a round's LIA
// queries, with assumption literals, decided a generated task's three in
// 0.9 s instead of 2.9 s, but left another's cut query, a fresh solver's
// 0.4 s, undecided after 30 s.)
type queries struct {
	r      *runner
	z      *smt.Context
	mode   encode.Mode
	facts  []*smt.Term
	shared *smt.Solver // the incremental solver, once made
	last   *smt.Solver // the solver of the last query, when not shared
	left   bool        // a check was left running at the deadline: its solver is the runner's
	n      int
	// budget, when positive, limits each check (the run's context still
	// ends it earlier): an interrupted check returns errBudget once Z3
	// has stopped, and the caller moves on (see Options.LIABudget).
	budget time.Duration
}

// errBudget is a check's answer when it ran out of queries.budget.
var errBudget = errors.New("bmc: the check's time budget ran out")

func (r *runner) queries(z *smt.Context, mode encode.Mode, facts []*smt.Term) *queries {
	return &queries{r: r, z: z, mode: mode, facts: facts}
}

// incremental reports whether the queries share one solver.
func (q *queries) incremental() bool {
	return q.r.mode == encode.BV && q.mode == encode.BV && !q.r.opt.Z3BV && !q.r.opt.SeparateQueries
}

// solver returns the solver of the next query with its goals asserted,
// and the literals to assume.
func (q *queries) solver(goals []*smt.Term) (*smt.Solver, []*smt.Term) {
	q.n++
	if q.incremental() {
		if q.shared == nil {
			q.shared = q.z.NewSolverForLogic("QF_BV")
			q.shared.SetBigStack(true) // the unwound formula is deep (see smt.Solver.SetBigStack)
			q.shared.Assert(q.facts...)
		}
		lit := q.z.Const(fmt.Sprintf("goal#%d", q.n), q.z.BoolSort())
		q.shared.Assert(q.z.Implies(lit, q.z.And(goals...)))
		return q.shared, []*smt.Term{lit}
	}
	q.closeLast()
	sol := q.z.NewSimpleSolver()
	if q.r.mode == encode.BV && !(q.mode == encode.LIA && q.r.liaExact) {
		if q.r.opt.Z3BV || q.mode != encode.BV {
			sol = q.z.NewSolver()
		} else {
			sol = q.z.NewTacticSolver(BVTactics...)
		}
	}
	sol.SetBigStack(true)
	sol.Assert(q.facts...)
	sol.Assert(goals...)
	q.last = sol
	return sol, nil
}

// check checks the goals, interrupted when ctx ends (the error is then
// ctx's). A check that has not stopped within grace of the interrupt is
// left to finish on its own (Z3 notices interrupts only between steps of
// its tactics; runs ended up to 20 s past their deadline): check returns
// ctx's error at once, and Run closes the context after it. The solver
// returned (for its model or reason) stays valid until the next check or
// close.
func (q *queries) check(ctx context.Context, goals ...*smt.Term) (smt.Result, *smt.Solver, error) {
	r := q.r
	sol, lits := q.solver(goals)
	if dumpDir != "" {
		q.dump(sol, lits)
	}
	t0 := time.Now()
	type outcome struct {
		res smt.Result
		err error
	}
	done := make(chan outcome, 1)
	cctx, cancel := ctx, context.CancelFunc(func() {})
	if q.budget > 0 {
		cctx, cancel = context.WithTimeout(ctx, q.budget)
	}
	defer cancel()
	go func() {
		res, err := sol.CheckContext(cctx, lits...)
		done <- outcome{res, err}
	}()
	var o outcome
	select {
	case o = <-done:
	case <-ctx.Done():
		select {
		case o = <-done:
		case <-time.After(grace):
			r.stats.SolverTime += time.Since(t0)
			r.stats.Queries++
			q.left = true
			r.left = func() {
				<-done
				sol.Close()
			}
			return smt.Unknown, nil, ctx.Err()
		}
	}
	r.stats.SolverTime += time.Since(t0)
	r.stats.Queries++
	if dumpDir != "" {
		fmt.Fprintf(os.Stderr, "bmc: query %d (%v, %d goals): %v in %v\n", dumps, q.mode, len(goals), o.res, time.Since(t0))
	}
	if o.err != nil {
		if ctx.Err() == nil && cctx.Err() != nil {
			return smt.Unknown, nil, errBudget
		}
		return smt.Unknown, nil, o.err
	}
	return o.res, sol, nil
}

func (q *queries) closeLast() {
	if q.last != nil && !q.left {
		q.last.Close()
	}
	q.last = nil
}

// close releases the solvers (but not one left running at the deadline).
func (q *queries) close() {
	q.closeLast()
	if q.shared != nil && !q.left {
		q.shared.Close()
	}
	q.shared = nil
}

// dumpDir, from NUMPRED_BMC_DUMP, is where every query is written as an
// SMT-LIB script, for Z3's command line and other solvers.
var dumpDir = os.Getenv("NUMPRED_BMC_DUMP")

var dumps int

func (q *queries) dump(sol *smt.Solver, lits []*smt.Term) {
	dumps++
	check := "(check-sat)\n"
	if len(lits) > 0 {
		check = fmt.Sprintf("(check-sat-assuming (%s))\n", lits[0])
	}
	name := fmt.Sprintf("%s/query%03d_%v.smt2", dumpDir, dumps, q.mode)
	if err := os.WriteFile(name, []byte(sol.String()+check), 0o644); err != nil {
		fmt.Fprintf(os.Stderr, "bmc: %v\n", err)
	}
}
