// This file implements Exact, the exact check of a path: package
// encode's formula in linear integer arithmetic, one assumption literal
// per edge, the unsat core by edge and a model's inputs.

package pathenc

import (
	"context"
	"fmt"

	"github.com/numpred/numpred/encode"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/smt"
)

// Check is the outcome of Exact.
type Check struct {
	Status smt.Result
	Core   []int         // Unsat: the indices in the path of the edges of an unsat core
	Inputs []numeric.Int // Sat: the model's input values, in the order the path meets them
}

// Exact checks whether some run of prog follows path, a sequence of
// edges from main's entry (calls and returns included), in linear
// integer arithmetic: Sat only when it does, up to the operations LIA
// leaves to a havoc (encode). Unknown when the solver cannot decide.
func Exact(ctx context.Context, z *smt.Context, prog *ir.Program, path []*ir.Edge) (*Check, error) {
	p, err := encode.NewPath(z, prog, encode.LIA)
	if err != nil {
		return nil, err
	}
	sol := z.NewSolver()
	defer sol.Close()
	var lits []*smt.Term
	at := map[*smt.Term]int{}
	for i, e := range path {
		c, err := p.Step(e)
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
		for _, in := range p.Inputs() {
			raw, err := m.Int(in.Term)
			if err != nil {
				return nil, err
			}
			out.Inputs = append(out.Inputs, encode.Value(in, raw))
		}
	}
	return out, nil
}
