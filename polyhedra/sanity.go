// This file implements the sanity checker: the invariants of the partition
// and of every block's double description.

package polyhedra

import (
	"fmt"
	"time"
)

// SanityCheck checks a's invariants: blocks are disjoint, sorted and in
// range (one block over all dimensions without decomposition); in every
// block, after minimisation, rows are gcd-normalised, vertices have a
// positive denominator, every generator satisfies every constraint, the
// generators generate exactly the polyhedron of the constraints, and both
// systems are minimal: a fresh conversion from the constraints yields as
// many equalities, inequalities, lines and rays; a cached saturation
// matrix is that of the rows.
func (d *Domain) SanityCheck(a Poly) error {
	defer d.st.op(opSanityCheck, time.Now())
	if a.bottom {
		if len(a.blocks) != 0 {
			return fmt.Errorf("polyhedra: bottom value with blocks")
		}
		return nil
	}
	seen := make([]bool, a.n)
	for k, b := range a.blocks {
		if len(b.dims) == 0 {
			return fmt.Errorf("polyhedra: empty block %d", k)
		}
		if b.p.n != len(b.dims) {
			return fmt.Errorf("polyhedra: block %d has %d dims but a polyhedron of %d", k, len(b.dims), b.p.n)
		}
		if k > 0 && a.blocks[k-1].dims[0] >= b.dims[0] {
			return fmt.Errorf("polyhedra: blocks not sorted")
		}
		for i, x := range b.dims {
			if int(x) < 0 || int(x) >= a.n {
				return fmt.Errorf("polyhedra: block dimension %d out of range", x)
			}
			if seen[x] {
				return fmt.Errorf("polyhedra: dimension %d in two blocks", x)
			}
			if i > 0 && b.dims[i-1] >= x {
				return fmt.Errorf("polyhedra: block dims not sorted")
			}
			seen[x] = true
		}
		if err := b.p.sanity(); err != nil {
			return fmt.Errorf("polyhedra: block %v: %w", b.dims, err)
		}
	}
	if d.noDecomp && a.n > 0 && (len(a.blocks) != 1 || len(a.blocks[0].dims) != a.n) {
		return fmt.Errorf("polyhedra: undecomposed value with %d blocks", len(a.blocks))
	}
	return nil
}

// antichain reports an error when one saturation set contains another.
func antichain(what string, sets []bitset) error {
	for i := range sets {
		for j := range sets {
			if i != j && sets[i].subset(sets[j]) {
				return fmt.Errorf("redundant %s %d: its saturation set is within that of %d", what, i, j)
			}
		}
	}
	return nil
}

// sanity checks one polyhedron's double description.
func (p *poly) sanity() error {
	p.minimize()
	if p.empty {
		return nil
	}
	rows := func(name string, rs []vec) error {
		for _, r := range rs {
			if len(r) != p.n+1 {
				return fmt.Errorf("%s row of length %d, want %d", name, len(r), p.n+1)
			}
			c := r.clone().normalize()
			if !c.equal(r) {
				return fmt.Errorf("%s row %v not normalised", name, r)
			}
			if r.isZeroFrom(1) {
				return fmt.Errorf("%s row %v has no variable part", name, r)
			}
		}
		return nil
	}
	for _, x := range []struct {
		name string
		rs   []vec
	}{{"equality", p.eqs}, {"inequality", p.ineqs}, {"line", p.lines}} {
		if err := rows(x.name, x.rs); err != nil {
			return err
		}
	}
	vertex := false
	for _, g := range p.rays {
		if len(g) != p.n+1 {
			return fmt.Errorf("generator of length %d", len(g))
		}
		if g[0].Sign() < 0 {
			return fmt.Errorf("generator %v with negative denominator", g)
		}
		if g[0].Sign() > 0 {
			vertex = true
		}
		if c := g.clone().normalize(); !c.equal(g) {
			return fmt.Errorf("generator %v not normalised", g)
		}
	}
	if !vertex {
		return fmt.Errorf("non-empty polyhedron without a vertex")
	}
	for _, c := range p.eqs {
		for _, g := range append(cloneRows(p.lines), p.rays...) {
			if dotSign(c, g) != 0 {
				return fmt.Errorf("generator %v violates equality %v", g, c)
			}
		}
	}
	for _, c := range p.ineqs {
		if !satisfiedBy(c, p) {
			return fmt.Errorf("a generator violates inequality %v", c)
		}
	}
	// Minimality, combinatorially: every inequality is tight on some
	// vertex (it bounds a face of P, not only the face at infinity), and
	// no inequality's saturation set is contained in another's; dually
	// for rays and vertices over the inequalities and positivity.
	satC := make([]bitset, len(p.ineqs))
	for j, c := range p.ineqs {
		satC[j] = satRow(c, p.rays)
		tight := false
		for i, g := range p.rays {
			if g[0].Sign() > 0 && satC[j].has(i) {
				tight = true
				break
			}
		}
		if !tight {
			return fmt.Errorf("inequality %v is tight on no vertex", c)
		}
	}
	if err := antichain("inequality", satC); err != nil {
		return err
	}
	fresh := satOf(p.rays, p.ineqs, p.n)
	if err := antichain("generator", fresh); err != nil {
		return err
	}
	if known := p.knownSat(); known != nil {
		if len(known) != len(fresh) {
			return fmt.Errorf("cached saturation matrix has %d rows for %d rays", len(known), len(fresh))
		}
		for i := range fresh {
			for j := 0; j <= len(p.ineqs); j++ {
				if known[i].has(j) != fresh[i].has(j) {
					return fmt.Errorf("cached saturation of ray %d by row %d is stale", i, j)
				}
			}
		}
	}
	// And as a whole: a fresh conversion from the constraints has the same
	// sizes (minimal forms are unique up to equalities and lines).
	q := newFromCons(p.n, cloneRows(p.eqs), cloneRows(p.ineqs), nil)
	q.minimize()
	if q.empty {
		return fmt.Errorf("constraints are infeasible but generators exist")
	}
	if len(q.eqs) != len(p.eqs) || len(q.ineqs) != len(p.ineqs) || len(q.lines) != len(p.lines) || len(q.rays) != len(p.rays) {
		return fmt.Errorf("not minimal: %d eqs, %d ineqs, %d lines, %d rays; minimal: %d, %d, %d, %d",
			len(p.eqs), len(p.ineqs), len(p.lines), len(p.rays), len(q.eqs), len(q.ineqs), len(q.lines), len(q.rays))
	}
	// And the generators generate the same polyhedron as the constraints.
	g := newFromGens(p.n, cloneRows(p.lines), cloneRows(p.rays), nil)
	g.exact = true
	if !leq(g, q) || !leq(q, g) {
		return fmt.Errorf("generators and constraints describe different polyhedra")
	}
	return nil
}
