// This file is the lifting's entry point.

package polylift

import "github.com/numpred/numpred/ir"

// Options bound the lifting.
type Options struct {
	// Degree is the largest degree of a monomial dimension; 0 chooses one
	// more than the largest degree of the program's own products, at most
	// MaxDegree.
	Degree int
	// MaxMonomials bounds the monomial dimensions of one function; a
	// function that needs more is not lifted (0: DefaultMaxMonomials).
	MaxMonomials int
}

// MaxDegree bounds the automatic degree.
const MaxDegree = 6

// DefaultMaxMonomials is the default of Options.MaxMonomials.
const DefaultMaxMonomials = 128

// Lifted is a lifted program and what the lifting added.
type Lifted struct {
	Program   *ir.Program
	Funcs     int // functions lifted
	Monomials int // monomial dimensions added
	Degree    int // the largest monomial degree
}

// Lift returns p with shadows and monomial dimensions in every function
// that multiplies two non-constant values or accumulates a counter (see
// accumulated), and false when there is no such function (the lifting
// would add nothing). p is not modified.
func Lift(p *ir.Program, opt Options) (*Lifted, bool) {
	maxMons := opt.MaxMonomials
	if maxMons <= 0 {
		maxMons = DefaultMaxMonomials
	}
	var fas []*fn
	out := &Lifted{}
	for _, f := range p.Funcs {
		if !hasProduct(f) && accumulated(f) == nil {
			continue
		}
		fa := analyse(f, opt.Degree, maxMons)
		if fa == nil {
			continue
		}
		fas = append(fas, fa)
		out.Funcs++
		out.Monomials += len(fa.mons)
		if fa.degree > out.Degree {
			out.Degree = fa.degree
		}
	}
	if len(fas) == 0 {
		return nil, false
	}
	sk := copySkeleton(p)
	done := map[*ir.Func]bool{}
	for _, fa := range fas {
		newEmitter(sk, fa).emit()
		done[fa.f] = true
	}
	for _, f := range p.Funcs {
		if done[f] {
			continue
		}
		nf := sk.funcs[f]
		for _, e := range f.Edges {
			nf.AddEdge(nf.Locs[e.From.ID], nf.Locs[e.To.ID], sk.op(e.Op), e.Pos)
		}
	}
	out.Program = sk.prog
	return out, true
}

// Applies reports whether Lift would lift a function of p: whether p
// multiplies two non-constant values or accumulates a counter anywhere
// (cheap: one pass over the edges).
func Applies(p *ir.Program) bool {
	for _, f := range p.Funcs {
		if hasProduct(f) || accumulated(f) != nil {
			return true
		}
	}
	return false
}

func hasProduct(f *ir.Func) bool {
	for _, e := range f.Edges {
		if h, ok := e.Op.(*ir.Havoc); ok && h.Def != nil && h.Def.Op == ir.DefMul {
			return true
		}
	}
	return false
}

// analyse prepares f's lifting at the given degree (0: automatic), or
// returns nil when f has no product the lifting can state or needs more
// than maxMons monomials.
func analyse(f *ir.Func, degree, maxMons int) *fn {
	fa := &fn{f: f, lifted: map[int]bool{}, maxMons: maxMons, degree: degree}
	for _, v := range f.Formals {
		fa.lifted[v.ID] = true
	}
	for _, v := range f.Locals {
		fa.lifted[v.ID] = true
	}
	if degree <= 0 {
		fa.degree = MaxDegree
	}
	if !fa.computeAvail() {
		return nil
	}
	if degree <= 0 {
		d := 0
		for _, e := range f.Edges {
			h, ok := e.Op.(*ir.Havoc)
			av := fa.avail[e.From.ID]
			if !ok || av == nil {
				continue
			}
			if p, _, ok := fa.product(h, av); ok && p.degree() > d {
				d = p.degree()
			}
		}
		if d < 2 && accumulated(f) != nil {
			d = 2 // the counters' squares
		}
		if d < 2 {
			return nil
		}
		// One above the products': a product's monomial times a variable
		// the loop changes (x*q*k when q := p - q*k) is then kept.
		fa.degree = min(d+1, MaxDegree)
		if !fa.computeAvail() {
			return nil
		}
	}
	if !fa.computeMonomials() {
		return nil
	}
	fa.computeMods()
	return fa
}
