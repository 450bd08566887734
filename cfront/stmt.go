// This file implements the per-function builder and the translation of
// statements and block-scope declarations into CFA edges.
//
// The builder keeps a current location cur; translating a statement adds
// edges from cur and leaves cur at the location after it. After a jump
// (goto, break, continue, return, an error or a sink) cur is a fresh
// location without predecessors, so code after it is unreachable.

package cfront

import (
	"fmt"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"modernc.org/cc/v4"
)

// builder translates one function body.
type builder struct {
	*translator
	f         *ir.Func
	cur       *ir.Loc
	breaks    []*ir.Loc
	conts     []*ir.Loc
	labels    map[string]*ir.Loc
	cases     map[*cc.LabeledStatement]*ir.Loc
	names     map[string]int
	ntemp     int
	loopDepth int
	sawLabel  bool
}

func (t *translator) newBuilder(fd *cc.FunctionDefinition) *builder {
	f := t.funcs[fd.Declarator.Name()]
	b := &builder{
		translator: t,
		f:          f,
		labels:     map[string]*ir.Loc{},
		cases:      map[*cc.LabeledStatement]*ir.Loc{},
		names:      map[string]int{},
	}
	for _, v := range f.Formals {
		b.names[v.Name] = 1
	}
	t.builders[f] = b
	return b
}

// newLoc adds a normal location.
func (b *builder) newLoc(pos ir.Pos) *ir.Loc { return b.f.NewLoc(ir.Normal, pos) }

// emit adds cur -> fresh location carrying op and moves cur there.
func (b *builder) emit(op ir.Op, pos ir.Pos) {
	next := b.newLoc(pos)
	b.f.AddEdge(b.cur, next, op, pos)
	b.cur = next
}

// jump adds cur -> to (skip) and makes cur unreachable.
func (b *builder) jump(to *ir.Loc, pos ir.Pos) {
	b.f.AddEdge(b.cur, to, &ir.Skip{}, pos)
	b.dead(pos)
}

// goTo adds cur -> to (skip) and continues at to.
func (b *builder) goTo(to *ir.Loc, pos ir.Pos) {
	b.f.AddEdge(b.cur, to, &ir.Skip{}, pos)
	b.cur = to
}

// dead makes cur a fresh location with no predecessors.
func (b *builder) dead(pos ir.Pos) { b.cur = b.newLoc(pos) }

// toError adds an edge to a fresh error location.
func (b *builder) toError(pos ir.Pos) {
	e := b.f.NewLoc(ir.Error, pos)
	b.jump(e, pos)
}

// unsupported lowers a construct the front end cannot model: an edge from
// the current location into a fresh unsupported location
// (ir.Loc.Unsupported) that carries the diagnostic. What follows is
// unreachable: no path through the construct is modelled.
func (b *builder) unsupported(pos ir.Pos, format string, args ...any) {
	b.jump(b.f.NewUnsupportedLoc(pos, fmt.Sprintf(format, args...)), pos)
}

// toSink adds an edge to a fresh sink location (abort, exit).
func (b *builder) toSink(pos ir.Pos) {
	s := b.f.NewLoc(ir.Sink, pos)
	b.jump(s, pos)
}

// temp adds a fresh local of type t.
func (b *builder) temp(t ir.IntType, pos ir.Pos) *ir.Var {
	b.ntemp++
	v := b.f.NewLocal("$t"+itoa(b.ntemp), t, pos)
	v.Temp = true
	return v
}

// local adds a local for a C variable, disambiguating shadowed names.
func (b *builder) local(name string, t ir.IntType, pos ir.Pos) *ir.Var {
	q := name
	if n := b.names[name]; n > 0 {
		q = name + "." + itoa(n)
	}
	b.names[name]++
	return b.f.NewLocal(q, t, pos)
}

