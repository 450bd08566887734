// This file implements the lazy inputs of a concolic Path (Concolic): an
// input's constant is made only when a term reads it. A path through a
// loop that reads 10^5 inputs into an array and then compares two of
// them makes two constants, where it made 10^5, each with its bounds
// (a Z3 constant took 13 µs to make there).

package encode

import (
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/smt"
)

// lazyMap returns the map of lazy variables that holds v in frame fr.
func (p *Path) lazyMap(v *ir.Var, fr *frame) map[int]int {
	if v.Scope == ir.Global {
		return p.glazy
	}
	return fr.lazy
}

// lazyOf returns the lazy input e is, when e is a variable (coefficient
// 1, no constant) whose value is one in the current frame.
func (p *Path) lazyOf(e numeric.LinExpr) (int, bool) {
	if p.mem == nil || e.NumTerms() != 1 || !e.Constant().IsZero() {
		return 0, false
	}
	tm := e.Term(0)
	if tm.Coef.Cmp(numeric.I(1)) != 0 {
		return 0, false
	}
	v := p.prog.Vars[tm.Dim]
	fr := p.frames[len(p.frames)-1]
	if _, ok := p.vals(v, fr)[v.ID]; ok {
		return 0, false
	}
	k, ok := p.lazyMap(v, fr)[v.ID]
	return k, ok
}

// lazyCopy returns the lazy input that assigning e to x copies, when e is
// one and x has its input's type (so that its value needs no cut).
func (p *Path) lazyCopy(e numeric.LinExpr, x *ir.Var) (int, bool) {
	k, ok := p.lazyOf(e)
	if !ok || p.inputs[k].Havoc.Var.Type != x.Type {
		return 0, false
	}
	return k, true
}

// vals returns the map of terms that holds v in frame fr.
func (p *Path) vals(v *ir.Var, fr *frame) map[int]*smt.Term {
	if v.Scope == ir.Global {
		return p.globals
	}
	return fr.vals
}

// setLazy makes v's value (in the current frame) the lazy input k.
func (p *Path) setLazy(v *ir.Var, k int) {
	fr := p.frames[len(p.frames)-1]
	delete(p.vals(v, fr), v.ID)
	p.lazyMap(v, fr)[v.ID] = k
}

// clearLazy forgets that v's value is a lazy input (it is being set).
func (p *Path) clearLazy(v *ir.Var) {
	delete(p.lazyMap(v, p.frames[len(p.frames)-1]), v.ID)
}

// materializeVar returns the term of v's value in frame fr when it is a
// lazy input, made now; nil otherwise.
func (p *Path) materializeVar(v *ir.Var, fr *frame) *smt.Term {
	m := p.lazyMap(v, fr)
	k, ok := m[v.ID]
	if !ok {
		return nil
	}
	delete(m, v.ID)
	return p.fit(p.materialize(k), v)
}

// materialize returns the value of lazy input k, making its constant on
// first use; its bounds go to its group's constraints.
func (p *Path) materialize(k int) *smt.Term {
	in := &p.inputs[k]
	if in.value != nil {
		return in.value
	}
	saved := p.pending
	p.pending = nil
	value, raw := p.havocTerm(in.Havoc)
	bounds := p.pending
	p.pending = saved
	in.Term, in.value = raw, value
	switch len(bounds) {
	case 0:
	case 1:
		p.record(bounds[0], in.group)
	default:
		p.record(p.ctx.And(bounds...), in.group)
	}
	return value
}

// setKnown sets v's value (in the current frame) to the known c without
// making its literal: get makes it when a term reads v.
func (p *Path) setKnown(v *ir.Var, c numeric.Int) {
	fr := p.frames[len(p.frames)-1]
	delete(p.vals(v, fr), v.ID)
	delete(p.lazyMap(v, fr), v.ID)
	p.setConc(v, &c)
}
