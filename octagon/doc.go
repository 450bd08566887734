// Package octagon implements Mine's octagon abstract domain over integer
// variables: conjunctions of constraints ±x ± y <= c and ±x <= c.
//
// # The lattice
//
// An octagon over n dimensions is a difference-bound matrix (DBM) over
// the 2n signed variables V_2k = +x_k and V_2k+1 = -x_k; entry m[i][j]
// is an upper bound of V_j - V_i, or +inf. So x - y <= c is the entry
// (2y, 2x), x + y <= c the entry (2y+1, 2x), and x <= c the entry
// (2x+1, 2x) holding 2c. A constraint has two entries, m[i][j] and
// m[j^1][i^1]; only one of them is stored, in a half matrix of 2n(n+1)
// saturating int64 bounds (see Octagon).
//
// Many matrices denote the same set. The tight closure is the normal form:
// every entry is the least bound implied over the integers, so it is
// attained by some integer point. It is computed in O(n^3) by a
// shortest-path closure over pairs of pivots, integer tightening of the
// unary entries and one strengthening pass (closure.go), and restored in
// O(n^2) after one new constraint or the reassignment of one variable
// (incremental.go). A negative cycle, seen on the diagonal, means the
// octagon is empty. With tight closures, inclusion is an entry-wise
// comparison, join the entry-wise maximum (exact: the least octagon
// above both), and meet the entry-wise minimum (exact).
//
// # Operations, in program notation
//
//   - Assume(a, c...): assume c. Exact for octagonal constraints; other
//     linear constraints are linearised (each variable and pair of
//     variables is bounded by the others' bounds in the octagon), sound and
//     at least as precise as the interval domain.
//   - Assign(a, x, e): x := e, in parallel. Exact for x := c, x := ±x + c,
//     x := ±y + c; otherwise x gets the bounds of e, e - y and e + y for
//     every other y (interval linearisation, Mine 2006 §4.4.5).
//   - Forget(a, x): ∃x. Exact.
//   - Bound(a, e): the range of e, exact for octagonal e, by intervals
//     otherwise. Entails(a, c): decided with Bound.
//   - Widen(a, b): keeps the entries of a's raw (unclosed) matrix that b
//     does not exceed; WidenThresholds relaxes unstable bounds to
//     thresholds first (unary bounds as 2x <= 2t). Narrow(a, b) refines
//     only the +inf entries of a.
//   - AddDims, RemoveDims (projection), PermuteDims: exact.
//
// Values are immutable and safe for concurrent use. An operation that
// needs a closed argument closes a copy and caches it in the value, so
// the raw matrix of a widening iterate is never replaced by its closure.
//
// # Arithmetic
//
// Bounds are int64 with +inf. Finite upper bounds at or above 2^61 become
// +inf and lower overflow rounds up to -(2^63-2): a bound can be lost,
// never made wrong. The closure kernels add without overflow checks when
// the operands of a pass lie below 2^60 in magnitude (the usual case);
// otherwise the closure is finished exactly in 128-bit arithmetic and
// rounded (exact.go), so results stay closed up to that rounding.
//
// # Representation choices (measured)
//
// The half matrix stores 2n(n+1) entries instead of 4n^2 and halves the
// closure's work: on random dense octagons with n = 100 its closure takes
// about half the time of an equally tuned full-matrix Floyd-Warshall
// (BenchmarkClosure vs BenchmarkClosureFullMatrix). Entries are plain
// int64 with a +inf sentinel rather than numeric.Bound (a 16-byte struct
// whose comparisons branch on infinity), so that the inner loop is three
// loads, two adds, two conditional moves and a store. On amd64 with AVX2
// (checked with CPUID at start-up) that loop runs four entries per
// instruction (kernel_amd64.s: add, signed compare, blend), which took the
// closure at n = 100 from about 1.9 ms to 0.8 ms of CPU; elsewhere, and
// with the purego build tag, the portable Go loop runs (both are tested
// against each other and against a reference closure).
//
// Constraints, the constraint view that callers such as the harness of
// issue 15 ask for after every operation, builds each ±x±y expression at
// most once and lets its constraints share the terms: one allocation per
// binary constraint. (A process-wide cache of these expressions made the
// view 20% cheaper but kept ~3 MB of pointers live, which made every
// garbage collection dearer: Forget at n = 100 went from 11 to 55 µs of
// CPU in a process that had built the cache. It was removed.)
//
// # References
//
// Antoine Mine, "The octagon abstract domain", Higher-Order and Symbolic
// Computation 19(1), 2006: the representation, strong closure, the
// operations and the widening. Gagandeep Singh, Markus Pueschel and Martin
// Vechev, "Making numerical program analysis fast", PLDI 2015: the
// half-matrix closure with contiguous pivot rows and the incremental
// closure. Roberto Bagnara, Patricia M. Hill and Enea Zaffanella, "An
// improved tight closure algorithm for integer octagonal constraints",
// VMCAI 2008: tight closure as tightening plus one strengthening pass.
package octagon
