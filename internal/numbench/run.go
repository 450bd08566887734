// This file times the operations of a numeric.Domain on a workload.

package numbench

import (
	"fmt"
	"syscall"
	"time"

	"github.com/numpred/numpred/numeric"
)

// OpNames are the timed operations, in table order.
var OpNames = []string{"join", "leq", "widen", "assign", "forget", "meet"}

// Constraints converts a value to numeric constraints.
func (v Value) Constraints() []numeric.Constraint {
	cs := make([]numeric.Constraint, 0, len(v.Cons))
	for _, row := range v.Cons {
		var e numeric.LinExpr
		for i, a := range row[:v.N] {
			if a != 0 {
				e = e.Add(numeric.Var(numeric.Dim(i)).Scale(numeric.I(a)))
			}
		}
		cs = append(cs, numeric.Le(e, numeric.Const(row[v.N])))
	}
	return cs
}

// Prepared holds a workload's pairs as values of one domain, minimised.
type Prepared[V any] struct {
	D       numeric.Domain[V]
	N       int
	A, B, J []V // per pair: the operands and their join
	dims    []numeric.Dim
	exprs   []numeric.LinExpr
	// kept, when not nil, holds the first result of each op on each
	// pair that Do computed (KeepResults), for Check.
	kept map[opPair]V
}

type opPair struct {
	op   string
	pair int
}

// KeepResults makes Do keep the first result of each op on each pair, so
// that Check compares the results that were timed instead of computing
// them again.
func (p *Prepared[V]) KeepResults() {
	if p.kept == nil {
		p.kept = map[opPair]V{}
	}
}

// Prepare builds w's values in d and the joins of its pairs, all forced
// minimal, outside any timing.
func Prepare[V any](d numeric.Domain[V], w *Workload) (*Prepared[V], error) {
	if len(w.Values) < 2 {
		return nil, fmt.Errorf("%s: want at least 2 values", w.Name)
	}
	n := w.Values[0].N
	p := &Prepared[V]{D: d, N: n}
	for k := 0; k+1 < len(w.Values); k += 2 {
		va, vb := w.Values[k], w.Values[k+1]
		if va.N != n || vb.N != n {
			return nil, fmt.Errorf("%s: values of different dimensions", w.Name)
		}
		a := d.Assume(d.Top(n), va.Constraints()...)
		b := d.Assume(d.Top(n), vb.Constraints()...)
		p.force(a)
		p.force(b)
		j := d.Join(a, b)
		p.force(j)
		p.A, p.B, p.J = append(p.A, a), append(p.B, b), append(p.J, j)
	}
	// x0 := x1 + x(n-1) + 1 (x0 := x0 + 1 when n = 1).
	e := numeric.Var(numeric.Dim(n - 1)).AddConst(numeric.I(1))
	if n > 2 {
		e = e.Add(numeric.Var(1))
	}
	p.dims, p.exprs = []numeric.Dim{0}, []numeric.LinExpr{e}
	return p, nil
}

// force makes v minimal: IsBottom, then Constraints.
func (p *Prepared[V]) force(v V) {
	if !p.D.IsBottom(v) {
		p.D.Constraints(v)
	}
}

// Pairs returns the number of pairs.
func (p *Prepared[V]) Pairs() int { return len(p.A) }

// Do runs op on pair i and forces its result minimal.
func (p *Prepared[V]) Do(op string, i int) {
	if op == "leq" {
		if !p.D.Leq(p.A[i], p.J[i]) {
			panic("numbench: a is not below a join b")
		}
		return
	}
	r := p.compute(op, i)
	p.force(r)
	if p.kept != nil {
		if _, ok := p.kept[opPair{op, i}]; !ok {
			p.kept[opPair{op, i}] = r
		}
	}
}

// Result returns the result of op (not leq) on pair i: the one Do kept,
// or a new one.
func (p *Prepared[V]) Result(op string, i int) V {
	if r, ok := p.kept[opPair{op, i}]; ok {
		return r
	}
	return p.compute(op, i)
}

// compute computes the result of op (not leq) on pair i.
func (p *Prepared[V]) compute(op string, i int) V {
	d := p.D
	a, b, j := p.A[i], p.B[i], p.J[i]
	switch op {
	case "join":
		return d.Join(a, b)
	case "widen":
		return d.Widen(a, j)
	case "assign":
		return d.Assign(a, p.dims, p.exprs)
	case "forget":
		return d.Forget(a, 0)
	case "meet":
		return d.Meet(a, b)
	}
	panic("numbench: unknown op " + op)
}

// Time runs op over all pairs, round after round, until at least min
// of process CPU time has passed (and at least one round), and returns
// the mean CPU time of one operation. CPU time (user + system, all
// threads, so the garbage collector's work counts) is what a loaded,
// shared machine leaves steady; the PPL driver measures the same.
func (p *Prepared[V]) Time(op string, min time.Duration) time.Duration {
	start := CPUTime()
	n := 0
	for {
		for i := range p.A {
			p.Do(op, i)
			n++
		}
		if el := CPUTime() - start; el >= min {
			return el / time.Duration(n)
		}
	}
}

// CPUTime returns the CPU time the process has used (user + system).
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
