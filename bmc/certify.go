// This file re-checks loop invariants as a correctness certificate. The
// cut points are the loop heads of every function, each in every
// activation the calls from main open (the program has no recursion, so
// there are finitely many: a cut is a loop head and the chain of calls
// to it). The invariant of a cut is the loop head's invariant and, for
// each call of the chain, the caller's invariant at the call restricted
// to the caller's own locals, which the callee cannot change (call-site
// facts). They prove that no error location is reachable when
//
//  1. (initiation) every path from main's entry to a first cut reaches it
//     in a state satisfying that cut's invariant, and no path from
//     main's entry reaches an error location before a cut;
//  2. (consecution) every path segment from a cut, started in any state
//     satisfying its invariant, reaches the next cut in a state
//     satisfying that one's (a segment that starts inside a callee
//     returns, at the callee's exit, into the rest of each caller);
//  3. (safety) no such segment reaches an error location.
//
// By induction over the cuts a run visits, every reachable state at a
// cut satisfies its invariant and no run reaches an error. Each
// condition is one formula over the segment graph (unwind.go: calls
// inlined, segments finite since every cycle passes a loop head),
// encoded in linear integer arithmetic, which over-approximates the
// program (so UNSAT is a proof), and checked by Z3. The loop-head
// invariants are first projected onto what a C expression over the
// variables in scope at the loop can say (Certify's caller writes them
// in a correctness witness): atoms over temporaries or out-of-scope
// variables are weakened away, and the projection is what is checked.
// The call-site facts are checked with them but not written: the
// witness format has no place for a fact about a caller's frame while
// its callee loops.

package bmc

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/numpred/numpred/encode"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/smt"
)

// HeadInvariant is the invariant at one loop head.
type HeadInvariant struct {
	Loc *ir.Loc
	// C is the invariant as a C expression over the program's variables
	// (integer arithmetic in long long), "1" when nothing is known.
	C string
}

// Certificate is the outcome of Certify.
type Certificate struct {
	Invariants []HeadInvariant // one per loop head (of every function main may call), in program order
	OK         bool            // the invariants prove the program safe
	Why        string          // when not OK: the check that failed
	// Shape is set when the program's shape, not the invariants, kept
	// the check from running (recursion, too many activations, segments
	// past the node limit): other invariants would fare no better.
	Shape bool
	// Bound is, for CertifyBounded, the unwinding that holds every run
	// (0: the invariants are inductive, Certify).
	Bound int
}

// Certify projects the invariants invs (the abstract interpreter's, by
// location; interp.LocInvariant.Formula) at the loop heads onto C
// expressions and checks that they, with the call-site facts read from
// invs at the calls that lead to loops, prove prog safe (initiation,
// consecution, safety; see the file comment). A head or call without an
// invariant in invs has the invariant true. Errors are the solver's or
// the context's; a check that fails or cannot be decided is a
// Certificate with OK false and the reason.
func Certify(ctx context.Context, prog *ir.Program, invs map[*ir.Loc]ir.Cond) (*Certificate, error) {
	stacks := ir.NewStacks()
	cuts, why := certifyCuts(prog, stacks)
	if why != "" {
		return &Certificate{Why: why, Shape: true}, nil
	}
	cert := &Certificate{}
	head := map[*ir.Loc]ir.Cond{}  // the written (projected) invariant of each head
	fact := map[*ir.Edge]ir.Cond{} // the call-site fact of each call of a chain
	for _, c := range cuts {
		if _, ok := head[c.head]; !ok {
			head[c.head] = projected(prog, invs, c.head)
		}
		for _, call := range c.stack.Calls() {
			if _, ok := fact[call]; ok {
				continue
			}
			var f ir.Cond = &ir.BoolConst{V: true}
			if given, ok := invs[call.From]; ok && given != nil {
				f = ir.Weaken(given, ownLocals(prog, call.From.Func))
			}
			fact[call] = f
		}
	}
	for _, h := range sortedLocs(head) {
		cert.Invariants = append(cert.Invariants, HeadInvariant{Loc: h, C: cExpr(head[h], cNames(prog, h.Func))})
	}
	// cutInv is the invariant of the cut of start node n.
	cutInv := func(n *node) ir.Cond {
		xs := []ir.Cond{head[n.loc]}
		for _, c := range n.stack.Calls() {
			xs = append(xs, fact[c])
		}
		return &ir.And{Xs: xs}
	}
	fail, err := certify(ctx, prog, stacks, cuts, cutInv)
	if err != nil {
		return nil, err
	}
	cert.OK, cert.Why = fail == "", fail
	cert.Shape = strings.Contains(fail, "exceed") || strings.Contains(fail, "not finite")
	return cert, nil
}

