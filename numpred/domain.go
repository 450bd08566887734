// This file defines Domain, the NumPredDom interface of Fig. 3 and Fig. 4,
// together with the cube view of values and the construction options.

package numpred

import (
	"errors"
	"fmt"
	"strings"

	"github.com/numpred/numpred/numeric"
)

// Domain is NumPredDom(V_N, V_P) over abstract values of type A (Fig. 3
// and Fig. 4). Each implementation (NEXPoint, NEX, MTNDD, NDD) satisfies
// it for its own value type; Dyn erases the value type for callers that
// pick an implementation at run time.
//
// Values are immutable. Every operation is sound (Fig. 3's requirements):
// results over-approximate the concrete operation, and the boolean
// queries answer true only when the property surely holds.
//
// Errors: a domain never returns an invalid value. When its BDD manager
// fails (or runs out of reserved numeric-term variables) the failing
// operation returns a sound fallback (Top for values, false for queries),
// and Err reports the failure from then on. Check Err after an analysis: a
// non-nil Err means its verdict must be UNKNOWN.
//
// A Domain is not safe for concurrent use.
type Domain[A any] interface {
	// Name returns the implementation's name: "nexpoint", "nex", "mtndd"
	// or "ndd".
	Name() string
	// Space returns the precision the domain was built over.
	Space() *Space

	// Top returns X.alpha(true).
	Top() A
	// Bottom returns X.alpha(false).
	Bottom() A

	// Gamma returns the concretisation of a as an expression (a
	// disjunction of the cubes of Cubes).
	Gamma(a A) Expr
	// Alpha over-approximates e (Section IV: meet of alpha_P(proj_P) and
	// alpha_N(proj_N) on terms, meet on and, join on or).
	Alpha(e Expr) A
	// AlphaP is alpha restricted to the predicate part of e: numeric
	// atoms that are not predicates are dropped.
	AlphaP(e Expr) A
	// AlphaN is alpha restricted to the numeric part of e: opaque
	// predicates are dropped, atom predicates read as their atoms.
	AlphaN(e Expr) A

	// Meet over-approximates gamma(a) && gamma(b).
	Meet(a, b A) A
	// Join over-approximates gamma(a) || gamma(b).
	Join(a, b A) A
	// Widen is an upper bound of a and b such that every chain
	// x_{i+1} = Widen(x_i, y_i) stabilises.
	Widen(a, b A) A
	// WidenWith is Widen with the numeric widening using thresholds t
	// (numeric.WidenWith) where the numeric domain supports it.
	WidenWith(a, b A, t numeric.Thresholds) A

	// IsTop reports whether a surely denotes every state.
	IsTop(a A) bool
	// IsBot reports whether a surely denotes no state. It is cheap and
	// syntactic: a value whose reduce is bottom may still answer false,
	// so call Reduce first when the answer matters (an error location).
	IsBot(a A) bool
	// Leq reports whether gamma(a) surely implies gamma(b).
	Leq(a, b A) bool
	// Equal reports Leq(a, b) && Leq(b, a).
	Equal(a, b A) bool

	// AlphaPost applies the transformer t (Fig. 5) to a.
	// Precondition: Space().Check(t) == nil.
	AlphaPost(t Transformer, a A) A
	// AlphaPostN applies the purely numeric transformer t to a.
	AlphaPostN(t NumAssign, a A) A
	// Unprime renames every primed predicate p' of a to p.
	Unprime(a A) A
	// Reduce refines a by sharing information between its predicate and
	// numeric parts (alpha(gamma(a)) for NEXPOINT, NEX and MTNDD;
	// ctxApply with reduceOp for NDD). gamma(Reduce(a)) == gamma(a).
	Reduce(a A) A
	// IsEmpty reports whether gamma(a) is empty, deciding as
	// IsBot(Reduce(a)) does, but possibly faster: NEXPOINT stops at the
	// first path of its BDD consistent with its numeric value.
	IsEmpty(a A) bool
	// Exists existentially quantifies the predicates ps out of a.
	Exists(ps []PredID, a A) A

	// Cubes returns a as a disjunction of cubes, for invariants output.
	Cubes(a A) []Cube
	// String formats a with the names of the space.
	String(a A) string
	// Size returns the size of a's representation: BDD nodes plus
	// numeric components.
	Size(a A) int

	// TermUse returns the numeric-term BDD variables in use and reserved
	// (MTNDD and NDD allocate one per distinct numeric atom; the others
	// use none).
	TermUse() (used, capacity int)
	// ReduceAfterAssume reports whether a client should Reduce after
	// every assume (the implementation's reduce policy).
	ReduceAfterAssume() bool
	// Strained reports that the domain's reserved resources run low, so
	// that optional precision bringing new constants (unrolling, point
	// contexts) should not be spent.
	Strained() bool
	// Retry reports, after a failure, whether a domain built with more
	// reserved resources could avoid it, and the options to add.
	Retry() ([]Option, bool)
	// Point reports whether every state of a fixes each of dims to one
	// integer (the same in all), and returns them; false is sound.
	Point(a A, dims []numeric.Dim) ([]int64, bool)
	// Bounds returns, for each of es, a range holding its value in every
	// state of a; false (always sound) when it cannot tell or a is empty.
	Bounds(a A, es []numeric.LinExpr) ([]numeric.Range, bool)

	// Stats returns a snapshot of the operation counters.
	Stats() Stats
	// ResetStats zeroes the operation counters.
	ResetStats()
	// Err returns the domain's sticky error, nil while it is healthy.
	Err() error
}

