// This file decides a path whose linear form is satisfiable: the exact
// path formula (package encode, LIA), and for a model the concrete run
// along the path, replayed by cex.ReplayPath: the one way to answer
// FALSE.

package impact

import (
	"context"

	"github.com/numpred/numpred/encode"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/smt"
)

// exactCheck checks the path formula of edges (from main's entry) in
// LIA and returns its status and, when satisfiable, the model's inputs.
func (r *runner) exactCheck(ctx context.Context, edges []*ir.Edge) (smt.Result, []numeric.Int, error) {
	z := r.z
	p, err := encode.NewPath(z, r.prog, encode.LIA)
	if err != nil {
		return smt.Unknown, nil, err
	}
	sol := z.NewSimpleSolver()
	defer sol.Close()
	for _, e := range edges {
		c, err := p.Step(e)
		if err != nil {
			return smt.Unknown, nil, err
		}
		if c != nil {
			sol.Assert(c)
		}
	}
	if err := sol.Err(); err != nil {
		return smt.Unknown, nil, err
	}
	res, err := r.checkSolver(ctx, sol)
	if err != nil || res != smt.Sat {
		return res, nil, err
	}
	m, err := sol.Model()
	if err != nil {
		return smt.Unknown, nil, err
	}
	defer m.Close()
	var ins []numeric.Int
	for _, in := range p.Inputs() {
		raw, err := m.Int(in.Term)
		if err != nil {
			return smt.Unknown, nil, err
		}
		ins = append(ins, encode.Value(in, raw))
	}
	return res, ins, nil
}
