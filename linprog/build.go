// This file translates the syntax tree into ir: one control-flow automaton
// per procedure, following the successor relation of Table 2 of Armando,
// Castellini and Mantovani.
//
// Sketch: stmt(s, from, to) adds the edges that lead from location from to
// location to through statement s; a sequence creates one location between
// consecutive statements. Conditions become pairs of Assume edges ([c] and
// [!c]); a while loop's head is its from location, which receives the back
// edge; assert(c) adds [!c] to a fresh Error location; goto l adds a Skip
// edge to l's location, created on first mention and bound when the label
// is met.

package linprog

import (
	"fmt"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

type procInfo struct {
	ast *proc
	fn  *ir.Func
}

type labelInfo struct {
	loc     *ir.Loc
	defined bool
	usePos  ir.Pos // first goto, for "unknown label"
}

// builder holds the translation state; errors panic with *Error and are
// recovered in build.
type builder struct {
	prog    *ir.Program
	globals map[string]*ir.Var
	procs   map[string]*procInfo

	// per procedure
	fn     *ir.Func
	scope  map[string]*ir.Var
	labels map[string]*labelInfo
}

func failf(pos ir.Pos, format string, args ...any) {
	panic(&Error{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

// build translates f into a program.
func build(filename string, f *file) (prog *ir.Program, err error) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*Error)
			if !ok {
				panic(r)
			}
			prog, err = nil, e
		}
	}()
	b := &builder{
		prog:    ir.NewProgram(filename, "lp"),
		globals: map[string]*ir.Var{},
		procs:   map[string]*procInfo{},
	}
	for _, d := range f.Globals {
		if prev, ok := b.globals[d.Name]; ok {
			failf(d.Pos, "global %s redeclared (previous declaration at %s)", d.Name, prev.Pos)
		}
		b.globals[d.Name] = b.prog.NewGlobal(d.Name, ir.Unbounded, d.Pos)
	}
	// Headers first, so that calls may precede the callee's definition.
	for _, pr := range f.Procs {
		if prev, ok := b.procs[pr.Name]; ok {
			failf(pr.Pos, "procedure %s redefined (previous definition at %s)", pr.Name, prev.ast.Pos)
		}
		fn := b.prog.NewFunc(pr.Name, pr.Pos)
		b.procs[pr.Name] = &procInfo{ast: pr, fn: fn}
		seen := map[string]ir.Pos{}
		for _, d := range pr.Formals {
			if prev, ok := seen[d.Name]; ok {
				failf(d.Pos, "formal %s of %s redeclared (previous declaration at %s)", d.Name, pr.Name, prev)
			}
			seen[d.Name] = d.Pos
			fn.NewFormal(d.Name, ir.Unbounded, d.Pos)
		}
	}
	if b.prog.Main == nil {
		failf(f.EOF, "program has no procedure main")
	}
	for _, pr := range f.Procs {
		b.buildProc(b.procs[pr.Name])
	}
	return b.prog, nil
}

func (b *builder) buildProc(pi *procInfo) {
	pr, fn := pi.ast, pi.fn
	b.fn = fn
	b.scope = map[string]*ir.Var{}
	b.labels = map[string]*labelInfo{}
	for _, v := range fn.Formals {
		b.scope[v.Name] = v
	}
	for _, d := range pr.Locals {
		if prev, ok := b.scope[d.Name]; ok {
			failf(d.Pos, "%s redeclared in %s (previous declaration at %s)", d.Name, pr.Name, prev.Pos)
		}
		b.scope[d.Name] = fn.NewLocal(d.Name, ir.Unbounded, d.Pos)
	}
	b.seq(pr.Body, fn.Entry, fn.Exit)
	for name, l := range b.labels {
		if !l.defined {
			failf(l.usePos, "label %s not defined in procedure %s", name, pr.Name)
		}
	}
	fn.MarkLoopHeads()
}

// lookup resolves a variable: locals and formals shadow globals.
func (b *builder) lookup(name string, pos ir.Pos) *ir.Var {
	if v, ok := b.scope[name]; ok {
		return v
	}
	if v, ok := b.globals[name]; ok {
		return v
	}
	failf(pos, "undeclared variable %s", name)
	return nil
}

