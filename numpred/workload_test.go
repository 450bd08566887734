package numpred_test

import (
	"fmt"
	"testing"

	"github.com/numpred/numpred/interval"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/numpred"
)

// This file replays, without a front end, the transformer sequences the
// interpreter (interp/preddomain.go) sends to a domain on two programs of
// the paper: Fig. 2(a) and the Fig. 8(b) chain. The precision is the
// program variables plus the atoms of every branch condition; an
// assignment is a NumPred whose tau_P re-evaluates the atom predicates over
// the assigned variables; a branch is an Assume; paths meet by join, and
// the error location is checked with IsBot(Reduce(...)).

// wl drives one domain like the interpreter does.
type wl struct {
	d  numpred.Domain[numpred.Value]
	sp *numpred.Space
}

func (w wl) assume(a numpred.Value, e numpred.Expr) numpred.Value {
	return w.d.AlphaPost(numpred.Assume{Cond: e}, a)
}

// assign is x := e with p := choice(wp, !wp) for every atom predicate p
// over x, wp being p's atom with e substituted for x.
func (w wl) assign(a numpred.Value, x numeric.Dim, e numeric.LinExpr) numpred.Value {
	num := numpred.Assign(x, e)
	var pa numpred.PredAssign
	for i := 0; i < w.sp.NumPreds(); i++ {
		k, ok := w.sp.PredAtom(numpred.PredID(i))
		if !ok {
			continue
		}
		ke := k.Expr()
		out := numeric.ConstInt(ke.Constant())
		hit := false
		for _, t := range ke.Terms() {
			if t.Dim == x {
				hit = true
				out = out.Add(e.Scale(t.Coef))
			} else {
				out = out.Add(numeric.Var(t.Dim).Scale(t.Coef))
			}
		}
		if hit {
			wp := numpred.Atom(numeric.NewConstraint(out, k.Kind()))
			pa = pa.And(numpred.Choose(numpred.PredID(i), wp, numpred.Not(wp)))
		}
	}
	if len(pa.Preds) == 0 {
		return w.d.AlphaPost(num, a)
	}
	return w.d.AlphaPost(numpred.NumPred{Guard: numpred.True(), Num: num, Pred: pa}, a)
}

// inputs assumes that every dimension is a C int.
func (w wl) inputs(a numpred.Value) numpred.Value {
	var cs []numeric.Constraint
	for i := 0; i < w.sp.NumDims(); i++ {
		cs = append(cs, ge(numeric.Var(numeric.Dim(i)), c(-1<<31)), le(numeric.Var(numeric.Dim(i)), c(1<<31-1)))
	}
	return w.assume(a, numpred.Atoms(cs...))
}

// safe reports whether the error location, reached from a by assuming
// e, is unreachable.
func (w wl) safe(a numpred.Value, e numpred.Expr) bool {
	return w.d.IsBot(w.d.Reduce(w.assume(a, e)))
}

// fig2a replays Fig. 2(a) as the C front end sees it (array cells are
// opaque predicates p and q, and the write to A havocs q). It returns
// whether the final assertion x1 = x2 was proved.
func fig2a(d numpred.Domain[numpred.Value]) bool {
	X1, X2, Y1, Y2 := numeric.Var(0), numeric.Var(1), numeric.Var(2), numeric.Var(3)
	w := wl{d, d.Space()}
	p, q := numpred.P(8), numpred.P(9)
	ne := numpred.Or(numpred.Atom(le(X1.Sub(X2), c(-1))), numpred.Atom(le(X2.Sub(X1), c(-1))))
	a := w.inputs(d.Top())
	a = w.assume(a, numpred.Not(ne))
	a = w.assume(a, numpred.Not(numpred.Or(
		numpred.Atom(lt(X1, c(0))), numpred.Atom(lt(X2, c(0))), numpred.Atom(lt(Y1, c(0))), numpred.Atom(lt(Y2, c(0))),
		numpred.Atom(gt(X1.Add(X2), c(99))), numpred.Atom(gt(Y1.Add(Y2), c(99))))))
	th := w.assume(a, p)
	th = w.assign(th, 0, Y1.Sub(c(2)))
	th = w.assign(th, 1, Y2.Add(c(2)))
	el := w.assume(a, numpred.Not(p))
	el = d.Exists([]numpred.PredID{9}, el)
	a = d.Join(th, el)
	d.Leq(th, a)
	a = w.assume(a, numpred.Not(numpred.Or(numpred.Atom(lt(X1.Add(X2), c(0))), numpred.Atom(gt(X1.Add(X2), c(99))))))
	th = w.assume(a, q)
	th = w.assign(th, 0, X1.Add(X2))
	th = w.assign(th, 1, X2.Add(Y1).Sub(c(2)))
	el = w.assume(a, numpred.Not(q))
	a = d.Join(th, el)
	d.Leq(el, a)
	return w.safe(a, ne)
}

