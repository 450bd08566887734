// Package affine implements the affine-equality abstract domain over
// integer dimensions (Karr, "Affine relationships among variables of a
// program", Acta Informatica 1976; Müller-Olm & Seidl, "A note on Karr's
// algorithm", ICALP 2004): a value is a system of linear equalities
// with exact rational coefficients, and it denotes the integer points
// that satisfy it.
//
// # The lattice
//
// A Value with n dimensions is an affine subspace V of Q^n (or bottom)
// and denotes gamma(V) = V ∩ Z^n. The domain keeps the invariant that a
// non-bottom V contains an integer point p; then V ∩ Z^n is p plus the
// integer vectors of V - p, which span V - p, so V is exactly the affine
// hull of gamma(V). Hence inclusion, equality and emptiness of gamma are
// decided exactly on the rational spaces, and Join (the affine hull) is
// the least affine upper bound of the integer points. Ascending and
// descending chains strictly change the dimension of V, so they have at
// most n+1 steps: Widen is Join and Narrow is Meet.
//
// V is stored as equations in reduced row-echelon form over numeric.Rat
// (exact, overflow-free: Int falls back to math/big), the pivot of each
// equation its largest dimension; this form is unique, so Equal compares
// systems. The dual generator form (a point and direction vectors, the
// pivot of each direction its smallest dimension) is read off the
// equations and back without elimination (see echelon.go).
//
// # Operations
//
//   - Meet(a, b), Assume(a, equalities): the conjunction, exact; the
//     result is bottom when the system has no rational solution or no
//     integer one (2x = 1; 2y = x + 1 ∧ x = 2z), decided by unimodular
//     reduction of the Diophantine system (integer.go).
//   - Assume(a, e <= 0): an inequality constrains no affine space, so it
//     is dropped: the result is the affine hull of the exact result,
//     which is a itself unless e is constant on a (then a or bottom), or
//     two inequalities pin e modulo a's equations between integer bounds
//     l <= e' <= u (bottom when l > u, the equation e' = l when l = u).
//   - Join(a, b): the affine hull, from the generators of a, b's
//     directions and the difference of the two points (exact: the join of
//     the points (0,0) and (2,1) is the line x = 2y).
//   - Assign(a, xs, es): the parallel assignment, exact for every affine
//     expression, invertible or not. A single x := e substitutes the old
//     x = (x - r)/k into the equations when e = k*x + r, k != 0, and is
//     ∃x followed by x = e otherwise; a parallel one maps a's point and
//     directions and echelonises the images again.
//   - Forget(a, xs): ∃xs. a, exact: the row of which x is the pivot goes,
//     or, for a free x, one row eliminates x from the others and goes.
//   - Bound(a, e), Entails(a, c): exact; e has one value when the
//     equations fix it, and is unbounded on gamma(a) otherwise.
//   - Constraints(a): the equations with integer coefficients;
//     numeric.False for bottom.
//
// The domain keeps no inequality, so on its own it proves only what
// linear equalities imply (y = 2x after x += 1; y += 2 in a loop); its
// strength is relational precision without widening, at O(n^3) rational
// operations per join or assignment.
package affine
