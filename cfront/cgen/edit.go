// This file implements the edits the reducer tries on a program: deep
// copies in which one statement, declaration, function or global is
// deleted, or one expression is replaced by a simpler one.

package cgen

import "math/big"

// clone returns a deep copy of p (variables are shared: edits never
// change them).
func clone(p *Program) *Program {
	q := &Program{Model: p.Model, Structs: p.Structs, Globals: append([]*Var(nil), p.Globals...)}
	fmap := map[*Func]*Func{}
	for _, f := range p.Funcs {
		nf := *f
		nf.Params = append([]*Var(nil), f.Params...)
		fmap[f] = &nf
		q.Funcs = append(q.Funcs, &nf)
	}
	c := &copier{fmap: fmap}
	for _, f := range q.Funcs {
		f.Body = c.block(f.Body)
	}
	return q
}

type copier struct{ fmap map[*Func]*Func }

func (c *copier) mapFunc(f *Func) *Func {
	if g, ok := c.fmap[f]; ok {
		return g
	}
	return f
}

func (c *copier) block(b *Block) *Block {
	if b == nil {
		return nil
	}
	nb := &Block{}
	for _, d := range b.Decls {
		nb.Decls = append(nb.Decls, c.decl(d))
	}
	nb.Stmts = c.stmts(b.Stmts)
	return nb
}

func (c *copier) decl(d *Decl) *Decl {
	if d == nil {
		return nil
	}
	return &Decl{V: d.V, Init: c.expr(d.Init)}
}

func (c *copier) stmts(ss []Stmt) []Stmt {
	out := make([]Stmt, 0, len(ss))
	for _, s := range ss {
		out = append(out, c.stmt(s))
	}
	return out
}

func (c *copier) stmt(s Stmt) Stmt {
	switch s := s.(type) {
	case *ExprStmt:
		return &ExprStmt{X: c.expr(s.X)}
	case *If:
		return &If{C: c.expr(s.C), Then: c.block(s.Then), Else: c.block(s.Else)}
	case *For:
		return &For{Decl: c.decl(s.Decl), InitX: c.expr(s.InitX), Cond: c.expr(s.Cond), Post: c.expr(s.Post), Body: c.block(s.Body)}
	case *While:
		return &While{C: c.expr(s.C), Body: c.block(s.Body)}
	case *Do:
		return &Do{Body: c.block(s.Body), C: c.expr(s.C)}
	case *Switch:
		ns := &Switch{X: c.expr(s.X)}
		for _, k := range s.Cases {
			ns.Cases = append(ns.Cases, &Case{Vals: k.Vals, Default: k.Default, Body: c.stmts(k.Body)})
		}
		return ns
	case *Return:
		return &Return{X: c.expr(s.X)}
	case *Assume:
		return &Assume{C: c.expr(s.C)}
	case *Check:
		return &Check{X: c.expr(s.X), Op: s.Op, K: s.K, Probe: s.Probe}
	case *Nested:
		return &Nested{B: c.block(s.B)}
	case *Fill:
		return &Fill{V: s.V, Stmts: c.stmts(s.Stmts)}
	case *Break, *Continue, *ReachError, *Free:
		return s
	case *Goto:
		return &Goto{Label: s.Label}
	case *Label:
		return &Label{Name: s.Name}
	}
	panic("cgen: unknown statement")
}

// copyExpr returns a deep copy of e (calls keep their functions).
func copyExpr(e Expr) Expr { return (&copier{}).expr(e) }

