// This file computes a domain's BDD variable order from its precision and
// a dimension order (the DimOrder option).
//
// rudd has no dynamic reordering: the order is fixed when the manager is
// built, so it is chosen once, statically, from what the precision says
// about which variables are related. A group is a rank of the dimension
// order; an atom (of a predicate or of a numeric term) belongs to the
// group of the lowest-ranked dimension it mentions.
//
//	NDD (interleaved):  opaque predicates; then per group, in rank order,
//	                    its predicates and a block of term variables
//	others:             opaque predicates; the atom predicates group by
//	                    group; the term blocks group by group
//
// and a pool of term variables last. NDD may interleave because it reads
// a diagram as a formula over its atoms: in the lock template the
// relation p_i <-> (lk_i = 1) between a predicate and the terms over lk_i
// then spans a few adjacent levels instead of the whole order, and the
// conjunction of N such relations has O(N) nodes instead of 2^N. MTNDD
// needs every predicate above every term (its numeric leaves hang below
// the last predicate), and NEXPOINT and NEX have predicate-only diagrams,
// so for them the order only keeps the predicates over one variable
// together.

package numpred

import (
	"sort"

	"github.com/numpred/numpred/bdd"
	"github.com/numpred/numpred/numeric"
)

// DimOrder sets the dimension order behind the BDD variable order: rank[d]
// is the position of dimension d (dimensions of equal rank form one
// group; a missing dimension ranks after all given ones). The predicates
// and numeric terms over the dimensions of one group sit next to each
// other, NDD interleaves numeric terms with the predicates of their group,
// and each group gets a few reserved term variables (see order.go).
// Without it the predicates keep their index order and every numeric term
// comes from one pool below them.
func DimOrder(rank []int) Option {
	return func(o *options) { o.rank = append([]int(nil), rank...) }
}

// termsPerGroup returns the number of term variables reserved for a group
// with k predicates: room for the bounds of a variable and for both sides
// of a disequality per predicate (more come from the pool).
func termsPerGroup(k int) int { return min(4+2*k, 16) }

// order is the grouping computed from a DimOrder.
type order struct {
	rank []int
	// groups lists the groups in rank order; predsOf the atom predicates
	// of each.
	groups  []int
	predsOf map[int][]PredID
	opaque  []PredID
}

// group returns the group of the atom c: the lowest rank of its
// dimensions.
func (o *order) group(c numeric.Constraint) int {
	g := -1
	for _, t := range c.Expr().Terms() {
		r := len(o.rank) + int(t.Dim)
		if int(t.Dim) < len(o.rank) {
			r = o.rank[t.Dim]
		}
		if g < 0 || r < g {
			g = r
		}
	}
	return g
}

// newOrder groups the predicates of sp by rank.
func newOrder(sp *Space, rank []int) *order {
	o := &order{rank: rank, predsOf: map[int][]PredID{}}
	seen := map[int]bool{}
	addGroup := func(g int) {
		if !seen[g] {
			seen[g] = true
			o.groups = append(o.groups, g)
		}
	}
	for d := 0; d < sp.NumDims(); d++ {
		addGroup(o.group(numeric.Le(numeric.Var(numeric.Dim(d)), numeric.Const(0))))
	}
	for i, p := range sp.preds {
		if !p.hasAtom {
			o.opaque = append(o.opaque, PredID(i))
			continue
		}
		g := o.group(p.atom)
		addGroup(g)
		o.predsOf[g] = append(o.predsOf[g], PredID(i))
	}
	sort.Ints(o.groups)
	return o
}

// varLayout says how a domain places its variables.
type varLayout int

const (
	// predsOnly: predicates only (NEXPOINT, NEX: no numeric terms).
	predsOnly varLayout = iota
	// predsAbove: predicates above term blocks (MTNDD's cube form,
	// before its leaf table; kept for layouts with terms below).
	predsAbove
	// interleaved: each group's predicates, then its terms (NDD).
	interleaved
)

// layout returns the BDD layout of kind k.
func (o *order) layout(k varLayout) []bdd.Block {
	var bs []bdd.Block
	for _, p := range o.opaque {
		bs = append(bs, bdd.PredBlock(int(p)))
	}
	if k == interleaved {
		for _, g := range o.groups {
			for _, p := range o.predsOf[g] {
				bs = append(bs, bdd.PredBlock(int(p)))
			}
			bs = append(bs, bdd.TermBlock(g, termsPerGroup(len(o.predsOf[g]))))
		}
		return bs
	}
	for _, g := range o.groups {
		for _, p := range o.predsOf[g] {
			bs = append(bs, bdd.PredBlock(int(p)))
		}
	}
	if k == predsAbove {
		for _, g := range o.groups {
			bs = append(bs, bdd.TermBlock(g, termsPerGroup(len(o.predsOf[g]))))
		}
	}
	return bs
}
