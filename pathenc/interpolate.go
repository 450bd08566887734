// This file computes sequence interpolants of a sequence of groups, each
// a DNF over SSA dimensions, whose conjunction is unsatisfiable.
//
// With a solver, the groups go to Z3 first, each under an assumption
// literal: a group outside the unsat core becomes true (a weaker
// formula, so interpolants of what is left are interpolants of the
// whole). The disjunctions left are split into cases; each case is a
// conjunction of linear constraints whose sequence interpolants come
// from a Farkas certificate (package itp). For the cut after group k,
// the case interpolants combine as
//
//	I_k = OR over the choices in groups <= k of
//	      AND over the choices in groups > k of I_k(case)
//
// which is implied by the prefix (for one prefix choice, every case's
// I_k is) and inconsistent with the suffix (for one suffix choice, that
// case's I_k is). The combination keeps the sequence property
// I_{k-1} ∧ G_k ⇒ I_k, since each case's partial Farkas sums have it.
// When a case has a rational solution (the infeasibility needs integers,
// or an operation the linear form drops) there is no certificate: no
// interpolants.

package pathenc

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/numpred/numpred/itp"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/smt"
)

// DefaultMaxCases bounds the cases of one interpolation.
const DefaultMaxCases = 64

// ErrNoInterpolant means the groups have no interpolants Sequence can
// compute: a case has a rational solution, or there are too many cases.
var ErrNoInterpolant = errors.New("pathenc: no interpolant")

// ErrSat means the groups are satisfiable over the integers (decided by
// the solver; an Interpolator without one reports ErrNoInterpolant).
var ErrSat = errors.New("pathenc: the linear form is satisfiable")

// Interpolator computes sequence interpolants of DNF groups.
type Interpolator struct {
	// Z, when non-nil, decides satisfiability and narrows the groups to an
	// unsat core before splitting cases; nil: every group counts.
	Z *smt.Context
	// MaxCases bounds the cases (default DefaultMaxCases).
	MaxCases int
	// Queries and SMTTime count the solver's checks.
	Queries int
	SMTTime time.Duration
	sol     *smt.Solver
	// breakCombine, set by tests only, joins the case interpolants by a
	// disjunction over all cases (wrong: the sequence test must notice).
	breakCombine bool
}

// Close frees the solver.
func (ip *Interpolator) Close() {
	if ip.sol != nil {
		ip.sol.Close()
		ip.sol = nil
	}
}

// core returns the groups weakened to an unsat core of their
// conjunction: a group outside the core becomes true, and a group that is
// one conjunction keeps only its constraints in the core (each is
// asserted under a literal of its own: a long block of a path, most of
// whose constraints have nothing to do with the error, shrinks to the few
// that do, and so do the linear programs of its interpolants). Weakened
// groups are still unsatisfiable together, and their interpolants are
// interpolants of the groups. It returns ErrSat when the conjunction is
// satisfiable.
func (ip *Interpolator) core(ctx context.Context, groups []DNF) ([]DNF, error) {
	z := ip.Z
	if ip.sol == nil {
		ip.sol = z.NewSimpleSolver()
	}
	sol := ip.sol
	sol.Push()
	defer sol.Pop(1)
	type member struct{ group, conj int } // conj < 0: the whole group
	var lits []*smt.Term
	index := map[*smt.Term]member{}
	for i, g := range groups {
		if g.IsTrue() {
			continue
		}
		if len(g) == 1 {
			for j, k := range g[0] {
				b := z.Const(fmt.Sprintf("pathenc!g%d.%d", i, j), z.BoolSort())
				sol.Assert(z.Implies(b, ConstraintTerm(z, k, "d!")))
				lits = append(lits, b)
				index[b] = member{i, j}
			}
			continue
		}
		b := z.Const(fmt.Sprintf("pathenc!g%d", i), z.BoolSort())
		sol.Assert(z.Implies(b, Term(z, g, "d!")))
		lits = append(lits, b)
		index[b] = member{i, -1}
	}
	if err := sol.Err(); err != nil {
		return nil, err
	}
	t0 := time.Now()
	res, err := sol.CheckContext(ctx, lits...)
	ip.SMTTime += time.Since(t0)
	ip.Queries++
	if err != nil {
		return nil, err
	}
	switch res {
	case smt.Sat:
		return nil, ErrSat
	case smt.Unknown:
		return nil, ErrNoInterpolant
	}
	cs, err := sol.UnsatCore()
	if err != nil {
		return nil, err
	}
	out := make([]DNF, len(groups))
	for i := range out {
		out[i] = True()
	}
	for _, b := range cs {
		m, ok := index[b]
		if !ok {
			return nil, fmt.Errorf("pathenc: unknown literal %s in the unsat core", b)
		}
		if m.conj < 0 {
			out[m.group] = groups[m.group]
			continue
		}
		out[m.group][0] = append(out[m.group][0], groups[m.group][0][m.conj])
	}
	return out, nil
}