// projected is the invariant invs gives loop head h, projected onto what
// a C expression over the variables in scope there can say; true when
// invs has none.
func projected(prog *ir.Program, invs map[*ir.Loc]ir.Cond, h *ir.Loc) ir.Cond {
	if given, ok := invs[h]; ok && given != nil {
		// Weakening leaves constants where the atoms it drops were;
		// folded, the cubes that differed in those atoms only are one.
		return ir.SimplifyDNF(ir.Fold(ir.Weaken(given, inScope(prog, cNames(prog, h.Func), h.Pos))))
	}
	return &ir.BoolConst{V: true}
}

// sortLocs sorts ls by position in the file (posLess).
func sortLocs(ls []*ir.Loc) {
	sort.Slice(ls, func(i, j int) bool { return posLess(ls[i], ls[j]) })
}

// posLess orders locations by their position in the file.
func posLess(a, b *ir.Loc) bool {
	if a.Pos.Line != b.Pos.Line {
		return a.Pos.Line < b.Pos.Line
	}
	if a.Pos.Col != b.Pos.Col {
		return a.Pos.Col < b.Pos.Col
	}
	if a.Func.Name != b.Func.Name {
		return a.Func.Name < b.Func.Name
	}
	return a.ID < b.ID
}

// cut is a cut point of the check: a loop head in the activation that
// the chain of calls from main opens.
type cut struct {
	stack *ir.Stack
	head  *ir.Loc
}

// maxActivations bounds the activations (chains of calls from main) the
// check enumerates.
const maxActivations = 4096

// certifyCuts returns the cut points of prog: every loop head of every
// activation that calls from main open; why says what shape of the
// program keeps the check from running.
func certifyCuts(prog *ir.Program, stacks *ir.Stacks) (cuts []cut, why string) {
	onStack := map[*ir.Func]bool{}
	activations := 0
	var visit func(f *ir.Func, stack *ir.Stack) string
	visit = func(f *ir.Func, stack *ir.Stack) string {
		if activations++; activations > maxActivations {
			return fmt.Sprintf("the calls from main open more than %d activations", maxActivations)
		}
		li, err := loops(f)
		if err != nil {
			return err.Error()
		}
		for _, h := range li.heads {
			cuts = append(cuts, cut{stack: stack, head: h})
		}
		onStack[f] = true
		defer delete(onStack, f)
		for _, e := range f.Edges {
			c, ok := e.Op.(*ir.Call)
			if !ok {
				continue
			}
			if onStack[c.Callee] {
				return "recursion of " + c.Callee.Name
			}
			if why := visit(c.Callee, stacks.Push(stack, e)); why != "" {
				return why
			}
		}
		return ""
	}
	if why := visit(prog.Main, nil); why != "" {
		return nil, why
	}
	return cuts, ""
}

// BreakInvariant replaces the invariant at head in invs by one that is
// false at every loop head state, for the test that shows a broken
// invariant is caught (the initiation check must fail).
func BreakInvariant(invs map[*ir.Loc]ir.Cond, head *ir.Loc) { invs[head] = &ir.BoolConst{V: false} }