// body translates a function body and falls off into the exit.
func (b *builder) body(fd *cc.FunctionDefinition) {
	b.paramObjects(b.pos(fd.Declarator))
	b.compound(fd.CompoundStatement)
	pos := b.pos(fd.CompoundStatement)
	if fd.CompoundStatement != nil {
		pos = b.tokPos(fd.CompoundStatement.Token2.Position())
	}
	b.f.AddEdge(b.cur, b.f.Exit, &ir.Return{}, pos)
	b.dead(pos)
}

func (b *builder) compound(cs *cc.CompoundStatement) {
	if cs == nil {
		return
	}
	for l := cs.BlockItemList; l != nil; l = l.BlockItemList {
		b.blockItem(l.BlockItem)
	}
}

func (b *builder) blockItem(bi *cc.BlockItem) {
	if bi == nil {
		return
	}
	switch bi.Case {
	case cc.BlockItemDecl:
		b.decl(bi.Declaration)
	case cc.BlockItemLabel:
		// __label__ declarations: nothing to do.
	case cc.BlockItemStmt:
		b.stmt(bi.Statement)
	case cc.BlockItemFuncDef:
		b.unsupported(b.pos(bi.Declarator), "nested function definition")
	}
}

func (b *builder) stmt(s *cc.Statement) {
	if s == nil {
		return
	}
	switch s.Case {
	case cc.StatementLabeled:
		b.labeled(s.LabeledStatement)
	case cc.StatementCompound:
		b.compound(s.CompoundStatement)
	case cc.StatementExpr:
		if es := s.ExpressionStatement; es != nil && es.ExpressionList != nil {
			b.discard(es.ExpressionList)
		}
	case cc.StatementSelection:
		b.selection(s.SelectionStatement)
	case cc.StatementIteration:
		b.loopDepth++
		b.iteration(s.IterationStatement)
		b.loopDepth--
	case cc.StatementJump:
		b.jumpStmt(s.JumpStatement)
	case cc.StatementAsm:
		b.unsupported(b.pos(s.AsmStatement), "asm statement")
	}
}

func (b *builder) label(name string, pos ir.Pos) *ir.Loc {
	l := b.labels[name]
	if l == nil {
		l = b.newLoc(pos)
		l.Label = name
		b.labels[name] = l
	}
	return l
}

func (b *builder) labeled(ls *cc.LabeledStatement) {
	pos := b.pos(ls)
	switch ls.Case {
	case cc.LabeledStatementLabel:
		l := b.label(ls.Token.SrcStr(), pos)
		l.Pos = pos
		b.goTo(l, pos)
		b.sawLabel = true
	default:
		l := b.cases[ls]
		if l == nil {
			// A case label outside a switch body we translated: cc
			// rejects those, so this is unreachable in practice.
			b.unsupported(pos, "case label outside switch")
			l = b.newLoc(pos)
		}
		b.goTo(l, pos)
	}
	b.stmt(ls.Statement)
}

func (b *builder) selection(s *cc.SelectionStatement) {
	pos := b.pos(s)
	switch s.Case {
	case cc.SelectionStatementIf, cc.SelectionStatementIfElse:
		tl, fl, join := b.newLoc(pos), b.newLoc(pos), b.newLoc(pos)
		b.cond(s.ExpressionList, tl, fl)
		b.cur = tl
		b.stmt(s.Statement)
		b.goTo(join, pos)
		b.cur = fl
		if s.Case == cc.SelectionStatementIfElse {
			b.stmt(s.Statement2)
		}
		b.goTo(join, pos)
	case cc.SelectionStatementSwitch:
		b.switchStmt(s, pos)
	}
}

