// This file implements reduce on a pair (p, n) of a predicate BDD and a
// numeric value, the building block of reduce in NEXPOINT, NEX and MTNDD
// (alpha(gamma(p, n)), Section V-A), without enumerating p's paths.
//
// Feasible paths. feasiblePaths is a depth-first walk of a predicate BDD
// that carries the numeric value refined by the literals taken so far and
// abandons a branch as soon as that value is empty. Enumerating every
// path and refining each afterwards costs the number of paths; on an
// SV-COMP ssh task's error location (102 predicates) that did not finish
// in 30 s, while most prefixes are already contradictory (two different
// values of one state variable).
//
// Components. Even the feasible paths are exponential in the number of
// independent predicates (the lock template: p_i = 0 and lk_i = 1 for
// every lock i, 2^N consistent valuations). Their atoms fall apart into
// components that share no dimension (nor a relational constraint of n):
// the literals of one component constrain n independently of the
// others', so pointReduce refines n component by component, searching the
// paths of p projected on one component at a time, and a path is feasible
// exactly when each component's part is. splitReduce, which refines n per
// valuation (the precision of NEX and MTNDD), searches the joint paths but
// at most limit of them, and otherwise falls back to pointReduce.

package numpred

import (
	"sort"

	"github.com/numpred/numpred/bdd"
	"github.com/numpred/numpred/numeric"
)

// maxComponentPaths bounds the feasible paths pointReduce refines n along
// in one component; a component with more is not used to refine n (a
// sound loss: reduce only ever adds information).
const maxComponentPaths = 1 << 12

// feasiblePaths calls f with the literals and the refined numeric value of
// every path of u whose literals are consistent with n (in the numeric
// domain's judgement), until f returns false.
func (c *numCore[V]) feasiblePaths(u bdd.Node, n V, f func(lits []PredLit, n V) bool) {
	var lits []PredLit
	var walk func(u bdd.Node, n V) bool
	walk = func(u bdd.Node, n V) bool {
		c.poll()
		if c.m.IsFalse(u) {
			return true
		}
		if c.m.IsTrue(u) {
			return f(lits, n)
		}
		v, err := c.m.Var(u)
		if err != nil {
			c.fail(err)
		}
		for _, pos := range []bool{true, false} {
			var next bdd.Node
			if pos {
				next, err = c.m.High(u)
			} else {
				next, err = c.m.Low(u)
			}
			if err != nil {
				c.fail(err)
			}
			if c.m.IsFalse(next) {
				continue
			}
			m := n
			pl, isPred := c.predLitOf(bdd.Literal{Var: v, Pos: pos})
			if isPred {
				if p := c.sp.preds[pl.Pred]; p.hasAtom && !pl.Primed {
					m = c.assumeLit(n, p.atom, pl.Pos)
					if c.num.IsBottom(m) {
						continue
					}
				}
				lits = append(lits, pl)
			}
			ok := walk(next, m)
			if isPred {
				lits = lits[:len(lits)-1]
			}
			if !ok {
				return false
			}
		}
		return true
	}
	walk(u, n)
}

// atomPreds returns the atom predicates whose current variables p
// depends on, and the other variables of p's support.
func (c *numCore[V]) atomPreds(p bdd.Node) (atoms []PredID, others []int) {
	vs, err := c.m.Support(p)
	if err != nil {
		c.fail(err)
	}
	for _, v := range vs {
		if r, i := c.m.RoleOf(v); r == bdd.Pred && c.sp.preds[i].hasAtom {
			atoms = append(atoms, PredID(i))
			continue
		}
		others = append(others, v)
	}
	return atoms, others
}

// predComponents partitions ps by the connected components of their atoms'
// dimensions, linked also by n's relational constraints.
func (c *numCore[V]) predComponents(ps []PredID, n V) [][]PredID {
	uf := dimUnion{}
	for _, p := range ps {
		uf.join(c.sp.preds[p].atom)
	}
	for _, k := range c.num.Constraints(n) {
		if len(k.Expr().Terms()) > 1 {
			uf.join(k)
		}
	}
	byRoot := map[numeric.Dim][]PredID{}
	var roots []numeric.Dim
	for _, p := range ps {
		r := uf.find(c.sp.preds[p].atom.Expr().Term(0).Dim)
		if _, ok := byRoot[r]; !ok {
			roots = append(roots, r)
		}
		byRoot[r] = append(byRoot[r], p)
	}
	sort.Slice(roots, func(i, j int) bool { return roots[i] < roots[j] })
	out := make([][]PredID, len(roots))
	for i, r := range roots {
		out[i] = byRoot[r]
	}
	return out
}

// project returns exists (support(p) \ keep). p, over the current
// variables of keep.
func (c *numCore[V]) project(p bdd.Node, all []PredID, others []int, keep []PredID) bdd.Node {
	in := map[PredID]bool{}
	for _, q := range keep {
		in[q] = true
	}
	drop := append([]int(nil), others...)
	for _, q := range all {
		if !in[q] {
			drop = append(drop, c.predVar(q, false))
		}
	}
	return c.exists(p, drop)
}