// PredLit is a predicate literal in a cube: p, !p, p' or !p'.
type PredLit struct {
	Pred   PredID
	Primed bool
	Pos    bool
}

// Cube is one disjunct of a value: a conjunction of predicate literals,
// linear constraints and the congruences its numeric value implies (when
// the numeric domain reports them: numeric.CongruenceReporter).
type Cube struct {
	Preds []PredLit
	Cons  []numeric.Constraint
	Congs []numeric.Congruence
}

// Expr returns the cube as an expression, without its congruences (an
// Expr cannot state them: it contains the cube).
func (c Cube) Expr() Expr {
	es := make([]Expr, 0, len(c.Preds)+len(c.Cons))
	for _, l := range c.Preds {
		e := P(l.Pred)
		if l.Primed {
			e = Primed(l.Pred)
		}
		if !l.Pos {
			e = Not(e)
		}
		es = append(es, e)
	}
	for _, k := range c.Cons {
		es = append(es, Atom(k))
	}
	return And(es...)
}

// String formats the cube, e.g. "p && !(x <= 3) && y >= 0".
func (c Cube) String(sp *Space) string {
	var parts []string
	for _, l := range c.Preds {
		e := P(l.Pred)
		if l.Primed {
			e = Primed(l.Pred)
		}
		if !l.Pos {
			e = Not(e)
		}
		parts = append(parts, e.String(sp))
	}
	for _, k := range c.Cons {
		parts = append(parts, k.String(envOf(sp)))
	}
	for _, k := range c.Congs {
		parts = append(parts, k.String(envOf(sp)))
	}
	if len(parts) == 0 {
		return "true"
	}
	return strings.Join(parts, " && ")
}

func cubesExpr(cs []Cube) Expr {
	es := make([]Expr, len(cs))
	for i, c := range cs {
		es[i] = c.Expr()
	}
	return Or(es...)
}

func cubesString(sp *Space, cs []Cube) string {
	if len(cs) == 0 {
		return "false"
	}
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = "(" + c.String(sp) + ")"
	}
	return strings.Join(parts, " || ")
}

// Option configures a domain.
type Option func(*options)

type options struct {
	terms     int
	nodes     int
	cache     int
	checking  bool
	interrupt func() bool
	rank      []int
	leaves    int
	eager     int // EagerReducePreds
}

func makeOptions(opts []Option) options {
	o := options{terms: 1024, nodes: 1 << 14, cache: 1 << 14, eager: maxEagerReducePreds}
	for _, f := range opts {
		f(&o)
	}
	return o
}