// switchStmt dispatches on the controlling value through a chain of
// tests, one per case label in source order, then default (or the end).
func (b *builder) switchStmt(s *cc.SelectionStatement, pos ir.Pos) {
	v := b.eval(s.ExpressionList)
	t := tInt
	if v.isInt {
		t = promote(v.t)
	}
	v = b.normalize(b.convert(v, t, pos), pos)
	end := b.newLoc(pos)
	var deflt *ir.Loc
	for _, ls := range s.LabeledStatements() {
		if ls.Switch() != s {
			continue
		}
		lpos := b.pos(ls)
		l := b.newLoc(lpos)
		b.cases[ls] = l
		switch ls.Case {
		case cc.LabeledStatementDefault:
			deflt = l
		case cc.LabeledStatementCaseLabel, cc.LabeledStatementRange:
			lo, ok := constValue(ls.ConstantExpression)
			hi := lo
			if ok && ls.Case == cc.LabeledStatementRange {
				hi, ok = constValue(ls.ConstantExpression2)
			}
			if !ok {
				// The value may match it: what follows the tests
				// before it is not modelled.
				b.unsupported(lpos, "non-constant case label")
				continue
			}
			lo, hi = wrapConst(lo, t), wrapConst(hi, t)
			var c ir.Cond
			if lo.Cmp(hi) == 0 {
				c = ir.NewAtom(numeric.Eq(v.e, numeric.ConstInt(lo)))
			} else {
				c = &ir.And{Xs: []ir.Cond{
					ir.NewAtom(numeric.Ge(v.e, numeric.ConstInt(lo))),
					ir.NewAtom(numeric.Le(v.e, numeric.ConstInt(hi))),
				}}
			}
			next := b.newLoc(lpos)
			b.branch(c, l, next, lpos)
			b.cur = next
		}
	}
	if deflt != nil {
		b.jump(deflt, pos)
	} else {
		b.jump(end, pos)
	}
	b.breaks = append(b.breaks, end)
	b.stmt(s.Statement)
	b.breaks = b.breaks[:len(b.breaks)-1]
	b.goTo(end, pos)
}

func (b *builder) iteration(s *cc.IterationStatement) {
	pos := b.pos(s)
	exit := b.newLoc(pos)
	switch s.Case {
	case cc.IterationStatementWhile:
		head, body := b.newLoc(pos), b.newLoc(pos)
		b.goTo(head, pos)
		b.cond(s.ExpressionList, body, exit)
		b.cur = body
		b.loopBody(s.Statement, exit, head)
		b.jump(head, pos)
	case cc.IterationStatementDo:
		body, cont := b.newLoc(pos), b.newLoc(pos)
		b.goTo(body, pos)
		b.loopBody(s.Statement, exit, cont)
		b.goTo(cont, pos)
		b.cond(s.ExpressionList, body, exit)
	case cc.IterationStatementFor, cc.IterationStatementForDecl:
		// cc/v4 numbers the clauses differently in the two forms: the
		// declaration carries its own ';', so there the condition is
		// ExpressionList and the post-expression ExpressionList2.
		cond, post := s.ExpressionList2, s.ExpressionList3
		if s.Case == cc.IterationStatementForDecl {
			b.decl(s.Declaration)
			cond, post = s.ExpressionList, s.ExpressionList2
		} else if s.ExpressionList != nil {
			b.discard(s.ExpressionList)
		}
		if swapForClauses {
			cond, post = post, cond
		}
		head, body, cont := b.newLoc(pos), b.newLoc(pos), b.newLoc(pos)
		b.goTo(head, pos)
		if cond != nil {
			b.cond(cond, body, exit)
		} else {
			b.jump(body, pos)
		}
		b.cur = body
		b.loopBody(s.Statement, exit, cont)
		b.goTo(cont, pos)
		if post != nil {
			b.discard(post)
		}
		b.jump(head, pos)
	}
	b.cur = exit
}

// swapForClauses, set only by a test, swaps the condition and the
// post-expression of every for loop: a deliberately broken translation
// that the differential tester (package cfront/cgen) must catch.
var swapForClauses bool

