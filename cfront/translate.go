// This file implements the translation driver: file-scope declarations
// (globals and functions), the per-function builder, and the
// initialisation of globals at the start of main.

package cfront

import (
	"fmt"
	"math/big"
	"modernc.org/token"
	"sort"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"modernc.org/cc/v4"
)

// translator holds the state of one translation unit's translation.
type translator struct {
	file    string
	ast     *cc.AST
	prog    *ir.Program
	vars    map[*cc.Declarator]*ir.Var // modelled scalars
	globals map[string]*ir.Var         // file-scope scalars by name
	funcs   map[string]*ir.Func        // defined functions
	params  map[*ir.Func][]*ir.Var     // per C parameter: its formal, nil if unmodelled
	fdefs   map[string]*cc.FunctionDefinition
	inits   []globalInit // initialisation of globals, in order
	// addrTaken are the modelled globals whose address is taken: writes
	// through pointers and calls of unknown functions havoc them.
	addrTaken []*ir.Var
	// ptrVars are the pointer locals modelled by their address
	// (pointer.go).
	ptrVars  map[*ir.Var]bool
	diagSeen map[string]bool
	lastPos  ir.Pos
	cg       *callGraph             // callgraph.go
	fnAddr   map[string]numeric.Int // addresses of functions (fptr.go)
	// The memory model (memory.go, place.go).
	mem       *memory
	objOf     map[*cc.Declarator]*object
	cellOf    map[*ir.Var]*cell
	pending   []*access
	recursive map[string]bool // functions on a call-graph cycle
	builders  map[*ir.Func]*builder
	objInits  []objInit // initialisation of global objects, in order
	// layingGlobal is set while a file-scope object is laid out (see
	// summariseLocals).
	layingGlobal bool
	globalObjs   map[string]*object
	// paramObjs are the parameters that live in memory, per function;
	// paramFormal the formal holding such a parameter's value.
	paramObjs   map[*ir.Func][]*cc.Declarator
	paramFormal map[*cc.Declarator]*ir.Var
	// ptrT is the integer type of data addresses (the ABI's pointer
	// width); allocHint the pointee type an allocation being evaluated
	// is for (evalFor).
	ptrT      ir.IntType
	allocHint cc.Type
	nstrings  int
	// allocCounters count the allocations of summary sites (alloc.go).
	allocCounters []*ir.Var
	// The ghost state of kcell.go: the index, the flag of the last
	// summarised read, the largest region's length, every ghost cell and
	// the resets of all of them to fill in at the end.
	kIndex, lastK   *ir.Var
	kMax            int64
	allKCells       []*kcell
	kcellClobbers   []kcellClobber
	noKCells        bool // translate without ghost cells (ir.Program.Plain)
	strObjs         map[*cc.PrimaryExpression]*object
	pts             *pointsTo // pointsto.go
	keepGlobalCells bool
	// lostVals are values stored where the points-to analysis does not
	// follow them (a summary region, an unmodelled object).
	lostVals []numeric.LinExpr
	// unmatchedReads are the locations where a read hits no cell (it
	// havocs); a warning for those that survive.
	unmatchedReads map[*ir.Loc]string
}

// objInit is a global object and its initializer (nil: zero).
type objInit struct {
	o     *object
	in    *cc.Initializer
	str   string // a string literal's bytes (isStr)
	isStr bool
}

// globalInit is the initial value of a global: a constant, or a havoc
// (an extern variable defined elsewhere).
type globalInit struct {
	v      *ir.Var
	val    numeric.Int
	havoc  bool
	extern bool              // declared extern and never defined here
	fn     string            // a function pointer initialised to this function's address
	expr   cc.ExpressionNode // a pointer initialised to this address constant
	pos    ir.Pos
}

