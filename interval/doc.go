// Package interval implements the interval (box) abstract domain over
// integer dimensions: a value is a product of intervals [lo_i, hi_i], one
// per dimension, with bounds in numeric.Bound (int64 saturating to ±oo).
//
// # The lattice
//
// A Box with n dimensions denotes the set of integer points x in Z^n with
// lo_i <= x_i <= hi_i for every i. Boxes are ordered by inclusion,
// componentwise: a ⊑ b iff b.lo_i <= a.lo_i and a.hi_i <= b.hi_i for all
// i. Bottom (the empty set) has one canonical representation: as soon as
// one component is empty the whole box is bottom. Top has every component
// equal to (-oo, +oo). Join is the componentwise hull, Meet the
// componentwise intersection; both are exact on boxes (Join is the least
// box containing the union). This is the domain of Cousot & Cousot,
// "Static determination of dynamic properties of programs" (1976).
//
// # Operations
//
//   - Assume(a, cs): a ∩ {x | cs}. Each constraint sum a_j x_j + c <= 0
//     bounds each of its variables by the interval value of the rest:
//     a_k x_k <= -c - sum_{j≠k} min(a_j x_j). Equalities are two
//     inequalities. The constraints are propagated round-robin until
//     nothing changes or MaxRounds rounds have run (propagation through
//     cycles such as x <= y - 1, y <= x can otherwise take as many rounds
//     as the bounds are wide). Exact for constraints over one variable;
//     over several variables the result is the box hull of a sound
//     over-approximation.
//   - Assign(a, xs, es): the parallel assignment xs_i := es_i, each es_i
//     evaluated in interval arithmetic over a (exact for x := c and
//     x := ±y + c, the box hull otherwise).
//   - Forget(a, xs): ∃xs. a, i.e. xs become (-oo, +oo).
//   - Bound(a, e): the interval of e over a, exact (it is the range of e
//     over the box).
//   - Entails(a, c): whether Bound(a, e) lies within what c requires;
//     exact for a box.
//   - Widen(a, b): the standard widening: a bound of a that b does not
//     respect jumps to ±oo. WidenThresholds jumps to the next threshold
//     instead, and to ±oo only past the last one.
//   - Narrow(a, b): refines only the infinite bounds of a by those of b,
//     so decreasing chains stabilise after at most 2n strict steps.
//   - Constraints(a): x_i <= hi_i and x_i >= lo_i for the finite bounds
//     (x_i = v when lo_i = hi_i); numeric.False for bottom.
//
// All arithmetic on bounds is exact in numeric.Int and rounded outwards
// when it is stored back into a Bound: upper bounds round up, lower
// bounds round down, and values beyond int64 saturate to ±oo. Losing a
// bound this way over-approximates and is therefore sound.
package interval
