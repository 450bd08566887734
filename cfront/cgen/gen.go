// This file implements the program generator: random functions,
// statements and expressions over the integer subset of C that cfront
// supports, free of undefined behaviour by construction where that is
// cheap (loops and recursion are bounded, divisors are non-zero, shift
// amounts are masked to the width, expressions have no unsequenced side
// effects; see seq.go) and otherwise left to the sanitizer run by the
// harness (signed overflow, shifts of negative values).

package cgen

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
)

// Config bounds the programs Generate makes.
type Config struct {
	Model     Model
	Funcs     int // most functions besides main
	Globals   int // most globals (at least 1)
	Stmts     int // most statements per block (at least 1)
	Depth     int // most nesting of compound statements
	ExprDepth int // most nesting of operators
	// Task makes main read its inputs only at its start (see task.go);
	// the program has no other nondet call and no reach_error.
	Task bool
	// Linear makes non-linear operators (*, /, %, shifts, bitwise) rare,
	// so that abstract domains can prove more of a task.
	Linear bool
	// FuncPtrs adds calls through function pointers: (*f)(...), and
	// (c ? f : &h)(...) between functions of one signature (some
	// functions copy an earlier one's signature for that).
	FuncPtrs bool
	// Memory adds, under LP64 only, arrays, structs, pointers, pointer
	// arithmetic within arrays, pointer parameters and results, and
	// malloc'd blocks in main (see mem.go). Off, the generator makes the
	// same programs as before it existed.
	Memory bool
}

// DefaultConfig returns the bounds used by the differential tester.
func DefaultConfig(m Model) Config {
	return Config{Model: m, Funcs: 3, Globals: 6, Stmts: 5, Depth: 3, ExprDepth: 3, FuncPtrs: true}
}

// MemoryConfig returns DefaultConfig with Memory on: the differential
// test's bounds once cfront models memory (TestDifferential's
// -cgen.memory, make fuzz-cfront-mem).
func MemoryConfig(m Model) Config {
	c := DefaultConfig(m)
	c.Memory = true
	return c
}

// Limits of generated programs.
const (
	maxLoopNest = 2    // loops and goto regions nested in one function
	maxBound    = 4    // most iterations of a loop
	maxCost     = 4000 // estimated statement executions of one call
)

// Generate returns a random program within cfg's bounds.
func Generate(rng *rand.Rand, cfg Config) *Program {
	g := &gen{rng: rng, cfg: cfg, p: &Program{Model: cfg.Model}, mem: cfg.Memory && cfg.Model == LP64}
	g.program()
	return g.p
}

// gen is the generator's state.
type gen struct {
	rng *rand.Rand
	cfg Config
	p   *Program

	// Per function.
	f         *Func
	top       []*Decl // the function's top declarations; counters are added lazily
	scope     []*Var  // variables in scope, innermost last
	nvar      int
	nlabel    int
	loops     int      // enclosing loops and goto regions
	conts     int      // enclosing loops (continue targets)
	breaks    int      // enclosing loops and switches (break targets)
	fwd       []string // labels later in an enclosing statement list
	mult      int      // product of the bounds of the enclosing loops
	cost      int      // estimated statement executions of one call
	selfCalls int

	// Memory.
	mem     bool     // Config.Memory, under LP64
	depth   int      // block depth of the declarations being made
	cursors []cursor // enclosing loops over arrays
}

func (g *gen) n(k int) int          { return g.rng.IntN(k) }
func (g *gen) chance(pct int) bool  { return g.rng.IntN(100) < pct }
func (g *gen) pick(ks []Kind) Kind  { return ks[g.n(len(ks))] }
func ci(v int64) *Const             { return &Const{T: Int, V: big.NewInt(v)} }
func ref(v *Var) *VarRef            { return &VarRef{V: v} }
func bin(op string, x, y Expr) Expr { return &Binary{Op: op, X: x, Y: y} }

var allKinds = []Kind{Bool, Char, SChar, UChar, Short, UShort, Int, UInt, Long, ULong, LLong, ULLong}

// varKind returns a random type for a variable, int-like types more often.
func (g *gen) varKind() Kind {
	if g.cfg.Linear && g.chance(70) {
		return g.pick([]Kind{Int, Int, Int, LLong, Long})
	}
	if g.chance(35) {
		return g.pick([]Kind{Int, Int, UInt, Long, LLong})
	}
	return g.pick(allKinds)
}

