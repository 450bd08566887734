// This file implements Run, the conformance suite.

package numpredtest

import (
	"math/rand"
	"testing"

	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/numpred"
)

// Config sizes a run of the suite.
type Config struct {
	// B bounds the universe box [-B, B]^n (default 3).
	B int64
	// Values is the number of random values drawn (default 30).
	Values int
	// Seed seeds the generators (default 1).
	Seed int64
}

func (c Config) withDefaults() Config {
	if c.B == 0 {
		c.B = 3
	}
	if c.Values == 0 {
		c.Values = 30
	}
	if c.Seed == 0 {
		c.Seed = 1
	}
	return c
}

// Set is the subset of a universe's states in gamma of a value.
type Set []bool

// Gamma returns the states of u in gamma(a).
func Gamma[A any](d numpred.Domain[A], u *Universe, a A) Set {
	e := d.Gamma(a)
	s := make(Set, len(u.States))
	for i, st := range u.States {
		s[i] = e.Eval(st)
	}
	return s
}

// Subset reports whether s ⊆ t.
func (s Set) Subset(t Set) bool {
	for i := range s {
		if s[i] && !t[i] {
			return false
		}
	}
	return true
}

// Empty reports whether s has no state.
func (s Set) Empty() bool {
	for _, b := range s {
		if b {
			return false
		}
	}
	return true
}

// Count returns the number of states in s.
func (s Set) Count() int {
	k := 0
	for _, b := range s {
		if b {
			k++
		}
	}
	return k
}

// Run checks d against the conformance requirements on random inputs.
func Run[A any](t *testing.T, d numpred.Domain[A], cfg Config) {
	t.Helper()
	cfg = cfg.withDefaults()
	sp := d.Space()
	u := NewUniverse(sp, cfg.B)
	g := &Gen{Space: sp, R: rand.New(rand.NewSource(cfg.Seed))}
	all := make(Set, len(u.States))
	for i := range all {
		all[i] = true
	}
	exprSet := func(e numpred.Expr) Set {
		s := make(Set, len(u.States))
		for i, st := range u.States {
			s[i] = e.Eval(st)
		}
		return s
	}
	fail := func(format string, args ...any) {
		t.Helper()
		t.Fatalf("%s: "+format, append([]any{d.Name()}, args...)...)
	}

	// Top and bottom.
	if !d.IsTop(d.Top()) || !d.IsBot(d.Bottom()) {
		fail("Top/Bottom not recognised")
	}
	if !all.Subset(Gamma(d, u, d.Top())) || !Gamma(d, u, d.Bottom()).Empty() {
		fail("gamma(Top) must be every state, gamma(Bottom) none")
	}

	// Random values, each with its concretisation.
	type val struct {
		a A
		s Set
	}
	var vals []val
	for i := 0; i < cfg.Values; i++ {
		e := g.Expr(2)
		es := exprSet(e)
		a := d.Alpha(e)
		s := Gamma(d, u, a)
		if !es.Subset(s) {
			fail("alpha(%s) = %s misses a state of e", e.String(sp), d.String(a))
		}
		vals = append(vals, val{a, s})
		// alpha_P and alpha_N abstract projections of e, which e implies:
		// both over-approximate e.
		for _, ap := range []A{d.AlphaP(e), d.AlphaN(e)} {
			if !es.Subset(Gamma(d, u, ap)) {
				fail("alpha_P/alpha_N(%s) = %s misses a state of e", e.String(sp), d.String(ap))
			}
		}
		if d.IsBot(vals[len(vals)-1].a) && !es.Empty() {
			fail("IsBot(alpha(%s)) but e has states", e.String(sp))
		}
	}
	// Values reached by transformers.
	for i := 0; i < cfg.Values; i++ {
		a := vals[g.R.Intn(len(vals))]
		tau := g.Transformer(2)
		if err := sp.Check(tau); err != nil {
			t.Fatalf("generated an invalid transformer %s: %v", tau.String(sp), err)
		}
		r := d.AlphaPost(tau, a.a)
		rs := Gamma(d, u, r)
		for j, st := range u.States {
			if !a.s[j] {
				continue
			}
			for _, s2 := range u.Post(tau, st) {
				if !inBox(s2, cfg.B) {
					if !d.Gamma(r).Eval(s2) {
						fail("alphaPost(%s)(%s) = %s misses successor %v of %v", tau.String(sp), d.String(a.a), d.String(r), s2, st)
					}
					continue
				}
				if !rs[index(u, s2)] {
					fail("alphaPost(%s)(%s) = %s misses successor %v of %v", tau.String(sp), d.String(a.a), d.String(r), s2, st)
				}
			}
		}
		vals = append(vals, val{r, rs})
	}

	for i := 0; i < cfg.Values; i++ {
		a := vals[g.R.Intn(len(vals))]
		b := vals[g.R.Intn(len(vals))]
		meet, join, widen := d.Meet(a.a, b.a), d.Join(a.a, b.a), d.Widen(a.a, b.a)
		ms, js, ws := Gamma(d, u, meet), Gamma(d, u, join), Gamma(d, u, widen)
		for j := range u.States {
			if a.s[j] && b.s[j] && !ms[j] {
				fail("meet(%s, %s) = %s misses %v", d.String(a.a), d.String(b.a), d.String(meet), u.States[j])
			}
			if (a.s[j] || b.s[j]) && !js[j] {
				fail("join(%s, %s) = %s misses %v", d.String(a.a), d.String(b.a), d.String(join), u.States[j])
			}
			if (a.s[j] || b.s[j]) && !ws[j] {
				fail("widen(%s, %s) = %s misses %v", d.String(a.a), d.String(b.a), d.String(widen), u.States[j])
			}
		}
		// Lattice laws.
		if !d.Leq(a.a, a.a) || !d.Leq(d.Bottom(), a.a) || !d.Leq(a.a, d.Top()) {
			fail("leq must be reflexive with bottom below and top above %s", d.String(a.a))
		}
		if !d.Leq(a.a, join) || !d.Leq(b.a, join) {
			fail("join(%s, %s) = %s is not an upper bound by leq", d.String(a.a), d.String(b.a), d.String(join))
		}
		if !d.Leq(a.a, widen) || !d.Leq(b.a, widen) {
			fail("widen(%s, %s) = %s is not an upper bound by leq", d.String(a.a), d.String(b.a), d.String(widen))
		}
		if !d.Leq(meet, a.a) || !d.Leq(meet, b.a) {
			fail("meet(%s, %s) = %s is not a lower bound by leq", d.String(a.a), d.String(b.a), d.String(meet))
		}
		if !d.Equal(d.Join(a.a, d.Bottom()), a.a) || !d.Equal(d.Meet(a.a, d.Top()), a.a) {
			fail("bottom and top must be units of join and meet on %s", d.String(a.a))
		}
		// leq is sound.
		if d.Leq(a.a, b.a) && !a.s.Subset(b.s) {
			fail("leq(%s, %s) but gamma is not included", d.String(a.a), d.String(b.a))
		}
		if d.IsBot(a.a) && !a.s.Empty() {
			fail("IsBot(%s) with states", d.String(a.a))
		}
		// reduce keeps exactly the consistent states.
		red := d.Reduce(a.a)
		rs := Gamma(d, u, red)
		if !a.s.Subset(rs) || !rs.Subset(a.s) {
			fail("reduce(%s) = %s changes the concrete states", d.String(a.a), d.String(red))
		}
		if d.IsBot(red) != a.s.Empty() && d.IsBot(red) {
			fail("reduce(%s) is bottom but has states", d.String(a.a))
		}
		// IsEmpty decides as reduce does.
		if d.IsEmpty(a.a) != d.IsBot(red) {
			fail("IsEmpty(%s) = %v but reduce gives %s", d.String(a.a), d.IsEmpty(a.a), d.String(red))
		}
		// exists over an opaque predicate.
		if p, ok := g.opaque(); ok {
			ex := d.Exists([]numpred.PredID{p}, a.a)
			es := Gamma(d, u, ex)
			for j, st := range u.States {
				if !a.s[j] {
					continue
				}
				fl := cloneState(st)
				fl.Preds[p] = !fl.Preds[p]
				if !es[j] || !es[index(u, fl)] {
					fail("exists(%s, %s) = %s misses %v or its flip", sp.PredName(p), d.String(a.a), d.String(ex), st)
				}
			}
		}
	}
	checkWidening(t, d, g)
	if err := d.Err(); err != nil {
		fail("Err: %v", err)
	}
}

