package numpred

import (
	"errors"
	"testing"

	"github.com/numpred/numpred/interval"
	"github.com/numpred/numpred/numeric"
)

// TestInterrupt checks that an operation abandoned by the Interrupt option
// returns a sound fallback (top) and leaves ErrInterrupted as the sticky
// error, for every implementation.
func TestInterrupt(t *testing.T) {
	env := numeric.MustEnv("x", "y")
	var specs []PredSpec
	for i := 0; i < 8; i++ {
		specs = append(specs, AtomPred("", numeric.Le(numeric.Var(0), numeric.Const(int64(i)))))
	}
	sp := MustSpace(env, specs...)
	for _, k := range Kinds() {
		stop := false
		d, err := New[interval.Box](k, interval.New(), sp, Interrupt(func() bool { return stop }))
		if err != nil {
			t.Fatal(err)
		}
		// Build a value with some structure, then interrupt.
		a := d.Bottom()
		for i := 0; i < 8; i++ {
			a = d.Join(a, d.Alpha(And(Atom(numeric.Eq(numeric.Var(0), numeric.Const(int64(i)))), Atom(numeric.Eq(numeric.Var(1), numeric.Const(int64(2*i)))))))
		}
		if d.Err() != nil {
			t.Fatalf("%s: error before interrupting: %v", k, d.Err())
		}
		stop = true
		var r Value
		for i := 0; i < 200 && d.Err() == nil; i++ {
			r = d.AlphaPost(Assign(0, numeric.Var(0).AddConst(numeric.I(1))), a)
		}
		if !errors.Is(d.Err(), ErrInterrupted) {
			t.Fatalf("%s: Err = %v, want ErrInterrupted", k, d.Err())
		}
		if !d.Leq(a, r) && !d.IsTop(r) {
			// The fallback must be sound: top, or at least not an
			// under-approximation produced by a half-done operation.
			t.Errorf("%s: interrupted result %s is not top", k, d.String(r))
		}
	}
}
