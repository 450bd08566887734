// This file implements Exact, the exact check of a path: package
// encode's formula in linear integer arithmetic, one assumption literal
// per edge, the unsat core by edge and the path with a model's inputs.

package pathenc

import (
	"context"
	"fmt"

	"github.com/numpred/numpred/cex"
	"github.com/numpred/numpred/encode"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/smt"
)

// Check is the outcome of Exact.
type Check struct {
	Status smt.Result
	Core   []int          // Unsat: the indices in the path of the edges of an unsat core
	Path   []cex.PathStep // Sat: the path with the model's input values, for cex.ReplayPath
}

// Exact checks whether some run of prog follows path, a sequence of
// edges from main's entry (calls and returns included), in linear
// integer arithmetic. Unsat means no run does: the check never calls a
// feasible path infeasible. Sat means one does up to the operations LIA
// leaves to a havoc (products, bitwise operations; see encode), so only
// a replay of the model's path (cex.ReplayPath) shows a run. Unknown
// when the solver cannot decide.
func Exact(ctx context.Context, z *smt.Context, prog *ir.Program, path []*ir.Edge) (*Check, error) {
	p, err := encode.NewPath(z, prog, encode.LIA)
	if err != nil {
		return nil, err
	}
	sol := z.NewSolver()
	defer sol.Close()
	var lits []*smt.Term
	at := map[*smt.Term]int{}
	inputAt := map[int]int{} // input -> index in path
	for i, e := range path {
		n := len(p.Inputs())
		c, err := p.Step(e)
		for k := n; k < len(p.Inputs()); k++ {
			inputAt[k] = i
		}
		if err != nil {
			return nil, err
		}
		if c == nil {
			continue
		}
		b := z.Const(fmt.Sprintf("pathenc!step%d", i), z.BoolSort())
		sol.Assert(z.Implies(b, c))
		lits = append(lits, b)
		at[b] = i
	}
	if err := sol.Err(); err != nil {
		return nil, err
	}
	r, err := sol.CheckContext(ctx, lits...)
	if err != nil {
		return nil, err
	}
	out := &Check{Status: r}
	switch r {
	case smt.Unsat:
		core, err := sol.UnsatCore()
		if err != nil {
			return nil, err
		}
		for _, b := range core {
			i, ok := at[b]
			if !ok {
				return nil, fmt.Errorf("pathenc: unknown literal %s in the unsat core", b)
			}
			out.Core = append(out.Core, i)
		}
	case smt.Sat:
		m, err := sol.Model()
		if err != nil {
			return nil, err
		}
		defer m.Close()
		out.Path = make([]cex.PathStep, len(path))
		for i, e := range path {
			out.Path[i].Edge = e
		}
		for k, in := range p.Inputs() {
			raw, err := m.Int(in.Term)
			if err != nil {
				return nil, err
			}
			s := &out.Path[inputAt[k]]
			s.Value, s.Input = encode.Value(in, raw), true
		}
	}
	return out, nil
}
