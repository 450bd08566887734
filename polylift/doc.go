// Package polylift lifts a program to polynomial shadows, so that a
// linear domain (affine equalities, intervals, polyhedra) finds
// polynomial invariants: y*y*y = 3x - ... after x += y*y; y++ is an
// affine equation between the monomials y*y*y, y*y, y and x.
//
// # The lifting
//
// In every function that multiplies two non-constant values (a Havoc
// whose Def is a product), each formal and local x gets a shadow x' (an
// unbounded ghost variable), and every monomial of degree 2..d over the
// shadows that the program's products need gets a dimension, closed under
// the function's updates (y' := y' + 1 gives y'*y' := y'*y' + 2y' + 1).
// The copy keeps every original edge and adds to it:
//   - on an assignment, the shadows' new values (the right-hand side with
//     every variable replaced by its shadow, or by the polynomial its
//     shadow is known to equal there) and the monomials' (substituted and
//     expanded; a monomial whose update is beyond the degree is havocked);
//   - on a product's havoc, the shadow := the product of its operands'
//     polynomials;
//   - on any other havoc, a call's result and a formal at the entry, the
//     shadow := the variable's new value;
//   - before a branch (an Assume that is not a front end's wrap-around),
//     links: for a variable x of the condition, x = P when x equals its
//     shadow, and x = P - m*k (k fresh) when x ≡ P modulo m and m is a
//     multiple of 2^bits of x's type, P being the shadow's polynomial.
//
// # Why it is sound
//
// Shadows ignore wrap-around: a term c*w of an assignment to x whose
// coefficient is a multiple of 2^bits of x's type (the front end's
// wrap-around count times 2^64, say) is left out. So a shadow is exact
// modulo a modulus, computed per variable as the gcd over its updates (a
// dropped term contributes its coefficient, a kept term c*y the product of
// c and y's modulus, a product the gcd of its operands' and of 2^bits, an
// update to the actual value 0: equal). In every run of the original
// program, the lifted program has a run with the same original values
// where each shadow is congruent to its variable modulo its modulus and
// each monomial equals the product of its shadows: ghosts start arbitrary
// (the run picks these values), the updates keep the relations (a
// havocked monomial picks the product), and the links are then true. So
// an error unreachable in the lifted program is unreachable in the
// original one; counterexamples are never taken from the lifted program.
//
// The relation modulo 2^64 is what C's arithmetic keeps when it wraps: a
// 64-bit x and y with 6x = 2y^3 + 3y^2 + y over the integers have
// 6*x - 2*y*y*y - 3*y*y - y == 0 in C whatever wrapped on the way.
package polylift
