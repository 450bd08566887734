// This file computes sequence interpolants of a sequence of groups, each
// a dnf over SSA dimensions (see ssa.go), whose conjunction is
// unsatisfiable.
//
// The groups go to Z3 first, each under an assumption literal: a group
// outside the unsat core becomes true (a weaker formula, so interpolants
// of what is left are interpolants of the whole). The disjunctions left
// are split into cases; each case is a conjunction of linear constraints
// whose sequence interpolants come from a Farkas certificate (package
// itp). For the cut after group k, the case interpolants combine as
//
//	I_k = OR over the choices in groups <= k of
//	      AND over the choices in groups > k of I_k(case)
//
// which is implied by the prefix (for one prefix choice, every case's
// I_k is) and inconsistent with the suffix (for one suffix choice, that
// case's I_k is). The combination keeps the sequence property
// I_{k-1} ∧ G_k ⇒ I_k, which the labels of the tree need, since each
// case's partial Farkas sums have it. When a case has a rational
// solution (the infeasibility needs integers, or an operation the
// linear form drops) there is no certificate: no interpolants.

package impact

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/numpred/numpred/itp"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/smt"
)

// maxCases bounds the cases of one interpolation.
const maxCases = 64

// errNoInterpolant means the groups have no interpolants we can compute:
// their linear form is satisfiable, or too many cases.
var errNoInterpolant = errors.New("impact: no interpolant")

// errSat means the groups are satisfiable (in the linear form, over the
// integers).
var errSat = errors.New("impact: the linear form is satisfiable")

// dnfTerm returns the term of d, its dimensions named prefix+index.
func (r *runner) dnfTerm(d dnf, prefix string) *smt.Term {
	z := r.z
	ors := make([]*smt.Term, 0, len(d))
	for _, c := range d {
		ands := make([]*smt.Term, 0, len(c))
		for _, k := range c {
			ands = append(ands, r.constraintTerm(k, prefix))
		}
		switch len(ands) {
		case 0:
			ors = append(ors, z.True())
		case 1:
			ors = append(ors, ands[0])
		default:
			ors = append(ors, z.And(ands...))
		}
	}
	switch len(ors) {
	case 0:
		return z.False()
	case 1:
		return ors[0]
	}
	return z.Or(ors...)
}

func (r *runner) constraintTerm(k numeric.Constraint, prefix string) *smt.Term {
	z := r.z
	e := k.Expr()
	parts := []*smt.Term{}
	for _, t := range e.Terms() {
		x := z.Const(fmt.Sprintf("%s%d", prefix, t.Dim), z.IntSort())
		if t.Coef.Cmp(numeric.I(1)) != 0 {
			x = z.Mul(intLit(z, t.Coef), x)
		}
		parts = append(parts, x)
	}
	if c := e.Constant(); !c.IsZero() || len(parts) == 0 {
		parts = append(parts, intLit(z, c))
	}
	s := parts[0]
	if len(parts) > 1 {
		s = z.Add(parts...)
	}
	if k.Kind() == numeric.EQ {
		return z.Eq(s, z.IntVal(0))
	}
	return z.Le(s, z.IntVal(0))
}

func intLit(z *smt.Context, c numeric.Int) *smt.Term {
	if v, ok := c.Int64(); ok {
		return z.IntVal(v)
	}
	return z.IntBig(c.Big())
}

// core returns the indices of the groups in an unsat core of their
// conjunction, errSat when it is satisfiable.
func (r *runner) core(ctx context.Context, groups []dnf) ([]int, error) {
	z := r.z
	if r.coreSol == nil {
		r.coreSol = z.NewSimpleSolver()
	}
	sol := r.coreSol
	sol.Push()
	defer sol.Pop(1)
	var lits []*smt.Term
	index := map[string]int{}
	for i, g := range groups {
		if g.isTrue() {
			continue
		}
		b := z.Const(fmt.Sprintf("impact!g%d", i), z.BoolSort())
		sol.Assert(z.Implies(b, r.dnfTerm(g, "d!")))
		lits = append(lits, b)
		index[b.String()] = i
	}
	if err := sol.Err(); err != nil {
		return nil, err
	}
	res, err := r.checkSolver(ctx, sol, lits...)
	if err != nil {
		return nil, err
	}
	switch res {
	case smt.Sat:
		return nil, errSat
	case smt.Unknown:
		return nil, errNoInterpolant
	}
	cs, err := sol.UnsatCore()
	if err != nil {
		return nil, err
	}
	var out []int
	for _, b := range cs {
		i, ok := index[b.String()]
		if !ok {
			return nil, fmt.Errorf("impact: unknown literal %s in the unsat core", b)
		}
		out = append(out, i)
	}
	return out, nil
}

