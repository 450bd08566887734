// This file re-checks loop invariants as a correctness certificate: the
// invariants at main's loop heads (the cut points of k-induction, see
// kind.go) prove that no error location is reachable when
//
//  1. (initiation) every path from main's entry to a first loop head
//     reaches it in a state satisfying that head's invariant, and no path
//     from main's entry reaches an error location before a loop head;
//  2. (consecution) every path segment from a loop head h, started in any
//     state satisfying h's invariant, reaches the next loop head h' in a
//     state satisfying h''s invariant;
//  3. (safety) no such segment reaches an error location.
//
// By induction over the loop heads a run visits, every reachable state at
// a loop head satisfies its invariant and no run reaches an error. Each
// condition is one formula over the segment graph (unwind.go: calls
// inlined; the functions main calls have no loops and no recursion, so
// segments are finite), encoded in linear integer arithmetic, which
// over-approximates the program (so UNSAT is a proof), and checked by
// Z3. The invariants are first projected onto what a C expression over
// the program's variables can say (Certify's caller writes them in a
// correctness witness): atoms over temporaries or out-of-scope variables
// are weakened away, and the projection is what is checked.

package bmc

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/numpred/numpred/encode"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/smt"
)

// HeadInvariant is the invariant at one loop head of main.
type HeadInvariant struct {
	Loc *ir.Loc
	// C is the invariant as a C expression over the program's variables
	// (integer arithmetic in long long), "1" when nothing is known.
	C string
}

// Certificate is the outcome of Certify.
type Certificate struct {
	Invariants []HeadInvariant // one per loop head of main, in the order of the heads
	OK         bool            // the invariants prove the program safe
	Why        string          // when not OK: the check that failed
	// Shape is set when the program's shape, not the invariants, kept
	// the check from running (loops outside main, recursion, segments
	// past the node limit): other invariants would fare no better.
	Shape bool
}

// Certify projects the invariants invs (the abstract interpreter's, by
// location; interp.LocInvariant.Formula) at main's loop heads onto C
// expressions and checks that they prove prog safe (initiation,
// consecution, safety; see the file comment). A head without an
// invariant in invs has the invariant true. Errors are the solver's or
// the context's; a check that fails or cannot be decided is a
// Certificate with OK false and the reason.
func Certify(ctx context.Context, prog *ir.Program, invs map[*ir.Loc]ir.Cond) (*Certificate, error) {
	heads, why := stepApplicable(prog)
	if why == "main has no loop" {
		// stepApplicable stops there: the functions main calls must
		// still be loop-free for the paths from main's entry to be
		// finite.
		heads, why = nil, ""
		for _, f := range prog.Funcs {
			for _, l := range f.Locs {
				if l.LoopHead && why == "" {
					why = fmt.Sprintf("%s has a loop and main none (the certificate covers main's loops)", f.Name)
				}
			}
		}
	}
	if why != "" {
		return &Certificate{Why: why, Shape: true}, nil
	}
	names := cNames(prog)
	inv := map[*ir.Loc]ir.Cond{}
	cert := &Certificate{}
	for _, h := range heads {
		var c ir.Cond = &ir.BoolConst{V: true}
		if given, ok := invs[h]; ok && given != nil {
			c = ir.Weaken(given, inScope(prog, names, h.Pos))
		}
		inv[h] = c
		cert.Invariants = append(cert.Invariants, HeadInvariant{Loc: h, C: cExpr(c, names)})
	}
	fail, err := certify(ctx, prog, heads, inv)
	if err != nil {
		return nil, err
	}
	cert.OK, cert.Why = fail == "", fail
	cert.Shape = strings.Contains(fail, "exceed") || strings.Contains(fail, "not finite")
	return cert, nil
}

// BreakInvariant replaces the invariant at head in invs by one that is
// false at every loop head state, for the test that shows a broken
// invariant is caught (the initiation check must fail).
func BreakInvariant(invs map[*ir.Loc]ir.Cond, head *ir.Loc) { invs[head] = &ir.BoolConst{V: false} }