// TermCapacity sets the number of numeric-term BDD variables reserved
// (MTNDD and NDD allocate one per distinct linear atom they meet; default
// 1024). Running out makes Err report a *bdd.CapacityError.
func TermCapacity(n int) Option { return func(o *options) { o.terms = n } }

// NodeSize sets the initial BDD node table size.
func NodeSize(n int) Option { return func(o *options) { o.nodes = n } }

// CacheSize sets rudd's operation cache size.
func CacheSize(n int) Option { return func(o *options) { o.cache = n } }

// EagerReducePreds sets the most predicates for which NEXPOINT, NEX and
// MTNDD ask to be reduced after every assume (ReduceAfterAssume; default
// 16).
func EagerReducePreds(n int) Option { return func(o *options) { o.eager = n } }

// LeafLimit bounds the distinct numeric parts of a NEX or MTNDD value
// (NEX's pairs, MTNDD's numeric leaves) by k: an operation whose result
// has more joins them into one, which is NEXPOINT's representation of
// that value (its predicate part stays exact). reduce then refines a
// value per predicate valuation only while it has at most k consistent
// valuations, and otherwise as NEXPOINT does. These domains map each
// predicate valuation to its own numeric value, so k independent
// predicates can need 2^k of them (the lock template with k locks);
// past the limit they trade that precision for size. Joins, abstractions
// and transformers are limited; Meet, Reduce and Widen are not (a meet
// must stay a lower bound, reduce must keep the concrete states, a join
// after a widening could break its termination), and the next operation
// limits their results. 0, the default, means no limit.
func LeafLimit(k int) Option { return func(o *options) { o.leaves = k } }

// Checking makes every operation run the sanity checkers of its result
// (BDD structure, NEX conditions C1-C3, numeric SanityCheck); a failure
// becomes the domain's Err. For tests and the CLI's debug flag.
func Checking(on bool) Option { return func(o *options) { o.checking = on } }

// Interrupt makes long operations poll stop (every few dozen BDD steps)
// and abandon the operation when it returns true: the operation returns
// its sound fallback and Err reports ErrInterrupted from then on. An
// analysis with a deadline passes func() bool { return time.Now().After(d) }.
func Interrupt(stop func() bool) Option { return func(o *options) { o.interrupt = stop } }

// ErrInterrupted is the domain's sticky error after Interrupt fired.
var ErrInterrupted = errors.New("numpred: interrupted")

// Kind names an implementation.
type Kind string

// The four implementations of Section V.
const (
	KindNEXPoint Kind = "nexpoint"
	KindNEX      Kind = "nex"
	KindMTNDD    Kind = "mtndd"
	KindNDD      Kind = "ndd"
	// KindPredicate is predicate abstraction alone: NDD, meant over a
	// numeric domain that keeps nothing (one with a PredicateOnly method
	// answering true, which also makes the domain never strained by its
	// terms' count).
	KindPredicate Kind = "predicate"
)

// Kinds returns the four implementations, least precise first.
func Kinds() []Kind { return []Kind{KindNEXPoint, KindNEX, KindMTNDD, KindNDD} }

// New builds the implementation named kind over the numeric domain num
// and erases its value type (see Dyn).
func New[V any](kind Kind, num numeric.Domain[V], sp *Space, opts ...Option) (Domain[Value], error) {
	switch kind {
	case KindNEXPoint:
		d, err := NewNEXPoint(num, sp, opts...)
		if err != nil {
			return nil, err
		}
		return Dyn[PointVal[V]](d), nil
	case KindNEX:
		d, err := NewNEX(num, sp, opts...)
		if err != nil {
			return nil, err
		}
		return Dyn[NEXVal[V]](d), nil
	case KindMTNDD:
		d, err := NewMTNDD(num, sp, opts...)
		if err != nil {
			return nil, err
		}
		return Dyn[DDVal](d), nil
	case KindNDD, KindPredicate:
		d, err := NewNDD(num, sp, opts...)
		if err != nil {
			return nil, err
		}
		return Dyn[DDVal](d), nil
	}
	return nil, fmt.Errorf("numpred: unknown domain %q (want nexpoint, nex, mtndd, ndd or predicate)", kind)
}
