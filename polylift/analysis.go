// This file computes, per function, what the lifting needs before it
// emits anything: the polynomial each shadow is known to equal at each
// location (avail), the monomials to keep as dimensions (mons) and each
// shadow's modulus (mod).

package polylift

import (
	"math/big"
	"sort"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// fn is the lifting's analysis of one function.
type fn struct {
	f       *ir.Func
	degree  int                 // largest degree of a monomial dimension
	lifted  map[int]bool        // variables with a shadow: formals and locals
	avail   []availMap          // per location ID; nil: not reached
	mons    map[string]monomial // the monomials of degree >= 2 kept as dimensions
	squares []monomial          // the accumulated counters' squares (in mons)
	mod     map[int]numeric.Int // per lifted variable: x ≡ shadow(x) mod this (0: equal)
	maxMons int
}

// availMap maps a lifted variable to the polynomial its shadow equals.
// It is immutable once built.
type availMap map[int]poly

// raw is the atom standing for a variable without a shadow (a global, the
// return slot): the variable itself, which is its own shadow (modulus 0).
func raw(d int) int { return -(d + 1) }

// rawVar is raw's inverse.
func rawVar(a int) int { return -a - 1 }

// width is 2^bits of a bounded type and 0 (no modulus) otherwise.
func width(t ir.IntType) numeric.Int {
	if !t.IsBounded() {
		return numeric.I(0)
	}
	return numeric.IntFromBig(new(big.Int).Lsh(big.NewInt(1), uint(t.Bits)))
}

// shadowOf is the polynomial over shadows that e is congruent to, and the
// modulus of that congruence, at a location where av holds. A term whose
// coefficient drop divides (a wrap-around count times 2^bits, for a value
// kept modulo 2^bits) is left out and only lowers the modulus.
func (fa *fn) shadowOf(e numeric.LinExpr, av availMap, drop numeric.Int) (poly, numeric.Int) {
	c := e.Constant()
	m := numeric.I(0)
	if !drop.IsZero() {
		// The constant modulo drop, the residue of least magnitude (a
		// wrap-around's 1 - 2^64 is 1).
		r := c.Mod(drop)
		if r.Add(r).Cmp(drop) > 0 {
			r = r.Sub(drop)
		}
		m = c.Sub(r)
		c = r
	}
	p := constPoly(c)
	for i := 0; i < e.NumTerms(); i++ {
		t := e.Term(i)
		d := int(t.Dim)
		if !drop.IsZero() && t.Coef.Divisible(drop) {
			m = m.GCD(t.Coef)
			continue
		}
		if !fa.lifted[d] {
			p = p.add(atomPoly(raw(d)).scale(t.Coef))
			continue
		}
		if q, ok := av[d]; ok {
			p = p.add(q.scale(t.Coef))
		} else {
			p = p.add(atomPoly(d).scale(t.Coef))
		}
		m = m.GCD(t.Coef.Mul(fa.modOf(d)))
	}
	return p, m
}

func (fa *fn) modOf(d int) numeric.Int {
	if m, ok := fa.mod[d]; ok {
		return m
	}
	return numeric.I(0)
}

// usable reports whether p can be a shadow's value: no monomial above the
// degree, and no variable without a shadow in a product.
func (fa *fn) usable(p poly) bool {
	for _, t := range p.terms {
		if len(t.m) > fa.degree {
			return false
		}
		if len(t.m) > 1 {
			for _, a := range t.m {
				if a < 0 {
					return false
				}
			}
		}
	}
	return true
}

// product is the polynomial of a Havoc's Def when it is a product the
// lifting can state, with the modulus of the congruence.
func (fa *fn) product(h *ir.Havoc, av availMap) (poly, numeric.Int, bool) {
	if h.Def == nil || h.Def.Op != ir.DefMul {
		return poly{}, numeric.Int{}, false
	}
	w := width(h.Def.Type)
	px, mx := fa.shadowOf(h.Def.X, av, w)
	py, my := fa.shadowOf(h.Def.Y, av, w)
	if len(px.terms)*len(py.terms) > maxExpansion {
		return poly{}, numeric.Int{}, false
	}
	p := px.mul(py)
	if !fa.usable(p) {
		return poly{}, numeric.Int{}, false
	}
	return p, mx.GCD(my).GCD(w), true
}

// update is what an edge does to the lifted variables: each changed one
// either gets a polynomial (ok) or its actual new value.
type update struct {
	vars []int  // changed lifted variables
	vals []poly // their polynomials, in the old state
	mods []numeric.Int
	ok   []bool
}

// updateOf computes e's update from the state av before it.
func (fa *fn) updateOf(e *ir.Edge, av availMap) update {
	var u update
	switch o := e.Op.(type) {
	case *ir.Assign:
		for i, x := range o.Lhs {
			if !fa.lifted[x.ID] {
				continue
			}
			p, m := fa.shadowOf(o.Rhs[i], av, width(x.Type))
			ok := fa.usable(p)
			u.vars = append(u.vars, x.ID)
			u.vals = append(u.vals, p)
			u.mods = append(u.mods, m)
			u.ok = append(u.ok, ok)
		}
	case *ir.Havoc:
		if fa.lifted[o.Var.ID] {
			p, m, ok := fa.product(o, av)
			u.vars = append(u.vars, o.Var.ID)
			u.vals = append(u.vals, p)
			u.mods = append(u.mods, m)
			u.ok = append(u.ok, ok)
		}
	case *ir.Call:
		if o.Result != nil && fa.lifted[o.Result.ID] {
			u.vars = append(u.vars, o.Result.ID)
			u.vals = append(u.vals, poly{})
			u.mods = append(u.mods, numeric.I(0))
			u.ok = append(u.ok, false)
		}
	}
	return u
}

// killed is the set of atoms an edge changes: lifted variables it
// updates, variables without a shadow it assigns (every global at a
// call).
func killed(e *ir.Edge, u update) (atoms map[int]bool, allRaw bool) {
	atoms = map[int]bool{}
	for _, v := range u.vars {
		atoms[v] = true
	}
	switch o := e.Op.(type) {
	case *ir.Assign:
		for _, x := range o.Lhs {
			atoms[raw(x.ID)] = true
		}
	case *ir.Havoc:
		atoms[raw(o.Var.ID)] = true
	case *ir.Call:
		allRaw = true
	case *ir.Return:
		allRaw = true
	}
	return atoms, allRaw
}

// transfer is av after e.
func (fa *fn) transfer(e *ir.Edge, av availMap) availMap {
	u := fa.updateOf(e, av)
	atoms, allRaw := killed(e, u)
	if len(atoms) == 0 && !allRaw {
		return av
	}
	out := availMap{}
	for v, p := range av {
		if atoms[v] || p.mentions(atoms) || (allRaw && hasRaw(p)) {
			continue
		}
		out[v] = p
	}
	for i, v := range u.vars {
		if u.ok[i] && !u.vals[i].mentions(atoms) {
			out[v] = u.vals[i]
		}
	}
	return out
}

func hasRaw(p poly) bool {
	for _, t := range p.terms {
		for _, a := range t.m {
			if a < 0 {
				return true
			}
		}
	}
	return false
}

// meet is the intersection of two maps (the entries they agree on).
func meet(a, b availMap) availMap {
	out := availMap{}
	for v, p := range a {
		if q, ok := b[v]; ok && q.key() == p.key() {
			out[v] = p
		}
	}
	return out
}

func sameAvail(a, b availMap) bool {
	if len(a) != len(b) {
		return false
	}
	for v, p := range a {
		if q, ok := b[v]; !ok || q.key() != p.key() {
			return false
		}
	}
	return true
}

// computeAvail runs the must-analysis from the entry, where nothing is
// known, in reverse postorder until it is stable, or reports false after
// maxAvailPasses passes. (A polynomial substituted into another changes
// when the first does, not only disappears, so stability is not a
// matter of descent alone.)
func (fa *fn) computeAvail() bool {
	f := fa.f
	fa.avail = make([]availMap, len(f.Locs))
	fa.avail[f.Entry.ID] = fa.entryAvail()
	order := f.ReversePostorder()
	for pass, changed := 0, true; changed; pass++ {
		if pass == maxAvailPasses {
			return false
		}
		changed = false
		for _, id := range order {
			l := f.Locs[id]
			if l == f.Entry {
				continue
			}
			var in availMap
			seen := false
			for _, e := range l.In {
				av := fa.avail[e.From.ID]
				if av == nil {
					continue
				}
				out := fa.transfer(e, av)
				if !seen {
					in, seen = out, true
				} else {
					in = meet(in, out)
				}
			}
			if !seen {
				continue
			}
			if old := fa.avail[id]; old == nil || !sameAvail(old, in) {
				// A must-analysis from unreached (top) descends: each
				// change removes entries or first sets them.
				fa.avail[id] = in
				changed = true
			}
		}
	}
	return true
}

// maxAvailPasses bounds computeAvail (egcd2 of nla-digbench, two nested
// loops, needs 54: a change at a loop head reaches the substitutions that
// depend on it one pass at a time).
const maxAvailPasses = 400

// entryAvail is the state at the function's entry, after the formals'
// shadows are set to the formals (see emit): nothing symbolic.
func (fa *fn) entryAvail() availMap { return availMap{} }

// computeMonomials collects the monomials of degree >= 2 the shadows'
// polynomials use and closes them under the edges' updates (a monomial
// over a variable the edge changes gets the substituted polynomial, whose
// monomials join when they are within the degree). It reports false when
// there are more than fa.maxMons.
func (fa *fn) computeMonomials() bool {
	fa.mons = map[string]monomial{}
	addPoly := func(p poly) {
		for _, t := range p.terms {
			if len(t.m) > 1 {
				fa.mons[t.m.key()] = t.m
			}
		}
	}
	var ups []update
	for _, e := range fa.f.Edges {
		av := fa.avail[e.From.ID]
		if av == nil {
			continue
		}
		u := fa.updateOf(e, av)
		for i := range u.vars {
			if u.ok[i] {
				addPoly(u.vals[i])
			}
		}
		if len(u.vars) > 0 {
			ups = append(ups, u)
		}
	}
	for _, av := range fa.avail {
		for _, p := range av {
			addPoly(p)
		}
	}
	if fa.degree >= 2 {
		for _, y := range accumulated(fa.f) {
			m := monomial{y, y}
			fa.mons[m.key()] = m
			fa.squares = append(fa.squares, m)
		}
	}
	for changed := true; changed; {
		changed = false
		if len(fa.mons) > fa.maxMons {
			return false
		}
		for _, u := range ups {
			for _, m := range sortedMons(fa.mons) {
				sub, ok := substitute(m, u)
				if !ok || !fa.usable(sub) {
					continue
				}
				for _, t := range sub.terms {
					if len(t.m) > 1 {
						if _, had := fa.mons[t.m.key()]; !had {
							fa.mons[t.m.key()] = t.m
							changed = true
						}
					}
				}
			}
		}
	}
	return len(fa.mons) <= fa.maxMons
}

// sortedMons lists ms in key order (deterministic output).
func sortedMons(ms map[string]monomial) []monomial {
	keys := make([]string, 0, len(ms))
	for k := range ms {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([]monomial, len(keys))
	for i, k := range keys {
		out[i] = ms[k]
	}
	return out
}

// substitute is m after update u, as a polynomial in the old state; ok
// is false when u gives an atom of m no polynomial. A monomial u does not
// touch comes back as itself.
func substitute(m monomial, u update) (poly, bool) {
	s := map[int]poly{}
	for i, v := range u.vars {
		if !m.has(v) {
			continue
		}
		if !u.ok[i] {
			return poly{}, false
		}
		s[v] = u.vals[i]
	}
	if len(s) == 0 {
		return poly{terms: []term{{m: m, k: numeric.I(1)}}}, true
	}
	// The expansion has at most the product of the substituted
	// polynomials' sizes as terms: past maxExpansion, no polynomial.
	size := 1
	for _, a := range m {
		if q, ok := s[a]; ok {
			size *= max(len(q.terms), 1)
			if size > maxExpansion {
				return poly{}, false
			}
		}
	}
	return poly{terms: []term{{m: m, k: numeric.I(1)}}}.subst(s), true
}

// maxExpansion bounds the terms of a substituted monomial (a degree-8
// monomial of a variable assigned a 5-term sum has 5^8 terms).
const maxExpansion = 256

// computeMods finds each lifted variable's modulus: the gcd of the moduli
// of its updates (0 for an update to its actual value), to a fixpoint
// (moduli only shrink in the divisibility order).
func (fa *fn) computeMods() {
	fa.mod = map[int]numeric.Int{}
	for changed := true; changed; {
		changed = false
		next := map[int]numeric.Int{}
		for _, e := range fa.f.Edges {
			av := fa.avail[e.From.ID]
			if av == nil {
				continue
			}
			u := fa.updateOf(e, av)
			for i, v := range u.vars {
				m := numeric.I(0)
				if u.ok[i] {
					m = u.mods[i]
				}
				if old, ok := next[v]; ok {
					next[v] = old.GCD(m)
				} else {
					next[v] = m
				}
			}
		}
		for v, m := range next {
			if old := fa.modOf(v); old.Cmp(m) != 0 {
				fa.mod[v] = m
				changed = true
			}
		}
	}
}
