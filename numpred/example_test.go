package numpred_test

import (
	"fmt"

	"github.com/numpred/numpred/interval"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/numpred"
)

// Example runs one loop iteration of "while (x < 10) { x++; p := !p }"
// from x = 0 && p in NDD over intervals.
func Example() {
	env := numeric.MustEnv("x")
	sp := numpred.MustSpace(env, numpred.Opaque("p"))
	d, err := numpred.NewNDD(numeric.Domain[interval.Box](interval.New()), sp)
	if err != nil {
		panic(err)
	}
	x := numeric.Var(0)
	p := numpred.PredID(0)
	init := d.Alpha(numpred.And(numpred.P(p), numpred.Atom(numeric.Eq(x, numeric.Const(0)))))
	body := numpred.NumPred{
		Guard: numpred.Atom(numeric.Lt(x, numeric.Const(10))),
		Num:   numpred.Assign(0, x.Add(numeric.Const(1))),
		Pred:  numpred.SetPred(p, numpred.Not(numpred.P(p))),
	}
	next := d.AlphaPost(body, init)
	fmt.Println(d.String(next))
	fmt.Println(d.String(d.Join(init, next)))
	// Output:
	// (!p && x >= 1 && x <= 1)
	// (p && x <= 0 && x >= 0) || (!p && x >= 1 && x <= 1)
}