func (b *builder) loopBody(s *cc.Statement, brk, cont *ir.Loc) {
	b.breaks = append(b.breaks, brk)
	b.conts = append(b.conts, cont)
	b.stmt(s)
	b.breaks = b.breaks[:len(b.breaks)-1]
	b.conts = b.conts[:len(b.conts)-1]
}

func (b *builder) jumpStmt(s *cc.JumpStatement) {
	pos := b.pos(s)
	switch s.Case {
	case cc.JumpStatementGoto:
		b.jump(b.label(s.Token2.SrcStr(), pos), pos)
	case cc.JumpStatementGotoExpr:
		b.discard(s.ExpressionList)
		b.unsupported(pos, "computed goto")
	case cc.JumpStatementContinue:
		if len(b.conts) == 0 {
			b.unsupported(pos, "continue outside a loop")
			return
		}
		b.jump(b.conts[len(b.conts)-1], pos)
	case cc.JumpStatementBreak:
		if len(b.breaks) == 0 {
			b.unsupported(pos, "break outside a loop or switch")
			return
		}
		b.jump(b.breaks[len(b.breaks)-1], pos)
	case cc.JumpStatementReturn:
		op := &ir.Return{}
		if s.ExpressionList != nil {
			if b.f.Ret != nil {
				v := b.argValue(b.f.Ret, b.evalFor(s.ExpressionList, b.retType()), pos)
				op = &ir.Return{Value: v.e, HasValue: true}
			} else {
				b.discard(s.ExpressionList)
			}
		}
		b.f.AddEdge(b.cur, b.f.Exit, op, pos)
		b.dead(pos)
	}
}

// decl translates a block-scope declaration.
func (b *builder) decl(d *cc.Declaration) {
	eachObject(d, func(id *cc.InitDeclarator, dd *cc.Declarator) {
		pos := b.pos(dd)
		if dd.IsExtern() || dd.IsSynthetic() || dd.Name() == "__func__" {
			return // refers to a global, resolved by name; or __func__
		}
		if b.needsObject(dd) {
			b.localObject(id, dd, pos)
			return
		}
		it, ok := intType(dd.Type())
		if dd.IsStatic() {
			if ok {
				b.staticLocal(dd, id, it, pos)
			} else if pt, isPtr := ptrType(dd.Type()); isPtr {
				b.staticLocal(dd, id, pt, pos)
				b.ptrVars[b.vars[dd]] = true
			}
			return
		}
		set := b.assignExpr
		pt, isPtr := ptrType(dd.Type())
		isPtr = isPtr && !ok
		if isPtr {
			it = pt // a pointer local held as its address (pointer.go)
			set = func(x *ir.Var, n cc.ExpressionNode, pos ir.Pos) { b.storePtr(x, b.evalFor(n, dd.Type()), pos) }
		} else if !ok {
			if id.Initializer != nil {
				b.initEffects(id.Initializer)
			}
			return
		}
		v := b.local(dd.Name(), it, pos)
		b.vars[dd] = v
		if isPtr {
			b.ptrVars[v] = true
		}
		switch {
		case id.Initializer != nil:
			in := id.Initializer
			for in.Case == cc.InitializerInitList && in.InitializerList != nil && in.InitializerList.Initializer != nil {
				in = in.InitializerList.Initializer
			}
			if in.Case == cc.InitializerExpr && in.AssignmentExpression != nil {
				set(v, in.AssignmentExpression, b.pos(in))
			} else {
				b.emit(ir.NewAssign(v, numeric.Const(0)), pos)
			}
		default:
			// An indeterminate value each time the declaration is
			// reached: gcc's -ftrivial-auto-var-init=pattern value in
			// concrete runs (ir.Havoc.Uninit).
			b.emit(&ir.Havoc{Var: v, Range: it.Range(), Uninit: true}, pos)
		}
	})
}

