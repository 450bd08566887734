// This file implements the transformer language of Fig. 5: numeric
// parallel assignment, assume, conditional, parallel predicate choice,
// numeric-and-predicate, sequence and non-deterministic choice.

package numpred

import (
	"fmt"
	"strings"

	"github.com/numpred/numpred/numeric"
)

// Transformer is an abstract transformer tau of Fig. 5. The concrete types
// are NumAssign (tau_N), Assume (tau_a), Cond (tau_c), PredAssign (tau_P),
// NumPred (tau_NP), Seq and Choice. Check one with Space.Check before
// handing it to a domain.
type Transformer interface {
	String(sp *Space) string
	isTransformer()
}

// NumAssign is tau_N: the parallel assignment Dims[i] := Exprs[i] (all
// right-hand sides read the state before the assignment), after which the
// Havoc dimensions take arbitrary values. Dims and Havoc are disjoint and
// without repeats.
//
// Atom predicates always mean their atom in the current state: applying
// tau_N forgets every atom predicate that mentions an assigned or havocked
// dimension (NumPred excepts the predicates its tau_P assigns), so a
// transformer need not mention them to stay sound.
type NumAssign struct {
	Dims  []numeric.Dim
	Exprs []numeric.LinExpr
	Havoc []numeric.Dim
}

// Assign returns the single assignment x := e.
func Assign(x numeric.Dim, e numeric.LinExpr) NumAssign {
	return NumAssign{Dims: []numeric.Dim{x}, Exprs: []numeric.LinExpr{e}}
}

// Havoc returns the transformer giving dims arbitrary values.
func Havoc(dims ...numeric.Dim) NumAssign { return NumAssign{Havoc: dims} }

// Assume is tau_a = assume(Cond): X ↦ meet(alpha(Cond), X).
type Assume struct{ Cond Expr }

// Cond is tau_c = Guard ? Num: assume(Guard) followed by Num.
type Cond struct {
	Guard Expr
	Num   NumAssign
}

// PredAssign is tau_P: the parallel assignments Preds[i] := choice(T[i],
// F[i]): p_i becomes true where T[i] holds, false where F[i] holds, and
// either where neither holds, all evaluated before the assignment. Its
// relation is R = /\_i (p_i' && !F[i]) || (!p_i' && !T[i]).
type PredAssign struct {
	Preds []PredID
	T, F  []Expr
}

// Choose returns the single predicate assignment p := choice(t, f).
func Choose(p PredID, t, f Expr) PredAssign {
	return PredAssign{Preds: []PredID{p}, T: []Expr{t}, F: []Expr{f}}
}

// SetPred returns p := e, that is p := choice(e, !e).
func SetPred(p PredID, e Expr) PredAssign { return Choose(p, e, Not(e)) }

// And returns the parallel composition of a and b (disjoint targets).
func (a PredAssign) And(b PredAssign) PredAssign {
	return PredAssign{
		Preds: append(append([]PredID(nil), a.Preds...), b.Preds...),
		T:     append(append([]Expr(nil), a.T...), b.T...),
		F:     append(append([]Expr(nil), a.F...), b.F...),
	}
}

// NumPred is tau_NP = (Guard ? Num) && Pred: both read the state before
// the transformer. Domains other than NDD apply it as assume(Guard); Pred;
// Num (Section IV); NDD uses shadow variables (Section V-D).
type NumPred struct {
	Guard Expr
	Num   NumAssign
	Pred  PredAssign
}

// Seq is tau_1; tau_2; ...: function composition (Skip when empty).
type Seq []Transformer

// Choice is tau_1 || tau_2 || ...: the join of the results (infeasible
// when empty).
type Choice []Transformer

// Skip is the identity transformer.
func Skip() Transformer { return Seq(nil) }

func (NumAssign) isTransformer()  {}
func (Assume) isTransformer()     {}
func (Cond) isTransformer()       {}
func (PredAssign) isTransformer() {}
func (NumPred) isTransformer()    {}
func (Seq) isTransformer()        {}
func (Choice) isTransformer()     {}

// String formats t, e.g. "x := x + 1 && y := 0".
func (t NumAssign) String(sp *Space) string {
	env := envOf(sp)
	var parts []string
	for i, d := range t.Dims {
		parts = append(parts, env.Name(d)+" := "+t.Exprs[i].String(env))
	}
	for _, d := range t.Havoc {
		parts = append(parts, env.Name(d)+" := *")
	}
	if len(parts) == 0 {
		return "skip"
	}
	return strings.Join(parts, " && ")
}

// String formats t as "assume(e)".
func (t Assume) String(sp *Space) string { return "assume(" + t.Cond.String(sp) + ")" }

// String formats t as "e ? tau_N".
func (t Cond) String(sp *Space) string {
	return "(" + t.Guard.String(sp) + ") ? " + t.Num.String(sp)
}

