// Package numpredtest is the conformance suite of numpred.Domain: lattice
// laws, widening termination and soundness against concrete states,
// run on every implementation over every numeric domain.
//
// Soundness is checked exhaustively on a finite universe: every state
// whose point lies in a box [-B, B]^n and whose predicate valuation is
// consistent (atom predicates agree with the point, opaque ones are
// free). For each operation op and value a, every concrete state of
// gamma(a) that op can reach must be in gamma(op(a)).
package numpredtest

import (
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/numpred"
)

// Universe is the finite set of concrete states the suite checks.
type Universe struct {
	Space  *numpred.Space
	B      int64
	States []numpred.State
}

// NewUniverse enumerates the consistent states of sp with points in
// [-b, b]^n.
func NewUniverse(sp *numpred.Space, b int64) *Universe {
	u := &Universe{Space: sp, B: b}
	n := sp.NumDims()
	point := make([]numeric.Int, n)
	var rec func(i int)
	rec = func(i int) {
		if i == n {
			u.addPreds(append([]numeric.Int(nil), point...))
			return
		}
		for v := -b; v <= b; v++ {
			point[i] = numeric.I(v)
			rec(i + 1)
		}
	}
	rec(0)
	return u
}

func (u *Universe) addPreds(point []numeric.Int) {
	sp := u.Space
	np := sp.NumPreds()
	var opaque []int
	base := make([]bool, np)
	for i := 0; i < np; i++ {
		if a, ok := sp.PredAtom(numpred.PredID(i)); ok {
			base[i] = a.Sat(point)
		} else {
			opaque = append(opaque, i)
		}
	}
	for mask := 0; mask < 1<<len(opaque); mask++ {
		ps := append([]bool(nil), base...)
		for j, i := range opaque {
			ps[i] = mask&(1<<j) != 0
		}
		u.States = append(u.States, numpred.State{Preds: ps, Primed: make([]bool, np), Point: point})
	}
}

// Post returns the concrete successors of st under t (havocked variables
// range over [-B, B]). Successors whose atom predicates disagree with
// their point do not exist and are dropped.
func (u *Universe) Post(t numpred.Transformer, st numpred.State) []numpred.State {
	sp := u.Space
	switch t := t.(type) {
	case numpred.NumAssign:
		return u.numPost(t, nil, st)
	case numpred.Assume:
		if t.Cond.Eval(st) {
			return []numpred.State{st}
		}
		return nil
	case numpred.Cond:
		if !t.Guard.Eval(st) {
			return nil
		}
		return u.numPost(t.Num, nil, st)
	case numpred.PredAssign:
		var out []numpred.State
		for _, s := range u.predPost(t, st) {
			if sp.Consistent(s) {
				out = append(out, s)
			}
		}
		return out
	case numpred.NumPred:
		if !t.Guard.Eval(st) {
			return nil
		}
		var out []numpred.State
		for _, s := range u.predPost(t.Pred, st) {
			// tau_N reads the old point; tau_P's targets keep their chosen
			// values.
			s.Point = st.Point
			out = append(out, u.numPost(t.Num, t.Pred.Preds, s)...)
		}
		return out
	case numpred.Seq:
		cur := []numpred.State{st}
		for _, v := range t {
			var next []numpred.State
			for _, s := range cur {
				next = append(next, u.Post(v, s)...)
			}
			cur = next
		}
		return cur
	case numpred.Choice:
		var out []numpred.State
		for _, v := range t {
			out = append(out, u.Post(v, st)...)
		}
		return out
	}
	panic("numpredtest: unknown transformer")
}

// predPost enumerates the predicate valuations R allows (the point is
// unchanged).
func (u *Universe) predPost(t numpred.PredAssign, st numpred.State) []numpred.State {
	out := []numpred.State{cloneState(st)}
	for i, p := range t.Preds {
		tv, fv := t.T[i].Eval(st), t.F[i].Eval(st)
		var next []numpred.State
		for _, s := range out {
			for _, val := range []bool{true, false} {
				// R_i = (p' && !f) || (!p' && !t)
				if (val && fv) || (!val && tv) {
					continue
				}
				s2 := cloneState(s)
				s2.Preds[p] = val
				next = append(next, s2)
			}
		}
		out = next
	}
	return out
}

// numPost applies tau_N; atom predicates not in keep are recomputed from
// the new point; states inconsistent with it are dropped.
func (u *Universe) numPost(t numpred.NumAssign, keep []numpred.PredID, st numpred.State) []numpred.State {
	sp := u.Space
	pt := append([]numeric.Int(nil), st.Point...)
	for i, d := range t.Dims {
		pt[d] = t.Exprs[i].Eval(st.Point)
	}
	pts := [][]numeric.Int{pt}
	for _, d := range t.Havoc {
		var next [][]numeric.Int
		for _, p := range pts {
			for v := -u.B; v <= u.B; v++ {
				q := append([]numeric.Int(nil), p...)
				q[d] = numeric.I(v)
				next = append(next, q)
			}
		}
		pts = next
	}
	kept := map[numpred.PredID]bool{}
	for _, p := range keep {
		kept[p] = true
	}
	var out []numpred.State
	for _, p := range pts {
		s := cloneState(st)
		s.Point = p
		for i := 0; i < sp.NumPreds(); i++ {
			if a, ok := sp.PredAtom(numpred.PredID(i)); ok && !kept[numpred.PredID(i)] {
				s.Preds[i] = a.Sat(p)
			}
		}
		if sp.Consistent(s) {
			out = append(out, s)
		}
	}
	return out
}

func cloneState(s numpred.State) numpred.State {
	return numpred.State{
		Preds:  append([]bool(nil), s.Preds...),
		Primed: append([]bool(nil), s.Primed...),
		Point:  append([]numeric.Int(nil), s.Point...),
	}
}
