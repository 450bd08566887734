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
	m       *Machine
	o       Oracle
	res     Result
	record  bool
	pending []Binding // uninitialised variables read before the next step
	stop    func() bool
}

// Run runs the program from main's entry with o's inputs and choices
// until it ends (see Outcome).
func (m *Machine) Run(o Oracle, opt Options) Result {
	r := runner{m: m, o: o, record: opt.RecordPath, stop: opt.Stop}
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
	m.gen++
	m.acts[0] = m.gen // globals: uninitialised until written in this run
	m.gen++
	m.acts[m.main.owner] = m.gen
	m.main.active = 1
	m.stack = append(m.stack, frame{fn: m.main, saveBase: -1})
	r.loop(m.main.f.Entry, maxSteps, maxDepth)
	r.res.Vals = append([]numeric.Int(nil), m.vals...)
	return r.res
}

// loop runs from loc until the run ends, setting r.res.
func (r *runner) loop(loc *ir.Loc, maxSteps, maxDepth int) {
	m := r.m
	vals, def, acts, owner := m.vals, m.def, m.acts, m.owner
	cur := m.main
	var pinned *ir.Edge // a Def havoc just executed: the next location must not block
	for {
		switch loc.Kind {
		case ir.Error:
			r.end(ErrorReached, loc, nil, nil)
			return
		case ir.Sink:
			r.end(Sink, loc, nil, nil)
			return
		case ir.Exit:
			if len(m.stack) == 1 {
				r.end(Returned, loc, nil, nil)
				if ret := cur.f.Ret; ret != nil && def[ret.ID] == acts[owner[ret.ID]] {
					r.res.Ret, r.res.HasRet = vals[ret.ID], true
				}
				return
			}
			top := m.stack[len(m.stack)-1]
			call := top.call
			c := call.Op.(*ir.Call)
			var rv numeric.Int
			if c.Result != nil {
				ret := cur.f.Ret
				if !r.initialise(int32(ret.ID), call) {
					return
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
			var assigned []Binding
			if c.Result != nil {
				id := c.Result.ID
				vals[id], def[id] = rv, acts[owner[id]]
				if r.record {
					assigned = []Binding{{c.Result, rv}}
				}
			}
			if r.record {
				r.step(call, len(m.stack)-1, true, assigned)
			}
			loc = call.To
			continue
		}

		if r.res.Steps >= maxSteps || (r.stop != nil && r.res.Steps&0xfff == 0 && r.stop()) {
			r.end(StepLimit, loc, nil, nil)
			return
		}
		e := r.pick(loc, cur, pinned)
		if e == nil {
			return
		}
		pinned = nil
		r.res.Steps++
		info := &cur.edges[e.ID]
		var assigned []Binding
		switch op := e.Op.(type) {
		case *ir.Assign:
			if !r.initialiseAll(info.reads, e) {
				return
			}
			if len(op.Lhs) == 1 {
				id := op.Lhs[0].ID
				vals[id], def[id] = op.Rhs[0].Eval(vals), acts[owner[id]]
			} else {
				tmp := m.scratch[:0]
				for _, x := range op.Rhs {
					tmp = append(tmp, x.Eval(vals))
				}
				m.scratch = tmp
				for i, x := range op.Lhs {
					vals[x.ID], def[x.ID] = tmp[i], acts[owner[x.ID]]
				}
			}
			if r.record {
				for _, x := range op.Lhs {
					assigned = append(assigned, Binding{x, vals[x.ID]})
				}
			}
		case *ir.Havoc:
			v, ok := r.havoc(op, e, info, cur)
			if !ok {
				return
			}
			if op.Def != nil {
				pinned = e
			}
			id := op.Var.ID
			vals[id], def[id] = v, acts[owner[id]]
			if r.record {
				assigned = []Binding{{op.Var, v}}
			}
		case *ir.Call:
			if !r.initialiseAll(info.reads, e) {
				return
			}
			if len(m.stack) >= maxDepth {
				r.end(DepthLimit, loc, e, nil)
				return
			}
			args := m.scratch[:0]
			for _, a := range op.Args {
				args = append(args, a.Eval(vals))
			}
			m.scratch = args
			g := info.callee
			base := -1
			if g.active > 0 {
				base = len(m.saved)
				for _, v := range g.frame {
					m.saved = append(m.saved, saved{vals[v], def[v]})
				}
			}
			m.stack = append(m.stack, frame{fn: g, call: e, prevAct: acts[g.owner], saveBase: base})
			m.gen++
			acts[g.owner] = m.gen
			g.active++
			for i, x := range op.Callee.Formals {
				vals[x.ID], def[x.ID] = args[i], m.gen
				if r.record {
					assigned = append(assigned, Binding{x, args[i]})
				}
			}
			if r.record {
				r.step(e, len(m.stack)-2, false, assigned)
			}
			cur = g
			loc = g.f.Entry
			continue
		case *ir.Return:
			if op.HasValue {
				if !r.initialiseAll(info.reads, e) {
					return
				}
				ret := cur.f.Ret
				vals[ret.ID], def[ret.ID] = op.Value.Eval(vals), acts[cur.owner]
				if r.record {
					assigned = []Binding{{ret, vals[ret.ID]}}
				}
			}
		case *ir.Assume, *ir.Skip:
		}
		if r.record {
			r.step(e, len(m.stack)-1, false, assigned)
		}
		loc = e.To
	}
}

// pick returns the edge to take out of loc, or nil when the run ends
// there (blocked, inputs exhausted, a bad oracle answer).
func (r *runner) pick(loc *ir.Loc, cur *fn, pinned *ir.Edge) *ir.Edge {
	m := r.m
	out := loc.Out
	if len(out) == 1 {
		if _, ok := out[0].Op.(*ir.Assume); !ok {
			return out[0]
		}
	}
	enabled := m.enabled[:0]
	nondet := false
	for _, e := range out {
		if a, ok := e.Op.(*ir.Assume); ok {
			if !r.initialiseAll(cur.edges[e.ID].reads, e) {
				return nil
			}
			v, det := ir.Eval(a.Cond, m.vals)
			if det && !v {
				continue
			}
			nondet = nondet || !det
		}
		enabled = append(enabled, e)
	}
	m.enabled = enabled
	switch len(enabled) {
	case 0:
		if pinned != nil {
			h := pinned.Op.(*ir.Havoc)
			r.end(Internal, loc, pinned, fmt.Errorf("%s: %s = %s (%s) contradicts the assumptions that follow it",
				pinned.Pos, h.Var.Qual, m.vals[h.Var.ID], h.Def.String(m.prog.Env())))
			return nil
		}
		r.end(Blocked, loc, nil, nil)
		return nil
	case 1:
		return enabled[0]
	}
	i, ok := r.o.Choose(loc, enabled)
	if !ok {
		r.end(InputsExhausted, loc, nil, nil)
		return nil
	}
	if i < 0 || i >= len(enabled) {
		r.end(Internal, loc, nil, fmt.Errorf("%s: the oracle chose edge %d of %d", loc.Pos, i, len(enabled)))
		return nil
	}
	r.res.Inputs = append(r.res.Inputs, Input{Source: ChoiceSource, Value: numeric.I(int64(i)), Pos: loc.Pos, Func: loc.Func.Name})
	if !nondet {
		r.res.Ambiguous++
	}
	return enabled[i]
}

// havoc returns the value a Havoc edge e gives its variable, or false
// when the run ends there.
func (r *runner) havoc(h *ir.Havoc, e *ir.Edge, info *edgeInfo, cur *fn) (numeric.Int, bool) {
	var v numeric.Int
	switch {
	case h.Def != nil:
		if !r.initialiseAll(info.reads, e) {
			return v, false
		}
		var err error
		v, err = evalDef(h.Def, r.m.vals)
		if err != nil {
			var ub *ir.ErrUndefined
			if errors.As(err, &ub) {
				r.end(Undefined, e.From, e, fmt.Errorf("%s: %w", e.Pos, err))
			} else {
				r.end(Internal, e.From, e, fmt.Errorf("%s: %w", e.Pos, err))
			}
			return v, false
		}
		if !h.Range.Contains(v) {
			r.end(Internal, e.From, e, fmt.Errorf("%s: %s = %s (%s) lies outside the havoc's range %s",
				e.Pos, h.Var.Qual, v, h.Def.String(r.m.prog.Env()), h.Range))
			return v, false
		}
		return v, true
	case h.Input != "":
		var ok bool
		v, ok = r.o.Input(h, e)
		if !ok {
			r.end(InputsExhausted, e.From, e, nil)
			return v, false
		}
		if !h.Range.Contains(v) {
			r.end(Internal, e.From, e, fmt.Errorf("%s: input %s for %s lies outside its range %s", e.Pos, v, h.Input, h.Range))
			return v, false
		}
		r.res.Inputs = append(r.res.Inputs, Input{Source: h.Input, Value: v, Pos: e.Pos, Func: cur.f.Name})
		return v, true
	}
	v = r.o.Arbitrary(h, e)
	if !h.Range.Contains(v) {
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
	if !h.Range.Contains(x) {
		r.end(Internal, at.From, at, fmt.Errorf("%s: arbitrary value %s for %s lies outside its range %s", at.Pos, x, h.Var.Qual, h.Range))
		return false
	}
	m.vals[v], m.def[v] = x, act
	r.res.Arbitrary++
	if r.record {
		r.pending = append(r.pending, Binding{h.Var, x})
	}
	return true
}

// step records a step of the path at the given call depth.
func (r *runner) step(e *ir.Edge, depth int, ret bool, assigned []Binding) {
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
