// This file implements the points-to analysis that prunes the candidates
// of memory accesses: an inclusion-based (Andersen), flow- and
// context-insensitive analysis over the translated program, in which
// every integer variable (pointers are integers here) gets the set of
// objects whose addresses may flow into it. Field sensitivity comes from
// the cells: every scalar field and expanded array element is a variable
// of its own.
//
// Addresses enter as constants (base + offset falls in exactly one
// object's range) and flow through assignments (x := e collects the sets
// of e's terms of coefficient 1: pointer arithmetic keeps its base, a
// difference of pointers is no address), calls (actuals into formals,
// returned values into results) and the deferred accesses themselves (a
// read collects the cells it may read; a write spreads its value into
// the cells it may write), which are the only edges not yet in the
// program. A havoc (an input, an unknown function's result or writes, a
// quotient) adds nothing: an address no analysed flow produces is followed by no
// candidate, so its dereference ends in the unsupported location.
//
// The analysis only prunes: every access keeps its guard on the address,
// and whatever it does not list ends in an unsupported location, so an
// imprecise or even wrong set costs precision, never soundness. It runs
// once, over the program before the accesses are lowered; the set of an
// access is that of its address expression.

package cfront

import (
	"sort"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// ptsSet is a set of objects, by index in memory.objs.
type ptsSet []uint64

func (s ptsSet) has(i int) bool { return i/64 < len(s) && s[i/64]&(1<<(i%64)) != 0 }

// union adds o into *s and reports whether *s grew.
func (s *ptsSet) union(o ptsSet) bool {
	grew := false
	for len(*s) < len(o) {
		*s = append(*s, 0)
	}
	for i, w := range o {
		if n := (*s)[i] | w; n != (*s)[i] {
			(*s)[i] = n
			grew = true
		}
	}
	return grew
}

func (s *ptsSet) add(i int) bool {
	for len(*s) <= i/64 {
		*s = append(*s, 0)
	}
	if (*s)[i/64]&(1<<(i%64)) != 0 {
		return false
	}
	(*s)[i/64] |= 1 << (i % 64)
	return true
}

// pointsTo is the result: a set per variable ID.
type pointsTo struct {
	sets  map[int]*ptsSet
	index map[*object]int
	// byBase lists the objects sorted by base, for constants.
	byBase []*object
	// For escapes: the program's variables, the objects, the cell
	// variables, and the answer once computed.
	vars    []*ir.Var
	objs    []*object
	cellVar map[*ir.Var]bool
	escaped map[*object]bool
	// lost are the objects whose address was stored where the analysis
	// does not follow it (a summary region, an unmodelled object):
	// reachable by unknown functions and escaping.
	lost ptsSet
	// env is what unknown functions may reach (place.go's environment):
	// computed once, nil before.
	env map[*object]bool
}

func (p *pointsTo) set(v int) *ptsSet {
	s := p.sets[v]
	if s == nil {
		s = &ptsSet{}
		p.sets[v] = s
	}
	return s
}

// objectAt returns the object whose range (one past the end included)
// holds address c, nil if none.
func (p *pointsTo) objectAt(c numeric.Int) *object {
	i := sort.Search(len(p.byBase), func(i int) bool { return p.byBase[i].base.Cmp(c) > 0 })
	if i == 0 {
		return nil
	}
	o := p.byBase[i-1]
	if c.Cmp(o.end()) <= 0 {
		return o
	}
	return nil
}

// exprSet returns the objects e's value may address.
func (p *pointsTo) exprSet(e numeric.LinExpr) ptsSet {
	var s ptsSet
	if o := p.objectAt(e.Constant()); o != nil {
		s.add(p.index[o])
	}
	// An address is a base plus an offset: the sets of the terms of
	// coefficient 1. A difference of pointers is no address.
	for i := 0; i < e.NumTerms(); i++ {
		tm := e.Term(i)
		if vs := p.sets[int(tm.Dim)]; vs != nil && len(*vs) > 0 && tm.Coef.Sign() < 0 {
			return nil
		}
	}
	for i := 0; i < e.NumTerms(); i++ {
		tm := e.Term(i)
		if vs := p.sets[int(tm.Dim)]; vs != nil && tm.Coef.Cmp(numeric.I(1)) == 0 {
			s.union(*vs)
		}
	}
	return s
}

// flowInto adds e's set into variable v's and reports growth.
func (p *pointsTo) flowInto(v *ir.Var, e numeric.LinExpr) bool {
	s := p.exprSet(e)
	if len(s) == 0 {
		return false
	}
	return p.set(v.ID).union(s)
}

// analysePointsTo runs the analysis over the program and the pending
// accesses, with every typed candidate (candidatesTyped).
func (t *translator) analysePointsTo() *pointsTo {
	p := &pointsTo{sets: map[int]*ptsSet{}, index: map[*object]int{}, vars: t.prog.Vars, objs: t.mem.objs, cellVar: map[*ir.Var]bool{}}
	for v := range t.cellOf {
		p.cellVar[v] = true
	}
	for i, o := range t.mem.objs {
		p.index[o] = i
		p.byBase = append(p.byBase, o)
	}
	sort.Slice(p.byBase, func(i, j int) bool { return p.byBase[i].base.Cmp(p.byBase[j].base) < 0 })
	for changed := true; changed; {
		changed = false
		for _, f := range t.prog.Funcs {
			for _, e := range f.Edges {
				if p.edge(e.Op, f) {
					changed = true
				}
			}
		}
		for _, e := range t.lostVals {
			if p.lost.union(p.exprSet(e)) {
				changed = true
			}
		}
		for _, a := range t.pending {
			if a.havocAll {
				continue
			}
			as := p.exprSet(a.addr)
			for _, ts := range t.candidatesTyped(a) {
				if a.obj == nil && !as.has(p.index[ts[0].o]) {
					continue
				}
				for _, tg := range ts {
					if tg.c == nil && a.write {
						// Into a summary: the analysis no longer follows it.
						if p.lost.union(p.exprSet(a.val)) {
							changed = true
						}
					}
					if tg.c == nil || tg.c.v == nil {
						continue
					}
					if a.write {
						if p.flowInto(tg.c.v, a.val) {
							changed = true
						}
					} else if p.flowInto(a.tmp, ir.VarExpr(tg.c.v)) {
						changed = true
					}
				}
			}
		}
	}
	return p
}

// edge applies one operation's flow and reports growth.
func (p *pointsTo) edge(op ir.Op, f *ir.Func) bool {
	grew := false
	switch op := op.(type) {
	case *ir.Assign:
		for i, x := range op.Lhs {
			if p.flowInto(x, op.Rhs[i]) {
				grew = true
			}
		}
	case *ir.Call:
		for i, a := range op.Args {
			if i < len(op.Callee.Formals) && p.flowInto(op.Callee.Formals[i], a) {
				grew = true
			}
		}
		if op.Result != nil && op.Callee.Ret != nil && p.flowInto(op.Result, ir.VarExpr(op.Callee.Ret)) {
			grew = true
		}
	case *ir.Return:
		if op.HasValue && f.Ret != nil && p.flowInto(f.Ret, op.Value) {
			grew = true
		}
	}
	return grew
}

// escapes reports whether the address of o, an object of a recursive
// function (its cells are locals of it), may flow out of that function's
// own locals: into a global, a formal (a call's argument, the recursive
// call's included), a result or a cell of another object.
func (p *pointsTo) escapes(o *object) bool {
	if p.escaped == nil {
		p.escaped = map[*object]bool{}
		for id, s := range p.sets {
			v := p.vars[id]
			for _, q := range p.objs {
				if q.owner == nil || !s.has(p.index[q]) {
					continue
				}
				if v.Scope != ir.Local || v.Func != q.owner || p.cellVar[v] {
					p.escaped[q] = true
				}
			}
		}
		for _, q := range p.objs {
			if p.lost.has(p.index[q]) || p.env[q] {
				p.escaped[q] = true
			}
		}
	}
	return p.escaped[o]
}
