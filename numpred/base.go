// This file implements the machinery shared by the four implementations:
// error recovery (BDD failures become the domain's sticky Err), BDD
// helpers, the table of numeric terms and the conversions between numeric
// values and diagrams (the paper's toBdd and toExpr, Section V-C).

package numpred

import (
	"errors"
	"fmt"

	"github.com/numpred/numpred/bdd"
	"github.com/numpred/numpred/numeric"
)

// failure carries an error from deep inside an operation to the public
// method that recovers it (see base.catch); it never leaves the package.
type failure struct{ err error }

// base holds what every implementation shares, independent of the
// numeric value type.
type base struct {
	sp    *Space
	m     *bdd.Manager
	stats counters
	err   error
	opts  options
	// polar makes the variable of an atom predicate whose atom is the
	// negation of its canonical atom carry the canonical atom (NDD: the
	// predicate is then the variable's negative phase).
	polar bool
	// polls counts calls to poll, which checks opts.interrupt every 64th.
	polls int
	// ord groups predicates and terms by the DimOrder option (nil
	// without it).
	ord *order
	// pol holds the implementation's policies (policy.go).
	pol policy
}

func newBase(sp *Space, opts []Option, k varLayout) (*base, error) {
	if sp == nil {
		return nil, errors.New("numpred: nil Space")
	}
	o := makeOptions(opts)
	bopts := []bdd.Option{bdd.NodeSize(o.nodes), bdd.CacheSize(o.cache)}
	var ord *order
	if o.rank != nil {
		ord = newOrder(sp, o.rank)
		bopts = append(bopts, bdd.Layout(ord.layout(k)...))
	}
	m, err := bdd.New(sp.NumPreds(), o.terms, bopts...)
	if err != nil {
		return nil, err
	}
	m.SetInterrupt(o.interrupt)
	return &base{sp: sp, m: m, opts: o, ord: ord}, nil
}

// fail abandons the current operation with err; a BDD operation the
// interrupt check stopped (on large diagrams, see bdd.SetInterrupt) fails
// as ErrInterrupted, like a poll.
func (b *base) fail(err error) {
	if errors.Is(err, bdd.ErrInterrupted) {
		err = ErrInterrupted
	}
	panic(failure{err})
}

// catch recovers a failure raised by an operation, records it as the
// sticky error and runs fallback to set a sound result. Other panics
// propagate.
func (b *base) catch(fallback func()) {
	if r := recover(); r != nil {
		f, ok := r.(failure)
		if !ok {
			panic(r)
		}
		if b.err == nil {
			b.err = f.err
		}
		fallback()
	}
}

// node unwraps a bdd result, failing on error.
func (b *base) node(n bdd.Node, err error) bdd.Node {
	if err != nil {
		b.fail(err)
	}
	b.poll()
	return n
}

// poll abandons the current operation when the Interrupt option says so.
func (b *base) poll() {
	if b.opts.interrupt == nil {
		return
	}
	b.polls++
	if b.polls&63 == 0 && b.opts.interrupt() {
		b.fail(ErrInterrupted)
	}
}

func (b *base) tt() bdd.Node { return b.m.True() }
func (b *base) ff() bdd.Node { return b.m.False() }

func (b *base) and(ns ...bdd.Node) bdd.Node { return b.node(b.m.And(ns...)) }
func (b *base) or(ns ...bdd.Node) bdd.Node  { return b.node(b.m.Or(ns...)) }
func (b *base) not(n bdd.Node) bdd.Node     { return b.node(b.m.Not(n)) }
func (b *base) lit(v int, pos bool) bdd.Node {
	return b.node(b.m.Lit(v, pos))
}
func (b *base) ite(v int, hi, lo bdd.Node) bdd.Node {
	if hi.ID() == lo.ID() {
		return hi
	}
	return b.node(b.m.IteVar(v, hi, lo))
}
func (b *base) exists(n bdd.Node, vars []int) bdd.Node { return b.node(b.m.Exists(n, vars)) }
func (b *base) implies(x, y bdd.Node) bool {
	ok, err := b.m.Implies(x, y)
	if err != nil {
		b.fail(err)
	}
	return ok
}