// certify runs the three checks; it returns "" when all hold, else why.
func certify(ctx context.Context, prog *ir.Program, heads []*ir.Loc, inv map[*ir.Loc]ir.Cond) (string, error) {
	z, err := smt.NewContext()
	if err != nil {
		return "", err
	}
	defer z.Close()
	cutAt := map[*ir.Loc]bool{}
	for _, h := range heads {
		cutAt[h] = true
	}
	sat := func(facts []*smt.Term, goal *smt.Term) (bool, error) {
		s := z.NewSolver()
		s.Assert(facts...)
		s.Assert(goal)
		res, err := s.CheckContext(ctx)
		if err != nil {
			return false, err
		}
		return res != smt.Unsat, nil // unknown: not proved
	}
	holds := func(e *encoding, n *node, h *ir.Loc) *smt.Term {
		return e.invTerm(inv[h], n.state)
	}

	// 1. Initiation: main's entry to the first loop heads.
	terms, err := encode.NewTerms(z, prog, encode.LIA)
	if err != nil {
		return "", err
	}
	g := newGraph(ctx, -1, DefaultMaxNodes)
	g.cutAt = cutAt
	g.layerStart = []map[*ir.Loc]*node{{}, {}}
	in, err := g.build(prog.Main, nil, 0, nil)
	if err == errTooLarge {
		return fmt.Sprintf("the paths from main's entry exceed %d nodes", DefaultMaxNodes), nil
	}
	if err != nil {
		return "", err
	}
	g.entry = in.entry
	if len(g.cuts) > 0 {
		return "the paths from main's entry are not finite: " + g.cuts[0].why, nil
	}
	e := newEncoding(z, terms, prog, g)
	g.entry.guard, g.entry.state = z.True(), e.initial()
	// violated[h]: a path reaches a start node at h (a loop head) in a
	// state outside its invariant. The terms are built while the
	// encoding visits the node: its state is dropped after.
	violated := map[*ir.Loc]*smt.Term{}
	atHeads := func(layer int) func(*node) {
		return func(n *node) {
			if n.start && n.layer == layer {
				violated[n.loc] = z.And(n.guard, z.Not(holds(e, n, n.loc)))
			}
		}
	}
	if err := e.run(ctx.Err, atHeads(1)); err != nil {
		return "", err
	}
	if s, err := sat(e.facts, e.errorGuard(0)); err != nil || s {
		return "an error location may be reachable from main's entry before a loop head", err
	}
	for _, h := range heads {
		if v := violated[h]; v != nil {
			bad, err := sat(e.facts, v)
			if err != nil || bad {
				return fmt.Sprintf("the invariant at %s (%s) may not hold when the loop is entered", h, h.Pos), err
			}
		}
	}

	// 2 and 3. Consecution and safety: one segment from any loop head.
	if len(heads) == 0 {
		return "", nil
	}
	terms, err = encode.NewTerms(z, prog, encode.LIA)
	if err != nil {
		return "", err
	}
	g = newGraph(ctx, -1, DefaultMaxNodes)
	g.cutAt = cutAt
	g.layerStart = []map[*ir.Loc]*node{{}, {}, {}}
	for _, h := range heads {
		s, err := g.newNode(h, nil, nil, 1)
		if err != nil {
			return "", err
		}
		s.start = true
		g.layerStart[1][h] = s
		g.starts = append(g.starts, s)
	}
	if _, err := g.build(prog.Main, nil, 1, g.starts); err == errTooLarge {
		return fmt.Sprintf("the segments between loop heads exceed %d nodes", DefaultMaxNodes), nil
	} else if err != nil {
		return "", err
	}
	if len(g.cuts) > 0 {
		return "a segment between loop heads is not finite: " + g.cuts[0].why, nil
	}
	e = newEncoding(z, terms, prog, g)
	var sel []*smt.Term
	for _, s := range g.starts {
		s.guard = e.fresh("start")
		s.state = e.initial()
		sel = append(sel, s.guard)
	}
	e.facts = append(e.facts, e.or(sel))
	for i := range sel {
		for j := i + 1; j < len(sel); j++ {
			e.facts = append(e.facts, z.Not(z.And(sel[i], sel[j])))
		}
	}
	violated = map[*ir.Loc]*smt.Term{}
	next := atHeads(2)
	visit := func(n *node) {
		if n.start && n.layer == 1 {
			e.facts = append(e.facts, z.Implies(n.guard, holds(e, n, n.loc)))
		}
		next(n)
	}
	if err := e.run(ctx.Err, visit); err != nil {
		return "", err
	}
	if s, err := sat(e.facts, e.errorGuard(1)); err != nil || s {
		return "an error location may be reachable from a loop head under its invariant", err
	}
	for _, h := range heads {
		if v := violated[h]; v != nil {
			bad, err := sat(e.facts, v)
			if err != nil || bad {
				return fmt.Sprintf("the invariant at %s (%s) may not be inductive", h, h.Pos), err
			}
		}
	}
	return "", nil
}

