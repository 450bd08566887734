// Package product implements reduced products of two numeric domains
// (Cousot & Cousot, "Systematic design of program analysis frameworks",
// POPL 1979): a value is a pair (a, b) of values of the two domains and
// denotes gamma(a) ∩ gamma(b). A reduction passes what one component
// knows to the other, so that the pair is more precise than either
// component alone: with affine equalities and intervals, y = 2x and
// x ∈ [0, 10] give y ∈ [0, 20], and a bound that pins x to one value
// becomes the equation x = v.
//
// # Operations
//
// Meet, Join, Assume and Assign apply the operation to both components
// and reduce the result. Forget and the dimension operations work
// componentwise (they create nothing a reduction could use). Widen and
// Narrow are componentwise without reduction: a reduction after a
// widening may give back a bound the widening removed, and chains would
// no longer be guaranteed to stabilise; each component's own operator
// does. Leq is componentwise (sound; exact for reduced pairs of exact
// domains as far as each component is). Bound intersects the
// components' ranges with an optional refinement of the pair (for
// affine+interval: e rewritten modulo the equations, then bounded by the
// box); Entails holds when either component or the bound shows it.
//
// The products here are affine+interval (NewAffineInterval) and
// congruences with any domain of exact constraints (NewCongruence, e.g.
// with intervals or polyhedra: x ∈ [0, 1] and x ≡ 0 mod 2 give x = 0).
package product
