// Package polyhedra implements the convex polyhedra abstract domain over
// integer variables, with exact arithmetic, on the numeric.Domain
// interface.
//
// # The lattice
//
// A value (Poly) over dimensions 0..n-1 is a convex polyhedron P ⊆ Q^n,
// standing for its integer points gamma(P) = P ∩ Z^n. Polyhedra are
// ordered by inclusion; Meet is intersection (exact), Join the convex hull
// (the least polyhedron containing both), and the lattice has infinite
// ascending chains, hence a widening.
//
// # Double description
//
// Each polyhedron is kept in double description (Motzkin): a system of
// constraints (equalities a·x = b and inequalities a·x <= b) and a system
// of generators (vertices V, rays R, lines L) with P = conv(V) + cone(R) +
// span(L). Both are computed from each other by Chernikova's algorithm
// (chernikova.go), incremental and with Le Verge's saturation-based
// adjacency test (for the large cones of hulls, the pairs that can be
// adjacent and the rays that can refute it are found through an index of
// the rows to the rays that saturate them), and minimised lazily: an operation computes the
// representation it needs, and redundant rows are removed by comparing
// saturation sets (minimize.go). Equalities stay equalities, lines stay
// lines. A minimal polyhedron keeps its saturation matrix, so that adding
// constraints to it starts the conversion without a scalar product.
// Coefficients are exact integers (zint.go: numeric.Int's representation,
// an int64 or a big integer), and the inner loops of the conversion
// (vec.go) compute with 64-bit entries in 128 bits without allocating and
// with big entries in reused scratch space: nothing ever wraps. Rows are
// normalised by the gcd of their entries; a vertex with rational
// coordinates is the integer row (d, x) standing for x/d.
//
// # Operations, in program notation
//
//   - Assume(a, cs): a ∧ cs, by adding the constraints (incremental
//     Chernikova on the generators). Meet(a, b) = Assume(a, Constraints(b)).
//   - Join(a, b): the convex hull, from the union of the generators,
//     exact by default; under a Budget (WithBudget), block group by block
//     group when the exact hull would start from too many vertices, or
//     the weak join past the conversion bounds: upper bounds, see Join.
//   - Leq(a, b): every constraint of b holds on the integer points of a:
//     on a's generators with the optimum rounded, else by branch and bound
//     (see below); Equal is Leq both ways.
//   - Widen(a, b): the standard widening of Halbwachs (H79): the
//     constraints of a that b satisfies, plus the constraints of b that
//     define the same facet of a (so the result does not depend on how
//     equalities are written). WidenThresholds additionally keeps dropped
//     octagonal bounds relaxed to the next threshold.
//   - Narrow(a, b): a with b's octagonal constraints on forms a leaves
//     unbounded.
//   - Assign(a, x, e): x := e (parallel). Invertible assignments (x occurs
//     in e) substitute in the constraints and map the generators;
//     non-invertible ones are forget-then-constrain, computed exactly as
//     the image of the generators.
//   - Forget(a, x): ∃x, by adding the line of x to the generators; the
//     constraints follow by continuing the dual conversion from a's
//     minimal constraints (the line is one equality of the dual cone:
//     Fourier-Motzkin elimination restricted to adjacent pairs), not from
//     scratch. A single non-invertible assignment is Forget then Assume.
//   - Bound(a, e): optimum of e over the generators; Entails via Bound.
//   - Constraints, AddDims, RemoveDims (projection), PermuteDims, String.
//
// # Integers
//
// Points are integers, so constraints are tightened: a strict inequality
// is made non-strict with its constant moved by one, and a·x <= b with
// g = gcd(a) > 1 becomes (a/g)·x <= floor(b/g); an equality whose
// constant g does not divide is false. This is done to every constraint
// the domain creates (also those of hulls), so gamma never changes. It is
// integer tightening, not the integer hull: a polyhedron with rational
// but no integer points may remain, and operations keep it as it is.
// Bounds are rounded where it pays: Forget first rounds the rational
// bounds of the dimensions it projects in blocks that keep others
// (roundedBounds), and the conversion of an Assume's result pins each
// dimension its constraints give a coefficient other than ±1 when its
// rational range holds a single integer (pinDims, lazily, once the value
// is converted). A wrap-around's quotient q in 0 <= e - 2^32q <= 2^32-1
// has a rational range of width about 1; with one integer value left it
// becomes an equality, which costs no vertices and is projected exactly
// (the rational projection only keeps the slab's shadow). Rounding
// bounds that leave several values is not done on Assume: on thin
// two-dimensional lattice problems it left equalities with a segment the
// emptiness test gave up on.
// IsBottom decides integer emptiness where an answer is asked for
// (emptiness.go): on the generators first (an integral vertex, the
// bounding box, rounding, splitting along a thin direction), then by
// branch and bound on the simplex with a budget; when the budget runs out
// it answers false, which the interface allows. The answer, and the
// integer point found, are cached in the value; Leq and Equal use those
// points to refute inclusions at once. Bound and Entails round the
// rational optimum inwards (floor of a maximum, ceiling of a minimum) per
// independent block, which is exact for the rounding of one form.
//
// # Online decomposition
//
// Following Singh, Pueschel and Vechev ("Fast polyhedra abstract domain",
// POPL 2017), a Poly is a product of blocks over a partition of its
// dimensions (decompose.go): constraints never link two blocks, so each
// block is a small polyhedron. Assume merges exactly the blocks its
// constraints link; Join keeps blocks that both arguments share and hulls
// the rest; results are split into the connected components of their
// constraints. The sizes of generator systems, exponential in the
// dimension, thus depend on block sizes only. New(WithoutDecomposition())
// turns this off, to measure it.
//
// # The simplex
//
// internal/simplex is an exact simplex over the rationals
// computed without fractions: the general simplex of Dutertre and de
// Moura on a tableau kept fraction-free by Bareiss's integer-preserving
// pivoting, so that its numbers stay minors of the input (no gcd, no
// growth beyond the Hadamard bound), with Bland's rule and a work budget
// per solver (answering "unknown" when it runs out). Branch and bound
// (integer.go) tightens and restores variable bounds on one tableau.
// Farkas returns multipliers proving a conjunction of linear constraints
// infeasible, the basis of interpolation in refinement; Maximize
// optimises with it.
//
// # Work bounds and interruption
//
// Chernikova's algorithm is exponential in the worst case. By default
// the domain is exact and unbounded; a caller that must bound the time of
// one operation (the program analyses of package interp, which pass
// AnalysisBudget) sets a Budget with WithBudget, and then each bound has
// a sound fallback:
//
//   - an exact hull whose dual cone grows past Budget.MaxRays rays or
//     Budget.MaxWork units of work (pairs tested, rays scanned, and
//     bigWordWork per 64-bit word of the big numbers a conversion makes:
//     the same count took 35 ns a unit with small numbers and up to
//     140 ns with 600-bit ones) becomes the weak join (the constraints of
//     each operand that the other satisfies), and a join whose differing
//     blocks have more than Budget.MaxVertices product vertices hulls
//     groups of blocks apart (Stats.Approximated);
//   - the conversion of a fresh value (poly.fresh: one whose conversion
//     nobody has seen, i.e. the result of a hull, a widening, an
//     assignment or forget made from generators, a projection, or a value
//     with pending constraints) keeps, past the same bounds, the
//     constraints converted so far, or is the whole space when it is
//     converted from generators: an upper bound (Stats.Bounded), marked
//     cut, so that an integer point of it proves nothing. The projections
//     that a join by blocks (joinByBlocks) hulls each block with are such
//     values: on a generated wrap-around program one of them, onto 15
//     dimensions, took 9.9 s to convert. AnalysisBudget's work bound is
//     2^19 units, 10-30 ms of conversion on the polyhedra of those
//     programs (it was 2^27, seconds, then 2^20, which let a join whose
//     hull and weak hull both ran to the bound take 150 ms).
//
// Whatever the budget:
//
//   - the search for a thin direction in an integer emptiness test
//     (splitThin) scans at most thinWorkBudget generator-direction pairs
//     and splitBudget sections per test, then leaves the question to
//     branch and bound, which has its own budget;
//   - the stop hook of WithStop (the analysis' deadline, cancellation or
//     memory limit) is asked every few thousand units of work inside the
//     conversions, at every branch-and-bound node and before every
//     simplex pivot; once it answers true, conversions give the whole
//     space, emptiness tests "not empty", inclusions "not included"
//     (Stats.Interrupted), so the operation returns at once and the
//     analysis, which discards what follows, stops.
//
// # Statistics
//
// Domain.Stats returns counters and timers of the operations (count and
// time per operation, the slowest single one) and of the work inside them
// (minimisations and the rows Chernikova's algorithm made, integer
// emptiness tests, simplex runs, pivots, the searches that ran out of
// budget, the conversions cut by a work bound and the operations
// interrupted), for --stats; Stats.Add sums the statistics of two
// Domains (an analysis in two rounds).
//
// # References
//
// N. V. Chernikova, "Algorithm for finding a general formula for the
// non-negative solutions of a system of linear inequalities", USSR
// Computational Mathematics and Mathematical Physics 5(2), 1965.
// H. Le Verge, "A note on Chernikova's algorithm", IRISA report 635, 1992.
// P. Cousot and N. Halbwachs, "Automatic discovery of linear restraints
// among variables of a program", POPL 1978; N. Halbwachs, thesis, 1979
// (H79 widening). R. Bagnara, P. M. Hill, E. Ricci, E. Zaffanella,
// "Precise widening operators for convex polyhedra", SCP 58, 2005.
// G. Singh, M. Pueschel, M. Vechev, "Fast polyhedra abstract domain",
// POPL 2017.
package polyhedra
