// This file implements Machine.Run, the interpreter loop: at each
// location it finds the enabled out-edges, lets the Oracle choose among
// several, and executes the chosen edge's operation; calls push an
// activation on an explicit stack and Exit pops it.
//
// Activations are numbered: a variable is initialised in the current
// activation of its function when the number of the activation that last
// wrote it is the function's current one, so a call makes its callee's
// locals uninitialised without touching them. A recursive call saves the
// caller's copy of the callee's frame (values and numbers) and restores
// it on return; a call of a function not already active saves nothing.

package exec

import (
	"errors"
	"fmt"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// runner is the state of one run.
type runner struct {
	m      *Machine
	o      Oracle
	res    Result
	record bool
	// edgesOnly: the recorded steps keep their edges, depths and returns
	// only (Options.RecordEdges).
	edgesOnly bool
	pending   []Binding // uninitialised variables read before the next step
	stop      func() bool
	// maxInputs is Options.MaxInputs.
	maxInputs int
	// tr is the iteration being traced (accel.go), spare a trace to reuse.
	tr, spare *trace
	// allocs counts the calls of malloc so far (ir.Skip.Alloc).
	allocs int
	// addr is the address the current step's memory access computed,
	// when hasAddr (for EdgeStep.Addr).
	addr    uint64
	hasAddr bool
}

// Run runs the program from main's entry with o's inputs and choices
// until it ends (see Outcome).
func (m *Machine) Run(o Oracle, opt Options) Result {
	r := runner{m: m, o: o, record: opt.RecordPath || opt.RecordEdges, edgesOnly: !opt.RecordPath, stop: opt.Stop, maxInputs: opt.MaxInputs}
	if r.record && r.edgesOnly {
		r.res.Edges = opt.EdgeBuf[:0]
	}
	if m.err != nil {
		r.res.Outcome, r.res.Err = Internal, m.err
		return r.res
	}
	maxSteps, maxDepth := opt.MaxSteps, opt.MaxDepth
	if maxSteps <= 0 {
		maxSteps = DefaultMaxSteps
	}
	if maxDepth <= 0 {
		maxDepth = DefaultMaxDepth
	}
	clear(m.vals)
	m.stack, m.saved = m.stack[:0], m.saved[:0]
	for _, c := range m.funcs {
		c.active = 0
	}
	m.mem.reset()
	m.gen++
	m.acts[0] = m.gen // globals: uninitialised until written in this run
	m.gen++
	m.acts[m.main.owner] = m.gen
	m.main.active = 1
	for _, cl := range m.heads {
		cl.accelMiss, cl.dynMiss = 0, 0
	}
	m.stack = append(m.stack, frame{fn: m.main, saveBase: -1})
	r.loop(&m.main.locs[m.main.f.Entry.ID], maxSteps, maxDepth)
	r.res.Vals = append([]numeric.Int(nil), m.vals...)
	return r.res
}

// polledLimit reports whether the caller's Stop or the input bound
// ends the run; the loop asks every 4096 steps.
func (r *runner) polledLimit() bool {
	return (r.stop != nil && r.stop()) || (r.maxInputs > 0 && len(r.res.Inputs) > r.maxInputs)
}

// loop runs from loc until the run ends, setting r.res.
//
// It is the interpreter's hot path: the state it touches every step
// (the location, the current function and its activation number, the
// step count) lives in local variables, an edge whose reads are known to
// be initialised skips the check (cedge.readyAct), the conditions of a
// location's Assume edges are evaluated in place, and the rare cases
// (choices, blocking, havocs, calls) are left to other methods.
func (r *runner) loop(loc *cloc, maxSteps, maxDepth int) {
	m := r.m
	vals, def, acts, owner, choice := m.vals, m.def, m.acts, m.owner, m.choice
	record := r.record
	bindings := record && !r.edgesOnly // the steps record their values
	cur := m.main
	curAct := acts[cur.owner] // the current activation of cur
	steps := 0
	var pinned *ir.Edge // a Def havoc just executed: the next location must not block
run:
	for {
		switch loc.kind {
		case ir.Error:
			if loc.loc.Unsupported != nil {
				r.end(UnsupportedReached, loc.loc, nil, nil)
			} else {
				r.end(ErrorReached, loc.loc, nil, nil)
			}
			break run
		case ir.Sink:
			r.end(Sink, loc.loc, nil, nil)
			break run
		case ir.Exit:
			if len(m.stack) == 1 {
				r.end(Returned, loc.loc, nil, nil)
				if ret := cur.f.Ret; ret != nil && def[ret.ID] == acts[owner[ret.ID]] {
					r.res.Ret, r.res.HasRet = vals[ret.ID], true
				}
				break run
			}
			top := m.stack[len(m.stack)-1]
			call := top.call
			c := call.e.Op.(*ir.Call)
			var rv numeric.Int
			if c.Result != nil {
				ret := cur.f.Ret
				if !r.initialise(int32(ret.ID), call.e) {
					break run
				}
				rv = vals[ret.ID]
			}
			if top.saveBase >= 0 {
				for i, v := range cur.frame {
					s := m.saved[top.saveBase+i]
					vals[v], def[v] = s.val, s.def
				}
				m.saved = m.saved[:top.saveBase]
			}
			acts[cur.owner] = top.prevAct
			cur.active--
			m.stack = m.stack[:len(m.stack)-1]
			cur = m.stack[len(m.stack)-1].fn
			curAct = acts[cur.owner]
			var assigned []Binding
			if c.Result != nil {
				id := c.Result.ID
				vals[id], def[id] = rv, acts[owner[id]]
				if !r.inType(int32(id), call) {
					break run
				}
				if bindings {
					assigned = []Binding{{c.Result, rv}}
				}
			}
			if record {
				r.step(call.e, len(m.stack)-1, true, assigned)
			}
			loc = call.to
			continue
		}

		if steps >= maxSteps || (steps&0xfff == 0 && r.polledLimit()) {
			r.end(StepLimit, loc.loc, nil, nil)
			break run
		}
		if loc.head && !record && pinned == nil {
			if n := r.atHead(loc, curAct, steps, maxSteps); n > 0 {
				steps += n
				m.jumps++
				if steps >= maxSteps || r.polledLimit() {
					r.end(StepLimit, loc.loc, nil, nil)
					break run
				}
			}
		}

		// Choose the edge: the only one, the one a two-way branch's test
		// selects, or one among the enabled ones.
		ce := loc.only
		if ce == nil && loc.br != brNone {
			if e := loc.out[0]; e.readyAct != curAct && !r.ready(e, curAct) {
				break run
			}
			var holds, ok bool
			switch loc.br {
			case brVarLE:
				var x int64
				if x, ok = vals[loc.brV].Int64(); ok {
					holds = x <= loc.brT
				}
			case brVarEQ:
				var x int64
				if x, ok = vals[loc.brV].Int64(); ok {
					holds = x == loc.brT
				}
			case brLinLE:
				var x int64
				if x, ok = loc.brE.eval(vals); ok {
					holds = x <= 0
				}
			case brLinEQ:
				var x int64
				if x, ok = loc.brE.eval(vals); ok {
					holds = x == 0
				}
			}
			if ok { // otherwise the general case below decides exactly
				ce = loc.no
				if holds {
					ce = loc.yes
				}
			}
		}
		if ce == nil {
			n := 0
			nondet := false
			for i, oe := range loc.out {
				if oe.op == opAssume {
					if oe.readyAct != curAct && !r.ready(oe, curAct) {
						break run
					}
					var v, det bool
					switch c := &oe.cond; c.op {
					case condVarLE:
						if x, ok := vals[c.v].Int64(); ok {
							v, det = x <= c.t, true
						} else {
							v, det = c.eval(vals)
						}
					case condVarGE:
						if x, ok := vals[c.v].Int64(); ok {
							v, det = x >= c.t, true
						} else {
							v, det = c.eval(vals)
						}
					default:
						v, det = c.eval(vals)
					}
					if det && !v {
						continue
					}
					nondet = nondet || !det
				}
				choice[n] = int32(i)
				n++
			}
			if n == 1 {
				ce = loc.out[choice[0]]
			} else if ce = r.choose(loc, choice[:n], nondet, pinned); ce == nil {
				break run
			}
		}
		pinned = nil
		steps++
		if r.tr != nil {
			r.traceStep(ce)
		}
		if ce.overflow {
			r.res.Overflows++
		}

		var assigned []Binding
		switch ce.op {
		case opAssign1:
			if ce.readyAct != curAct && !r.ready(ce, curAct) {
				break run
			}
			id, l := ce.lhs[0], &ce.rhs[0]
			x, ok := int64(0), false
			if l.kind == linVarPlus { // lin.eval, inlined for x := y + c
				if y, yok := vals[l.v].Int64(); yok {
					x, ok = add64(y, l.c)
				}
			} else {
				x, ok = l.evalGeneral(vals)
			}
			if ok {
				vals[id] = numeric.I(x)
			} else {
				vals[id] = l.exact.Eval(vals)
			}
			if !r.inType(id, ce) {
				break run
			}
			def[id] = acts[owner[id]]
			if bindings {
				assigned = []Binding{{ce.e.Op.(*ir.Assign).Lhs[0], vals[id]}}
			}
		case opAssign:
			if ce.readyAct != curAct && !r.ready(ce, curAct) {
				break run
			}
			tmp := m.scratch[:0]
			for i := range ce.rhs {
				tmp = append(tmp, ce.rhs[i].value(vals))
			}
			m.scratch = tmp
			for i, id := range ce.lhs {
				vals[id], def[id] = tmp[i], acts[owner[id]]
				if !r.inType(id, ce) {
					break run
				}
			}
			if bindings {
				for _, x := range ce.e.Op.(*ir.Assign).Lhs {
					assigned = append(assigned, Binding{x, vals[x.ID]})
				}
			}
		case opHavoc:
			h := ce.hv
			if indeterminate(h) {
				def[h.Var.ID] = 0 // chosen when read (see compile)
				break
			}
			v, ok := r.havoc(h, ce, cur, curAct)
			if !ok {
				break run
			}
			if h.Def != nil {
				pinned = ce.e
				if h.Overflow && !v.IsZero() {
					r.res.Overflows++
				}
			}
			id := h.Var.ID
			vals[id], def[id] = v, acts[owner[id]]
			if bindings {
				assigned = []Binding{{h.Var, v}}
			}
		case opCall:
			if ce.readyAct != curAct && !r.ready(ce, curAct) {
				break run
			}
			if len(m.stack) >= maxDepth {
				r.end(DepthLimit, loc.loc, ce.e, nil)
				break run
			}
			args := m.scratch[:0]
			for i := range ce.rhs {
				args = append(args, ce.rhs[i].value(vals))
			}
			m.scratch = args
			g := ce.callee
			base := -1
			if g.active > 0 {
				base = len(m.saved)
				for _, v := range g.frame {
					m.saved = append(m.saved, saved{vals[v], def[v]})
				}
			}
			m.stack = append(m.stack, frame{fn: g, call: ce, prevAct: acts[g.owner], saveBase: base})
			m.gen++
			acts[g.owner] = m.gen
			g.active++
			for i, x := range g.f.Formals {
				vals[x.ID], def[x.ID] = args[i], m.gen
				if !r.inType(int32(x.ID), ce) {
					break run
				}
				if bindings {
					assigned = append(assigned, Binding{x, args[i]})
				}
			}
			if record {
				r.step(ce.e, len(m.stack)-2, false, assigned)
			}
			cur, curAct = g, m.gen
			loc = &g.locs[g.f.Entry.ID]
			continue
		case opReturn:
			if len(ce.rhs) > 0 { // a value
				if ce.readyAct != curAct && !r.ready(ce, curAct) {
					break run
				}
				ret := cur.f.Ret
				vals[ret.ID], def[ret.ID] = ce.rhs[0].value(vals), curAct
				if !r.inType(int32(ret.ID), ce) {
					break run
				}
				if bindings {
					assigned = []Binding{{ret, vals[ret.ID]}}
				}
			}
		case opStore:
			if ce.readyAct != curAct && !r.ready(ce, curAct) {
				break run
			}
			if !r.store(ce) {
				break run
			}
			if ce.alloc {
				r.allocs++
			}
		case opSkip:
			if ce.alloc {
				r.allocs++
			}
		case opAssume:
		}
		if record {
			r.step(ce.e, len(m.stack)-1, false, assigned)
		}
		loc = ce.to
	}
	r.res.Steps = steps
}

// choose returns the edge to take out of loc among its enabled
// out-edges (their indices in loc.out, in order), or nil when the run
// ends there (blocked, choices exhausted, a bad oracle answer). nondet
// says whether an enabled edge's condition involves an ir.Nondet; pinned
// is the Def havoc just executed, if any.
func (r *runner) choose(loc *cloc, enabled []int32, nondet bool, pinned *ir.Edge) *cedge {
	m := r.m
	switch len(enabled) {
	case 0:
		if pinned != nil {
			h := pinned.Op.(*ir.Havoc)
			r.end(Internal, loc.loc, pinned, fmt.Errorf("%s: %s = %s (%s) contradicts the assumptions that follow it",
				pinned.Pos, h.Var.Qual, m.vals[h.Var.ID], h.Def.String(m.prog.Env())))
			return nil
		}
		r.end(Blocked, loc.loc, nil, nil)
		return nil
	case 1:
		return loc.out[enabled[0]]
	}
	edges := m.enabled[:0]
	for _, i := range enabled {
		edges = append(edges, loc.out[i].e)
	}
	m.enabled = edges
	i, ok := r.o.Choose(loc.loc, edges)
	if !ok {
		r.end(InputsExhausted, loc.loc, nil, nil)
		return nil
	}
	if i < 0 || i >= len(edges) {
		r.end(Internal, loc.loc, nil, fmt.Errorf("%s: the oracle chose edge %d of %d", loc.loc.Pos, i, len(edges)))
		return nil
	}
	r.res.Inputs = append(r.res.Inputs, Input{Source: ChoiceSource, Value: numeric.I(int64(i)), Pos: loc.loc.Pos, Func: loc.loc.Func.Name})
	if !nondet {
		r.res.Ambiguous++
	}
	return loc.out[enabled[i]]
}

// inType reports whether variable id's value, just written by ce, lies
// in its type's range; otherwise the run ends as Internal. Front ends
// wrap explicitly, so an assigned value is always in range (bit-precise
// encodings keep values at their types' widths and rely on it).
func (r *runner) inType(id int32, ce *cedge) bool {
	if r.m.initRng[id].contains(r.m.vals[id]) {
		return true
	}
	v := r.m.prog.Vars[id]
	r.end(Internal, ce.e.From, ce.e, fmt.Errorf("%s: %s = %s leaves its type %s", ce.e.Pos, v.Qual, r.m.vals[id], v.Type.Name))
	return false
}

// ready gives the uninitialised variables ce reads their arbitrary
// values (see initialise), and records that they are initialised in the
// current activation act when that stays true (cedge.local); false when
// the run ends.
func (r *runner) ready(ce *cedge, act uint64) bool {
	if !r.initialiseAll(ce.reads, ce.e) {
		return false
	}
	if ce.local {
		ce.readyAct = act
	}
	return true
}

// havoc returns the value the Havoc h of edge ce gives its variable, or
// false when the run ends there; cur is the executing function and act
// its current activation.
func (r *runner) havoc(h *ir.Havoc, ce *cedge, cur *fn, act uint64) (numeric.Int, bool) {
	var v numeric.Int
	e := ce.e
	switch {
	case patterned(h):
		// An automatic variable declared without initializer: gcc's
		// -ftrivial-auto-var-init=pattern value (ir.Havoc.Uninit).
		r.res.Patterned++
		return ir.UninitPattern(h.Var.Type), true
	case h.Def != nil:
		if ce.readyAct != act && !r.ready(ce, act) {
			return v, false
		}
		vals := r.m.vals
		var err error
		x, y := ce.rhs[0].value(vals), ce.rhs[1].value(vals)
		v, err = evalDef(h.Def, x, y, !r.m.exact)
		if err == nil && (h.Def.Op == ir.DefMul || h.Def.Op == ir.DefShl) && h.Def.SignedOverflow(x, y) {
			r.res.Overflows++
		}
		if err != nil {
			var ub *ir.ErrUndefined
			if errors.As(err, &ub) {
				r.end(Undefined, e.From, e, fmt.Errorf("%s: %w", e.Pos, err))
			} else {
				r.end(Internal, e.From, e, fmt.Errorf("%s: %w", e.Pos, err))
			}
			return v, false
		}
		if !ce.rng.contains(v) {
			r.end(Internal, e.From, e, fmt.Errorf("%s: %s = %s (%s) lies outside the havoc's range %s",
				e.Pos, h.Var.Qual, v, h.Def.String(r.m.prog.Env()), h.Range))
			return v, false
		}
		return v, true
	case h.Load != nil:
		if ce.readyAct != act && !r.ready(ce, act) {
			return v, false
		}
		if v, ok := r.load(h, ce); ok {
			if !ce.rng.contains(v) {
				r.end(Internal, e.From, e, fmt.Errorf("%s: %s = %s (%s) lies outside the havoc's range %s",
					e.Pos, h.Var.Qual, v, h.Load.String(r.m.prog.Env()), h.Range))
				return v, false
			}
			return v, true
		}
		// Undefined bytes: an arbitrary value, as an uninitialised
		// variable's.
	case h.Input != "":
		var ok bool
		v, ok = r.o.Input(h, e)
		if !ok {
			r.end(InputsExhausted, e.From, e, nil)
			return v, false
		}
		if !ce.rng.contains(v) {
			r.end(Internal, e.From, e, fmt.Errorf("%s: input %s for %s lies outside its range %s", e.Pos, v, h.Input, h.Range))
			return v, false
		}
		in := Input{Source: h.Input, Value: v, Pos: e.Pos, Func: cur.f.Name}
		if h.Heap != nil {
			in.Heap, in.Block = h.Heap, r.allocs
		}
		r.res.Inputs = append(r.res.Inputs, in)
		return v, true
	case h.Ghost:
		// Ghost state: not the program's, no arbitrary value of it.
		return leastMagnitude(h.Range), true
	case h.Fresh && ce.rng.contains(numeric.I(0)):
		// Fresh heap memory is zero in a concrete run (ir.Havoc.Fresh).
		return numeric.I(0), true
	}
	v = r.o.Arbitrary(h, e)
	if !ce.rng.contains(v) {
		r.end(Internal, e.From, e, fmt.Errorf("%s: arbitrary value %s for %s lies outside its range %s", e.Pos, v, h.Var.Qual, h.Range))
		return v, false
	}
	r.res.Arbitrary++
	return v, true
}

// initialiseAll gives every uninitialised variable among reads its
// arbitrary value (see initialise).
func (r *runner) initialiseAll(reads []int32, at *ir.Edge) bool {
	m := r.m
	for _, v := range reads {
		if m.def[v] != m.acts[m.owner[v]] && !r.initialise(v, at) {
			return false
		}
	}
	return true
}

// initialise gives v, when it is uninitialised in its current activation,
// the Oracle's arbitrary value, read at edge at; false when the run ends.
func (r *runner) initialise(v int32, at *ir.Edge) bool {
	m := r.m
	act := m.acts[m.owner[v]]
	if m.def[v] == act {
		return true
	}
	h := &m.initHv[v]
	x := r.o.Arbitrary(h, at)
	if !m.initRng[v].contains(x) {
		r.end(Internal, at.From, at, fmt.Errorf("%s: arbitrary value %s for %s lies outside its range %s", at.Pos, x, h.Var.Qual, h.Range))
		return false
	}
	m.vals[v], m.def[v] = x, act
	r.res.Arbitrary++
	if r.record && !r.edgesOnly {
		r.pending = append(r.pending, Binding{h.Var, x})
	}
	return true
}

// step records a step of the path at the given call depth.
func (r *runner) step(e *ir.Edge, depth int, ret bool, assigned []Binding) {
	if r.edgesOnly {
		r.res.Edges = append(r.res.Edges, EdgeStep{Edge: e, Depth: int32(depth), Return: ret, Addr: r.addr, HasAddr: r.hasAddr})
		r.hasAddr = false
		return
	}
	s := Step{Edge: e, Depth: depth, Return: ret, Assigned: assigned}
	if len(r.pending) > 0 {
		s.Initial, r.pending = r.pending, nil
	}
	r.res.Path = append(r.res.Path, s)
}

// end sets how the run ended.
func (r *runner) end(o Outcome, loc *ir.Loc, e *ir.Edge, err error) {
	r.res.Outcome, r.res.Loc, r.res.Edge, r.res.Err = o, loc, e, err
}
