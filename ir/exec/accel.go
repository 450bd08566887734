// This file accelerates the runs of translation loops: at a loop head,
// when the cycle the run is about to take only adds constants to
// variables (x := x + c) under linear conditions, the run jumps over
// all but the last of the iterations it would take on that cycle, in
// one step, with exactly the values, step count and outcome the
// iterations would give. A loop counting to 2^28 then costs as much as
// one that counts to 2.
//
// Why it is exact: along the cycle taken j times from the state s, a
// variable's value before each edge is s + j*d plus a constant offset
// (d: what one iteration adds), so every atom a.v + b of a condition on
// the cycle is f0 + j*(a.d), linear in j. The iterations the run takes
// on the cycle are those j from 0 where every condition on it holds and
// no other out-edge of its locations is enabled (which would make the
// run leave, or choose): for each atom a run of consecutive j, so their
// first failure is computed, not executed. The jump stops one iteration
// short of it and the run goes on from there as usual. A variable is
// assigned once per cycle, so its values are monotone in j and both ends
// in its type's range means all are. Only runs that record no path
// jump (a recorded path lists every step), and never the tests'
// reference Machine.

package exec

import (
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// Limits of the cycles looked for at a loop head.
const (
	maxAccelCycles = 8  // cycles kept per loop head
	maxAccelLength = 32 // edges per cycle
	// accelGiveUp is how many arrivals at a loop head in a row may find
	// no jump before the run stops trying there.
	accelGiveUp = 64
)

// accelAtom is an atom of a condition on a cycle, over the state at the
// start of the iteration: e <= 0 or e == 0 (negated when neg), which
// changes by slope per iteration.
type accelAtom struct {
	e     numeric.LinExpr
	eq    bool
	neg   bool
	slope numeric.Int
}

// accelCycle is a cycle from a loop head back to it that a run may jump.
type accelCycle struct {
	length int
	vars   []int32    // every variable the cycle reads or writes
	delta  []accelAdd // what one iteration adds
	guards []accelAtom
	// others are the conditions of the other out-edges of its locations,
	// each a disjunction of conjunctions.
	others [][][]accelAtom
}

type accelAdd struct {
	id int32
	d  numeric.Int
}

// compileAccel finds the cycles of the loop head l that a run may jump.
func compileAccel(l *ir.Loc) []accelCycle {
	var cycles []accelCycle
	var path []*ir.Edge
	onPath := map[*ir.Loc]bool{l: true}
	var walk func(at *ir.Loc)
	walk = func(at *ir.Loc) {
		if len(cycles) >= maxAccelCycles || len(path) >= maxAccelLength {
			return
		}
		for _, e := range at.Out {
			if !accelEdge(e) {
				continue
			}
			path = append(path, e)
			if e.To == l {
				if c, ok := newAccelCycle(path); ok {
					cycles = append(cycles, c)
				}
			} else if !onPath[e.To] && e.To.Kind == ir.Normal {
				onPath[e.To] = true
				walk(e.To)
				delete(onPath, e.To)
			}
			path = path[:len(path)-1]
		}
	}
	walk(l)
	return cycles
}

// accelEdge reports whether e may be on a jumped cycle: an Assume of a
// conjunction of literals (not an overflow branch), a Skip, or an
// assignment of translations (x := x + c).
func accelEdge(e *ir.Edge) bool {
	switch op := e.Op.(type) {
	case *ir.Skip:
		return op.Mem == nil && !op.Alloc // a memory write is no translation, a malloc is counted
	case *ir.Assume:
		_, ok := conjunctionAtoms(op.Cond)
		return ok && !op.Overflow && !op.Ghost
	case *ir.Assign:
		for i, v := range op.Lhs {
			if _, ok := translation(v, op.Rhs[i]); !ok {
				return false
			}
		}
		return true
	}
	return false
}

// translation returns c when e is v + c.
func translation(v *ir.Var, e numeric.LinExpr) (numeric.Int, bool) {
	if e.NumTerms() != 1 || e.Term(0).Dim != numeric.Dim(v.ID) || e.Term(0).Coef.Cmp(numeric.I(1)) != 0 {
		return numeric.Int{}, false
	}
	return e.Constant(), true
}

// literal is an atom of a conjunction, possibly negated.
type literal struct {
	c   numeric.Constraint
	neg bool
}

// conjunctionAtoms returns the literals of a conjunction of atoms and
// negated atoms (true: none); false for any other condition.
func conjunctionAtoms(c ir.Cond) ([]literal, bool) {
	switch c := c.(type) {
	case *ir.Atom:
		return []literal{{c: c.C}}, true
	case *ir.Not:
		if a, ok := c.X.(*ir.Atom); ok {
			return []literal{{c: a.C, neg: true}}, true
		}
	case *ir.And:
		var out []literal
		for _, x := range c.Xs {
			ls, ok := conjunctionAtoms(x)
			if !ok {
				return nil, false
			}
			out = append(out, ls...)
		}
		return out, true
	case *ir.BoolConst:
		return nil, c.V
	}
	return nil, false
}

// disjunctionAtoms returns the disjuncts of a disjunction of
// conjunctions of literals (a conjunction is one); false for any other
// condition.
func disjunctionAtoms(c ir.Cond) ([][]literal, bool) {
	o, ok := c.(*ir.Or)
	if !ok {
		ls, ok := conjunctionAtoms(c)
		return [][]literal{ls}, ok
	}
	var out [][]literal
	for _, x := range o.Xs {
		ds, ok := disjunctionAtoms(x)
		if !ok {
			return nil, false
		}
		out = append(out, ds...)
	}
	return out, true
}

// newAccelCycle compiles the cycle path; false when a run may not jump
// it: a variable assigned twice, or an out-edge of one of its locations
// that is not an Assume of a disjunction of conjunctions.
func newAccelCycle(path []*ir.Edge) (accelCycle, bool) {
	c := accelCycle{length: len(path)}
	offset := map[int32]numeric.Int{} // added so far in the iteration
	seen := map[int32]bool{}
	use := func(id int32) {
		if !seen[id] {
			seen[id] = true
			c.vars = append(c.vars, id)
		}
	}
	// shifted is l over the state at the iteration's start.
	shifted := func(l literal) accelAtom {
		e := l.c.Expr()
		k := numeric.I(0)
		for _, t := range e.Terms() {
			use(int32(t.Dim))
			if off, ok := offset[int32(t.Dim)]; ok {
				k = k.Add(t.Coef.Mul(off))
			}
		}
		return accelAtom{e: e.AddConst(k), eq: l.c.Kind() == numeric.EQ, neg: l.neg}
	}
	var pending []*accelAtom // slopes are known once the whole cycle is
	assigned := map[int32]bool{}
	for _, e := range path {
		for _, other := range e.From.Out {
			if other == e {
				continue
			}
			as, ok := other.Op.(*ir.Assume)
			if !ok {
				return c, false
			}
			disj, ok := disjunctionAtoms(as.Cond)
			if !ok {
				return c, false
			}
			var edge [][]accelAtom
			for _, lits := range disj {
				conj := make([]accelAtom, len(lits))
				for i, l := range lits {
					conj[i] = shifted(l)
				}
				edge = append(edge, conj)
			}
			for _, conj := range edge {
				for i := range conj {
					pending = append(pending, &conj[i])
				}
			}
			c.others = append(c.others, edge)
		}
		switch op := e.Op.(type) {
		case *ir.Assume:
			lits, _ := conjunctionAtoms(op.Cond)
			for _, l := range lits {
				c.guards = append(c.guards, shifted(l))
			}
		case *ir.Assign:
			adds := make([]numeric.Int, len(op.Lhs))
			for i, v := range op.Lhs {
				adds[i], _ = translation(v, op.Rhs[i])
			}
			for i, v := range op.Lhs {
				id := int32(v.ID)
				if assigned[id] {
					return c, false
				}
				assigned[id] = true
				use(id)
				offset[id] = adds[i]
			}
		}
	}
	for id, d := range offset {
		if d.Sign() != 0 {
			c.delta = append(c.delta, accelAdd{id, d})
		}
	}
	slope := func(a *accelAtom) {
		s := numeric.I(0)
		for _, t := range a.e.Terms() {
			if d, ok := offset[int32(t.Dim)]; ok {
				s = s.Add(t.Coef.Mul(d))
			}
		}
		a.slope = s
	}
	for i := range c.guards {
		slope(&c.guards[i])
	}
	for _, a := range pending {
		slope(a)
	}
	return c, true
}

// jRange is a set of iteration counts j >= 0: lo <= j <= hi (no upper
// bound when unbounded is set), or none (empty).
type jRange struct {
	lo, hi    numeric.Int
	unbounded bool
	empty     bool
}

// truth returns a range of counts j >= 0 that contains those at which a
// holds, given its value f0 at j = 0: exact but for a negated equality,
// whose hole after j = 0 it ignores (for the other out-edges, where a
// larger range only makes a jump shorter).
func (a *accelAtom) truth(f0 numeric.Int) jRange {
	if a.eq && a.neg { // f0 + j*s != 0
		if f0.Sign() == 0 {
			if a.slope.Sign() == 0 {
				return jRange{empty: true}
			}
			return jRange{lo: numeric.I(1), unbounded: true}
		}
		return jRange{lo: numeric.I(0), unbounded: true}
	}
	return a.exact(f0)
}

// prefix returns the counts 0..hi (unbounded: every j >= 0) at which the
// guard a holds, from j = 0 on; ok is false when it fails at j = 0.
func (a *accelAtom) prefix(f0 numeric.Int) (hi numeric.Int, unbounded, ok bool) {
	if a.eq && a.neg {
		s := a.slope
		switch {
		case f0.Sign() == 0:
			return hi, false, false
		case s.Sign() == 0 || !f0.Neg().Divisible(s) || f0.Neg().FloorDiv(s).Sign() < 0:
			return hi, true, true
		}
		return f0.Neg().FloorDiv(s).Sub(numeric.I(1)), false, true
	}
	t := a.exact(f0)
	if t.empty || t.lo.Sign() > 0 {
		return hi, false, false
	}
	return t.hi, t.unbounded, true
}

// exact returns the counts j >= 0 at which a holds (an interval), for
// all but a negated equality.
func (a *accelAtom) exact(f0 numeric.Int) jRange {
	all := jRange{lo: numeric.I(0), unbounded: true}
	none := jRange{empty: true}
	s := a.slope
	if a.eq { // f0 + j*s == 0
		if s.Sign() == 0 {
			if f0.Sign() == 0 {
				return all
			}
			return none
		}
		if !f0.Neg().Divisible(s) {
			return none
		}
		j := f0.Neg().FloorDiv(s)
		if j.Sign() < 0 {
			return none
		}
		return jRange{lo: j, hi: j}
	}
	// An inequality g(j) = f0 + j*s <= 0; negated: -g(j) + 1 <= 0.
	if a.neg {
		f0, s = f0.Neg().Add(numeric.I(1)), s.Neg()
	}
	switch s.Sign() {
	case 0:
		if f0.Sign() <= 0 {
			return all
		}
		return none
	case 1: // j <= floor(-f0/s)
		hi := f0.Neg().FloorDiv(s)
		if hi.Sign() < 0 {
			return none
		}
		return jRange{lo: numeric.I(0), hi: hi}
	}
	// s < 0: j >= ceil(f0 / -s)
	lo := f0.CeilDiv(s.Neg())
	if lo.Sign() < 0 {
		lo = numeric.I(0)
	}
	return jRange{lo: lo, unbounded: true}
}

// firstTrue returns the first count j at which the conjunction of n
// atoms, whose truth ranges truth gives, may hold; never when at none.
func firstTrue(n int, truth func(k int) jRange) (lo numeric.Int, never bool) {
	lo = numeric.I(0)
	var hi numeric.Int
	unbounded := true
	for k := 0; k < n; k++ {
		t := truth(k)
		if t.empty {
			return lo, true
		}
		if t.lo.Cmp(lo) > 0 {
			lo = t.lo
		}
		if !t.unbounded && (unbounded || t.hi.Cmp(hi) < 0) {
			hi, unbounded = t.hi, false
		}
	}
	return lo, !unbounded && hi.Cmp(lo) < 0
}

// accelerate tries to jump iterations at the loop head cl: it returns
// the steps jumped (0 when it did not jump). steps is the run's count so
// far and maxSteps its bound.
func (r *runner) accelerate(cl *cloc, steps, maxSteps int) int {
	m := r.m
	vals, def, acts, owner := m.vals, m.def, m.acts, m.owner
cycles:
	for i := range cl.accel {
		c := &cl.accel[i]
		for _, id := range c.vars {
			if def[id] != acts[owner[id]] {
				continue cycles
			}
		}
		// n: the iterations the run takes on c, at most (nil: unbounded).
		var n *numeric.Int
		limit := func(v numeric.Int) {
			if n == nil || v.Cmp(*n) < 0 {
				n = &v
			}
		}
		for k := range c.guards {
			g := &c.guards[k]
			hi, unbounded, ok := g.prefix(g.e.Eval(vals))
			if !ok {
				continue cycles // not taken now
			}
			if !unbounded {
				limit(hi.Add(numeric.I(1)))
			}
		}
		for _, edge := range c.others {
			for _, conj := range edge {
				lo, never := firstTrue(len(conj), func(k int) jRange { return conj[k].truth(conj[k].e.Eval(vals)) })
				if never {
					continue
				}
				if lo.Sign() == 0 {
					continue cycles // enabled now: the run leaves or chooses
				}
				limit(lo)
			}
		}
		// Jump all but the last iteration, within the step bound.
		room := numeric.I(int64((maxSteps - steps) / c.length))
		if n == nil || room.Cmp(n.Sub(numeric.I(1))) < 0 {
			v := room.Add(numeric.I(1))
			n = &v
		}
		jump := n.Sub(numeric.I(1))
		if jump.Sign() <= 0 {
			continue
		}
		next := m.scratch[:0]
		for _, a := range c.delta {
			v := vals[a.id].Add(jump.Mul(a.d))
			if !m.initRng[a.id].contains(v) {
				continue cycles // leaves its type: let the run say so
			}
			next = append(next, v)
		}
		m.scratch = next
		for k, a := range c.delta {
			vals[a.id] = next[k]
		}
		j, _ := jump.Int64()
		return int(j) * c.length
	}
	return 0
}

// A traced cycle: where a loop head has no static cycle to jump (an
// inner loop, or a variable reset, x := c, on the way), the run records
// the edges of one iteration, from the head back to it, and then checks
// symbolically whether every later iteration takes the same edges: with
// the state at the start of iteration j equal to s + j*d (s the traced
// iteration's start, d what it changed), every value along the trace is
// affine in j when the edges are linear assignments, Assumes and Skips,
// and the trace repeats exactly while the end of iteration j is the
// start of iteration j+1 (the affine forms agree) and every condition
// along it, and no other out-edge's, keeps its truth, which the affine
// forms give per atom as a run of consecutive j, as for static cycles.

// Limits of traced cycles.
const (
	maxTraceLength = 1 << 12 // edges of one iteration
	traceGiveUp    = 8       // traces of a loop head that may fail before it is not traced again
)

// trace is an iteration being recorded from the loop head head.
type trace struct {
	head  *cloc
	act   uint64        // the activation it runs in
	depth int           // the call stack's depth
	start []numeric.Int // every variable's value at the start
	edges []*cedge
	// The run's counts at the start: the iteration must consume no input
	// and take no ambiguous choice, arbitrary value or overflow.
	inputs, arbitrary, ambiguous, overflows int
}

// startTrace begins recording an iteration from the loop head cl.
func (r *runner) startTrace(cl *cloc, act uint64) {
	m := r.m
	t := r.spare
	if t == nil {
		t = &trace{}
	}
	r.spare = nil
	t.head, t.act, t.depth = cl, act, len(m.stack)
	t.start = append(t.start[:0], m.vals...)
	t.edges = t.edges[:0]
	t.inputs, t.arbitrary, t.ambiguous, t.overflows = len(r.res.Inputs), r.res.Arbitrary, r.res.Ambiguous, r.res.Overflows
	r.tr = t
}

// affine is a value a + b*j along a traced iteration j.
type affine struct{ a, b numeric.Int }

// finishTrace ends the trace at its head, in activation act: it returns
// the steps jumped (0 when it did not jump).
func (r *runner) finishTrace(act uint64, steps, maxSteps int) int {
	t, m := r.tr, r.m
	r.tr, r.spare = nil, t
	if act != t.act || len(m.stack) != t.depth || len(t.edges) == 0 ||
		len(r.res.Inputs) != t.inputs || r.res.Arbitrary != t.arbitrary || r.res.Ambiguous != t.ambiguous || r.res.Overflows != t.overflows {
		return 0
	}
	vals := m.vals
	sym := map[int32]affine{}
	value := func(id int32) affine {
		if v, ok := sym[id]; ok {
			return v
		}
		return affine{t.start[id], vals[id].Sub(t.start[id])}
	}
	eval := func(e numeric.LinExpr) affine {
		out := affine{e.Constant(), numeric.I(0)}
		for _, tm := range e.Terms() {
			v := value(int32(tm.Dim))
			out.a = out.a.Add(tm.Coef.Mul(v.a))
			out.b = out.b.Add(tm.Coef.Mul(v.b))
		}
		return out
	}
	// n: the iterations j >= 0 that take the trace, at most (nil: no bound).
	var n *numeric.Int
	limit := func(v numeric.Int) {
		if n == nil || v.Cmp(*n) < 0 {
			n = &v
		}
	}
	atom := func(l literal) (accelAtom, numeric.Int) {
		v := eval(l.c.Expr())
		return accelAtom{eq: l.c.Kind() == numeric.EQ, neg: l.neg, slope: v.b}, v.a
	}
	// checks are the assignments' values, to keep in their types.
	type check struct {
		id int32
		v  affine
	}
	var checks []check
	for _, ce := range t.edges {
		for _, other := range ce.e.From.Out {
			as, ok := other.Op.(*ir.Assume)
			if !ok {
				if other != ce.e {
					return 0 // a choice
				}
				continue
			}
			if other == ce.e {
				lits, ok := conjunctionAtoms(as.Cond)
				if !ok || as.Overflow {
					return 0
				}
				for _, l := range lits {
					a, f0 := atom(l)
					hi, unbounded, ok := a.prefix(f0)
					if !ok {
						return 0 // cannot happen: the run took it
					}
					if !unbounded {
						limit(hi.Add(numeric.I(1)))
					}
				}
				continue
			}
			disj, ok := disjunctionAtoms(as.Cond)
			if !ok {
				return 0
			}
			for _, lits := range disj {
				lo, never := firstTrue(len(lits), func(k int) jRange {
					a, f0 := atom(lits[k])
					return a.truth(f0)
				})
				if never {
					continue
				}
				if lo.Sign() == 0 {
					return 0 // cannot happen: the run took another edge
				}
				limit(lo)
			}
		}
		switch op := ce.e.Op.(type) {
		case *ir.Assign:
			next := make([]affine, len(op.Lhs))
			for i := range op.Lhs {
				next[i] = eval(op.Rhs[i])
			}
			for i, v := range op.Lhs {
				sym[int32(v.ID)] = next[i]
				checks = append(checks, check{int32(v.ID), next[i]})
			}
		case *ir.Assume:
		case *ir.Skip:
			if op.Mem != nil || op.Alloc {
				return 0
			}
		default:
			return 0
		}
	}
	// The iteration ends where the next one starts.
	for id, v := range sym {
		d := vals[id].Sub(t.start[id])
		if v.b.Cmp(d) != 0 || v.a.Cmp(vals[id]) != 0 {
			return 0
		}
	}
	// Iteration 0 ran; the run is at the start of iteration 1. It jumps
	// iterations 1..n-2 and runs iteration n-1, the last on the trace.
	length := len(t.edges)
	room := numeric.I(int64((maxSteps - steps) / length))
	jump := room
	if n != nil && n.Sub(numeric.I(2)).Cmp(jump) < 0 {
		jump = n.Sub(numeric.I(2))
	}
	if jump.Sign() <= 0 {
		return 0
	}
	// The values at the last jumped iteration, jump (iteration 0's are in
	// range: the run computed them), bound those in between.
	for _, c := range checks {
		if !m.initRng[c.id].contains(c.v.a.Add(jump.Mul(c.v.b))) {
			return 0
		}
	}
	for id, v := range sym {
		// The start of iteration jump+1: a + jump*b, a being the end of
		// iteration 0 (the current value).
		vals[id] = v.a.Add(jump.Mul(v.b))
	}
	j, _ := jump.Int64()
	return int(j) * length
}

// traceStep records the edge the run takes while a trace is recorded;
// an iteration longer than maxTraceLength is not traced.
func (r *runner) traceStep(ce *cedge) {
	t := r.tr
	if len(t.edges) >= maxTraceLength {
		t.head.dynMiss++
		r.tr, r.spare = nil, t
		return
	}
	t.edges = append(t.edges, ce)
}

// atHead is what a run that records no path does at the loop head cl
// (in activation act): it ends the iteration traced from there, or jumps
// a static cycle, or starts a trace. It returns the steps jumped.
func (r *runner) atHead(cl *cloc, act uint64, steps, maxSteps int) int {
	if t := r.tr; t != nil {
		if t.head != cl {
			return 0 // an inner loop of the traced iteration
		}
		if n := r.finishTrace(act, steps, maxSteps); n > 0 {
			cl.dynMiss = 0
			return n
		}
		cl.dynMiss++
	} else if cl.accel != nil && cl.accelMiss < accelGiveUp {
		if n := r.accelerate(cl, steps, maxSteps); n > 0 {
			cl.accelMiss = 0
			return n
		}
		cl.accelMiss++
	}
	if cl.dynMiss < traceGiveUp {
		r.startTrace(cl, act)
	}
	return 0
}