// certify runs the three checks; it returns "" when all hold, else why.
// inv gives the invariant of the cut of a start node.
func certify(ctx context.Context, prog *ir.Program, stacks *ir.Stacks, cuts []cut, inv func(*node) ir.Cond) (string, error) {
	z, err := smt.NewContext()
	if err != nil {
		return "", err
	}
	defer z.Close()
	cutAt := map[*ir.Loc]bool{}
	for _, c := range cuts {
		cutAt[c.head] = true
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
	// violated[key]: a path reaches the start node of a cut in a state
	// outside its invariant. The terms are built while the encoding
	// visits the node: its state is dropped after.
	type violation struct {
		n    *node
		term *smt.Term
	}
	var violated []violation
	atCuts := func(e *encoding, layer int) func(*node) {
		return func(n *node) {
			if n.start && n.layer == layer {
				violated = append(violated, violation{n, z.And(n.guard, z.Not(e.invTerm(inv(n), n.state)))})
			}
		}
	}
	checkCuts := func(e *encoding, what string) (string, error) {
		for _, v := range violated {
			bad, err := sat(e.facts, v.term)
			if err != nil || bad {
				return fmt.Sprintf("the invariant at %s (%s%s) may not %s", v.n.loc, v.n.loc.Pos, inCalls(v.n.stack), what), err
			}
		}
		return "", nil
	}

	// 1. Initiation: main's entry to the first cuts.
	terms, err := encode.NewTerms(z, prog, encode.LIA)
	if err != nil {
		return "", err
	}
	g := newGraph(ctx, -1, DefaultMaxNodes)
	g.cutAt, g.stacks = cutAt, stacks
	g.layerStart = []map[ir.Place]*node{{}, {}}
	in, err := g.build(prog.Main, nil, nil, 0, nil)
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
	if err := e.run(ctx.Err, atCuts(e, 1)); err != nil {
		return "", err
	}
	if s, err := sat(e.facts, e.errorGuard(0)); err != nil || s {
		return "an error location may be reachable from main's entry before a loop head", err
	}
	if why, err := checkCuts(e, "hold when the loop is entered"); why != "" || err != nil {
		return why, err
	}

	// 2 and 3. Consecution and safety: one segment from any cut.
	if len(cuts) == 0 {
		return "", nil
	}
	terms, err = encode.NewTerms(z, prog, encode.LIA)
	if err != nil {
		return "", err
	}
	g = newGraph(ctx, -1, DefaultMaxNodes)
	g.cutAt, g.stacks = cutAt, stacks
	g.layerStart = []map[ir.Place]*node{{}, {}, {}}
	var inMain []*node // main's cuts share one activation
	for _, c := range cuts {
		s, err := g.newNode(c.head, nil, nil, 1)
		if err != nil {
			return "", err
		}
		s.start, s.stack = true, c.stack
		g.layerStart[1][ir.Place{Stack: c.stack, Loc: c.head}] = s
		g.starts = append(g.starts, s)
		if c.stack == nil {
			inMain = append(inMain, s)
		}
	}
	err = nil
	if len(inMain) > 0 {
		_, err = g.build(prog.Main, nil, nil, 1, inMain)
	}
	for _, s := range g.starts {
		if err == nil && s.stack != nil {
			err = g.buildChain(prog.Main, s, 1)
		}
	}
	if err == errTooLarge {
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
	violated = nil
	next := atCuts(e, 2)
	visit := func(n *node) {
		if n.start && n.layer == 1 {
			e.facts = append(e.facts, z.Implies(n.guard, e.invTerm(inv(n), n.state)))
		}
		next(n)
	}
	if err := e.run(ctx.Err, visit); err != nil {
		return "", err
	}
	if s, err := sat(e.facts, e.errorGuard(1)); err != nil || s {
		return "an error location may be reachable from a loop head under its invariant", err
	}
	return checkCuts(e, "be inductive")
}

// inCalls describes a call stack for a message: "" for main's.
func inCalls(stack *ir.Stack) string {
	if stack == nil {
		return ""
	}
	var parts []string
	for _, c := range stack.Calls() {
		parts = append(parts, fmt.Sprintf("%s at %s", c.Op.(*ir.Call).Callee.Name, c.Pos))
	}
	return ", called as " + strings.Join(parts, ", then ")
}

// ownLocals returns whether an atom mentions only locals of f (formals
// included), the variables f's callees cannot change.
func ownLocals(prog *ir.Program, f *ir.Func) func(numeric.Constraint) bool {
	return func(c numeric.Constraint) bool {
		for _, t := range c.Expr().Terms() {
			d := int(t.Dim)
			if d >= len(prog.Vars) || prog.Vars[d].Scope == ir.Global || prog.Vars[d].Func != f {
				return false
			}
		}
		return true
	}
}

var cIdent = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// cNames returns, per variable index, its C name when an invariant in f
// may mention it: a global or a local of f that is not a temporary,
// whose source name is a C identifier that no other such variable has;
// else "".
func cNames(prog *ir.Program, f *ir.Func) []string {
	count := map[string]int{}
	for _, v := range prog.Vars {
		if v.Scope == ir.Global || v.Func == f {
			count[v.Name]++
		}
	}
	names := make([]string, len(prog.Vars))
	for i, v := range prog.Vars {
		if (v.Scope == ir.Global || v.Func == f) && !v.Temp && cIdent.MatchString(v.Name) && count[v.Name] == 1 {
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
	case *ir.Congruence:
		return cCongruence(c.C, names)
	}
	panic(fmt.Sprintf("bmc: %T in an invariant", c))
}

// cAtom prints e <= 0 or e == 0 as "lhs <= k" or "lhs == k".
func cAtom(c numeric.Constraint, names []string) string {
	op := " <= "
	if c.Kind() == numeric.EQ {
		op = " == "
	}
	return fmt.Sprintf("%s%s%sLL", cTerms(c.Expr(), names), op, c.Expr().Constant().Neg())
}

// cCongruence prints e ≡ 0 (mod m) as "(terms + k) % m == 0" (C's
// remainder is 0 exactly for the multiples of m, of either sign).
func cCongruence(c numeric.Congruence, names []string) string {
	e := c.Expr()
	sum := cTerms(e, names)
	if k := e.Constant(); k.Sign() != 0 {
		sum = fmt.Sprintf("%s + %sLL", sum, k)
	}
	return fmt.Sprintf("(%s) %% %sLL == 0", sum, c.Mod())
}

// cTerms prints the variable terms of e over long long ("0" for none).
func cTerms(e numeric.LinExpr, names []string) string {
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
	if b.Len() == 0 {
		b.WriteString("0")
	}
	return b.String()
}
