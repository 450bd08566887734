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
