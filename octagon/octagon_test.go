package octagon_test

import (
	"testing"

	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/numeric/numerictest"
	"github.com/numpred/numpred/octagon"
)

func TestConformance(t *testing.T) {
	numerictest.Run(t, octagon.New(), numerictest.Config{})
}

func TestConformanceFourDims(t *testing.T) {
	numerictest.Run(t, octagon.New(), numerictest.Config{Dims: 4, Cases: 500, Range: 4})
}

// parse builds the octagon of a constraint system over the names of env.
func parse(t *testing.T, env *numeric.Env, src string) *octagon.Octagon {
	t.Helper()
	cs, err := numeric.ParseConstraints(src, env)
	if err != nil {
		t.Fatal(err)
	}
	o := octagon.FromConstraints(env.Len(), cs...)
	check(t, o)
	return o
}

func check(t *testing.T, o *octagon.Octagon) {
	t.Helper()
	if err := octagon.New().SanityCheck(o); err != nil {
		t.Fatalf("SanityCheck: %v\nvalue = %s", err, o)
	}
}

// TestConcurrentClosureCache uses one unclosed value from many goroutines
// at once (run with -race): the lazily cached closure must be safe.
func TestConcurrentClosureCache(t *testing.T) {
	d := octagon.New()
	env := numeric.MustEnv("x", "y", "z")
	a := parse(t, env, "x - y <= 1")
	b := parse(t, env, "y - z <= 2, z <= 0")
	m := d.Meet(a, b) // unclosed
	want := parse(t, env, "x - y <= 1, y - z <= 2, z <= 0")
	done := make(chan bool)
	for g := 0; g < 8; g++ {
		go func() {
			done <- d.Equal(m, want) && d.Leq(m, a) && !d.IsBottom(m)
		}()
	}
	for g := 0; g < 8; g++ {
		if !<-done {
			t.Error("concurrent queries on an unclosed value disagree")
		}
	}
	check(t, m)
}

// TestConstraintsRoundTrip: Assume(Top, Constraints(o)) is o again, on
// 131 dimensions, from concurrent goroutines (run with -race).
func TestConstraintsRoundTrip(t *testing.T) {
	d := octagon.New()
	const n = 131
	var cs []numeric.Constraint
	for k := 0; k+1 < n; k += 3 {
		x, y := numeric.Var(numeric.Dim(k)), numeric.Var(numeric.Dim(n-1-k))
		cs = append(cs, numeric.Le(x.Sub(y), numeric.Const(int64(k%7))),
			numeric.Le(x.Add(y), numeric.Const(int64(k%5))),
			numeric.Ge(x.Add(y), numeric.Const(-int64(k%11))),
			numeric.Le(x, numeric.Const(int64(k))))
	}
	o := d.Assume(d.Top(n), cs...)
	if d.IsBottom(o) {
		t.Fatal("bottom")
	}
	done := make(chan bool)
	for g := 0; g < 4; g++ {
		go func() {
			got := d.Constraints(o)
			done <- len(got) > 0 && d.Equal(d.Assume(d.Top(n), got...), o)
		}()
	}
	for g := 0; g < 4; g++ {
		if !<-done {
			t.Error("Constraints does not round-trip")
		}
	}
	// A constraint between the two last dimensions.
	a, b := numeric.Var(129), numeric.Var(130)
	o2 := d.Assume(d.Top(n), numeric.Eq(a.Sub(b), numeric.Const(3)))
	want := "x129 - x130 = 3"
	if got := d.String(o2, nil); got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
}
