// This file implements the reduced product of linear congruences with
// another numeric domain (intervals, polyhedra).

package product

import (
	"github.com/numpred/numpred/lincong"
	"github.com/numpred/numpred/numeric"
)

// Lincong is the reduced product of the linear congruence domain with a
// domain B whose Constraints are exact. Like Congruence it has
// numeric.Membership.
type Lincong[B any] struct {
	Domain[lincong.Value, B]
}

var _ numeric.Membership[Value[lincong.Value, int]] = Lincong[int]{}

// lincongRounds bounds the rounds of a reduction: a value one side fixes
// can fix another through the lattice (a + b = 3 and a = 1 give b = 2),
// whose bounds can fix a third.
const lincongRounds = 4

// NewLincong returns the reduced product of linear congruences and db.
// Each round of the reduction propagates db's value through the
// lattice's hull equations over two or more dimensions (as
// NewAffineInterval does) and works as NewCongruence's on what the
// lattice says of each dimension alone (x ≡ r mod m): bounds move onto
// the class, a single value becomes x = v in both; then the values db
// fixes join the lattice, which may fix others through its relations
// (a - i ≡ 1 mod 2 and i = 10000 give a ≡ 1 mod 2, with a ∈ [1, 2]:
// a = 1). Rounds repeat while the lattice learns a value, at most
// lincongRounds.
// Precondition: db has exact Constraints.
func NewLincong[B any](db numeric.Domain[B]) Lincong[B] {
	dl := lincong.New()
	reduce := func(a lincong.Value, b B) (lincong.Value, B) {
		for round := 0; round < lincongRounds; round++ {
			cs, fix := classReduction(db, b, a.Dims(), a.Class)
			// The equations over one dimension fix it: its class
			// said so already.
			for _, c := range a.Relations() {
				if c.Expr().NumTerms() > 1 {
					cs = append(cs, c)
				}
			}
			if len(cs) > 0 {
				b = db.Assume(b, cs...)
				if db.IsBottom(b) {
					return a, b
				}
			}
			if len(fix) == 0 {
				break
			}
			next := dl.Assume(a, fix...)
			if dl.Equal(next, a) {
				break
			}
			a = next
			if a.IsBottom() {
				break
			}
		}
		return a, b
	}
	return Lincong[B]{New[lincong.Value, B](dl, db, reduce, nil)}
}

// Contains reports whether p is in gamma(v): in the lattice and
// satisfying the second component's (exact) constraints.
func (d Lincong[B]) Contains(v Value[lincong.Value, B], p []numeric.Int) bool {
	return containsBoth(d.Domain, v, p)
}