func (c *copier) expr(e Expr) Expr {
	switch e := e.(type) {
	case nil:
		return nil
	case *VarRef:
		return &VarRef{V: e.V}
	case *Const:
		return &Const{T: e.T, V: e.V}
	case *Unary:
		return &Unary{Op: e.Op, X: c.expr(e.X)}
	case *Cast:
		return &Cast{T: e.T, X: c.expr(e.X)}
	case *Binary:
		return &Binary{Op: e.Op, X: c.expr(e.X), Y: c.expr(e.Y)}
	case *Cond:
		return &Cond{C: c.expr(e.C), X: c.expr(e.X), Y: c.expr(e.Y)}
	case *Assign:
		return &Assign{Op: e.Op, V: e.V, X: c.expr(e.X)}
	case *IncDec:
		return &IncDec{V: e.V, Op: e.Op, Pre: e.Pre}
	case *Call:
		nc := &Call{F: c.mapFunc(e.F), Deref: e.Deref}
		for _, a := range e.Args {
			nc.Args = append(nc.Args, c.expr(a))
		}
		if e.Alt != nil {
			nc.Alt, nc.Sel = c.mapFunc(e.Alt), c.expr(e.Sel)
		}
		return nc
	case *Nondet:
		return &Nondet{T: e.T}
	case *Comma:
		return &Comma{X: c.expr(e.X), Y: c.expr(e.Y)}
	case *Index:
		return &Index{X: c.expr(e.X), I: c.expr(e.I)}
	case *Member:
		return &Member{X: c.expr(e.X), F: e.F, Arrow: e.Arrow}
	case *Deref:
		return &Deref{P: c.expr(e.P)}
	case *AddrOf:
		return &AddrOf{L: c.expr(e.L)}
	case *PtrAdd:
		return &PtrAdd{P: c.expr(e.P), K: e.K}
	case *PtrDiff:
		return &PtrDiff{P: c.expr(e.P), Q: c.expr(e.Q)}
	case *PtrCmp:
		return &PtrCmp{Op: e.Op, P: c.expr(e.P), Q: c.expr(e.Q)}
	case *Null:
		return &Null{}
	case *Sub:
		return &Sub{X: c.expr(e.X), K: e.K, N: e.N, Lo: e.Lo, Raw: e.Raw}
	case *Store:
		return &Store{Op: e.Op, L: c.expr(e.L), X: c.expr(e.X)}
	case *StoreIncDec:
		return &StoreIncDec{L: c.expr(e.L), Op: e.Op, Pre: e.Pre}
	case *Malloc:
		return &Malloc{T: e.T, N: e.N}
	case *InitList:
		nl := &InitList{}
		for _, x := range e.Elems {
			nl.Elems = append(nl.Elems, c.expr(x))
		}
		return nl
	}
	panic("cgen: unknown expression")
}

// stmtLists calls fn on every statement list of p (block bodies and case
// bodies), outer lists first.
func stmtLists(p *Program, fn func(*[]Stmt)) {
	var block func(b *Block)
	var list func(ss *[]Stmt)
	list = func(ss *[]Stmt) {
		fn(ss)
		for _, s := range *ss {
			switch s := s.(type) {
			case *If:
				block(s.Then)
				block(s.Else)
			case *For:
				block(s.Body)
			case *While:
				block(s.Body)
			case *Do:
				block(s.Body)
			case *Switch:
				for _, c := range s.Cases {
					list(&c.Body)
				}
			case *Nested:
				block(s.B)
			}
		}
	}
	block = func(b *Block) {
		if b != nil {
			list(&b.Stmts)
		}
	}
	for _, f := range p.Funcs {
		block(f.Body)
	}
}

