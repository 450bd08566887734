package lincong

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/numpred/numpred/numeric"
)

// The conformance suite builds its values mostly from inequalities,
// which leave a lattice at Z^n. checkPoints draws lattices from points,
// joins, equalities, assignments and forgets, and compares every
// operation with the points of the box [-boxR, boxR]^3: Meet, Assume and
// the description by Constraints and Congruences exactly, Join, Assign,
// Forget, Bound, Leq and the dimension operations for soundness.
const boxR = 7

func box() [][]numeric.Int {
	var out [][]numeric.Int
	for x := -boxR; x <= boxR; x++ {
		for y := -boxR; y <= boxR; y++ {
			for z := -boxR; z <= boxR; z++ {
				out = append(out, []numeric.Int{numeric.I(int64(x)), numeric.I(int64(y)), numeric.I(int64(z))})
			}
		}
	}
	return out
}

type gen struct {
	rng *rand.Rand
	d   numeric.Domain[Value]
}

func (g gen) small() numeric.Int { return numeric.I(int64(g.rng.Intn(7) - 3)) }

func (g gen) expr() numeric.LinExpr {
	var ts []numeric.Term
	for j := 0; j < 3; j++ {
		ts = append(ts, numeric.Term{Dim: numeric.Dim(j), Coef: g.small()})
	}
	return numeric.NewLinExpr(g.small(), ts...)
}

func (g gen) point() Value {
	return Point([]numeric.Int{g.small(), g.small(), g.small()})
}

func (g gen) value() Value {
	a := g.point()
	if g.rng.Intn(6) == 0 {
		a = g.d.Top(3)
	}
	for k := g.rng.Intn(5); k > 0; k-- {
		switch g.rng.Intn(4) {
		case 0:
			a = g.d.Join(a, g.point())
		case 1:
			a = g.d.Assume(g.d.Join(a, g.point()), numeric.NewConstraint(g.expr(), numeric.EQ))
		case 2:
			x := numeric.Dim(g.rng.Intn(3))
			a = g.d.Assign(a, []numeric.Dim{x}, []numeric.LinExpr{g.expr()})
		default:
			a = g.d.Forget(a, numeric.Dim(g.rng.Intn(3)))
		}
	}
	return a
}

func checkPoints(d numeric.Domain[Value], cases int) error {
	mem := d.(numeric.Membership[Value])
	in := func(a Value, p []numeric.Int) bool { return mem.Contains(a, p) }
	g := gen{rand.New(rand.NewSource(7)), d}
	pts := box()
	sound := func(what string, a, res Value, f func(p []numeric.Int) [][]numeric.Int) error {
		if err := d.(numeric.Checker[Value]).SanityCheck(res); err != nil {
			return fmt.Errorf("%s: %v", what, err)
		}
		for _, p := range pts {
			if !in(a, p) {
				continue
			}
			for _, q := range f(p) {
				if !in(res, q) {
					return fmt.Errorf("%s of %s is unsound: %v -> %v not in %s", what, a, p, q, res)
				}
			}
		}
		return nil
	}
	one := func(q []numeric.Int) [][]numeric.Int { return [][]numeric.Int{q} }
	for i := 0; i < cases; i++ {
		a, b := g.value(), g.value()
		meet := d.Meet(a, b)
		eq := numeric.NewConstraint(g.expr(), numeric.EQ)
		as := d.Assume(a, eq)
		desc := append(d.Constraints(a), numeric.True)
		congs := numeric.CongruencesOf(d, a)
		for _, p := range pts {
			if got, want := in(meet, p), in(a, p) && in(b, p); got != want {
				return fmt.Errorf("case %d: Meet(%s, %s) = %s: %v in it %v, want %v", i, a, b, meet, p, got, want)
			}
			if got, want := in(as, p), in(a, p) && eq.Sat(p); got != want {
				return fmt.Errorf("case %d: Assume(%s, %s) = %s: %v in it %v, want %v", i, a, eq.String(nil), as, p, got, want)
			}
			holds := true
			for _, c := range desc {
				holds = holds && c.Sat(p)
			}
			for _, c := range congs {
				holds = holds && c.Holds(p)
			}
			if holds != in(a, p) {
				return fmt.Errorf("case %d: %s described as %s: %v satisfies it %v, is in it %v", i, a, d.String(a, nil), p, holds, in(a, p))
			}
		}
		join := d.Join(a, b)
		if err := sound("Join", a, join, one); err != nil {
			return err
		}
		if err := sound("Join", b, join, one); err != nil {
			return err
		}
		if !d.Leq(a, join) || !d.Leq(b, join) || !d.Equal(join, d.Join(b, a)) {
			return fmt.Errorf("case %d: Join(%s, %s) = %s is no upper bound or not symmetric", i, a, b, join)
		}
		if d.Leq(a, b) {
			if err := sound("Leq", a, b, one); err != nil {
				return err
			}
		}
		x := numeric.Dim(g.rng.Intn(3))
		e := g.expr()
		asg := d.Assign(a, []numeric.Dim{x}, []numeric.LinExpr{e})
		if err := sound("Assign", a, asg, func(p []numeric.Int) [][]numeric.Int {
			q := append([]numeric.Int(nil), p...)
			q[x] = e.Eval(p)
			return [][]numeric.Int{q}
		}); err != nil {
			return err
		}
		// A translation x := x + c is exact: y is in the result iff
		// y with y_x - c is in a.
		c := g.small()
		tr := d.Assign(a, []numeric.Dim{x}, []numeric.LinExpr{numeric.Var(x).AddConst(c)})
		if err := d.(numeric.Checker[Value]).SanityCheck(tr); err != nil {
			return fmt.Errorf("case %d: Assign(%s, x%d := x%d + %s): %v", i, a, x, x, c, err)
		}
		for _, p := range pts {
			q := append([]numeric.Int(nil), p...)
			q[x] = q[x].Sub(c)
			if in(tr, p) != in(a, q) {
				return fmt.Errorf("case %d: Assign(%s, x%d := x%d + %s) = %s: %v in it %v, %v in a %v", i, a, x, x, c, tr, p, in(tr, p), q, in(a, q))
			}
		}
		fg := d.Forget(a, x)
		if err := sound("Forget", a, fg, func(p []numeric.Int) [][]numeric.Int {
			var out [][]numeric.Int
			for v := -boxR; v <= boxR; v++ {
				q := append([]numeric.Int(nil), p...)
				q[x] = numeric.I(int64(v))
				out = append(out, q)
			}
			return out
		}); err != nil {
			return err
		}
		rg := d.Bound(a, e)
		for _, p := range pts {
			if in(a, p) && !rg.Contains(e.Eval(p)) {
				return fmt.Errorf("case %d: Bound(%s, %s) = %s misses %v", i, a, e.String(nil), rg, p)
			}
		}
		perm := []numeric.Dim{2, 0, 1}
		pm := d.PermuteDims(a, perm)
		if err := sound("PermuteDims", a, pm, func(p []numeric.Int) [][]numeric.Int {
			q := make([]numeric.Int, 3)
			for j := range p {
				q[perm[j]] = p[j]
			}
			return [][]numeric.Int{q}
		}); err != nil {
			return err
		}
		rm := d.AddDims(d.RemoveDims(a, x), 1)
		if err := sound("RemoveDims", a, rm, func(p []numeric.Int) [][]numeric.Int {
			q := make([]numeric.Int, 0, 3)
			for j := range p {
				if numeric.Dim(j) != x {
					q = append(q, p[j])
				}
			}
			return [][]numeric.Int{append(q, numeric.I(0))}
		}); err != nil {
			return err
		}
	}
	return nil
}