// String formats t as "p := choice(t, f) && ...".
func (t PredAssign) String(sp *Space) string {
	parts := make([]string, len(t.Preds))
	for i, p := range t.Preds {
		parts[i] = P(p).String(sp) + " := choice(" + t.T[i].String(sp) + ", " + t.F[i].String(sp) + ")"
	}
	return strings.Join(parts, " && ")
}

// String formats t as "(e ? tau_N) && tau_P".
func (t NumPred) String(sp *Space) string {
	return "((" + t.Guard.String(sp) + ") ? " + t.Num.String(sp) + ") && " + t.Pred.String(sp)
}

// String formats t as "tau_1; tau_2".
func (t Seq) String(sp *Space) string {
	if len(t) == 0 {
		return "skip"
	}
	parts := make([]string, len(t))
	for i, u := range t {
		parts[i] = u.String(sp)
	}
	return "(" + strings.Join(parts, "; ") + ")"
}

// String formats t as "tau_1 || tau_2".
func (t Choice) String(sp *Space) string {
	if len(t) == 0 {
		return "infeasible"
	}
	parts := make([]string, len(t))
	for i, u := range t {
		parts[i] = u.String(sp)
	}
	return "(" + strings.Join(parts, " || ") + ")"
}

func envOf(sp *Space) *numeric.Env {
	if sp == nil {
		return nil
	}
	return sp.env
}

// Check reports whether t is well formed over s: dimensions and
// predicates in range, assignment targets distinct, matching lengths.
func (s *Space) Check(t Transformer) error {
	switch t := t.(type) {
	case NumAssign:
		return s.checkNum(t)
	case Assume:
		return s.CheckExpr(t.Cond)
	case Cond:
		if err := s.CheckExpr(t.Guard); err != nil {
			return err
		}
		return s.checkNum(t.Num)
	case PredAssign:
		return s.checkPred(t)
	case NumPred:
		if err := s.CheckExpr(t.Guard); err != nil {
			return err
		}
		if err := s.checkNum(t.Num); err != nil {
			return err
		}
		return s.checkPred(t.Pred)
	case Seq:
		for _, u := range t {
			if err := s.Check(u); err != nil {
				return err
			}
		}
		return nil
	case Choice:
		for _, u := range t {
			if err := s.Check(u); err != nil {
				return err
			}
		}
		return nil
	case nil:
		return fmt.Errorf("numpred: nil transformer")
	}
	return fmt.Errorf("numpred: unknown transformer %T", t)
}

func (s *Space) checkDim(d numeric.Dim) error {
	if d < 0 || int(d) >= s.NumDims() {
		return fmt.Errorf("numpred: dimension %d out of range [0,%d)", d, s.NumDims())
	}
	return nil
}

func (s *Space) checkNum(t NumAssign) error {
	if len(t.Dims) != len(t.Exprs) {
		return fmt.Errorf("numpred: assignment with %d targets and %d expressions", len(t.Dims), len(t.Exprs))
	}
	seen := map[numeric.Dim]bool{}
	for _, d := range append(append([]numeric.Dim(nil), t.Dims...), t.Havoc...) {
		if err := s.checkDim(d); err != nil {
			return err
		}
		if seen[d] {
			return fmt.Errorf("numpred: variable %s assigned twice", s.env.Name(d))
		}
		seen[d] = true
	}
	for _, e := range t.Exprs {
		if int(e.MaxDim()) >= s.NumDims() {
			return fmt.Errorf("numpred: expression %s mentions dimension %d out of range", e.String(s.env), e.MaxDim())
		}
	}
	return nil
}

func (s *Space) checkPred(t PredAssign) error {
	if len(t.Preds) != len(t.T) || len(t.Preds) != len(t.F) {
		return fmt.Errorf("numpred: predicate assignment with %d targets, %d true and %d false conditions", len(t.Preds), len(t.T), len(t.F))
	}
	seen := map[PredID]bool{}
	for i, p := range t.Preds {
		if p < 0 || int(p) >= s.NumPreds() {
			return fmt.Errorf("numpred: predicate %d out of range [0,%d)", p, s.NumPreds())
		}
		if seen[p] {
			return fmt.Errorf("numpred: predicate %s assigned twice", s.PredName(p))
		}
		seen[p] = true
		if err := s.CheckExpr(t.T[i]); err != nil {
			return err
		}
		if err := s.CheckExpr(t.F[i]); err != nil {
			return err
		}
	}
	return nil
}

// CheckExpr reports whether e only mentions predicates and dimensions of s.
func (s *Space) CheckExpr(e Expr) error {
	switch e.kind {
	case ExprPred:
		if e.pred < 0 || int(e.pred) >= s.NumPreds() {
			return fmt.Errorf("numpred: predicate %d out of range [0,%d)", e.pred, s.NumPreds())
		}
	case ExprAtom:
		if int(e.atom.Expr().MaxDim()) >= s.NumDims() {
			return fmt.Errorf("numpred: atom %s mentions dimension %d out of range", e.atom.String(s.env), e.atom.Expr().MaxDim())
		}
	}
	for _, a := range e.args {
		if err := s.CheckExpr(a); err != nil {
			return err
		}
	}
	return nil
}
