// This file defines Machine, a program compiled for running: per function
// its frame and, per edge, the variables the edge reads (so that an
// uninitialised one is given its arbitrary value before it is read).

package exec

import (
	"fmt"
	"slices"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// Machine runs one program any number of times. New compiles the program
// once; each Run reuses the Machine's buffers, so a Machine must not run
// in two goroutines at once (give each goroutine its own Machine). The
// program must not change while a Machine runs it.
type Machine struct {
	prog   *ir.Program
	err    error // why the program cannot run (reported by every Run)
	main   *fn
	funcs  []*fn
	owner  []int32    // per variable ID: 0 for globals, 1 + function index
	initHv []ir.Havoc // per variable ID: the havoc giving an uninitialised value

	// Run state, reused across runs.
	vals    []numeric.Int
	def     []uint64 // per variable: the activation that last wrote it
	acts    []uint64 // per owner: its current activation (a fresh number per call)
	gen     uint64   // the last activation number handed out
	stack   []frame
	saved   []saved
	enabled []*ir.Edge
	scratch []numeric.Int
}

// fn is a compiled function.
type fn struct {
	f      *ir.Func
	owner  int32   // index in Machine.acts
	frame  []int32 // formals, locals and Ret: the variables of an activation
	edges  []edgeInfo
	active int // activations on the stack
}

// edgeInfo is what Run needs about an edge beyond its Op.
type edgeInfo struct {
	reads  []int32 // variables its condition or operation reads, ascending
	callee *fn     // for a Call
}

// frame is an activation on the call stack.
type frame struct {
	fn       *fn
	call     *ir.Edge // the Call edge that made it; nil for main
	prevAct  uint64   // the callee's activation number before the call
	saveBase int      // where the caller's copy of fn.frame starts in Machine.saved; -1 if none
}

// saved is a variable of a recursive activation, saved across a call.
type saved struct {
	val numeric.Int
	def uint64
}

// New compiles p for running. A program that cannot run (no main, a call
// to a function of another program, an arity mismatch) gives a Machine
// whose runs end Internal, saying why.
func New(p *ir.Program) *Machine {
	m := &Machine{prog: p}
	m.err = m.compile()
	return m
}

// Run runs p once: New(p).Run(o, opt).
func Run(p *ir.Program, o Oracle, opt Options) Result { return New(p).Run(o, opt) }

func (m *Machine) compile() error {
	p := m.prog
	if p.Main == nil {
		return fmt.Errorf("exec: program has no main function")
	}
	n := len(p.Vars)
	m.owner = make([]int32, n)
	m.initHv = make([]ir.Havoc, n)
	m.vals = make([]numeric.Int, n)
	m.def = make([]uint64, n)
	for i, v := range p.Vars {
		if v.ID != i {
			return fmt.Errorf("exec: variable %s has ID %d at index %d", v.Qual, v.ID, i)
		}
		m.initHv[i] = ir.Havoc{Var: v, Range: v.Type.Range()}
	}
	byFunc := make(map[*ir.Func]*fn, len(p.Funcs))
	for i, f := range p.Funcs {
		c := &fn{f: f, owner: int32(1 + i)}
		for _, vs := range [][]*ir.Var{f.Formals, f.Locals} {
			for _, v := range vs {
				c.frame = append(c.frame, int32(v.ID))
			}
		}
		if f.Ret != nil {
			c.frame = append(c.frame, int32(f.Ret.ID))
		}
		for _, v := range c.frame {
			m.owner[v] = c.owner
		}
		byFunc[f] = c
		m.funcs = append(m.funcs, c)
	}
	m.acts = make([]uint64, 1+len(p.Funcs))
	m.main = byFunc[p.Main]
	if m.main == nil {
		return fmt.Errorf("exec: main is not among the program's functions")
	}
	for _, c := range m.funcs {
		c.edges = make([]edgeInfo, len(c.f.Edges))
		for i, e := range c.f.Edges {
			if e.ID != i {
				return fmt.Errorf("exec: %s: edge %d has ID %d", c.f.Name, i, e.ID)
			}
			info := &c.edges[i]
			var exprs []numeric.LinExpr
			switch op := e.Op.(type) {
			case *ir.Assign:
				if len(op.Lhs) != len(op.Rhs) {
					return fmt.Errorf("exec: %s: malformed assignment", e.Pos)
				}
				exprs = op.Rhs
			case *ir.Assume:
				for _, a := range ir.Atoms(op.Cond) {
					exprs = append(exprs, a.Expr())
				}
			case *ir.Havoc:
				if op.Def != nil {
					exprs = []numeric.LinExpr{op.Def.X, op.Def.Y}
				}
			case *ir.Call:
				info.callee = byFunc[op.Callee]
				if info.callee == nil {
					return fmt.Errorf("exec: %s: call of %s, which is not in the program", e.Pos, op.Callee.Name)
				}
				if len(op.Args) != len(op.Callee.Formals) {
					return fmt.Errorf("exec: %s: %s takes %d arguments, called with %d", e.Pos, op.Callee.Name, len(op.Callee.Formals), len(op.Args))
				}
				if op.Result != nil && op.Callee.Ret == nil {
					return fmt.Errorf("exec: %s: the result of %s, which returns nothing, is assigned", e.Pos, op.Callee.Name)
				}
				exprs = op.Args
			case *ir.Return:
				if op.HasValue {
					if c.f.Ret == nil {
						return fmt.Errorf("exec: %s: %s returns a value but has no return slot", e.Pos, c.f.Name)
					}
					exprs = []numeric.LinExpr{op.Value}
				}
			case *ir.Skip:
			default:
				return fmt.Errorf("exec: %s: unknown operation %T", e.Pos, e.Op)
			}
			reads, err := readSet(exprs, n)
			if err != nil {
				return fmt.Errorf("exec: %s: %v", e.Pos, err)
			}
			info.reads = reads
		}
	}
	return nil
}

// readSet returns the variables of exprs, ascending and without repeats.
func readSet(exprs []numeric.LinExpr, nvars int) ([]int32, error) {
	var out []int32
	for _, e := range exprs {
		for i := 0; i < e.NumTerms(); i++ {
			d := e.Term(i).Dim
			if int(d) >= nvars {
				return nil, fmt.Errorf("unknown variable x%d", d)
			}
			out = append(out, int32(d))
		}
	}
	if len(out) == 0 {
		return nil, nil
	}
	slices.Sort(out)
	return slices.Compact(out), nil
}