func (g *gen) program() {
	ng := 1 + g.n(max(g.cfg.Globals, 1))
	for i := 0; i < ng; i++ {
		v := &Var{Name: fmt.Sprintf("g%d", i), Type: g.varKind(), Global: true}
		if g.chance(60) {
			v.Init = g.constant(v.Type).V
		}
		g.p.Globals = append(g.p.Globals, v)
	}
	if g.mem {
		g.memGlobals()
	}
	nf := g.n(g.cfg.Funcs + 1)
	for i := 1; i <= nf; i++ {
		g.function(fmt.Sprintf("f%d", i), false)
	}
	g.function("main", true)
}

// function generates one function and appends it to the program.
func (g *gen) function(name string, isMain bool) {
	f := &Func{Name: name, Ret: Int}
	g.f, g.top, g.scope, g.nvar, g.nlabel = f, nil, nil, 0, 0
	g.loops, g.conts, g.breaks, g.fwd, g.mult, g.cost, g.selfCalls = 0, 0, 0, nil, 1, 0, 0
	g.depth, g.cursors = 2, nil
	g.scope = append(g.scope, g.p.Globals...)
	if !isMain {
		if h := g.twinOf(); h != nil {
			// The signature of h: a call through a pointer may choose
			// between the two.
			f.Ret = h.Ret
			for i, p := range h.Params {
				f.Params = append(f.Params, &Var{Name: fmt.Sprintf("p%d", i), Type: p.Type,
					Ptr: p.Ptr, Shape: p.Shape, ReadOnly: p.Ptr != nil})
			}
		} else {
			if g.chance(20) {
				f.Void = true
			} else {
				f.Ret = g.varKind()
			}
			if g.chance(35) {
				f.Depth = &Var{Name: "depth", Type: Int, ReadOnly: true}
				f.Params = append(f.Params, f.Depth)
			}
			for i, np := 0, g.n(4); i < np; i++ {
				f.Params = append(f.Params, &Var{Name: fmt.Sprintf("p%d", i), Type: g.varKind()})
			}
			if g.mem && g.chance(40) {
				g.ptrParams(f)
			}
		}
		for _, p := range f.Params {
			p.depth, p.life = 1, 1
		}
		g.scope = append(g.scope, f.Params...)
		// While f is generated, a call of f itself may touch anything.
		f.reads, f.writes = varSet{input: true}, varSet{input: true, halt: true}
		for _, v := range g.p.Globals {
			f.reads[v], f.writes[v] = true, true
		}
		if g.mem {
			f.reads[mem], f.writes[mem] = true, true
		}
	}
	var pre []Stmt
	if isMain && g.cfg.Task {
		pre = g.taskInputs()
	}
	var locals []*Decl
	for i, nl := 0, 1+g.n(4); i < nl; i++ {
		v := g.newVar(g.varKind())
		var init Expr
		if isMain && !g.cfg.Task && g.chance(60) {
			init = &Nondet{T: g.nondetKind()}
		} else {
			init = g.full(g.cfg.ExprDepth - 1)
		}
		locals = append(locals, &Decl{V: v, Init: init})
		g.scope = append(g.scope, v)
	}
	var fills, frees []Stmt
	if g.mem {
		var blocks []*Var
		locals, fills, blocks = g.memLocals(locals, isMain)
		for _, b := range blocks {
			frees = append(frees, &Free{V: b})
		}
	}
	stmts := g.stmts(g.cfg.Depth, 1+g.n(g.cfg.Stmts))
	stmts = append(fills, stmts...)
	var ret Expr
	switch {
	case isMain && g.cfg.Task:
		// main { inputs; assumptions; { locals; statements; probe } return 0; }
		stmts = append(stmts, &Check{Probe: true, X: g.observed()})
		stmts = append(stmts, frees...)
		stmts = append(pre, &Nested{B: &Block{Decls: locals, Stmts: stmts}})
		locals, ret = nil, ci(0)
	case len(frees) > 0:
		// main's blocks are freed before it returns: its value reads none.
		stmts, ret = append(stmts, frees...), ci(0)
	case f.RetPtr != nil:
		ret = g.retPtr()
	case !f.Void:
		ret = g.full(g.cfg.ExprDepth - 1)
	}
	if ret != nil {
		stmts = append(stmts, &Return{X: ret})
	}
	// Counters were declared at the top as loops needed them.
	f.Body = &Block{Decls: append(locals, g.top...), Stmts: stmts}
	if f.Depth != nil {
		g.cost *= 4
	}
	f.cost = g.cost
	g.p.Funcs = append(g.p.Funcs, f)
	summarize(f)
}

