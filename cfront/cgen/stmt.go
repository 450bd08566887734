// This file generates statements: assignments, branches, the loop forms
// (each bounded by a counter that generated code only reads), switch,
// forward and bounded backward goto, break, continue, early return,
// reach_error, nested blocks with shadowing declarations, and guarded
// recursive calls.

package cgen

import "math/big"

// stmts returns a list of up to n statements; sometimes a label is placed
// in it, which the statements before it (at any depth) may goto.
func (g *gen) stmts(depth, n int) []Stmt {
	var out []Stmt
	pos, label := -1, ""
	if n > 0 && g.chance(25) {
		label = g.newLabel()
		pos = 1 + g.n(n)
		g.fwd = append(g.fwd, label)
	}
	for i := 0; i < n; i++ {
		if i == pos {
			g.fwd = g.fwd[:len(g.fwd)-1]
			out = append(out, &Label{Name: label})
		}
		out = append(out, g.stmt(depth)...)
	}
	if pos == n {
		g.fwd = g.fwd[:len(g.fwd)-1]
		out = append(out, &Label{Name: label})
	}
	return out
}

// block returns a block of 1 to n statements at depth-1, without
// declarations.
func (g *gen) block(depth, n int) *Block {
	mark := len(g.scope)
	b := &Block{Stmts: g.stmts(depth-1, 1+g.n(n))}
	g.scope = g.scope[:mark]
	return b
}

// cond returns a full expression used as a condition.
func (g *gen) cond() Expr { return g.full(g.cfg.ExprDepth) }

// stmt returns one statement (a loop with its counter's reset is two).
func (g *gen) stmt(depth int) []Stmt {
	g.cost += g.mult
	if g.mem && g.chance(12) {
		if ss := g.memStmt(depth); ss != nil {
			return ss
		}
	}
	for {
		switch r := g.n(100); {
		case r < 30:
			if s := g.assignStmt(); s != nil {
				return []Stmt{s}
			}
		case r < 35:
			if v := g.writeVar(); v != nil && !g.cfg.Task {
				return []Stmt{&ExprStmt{X: &Assign{Op: "=", V: v, X: &Nondet{T: g.nondetKind()}}}}
			}
		case r < 46:
			if depth > 0 {
				s := &If{C: g.cond(), Then: g.block(depth, 3)}
				if g.chance(50) {
					s.Else = g.block(depth, 3)
				}
				return []Stmt{s}
			}
		case r < 57:
			if depth > 0 && g.loops < maxLoopNest {
				return g.loop(depth)
			}
		case r < 62:
			if depth > 0 {
				return []Stmt{g.switchStmt(depth)}
			}
		case r < 65:
			if depth > 0 {
				return []Stmt{g.nested(depth)}
			}
		case r < 70:
			if c := g.callStmt(); c != nil {
				return []Stmt{c}
			}
		case r < 73:
			var x Expr
			switch {
			case g.f.RetPtr != nil:
				x = g.retPtr()
			case !g.f.Void:
				x = g.full(g.cfg.ExprDepth - 1)
			}
			return []Stmt{&If{C: g.cond(), Then: &Block{Stmts: []Stmt{&Return{X: x}}}}}
		case r < 76:
			if !g.cfg.Task {
				return []Stmt{&If{C: g.cond(), Then: &Block{Stmts: []Stmt{&ReachError{}}}}}
			}
		case r < 81:
			if len(g.fwd) > 0 {
				return []Stmt{g.guarded(&Goto{Label: g.fwd[g.n(len(g.fwd))]})}
			}
		case r < 84:
			if g.breaks > 0 {
				return []Stmt{g.guarded(&Break{})}
			}
		case r < 87:
			if g.conts > 0 {
				return []Stmt{g.guarded(&Continue{})}
			}
		case r < 90:
			if depth > 0 && g.loops < maxLoopNest {
				return g.gotoLoop(depth)
			}
		case r < 94:
			if s := g.selfCall(); s != nil {
				return []Stmt{s}
			}
		default:
			if s := g.assignStmt(); s != nil {
				return []Stmt{s}
			}
		}
	}
}