func fig2aSpace() *numpred.Space {
	X1, X2, Y1, Y2 := numeric.Var(0), numeric.Var(1), numeric.Var(2), numeric.Var(3)
	return numpred.MustSpace(numeric.MustEnv("x1", "x2", "y1", "y2"),
		numpred.AtomPred("", le(X1.Sub(X2), c(-1))), numpred.AtomPred("", le(X2.Sub(X1), c(-1))),
		numpred.AtomPred("", lt(X1, c(0))), numpred.AtomPred("", lt(X2, c(0))),
		numpred.AtomPred("", lt(Y1, c(0))), numpred.AtomPred("", lt(Y2, c(0))),
		numpred.AtomPred("", gt(X1.Add(X2), c(99))), numpred.AtomPred("", gt(Y1.Add(Y2), c(99))),
		numpred.Opaque("p"), numpred.Opaque("q"),
		numpred.AtomPred("", lt(X1.Add(X2), c(0))))
}

// fig8b replays the Fig. 8(b) chain over x_0..x_{n-1} and n (dimension
// n): n := 1; n := 0 on the first negative x_i; then, for every i, the
// error is reachable after x_i < 0 only if n != 0. It returns whether
// every error location was proved unreachable.
func fig8b(d numpred.Domain[numpred.Value], k int) bool {
	w := wl{d, d.Space()}
	nd := numeric.Dim(k)
	neg := func(i int) numpred.Expr { return numpred.Atom(lt(numeric.Var(numeric.Dim(i)), c(0))) }
	a := w.assign(w.inputs(d.Top()), nd, c(1))
	// if (x0 < 0) n = 0; else if (x1 < 0) n = 0; ...
	rest, acc := a, d.Bottom()
	for i := 0; i < k; i++ {
		acc = d.Join(acc, w.assign(w.assume(rest, neg(i)), nd, c(0)))
		rest = w.assume(rest, numpred.Not(neg(i)))
	}
	a = d.Join(acc, rest)
	// if (x0 < 0) { if (!(n == 0)) error; } else if (x1 < 0) ...
	ok := true
	rest = a
	for i := 0; i < k; i++ {
		ok = w.safe(w.assume(rest, neg(i)), numpred.Not(numpred.Atom(eq(numeric.Var(nd), c(0))))) && ok
		rest = w.assume(rest, numpred.Not(neg(i)))
	}
	return ok
}

func fig8bSpace(k int) *numpred.Space {
	names := make([]string, k+1)
	var preds []numpred.PredSpec
	for i := 0; i < k; i++ {
		names[i] = fmt.Sprintf("x%d", i)
		preds = append(preds, numpred.AtomPred("", lt(numeric.Var(numeric.Dim(i)), c(0))))
	}
	names[k] = "n"
	preds = append(preds, numpred.AtomPred("", eq(numeric.Var(numeric.Dim(k)), c(0))))
	return numpred.MustSpace(numeric.MustEnv(names...), preds...)
}

// TestWorkloads checks the verdicts of the replayed programs, which agree
// with the CLI's on the C files: no domain proves Fig. 2(a) once the
// write to A havocs q (the C text loses what Fig. 2(b) keeps), and every
// domain proves Fig. 8(b) when the error check reduces.
func TestWorkloads(t *testing.T) {
	for _, k := range numpred.Kinds() {
		t.Run(string(k), func(t *testing.T) {
			d, err := numpred.New(k, numeric.Domain[interval.Box](iv), fig2aSpace())
			if err != nil {
				t.Fatal(err)
			}
			if fig2a(d) {
				t.Error("fig2a: proved, want not proved")
			}
			for _, n := range []int{3, 6} {
				d, err := numpred.New(k, numeric.Domain[interval.Box](iv), fig8bSpace(n), numpred.Checking(true))
				if err != nil {
					t.Fatal(err)
				}
				if !fig8b(d, n) {
					t.Errorf("fig8b(%d): not proved", n)
				}
				if err := d.Err(); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkWorkload measures the replayed programs per domain.
func BenchmarkWorkload(b *testing.B) {
	for _, k := range numpred.Kinds() {
		b.Run(fmt.Sprintf("fig2a/%s", k), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				d, err := numpred.New(k, numeric.Domain[interval.Box](iv), fig2aSpace())
				if err != nil {
					b.Fatal(err)
				}
				fig2a(d)
			}
		})
		for _, n := range []int{10, 20, 40} {
			b.Run(fmt.Sprintf("fig8b-%d/%s", n, k), func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					d, err := numpred.New(k, numeric.Domain[interval.Box](iv), fig8bSpace(n))
					if err != nil {
						b.Fatal(err)
					}
					fig8b(d, n)
				}
			})
		}
	}
}