func newTranslator(file string, ast *cc.AST) *translator {
	t := &translator{
		file:           file,
		ast:            ast,
		prog:           ir.NewProgram(file, "c"),
		vars:           map[*cc.Declarator]*ir.Var{},
		ptrVars:        map[*ir.Var]bool{},
		globals:        map[string]*ir.Var{},
		funcs:          map[string]*ir.Func{},
		params:         map[*ir.Func][]*ir.Var{},
		fdefs:          map[string]*cc.FunctionDefinition{},
		diagSeen:       map[string]bool{},
		mem:            newMemory(),
		objOf:          map[*cc.Declarator]*object{},
		cellOf:         map[*ir.Var]*cell{},
		builders:       map[*ir.Func]*builder{},
		globalObjs:     map[string]*object{},
		strObjs:        map[*cc.PrimaryExpression]*object{},
		unmatchedReads: map[*ir.Loc]string{},
		paramObjs:      map[*ir.Func][]*cc.Declarator{},
		paramFormal:    map[*cc.Declarator]*ir.Var{},
		ptrT:           ir.IntType{Name: "pointer", Bits: 64},
	}
	if ast != nil && ast.PVoid != nil && ast.PVoid.Size() > 0 {
		t.ptrT.Bits = int(ast.PVoid.Size()) * 8
	}
	return t
}

// pos converts a cc position.
func (t *translator) pos(n cc.Node) ir.Pos {
	if n == nil {
		return ir.Pos{File: t.file}
	}
	return t.tokPos(n.Position())
}

func (t *translator) tokPos(p token.Position) ir.Pos {
	if p.Line == 0 {
		return ir.Pos{File: t.file}
	}
	r := ir.Pos{File: p.Filename, Line: p.Line, Col: p.Column}
	if r.File == "" {
		r.File = t.file
	}
	t.lastPos = r
	return r
}

// diag records a diagnostic once per position and message.
func (t *translator) diag(pos ir.Pos, s ir.Severity, format string, args ...any) {
	msg := fmt.Sprintf(format, args...)
	key := fmt.Sprintf("%s|%d|%s", pos, s, msg)
	if t.diagSeen[key] {
		return
	}
	t.diagSeen[key] = true
	t.prog.Diag(pos, s, "%s", msg)
}

// errorf returns a positioned error for an unanalysable program.
func (t *translator) errorf(pos ir.Pos, format string, args ...any) error {
	if pos.Line == 0 {
		pos = ir.Pos{File: t.file, Line: 1, Col: 1}
	}
	return fmt.Errorf("%s: %s", pos, fmt.Sprintf(format, args...))
}

