package ir

import (
	"math/rand/v2"
	"testing"

	"github.com/numpred/numpred/numeric"
)

// TestCondEqual checks that CondEqual agrees with the comparison of
// printed text it replaces (in engines that compared a branch with the
// negation of the other), on random conditions and their negations.
func TestCondEqual(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var gen func(depth int) Cond
	gen = func(depth int) Cond {
		switch n := rng.IntN(6); {
		case depth > 2 || n < 2:
			e := numeric.Var(numeric.Dim(rng.IntN(2))).AddConst(numeric.I(int64(rng.IntN(3))))
			return &Atom{numeric.NewConstraint(e, []numeric.Kind{numeric.LE, numeric.EQ}[rng.IntN(2)])}
		case n < 3:
			return &Not{gen(depth + 1)}
		case n < 4:
			return &And{[]Cond{gen(depth + 1), gen(depth + 1)}}
		case n < 5:
			return &Or{[]Cond{gen(depth + 1), gen(depth + 1)}}
		}
		return &Nondet{}
	}
	var cs []Cond
	for i := 0; i < 300; i++ {
		c := gen(0)
		cs = append(cs, c, Negate(c))
	}
	same := 0
	for _, a := range cs {
		for _, b := range cs {
			text := CondString(a, nil) == CondString(b, nil)
			if CondEqual(a, b) != text {
				t.Fatalf("%s vs %s: CondEqual %v, same text %v", CondString(a, nil), CondString(b, nil), CondEqual(a, b), text)
			}
			if text {
				same++
			}
		}
	}
	if same == len(cs) {
		t.Error("no two distinct conditions were equal: the test compares nothing")
	}
}