// guarded returns if (c) s; mostly, s alone sometimes (making what
// follows it unreachable).
func (g *gen) guarded(s Stmt) Stmt {
	if g.chance(20) {
		return s
	}
	return &If{C: g.cond(), Then: &Block{Stmts: []Stmt{s}}}
}

// assignStmt returns an assignment, increment, or other expression
// statement, or nil.
func (g *gen) assignStmt() Stmt {
	for try := 0; try < 8; try++ {
		var e Expr
		switch r := g.n(100); {
		case r < 80:
			e = g.assignExpr(g.cfg.ExprDepth)
		case r < 93:
			if g.mem && g.chance(30) {
				e = g.storeIncDec(g.cfg.ExprDepth)
			}
			if v := g.writeVar(); e == nil && v != nil {
				e = g.incDec(v)
			}
		default:
			e = g.expr(g.cfg.ExprDepth)
		}
		if e == nil {
			return nil
		}
		if _, ok := seqOK(e); ok {
			return &ExprStmt{X: e}
		}
	}
	return nil
}

// callStmt returns a call as a statement (of a void function or with its
// result discarded or assigned), or nil.
func (g *gen) callStmt() Stmt {
	var fs []*Func
	for _, f := range g.p.Funcs {
		if g.mult*f.cost <= maxCost {
			fs = append(fs, f)
		}
	}
	if len(fs) == 0 {
		return nil
	}
	f := fs[g.n(len(fs))]
	for try := 0; try < 8; try++ {
		cost := g.cost
		c := g.callOf(f, g.cfg.ExprDepth-1, nil)
		if c == nil {
			g.cost = cost
			return nil
		}
		var e Expr = c
		if v := g.writeVar(); v != nil && !f.Void && f.RetPtr == nil && g.chance(70) {
			e = &Assign{Op: "=", V: v, X: e}
		}
		if _, ok := seqOK(e); ok {
			return &ExprStmt{X: e}
		}
		g.cost = cost
	}
	return nil
}

// selfCall returns if (depth > 0) { v = f(depth - 1, ...); } (or another
// form) in a recursive function, outside loops, once per function; or
// nil.
func (g *gen) selfCall() Stmt {
	f := g.f
	if f.Depth == nil || g.loops > 0 || g.selfCalls > 0 {
		return nil
	}
	dec := bin("-", ref(f.Depth), ci(1))
	guard := bin(">", ref(f.Depth), ci(0))
	for try := 0; try < 8; try++ {
		c := g.callOf(f, g.cfg.ExprDepth-1, dec)
		if c == nil {
			return nil
		}
		if _, ok := seqOK(c); !ok {
			continue
		}
		v := g.writeVar()
		var s Stmt
		var e Expr = c
		switch {
		case f.Void || v == nil || f.RetPtr != nil:
			s = &If{C: guard, Then: &Block{Stmts: []Stmt{&ExprStmt{X: c}}}}
		case g.chance(30):
			// v = depth > 0 ? f(depth - 1, ...) : e;
			e = &Assign{Op: "=", V: v, X: &Cond{C: guard, X: c, Y: g.leaf()}}
			s = &ExprStmt{X: e}
		default:
			op := []string{"=", "=", "+=", "^="}[g.n(4)]
			e = &Assign{Op: op, V: v, X: c}
			s = &If{C: guard, Then: &Block{Stmts: []Stmt{&ExprStmt{X: e}}}}
		}
		if _, ok := seqOK(e); !ok {
			continue
		}
		g.selfCalls++
		return s
	}
	return nil
}