// translate runs the three passes: file-scope declarations and function
// shells, function bodies, and the initialisation of globals in main.
func (t *translator) translate() (*ir.Program, error) {
	var defs []*cc.FunctionDefinition
	for l := t.ast.TranslationUnit; l != nil; l = l.TranslationUnit {
		ed := l.ExternalDeclaration
		if ed == nil {
			continue
		}
		switch ed.Case {
		case cc.ExternalDeclarationFuncDef:
			fd := ed.FunctionDefinition
			name := fd.Declarator.Name()
			if t.fdefs[name] != nil {
				return nil, t.errorf(t.pos(fd.Declarator), "function %s redefined", name)
			}
			t.fdefs[name] = fd
			defs = append(defs, fd)
		case cc.ExternalDeclarationDecl:
			t.fileDecl(ed.Declaration)
		case cc.ExternalDeclarationAsmStmt:
			t.diag(t.pos(ed.AsmStatement), ir.Unsupported, "asm statement")
		}
	}
	main := t.fdefs["main"]
	if main == nil {
		return nil, t.errorf(ir.Pos{}, "no definition of main")
	}
	// Only the functions the call graph reaches from main are translated.
	t.cg = t.buildCallGraph(defs)
	reach := t.cg.reachable()
	kept := defs[:0]
	for _, fd := range defs {
		if reach[fd.Declarator.Name()] {
			kept = append(kept, fd)
		}
	}
	defs = kept
	t.recursive = t.cg.recursive()
	// Function shells first, so that calls can refer to any of them.
	for _, fd := range defs {
		t.shell(fd)
	}
	t.fnAddrs()
	var mainStart *ir.Loc
	for _, fd := range defs {
		b := t.newBuilder(fd)
		start := b.f.NewLoc(ir.Normal, b.f.Pos)
		if fd == main {
			mainStart = start
		} else {
			b.f.AddEdge(b.f.Entry, start, &ir.Skip{}, b.f.Pos)
		}
		b.cur = start
		b.body(fd)
	}
	t.initGlobals(t.funcs["main"], mainStart)
	t.lowerAccesses()
	t.finishKCells()
	t.pruneDeadCells()
	for _, f := range t.prog.Funcs {
		compact(f)
		f.MarkLoopHeads()
	}
	for _, f := range t.prog.Funcs {
		for _, l := range f.Locs {
			if msg, ok := t.unmatchedReads[l]; ok {
				t.diag(l.Pos, ir.Warning, "%s: a read there is havoc", msg)
			}
		}
	}
	// The diagnostics of the unsupported locations that survived (a
	// construct in dead code is no concern) join the program's list.
	for _, l := range t.prog.UnsupportedLocs() {
		if l.Unsupported.Check {
			continue
		}
		d := *l.Unsupported
		key := fmt.Sprintf("%s|local|%s", d.Pos, d.Msg)
		if !t.diagSeen[key] {
			t.diagSeen[key] = true
			t.prog.Diags = append(t.prog.Diags, d)
		}
	}
	return t.prog, nil
}

// fileDecl handles a file-scope declaration: global scalars get a variable
// and an initial value; other declarations need nothing.
func (t *translator) fileDecl(d *cc.Declaration) {
	eachObject(d, func(id *cc.InitDeclarator, dd *cc.Declarator) {
		if t.needsObject(dd) {
			t.globalObject(id, dd)
			return
		}
		it, ok := intType(dd.Type())
		pt, isPtr := ptrType(dd.Type())
		if !ok && isPtr {
			it, ok = pt, true // a pointer held as an address (pointer.go, fptr.go)
		}
		if !ok {
			return // not modelled: its reads are havoc
		}
		name := dd.Name()
		pos := t.pos(dd)
		v := t.globals[name]
		if v == nil {
			v = t.prog.NewGlobal(name, it, pos)
			t.globals[name] = v
			t.inits = append(t.inits, globalInit{v: v, havoc: true, extern: true, pos: pos})
		}
		t.vars[dd] = v
		if isPtr {
			t.ptrVars[v] = true
		}
		if dd.IsExtern() && id.Initializer == nil {
			return // a declaration; a definition may follow
		}
		gi := t.initOf(v)
		gi.havoc, gi.extern = false, false
		gi.val = numeric.I(0)
		gi.pos = pos
		if id.Initializer != nil {
			c, ok := constInit(id.Initializer)
			if !ok && isPtr {
				if in := scalarInit(id.Initializer); in != nil {
					gi.expr, ok = in, true // an address constant, evaluated in main
				}
			}
			if !ok {
				gi.havoc = true
				t.diag(t.pos(id.Initializer), ir.Warning, "initializer of %s is not an integer constant: havoc", name)
			} else {
				gi.val = wrapConst(c, it)
			}
		}
	})
}

// needsObject reports whether the variable dd lives in memory: an
// aggregate, or a scalar whose address is taken.
func (t *translator) needsObject(dd *cc.Declarator) bool {
	typ := dd.Type()
	if typ == nil || typ.Kind() == cc.Function {
		return false
	}
	return isAggregate(typ) || dd.AddressTaken()
}

