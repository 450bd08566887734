// Package numpred is the combined predicate + numeric abstract domain
// NumPredDom of Gurfinkel & Chaki, "Combining Predicate and Numeric
// Abstraction for Software Model Checking" (paper 004 in ../shared/papers),
// with its four implementations NEXPOINT, NEX, MTNDD and NDD (Section V),
// each generic over any numeric.Domain (interval, octagon, polyhedra).
//
// # The precision: Space
//
// A Space fixes V_N and V_P. V_N is the numeric variables, dimensions
// 0..n-1 of the numeric domain, named by a numeric.Env. V_P is the
// predicates, numbered by PredID: each is either opaque (a Boolean whose
// meaning the domain does not know, for example p ≜ (A[y1+y2] = 3) in
// Fig. 2) or a linear atom over V_N (x <= 3, x = y + 1). An atom predicate
// and the numeric term of the same atom, or of its negation, are one term:
// numeric.Constraint.Canonical maps x > 3 and x <= 3 to one canonical atom
// in opposite phases, which is how NDD gives them one BDD variable. Every
// predicate p also has a primed copy p' used by predicate transformers.
//
//	env := numeric.MustEnv("x", "y")
//	sp, err := numpred.NewSpace(env,
//		numpred.Opaque("p"),
//		numpred.AtomPred("", numeric.Le(numeric.Var(0), numeric.Const(3))))
//
// The precision is fixed when a domain is built; refinement builds a new
// Space and a new domain.
//
// # Expressions: Expr
//
// Expr is the set E of the paper: Boolean combinations (True, False, Not,
// And, Or) of predicates (P, Primed) and linear atoms (Atom, Atoms).
// Expr.Eval evaluates one in a concrete State (a predicate valuation plus
// an integer point). The projections of Section IV are syntactic: on a
// conjunction of literals, proj_P keeps the predicate literals and the
// atoms that are predicates; proj_N keeps the atoms and the atoms of atom
// predicates (so alpha(q) with q ≜ (x = 0) also constrains x);
// Space.ProjP and Space.ProjN expose them. The negation of an equality is
// the join of its two strict sides. assume(e) is computed relative to the
// current value (a disjunction is the join of the assumes of its
// disjuncts), which is sound, at least as precise as meet(alpha(e), X),
// and what lets the explicit domains use a choice relation's numeric
// conditions.
//
// # The domain: Domain[A]
//
// Domain[A] is the interface of Fig. 3 and Fig. 4 over values of type A:
//
//	Gamma, Alpha, AlphaP, AlphaN          concretisation and abstraction
//	Meet, Join, Widen, WidenWith          lattice (WidenWith: thresholds)
//	IsTop, IsBot, Leq, Equal              queries (true only when sure)
//	AlphaPost(tau, a), AlphaPostN         transformers
//	Unprime, Reduce, Exists               predicate-level operations
//	Cubes, String, Size                   output for invariants
//	Stats, ResetStats, Err                statistics and the sticky error
//
// Build one with NewNEXPoint, NewNEX, NewMTNDD or NewNDD, each generic
// over the numeric value type:
//
//	d, err := numpred.NewNDD(numeric.Domain[interval.Box](interval.New()), sp)
//	a := d.Alpha(numpred.Atom(numeric.Ge(numeric.Var(0), numeric.Const(0))))
//
// or pick one at run time with New(kind, num, sp), which returns a
// Domain[Value] (Dyn erases any Domain[A] the same way). Values are
// immutable and may be shared. IsBot is cheap and syntactic; the
// propositional and numeric parts of a value may be jointly infeasible
// without IsBot noticing until Reduce shares information between them, so
// call IsBot(Reduce(a)) where the answer decides a verdict (Leq reduces by
// itself where its implementation needs to).
//
// # Transformers (Fig. 5)
//
//	NumAssign{Dims, Exprs, Havoc}   tau_N: x_1 := e_1 && ... (parallel), then havoc
//	Assign(x, e), Havoc(xs...)      single assignment, havoc
//	Assume{Cond}                    assume(e): meet(alpha(e), X)
//	Cond{Guard, Num}                e ? tau_N
//	PredAssign{Preds, T, F}         p_1 := choice(t_1, f_1) && ... (parallel)
//	Choose(p, t, f), SetPred(p, e)  single choice; p := e is choice(e, !e)
//	NumPred{Guard, Num, Pred}       (e ? tau_N) && tau_P, both reading the old state
//	Seq{...}, Choice{...}           sequence; non-deterministic choice (join)
//
// A predicate assignment is interpreted with its relation R = /\_i (p_i' &&
// !f_i) || (!p_i' && !t_i) as unprime(exists(p_i, meet(X, alpha(R)))). An
// atom predicate always means its atom in the current state: a numeric
// assignment to a variable of the atom forgets the predicate (unless the
// NumPred's tau_P assigns it), so transformers stay sound without
// mentioning every affected predicate. Space.Check validates a
// transformer; AlphaPost requires a valid one.
//
// # The four implementations (Section V; Table I and III)
//
// NEXPOINT (NewNEXPoint, values PointVal): a pair (p, n) of a BDD over
// the predicates and one numeric value; all operations pointwise. Cheap
// and least precise: the numeric part is shared by all predicate
// valuations.
//
// NEX (NewNEX, values NEXVal): a set of pairs (p_i, n_i) read as a
// function from predicate valuations to numeric values, kept tight by C1
// (no empty pair), C2 (distinct numeric parts) and C3 (disjoint predicate
// parts) through norm; join and widen are NEXJoin/NEXWiden, pointwise per
// valuation.
//
// MTNDD (NewMTNDD, values DDVal): the same functions as NEX, symbolically:
// one BDD with all predicate variables above a few leaf variables, the
// sub-diagram below a predicate path naming that path's numeric value, a
// leaf held in a table outside the BDD (the code of its index).
// meet, join, widen, leq and alphaPost_N are bddApply with numeric
// operators at those sub-diagrams (MJoinOp, Fig. 6); exists joins
// cofactors with the MTNDD join.
//
// NDD (NewNDD, values DDVal): a BDD over predicate and numeric terms,
// read as the formula it denotes: exact unions. meet, join, exists and
// unprime are BDD operations; reduce and alphaPost_N traverse paths with
// ctxApply (Fig. 7), leq with its query form ctxSat, which stops at the
// first feasible path of u && !v; both compute each path context once per
// sequence of numeric literals and memoise on (node, sequence); widen goes
// through MTNDD; (e ? tau_N) && tau_P
// stages tau_P in the primed (shadow) variables. The most precise.
//
// On the same inputs the domains are ordered in precision: NDD is at
// least as precise as NEX and MTNDD, which agree, and they are at least as
// precise as NEXPOINT (tested in precision_test.go). reduce is
// alpha(gamma(v)) for the first three, computed per predicate path with
// the numeric domain's Entails deciding the atom predicates (so
// reduce(q || r, x = 3 && y >= 0) is (!q && r, x = 3 && y = 0) as in
// Section V-A), and ctxApply(u, reduceOp, N.top, {}) for NDD.
//
// # BDD variables and errors
//
// Each domain owns a bdd.Manager with a fixed layout: three variables per
// predicate (current, primed, shadow) followed by a reserve of
// numeric-term variables (TermCapacity, default 1024), allocated as NDD
// meets new atoms; MTNDD takes min(TermCapacity, 24) of them once, for
// the indices of its leaf table (2^k leaves with k variables). When the manager fails or the reserve runs out,
// the failing operation returns a sound fallback (Top, or false for
// queries) and Err reports the error from then on: an analysis must check
// Err and answer UNKNOWN when it is set. The Checking option runs sanity
// checkers (BDD structure, NEX C1-C3, the numeric domain's SanityCheck)
// after every operation.
//
// # Statistics
//
// Stats returns, per Op, the number of calls and the time spent: gamma,
// alpha, meet, join, widen, leq, alphaPost (the numeric post, Table IV's
// alphaPost), apply (AlphaPost of a whole transformer, Table IV's Apply),
// reduce, exists; plus the live and peak BDD node counts and the number of
// numeric terms. Times are inclusive (apply contains the joins it makes).
// ResetStats zeroes them. The conformance suite every implementation runs
// is in package numpred/numpredtest.
package numpred