func TestOperationsAgainstPoints(t *testing.T) {
	if err := checkPoints(Domain{}, 300); err != nil {
		t.Fatal(err)
	}
}

// Each mutant is the domain with one deliberately wrong operation; the
// point check must catch each.
type (
	// joinNoOffset joins the lattices without the points' difference.
	joinNoOffset struct{ Domain }
	// assignNoConstant drops the constant of the assigned expression.
	assignNoConstant struct{ Domain }
	// meetFirstOnly returns its first argument (a weak update).
	meetFirstOnly struct{ Domain }
	// translateUnreduced moves the point of a translation without
	// reducing it by the rows (a non-canonical value).
	translateUnreduced struct{ Domain }
	// solveRounds solves e = 0 with the quotient rounded down even when
	// the gcd does not divide the right-hand side.
	solveRounds struct{ Domain }
)

func (joinNoOffset) Join(a, b Value) Value {
	if a.bot || b.bot {
		return Domain{}.Join(a, b)
	}
	free := make([]bool, a.n)
	for i := range free {
		free[i] = a.free[i] || b.free[i]
	}
	return mk(a.n, a.p, append(append([]vec(nil), a.rows...), b.rows...), free)
}

func (assignNoConstant) Assign(a Value, dims []numeric.Dim, es []numeric.LinExpr) Value {
	out := make([]numeric.LinExpr, len(es))
	for i, e := range es {
		out[i] = numeric.NewLinExpr(numeric.I(0), e.Terms()...)
	}
	return Domain{}.Assign(a, dims, out)
}

func (meetFirstOnly) Meet(a, b Value) Value { return a }

func (translateUnreduced) Assign(a Value, dims []numeric.Dim, es []numeric.LinExpr) Value {
	if a.bot || !translation(dims, es) {
		return Domain{}.Assign(a, dims, es)
	}
	p := a.p.clone()
	for i, x := range dims {
		p[x] = p[x].Add(es[i].Constant())
	}
	return Value{n: a.n, p: p, rows: a.rows, free: a.free, eqs: new(eqCache)}
}

func (solveRounds) Assume(a Value, cs ...numeric.Constraint) Value {
	for _, c := range cs {
		if c.Kind() == numeric.EQ && !a.bot {
			// Scale the equation so that its gcd over a's rows never
			// divides an odd right-hand side, then solve the scaled one
			// with the constant rounded to a multiple: a wrong solver.
			e := c.Expr()
			k := e.Constant()
			if !k.Divisible(numeric.I(2)) {
				e = numeric.NewLinExpr(k.Sub(numeric.I(1)), e.Terms()...)
			}
			a = solve(a, e, zero)
			continue
		}
		a = Domain{}.Assume(a, c)
	}
	return a
}

func TestPointCheckCatchesBrokenDomains(t *testing.T) {
	for _, tc := range []struct {
		name string
		d    numeric.Domain[Value]
		want string
	}{
		{"join without the offset", joinNoOffset{}, "Join"},
		{"assign without the constant", assignNoConstant{}, "Assign"},
		{"meet as a weak update", meetFirstOnly{}, "Meet"},
		{"translation without reducing the point", translateUnreduced{}, "Assign"},
		{"assume with a rounded constant", solveRounds{}, "Assume"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := checkPoints(tc.d, 300)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("the point check did not catch it: %v", err)
			}
		})
	}
}