// nested returns { decls; stmts }, some declarations shadowing an outer
// variable.
func (g *gen) nested(depth int) Stmt {
	mark := len(g.scope)
	g.depth++
	defer func() { g.depth-- }()
	b := &Block{}
	declared := map[string]bool{}
	for i, nd := 0, 1+g.n(2); i < nd; i++ {
		v := g.newVar(g.varKind())
		if g.chance(25) {
			// Shadow a visible writable variable declared outside this
			// block (never a counter: the loop around may name it).
			if w := g.writeVar(); w != nil && !declared[w.Name] {
				v.Name = w.Name
			}
		}
		declared[v.Name] = true
		init := g.full(g.cfg.ExprDepth - 1)
		mentions := false
		walkExpr(init, func(e Expr) {
			if r, ok := e.(*VarRef); ok && r.V.Name == v.Name {
				mentions = true
			}
			if a, ok := e.(*Assign); ok && a.V.Name == v.Name {
				mentions = true
			}
			if a, ok := e.(*IncDec); ok && a.V.Name == v.Name {
				mentions = true
			}
			if _, ok := e.(*Call); ok && v.Name[0] == 'g' {
				mentions = true // the callee may read the shadowed global
			}
		})
		if mentions {
			init = g.constant(Int)
		}
		b.Decls = append(b.Decls, &Decl{V: v, Init: init})
		g.scope = append(g.scope, v)
	}
	if g.mem {
		for _, d := range b.Decls {
			d.V.Addr = g.chance(30)
		}
		b.Decls = append(b.Decls, g.aggDecls(g.n(2))...)
		if g.chance(40) {
			d := g.ptrDecl()
			b.Decls = append(b.Decls, d)
			g.scope = append(g.scope, d.V)
		}
	}
	b.Stmts = g.stmts(depth-1, 1+g.n(3))
	g.scope = g.scope[:mark]
	return &Nested{B: b}
}

// switchStmt returns a switch on a small value with up to four cases and
// usually a default (anywhere among them), each falling through or
// ending in break.
func (g *gen) switchStmt(depth int) Stmt {
	x := g.full(g.cfg.ExprDepth - 1)
	switch g.n(3) {
	case 0:
		x = bin("&", x, ci(7))
	case 1:
		x = bin("%", x, ci(5))
	}
	if _, ok := seqOK(x); !ok {
		x = ref(g.readVar())
	}
	s := &Switch{X: x}
	vals := g.rng.Perm(12)
	nc := 1 + g.n(4)
	deflt := -1
	if g.chance(75) {
		deflt = g.n(nc + 1)
	}
	g.breaks++
	for i := 0; i <= nc; i++ {
		c := &Case{}
		if i == deflt {
			c.Default = true
		}
		if i < nc {
			c.Vals = append(c.Vals, int64(vals[i]-3))
			if g.chance(15) && i+1 < nc {
				i++
				c.Vals = append(c.Vals, int64(vals[i]-3))
			}
		}
		if !c.Default && len(c.Vals) == 0 {
			continue
		}
		mark := len(g.scope)
		c.Body = g.stmts(depth-1, g.n(3))
		g.scope = g.scope[:mark]
		if g.chance(60) {
			c.Body = append(c.Body, &Break{})
		}
		s.Cases = append(s.Cases, c)
	}
	g.breaks--
	return s
}

// counter returns a fresh read-only local of type k, declared at the top
// of the function with value 0.
func (g *gen) counter(k Kind) *Var {
	g.nvar++
	v := &Var{Name: "c" + itoa(g.nvar), Type: k, ReadOnly: true}
	g.top = append(g.top, &Decl{V: v, Init: ci(0)})
	return v
}

func itoa(i int) string { return big.NewInt(int64(i)).String() }

// counterKind returns a type for a loop counter (never _Bool, which
// cannot count to 2).
func (g *gen) counterKind() Kind {
	if g.chance(60) {
		return Int
	}
	return g.pick([]Kind{Char, SChar, UChar, Short, UShort, UInt, Long, ULong, LLong, ULLong})
}

// sideEffect returns a full expression with a side effect (an assignment,
// an increment or a call), or nil.
func (g *gen) sideEffect() Expr {
	for try := 0; try < 4; try++ {
		var e Expr
		if g.chance(80) {
			e = g.assignExpr(g.cfg.ExprDepth - 1)
		} else if v := g.writeVar(); v != nil {
			e = g.incDec(v)
		}
		if e == nil {
			return nil
		}
		if _, ok := seqOK(e); ok {
			return e
		}
	}
	return nil
}

// comma returns x, y, dropping a nil operand.
func comma(x, y Expr) Expr {
	switch {
	case x == nil:
		return y
	case y == nil:
		return x
	}
	return &Comma{X: x, Y: y}
}