// globalObject makes (or finds, for a repeated declaration) the object of
// a file-scope variable and records its initializer.
func (t *translator) globalObject(id *cc.InitDeclarator, dd *cc.Declarator) {
	name := dd.Name()
	o := t.globalObjs[name]
	if o == nil || (o.typ != nil && o.typ.Size() <= 0 && dd.Type().Size() > 0) {
		t.layingGlobal = true
		o = t.newObject(name, dd.Type(), 0, nil, t.pos(dd))
		t.layingGlobal = false
		t.globalObjs[name] = o
	}
	t.objOf[dd] = o
	if dd.IsExtern() && id.Initializer == nil {
		return
	}
	for i := range t.objInits {
		if t.objInits[i].o == o {
			if id.Initializer != nil {
				t.objInits[i].in = id.Initializer
			}
			return
		}
	}
	t.objInits = append(t.objInits, objInit{o: o, in: id.Initializer})
}

func (t *translator) initOf(v *ir.Var) *globalInit {
	for i := range t.inits {
		if t.inits[i].v == v {
			return &t.inits[i]
		}
	}
	t.inits = append(t.inits, globalInit{v: v})
	return &t.inits[len(t.inits)-1]
}

func (t *translator) markAddrTaken(v *ir.Var) {
	for _, w := range t.addrTaken {
		if w == v {
			return
		}
	}
	t.addrTaken = append(t.addrTaken, v)
}

// scalarInit returns the expression of a scalar initializer ("= e" or
// "= { e }"), nil if there is none.
func scalarInit(in *cc.Initializer) cc.ExpressionNode {
	for in != nil && in.Case == cc.InitializerInitList {
		if in.InitializerList == nil {
			return nil
		}
		in = in.InitializerList.Initializer
	}
	if in == nil || in.AssignmentExpression == nil {
		return nil
	}
	return in.AssignmentExpression
}

// constInit returns the integer constant of a scalar initializer ("= c" or
// "= { c }").
func constInit(in *cc.Initializer) (numeric.Int, bool) {
	for in != nil && in.Case == cc.InitializerInitList {
		if in.InitializerList == nil {
			return numeric.I(0), true
		}
		in = in.InitializerList.Initializer
	}
	if in == nil || in.AssignmentExpression == nil {
		return numeric.Int{}, false
	}
	return constValue(in.AssignmentExpression)
}

// constValue returns the value of an integer constant expression.
func constValue(n cc.ExpressionNode) (numeric.Int, bool) {
	if n == nil {
		return numeric.Int{}, false
	}
	if _, ok := intType(n.Type()); !ok {
		return numeric.Int{}, false
	}
	switch v := n.Value().(type) {
	case cc.Int64Value:
		return numeric.I(int64(v)), true
	case cc.UInt64Value:
		if int64(v) >= 0 {
			return numeric.I(int64(v)), true
		}
		return numeric.IntFromBig(bigU(uint64(v))), true
	}
	return numeric.Int{}, false
}

func bigU(u uint64) *big.Int { return new(big.Int).SetUint64(u) }

// shell creates the ir function of a definition: formals for its integer
// parameters (others are not modelled) and a return slot for an integer
// result.
func (t *translator) shell(fd *cc.FunctionDefinition) {
	d := fd.Declarator
	pos := t.pos(d)
	f := t.prog.NewFunc(d.Name(), pos)
	t.funcs[d.Name()] = f
	ft, _ := d.Type().(*cc.FunctionType)
	if ft == nil {
		return
	}
	names := map[string]bool{}
	var params []*ir.Var
	for _, p := range ft.Parameters() {
		if p.Type() != nil && p.Type().Kind() == cc.Void {
			continue // f(void)
		}
		pd := p.Declarator
		it, ok := intType(p.Type())
		pt, isPtr := ptrType(p.Type())
		if !ok && isPtr {
			it, ok = pt, true // a pointer held as an address (pointer.go, fptr.go)
		}
		name := p.Name()
		if pd == nil || name == "" || names[name] {
			params = append(params, nil) // unnamed: never read
			continue
		}
		if t.needsObject(pd) {
			// Lives in memory (body start copies the formal into it, or
			// havocs an aggregate passed by value).
			t.paramObjs[f] = append(t.paramObjs[f], pd)
			if !ok {
				params = append(params, nil)
				continue
			}
		} else if !ok {
			params = append(params, nil) // not modelled: reads are havoc
			continue
		}
		names[name] = true
		v := f.NewFormal(name, it, t.pos(pd))
		if t.needsObject(pd) {
			t.paramFormal[pd] = v
		} else {
			t.vars[pd] = v
		}
		if isPtr {
			t.ptrVars[v] = true
		}
		params = append(params, v)
	}
	t.params[f] = params
	if it, ok := intType(ft.Result()); ok {
		f.NewRet(it, pos)
	} else if pt, ok := ptrType(ft.Result()); ok {
		t.ptrVars[f.NewRet(pt, pos)] = true
	}
}