// litsCube returns the cube of lits and of the literals implied by n
// among the atom predicates of ps not in lits.
func (c *numCore[V]) litsCube(lits []PredLit, n V, ps []PredID) bdd.Node {
	skip := map[PredID]bool{}
	for _, l := range lits {
		if !l.Primed {
			skip[l.Pred] = true
		}
	}
	out := append([]PredLit(nil), lits...)
	for _, q := range ps {
		if skip[q] {
			continue
		}
		pos, neg := c.decides(n, c.sp.preds[q].atom)
		switch {
		case pos:
			out = append(out, PredLit{Pred: q, Pos: true})
		case neg:
			out = append(out, PredLit{Pred: q, Pos: false})
		}
	}
	return c.predCube(out)
}

// unusedAtoms returns the atom predicates not in ps.
func (c *numCore[V]) unusedAtoms(ps []PredID) []PredID {
	in := map[PredID]bool{}
	for _, p := range ps {
		in[p] = true
	}
	var out []PredID
	for i, p := range c.sp.preds {
		if p.hasAtom && !in[PredID(i)] {
			out = append(out, PredID(i))
		}
	}
	return out
}

// pointReduce returns alpha(gamma(p, n)) as one pair: the valuations of p
// consistent with n, with the predicates n decides, and n refined by the
// literals of those valuations (joined over them). ok is false when no
// valuation is consistent. It works one component of atoms at a time, on
// the value refined by the components before, and repeats the round while
// it refines p: p may correlate components (with q = (x = 0), r = (y = 0),
// reduce(q || r, x = 3) learns !q from x, then r and y = 0 from that).
func (c *numCore[V]) pointReduce(p bdd.Node, n V) (bdd.Node, V, bool) {
	if c.m.IsFalse(p) || c.num.IsBottom(n) {
		return c.ff(), c.bot(), false
	}
	atoms, others := c.atomPreds(p)
	comps := c.predComponents(atoms, n)
	rp, rn := p, n
	for round := 0; round < maxReduceRounds; round++ {
		before := rp.ID()
		for _, comp := range comps {
			pc := c.project(rp, atoms, others, comp)
			accP, accN, k := c.ff(), c.bot(), 0
			c.feasiblePaths(pc, rn, func(lits []PredLit, m V) bool {
				k++
				if k > maxComponentPaths {
					return false
				}
				accP = c.or(accP, c.litsCube(lits, m, comp))
				accN = c.num.Join(accN, m)
				return true
			})
			if k == 0 {
				return c.ff(), c.bot(), false
			}
			if k > maxComponentPaths {
				continue
			}
			rp = c.and(rp, accP)
			rn = accN
		}
		if rp.ID() == before || len(comps) < 2 {
			break
		}
	}
	if c.m.IsFalse(rp) || c.num.IsBottom(rn) {
		return c.ff(), c.bot(), false
	}
	rp = c.and(rp, c.litsCube(nil, rn, c.unusedAtoms(atoms)))
	return rp, rn, !c.m.IsFalse(rp)
}

// maxReduceRounds bounds the rounds of pointReduce over the components.
const maxReduceRounds = 4

// pointEmpty reports whether no valuation of p is consistent with n. The
// components' rounds of pointReduce decide it: each restricts p to the
// valuations whose part in that component is feasible, and parts in
// different components (sharing no dimension) are jointly feasible when
// each is.
func (c *numCore[V]) pointEmpty(p bdd.Node, n V) bool {
	_, _, ok := c.pointReduce(p, n)
	return !ok
}

// refined is one piece of a reduced value: predicate valuations and
// their numeric value.
type refined[V any] struct {
	p bdd.Node
	n V
}

// splitReduce returns alpha(gamma(p, n)) refined per valuation: one piece
// per feasible path of p's atom predicates, with n refined by the path's
// literals and the path extended by what that value decides. The pieces'
// predicate parts are disjoint. With a limit (> 0) and more feasible
// paths than it, it returns the single piece of pointReduce instead.
func (c *numCore[V]) splitReduce(p bdd.Node, n V, limit int) []refined[V] {
	if c.m.IsFalse(p) || c.num.IsBottom(n) {
		return nil
	}
	atoms, others := c.atomPreds(p)
	if len(atoms) == 0 {
		q := c.and(p, c.litsCube(nil, n, c.unusedAtoms(nil)))
		if c.m.IsFalse(q) {
			return nil
		}
		return []refined[V]{{q, n}}
	}
	pa := c.project(p, atoms, others, atoms)
	all := c.unusedAtoms(nil)
	var out []refined[V]
	over := false
	c.feasiblePaths(pa, n, func(lits []PredLit, m V) bool {
		if limit > 0 && len(out) >= limit {
			over = true
			return false
		}
		if q := c.and(p, c.litsCube(lits, m, all)); !c.m.IsFalse(q) {
			out = append(out, refined[V]{q, m})
		}
		return true
	})
	if over {
		q, m, ok := c.pointReduce(p, n)
		if !ok {
			return nil
		}
		return []refined[V]{{q, m}}
	}
	return out
}