// loopBody generates the body of a loop of at most bound iterations:
// pre, then random statements, with break and continue allowed.
func (g *gen) loopBody(depth, bound int, pre ...Stmt) *Block {
	mark, mult := len(g.scope), g.mult
	g.loops++
	g.conts++
	g.breaks++
	g.mult *= max(bound, 1)
	b := &Block{Stmts: append(pre, g.stmts(depth-1, 1+g.n(3))...)}
	if g.chance(25) {
		// A continue somewhere in the body: it must still reach the
		// counter's increment.
		i := len(pre) + g.n(len(b.Stmts)-len(pre)+1)
		b.Stmts = append(b.Stmts[:i:i], append([]Stmt{g.guarded(&Continue{})}, b.Stmts[i:]...)...)
	}
	g.loops--
	g.conts--
	g.breaks--
	g.mult = mult
	g.scope = g.scope[:mark]
	return b
}

// loop returns a loop of one of the C forms, bounded by a counter that
// only the loop's own clauses change; continue always reaches the
// counter's increment.
func (g *gen) loop(depth int) []Stmt {
	n := int64(g.n(maxBound + 1))
	k := g.counterKind()
	N := &Const{T: Int, V: big.NewInt(n)}
	mark := len(g.scope)
	defer func() { g.scope = g.scope[:mark] }()
	switch form := g.n(10); form {
	case 0, 1: // for (T i = 0; i < N; i++), many spellings
		i := g.newVar(k)
		i.ReadOnly = true
		decl := &Decl{V: i, Init: ci(0)}
		var cond, post Expr
		switch g.n(4) {
		case 0:
			cond = bin("<", ref(i), N)
		case 1:
			cond = bin("<=", ref(i), ci(n-1))
			if n == 0 {
				// i <= -1 never ends for an unsigned i.
				cond = bin("<", ref(i), N)
			}
		case 2:
			cond = bin(">", N, ref(i))
		default:
			cond = bin("!=", ref(i), N)
		}
		switch g.n(4) {
		case 0:
			post = &IncDec{V: i, Op: "++"}
		case 1:
			post = &IncDec{V: i, Op: "++", Pre: true}
		case 2:
			post = &Assign{Op: "+=", V: i, X: ci(1)}
		default:
			post = &Assign{Op: "=", V: i, X: bin("+", ref(i), ci(1))}
		}
		if form == 1 { // counting down
			decl.Init = N
			cond = bin(">", ref(i), ci(0))
			if g.chance(50) {
				cond = bin("!=", ref(i), ci(0))
			}
			post = &IncDec{V: i, Op: "--", Pre: g.chance(50)}
		}
		g.scope = append(g.scope, i)
		return []Stmt{&For{Decl: decl, Cond: cond, Post: post, Body: g.loopBody(depth, int(n))}}
	case 2: // for (c = 0; c < N; c++)
		c := g.counter(k)
		g.scope = append(g.scope, c)
		return []Stmt{&For{InitX: &Assign{Op: "=", V: c, X: ci(0)}, Cond: bin("<", ref(c), N),
			Post: &IncDec{V: c, Op: "++"}, Body: g.loopBody(depth, int(n))}}
	case 3: // c = 0; for (; c < N; c++)
		c := g.counter(k)
		g.scope = append(g.scope, c)
		return []Stmt{&ExprStmt{X: &Assign{Op: "=", V: c, X: ci(0)}},
			&For{Cond: bin("<", ref(c), N), Post: &IncDec{V: c, Op: "++", Pre: true}, Body: g.loopBody(depth, int(n))}}
	case 4: // comma expressions in every clause
		c := g.counter(k)
		g.scope = append(g.scope, c)
		init := comma(&Assign{Op: "=", V: c, X: ci(0)}, g.sideEffect())
		cond := comma(g.sideEffect(), bin("<", ref(c), N))
		post := comma(&IncDec{V: c, Op: "++"}, g.sideEffect())
		if g.chance(50) {
			post = comma(g.sideEffect(), &IncDec{V: c, Op: "++"})
		}
		return []Stmt{&For{InitX: init, Cond: cond, Post: post, Body: g.loopBody(depth, int(n))}}
	case 5: // for (c = 0; ; c++) { if (c >= N) break; ... }
		c := g.counter(k)
		g.scope = append(g.scope, c)
		exit := &If{C: bin(">=", ref(c), N), Then: &Block{Stmts: []Stmt{&Break{}}}}
		return []Stmt{&For{InitX: &Assign{Op: "=", V: c, X: ci(0)}, Post: &IncDec{V: c, Op: "++"},
			Body: g.loopBody(depth, int(n), exit)}}
	case 6: // for (c = 0; c < N; ) { c++; ... }
		c := g.counter(k)
		g.scope = append(g.scope, c)
		return []Stmt{&For{InitX: &Assign{Op: "=", V: c, X: ci(0)}, Cond: bin("<", ref(c), N),
			Body: g.loopBody(depth, int(n), &ExprStmt{X: &IncDec{V: c, Op: "++"}})}}
	case 7: // while
		c := g.counter(k)
		g.scope = append(g.scope, c)
		reset := &ExprStmt{X: &Assign{Op: "=", V: c, X: ci(0)}}
		switch g.n(3) {
		case 0:
			return []Stmt{reset, &While{C: bin("<", ref(c), N), Body: g.loopBody(depth, int(n), &ExprStmt{X: &IncDec{V: c, Op: "++"}})}}
		case 1:
			return []Stmt{reset, &While{C: bin("<", &IncDec{V: c, Op: "++"}, N), Body: g.loopBody(depth, int(n))}}
		}
		extra := g.cond()
		cond := bin("&&", bin("<", ref(c), N), extra)
		if _, ok := seqOK(extra); ok && g.chance(50) {
			cond = bin("&&", extra, bin("<", ref(c), N))
		}
		return []Stmt{reset, &While{C: cond, Body: g.loopBody(depth, int(n), &ExprStmt{X: &IncDec{V: c, Op: "++", Pre: true}})}}
	case 8: // do ... while
		c := g.counter(k)
		g.scope = append(g.scope, c)
		reset := &ExprStmt{X: &Assign{Op: "=", V: c, X: ci(0)}}
		if g.chance(40) {
			return []Stmt{reset, &Do{Body: g.loopBody(depth, int(n)), C: bin("<", &IncDec{V: c, Op: "++", Pre: true}, N)}}
		}
		body := g.loopBody(depth, int(n), &ExprStmt{X: &IncDec{V: c, Op: "++"}})
		cond := bin("<", ref(c), N)
		if g.chance(40) {
			cond = bin([]string{"&&", "||"}[g.n(2)], cond, g.cond())
			if cond.(*Binary).Op == "||" {
				// c < N || e could run forever: bound it again.
				cond = bin("&&", bin("<", ref(c), ci(maxBound+1)), cond)
			}
		}
		return []Stmt{reset, &Do{Body: body, C: cond}}
	default: // for (;;) { if (c++ >= N) break; ... }
		c := g.counter(k)
		g.scope = append(g.scope, c)
		exit := &If{C: bin(">=", &IncDec{V: c, Op: "++"}, N), Then: &Block{Stmts: []Stmt{&Break{}}}}
		return []Stmt{&ExprStmt{X: &Assign{Op: "=", V: c, X: ci(0)}}, &For{Body: g.loopBody(depth, int(n), exit)}}
	}
}

// gotoLoop returns a loop made of a backward goto: c = 0; L: ; stmts;
// if (++c < N) goto L;.
func (g *gen) gotoLoop(depth int) []Stmt {
	n := int64(1 + g.n(maxBound))
	c := g.counter(g.counterKind())
	label := g.newLabel()
	mark, mult := len(g.scope), g.mult
	g.scope = append(g.scope, c)
	g.loops++
	g.mult *= int(n)
	body := g.stmts(depth-1, 1+g.n(3))
	g.loops--
	g.mult = mult
	g.scope = g.scope[:mark]
	var test Expr = bin("<", &IncDec{V: c, Op: "++", Pre: true}, &Const{T: Int, V: big.NewInt(n)})
	if g.chance(50) {
		test = bin("<", &IncDec{V: c, Op: "++"}, &Const{T: Int, V: big.NewInt(n - 1)})
	}
	out := []Stmt{&ExprStmt{X: &Assign{Op: "=", V: c, X: ci(0)}}, &Label{Name: label}}
	out = append(out, body...)
	return append(out, &If{C: test, Then: &Block{Stmts: []Stmt{&Goto{Label: label}}}})
}
