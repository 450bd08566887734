// This file implements Value, the value of the affine-equality domain,
// and the Domain type with its constructors and queries.

package affine

import (
	"fmt"
	"slices"

	"github.com/numpred/numpred/numeric"
)

// Value is an immutable affine space over n integer dimensions: the
// integer points satisfying a system of rational linear equations.
// The zero Value is bottom over zero dimensions.
//
// Invariant (see SanityCheck): a value is either the canonical bottom
// (bot set, no equations) or a reduced last-pivot echelon system (see
// echelon) that has an integer solution.
type Value struct {
	eqs []vec
	n   int
	bot bool
}

// Domain is the affine-equality domain; it implements
// numeric.Domain[Value] and numeric.Checker[Value]. The zero value is
// ready to use.
type Domain struct{}

var (
	_ numeric.Domain[Value]  = Domain{}
	_ numeric.Checker[Value] = Domain{}
)

// New returns the affine-equality domain.
func New() Domain { return Domain{} }

func bottom(n int) Value { return Value{n: n, bot: true} }

// Dims returns the number of dimensions of a.
func (a Value) Dims() int { return a.n }

// IsBottom reports whether a is empty.
func (a Value) IsBottom() bool { return a.bot }

// NumEquations returns the number of independent equations of a (0 for
// bottom): n minus the dimension of the affine space.
func (a Value) NumEquations() int { return len(a.eqs) }

// Top returns Z^n.
func (Domain) Top(n int) Value { return Value{n: n} }

// Bottom returns the empty set over n dimensions.
func (Domain) Bottom(n int) Value { return bottom(n) }

// Dims returns the number of dimensions of a.
func (Domain) Dims(a Value) int { return a.n }

// IsTop reports whether a has no equation (exact).
func (Domain) IsTop(a Value) bool { return !a.bot && len(a.eqs) == 0 }

// IsBottom reports whether a is empty (exact: a non-bottom value always
// has an integer point).
func (Domain) IsBottom(a Value) bool { return a.bot }

// system returns a's equations as an echelon the caller may change.
func (a Value) system() echelon {
	return echelon{rows: slices.Clone(a.eqs), last: true}
}

// withEquations returns the value of the equation system s over n
// dimensions: bottom when it has no integer solution. Precondition: s is
// consistent over the rationals.
func withEquations(n int, s echelon) Value {
	if !hasIntegerPoint(n, s.rows) {
		return bottom(n)
	}
	return Value{eqs: s.rows, n: n}
}

// fromGens returns the value of the generator form g over n dimensions.
// Precondition: g's space has an integer point (it is the image of one).
func fromGens(n int, g gens) Value {
	return Value{eqs: equations(n, g), n: n}
}

func sameDims(a, b Value) {
	if a.n != b.n {
		panic(fmt.Sprintf("affine: dimension mismatch %d vs %d", a.n, b.n))
	}
}
