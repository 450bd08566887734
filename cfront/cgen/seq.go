// This file implements the sequencing check that keeps generated
// expressions free of unsequenced modifications (C11 6.5p2: x++ + x is
// undefined) and of results that depend on an unspecified order of
// evaluation (g + f() where f assigns g; two nondet calls in one
// operation), neither of which -fsanitize=undefined detects.
//
// The check is syntactic and conservative. For each subexpression it
// computes the variables read and written by side effects of its own,
// and those read and written by the functions it calls (including the
// pseudo-variable input for nondet calls, and halt for calls that may
// reach reach_error). At an operator whose operands are unsequenced
// (arithmetic, comparison, assignment's two sides, the arguments of a
// call), a write on one side must not meet a read or write of the same
// variable on the other, nor a call that may end the run meet a write of
// a global on the other (f(++g, h()) with h calling reach_error: gcc
// evaluates h first and the run ends with g unchanged; cfront, left to
// right, increments g first). &&, ||, ?: and the comma operator
// sequence their operands, so they impose nothing.

package cgen

// varSet is a set of variables.
type varSet map[*Var]bool

func (s varSet) add(t varSet) varSet {
	if len(t) == 0 {
		return s
	}
	if s == nil {
		s = varSet{}
	}
	for v := range t {
		s[v] = true
	}
	return s
}

func (s varSet) meets(t varSet) bool {
	if len(s) > len(t) {
		s, t = t, s
	}
	for v := range s {
		if t[v] {
			return true
		}
	}
	return false
}

// access is what evaluating an expression touches: r and w by its own
// operations, cr and cw inside the functions it calls.
type access struct {
	r, w, cr, cw varSet
}

func (a *access) union(b access) {
	a.r = a.r.add(b.r)
	a.w = a.w.add(b.w)
	a.cr = a.cr.add(b.cr)
	a.cw = a.cw.add(b.cw)
}

// conflicts reports whether a and b, evaluated unsequenced, may touch a
// variable one of them writes, or one may end the run while the other
// writes a global.
func conflicts(a, b access) bool {
	if haltsBefore(a, b) || haltsBefore(b, a) {
		return true
	}
	for _, w := range []varSet{a.w, a.cw} {
		if w.meets(b.r) || w.meets(b.w) || w.meets(b.cr) || w.meets(b.cw) {
			return true
		}
	}
	for _, w := range []varSet{b.w, b.cw} {
		if w.meets(a.r) || w.meets(a.cr) {
			return true
		}
	}
	return false
}

// haltsBefore reports whether a may end the run (call reach_error) while
// b writes a global.
func haltsBefore(a, b access) bool {
	if !a.w[halt] && !a.cw[halt] {
		return false
	}
	for _, s := range []varSet{b.w, b.cw} {
		for v := range s {
			if v.Global && v != input {
				return true
			}
		}
	}
	return false
}

// seqOK reports whether the full expression e is free of unsequenced
// conflicts, and returns what it touches.
func seqOK(e Expr) (access, bool) {
	switch e := e.(type) {
	case nil:
		return access{}, true
	case *VarRef:
		switch {
		case e.V.Ptr != nil:
			return access{r: varSet{e.V: true}}, true
		case e.V.Mem != nil && e.V.Mem.isArray():
			return access{}, true // decays to its address
		case e.V.Mem != nil:
			return access{r: varSet{mem: true}}, true // a struct's value
		}
		return access{r: varsOf(e.V)}, true
	case *Const:
		return access{}, true
	case *Unary:
		return seqOK(e.X)
	case *Cast:
		return seqOK(e.X)
	case *Binary:
		a, ok1 := seqOK(e.X)
		b, ok2 := seqOK(e.Y)
		if !ok1 || !ok2 {
			return access{}, false
		}
		if e.Op != "&&" && e.Op != "||" && conflicts(a, b) {
			return access{}, false
		}
		a.union(b)
		return a, true
	case *Cond:
		a, ok1 := seqOK(e.C)
		b, ok2 := seqOK(e.X)
		c, ok3 := seqOK(e.Y)
		a.union(b)
		a.union(c)
		return a, ok1 && ok2 && ok3
	case *Comma:
		a, ok1 := seqOK(e.X)
		b, ok2 := seqOK(e.Y)
		a.union(b)
		return a, ok1 && ok2
	case *Assign:
		a, ok := seqOK(e.X)
		// The store is sequenced after both operands' value computations
		// (so a call in X may assign V when Op is =), not after their side
		// effects; a compound assignment also reads V, unsequenced with X.
		tg := varsOf(e.V)
		if !ok || a.w.meets(tg) || (e.Op != "=" && a.cw.meets(tg)) {
			return access{}, false
		}
		self := access{w: tg}
		if e.Op != "=" {
			self.r = tg
		}
		a.union(self)
		return a, true
	case *IncDec:
		return access{r: varsOf(e.V), w: varsOf(e.V)}, true
	case *Nondet:
		return access{cr: varSet{input: true}, cw: varSet{input: true}}, true
	case *Call:
		// The selector of an indirect call is one more operand,
		// unsequenced with the arguments.
		ops := e.Args
		if e.Sel != nil {
			ops = append([]Expr{e.Sel}, e.Args...)
		}
		var all access
		for i, x := range ops {
			a, ok := seqOK(x)
			if !ok {
				return access{}, false
			}
			for _, y := range ops[:i] {
				b, _ := seqOK(y)
				if conflicts(a, b) {
					return access{}, false
				}
			}
			all.union(a)
		}
		// The arguments are evaluated before the body runs.
		all.union(access{cr: e.F.reads, cw: e.F.writes})
		if e.Alt != nil {
			all.union(access{cr: e.Alt.reads, cw: e.Alt.writes})
		}
		return all, true
	case *Index, *Member, *Deref:
		a, ok := addrAccess(e)
		a.union(access{r: varSet{mem: true}})
		return a, ok
	case *AddrOf:
		return addrAccess(e.L)
	case *PtrAdd:
		return seqOK(e.P)
	case *PtrDiff:
		return seqPair(e.P, e.Q)
	case *PtrCmp:
		return seqPair(e.P, e.Q)
	case *Null, *Malloc:
		return access{}, true
	case *Sub:
		return seqOK(e.X)
	case *InitList:
		// The order of evaluation of an initialiser list is unspecified:
		// its elements must not conflict.
		var all access
		for i, x := range e.Elems {
			a, ok := seqOK(x)
			if !ok {
				return access{}, false
			}
			for _, y := range e.Elems[:i] {
				b, _ := seqOK(y)
				if conflicts(a, b) {
					return access{}, false
				}
			}
			all.union(a)
		}
		return all, true
	case *Store:
		l, ok1 := addrAccess(e.L)
		a, ok2 := seqOK(e.X)
		if !ok1 || !ok2 || conflicts(l, a) {
			return access{}, false
		}
		tg := storeTarget(e.L)
		// As for Assign: the store is sequenced after the operands' value
		// computations, not after their side effects.
		for _, x := range []access{l, a} {
			if x.w.meets(tg) || (e.Op != "=" && x.cw.meets(tg)) {
				return access{}, false
			}
		}
		a.union(l)
		self := access{w: tg}
		if e.Op != "=" {
			self.r = tg
		}
		a.union(self)
		return a, true
	case *StoreIncDec:
		l, ok := addrAccess(e.L)
		tg := storeTarget(e.L)
		if !ok || l.w.meets(tg) || l.cw.meets(tg) {
			return access{}, false
		}
		l.union(access{r: tg, w: tg})
		return l, true
	}
	panic("cgen: unknown expression")
}