// checkSolver checks sol under lits, counting the query and its time.
func (r *runner) checkSolver(ctx context.Context, sol *smt.Solver, lits ...*smt.Term) (smt.Result, error) {
	t0 := time.Now()
	res, err := sol.CheckContext(ctx, lits...)
	r.stats.SMTTime += time.Since(t0)
	r.stats.SMTQueries++
	return res, err
}

// interpolate returns I_0, ..., I_{n-2} for groups G_0, ..., G_{n-1}
// (I_k after G_k), over SSA dimensions. It returns errSat when the
// groups are satisfiable, errNoInterpolant when it cannot interpolate.
func (r *runner) interpolate(ctx context.Context, groups []dnf) ([]dnf, error) {
	t0 := time.Now()
	defer func() { r.stats.ItpTime += time.Since(t0) }()
	core, err := r.core(ctx, groups)
	if err != nil {
		return nil, err
	}
	n := len(groups)
	kept := make([]dnf, n)
	for i := range kept {
		kept[i] = dnfTrue()
	}
	for _, i := range core {
		kept[i] = groups[i]
		if len(kept[i]) == 0 {
			kept[i] = dnf{conj{numeric.NewConstraint(numeric.Const(1), numeric.LE)}}
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
	cases := 1
	for _, g := range kept {
		cases *= len(g)
		if cases > maxCases {
			return nil, errNoInterpolant
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
			return nil, errNoInterpolant
		}
		if err != nil {
			return nil, err
		}
		all = append(all, caseItp{append([]int(nil), choice...), is})
	}
	out := make([]dnf, n-1)
	for k := 0; k < n-1; k++ {
		byPrefix := map[string]conj{}
		var order []string
		dead := map[string]bool{}
		for _, ci := range all {
			key := fmt.Sprint(ci.choice[:k+1])
			if breakage == "combine" {
				key = fmt.Sprint(ci.choice)
			}
			if _, ok := byPrefix[key]; !ok {
				byPrefix[key] = conj{}
				order = append(order, key)
			}
			c := ci.itps[k]
			switch {
			case c.IsTrue():
			case c.IsFalse():
				dead[key] = true
			default:
				byPrefix[key] = addConstraint(byPrefix[key], c.Rename(from))
			}
		}
		var d dnf
		for _, key := range order {
			if !dead[key] {
				d = addConj(d, byPrefix[key])
			}
		}
		if d.isTrue() {
			d = dnfTrue()
		}
		out[k] = d
	}
	return out, nil
}

// addConstraint appends k to c unless c has it.
func addConstraint(c conj, k numeric.Constraint) conj {
	for _, x := range c {
		if x.Equal(k) {
			return c
		}
	}
	return append(c, k)
}

// addConj appends c to d unless d has it.
func addConj(d dnf, c conj) dnf {
	for _, x := range d {
		if conjEqual(x, c) {
			return d
		}
	}
	return append(d, c)
}

func conjEqual(a, b conj) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		found := false
		for _, y := range b {
			if x.Equal(y) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func dnfEqual(a, b dnf) bool {
	if len(a) != len(b) {
		return false
	}
	for _, x := range a {
		found := false
		for _, y := range b {
			if conjEqual(x, y) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// dnfString formats d naming state dimensions by env.
func dnfString(d dnf, env *numeric.Env) string {
	if len(d) == 0 {
		return "false"
	}
	if d.isTrue() {
		return "true"
	}
	parts := make([]string, len(d))
	for i, c := range d {
		parts[i] = numeric.ConjString(c, env)
		if len(d) > 1 && len(c) > 1 {
			parts[i] = "(" + parts[i] + ")"
		}
	}
	return strings.Join(parts, " || ")
}