// hold returns a node for n that stays valid while it is kept (n, or for
// a node borrowed from a running apply a real handle; bdd.Manager.Hold).
// Every cache that keeps a node must keep hold(n).
func (b *base) hold(n bdd.Node) bdd.Node { return b.node(b.m.Hold(n)) }

func (b *base) cofactors(n bdd.Node, v int) (bdd.Node, bdd.Node) {
	hi, lo, err := b.m.Cofactors(n, v)
	if err != nil {
		b.fail(err)
	}
	return hi, lo
}
func (b *base) size(n bdd.Node) int {
	k, err := b.m.Size(n)
	if err != nil {
		b.fail(err)
	}
	return k
}
func (b *base) paths(n bdd.Node, f func([]bdd.Literal)) {
	if err := b.m.Paths(n, func(p []bdd.Literal) error { b.poll(); f(p); return nil }); err != nil {
		b.fail(err)
	}
}

// predVar returns the BDD variable of p (primed: of p').
func (b *base) predVar(p PredID, primed bool) int {
	if primed {
		return b.m.VarOf(bdd.Primed, int(p))
	}
	return b.m.VarOf(bdd.Pred, int(p))
}

// predCube returns the conjunction of the predicate literals.
func (b *base) predCube(lits []PredLit) bdd.Node {
	acc := b.tt()
	for _, l := range lits {
		acc = b.and(acc, b.lit(b.predVar(l.Pred, l.Primed), l.Pos != b.flipped(l.Pred)))
	}
	return acc
}

func (b *base) predVars(ps []PredID, primed bool) []int {
	vs := make([]int, len(ps))
	for i, p := range ps {
		vs[i] = b.predVar(p, primed)
	}
	return vs
}

// unprimeVars returns the sources and targets renaming every p' to p.
func (b *base) unprimeVars() (from, to []int) {
	for i := 0; i < b.sp.NumPreds(); i++ {
		from = append(from, b.predVar(PredID(i), true))
		to = append(to, b.predVar(PredID(i), false))
	}
	return from, to
}

func (b *base) unprimeNode(n bdd.Node) bdd.Node {
	from, to := b.unprimeVars()
	return b.node(b.m.Replace(n, from, to))
}

// unprimeSel unprimes every predicate (ps nil) or, after exists, only ps.
func (b *base) unprimeSel(n bdd.Node, ps []PredID) bdd.Node {
	if ps == nil {
		return b.unprimeNode(n)
	}
	return b.unprimeAfterExists(n, ps)
}

// unprimeAfterExists renames p' to p for the predicates ps, whose current
// copies the caller has just quantified away (so no clash is possible).
func (b *base) unprimeAfterExists(n bdd.Node, ps []PredID) bdd.Node {
	return b.node(b.m.Rename(n, b.predVars(ps, true), b.predVars(ps, false)))
}

// flipped reports whether p's variable is true when p is false.
func (b *base) flipped(p PredID) bool { return b.polar && b.sp.preds[p].neg }

// predLitOf converts a literal on a predicate-role variable.
func (b *base) predLitOf(l bdd.Literal) (PredLit, bool) {
	r, i := b.m.RoleOf(l.Var)
	switch r {
	case bdd.Pred:
		return PredLit{Pred: PredID(i), Pos: l.Pos != b.flipped(PredID(i))}, true
	case bdd.Primed:
		return PredLit{Pred: PredID(i), Primed: true, Pos: l.Pos != b.flipped(PredID(i))}, true
	}
	return PredLit{}, false
}

func (b *base) checkNode(n bdd.Node) {
	if !b.opts.checking {
		return
	}
	if err := b.m.SanityCheck(n); err != nil {
		b.fail(err)
	}
}

func (b *base) bddNodes() int {
	if b.m.Err() != nil {
		return 0
	}
	k, err := b.m.ActiveNodes()
	if err != nil {
		return 0
	}
	return k
}