func (g *gen) newVar(k Kind) *Var {
	g.nvar++
	return &Var{Name: fmt.Sprintf("x%d", g.nvar), Type: k, depth: g.depth}
}

func (g *gen) newLabel() string {
	g.nlabel++
	return fmt.Sprintf("L%d", g.nlabel)
}

// visible returns the variables in scope, shadowed ones left out.
func (g *gen) visible() []*Var {
	seen := map[string]bool{}
	var vs []*Var
	for i := len(g.scope) - 1; i >= 0; i-- {
		v := g.scope[i]
		if !seen[v.Name] {
			seen[v.Name] = true
			vs = append(vs, v)
		}
	}
	return vs
}

// readVar returns a random visible scalar.
func (g *gen) readVar() *Var {
	vs := g.visible()
	if g.mem {
		var ss []*Var
		for _, v := range vs {
			if isScalar(v) {
				ss = append(ss, v)
			}
		}
		vs = ss
	}
	return vs[g.n(len(vs))]
}

// writeVar returns a random visible variable generated code may assign,
// or nil; globals come first half of the time, as they are what is
// observed.
func (g *gen) writeVar() *Var {
	var ws, gs []*Var
	for _, v := range g.visible() {
		if !v.ReadOnly && isScalar(v) {
			ws = append(ws, v)
			if v.Global {
				gs = append(gs, v)
			}
		}
	}
	if len(gs) > 0 && g.chance(50) {
		return gs[g.n(len(gs))]
	}
	if len(ws) == 0 {
		return nil
	}
	return ws[g.n(len(ws))]
}

func (g *gen) nondetKind() Kind {
	if g.chance(60) {
		return Int
	}
	return g.pick(allKinds)
}

// constant returns a constant of type k: mostly small, sometimes at or
// next to an end of k's range, sometimes anywhere in it.
func (g *gen) constant(k Kind) *Const {
	m := g.cfg.Model
	var v *big.Int
	r := g.n(100)
	if g.cfg.Linear && r >= 75 && g.chance(80) {
		r = 0 // mostly small constants
	}
	switch {
	case r < 75:
		v = big.NewInt(int64(g.n(25) - 8))
	case r < 88:
		ends := []*big.Int{k.Min(m), k.Max(m)}
		v = new(big.Int).Add(ends[g.n(2)], big.NewInt(int64(g.n(3)-1)))
	default:
		v = new(big.Int).SetUint64(g.rng.Uint64())
	}
	return &Const{T: k, V: k.Wrap(v, m)}
}

// leaf returns a variable or a constant (or, under Memory, a cell).
func (g *gen) leaf() Expr {
	if g.mem && g.chance(20) {
		if e := g.memRead(0); e != nil {
			return e
		}
	}
	if g.chance(65) {
		return ref(g.readVar())
	}
	if g.chance(60) {
		return g.constant(Int)
	}
	return g.constant(g.pick(allKinds))
}

// full returns a full expression free of sequencing conflicts.
func (g *gen) full(d int) Expr {
	for try := 0; try < 8; try++ {
		e := g.expr(d)
		if _, ok := seqOK(e); ok {
			return e
		}
	}
	return g.constant(Int)
}