// seqPair checks two unsequenced operands.
func seqPair(x, y Expr) (access, bool) {
	a, ok1 := seqOK(x)
	b, ok2 := seqOK(y)
	if !ok1 || !ok2 || conflicts(a, b) {
		return access{}, false
	}
	a.union(b)
	return a, true
}

// addrAccess returns what computing the address of the lvalue e
// touches (its indices, the pointers it goes through), not the object.
func addrAccess(e Expr) (access, bool) {
	switch e := e.(type) {
	case *VarRef:
		return access{}, true
	case *Index:
		var a access
		ok := true
		if isPtrValued(e.X) {
			a, ok = seqOK(e.X)
		} else {
			a, ok = addrAccess(e.X)
		}
		b, ok2 := seqOK(e.I)
		if !ok || !ok2 || conflicts(a, b) {
			return access{}, false
		}
		a.union(b)
		return a, true
	case *Member:
		if e.Arrow {
			return seqOK(e.X)
		}
		return addrAccess(e.X)
	case *Deref:
		return seqOK(e.P)
	}
	panic("cgen: unknown lvalue")
}

// storeTarget returns the sequencing variables a store to the lvalue e
// writes: a pointer variable itself, or memory.
func storeTarget(e Expr) varSet {
	if r, ok := e.(*VarRef); ok && r.V.Ptr != nil {
		return varSet{r.V: true}
	}
	return varSet{mem: true}
}

// summarize computes f's reads and writes of globals and input: its own
// and its callees' (whose summaries are final, since callees come first;
// a call of f itself adds nothing new), and halt if it may call
// reach_error.
func summarize(f *Func) {
	f.reads, f.writes = varSet{}, varSet{}
	stmtLists(&Program{Funcs: []*Func{f}}, func(ss *[]Stmt) {
		for _, s := range *ss {
			if _, ok := s.(*ReachError); ok {
				f.writes[halt] = true
			}
		}
	})
	walkExprs(f.Body, func(e Expr) {
		a, _ := seqOK(e)
		for _, s := range []varSet{a.r, a.cr} {
			for v := range s {
				if v.Global {
					f.reads[v] = true
				}
			}
		}
		for _, s := range []varSet{a.w, a.cw} {
			for v := range s {
				if v.Global {
					f.writes[v] = true
				}
			}
		}
	})
}

// walkExprs calls fn on every full expression of b, nested blocks
// included.
func walkExprs(b *Block, fn func(Expr)) {
	if b == nil {
		return
	}
	for _, d := range b.Decls {
		fn(d.Init)
	}
	for _, s := range b.Stmts {
		walkStmtExprs(s, fn)
	}
}

func walkStmtExprs(s Stmt, fn func(Expr)) {
	switch s := s.(type) {
	case *ExprStmt:
		fn(s.X)
	case *If:
		fn(s.C)
		walkExprs(s.Then, fn)
		walkExprs(s.Else, fn)
	case *For:
		if s.Decl != nil {
			fn(s.Decl.Init)
		}
		fn(s.InitX)
		fn(s.Cond)
		fn(s.Post)
		walkExprs(s.Body, fn)
	case *While:
		fn(s.C)
		walkExprs(s.Body, fn)
	case *Do:
		walkExprs(s.Body, fn)
		fn(s.C)
	case *Switch:
		fn(s.X)
		for _, c := range s.Cases {
			for _, t := range c.Body {
				walkStmtExprs(t, fn)
			}
		}
	case *Return:
		fn(s.X)
	case *Assume:
		fn(s.C)
	case *Check:
		fn(s.X)
	case *Nested:
		walkExprs(s.B, fn)
	case *Fill:
		for _, t := range s.Stmts {
			walkStmtExprs(t, fn)
		}
	case *Free:
		fn(ref(s.V))
	}
}