// exprSlots calls fn on a pointer to every expression of p, outer
// expressions first.
func exprSlots(p *Program, fn func(*Expr)) {
	var expr, lval func(e *Expr)
	expr = func(e *Expr) {
		if *e == nil {
			return
		}
		fn(e)
		switch x := (*e).(type) {
		case *Unary:
			expr(&x.X)
		case *Cast:
			expr(&x.X)
		case *Binary:
			expr(&x.X)
			expr(&x.Y)
		case *Cond:
			expr(&x.C)
			expr(&x.X)
			expr(&x.Y)
		case *Assign:
			expr(&x.X)
		case *Call:
			if x.Sel != nil {
				expr(&x.Sel)
			}
			for i := range x.Args {
				expr(&x.Args[i])
			}
		case *Comma:
			expr(&x.X)
			expr(&x.Y)
		case *Index, *Member, *Deref:
			lval(e)
		case *AddrOf:
			lval(&x.L)
		case *PtrAdd:
			expr(&x.P)
		case *PtrDiff:
			expr(&x.P)
			expr(&x.Q)
		case *PtrCmp:
			expr(&x.P)
			expr(&x.Q)
		case *Sub:
			expr(&x.X)
		case *Store:
			lval(&x.L)
			expr(&x.X)
		case *StoreIncDec:
			lval(&x.L)
		case *InitList:
			for i := range x.Elems {
				expr(&x.Elems[i])
			}
		}
	}
	// lval visits the parts of the lvalue *e (its indices, the pointers
	// it goes through), not *e itself, which must stay an lvalue.
	lval = func(e *Expr) {
		switch x := (*e).(type) {
		case *Index:
			if isPtrValued(x.X) {
				expr(&x.X)
			} else {
				lval(&x.X)
			}
			expr(&x.I)
		case *Member:
			if x.Arrow {
				expr(&x.X)
			} else {
				lval(&x.X)
			}
		case *Deref:
			expr(&x.P)
		}
	}
	var block func(b *Block)
	var stmt func(s Stmt)
	block = func(b *Block) {
		if b == nil {
			return
		}
		for _, d := range b.Decls {
			expr(&d.Init)
		}
		for _, s := range b.Stmts {
			stmt(s)
		}
	}
	stmt = func(s Stmt) {
		switch s := s.(type) {
		case *ExprStmt:
			expr(&s.X)
		case *If:
			expr(&s.C)
			block(s.Then)
			block(s.Else)
		case *For:
			if s.Decl != nil {
				expr(&s.Decl.Init)
			}
			expr(&s.InitX)
			expr(&s.Cond)
			expr(&s.Post)
			block(s.Body)
		case *While:
			expr(&s.C)
			block(s.Body)
		case *Do:
			block(s.Body)
			expr(&s.C)
		case *Switch:
			expr(&s.X)
			for _, c := range s.Cases {
				for _, t := range c.Body {
					stmt(t)
				}
			}
		case *Return:
			expr(&s.X)
		case *Assume:
			expr(&s.C)
		case *Check:
			expr(&s.X)
		case *Nested:
			block(s.B)
		case *Fill:
			for _, t := range s.Stmts {
				stmt(t)
			}
		}
	}
	for _, f := range p.Funcs {
		block(f.Body)
	}
}