// expr returns a random expression of at most d nested operators.
func (g *gen) expr(d int) Expr {
	if d <= 0 || g.chance(25) {
		return g.leaf()
	}
	if g.mem && g.chance(6) {
		if e := g.ptrIntExpr(d - 1); e != nil {
			return e
		}
	}
	nonlin := 100
	if g.cfg.Linear {
		nonlin = 15
	}
	// branchy reports whether to keep an operator that the front end
	// translates into branches (fewer under Linear).
	branchy := func() bool { return !g.cfg.Linear || g.chance(30) }
	for {
		switch r := g.n(100); {
		case r < 7:
			return &Unary{Op: []string{"-", "~", "!"}[g.n(3)], X: g.expr(d - 1)}
		case r < 14:
			if !branchy() {
				continue
			}
			c := &Cast{T: g.pick(allKinds), X: g.expr(d - 1)}
			if c.T == Bool && hasComma(c.X) {
				c.T = Int // gcc 12 crashes on (_Bool)((9, 9) + 1)
			}
			return c
		case r < 34:
			return bin([]string{"+", "-"}[g.n(2)], g.expr(d-1), g.expr(d-1))
		case r < 39:
			if g.chance(nonlin) {
				return bin("*", g.expr(d-1), g.expr(d-1))
			}
		case r < 45:
			if g.chance(nonlin) {
				return bin([]string{"/", "%"}[g.n(2)], g.expr(d-1), g.divisor(d-1))
			}
		case r < 51:
			if g.chance(nonlin) {
				return g.shift(d)
			}
		case r < 57:
			if g.chance(nonlin) {
				return bin([]string{"&", "|", "^"}[g.n(3)], g.expr(d-1), g.expr(d-1))
			}
		case r < 68:
			if branchy() {
				return bin([]string{"<", "<=", ">", ">=", "==", "!="}[g.n(6)], g.expr(d-1), g.expr(d-1))
			}
		case r < 74:
			if branchy() {
				return bin([]string{"&&", "||"}[g.n(2)], g.expr(d-1), g.expr(d-1))
			}
		case r < 79:
			if branchy() {
				return &Cond{C: g.expr(d - 1), X: g.expr(d - 1), Y: g.expr(d - 1)}
			}
		case r < 85:
			if e := g.assignExpr(d - 1); e != nil {
				return e
			}
		case r < 90:
			if g.mem && g.chance(30) {
				if e := g.storeIncDec(d - 1); e != nil {
					return e
				}
			}
			if v := g.writeVar(); v != nil {
				return g.incDec(v)
			}
		case r < 95:
			if e := g.call(d - 1); e != nil {
				return e
			}
		case r < 97:
			return &Comma{X: g.expr(d - 1), Y: g.expr(d - 1)}
		default:
			if !g.cfg.Task {
				return &Nondet{T: g.nondetKind()}
			}
		}
	}
}

func (g *gen) incDec(v *Var) Expr {
	return &IncDec{V: v, Op: []string{"++", "--"}[g.n(2)], Pre: g.chance(50)}
}

// divisor returns a non-zero expression: a constant, Y | 1,
// (v == 0 ? 1 : v) or (Y & 7) + 1. (INT_MIN / -1 is left to the
// sanitizer.)
func (g *gen) divisor(d int) Expr {
	switch g.n(4) {
	case 0:
		c := int64(1 + g.n(9))
		if g.chance(30) {
			c = -c
		}
		k := g.pick([]Kind{Int, Int, UInt, LLong, Short, Long})
		return &Const{T: k, V: k.Wrap(big.NewInt(c), g.cfg.Model)}
	case 1:
		return bin("|", g.expr(d), ci(1))
	case 2:
		v := g.readVar()
		return &Cond{C: bin("==", ref(v), ci(0)), X: ci(1), Y: ref(v)}
	}
	return bin("+", bin("&", g.expr(d), ci(7)), ci(1))
}

// shift returns X << A or X >> A with A in [0, width of X's promoted
// type).
func (g *gen) shift(d int) Expr {
	x := g.expr(d - 1)
	if g.chance(30) {
		x = &Cast{T: g.pick([]Kind{UInt, ULLong, ULong}), X: x}
	}
	return bin([]string{"<<", ">>"}[g.n(2)], x, g.shiftAmount(promote(typeOf(x, g.cfg.Model)), d-1))
}

// shiftAmount returns an expression in [0, width of k).
func (g *gen) shiftAmount(k Kind, d int) Expr {
	w := k.Bits(g.cfg.Model)
	if g.chance(50) {
		return ci(int64(g.n(w)))
	}
	return bin("&", g.expr(d), ci(int64(w-1)))
}

// assignExpr returns V op= X for a writable V, or nil.
func (g *gen) assignExpr(d int) Expr {
	if g.mem && g.chance(35) {
		if e := g.storeExpr(d); e != nil {
			return e
		}
	}
	v := g.writeVar()
	if v == nil {
		return nil
	}
	op, x := g.assignRHS(v.Type, d)
	return &Assign{Op: op, V: v, X: x}
}

