// This file decides a path whose linear form is satisfiable: the exact
// path check (pathenc.Exact), and for a model the concrete run along the
// path, replayed by cex.ReplayPath: the one way to answer FALSE. It also
// holds checkSolver, which counts IMPACT's own solver queries.

package impact

import (
	"context"
	"time"

	"github.com/numpred/numpred/cex"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/pathenc"
	"github.com/numpred/numpred/smt"
)

// exactCheck checks the path formula of edges (from main's entry) in
// LIA and returns its status and, when satisfiable, the path with the
// model's inputs.
func (r *runner) exactCheck(ctx context.Context, edges []*ir.Edge) (smt.Result, []cex.PathStep, error) {
	t0 := time.Now()
	c, err := pathenc.Exact(ctx, r.z, r.prog, edges)
	r.stats.SMTTime += time.Since(t0)
	r.stats.SMTQueries++
	if err != nil {
		return smt.Unknown, nil, err
	}
	return c.Status, c.Path, nil
}

// checkSolver checks sol under lits, counting the query and its time.
func (r *runner) checkSolver(ctx context.Context, sol *smt.Solver, lits ...*smt.Term) (smt.Result, error) {
	t0 := time.Now()
	res, err := sol.CheckContext(ctx, lits...)
	r.stats.SMTTime += time.Since(t0)
	r.stats.SMTQueries++
	return res, err
}