// entered returns a location that may receive back edges and labels: from
// itself unless it is the function's entry, which keeps no predecessors.
func (b *builder) entered(from *ir.Loc, pos ir.Pos) *ir.Loc {
	if from.Kind != ir.Entry {
		return from
	}
	l := b.fn.NewLoc(ir.Normal, pos)
	b.fn.AddEdge(from, l, &ir.Skip{}, pos)
	return l
}

// seq translates stmts from location from to location to.
func (b *builder) seq(stmts []stmt, from, to *ir.Loc) {
	if len(stmts) == 0 {
		b.fn.AddEdge(from, to, &ir.Skip{}, from.Pos)
		return
	}
	cur := from
	for i, s := range stmts {
		next := to
		if i+1 < len(stmts) {
			next = b.fn.NewLoc(ir.Normal, stmts[i+1].stmtPos())
		}
		b.stmt(s, cur, next)
		cur = next
	}
}

// branch adds the edge from -[c]-> (stmts) -> to, without an intermediate
// location when stmts is empty.
func (b *builder) branch(c ir.Cond, pos ir.Pos, stmts []stmt, from, to *ir.Loc) {
	if len(stmts) == 0 {
		b.fn.AddEdge(from, to, &ir.Assume{Cond: c}, pos)
		return
	}
	start := b.fn.NewLoc(ir.Normal, stmts[0].stmtPos())
	b.fn.AddEdge(from, start, &ir.Assume{Cond: c}, pos)
	b.seq(stmts, start, to)
}

func (b *builder) label(name string) *labelInfo {
	l, ok := b.labels[name]
	if !ok {
		l = &labelInfo{}
		b.labels[name] = l
	}
	return l
}

