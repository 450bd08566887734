package octagon_test

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/numpred/numpred/interval"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/octagon"
)

// pair is one abstract state in both domains, built by the same
// operations.
type pair struct {
	o *octagon.Octagon
	b interval.Box
}

type diffGen struct {
	rng     *rand.Rand
	n       int
	boxOnly bool // only operations both domains do exactly
	od      octagon.Domain
	id      interval.Domain
	trace   []string // the operations of the current case, innermost first
}

func (g *diffGen) log(p pair, op string) pair {
	g.trace = append(g.trace, fmt.Sprintf("%s\n    -> oct %s\n    -> itv %s", op, g.od.String(p.o, nil), g.id.String(p.b, nil)))
	return p
}

func (g *diffGen) constant(r int64) numeric.Int { return numeric.I(g.rng.Int63n(2*r+1) - r) }

func (g *diffGen) varExpr() numeric.LinExpr {
	e := numeric.Var(numeric.Dim(g.rng.Intn(g.n)))
	if g.rng.Intn(2) == 0 {
		e = e.Neg()
	}
	return e
}

// linExpr returns a random right-hand side for dimension x: c or ±x + c
// in box-only mode (no relation between variables ever arises), any
// linear expression with coefficients in [-3, 3] otherwise.
func (g *diffGen) linExpr(x numeric.Dim) numeric.LinExpr {
	if g.boxOnly {
		if g.rng.Intn(4) == 0 {
			return numeric.ConstInt(g.constant(8))
		}
		e := numeric.Var(x)
		if g.rng.Intn(2) == 0 {
			e = e.Neg()
		}
		return e.AddConst(g.constant(4))
	}
	var ts []numeric.Term
	for d := 0; d < g.n; d++ {
		if g.rng.Intn(2) == 0 {
			ts = append(ts, numeric.Term{Dim: numeric.Dim(d), Coef: g.constant(3)})
		}
	}
	return numeric.NewLinExpr(g.constant(8), ts...)
}

func (g *diffGen) constraint() numeric.Constraint {
	var e numeric.LinExpr
	if g.boxOnly {
		e = g.varExpr()
	} else {
		e = g.linExpr(0)
	}
	k := numeric.LE
	if g.rng.Intn(6) == 0 {
		k = numeric.EQ
	}
	return numeric.NewConstraint(e.AddConst(g.constant(8)), k)
}

func (g *diffGen) gen(depth int) pair {
	od, id, n := g.od, g.id, g.n
	r := g.rng.Intn(100)
	if depth == 0 {
		r = g.rng.Intn(50)
	}
	switch {
	case r < 5:
		return pair{od.Top(n), id.Top(n)}
	case r < 50:
		cs := make([]numeric.Constraint, 1+g.rng.Intn(4))
		for i := range cs {
			cs[i] = g.constraint()
		}
		return g.log(pair{od.Assume(od.Top(n), cs...), id.Assume(id.Top(n), cs...)}, "Assume(Top, "+numeric.ConjString(cs, nil)+")")
	case r < 65 && !g.boxOnly: // the octagonal hull of two boxes may be relational
		a, b := g.gen(depth-1), g.gen(depth-1)
		return g.log(pair{od.Join(a.o, b.o), id.Join(a.b, b.b)}, "Join")
	case r < 75:
		a, b := g.gen(depth-1), g.gen(depth-1)
		return g.log(pair{od.Meet(a.o, b.o), id.Meet(a.b, b.b)}, "Meet")
	case r < 85:
		a := g.gen(depth - 1)
		k := 1 + g.rng.Intn(n)
		perm := g.rng.Perm(n)
		dims := make([]numeric.Dim, k)
		exprs := make([]numeric.LinExpr, k)
		for i := range dims {
			dims[i] = numeric.Dim(perm[i])
			exprs[i] = g.linExpr(dims[i])
		}
		return g.log(pair{od.Assign(a.o, dims, exprs), id.Assign(a.b, dims, exprs)}, fmt.Sprintf("Assign(%v, %v)", dims, exprs))
	case r < 90:
		a := g.gen(depth - 1)
		x := numeric.Dim(g.rng.Intn(n))
		return g.log(pair{od.Forget(a.o, x), id.Forget(a.b, x)}, fmt.Sprintf("Forget(x%d)", x))
	default:
		a := g.gen(depth - 1)
		c := g.constraint()
		return g.log(pair{od.Assume(a.o, c), id.Assume(a.b, c)}, "Assume("+c.String(nil)+")")
	}
}

// within reports whether r is contained in s.
func within(r, s numeric.Range) bool {
	if r.IsEmpty() {
		return true
	}
	return !s.IsEmpty() && s.Lo.Cmp(r.Lo) <= 0 && r.Hi.Cmp(s.Hi) <= 0
}

func sameRange(r, s numeric.Range) bool {
	if r.IsEmpty() || s.IsEmpty() {
		return r.IsEmpty() == s.IsEmpty()
	}
	return r.Lo.Cmp(s.Lo) == 0 && r.Hi.Cmp(s.Hi) == 0
}

// TestDifferentialInterval compares octagons with the interval domain on
// random values built by the same operations: projected to boxes, the
// octagon is never less precise, and it is equal on box-only programs
// (unary constraints, x := ±x + c, x := c, meet, forget), where both are
// exact and no relation between variables arises (a join of boxes can
// be relational: the octagonal hull of two boxes is not a box).
func TestDifferentialInterval(t *testing.T) {
	for _, boxOnly := range []bool{true, false} {
		g := &diffGen{rng: rand.New(rand.NewSource(7)), boxOnly: boxOnly}
		stricter := 0
		for c := 0; c < 3000; c++ {
			g.n = 1 + g.rng.Intn(4)
			g.trace = g.trace[:0]
			p := g.gen(3)
			check(t, p.o)
			if g.od.IsBottom(p.o) && !g.id.IsBottom(p.b) {
				stricter++
				continue
			}
			for d := 0; d < g.n; d++ {
				e := numeric.Var(numeric.Dim(d))
				ro, ri := g.od.Bound(p.o, e), g.id.Bound(p.b, e)
				if !within(ro, ri) {
					t.Fatalf("boxOnly=%v case %d: x%d: octagon %s is not within interval %s\noctagon = %s\ninterval = %s",
						boxOnly, c, d, ro, ri, g.od.String(p.o, nil), g.id.String(p.b, nil))
				}
				if boxOnly && !sameRange(ro, ri) {
					t.Fatalf("boxOnly case %d: x%d: octagon %s, interval %s (both exact)\noctagon = %s\ninterval = %s\noperations:\n%s",
						c, d, ro, ri, g.od.String(p.o, nil), g.id.String(p.b, nil), strings.Join(g.trace, "\n"))
				}
				if !sameRange(ro, ri) {
					stricter++
				}
			}
		}
		if boxOnly && stricter != 0 {
			t.Errorf("box-only programs: %d differences", stricter)
		}
		if !boxOnly && stricter == 0 {
			t.Errorf("general programs: the octagon was never more precise; the test is not exercising relations")
		}
		t.Logf("boxOnly=%v: octagon strictly more precise on %d projections", boxOnly, stricter)
	}
}