// numCore adds the numeric domain and the term table.
type numCore[V any] struct {
	*base
	num numeric.Domain[V]
	n   int
	// nddTerms makes atom predicates share their variable with the
	// numeric term of their atom (NDD); otherwise (MTNDD) every numeric
	// term has its own variable below all predicates.
	nddTerms bool
	// termByHash and termVar find the variable of a canonical atom, by
	// a hash of its numbers (termByHash) or, when they are big, by its
	// key (termVar).
	termByHash map[uint64][]int
	termVar    map[numeric.Key]int
	termOf     map[int]numeric.Constraint // variable -> canonical atom
	// termsOn lists, per dimension, the variables in termOf whose atoms
	// mention it (NDD's elimination sets).
	termsOn  map[numeric.Dim][]int
	leafMemo map[int]leafEntry
	// leafOps caches MTNDD's numeric meet and join of two leaves.
	leafOps map[leafOpKey]leafOpEntry
	// cubes caches consNode by a hash of its constraints.
	cubes  map[uint64][]cubeEntry
	ncubes int
	litsOf map[int]cubeLits
	// atoms links the dimensions of every atom with a variable (see
	// relevant); atomVars lists those variables with their atoms, and
	// relCache the filters relevant computed since the last new atom.
	atoms    dimUnion
	atomVars map[int]numeric.Constraint
	relCache map[string][]bool
	// topPaths is the trie of path contexts below top, kept across
	// ctxApply calls (see ctxPaths).
	topPaths *ctxPaths[V]
	// tab holds MTNDD's numeric leaves (leaftab.go); nil in the cube
	// form (NDD, whose widening uses the MTNDD algorithms over cubes).
	tab *leafTable[V]
}

// leafOpKey names a numeric operation on two leaves.
type leafOpKey struct {
	op   Op
	u, v int
}

// leafOpEntry is a cached leaf operation: its operands (kept alive so
// that their IDs are not reused) and its result.
type leafOpEntry struct {
	keep [2]bdd.Node
	res  bdd.Node
}

type leafEntry struct {
	keep bdd.Node
	val  any
}

func newNumCore[V any](num numeric.Domain[V], sp *Space, ndd bool, opts []Option, k varLayout) (*numCore[V], error) {
	if num == nil {
		return nil, errors.New("numpred: nil numeric domain")
	}
	b, err := newBase(sp, opts, k)
	if err != nil {
		return nil, err
	}
	c := &numCore[V]{base: b, num: num, n: sp.NumDims(), nddTerms: ndd,
		termVar: map[numeric.Key]int{}, termByHash: map[uint64][]int{}, termOf: map[int]numeric.Constraint{}, termsOn: map[numeric.Dim][]int{}, leafMemo: map[int]leafEntry{}, leafOps: map[leafOpKey]leafOpEntry{}, cubes: map[uint64][]cubeEntry{}, litsOf: map[int]cubeLits{},
		atoms: dimUnion{}, atomVars: map[int]numeric.Constraint{}, relCache: map[string][]bool{}}
	b.pol.bounds = numBounds(num, c.n)
	for i, p := range sp.preds {
		if p.hasAtom {
			c.linkAtom(b.predVar(PredID(i), false), p.canon)
		}
	}
	if ndd {
		b.polar = true
		for i, p := range sp.preds {
			if p.hasAtom && p.canon.Kind() == numeric.LE {
				v := b.predVar(PredID(i), false)
				c.storeTerm(p.canon, v)
			}
		}
	}
	return c, nil
}

func (c *numCore[V]) top() V { return c.num.Top(c.n) }
func (c *numCore[V]) bot() V { return c.num.Bottom(c.n) }

func (c *numCore[V]) checkNum(a V) {
	if !c.opts.checking {
		return
	}
	if err := numeric.SanityCheck(c.num, a); err != nil {
		c.fail(fmt.Errorf("numpred: numeric sanity: %w", err))
	}
}

// atomLiteral returns the BDD literal of the inequality k: the variable
// of its canonical atom (allocated on first use) in the right phase.
func (c *numCore[V]) atomLiteral(k numeric.Constraint) bdd.Literal {
	canon, neg := k.Canonical()
	v, ok := c.lookupTerm(canon)
	if !ok {
		var err error
		if c.ord != nil {
			v, err = c.m.NewTermIn(c.ord.group(canon))
		} else {
			v, err = c.m.NewTerm()
		}
		if err != nil {
			c.fail(err)
		}
		c.storeTerm(canon, v)
	}
	return bdd.Literal{Var: v, Pos: !neg}
}