// assignRHS returns the operator and the right operand of an assignment
// to a variable of type k.
func (g *gen) assignRHS(k Kind, d int) (string, Expr) {
	op := "="
	if g.chance(45) {
		op = []string{"+=", "-=", "*=", "/=", "%=", "<<=", ">>=", "&=", "|=", "^="}[g.n(10)]
		if g.cfg.Linear && op != "+=" && op != "-=" && !g.chance(15) {
			op = "+="
		}
	}
	var x Expr
	switch op {
	case "/=", "%=":
		x = g.divisor(d)
	case "<<=", ">>=":
		x = g.shiftAmount(promote(k), d)
	default:
		x = g.expr(d)
	}
	return op, x
}

// call returns a call of a function generated earlier whose estimated
// cost fits, or nil.
func (g *gen) call(d int) Expr {
	var fs []*Func
	for _, f := range g.p.Funcs {
		if !f.Void && f.RetPtr == nil && g.mult*f.cost <= maxCost {
			fs = append(fs, f)
		}
	}
	if len(fs) == 0 {
		return nil
	}
	f := fs[g.n(len(fs))]
	c := g.callOf(f, d, nil)
	if c == nil {
		return nil
	}
	if g.cfg.FuncPtrs && g.chance(40) {
		var twins []*Func
		for _, h := range fs {
			if h != f && sameSig(f, h) {
				twins = append(twins, h)
			}
		}
		if len(twins) > 0 {
			h := twins[g.n(len(twins))]
			c.Alt = h
			c.Sel = bin([]string{"<", ">", "==", "!="}[g.n(4)], ref(g.readVar()), g.constant(Int))
			if h.cost > f.cost {
				g.cost += g.mult * (h.cost - f.cost)
			}
		} else if g.chance(50) {
			c.Deref = true
		}
	}
	return c
}

// twinOf returns, under FuncPtrs and now and then, an earlier function
// whose signature the next one copies, or nil.
func (g *gen) twinOf() *Func {
	if !g.cfg.FuncPtrs || !g.chance(50) {
		return nil
	}
	var hs []*Func
	for _, h := range g.p.Funcs {
		if !h.Void && h.Depth == nil && h.RetPtr == nil {
			hs = append(hs, h)
		}
	}
	if len(hs) == 0 {
		return nil
	}
	return hs[g.n(len(hs))]
}

// sameSig reports whether f and h have the same signature and no depth
// parameter, so that one pointer type holds either.
func sameSig(f, h *Func) bool {
	if f.Void != h.Void || f.Ret != h.Ret || f.Depth != nil || h.Depth != nil || len(f.Params) != len(h.Params) {
		return false
	}
	if f.RetPtr != nil || h.RetPtr != nil {
		return false
	}
	for i, p := range f.Params {
		q := h.Params[i]
		if p.Type != q.Type || !p.Ptr.same(q.Ptr) || p.Shape != q.Shape {
			return false
		}
	}
	return true
}

// callOf returns a call of f with random arguments; depth, when f
// recurses, is the argument of its depth parameter (a small constant if
// nil). It returns nil if no value in scope fits a pointer parameter.
func (g *gen) callOf(f *Func, d int, depth Expr) *Call {
	c := &Call{F: f}
	for _, p := range f.Params {
		switch {
		case p.Ptr != nil:
			// A recursive function passes no address of its own locals:
			// cfront reaches a recursive activation's cells through
			// pointers only within it (an escaping address is
			// unsupported there).
			life := math.MaxInt
			if g.f != nil && g.f.Depth != nil {
				life = 1
			}
			a, _ := g.pickPtr(p.Ptr, p.Shape, life, d, ptrAny)
			if a == nil {
				return nil
			}
			c.Args = append(c.Args, a)
		case p != f.Depth:
			c.Args = append(c.Args, g.expr(d))
		case depth != nil:
			c.Args = append(c.Args, depth)
		default:
			c.Args = append(c.Args, ci(int64(g.n(4))))
		}
	}
	g.cost += g.mult * f.cost
	return c
}

// hasComma reports whether e contains a comma operator.
func hasComma(e Expr) bool {
	found := false
	walkExpr(e, func(e Expr) {
		if _, ok := e.(*Comma); ok {
			found = true
		}
	})
	return found
}
