// This file emits a lifted function: the original edges with the shadows'
// and monomials' updates added, and the links before branches.

package polylift

import (
	"fmt"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// emitter writes one lifted function into the skeleton's copy.
type emitter struct {
	sk     *skeleton
	fa     *fn
	nf     *ir.Func
	shadow map[int]*ir.Var    // lifted variable ID -> its shadow
	monVar map[string]*ir.Var // monomial key -> its dimension
	prodOf map[string]*ir.Var // monomial key -> the product its value link computes
	kOf    map[int]*ir.Var    // a variable's link multiple
	nks    int                // multiples made
}

func newEmitter(sk *skeleton, fa *fn) *emitter {
	nf := sk.funcs[fa.f]
	em := &emitter{sk: sk, fa: fa, nf: nf, shadow: map[int]*ir.Var{}, monVar: map[string]*ir.Var{}, prodOf: map[string]*ir.Var{}, kOf: map[int]*ir.Var{}}
	vars := append(append([]*ir.Var(nil), fa.f.Formals...), fa.f.Locals...)
	for _, v := range vars {
		if fa.lifted[v.ID] {
			g := nf.NewLocal("$sh."+v.Name+"."+fmt.Sprint(v.ID), ir.Unbounded, v.Pos)
			em.shadow[v.ID] = g
		}
	}
	for _, m := range sortedMons(fa.mons) {
		g := nf.NewLocal("$mono."+em.monoName(m), ir.Unbounded, fa.f.Pos)
		em.monVar[m.key()] = g
	}
	return em
}

// monoName spells m with the program's names (y*y*x).
func (em *emitter) monoName(m monomial) string {
	s := ""
	for i, a := range m {
		if i > 0 {
			s += "*"
		}
		s += em.sk.vars[a].Name
	}
	return s
}

// lin is p as a linear expression over the shadows and monomials; false
// when a monomial of p has no dimension.
func (em *emitter) lin(p poly) (numeric.LinExpr, bool) {
	e := numeric.Const(0)
	for _, t := range p.terms {
		var d int
		switch {
		case len(t.m) == 0:
			e = e.AddConst(t.k)
			continue
		case len(t.m) == 1 && t.m[0] < 0:
			d = rawVar(t.m[0])
		case len(t.m) == 1:
			d = em.shadow[t.m[0]].ID
		default:
			g, ok := em.monVar[t.m.key()]
			if !ok {
				return numeric.LinExpr{}, false
			}
			d = g.ID
		}
		e = e.Add(numeric.Var(numeric.Dim(d)).Scale(t.k))
	}
	return e, true
}

// ghostUpdate is the parallel assignment of the shadows and monomials an
// update changes, and the monomials it cannot state (havocked). actual
// gives a changed variable's new value as an expression of the state the
// assignment reads (fallback for an update without polynomial).
func (em *emitter) ghostUpdate(u update, actual func(i int) numeric.LinExpr) (lhs []*ir.Var, rhs []numeric.LinExpr, havoc []*ir.Var) {
	for i, v := range u.vars {
		e, ok := numeric.LinExpr{}, false
		if u.ok[i] {
			e, ok = em.lin(u.vals[i])
		}
		if !ok {
			e = actual(i)
		}
		lhs = append(lhs, em.shadow[v])
		rhs = append(rhs, e)
	}
	for _, m := range sortedMons(em.fa.mons) {
		touched := false
		for _, v := range u.vars {
			if m.has(v) {
				touched = true
			}
		}
		if !touched {
			continue
		}
		g := em.monVar[m.key()]
		if sub, ok := substitute(m, u); ok {
			if e, ok := em.lin(sub); ok {
				lhs = append(lhs, g)
				rhs = append(rhs, e)
				continue
			}
		}
		havoc = append(havoc, g)
	}
	return lhs, rhs, havoc
}

// chain adds the ops from -> ... -> to through fresh locations.
func (em *emitter) chain(from, to *ir.Loc, pos ir.Pos, ops ...ir.Op) {
	for i, o := range ops {
		next := to
		if i < len(ops)-1 {
			next = em.nf.NewLoc(ir.Normal, pos)
		}
		em.nf.AddEdge(from, next, o, pos)
		from = next
	}
}

func havocOps(vs []*ir.Var) []ir.Op {
	var ops []ir.Op
	for _, v := range vs {
		ops = append(ops, &ir.Havoc{Var: v, Range: numeric.FullRange})
	}
	return ops
}

// emit writes the function's edges.
func (em *emitter) emit() {
	f, nf, fa := em.fa.f, em.nf, em.fa
	// The formals' shadows start equal to the formals.
	start := nf.NewLoc(ir.Normal, f.Entry.Pos)
	var init []ir.Op
	if len(f.Formals) > 0 {
		a := &ir.Assign{}
		for _, v := range f.Formals {
			if g, ok := em.shadow[v.ID]; ok {
				a.Lhs = append(a.Lhs, g)
				a.Rhs = append(a.Rhs, ir.VarExpr(v))
			}
		}
		if len(a.Lhs) > 0 {
			init = append(init, a)
		}
	}
	if len(init) == 0 {
		init = append(init, &ir.Skip{})
	}
	em.chain(nf.Entry, start, f.Entry.Pos, init...)
	loc := func(l *ir.Loc) *ir.Loc {
		if l == f.Entry {
			return start
		}
		return nf.Locs[l.ID]
	}
	for _, e := range f.Edges {
		from, to := loc(e.From), nf.Locs[e.To.ID]
		if e.To == f.Entry {
			to = nf.Entry // never happens for C; kept exact
		}
		op := em.sk.op(e.Op)
		av := fa.avail[e.From.ID]
		if av == nil {
			nf.AddEdge(from, to, op, e.Pos)
			continue
		}
		switch o := e.Op.(type) {
		case *ir.Assign:
			u := fa.updateOf(e, av)
			rhsOf := map[int]numeric.LinExpr{}
			for i, x := range o.Lhs {
				rhsOf[x.ID] = o.Rhs[i]
			}
			lhs, rhs, hv := em.ghostUpdate(u, func(i int) numeric.LinExpr { return rhsOf[u.vars[i]] })
			a := op.(*ir.Assign)
			a.Lhs = append(append([]*ir.Var(nil), a.Lhs...), lhs...)
			a.Rhs = append(append([]numeric.LinExpr(nil), a.Rhs...), rhs...)
			em.chain(from, to, e.Pos, append([]ir.Op{a}, havocOps(hv)...)...)
		case *ir.Havoc, *ir.Call:
			u := fa.updateOf(e, av)
			if len(u.vars) == 0 {
				nf.AddEdge(from, to, op, e.Pos)
				continue
			}
			lhs, rhs, hv := em.ghostUpdate(u, func(i int) numeric.LinExpr { return ir.VarExpr(em.sk.vars[u.vars[i]]) })
			ops := []ir.Op{op, &ir.Assign{Lhs: lhs, Rhs: rhs}}
			em.chain(from, to, e.Pos, append(ops, havocOps(hv)...)...)
		case *ir.Assume:
			if o.Wrap {
				nf.AddEdge(from, to, op, e.Pos)
				continue
			}
			ops := em.links(o.Cond, av)
			ops = append(ops, em.valueLinks()...)
			pre, alts := em.zeroLinks(o.Cond, av)
			ops = append(ops, pre...)
			if len(ops) > 0 {
				mid := nf.NewLoc(ir.Normal, e.Pos)
				em.chain(from, mid, e.Pos, ops...)
				from = mid
			}
			for _, alt := range alts {
				mid := nf.NewLoc(ir.Normal, e.Pos)
				for _, c := range alt {
					nf.AddEdge(from, mid, &ir.Assume{Cond: c, Wrap: true}, e.Pos)
				}
				from = mid
			}
			nf.AddEdge(from, to, op, e.Pos)
		default:
			nf.AddEdge(from, to, op, e.Pos)
		}
	}
}

// links are the assumptions, true on every run, that tie the variables
// of c to their shadows: for a lifted variable x of c whose shadow
// polynomial P is exact (modulus 0), x = P; when it is exact modulo m, a
// multiple of 2^bits of x's type, lo <= x <= hi (x's type's range, which
// the front end keeps) and x = P - m*k with k fresh, so that an equation
// P = c over the monomials fixes x.
func (em *emitter) links(c ir.Cond, av availMap) []ir.Op {
	seen := map[int]bool{}
	var ops []ir.Op
	link := func(x *ir.Var, e numeric.LinExpr, p poly, m numeric.Int, extra ...numeric.Constraint) {
		pe, ok := em.lin(p)
		if !ok {
			return
		}
		cs := extra
		if m.IsZero() {
			cs = append(cs, numeric.Eq(e, pe))
		} else {
			k := em.multipleOf(x)
			ops = append(ops, &ir.Havoc{Var: k, Range: numeric.FullRange})
			cs = append(cs, numeric.Eq(e, pe.Sub(ir.VarExpr(k).Scale(m))))
		}
		var conds []ir.Cond
		for _, c := range cs {
			conds = append(conds, ir.NewAtom(c))
		}
		ops = append(ops, &ir.Assume{Cond: &ir.And{Xs: conds}, Wrap: true})
	}
	for _, a := range ir.Atoms(c) {
		e := a.Expr()
		for i := 0; i < e.NumTerms(); i++ {
			d := int(e.Term(i).Dim)
			if seen[d] || !em.fa.lifted[d] {
				continue
			}
			seen[d] = true
			p, ok := av[d]
			if !ok {
				p = atomPoly(d)
			}
			v := em.sk.vars[d]
			x := ir.VarExpr(v)
			m := em.fa.modOf(d)
			switch {
			case m.IsZero():
				link(v, x, p, m)
			case v.Type.IsBounded() && m.Divisible(width(v.Type)):
				link(v, x, p, m, numeric.Le(numeric.ConstInt(v.Type.Min()), x), numeric.Le(x, numeric.ConstInt(v.Type.Max())))
			}
		}
	}
	return ops
}

// valueLinks tie each accumulated counter's square m = m'*a (a its last
// atom; see accumulated) to the product of m' and a: a Havoc of a ghost with that product as its
// Def (mathematical integers), and m equal to it. A monomial equals that
// product on every run the lifting stands for (see the package doc), so
// the links are true; they give an analysis that reads Defs (interp's
// product transformer) m's value or range from those of its factors: m =
// 10000*y when y = 10000, which no linear relation between y and y*y
// states. The program's own products need none: their monomials are
// their values (a product's havoc, which interp reads the same way).
// Links for every monomial cost egcd2 of nla-digbench 70% more time.
func (em *emitter) valueLinks() []ir.Op {
	var ops []ir.Op
	for _, m := range em.fa.squares {
		x, ok := em.lin(poly{terms: []term{{m: m[:len(m)-1], k: numeric.I(1)}}})
		if !ok {
			continue
		}
		y, ok := em.lin(atomPoly(m[len(m)-1]))
		if !ok {
			continue
		}
		t, ok := em.prodOf[m.key()]
		if !ok {
			t = em.nf.NewLocal("$mono.prod."+em.monoName(m), ir.Unbounded, em.fa.f.Pos)
			em.prodOf[m.key()] = t
		}
		ops = append(ops,
			&ir.Havoc{Var: t, Range: numeric.FullRange, Def: &ir.Def{Op: ir.DefMul, X: x, Y: y, Type: ir.Unbounded}},
			&ir.Assume{Cond: ir.NewAtom(numeric.Eq(ir.VarExpr(em.monVar[m.key()]), ir.VarExpr(t))), Wrap: true})
	}
	return ops
}

// zeroLinks are, for each atom e <= 0 or e = 0 of c whose polynomial
// P_e is exact modulo m_e and whose range [lo, hi] (by its variables'
// types) lies strictly between -m_e and m_e, the link e = P_e - m_e*k
// (k fresh) and the branches [e = 0], [1 <= e <= hi] and [lo <= e <= -1]
// (a case split of e's range, so always sound). The link makes e a
// multiple of m_e when P_e is one, and an affine domain that knows the
// integer lattice of its points then finds the last two empty: 0 is the
// only multiple of m_e in range.
func (em *emitter) zeroLinks(c ir.Cond, av availMap) (pre []ir.Op, alts [][]ir.Cond) {
	for _, a := range ir.Atoms(c) {
		e := a.Expr()
		if e.NumTerms() == 0 {
			continue
		}
		e = e.AddConst(e.Constant().Neg())
		p, m := em.fa.shadowOf(e, av, numeric.I(0))
		m = m.Abs()
		if m.IsZero() || m.Cmp(numeric.I(1)) == 0 {
			continue
		}
		lo, hi, ok := em.sk.prog.TypeRange(e)
		if !ok || lo.Cmp(m.Neg()) <= 0 || hi.Cmp(m) >= 0 {
			continue
		}
		pe, ok := em.lin(p)
		if !ok {
			continue
		}
		k := em.multiple()
		pre = append(pre, &ir.Havoc{Var: k, Range: numeric.FullRange},
			&ir.Assume{Cond: ir.NewAtom(numeric.Eq(e, pe.Sub(ir.VarExpr(k).Scale(m)))), Wrap: true})
		alt := []ir.Cond{ir.NewAtom(numeric.Eq(e, numeric.Const(0)))}
		if hi.Sign() > 0 {
			alt = append(alt, &ir.And{Xs: []ir.Cond{
				ir.NewAtom(numeric.Ge(e, numeric.Const(1))), ir.NewAtom(numeric.Le(e, numeric.ConstInt(hi)))}})
		}
		if lo.Sign() < 0 {
			alt = append(alt, &ir.And{Xs: []ir.Cond{
				ir.NewAtom(numeric.Le(e, numeric.Const(-1))), ir.NewAtom(numeric.Ge(e, numeric.ConstInt(lo)))}})
		}
		alts = append(alts, alt)
	}
	return pre, alts
}

// multiple is a fresh multiple for a link of its own (kept until the
// link runs again, so that the lattice it makes stays known).
func (em *emitter) multiple() *ir.Var {
	em.nks++
	return em.nf.NewLocal(fmt.Sprintf("$sh.k%d", em.nks), ir.Unbounded, em.fa.f.Pos)
}

// multipleOf is the multiple of x's links, one per variable: a link of x
// replaces the one before.
func (em *emitter) multipleOf(x *ir.Var) *ir.Var {
	if k, ok := em.kOf[x.ID]; ok {
		return k
	}
	k := em.multiple()
	em.kOf[x.ID] = k
	return k
}