// lookupTerm returns the variable of the canonical atom k, if it has one.
func (c *numCore[V]) lookupTerm(k numeric.Constraint) (int, bool) {
	if h, ok := consHash([]numeric.Constraint{k}); ok {
		for _, v := range c.termByHash[h] {
			if c.termOf[v].Equal(k) {
				return v, true
			}
		}
		return 0, false
	}
	v, ok := c.termVar[k.Key()]
	return v, ok
}

// storeTerm records v as the variable of the canonical atom k.
func (c *numCore[V]) storeTerm(k numeric.Constraint, v int) {
	c.termOf[v] = k
	e := k.Expr()
	for i := 0; i < e.NumTerms(); i++ {
		d := e.Term(i).Dim
		c.termsOn[d] = append(c.termsOn[d], v)
	}
	c.linkAtom(v, k)
	if h, ok := consHash([]numeric.Constraint{k}); ok {
		c.termByHash[h] = append(c.termByHash[h], v)
		return
	}
	c.termVar[k.Key()] = v
}

// consNode returns the conjunction of the constraints as a diagram over
// term variables (equalities split into two inequalities), one cube,
// built from one of bases when that is cheaper (see toBddFrom). Cubes
// are cached by their constraints: MTNDD encodes the same numeric values
// (the same leaves) over and over, and a cube of one literal per bound of
// every variable costs a BDD operation per literal.
func (c *numCore[V]) consNode(cs []numeric.Constraint, bases []bdd.Node) bdd.Node {
	h, ok := consHash(cs)
	if ok {
		for _, e := range c.cubes[h] {
			if consEqual(e.cons, cs) {
				return e.node
			}
		}
	}
	lits, sat := c.consLits(cs)
	var u bdd.Node
	switch {
	case !sat:
		u = c.ff()
	default:
		u = c.cubeFrom(lits, bases)
	}
	if ok {
		if c.ncubes >= maxCubeCache {
			clear(c.cubes)
			clear(c.litsOf)
			c.ncubes = 0
		}
		u = c.hold(u)
		c.cubes[h] = append(c.cubes[h], cubeEntry{cons: cs, node: u})
		c.ncubes++
		if !c.m.IsConst(u) {
			c.litsOf[u.ID()] = cubeLits{keep: u, lits: lits}
		}
	}
	return u
}

// cubeLits is the literals of a cached cube (kept alive by keep).
type cubeLits struct {
	keep bdd.Node
	lits []bdd.Literal
}

// cubeFrom returns the cube of lits, from the known cube among bases
// that differs from it in the fewest literals when that is a small part
// of lits.
func (c *numCore[V]) cubeFrom(lits []bdd.Literal, bases []bdd.Node) bdd.Node {
	want := make(map[int]bool, len(lits))
	for _, l := range lits {
		want[l.Var] = l.Pos
	}
	best, bestDrop, bestAdd := bdd.Node{}, []int(nil), []bdd.Literal(nil)
	for _, b := range bases {
		e, ok := c.litsOf[b.ID()]
		if !ok || e.keep.ID() != b.ID() {
			continue
		}
		have := make(map[int]bool, len(e.lits))
		var drop []int
		for _, l := range e.lits {
			have[l.Var] = l.Pos
			if pos, ok := want[l.Var]; !ok || pos != l.Pos {
				drop = append(drop, l.Var)
			}
		}
		var add []bdd.Literal
		for _, l := range lits {
			if pos, ok := have[l.Var]; !ok || pos != l.Pos {
				add = append(add, l)
			}
		}
		if !best.Valid() || len(drop)+len(add) < len(bestDrop)+len(bestAdd) {
			best, bestDrop, bestAdd = b, drop, add
		}
	}
	if !best.Valid() || 4*(len(bestDrop)+len(bestAdd)) > len(lits) {
		return c.node(c.m.Cube(lits))
	}
	if len(bestAdd) == 0 {
		return c.exists(best, bestDrop)
	}
	add := c.node(c.m.Cube(bestAdd))
	flipped := false
	for _, l := range bestAdd {
		if _, ok := want[l.Var]; ok {
			for _, v := range bestDrop {
				if v == l.Var {
					flipped = true
				}
			}
		}
	}
	if flipped {
		// A literal changes phase: drop it before conjoining its opposite.
		return c.and(c.exists(best, bestDrop), add)
	}
	return c.node(c.m.AndExists(best, add, bestDrop))
}