var cIdent = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// cNames returns, per variable index, its C name when an invariant may
// mention it: a global or a local of main that is not a temporary, whose
// source name is a C identifier that no other such variable has; else "".
func cNames(prog *ir.Program) []string {
	count := map[string]int{}
	for _, v := range prog.Vars {
		if v.Scope == ir.Global || v.Func == prog.Main {
			count[v.Name]++
		}
	}
	names := make([]string, len(prog.Vars))
	for i, v := range prog.Vars {
		if (v.Scope == ir.Global || v.Func == prog.Main) && !v.Temp && cIdent.MatchString(v.Name) && count[v.Name] == 1 {
			names[i] = v.Name
		}
	}
	return names
}

// declaredBy reports whether a variable declared at decl is in scope at
// at, as far as positions tell: a global, or a local declared earlier
// in the file. (A local of an inner block that ended before the loop
// passes this test; such a variable has the same name as no other, so
// a validator rejects rather than misreads the witness.)
func declaredBy(decl, at ir.Pos) bool {
	return decl.Line < at.Line || (decl.Line == at.Line && decl.Col < at.Col)
}

// inScope returns whether an invariant at position at may state the
// atom c: each of its variables has a C name (cNames) and is a global or
// a local declared earlier in the file. (A local of an inner block that
// ended before the loop passes this test; it has a name no other
// variable has, so a validator rejects rather than misreads the witness.)
func inScope(prog *ir.Program, names []string, at ir.Pos) func(numeric.Constraint) bool {
	return func(c numeric.Constraint) bool {
		for _, t := range c.Expr().Terms() {
			d := t.Dim
			if int(d) >= len(names) || names[d] == "" {
				return false
			}
			v := prog.Vars[d]
			if v.Scope != ir.Global && !declaredBy(v.Pos, at) {
				return false
			}
		}
		return true
	}
}

// cExpr prints c (atoms, negations, conjunctions, disjunctions and
// constants: what Weaken leaves of an invariant) as a C expression;
// arithmetic is done in long long so that the C value is the
// mathematical one for the int-sized variables of the tasks.
func cExpr(c ir.Cond, names []string) string {
	switch c := c.(type) {
	case *ir.BoolConst:
		if c.V {
			return "1"
		}
		return "0"
	case *ir.Not:
		return "!(" + cExpr(c.X, names) + ")"
	case *ir.And, *ir.Or:
		xs, sep, empty := []ir.Cond(nil), " && ", "1"
		if a, ok := c.(*ir.And); ok {
			xs = a.Xs
		} else {
			xs, sep, empty = c.(*ir.Or).Xs, " || ", "0"
		}
		var parts []string
		for _, x := range xs {
			parts = append(parts, "("+cExpr(x, names)+")")
		}
		if len(parts) == 0 {
			return empty
		}
		return strings.Join(parts, sep)
	case *ir.Atom:
		return cAtom(c.C, names)
	}
	panic(fmt.Sprintf("bmc: %T in an invariant", c))
}

// cAtom prints e <= 0 or e == 0 as "lhs <= k" or "lhs == k".
func cAtom(c numeric.Constraint, names []string) string {
	e := c.Expr()
	var b strings.Builder
	for i, t := range e.Terms() {
		coef := t.Coef
		switch {
		case i == 0 && coef.Sign() < 0:
			b.WriteString("-")
			coef = coef.Neg()
		case i > 0 && coef.Sign() < 0:
			b.WriteString(" - ")
			coef = coef.Neg()
		case i > 0:
			b.WriteString(" + ")
		}
		if coef.String() != "1" {
			fmt.Fprintf(&b, "%sLL * ", coef)
		}
		fmt.Fprintf(&b, "(long long)%s", names[t.Dim])
	}
	op := " <= "
	if c.Kind() == numeric.EQ {
		op = " == "
	}
	k := e.Constant().Neg()
	if b.Len() == 0 {
		b.WriteString("0")
	}
	return fmt.Sprintf("%s%s%sLL", b.String(), op, k)
}