// checkWidening iterates x_{i+1} = widen(x_i, x_i ⊔ F(x_i)) on a loop
// body that grows without bound and requires stabilisation.
func checkWidening[A any](t *testing.T, d numpred.Domain[A], g *Gen) {
	t.Helper()
	sp := d.Space()
	x := numeric.Dim(0)
	var body numpred.Transformer = numpred.Assign(x, numeric.Var(x).Add(numeric.Const(1)))
	if p, ok := g.opaque(); ok {
		body = numpred.Choice{
			numpred.NumPred{Guard: numpred.P(p), Num: numpred.Assign(x, numeric.Var(x).Add(numeric.Const(2))), Pred: numpred.SetPred(p, numpred.False())},
			numpred.NumPred{Guard: numpred.Not(numpred.P(p)), Num: numpred.Assign(x, numeric.Var(x).Add(numeric.Const(1))), Pred: numpred.SetPred(p, numpred.True())},
		}
	}
	if sp.NumDims() > 1 {
		y := numeric.Dim(1)
		body = numpred.Seq{body, numpred.Assign(y, numeric.Var(y).Sub(numeric.Var(x)))}
	}
	cur := d.Alpha(numpred.Atom(numeric.Eq(numeric.Var(x), numeric.Const(0))))
	for i := 0; i < 60; i++ {
		next := d.Join(cur, d.AlphaPost(body, cur))
		if d.Leq(next, cur) {
			return
		}
		cur = d.Widen(cur, next)
	}
	t.Fatalf("%s: widening did not stabilise in 60 steps: %s", d.Name(), d.String(cur))
}

func inBox(s numpred.State, b int64) bool {
	for _, v := range s.Point {
		if v.Cmp(numeric.I(b)) > 0 || v.Cmp(numeric.I(-b)) < 0 {
			return false
		}
	}
	return true
}

// index returns the position of s in u.States (s must be in the box and
// consistent).
func index(u *Universe, s numpred.State) int {
	n := len(s.Point)
	width := 2*u.B + 1
	pi := int64(0)
	for i := 0; i < n; i++ {
		v, _ := s.Point[i].Int64()
		pi = pi*width + (v + u.B)
	}
	// States are grouped per point, then by the opaque predicate mask.
	sp := u.Space
	mask, j := 0, 0
	for i := 0; i < sp.NumPreds(); i++ {
		if _, ok := sp.PredAtom(numpred.PredID(i)); !ok {
			if s.Preds[i] {
				mask |= 1 << j
			}
			j++
		}
	}
	return int(pi)*(1<<j) + mask
}
