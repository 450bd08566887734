// This file defines the numeric abstract domain interface shared by the
// interval, octagon and polyhedra packages, plus small optional capabilities
// with generic fallbacks.

package numeric

// Domain is a numeric abstract domain over integer-valued dimensions
// 0..n-1, generic over its value type V.
//
// A value of type V denotes a set of integer points gamma(v) ⊆ Z^n; every
// value knows its own dimension count n. Values are immutable: no operation
// modifies its arguments, so values may be shared freely.
//
// Binary operations (Leq, Equal, Meet, Join, Widen, Narrow) require both
// arguments to have the same number of dimensions; they panic otherwise,
// since that is a programming error and never a property of the input.
//
// Every operation is sound: its result's concretisation contains the
// concrete result. Operations a domain cannot do exactly over-approximate,
// and the domain's documentation says where.
type Domain[V any] interface {
	// Top returns the value with n dimensions denoting Z^n.
	Top(n int) V
	// Bottom returns the value with n dimensions denoting the empty set.
	Bottom(n int) V

	// Dims returns the number of dimensions of a.
	Dims(a V) int
	// IsTop reports whether gamma(a) is Z^n (a domain may answer false
	// for some top values it cannot recognise cheaply, never the reverse).
	IsTop(a V) bool
	// IsBottom reports whether gamma(a) is empty (a domain may answer
	// false for some empty values it cannot detect, never the reverse).
	IsBottom(a V) bool
	// Leq reports whether gamma(a) ⊆ gamma(b) as far as the domain can
	// tell; true is always correct.
	Leq(a, b V) bool
	// Equal reports whether a and b denote the same set as far as the
	// domain can tell: Leq(a, b) && Leq(b, a).
	Equal(a, b V) bool

	// Meet over-approximates gamma(a) ∩ gamma(b).
	Meet(a, b V) V
	// Join over-approximates gamma(a) ∪ gamma(b).
	Join(a, b V) V
	// Widen returns a ∇ b: an upper bound of a and b such that every
	// sequence x_{i+1} = x_i ∇ y_i stabilises. Precondition: Leq(a, b) is
	// the usual case; domains accept any b and treat it as Join(a, b).
	Widen(a, b V) V
	// Narrow returns a Δ b: a value between Meet(a, b) and a, such that
	// decreasing sequences of narrowings stabilise.
	Narrow(a, b V) V

	// Assume over-approximates gamma(a) ∩ {x | every c in cs holds at x}.
	Assume(a V, cs ...Constraint) V
	// Assign performs the parallel assignment dims[i] := exprs[i] for
	// all i at once; exprs are evaluated in the state before assignment.
	// Precondition: len(dims) == len(exprs), dims distinct.
	Assign(a V, dims []Dim, exprs []LinExpr) V
	// Forget existentially quantifies dims: ∃dims. a (the dimensions stay,
	// unconstrained).
	Forget(a V, dims ...Dim) V

	// Bound returns an interval containing the values of e over gamma(a)
	// (the empty range when a is bottom).
	Bound(a V, e LinExpr) Range
	// Entails reports whether every point of gamma(a) satisfies c; false
	// is always correct.
	Entails(a V, c Constraint) bool
	// Constraints returns a conjunction of constraints whose set of
	// integer solutions equals gamma(a) for the domains in this module (a
	// bottom value gives one unsatisfiable constant constraint), except
	// those with the Membership capability, where it contains gamma(a).
	Constraints(a V) []Constraint

	// AddDims appends k unconstrained dimensions n..n+k-1.
	AddDims(a V, k int) V
	// RemoveDims projects out dims and renumbers the remaining ones in
	// order, leaving n-len(dims) dimensions.
	RemoveDims(a V, dims ...Dim) V
	// PermuteDims renames dimension i to perm[i]; perm is a permutation
	// of 0..n-1.
	PermuteDims(a V, perm []Dim) V

	// String formats a as a conjunction of constraints, naming dimensions
	// by env (nil env: x0, x1, ...).
	String(a V, env *Env) string
}

// ThresholdWidener is the optional capability of widening with thresholds:
// a bound that would be lost by widening is instead relaxed to the next
// threshold that still holds.
type ThresholdWidener[V any] interface {
	WidenThresholds(a, b V, t Thresholds) V
}

// WidenWith widens a by b with thresholds t when d supports thresholds,
// and with the plain widening otherwise.
func WidenWith[V any](d Domain[V], a, b V, t Thresholds) V {
	if tw, ok := d.(ThresholdWidener[V]); ok && len(t) > 0 {
		return tw.WidenThresholds(a, b, t)
	}
	return d.Widen(a, b)
}

// Checker is the optional capability of checking a value's internal
// invariants (closure, coherence, double-description consistency). Tests
// always call it; the CLI calls it under a debug flag.
type Checker[V any] interface {
	SanityCheck(a V) error
}

// SanityCheck runs d's sanity checker on a when d has one, and returns nil
// otherwise.
func SanityCheck[V any](d Domain[V], a V) error {
	if c, ok := d.(Checker[V]); ok {
		return c.SanityCheck(a)
	}
	return nil
}

// Membership is the optional capability of a domain whose values are no
// conjunction of linear constraints (x ≡ 1 mod 2 is none): its
// Constraints only over-approximate gamma, and Contains is the exact
// membership test. The conformance suite decides membership by Contains
// for such a domain. Encodings that rebuild a value from its
// constraints (NDD and MTNDD keep a value's constraints as its diagram)
// must not use one: see HasExactConstraints.
type Membership[V any] interface {
	// Contains reports whether the integer point p is in gamma(a).
	Contains(a V, p []Int) bool
}

// HasExactConstraints reports whether d's Constraints denote exactly
// gamma: whether d lacks the Membership capability.
func HasExactConstraints[V any](d Domain[V]) bool {
	_, ok := d.(Membership[V])
	return !ok
}

// Hasher is the optional capability of hashing a value without describing
// it: equal values (Equal) hash equally. Tables keyed by values (MTNDD's
// leaf table) use it instead of hashing a value's constraints, which
// costs a description of every value stored or looked up.
type Hasher[V any] interface {
	Hash(a V) uint64
}

// Wrapper is implemented by a domain that forwards to another one (an
// instrumented domain counting operations, say): Unwrap returns it, so
// that its optional capabilities stay visible (HasherOf).
type Wrapper[V any] interface {
	Unwrap() Domain[V]
}

// HasherOf returns d's Hasher: d's own, or that of the domain d wraps.
func HasherOf[V any](d Domain[V]) (Hasher[V], bool) {
	for {
		if h, ok := d.(Hasher[V]); ok {
			return h, true
		}
		w, ok := d.(Wrapper[V])
		if !ok {
			return nil, false
		}
		d = w.Unwrap()
	}
}