// consLits returns the literals of the conjunction of cs (equalities
// split); sat is false when a constraint is false.
func (c *numCore[V]) consLits(cs []numeric.Constraint) (lits []bdd.Literal, sat bool) {
	for _, k := range cs {
		if k.IsTrue() {
			continue
		}
		if k.IsFalse() {
			return nil, false
		}
		for _, h := range k.Split() {
			if h.IsTrue() {
				continue
			}
			if h.IsFalse() {
				return nil, false
			}
			lits = append(lits, c.atomLiteral(h))
		}
	}
	return lits, true
}

// maxCubeCache bounds the cube cache; it is emptied when full.
const maxCubeCache = 1 << 14

// cubeEntry is a cached cube: its constraints and its diagram.
type cubeEntry struct {
	cons []numeric.Constraint
	node bdd.Node
}

// consHash hashes a list of constraints (FNV-1a over kinds, dimensions,
// coefficients and constants); ok is false when a number does not fit in
// an int64, and the list is then not cached.
func consHash(cs []numeric.Constraint) (uint64, bool) {
	h := uint64(14695981039346656037)
	mix := func(x uint64) {
		h ^= x
		h *= 1099511628211
	}
	for _, k := range cs {
		e := k.Expr()
		mix(uint64(k.Kind()) + 1)
		for i := 0; i < e.NumTerms(); i++ {
			t := e.Term(i)
			a, ok := t.Coef.Int64()
			if !ok {
				return 0, false
			}
			mix(uint64(t.Dim))
			mix(uint64(a))
		}
		b, ok := e.Constant().Int64()
		if !ok {
			return 0, false
		}
		mix(uint64(b))
	}
	return h, true
}

// consEqual reports whether two lists of constraints are equal.
func consEqual(a, b []numeric.Constraint) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !a[i].Equal(b[i]) {
			return false
		}
	}
	return true
}

// toBdd encodes a numeric value as a diagram: toBdd(N.gamma(a)). The
// diagram's decoding (leaf) is remembered as a itself, which has the same
// meaning: MTNDD decodes the leaves it has just built over and over.
func (c *numCore[V]) toBdd(a V) bdd.Node { return c.toBddFrom(a) }

// toBddFrom is toBdd, given cubes the result may differ from in a few
// literals (the leaves an MTNDD operation combines): the result is then
// built from such a cube by quantifying away the literals it loses and
// conjoining those it gains, a few BDD operations instead of one per
// literal. A cube is canonical, so the result is the same node.
func (c *numCore[V]) toBddFrom(a V, bases ...bdd.Node) bdd.Node {
	if c.tab != nil {
		return c.tabEncode(a, bases)
	}
	if c.num.IsBottom(a) {
		return c.ff()
	}
	u := c.consNode(c.num.Constraints(a), bases)
	if !c.m.IsConst(u) {
		if _, ok := c.leafMemo[u.ID()]; !ok {
			c.remember(u, a)
		}
	}
	return u
}

// remember records val as the decoding of u.
func (c *numCore[V]) remember(u bdd.Node, val V) {
	if len(c.leafMemo) > 1<<16 {
		c.leafMemo = map[int]leafEntry{}
	}
	c.leafMemo[u.ID()] = leafEntry{keep: c.hold(u), val: val}
}

// meaning returns the numeric meaning of variable v: its atom and whether
// it has one. Predicate variables have a meaning only in NDD mode or when
// withPreds is set (contexts for reduce).
func (c *numCore[V]) meaning(v int, withPreds bool) (numeric.Constraint, bool) {
	if k, ok := c.termOf[v]; ok {
		return k, true
	}
	if withPreds {
		if r, i := c.m.RoleOf(v); r == bdd.Pred {
			p := c.sp.preds[i]
			if p.hasAtom {
				return p.canon, true
			}
		}
	}
	return numeric.Constraint{}, false
}

