// Package congruence implements Granger's non-relational congruence
// domain over integer dimensions (P. Granger, "Static analysis of
// arithmetical congruences", Int. J. Computer Math. 1989): a value gives
// each dimension a class x ≡ r (mod m), which finds parity and stride
// invariants (x ≡ 0 mod 2 after x = 0; while (*) x += 2) that no convex
// domain expresses.
//
// # The lattice
//
// A class r + mZ has m >= 0: m = 0 is the single value r, m = 1 is all
// of Z, and for m > 1 the residue is kept in [0, m). A Value is a
// product of classes and denotes the integer points whose coordinates
// lie in their classes; bottom is canonical. c ⊆ d iff m_d divides m_c
// and r_c - r_d; Join takes gcd(m_c, m_d, r_c - r_d), the least class
// containing both; Meet solves the two congruences by Chinese
// remainders (exact). Ascending chains divide the modulus at every
// strict step, so Widen is Join; descending chains can be infinite
// (2Z ⊃ 4Z ⊃ ...), so Narrow refines only classes that are Z.
//
// # Operations
//
//   - Assign(a, xs, es): exact; the class of sum k_i x_i + c is
//     c + sum k_i (r_i + m_i Z) = (c + sum k_i r_i) + gcd(k_i m_i) Z.
//   - Assume(a, cs): an equality sum k_j x_j + c = 0 refines every x_j
//     to the solutions of k_j x_j ∈ -(c + sum_{i≠j} k_i x_i) (a linear
//     congruence: solvable iff gcd(k_j, m) divides the residue), for at
//     most MaxRounds rounds; a constraint whose expression has a single
//     value is decided; other inequalities are ignored.
//   - Forget: the classes become Z. Bound and Entails are exact: a
//     single value or nothing.
//   - Constraints(a): only x = r for single values. A class with m > 1
//     is no linear constraint, so the domain has numeric.Membership
//     (Contains is its exact membership test) and its Constraints only
//     contain gamma(a); NDD and MTNDD, which rebuild values from their
//     constraints, cannot use it (interp refuses the combination).
//
// Moduli and residues are numeric.Int: arithmetic never wraps.
package congruence
