// Package numeric is the base of numpred's numeric abstraction: exact
// scalars, linear expressions and constraints over integer dimensions, the
// numeric abstract domain interface, and a small text syntax for
// constraints.
//
// # Scalars
//
// Int is an exact integer with an int64 fast path; arithmetic detects
// overflow and falls back to math/big, so nothing ever wraps. Rat is an
// exact rational built on Int. Bound is an int64 extended with ±infinity,
// the scalar of the interval and octagon domains: it rounds in a stated
// direction (AddUp, AddDown, ...) and saturates to infinity rather than
// wrapping, which loses a bound and is therefore sound.
//
// # Expressions and constraints
//
// A LinExpr is a canonical sparse sum of Int coefficients times dimensions
// plus a constant. A Constraint is e <= 0 or e == 0, normalised for integer
// points when built (gcd division with constant tightening, strict made
// non-strict), so that, for example, 2x <= 3 and x <= 1 are Equal. Env
// names dimensions. ParseConstraints reads the syntax "2x - y <= 3,
// x = y + 1" and reports errors as line:col.
//
// # Domains
//
// Domain[V] is the interface the interval, octagon and polyhedra packages
// implement: a lattice over subsets of Z^n (Top, Bottom, Leq, Meet, Join,
// Widen, Narrow) with the transfer functions an analyser needs (Assume,
// parallel Assign, Forget, Bound, Entails, Constraints) and dimension
// management. Optional capabilities (widening with thresholds, a sanity
// checker) are small separate interfaces with generic fallbacks
// (WidenWith, SanityCheck). The conformance suite every domain runs lives
// in numeric/numerictest.
package numeric