// assumeLit refines ctx with the atom k (pos) or its negation (!pos); the
// negation of an equality e = 0 is the join of e <= -1 and e >= 1.
func (c *numCore[V]) assumeLit(ctx V, k numeric.Constraint, pos bool) V {
	if pos {
		return c.num.Assume(ctx, k)
	}
	if n, ok := k.Negate(); ok {
		return c.num.Assume(ctx, n)
	}
	lo, hi := k.SplitNeq()
	return c.num.Join(c.num.Assume(ctx, lo), c.num.Assume(ctx, hi))
}

// litConstraint returns the literal (k, pos) as a constraint, when it is
// one (the negation of an equality is not).
func litConstraint(k numeric.Constraint, pos bool) (numeric.Constraint, bool) {
	if pos {
		return k, true
	}
	return k.Negate()
}

// leaf decodes a diagram over term variables into a numeric value:
// N.alpha(toExpr(u)), the join of its paths (0 is bottom, 1 is top).
func (c *numCore[V]) leaf(u bdd.Node) V {
	if c.tab != nil {
		return c.tabDecode(u)
	}
	switch {
	case c.m.IsFalse(u):
		return c.bot()
	case c.m.IsTrue(u):
		return c.top()
	}
	if e, ok := c.leafMemo[u.ID()]; ok {
		return e.val.(V)
	}
	acc := c.bot()
	c.paths(u, func(p []bdd.Literal) {
		ctx := c.top()
		for _, l := range p {
			k, ok := c.meaning(l.Var, true)
			if !ok {
				c.fail(fmt.Errorf("numpred: internal: numeric leaf depends on variable %d without numeric meaning", l.Var))
			}
			ctx = c.assumeLit(ctx, k, l.Pos)
		}
		acc = c.num.Join(acc, ctx)
	})
	c.remember(u, acc)
	return acc
}

// isNum reports whether u is a constant or rooted at a term variable: the
// paper's isNum, where the MTNDD recursion stops.
func (c *numCore[V]) isNum(u bdd.Node) bool {
	return c.m.IsConst(u) || c.m.IsTermVar(c.m.Level(u))
}

// post applies the numeric transformer t to a.
func (c *numCore[V]) post(t NumAssign, a V) V {
	if c.num.IsBottom(a) {
		return a
	}
	if len(t.Dims) > 0 {
		a = c.num.Assign(a, t.Dims, t.Exprs)
	}
	if len(t.Havoc) > 0 {
		a = c.num.Forget(a, t.Havoc...)
	}
	c.checkNum(a)
	return a
}

// decides reports whether n entails k (pos) or its negation (neg).
func (c *numCore[V]) decides(n V, k numeric.Constraint) (pos, neg bool) {
	if c.num.Entails(n, k) {
		return true, false
	}
	if nk, ok := k.Negate(); ok {
		return false, c.num.Entails(n, nk)
	}
	lo, hi := k.SplitNeq()
	return false, c.num.Entails(n, lo) || c.num.Entails(n, hi)
}

func (c *numCore[V]) hasAtomPreds() bool {
	for _, p := range c.sp.preds {
		if p.hasAtom {
			return true
		}
	}
	return false
}

// stale returns the atom predicates that mention a dimension t assigns or
// havocs, except those in keep: their old values are stale after t.
func (b *base) stale(t NumAssign, keep []PredID) []PredID {
	dims := map[numeric.Dim]bool{}
	for _, d := range t.Dims {
		dims[d] = true
	}
	for _, d := range t.Havoc {
		dims[d] = true
	}
	kept := map[PredID]bool{}
	for _, p := range keep {
		kept[p] = true
	}
	var out []PredID
	for i := range b.sp.preds {
		if !kept[PredID(i)] && b.sp.mentions(PredID(i), dims) {
			out = append(out, PredID(i))
		}
	}
	return out
}
