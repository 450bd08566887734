// This file implements the sanity checker of programs.

package ir

import (
	"fmt"

	"github.com/numpred/numpred/numeric"
)

// SanityCheck reports the first violated invariant of p: IDs match
// positions, edges are registered at both ends, every location belongs to
// its function, expressions mention only existing variables, calls match
// their callee's arity, exits and sinks have the expected edges, and Main
// exists.
func SanityCheck(p *Program) error {
	if p.Main == nil {
		return fmt.Errorf("ir: program has no main function")
	}
	for i, v := range p.Vars {
		if v.ID != i {
			return fmt.Errorf("ir: variable %s has ID %d at index %d", v.Qual, v.ID, i)
		}
	}
	checkExpr := func(e numeric.LinExpr, where string) error {
		if d := e.MaxDim(); int(d) >= len(p.Vars) {
			return fmt.Errorf("ir: %s mentions unknown variable x%d", where, d)
		}
		return nil
	}
	for _, f := range p.Funcs {
		if f.Program != p {
			return fmt.Errorf("ir: function %s belongs to another program", f.Name)
		}
		if f.Entry == nil || f.Exit == nil || f.Entry.Kind != Entry || f.Exit.Kind != Exit {
			return fmt.Errorf("ir: function %s lacks a proper entry or exit", f.Name)
		}
		for i, l := range f.Locs {
			if l.ID != i || l.Func != f {
				return fmt.Errorf("ir: %s: location %s misplaced", f.Name, l)
			}
			if (l.Kind == Exit || l.Kind == Sink) && len(l.Out) > 0 {
				return fmt.Errorf("ir: %s: %s location %s has successors", f.Name, l.Kind, l)
			}
		}
		for i, e := range f.Edges {
			where := fmt.Sprintf("%s: edge %s->%s", f.Name, e.From, e.To)
			if e.ID != i || e.From.Func != f || e.To.Func != f {
				return fmt.Errorf("ir: %s misplaced", where)
			}
			if !contains(e.From.Out, e) || !contains(e.To.In, e) {
				return fmt.Errorf("ir: %s not registered at its ends", where)
			}
			switch op := e.Op.(type) {
			case *Assign:
				if len(op.Lhs) != len(op.Rhs) || len(op.Lhs) == 0 {
					return fmt.Errorf("ir: %s: malformed assignment", where)
				}
				seen := map[*Var]bool{}
				for i, x := range op.Lhs {
					if seen[x] {
						return fmt.Errorf("ir: %s: %s assigned twice in parallel", where, x)
					}
					seen[x] = true
					if err := checkExpr(op.Rhs[i], where); err != nil {
						return err
					}
				}
			case *Assume:
				if op.Cond == nil {
					return fmt.Errorf("ir: %s: nil condition", where)
				}
				for _, a := range Atoms(op.Cond) {
					if err := checkExpr(a.Expr(), where); err != nil {
						return err
					}
				}
			case *Havoc:
				if op.Var == nil {
					return fmt.Errorf("ir: %s: havoc of nil", where)
				}
				if op.Load != nil {
					if op.Load.Size < 1 || op.Load.Size > 8 {
						return fmt.Errorf("ir: %s: memory read of %d bytes", where, op.Load.Size)
					}
					if err := checkExpr(op.Load.Addr, where); err != nil {
						return err
					}
				}
			case *Call:
				if op.Callee == nil || op.Callee.Program != p {
					return fmt.Errorf("ir: %s: call to unknown function", where)
				}
				if len(op.Args) != len(op.Callee.Formals) {
					return fmt.Errorf("ir: %s: %s takes %d arguments, given %d", where, op.Callee.Name, len(op.Callee.Formals), len(op.Args))
				}
				if op.Result != nil && op.Callee.Ret == nil {
					return fmt.Errorf("ir: %s: result of void function %s used", where, op.Callee.Name)
				}
				for _, a := range op.Args {
					if err := checkExpr(a, where); err != nil {
						return err
					}
				}
			case *Return:
				if e.To != f.Exit {
					return fmt.Errorf("ir: %s: return does not lead to the exit", where)
				}
				if op.HasValue {
					if f.Ret == nil {
						return fmt.Errorf("ir: %s: value returned from void function", where)
					}
					if err := checkExpr(op.Value, where); err != nil {
						return err
					}
				}
			case *Skip:
				if op.Mem != nil {
					if op.Mem.Size < 1 || op.Mem.Size > 8 {
						return fmt.Errorf("ir: %s: memory write of %d-byte values", where, op.Mem.Size)
					}
					for _, x := range op.Mem.Exprs() {
						if err := checkExpr(x, where); err != nil {
							return err
						}
					}
				}
			default:
				return fmt.Errorf("ir: %s: unknown operation %T", where, e.Op)
			}
		}
	}
	return nil
}

func contains(es []*Edge, e *Edge) bool {
	for _, x := range es {
		if x == e {
			return true
		}
	}
	return false
}
