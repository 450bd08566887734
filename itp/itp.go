// Package itp computes Craig interpolants of linear arithmetic from
// Farkas certificates, for the refiners of the CEGAR loop (package
// cegar) and, later, of the ABE and IMPACT engines.
//
// # Method
//
// A conjunction of linear constraints r_i = a_i·x + c_i <= 0 (or = 0)
// without a rational solution has, by Farkas' lemma, multipliers y_i
// (>= 0 for the inequalities) with sum_i y_i a_i = 0 and sum_i y_i c_i > 0:
// the sum of the y_i r_i reads 0 < 0. The exact simplex
// (internal/simplex) returns them. Split the constraints into a prefix A
// and a suffix B: the partial sum I = sum_{i in A} y_i r_i <= 0 is implied
// by A, and I + sum_{i in B} y_i r_i is the contradiction, so I ∧ B is
// unsatisfiable. A variable that only A mentions has coefficient 0 in the
// whole sum and none in B's part, hence 0 in I: I speaks only of the
// variables A and B share. This is McMillan's interpolation for linear
// arithmetic ("An interpolating theorem prover", TCS 2005).
//
// For a sequence A_1, ..., A_n, the partial sums after each A_k are
// sequence interpolants: I_0 = true, A_1 ∧ ... ∧ A_k ⇒ I_k (so
// I_{k-1} ∧ A_k ⇒ I_k, since I_k = I_{k-1} + the part of A_k), I_n =
// false, each I_k over the variables both sides of the cut share.
//
// The certificate is rational: over the integers, a conjunction with
// rational solutions but no integer one (2x = 1) has no Farkas
// certificate, and Sequence reports ErrFeasible. Interpolants are scaled
// to integer coefficients and normalised as numeric.Constraint does
// (gcd, integer tightening), which keeps them implied by their prefix
// over the integers.
package itp

import (
	"errors"

	"github.com/numpred/numpred/internal/simplex"
	"github.com/numpred/numpred/numeric"
)

// ErrFeasible means the constraints have a rational solution (or the
// simplex's work budget ran out): there is no Farkas certificate.
var ErrFeasible = errors.New("itp: the constraints have a rational solution (no Farkas certificate)")

// Sequence returns the sequence interpolants I_1, ..., I_{n-1} of groups
// A_1, ..., A_n (conjunctions of constraints over dimensions below
// nvars) whose conjunction has no rational solution. An interpolant may
// be a constant constraint (true: 0 <= 0; false: 1 <= 0).
func Sequence(groups [][]numeric.Constraint, nvars int) ([]numeric.Constraint, error) {
	var rows []simplex.Row
	var group []int
	for k, g := range groups {
		for _, c := range g {
			rows = append(rows, row(c, nvars))
			group = append(group, k)
		}
	}
	y, infeasible := simplex.Farkas(rows, nvars)
	if !infeasible {
		return nil, ErrFeasible
	}
	// Integer multipliers: y times the lcm of its denominators.
	l := numeric.I(1)
	for _, q := range y {
		if q.Sign() != 0 {
			l = lcm(l, q.Den())
		}
	}
	mult := make([]numeric.Int, len(y))
	for i, q := range y {
		if q.Sign() != 0 {
			mult[i] = q.Num().Mul(l.FloorDiv(q.Den()))
		}
	}
	out := make([]numeric.Constraint, 0, len(groups))
	var sum numeric.LinExpr
	i := 0
	for k := range groups {
		for ; i < len(rows) && group[i] == k; i++ {
			if !mult[i].IsZero() {
				sum = sum.Add(flat(groups, i).Expr().Scale(mult[i]))
			}
		}
		if k < len(groups)-1 {
			out = append(out, numeric.NewConstraint(sum, numeric.LE))
		}
	}
	return out, nil
}

// Binary returns an interpolant of a and b: a constraint implied by a,
// inconsistent with b, over the dimensions both mention.
func Binary(a, b []numeric.Constraint, nvars int) (numeric.Constraint, error) {
	is, err := Sequence([][]numeric.Constraint{a, b}, nvars)
	if err != nil {
		return numeric.Constraint{}, err
	}
	return is[0], nil
}

// flat returns the i-th constraint of the groups in order.
func flat(groups [][]numeric.Constraint, i int) numeric.Constraint {
	for _, g := range groups {
		if i < len(g) {
			return g[i]
		}
		i -= len(g)
	}
	panic("itp: constraint index out of range")
}

// row is c as a simplex row over nvars dimensions.
func row(c numeric.Constraint, nvars int) simplex.Row {
	e := c.Expr()
	coefs := make([]numeric.Int, nvars)
	for _, t := range e.Terms() {
		coefs[t.Dim] = t.Coef
	}
	return simplex.Row{Coefs: coefs, Const: e.Constant(), Eq: c.Kind() == numeric.EQ}
}

func lcm(a, b numeric.Int) numeric.Int {
	return a.FloorDiv(a.GCD(b)).Mul(b).Abs()
}