// edits returns the programs one edit away from p, the most reducing
// first: deleting an uncalled function, a statement, an unused
// declaration or global, then simplifying an expression.
func edits(p *Program) []*Program {
	var out []*Program
	// Functions no one calls.
	called := map[*Func]bool{}
	for _, f := range p.Funcs {
		walkExprs(f.Body, func(e Expr) {
			walkExpr(e, func(e Expr) {
				if c, ok := e.(*Call); ok && c.F != f {
					called[c.F] = true
				}
				if c, ok := e.(*Call); ok && c.Alt != nil && c.Alt != f {
					called[c.Alt] = true
				}
			})
		})
	}
	for i, f := range p.Funcs[:len(p.Funcs)-1] {
		if !called[f] {
			q := clone(p)
			q.Funcs = append(q.Funcs[:i:i], q.Funcs[i+1:]...)
			out = append(out, q)
		}
	}
	// Halves of long statement lists, then single statements: count the
	// positions in p, then delete in a copy.
	nl := 0
	stmtLists(p, func(*[]Stmt) { nl++ })
	for l := 0; l < nl; l++ {
		for half := 0; half < 2; half++ {
			q := clone(p)
			i, changed := 0, false
			stmtLists(q, func(ss *[]Stmt) {
				if i == l && len(*ss) >= 4 {
					m := len(*ss) / 2
					if half == 0 {
						*ss = append([]Stmt(nil), (*ss)[m:]...)
					} else {
						*ss = (*ss)[:m:m]
					}
					changed = true
				}
				i++
			})
			if changed {
				out = append(out, q)
			}
		}
	}
	n := 0
	stmtLists(p, func(ss *[]Stmt) { n += len(*ss) })
	for k := 0; k < n; k++ {
		q := clone(p)
		i := 0
		stmtLists(q, func(ss *[]Stmt) {
			if k >= i && k < i+len(*ss) {
				j := k - i
				*ss = append((*ss)[:j:j], (*ss)[j+1:]...)
				i = n + 1 // done
				return
			}
			i += len(*ss)
		})
		out = append(out, q)
	}
	// Declarations and globals no expression mentions.
	used := map[*Var]bool{}
	mention := func(e Expr) {
		walkExpr(e, func(e Expr) {
			switch x := e.(type) {
			case *VarRef:
				used[x.V] = true
			case *Assign:
				used[x.V] = true
			case *IncDec:
				used[x.V] = true
			}
		})
	}
	for _, f := range p.Funcs {
		walkExprs(f.Body, mention)
	}
	for _, g := range p.Globals {
		mention(g.PInit)
	}
	for i, g := range p.Globals {
		if !used[g] && len(p.Globals) > 1 {
			q := clone(p)
			q.Globals = append(q.Globals[:i:i], q.Globals[i+1:]...)
			out = append(out, q)
		}
	}
	for fi, f := range p.Funcs {
		for di, d := range f.Body.Decls {
			if !used[d.V] {
				q := clone(p)
				b := q.Funcs[fi].Body
				b.Decls = append(b.Decls[:di:di], b.Decls[di+1:]...)
				out = append(out, q)
			}
		}
	}
	// Expressions: replace the k-th by each of its operands, or by 0.
	n = 0
	exprSlots(p, func(*Expr) { n++ })
	for k := 0; k < n; k++ {
		var target Expr
		i := 0
		exprSlots(p, func(e *Expr) {
			if i == k {
				target = *e
			}
			i++
		})
		for _, r := range simpler(target) {
			q := clone(p)
			i := 0
			exprSlots(q, func(e *Expr) {
				if i == k {
					*e = r
				}
				i++
			})
			out = append(out, q)
		}
	}
	return out
}

// simpler returns the expressions that may replace e in a reduction.
func simpler(e Expr) []Expr {
	zero := &Const{T: Int, V: new(big.Int)}
	switch e := e.(type) {
	case *Const:
		if e.V.Sign() != 0 || e.T != Int {
			return []Expr{zero}
		}
		return nil
	case *VarRef:
		if !isScalar(e.V) {
			return nil
		}
		return []Expr{zero}
	case *Unary:
		return []Expr{e.X, zero}
	case *Cast:
		return []Expr{e.X, zero}
	case *Binary:
		return []Expr{e.X, e.Y, zero}
	case *Cond:
		return []Expr{e.X, e.Y, zero}
	case *Comma:
		return []Expr{e.Y}
	case *Assign:
		return []Expr{e.X, &VarRef{V: e.V}}
	case *IncDec:
		return []Expr{&VarRef{V: e.V}}
	case *Call:
		if e.F.RetPtr != nil {
			return nil
		}
		return []Expr{zero}
	case *Nondet:
		return []Expr{zero}
	case *Index, *Member, *Deref, *PtrDiff, *PtrCmp:
		if !intValued(e) {
			return nil
		}
		return []Expr{zero}
	case *Store:
		if !intValued(e) {
			return nil
		}
		return []Expr{e.X, e.L}
	case *StoreIncDec:
		return []Expr{e.L}
	case *Sub:
		// Another index in the same range.
		if e.X != nil {
			return []Expr{&Sub{K: e.Lo, N: e.N, Lo: e.Lo}}
		}
	}
	return nil
}