func (b *builder) stmt(s stmt, from, to *ir.Loc) {
	fn := b.fn
	switch s := s.(type) {
	case *skipStmt:
		fn.AddEdge(from, to, &ir.Skip{}, s.Pos)
	case *blockStmt:
		b.seq(s.Body, from, to)
	case *gotoStmt:
		l := b.label(s.Label)
		if l.loc == nil {
			l.loc = fn.NewLoc(ir.Normal, s.Pos)
			l.usePos = s.Pos
		}
		fn.AddEdge(from, l.loc, &ir.Skip{}, s.Pos)
	case *labelStmt:
		l := b.label(s.Label)
		if l.defined {
			failf(s.Pos, "label %s redefined in procedure %s (previous definition at %s)", s.Label, fn.Name, l.loc.Pos)
		}
		l.defined = true
		switch {
		case l.loc == nil && from.Kind == ir.Normal && from.Label == "":
			l.loc = from
		case l.loc == nil:
			l.loc = fn.NewLoc(ir.Normal, s.Pos)
			fn.AddEdge(from, l.loc, &ir.Skip{}, s.Pos)
		default:
			fn.AddEdge(from, l.loc, &ir.Skip{}, s.Pos)
		}
		l.loc.Label = s.Label
		l.loc.Pos = s.Pos
		b.stmt(s.Stmt, l.loc, to)
	case *assignStmt:
		x := b.lookup(s.Name, s.Pos)
		if _, ok := s.Rhs.(*nondetExpr); ok {
			fn.AddEdge(from, to, &ir.Havoc{Var: x, Range: numeric.FullRange, Input: "nondet"}, s.Pos)
			return
		}
		fn.AddEdge(from, to, ir.NewAssign(x, b.linear(s.Rhs)), s.Pos)
	case *ifStmt:
		c, notC := b.cond(s.Cond)
		b.branch(c, s.Pos, s.Then, from, to)
		b.branch(notC, s.Pos, s.Else, from, to)
	case *whileStmt:
		c, notC := b.cond(s.Cond)
		head := b.entered(from, s.Pos)
		b.branch(c, s.Pos, s.Body, head, head)
		fn.AddEdge(head, to, &ir.Assume{Cond: notC}, s.Pos)
	case *assertStmt:
		c, notC := b.cond(s.Cond)
		errLoc := fn.NewLoc(ir.Error, s.Pos)
		fn.AddEdge(from, to, &ir.Assume{Cond: c}, s.Pos)
		fn.AddEdge(from, errLoc, &ir.Assume{Cond: notC}, s.Pos)
	case *callStmt:
		pi, ok := b.procs[s.Name]
		if !ok {
			failf(s.Pos, "call of undefined procedure %s", s.Name)
		}
		if len(s.Args) != len(pi.fn.Formals) {
			failf(s.Pos, "procedure %s takes %d argument%s, called with %d", s.Name,
				len(pi.fn.Formals), plural(len(pi.fn.Formals)), len(s.Args))
		}
		args := make([]numeric.LinExpr, len(s.Args))
		for i, a := range s.Args {
			args[i] = b.linear(a)
		}
		fn.AddEdge(from, to, &ir.Call{Callee: pi.fn, Args: args}, s.Pos)
	case *returnStmt:
		fn.AddEdge(from, fn.Exit, &ir.Return{}, s.Pos)
	default:
		panic(fmt.Sprintf("linprog: unknown statement %T", s))
	}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// linear translates an arithmetic expression into a linear expression over
// variable IDs.
func (b *builder) linear(e expr) numeric.LinExpr {
	switch e := e.(type) {
	case *identExpr:
		return ir.VarExpr(b.lookup(e.Name, e.Pos))
	case *intExpr:
		return numeric.ConstInt(e.Val)
	case *nondetExpr:
		failf(e.Pos, "'?' is a condition, not a number (use x = ?; to assign an arbitrary value)")
	case *unaryExpr:
		switch e.Op {
		case tMinus:
			return b.linear(e.X).Neg()
		case tPlus:
			return b.linear(e.X)
		}
		failf(e.Pos, "expected arithmetic expression, found condition")
	case *binaryExpr:
		switch e.Op {
		case tPlus:
			return b.linear(e.X).Add(b.linear(e.Y))
		case tMinus:
			return b.linear(e.X).Sub(b.linear(e.Y))
		case tStar:
			x, y := b.linear(e.X), b.linear(e.Y)
			switch {
			case x.IsConst():
				return y.Scale(x.Constant())
			case y.IsConst():
				return x.Scale(y.Constant())
			}
			failf(e.Pos, "non-linear product: one factor of '*' must be constant")
		}
		failf(e.exprPos(), "expected arithmetic expression, found condition")
	}
	panic(fmt.Sprintf("linprog: unknown expression %T", e))
}

// cond translates a condition into the pair (c, not c). Computing both
// polarities at once keeps the source's atoms: the negation of x != y is
// the atom x = y, not a double negation of it.
func (b *builder) cond(e expr) (c, notC ir.Cond) {
	switch e := e.(type) {
	case *nondetExpr:
		return &ir.Nondet{}, &ir.Nondet{}
	case *unaryExpr:
		if e.Op == tNot {
			c, notC := b.cond(e.X)
			return notC, c
		}
	case *binaryExpr:
		switch e.Op {
		case tAndAnd, tOrOr:
			cx, nx := b.cond(e.X)
			cy, ny := b.cond(e.Y)
			and := &ir.And{Xs: []ir.Cond{cx, cy}}
			or := &ir.Or{Xs: []ir.Cond{nx, ny}}
			if e.Op == tAndAnd {
				return and, or
			}
			return &ir.Or{Xs: []ir.Cond{cx, cy}}, &ir.And{Xs: []ir.Cond{nx, ny}}
		}
		if isRelop(e.Op) {
			x, y := b.linear(e.X), b.linear(e.Y)
			var a ir.Cond
			switch e.Op {
			case tAssign, tEqEq, tNe:
				a = ir.NewAtom(numeric.Eq(x, y))
			case tLt:
				a = ir.NewAtom(numeric.Lt(x, y))
			case tLe:
				a = ir.NewAtom(numeric.Le(x, y))
			case tGt:
				a = ir.NewAtom(numeric.Gt(x, y))
			case tGe:
				a = ir.NewAtom(numeric.Ge(x, y))
			}
			if e.Op == tNe {
				return ir.Negate(a), a
			}
			return a, ir.Negate(a)
		}
	}
	failf(e.exprPos(), "expected condition (a comparison, '?', or a Boolean combination of them), found arithmetic expression")
	return nil, nil
}