// localObject creates the object of a block-scope variable that lives in
// memory and initialises it: a static one once, at the start of main;
// an automatic one at each execution of the declaration. The cells of
// an object of a recursive function are locals of it (each activation
// has its own); its address may not be taken.
func (b *builder) localObject(id *cc.InitDeclarator, dd *cc.Declarator, pos ir.Pos) {
	q := dd.Name()
	if n := b.names[q]; n > 0 {
		q = q + "." + itoa(n)
	}
	b.names[dd.Name()]++
	name := b.f.Name + "." + q
	if dd.IsStatic() {
		o := b.newObject(name, dd.Type(), 0, nil, pos)
		b.objOf[dd] = o
		b.objInits = append(b.objInits, objInit{o: o, in: id.Initializer})
		return
	}
	var owner *ir.Func
	if b.recursive[b.f.Name] {
		owner = b.f // its address may not be taken (addressOf)
	}
	o := b.newObject(name, dd.Type(), 0, owner, pos)
	b.objOf[dd] = o
	b.initAuto(objPlace(o), id.Initializer, pos)
}

// paramObjects gives each parameter that lives in memory its object at
// the start of the body: the formal's value, or for an aggregate passed
// by value (not modelled) arbitrary cells.
func (b *builder) paramObjects(pos ir.Pos) {
	for _, pd := range b.paramObjs[b.f] {
		var owner *ir.Func
		if b.recursive[b.f.Name] {
			owner = b.f
		}
		o := b.newObject(b.f.Name+"."+pd.Name(), pd.Type(), 0, owner, pos)
		b.objOf[pd] = o
		if v := b.paramFormal[pd]; v != nil {
			b.writePlace(objPlace(o), b.varValue(v), pos)
			continue
		}
		b.diag(pos, ir.Warning, "parameter %s of aggregate type passed by value not modelled: its cells are havoc", pd.Name())
		b.initObject(objPlace(o), nil, false, pos)
	}
}

// staticLocal models a static local scalar as a global named func.x,
// initialised at the start of main.
func (b *builder) staticLocal(dd *cc.Declarator, id *cc.InitDeclarator, it ir.IntType, pos ir.Pos) {
	name := b.f.Name + "." + dd.Name()
	for i := 1; b.globals[name] != nil; i++ {
		name = b.f.Name + "." + dd.Name() + "." + itoa(i)
	}
	v := b.prog.NewGlobal(name, it, pos)
	b.globals[name] = v // C names contain no '.', so no clash
	b.vars[dd] = v
	gi := globalInit{v: v, val: numeric.I(0), pos: pos}
	if id.Initializer != nil {
		c, ok := constInit(id.Initializer)
		if ok {
			gi.val = wrapConst(c, it)
		} else {
			gi.havoc = true
			b.diag(pos, ir.Warning, "initializer of static %s is not an integer constant: havoc", dd.Name())
		}
	}
	b.inits = append(b.inits, gi)
}

// initEffects evaluates the expressions of an initializer of an unmodelled
// object for their side effects.
func (b *builder) initEffects(in *cc.Initializer) {
	if in == nil {
		return
	}
	if in.Case == cc.InitializerExpr {
		if in.AssignmentExpression != nil {
			b.discard(in.AssignmentExpression)
		}
		return
	}
	for l := in.InitializerList; l != nil; l = l.InitializerList {
		b.initEffects(l.Initializer)
	}
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var buf [20]byte
	n := len(buf)
	neg := i < 0
	if neg {
		i = -i
	}
	for i > 0 {
		n--
		buf[n] = byte('0' + i%10)
		i /= 10
	}
	if neg {
		n--
		buf[n] = '-'
	}
	return string(buf[n:])
}

// retType returns the C result type of the function being translated.
func (b *builder) retType() cc.Type {
	if fd := b.fdefs[b.f.Name]; fd != nil {
		if ft, ok := fd.Declarator.Type().(*cc.FunctionType); ok {
			return ft.Result()
		}
	}
	return nil
}