// Sequence returns I_0, ..., I_{n-2} for groups G_0, ..., G_{n-1} (I_k
// after G_k), over the groups' dimensions. It returns ErrSat when the
// solver finds the groups satisfiable, ErrNoInterpolant when it cannot
// interpolate.
func (ip *Interpolator) Sequence(ctx context.Context, groups []DNF) ([]DNF, error) {
	n := len(groups)
	if n == 0 {
		return nil, ErrNoInterpolant
	}
	kept := make([]DNF, n)
	for i := range kept {
		kept[i] = True()
	}
	if ip.Z != nil {
		core, err := ip.core(ctx, groups)
		if err != nil {
			return nil, err
		}
		copy(kept, core)
	} else {
		copy(kept, groups)
	}
	for i, g := range kept {
		if len(g) == 0 {
			kept[i] = DNF{Conj{numeric.NewConstraint(numeric.Const(1), numeric.LE)}}
		}
	}
	// Compact the dimensions the kept groups mention.
	dims := map[numeric.Dim]numeric.Dim{}
	var back []numeric.Dim
	for _, g := range kept {
		for _, c := range g {
			for _, k := range c {
				for _, t := range k.Expr().Terms() {
					if _, ok := dims[t.Dim]; !ok {
						dims[t.Dim] = numeric.Dim(len(back))
						back = append(back, t.Dim)
					}
				}
			}
		}
	}
	to := func(d numeric.Dim) numeric.Dim { return dims[d] }
	from := func(d numeric.Dim) numeric.Dim { return back[d] }
	// The cases: one choice per group.
	maxCases := ip.MaxCases
	if maxCases <= 0 {
		maxCases = DefaultMaxCases
	}
	cases := 1
	for _, g := range kept {
		cases *= len(g)
		if cases > maxCases {
			return nil, ErrNoInterpolant
		}
	}
	type caseItp struct {
		choice []int
		itps   []numeric.Constraint
	}
	all := make([]caseItp, 0, cases)
	choice := make([]int, n)
	for c := 0; c < cases; c++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		rest := c
		gs := make([][]numeric.Constraint, n)
		for i, g := range kept {
			choice[i] = rest % len(g)
			rest /= len(g)
			for _, k := range g[choice[i]] {
				gs[i] = append(gs[i], k.Rename(to))
			}
		}
		is, err := itp.Sequence(gs, len(back))
		if errors.Is(err, itp.ErrFeasible) {
			return nil, ErrNoInterpolant
		}
		if err != nil {
			return nil, err
		}
		all = append(all, caseItp{append([]int(nil), choice...), is})
	}
	out := make([]DNF, n-1)
	for k := 0; k < n-1; k++ {
		byPrefix := map[string]Conj{}
		var order []string
		dead := map[string]bool{}
		for _, ci := range all {
			key := fmt.Sprint(ci.choice[:k+1])
			if ip.breakCombine {
				key = fmt.Sprint(ci.choice)
			}
			if _, ok := byPrefix[key]; !ok {
				byPrefix[key] = Conj{}
				order = append(order, key)
			}
			c := ci.itps[k]
			switch {
			case c.IsTrue():
			case c.IsFalse():
				dead[key] = true
			default:
				if r := c.Rename(from); !byPrefix[key].Has(r) {
					byPrefix[key] = append(byPrefix[key], r)
				}
			}
		}
		var d DNF
		for _, key := range order {
			if !dead[key] && !d.Has(byPrefix[key]) {
				d = append(d, byPrefix[key])
			}
		}
		if d.IsTrue() {
			d = True()
		}
		out[k] = d
	}
	return out, nil
}