// initGlobals puts the initialisation of globals at the start of main:
// entry -> g1 := c1 -> ... -> objects -> start.
func (t *translator) initGlobals(main *ir.Func, start *ir.Loc) {
	b := t.builders[main]
	b.cur = main.Entry
	t.startKCells(b, main.Pos)
	inits := append([]globalInit(nil), t.inits...)
	sort.SliceStable(inits, func(i, j int) bool { return inits[i].v.ID < inits[j].v.ID })
	for _, gi := range inits {
		if gi.fn != "" {
			a, ok := t.fnAddr[gi.fn]
			gi.val, gi.havoc = a, !ok
		}
		switch {
		case gi.havoc:
			if gi.extern {
				t.diag(gi.pos, ir.Warning, "extern variable %s has no definition here: havoc", gi.v.Name)
			}
			b.emit(&ir.Havoc{Var: gi.v, Range: gi.v.Type.Range()}, gi.pos)
		case gi.expr != nil:
			b.storePtr(gi.v, b.eval(gi.expr), gi.pos)
		default:
			b.emit(ir.NewAssign(gi.v, numeric.ConstInt(gi.val)), gi.pos)
		}
	}
	for _, c := range t.allocCounters {
		b.emit(ir.NewAssign(c, numeric.Const(0)), main.Pos)
	}
	inited := map[*object]bool{}
	for _, oi := range t.objInits {
		inited[oi.o] = true
		if oi.isStr {
			for i, c := range oi.o.cells {
				b.emit(ir.NewAssign(c.v, numeric.ConstInt(wrapConst(numeric.I(int64(oi.str[i])), c.t))), oi.o.pos)
			}
			continue
		}
		b.initObject(objPlace(oi.o), oi.in, true, oi.o.pos)
	}
	for _, name := range sortedKeys(t.globalObjs) {
		if o := t.globalObjs[name]; !inited[o] {
			t.diag(o.pos, ir.Warning, "extern variable %s has no definition here: havoc", name)
			b.initObject(objPlace(o), nil, false, o.pos)
		}
	}
	b.goTo(start, main.Pos)
}

// compact removes the locations that are unreachable from f's entry (code
// after a jump, the arms of constant conditions) and renumbers the rest;
// the exit is always kept.
func compact(f *ir.Func) {
	reach := f.Reachable()
	keepLoc := func(l *ir.Loc) bool { return reach[l.ID] || l == f.Exit }
	var locs []*ir.Loc
	for _, l := range f.Locs {
		if keepLoc(l) {
			locs = append(locs, l)
		}
	}
	var edges []*ir.Edge
	for _, e := range f.Edges {
		if reach[e.From.ID] {
			edges = append(edges, e)
		}
	}
	filter := func(es []*ir.Edge) []*ir.Edge {
		var out []*ir.Edge
		for _, e := range es {
			if reach[e.From.ID] {
				out = append(out, e)
			}
		}
		return out
	}
	for _, l := range locs {
		l.In = filter(l.In)
		l.Out = filter(l.Out)
	}
	for i, l := range locs {
		l.ID = i
	}
	for i, e := range edges {
		e.ID = i
	}
	f.Locs, f.Edges = locs, edges
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
