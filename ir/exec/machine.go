// This file defines Machine, a program compiled for running: per function
// its frame, its locations and its edges; per edge its operation in
// compiled form (see compile.go) and the variables it reads (so that an
// uninitialised one is given its arbitrary value before it is read).

package exec

import (
	"fmt"
	"math"
	"slices"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// Machine runs one program any number of times. New compiles the program
// once; each Run reuses the Machine's buffers, so a Machine must not run
// in two goroutines at once (give each goroutine its own Machine). The
// program must not change while a Machine runs it.
type Machine struct {
	prog    *ir.Program
	err     error // why the program cannot run (reported by every Run)
	exact   bool  // compiled as the tests' reference (see reference)
	main    *fn
	funcs   []*fn
	owner   []int32    // per variable ID: 0 for globals, 1 + function index
	initHv  []ir.Havoc // per variable ID: the havoc giving an uninitialised value
	initRng []span     // per variable ID: initHv's range, compiled

	// Run state, reused across runs.
	vals    []numeric.Int
	def     []uint64 // per variable: the activation that last wrote it
	acts    []uint64 // per owner: its current activation (a fresh number per call)
	mem     memory   // the bytes of ir.MemRead and ir.MemWrite
	gen     uint64   // the last activation number handed out
	stack   []frame
	saved   []saved
	enabled []*ir.Edge
	choice  []int32 // indices in cloc.out of the enabled edges
	scratch []numeric.Int
	// heads are the loop heads where runs may jump iterations; jumps
	// counts the jumps made (for tests).
	heads []*cloc
	jumps int
}

// fn is a compiled function.
type fn struct {
	f      *ir.Func
	owner  int32   // index in Machine.acts
	frame  []int32 // formals, locals and Ret: the variables of an activation
	locs   []cloc  // by Loc.ID
	edges  []cedge // by Edge.ID
	active int     // activations on the stack
}

// cloc is a compiled location.
type cloc struct {
	loc  *ir.Loc
	kind ir.LocKind
	out  []*cedge // Loc.Out, in order
	// only is the one out-edge when it is not an Assume: it is taken
	// without looking at anything.
	only *cedge
	// A two-way branch, two Assume edges whose conditions are each
	// other's negation (as front ends emit for if and while), is decided
	// by one test (see branch): yes is taken when it holds, no otherwise.
	br      brKind
	brV     int32 // brVarLE, brVarEQ: the variable
	brT     int64 // brVarLE, brVarEQ: the threshold
	brE     *lin  // brLinLE, brLinEQ: the expression
	yes, no *cedge
	// head marks a loop head where runs may jump iterations (accel.go):
	// accel lists its static cycles; accelMiss counts the arrivals in a
	// row that jumped none, dynMiss the traces that failed.
	head               bool
	accel              []accelCycle
	accelMiss, dynMiss int
}

// brKind is the test of a two-way branch.
type brKind uint8

const (
	brNone  brKind = iota // not a branch compiled as such
	brVarLE               // x_brV <= brT
	brVarEQ               // x_brV == brT
	brLinLE               // brE <= 0
	brLinEQ               // brE == 0
)

// opcode is the kind of an edge's operation.
type opcode uint8

const (
	opSkip opcode = iota
	opAssume
	opAssign1 // an Assign of one variable
	opAssign  // a parallel Assign
	opHavoc
	opCall
	opReturn // with or without a value
	opStore  // a Skip with a MemWrite
)

// cedge is a compiled edge.
type cedge struct {
	e     *ir.Edge
	op    opcode
	to    *cloc
	reads []int32 // variables its condition or operation reads, ascending
	// local says every variable in reads is a global or a variable of the
	// edge's function; then, once they are all initialised in an
	// activation of the function, they stay so while that activation is
	// the current one (a write initialises, a call saves and restores),
	// and readyAct records that activation's number to skip the check.
	local    bool
	readyAct uint64
	overflow bool      // an Assume marked Overflow
	cond     cond      // an Assume's condition
	lhs      []int32   // an Assign's variables
	rhs      []lin     // an Assign's expressions, a Call's arguments, a Return's value, a Def's X and Y
	rng      span      // a Havoc's range
	hv       *ir.Havoc // a Havoc, or the read of an Assign with a Load
	callee   *fn       // a Call's callee
	alloc    bool      // a Skip marked Alloc (a call of malloc)
}

// frame is an activation on the call stack.
type frame struct {
	fn       *fn
	call     *cedge // the Call edge that made it; nil for main
	prevAct  uint64 // the callee's activation number before the call
	saveBase int    // where the caller's copy of fn.frame starts in Machine.saved; -1 if none
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
	m := &Machine{prog: p, exact: reference}
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
	m.initRng = make([]span, n)
	m.vals = make([]numeric.Int, n)
	m.def = make([]uint64, n)
	for i, v := range p.Vars {
		if v.ID != i {
			return fmt.Errorf("exec: variable %s has ID %d at index %d", v.Qual, v.ID, i)
		}
		m.initHv[i] = ir.Havoc{Var: v, Range: v.Type.Range()}
		m.initRng[i] = compileRange(m.initHv[i].Range)
	}
	byFunc := make(map[*ir.Func]*fn, len(p.Funcs))
	for i, f := range p.Funcs {
		if f.Entry == nil || f.Exit == nil || !has(f.Locs, f.Entry) || !has(f.Locs, f.Exit) {
			return fmt.Errorf("exec: function %s lacks a proper entry or exit", f.Name)
		}
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
	// A havoc over its variable's whole type that is neither an input nor
	// defined makes its variable
	// indeterminate again (a declaration reached anew, an unknown
	// function's result): the run leaves it uninitialised, so that only a
	// read of it asks the Oracle (and counts in Arbitrary). The readiness
	// cache of edges assumes initialised variables stay so within an
	// activation: it is off where such havocs occur (program-wide when
	// one targets a global).
	indet := map[*ir.Func]bool{}
	indetGlobal := false
	for _, f := range p.Funcs {
		for _, e := range f.Edges {
			if h, ok := e.Op.(*ir.Havoc); ok && indeterminate(h) {
				indet[f] = true
				indetGlobal = indetGlobal || h.Var.Scope == ir.Global
			}
		}
	}
	maxOut := 0
	for _, c := range m.funcs {
		c.edges = make([]cedge, len(c.f.Edges))
		for i, e := range c.f.Edges {
			if e.ID != i {
				return fmt.Errorf("exec: %s: edge %d has ID %d", c.f.Name, i, e.ID)
			}
			if err := m.compileEdge(c, e, &c.edges[i], byFunc); err != nil {
				return err
			}
			if indetGlobal || indet[c.f] {
				c.edges[i].local = false
			}
			if a, ok := e.Op.(*ir.Assume); ok && a.Overflow {
				c.edges[i].overflow = true
			}
		}
		c.locs = make([]cloc, len(c.f.Locs))
		for i, l := range c.f.Locs {
			if l.ID != i || l.Func != c.f {
				return fmt.Errorf("exec: %s: location %s is misplaced (index %d)", c.f.Name, l, i)
			}
			cl := &c.locs[i]
			cl.loc, cl.kind = l, l.Kind
			for _, e := range l.Out {
				if e.ID < 0 || e.ID >= len(c.edges) || c.f.Edges[e.ID] != e {
					return fmt.Errorf("exec: %s: an out-edge of %s is not among its function's edges", c.f.Name, l)
				}
				cl.out = append(cl.out, &c.edges[e.ID])
			}
			if len(cl.out) == 1 && cl.out[0].op != opAssume {
				cl.only = cl.out[0]
			}
			cl.branch()
			if l.LoopHead && !m.exact {
				cl.head = true
				cl.accel = compileAccel(l)
				m.heads = append(m.heads, cl)
			}
			maxOut = max(maxOut, len(cl.out))
		}
	}
	m.choice = make([]int32, maxOut)
	for _, c := range m.funcs {
		for i := range c.edges {
			ce := &c.edges[i]
			to := ce.e.To
			if !has(c.f.Locs, to) {
				return fmt.Errorf("exec: %s: edge %d leads out of its function", c.f.Name, i)
			}
			ce.to = &c.locs[to.ID]
		}
	}
	return nil
}

// compileEdge compiles e, an edge of c, into ce (all but ce.to).
func (m *Machine) compileEdge(c *fn, e *ir.Edge, ce *cedge, byFunc map[*ir.Func]*fn) error {
	ce.e = e
	var exprs []numeric.LinExpr
	switch op := e.Op.(type) {
	case *ir.Assign:
		if len(op.Lhs) != len(op.Rhs) {
			return fmt.Errorf("exec: %s: malformed assignment", e.Pos)
		}
		if op.Load != nil {
			// A concrete run performs the read (ir.Assign.Load).
			if len(op.Lhs) != 1 {
				return fmt.Errorf("exec: %s: a load into %d variables", e.Pos, len(op.Lhs))
			}
			x := op.Lhs[0]
			ce.op, ce.hv = opHavoc, &ir.Havoc{Var: x, Range: x.Type.Range(), Load: op.Load}
			ce.rng = compileRange(ce.hv.Range)
			exprs = []numeric.LinExpr{op.Load.Addr}
			break
		}
		ce.op = opAssign
		if len(op.Lhs) == 1 {
			ce.op = opAssign1
		}
		for _, x := range op.Lhs {
			ce.lhs = append(ce.lhs, int32(x.ID))
		}
		exprs = op.Rhs
	case *ir.Assume:
		if op.Ghost {
			ce.op = opSkip // about ghost state only (ir.Assume.Ghost)
			break
		}
		ce.op = opAssume
		for _, a := range ir.Atoms(op.Cond) {
			exprs = append(exprs, a.Expr())
		}
	case *ir.Havoc:
		ce.op, ce.hv = opHavoc, op
		ce.rng = compileRange(op.Range)
		if op.Def != nil {
			exprs = []numeric.LinExpr{op.Def.X, op.Def.Y}
		} else if op.Load != nil {
			exprs = []numeric.LinExpr{op.Load.Addr}
		}
	case *ir.Call:
		ce.op = opCall
		ce.callee = byFunc[op.Callee]
		if ce.callee == nil {
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
		ce.op = opReturn
		if op.HasValue {
			if c.f.Ret == nil {
				return fmt.Errorf("exec: %s: %s returns a value but has no return slot", e.Pos, c.f.Name)
			}
			exprs = []numeric.LinExpr{op.Value}
		}
	case *ir.Skip:
		ce.op = opSkip
		ce.alloc = op.Alloc
		if op.Mem != nil {
			ce.op = opStore
			exprs = op.Mem.Exprs()
		}
	default:
		return fmt.Errorf("exec: %s: unknown operation %T", e.Pos, e.Op)
	}
	reads, err := readSet(exprs, len(m.prog.Vars))
	if err != nil {
		return fmt.Errorf("exec: %s: %v", e.Pos, err)
	}
	ce.reads = reads
	ce.local = !reference
	for _, v := range reads {
		if o := m.owner[v]; o != 0 && o != c.owner {
			ce.local = false
		}
	}
	// Compile only once every variable is known to exist.
	if ce.op == opAssume {
		ce.cond = compileCond(e.Op.(*ir.Assume).Cond)
	} else {
		for _, x := range exprs {
			ce.rhs = append(ce.rhs, compileLin(x))
		}
	}
	return nil
}

// branch compiles cl as a two-way branch when its out-edges are two
// Assumes of complementary conditions over the same variables: x <= t and
// x >= t+1, e <= 0 and -e + 1 <= 0 (ir.Negate's forms), an equality and
// its negation, in either order. Exactly one of them holds at every
// point, so the test of one decides which is enabled.
func (cl *cloc) branch() {
	if len(cl.out) != 2 || cl.out[0].op != opAssume || cl.out[1].op != opAssume ||
		!slices.Equal(cl.out[0].reads, cl.out[1].reads) {
		return
	}
	for i := range 2 {
		a, b := &cl.out[i].cond, &cl.out[1-i].cond
		var n *cond // b's operand when b is a Not
		if b.op == condNot {
			n = &b.kids[0]
		}
		switch {
		case a.op == condVarLE && b.op == condVarGE && a.v == b.v && a.t != math.MaxInt64 && b.t == a.t+1:
			cl.br, cl.brV, cl.brT = brVarLE, a.v, a.t
		case a.op == condVarEQ && n != nil && n.op == condVarEQ && a.atom.Equal(n.atom):
			cl.br, cl.brV, cl.brT = brVarEQ, a.v, a.t
		case a.op == condLE && b.op == condLE && a.e.kind != linBig &&
			b.atom.Expr().Equal(a.atom.Expr().Neg().AddConst(numeric.I(1))):
			cl.br, cl.brE = brLinLE, &a.e
		case a.op == condEQ && n != nil && n.op == condEQ && a.e.kind != linBig && a.atom.Equal(n.atom):
			cl.br, cl.brE = brLinEQ, &a.e
		default:
			continue
		}
		cl.yes, cl.no = cl.out[i], cl.out[1-i]
		return
	}
}

// has reports whether l is at its ID's place in locs.
func has(locs []*ir.Loc, l *ir.Loc) bool { return l.ID >= 0 && l.ID < len(locs) && locs[l.ID] == l }

// readSet returns the variables of exprs, ascending and without repeats.
func readSet(exprs []numeric.LinExpr, nvars int) ([]int32, error) {
	var out []int32
	for _, e := range exprs {
		for i := 0; i < e.NumTerms(); i++ {
			d := e.Term(i).Dim
			if int(d) >= nvars || d < 0 {
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

// indeterminate reports whether h makes its variable indeterminate, which
// Run models lazily: no input, no definition, and the variable's whole
// type as range (a narrower range must be drawn at once).
func indeterminate(h *ir.Havoc) bool {
	return h.Input == "" && h.Def == nil && h.Load == nil && !h.Fresh && !h.Ghost && h.Range == h.Var.Type.Range() && !patterned(h)
}

// patterned reports whether h gives its variable gcc's pattern for
// uninitialised automatic variables (ir.Havoc.Uninit).
func patterned(h *ir.Havoc) bool {
	return h.Uninit && h.Range.Contains(ir.UninitPattern(h.Var.Type))
}
