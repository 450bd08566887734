// This file runs Linear Programs: nondet inputs and choices, the eureka
// families (recursion among them), and replay of random runs.

package exec_test

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/ir/exec"
	"github.com/numpred/numpred/linprog"
)

func TestLPInputsAndChoices(t *testing.T) {
	p := parseLP(t, `int x y r;
main() {
  x = ?;
  y = ?;
  if (?) { r = x - y; } else { r = y - x; }
  assert(r != 7);
}`)
	r := global(t, p, "r")
	for _, c := range []struct {
		in   []int64
		want exec.Outcome
		r    int64
	}{
		{[]int64{10, 3, 0}, exec.ErrorReached, 7},
		{[]int64{10, 3, 1}, exec.Returned, -7},
		{[]int64{1, 3, 1}, exec.Returned, 2},
		{[]int64{1, 3}, exec.InputsExhausted, 0},
	} {
		res := exec.Run(p, exec.Inputs(ints(c.in...)...), exec.Options{})
		if res.Outcome != c.want {
			t.Errorf("%v: %v, want %v", c.in, res.Outcome, c.want)
			continue
		}
		if res.Ambiguous != 0 || res.Arbitrary != 0 {
			t.Errorf("%v: %d ambiguous, %d arbitrary; a ? branch is a proper choice", c.in, res.Ambiguous, res.Arbitrary)
		}
		if c.want == exec.InputsExhausted {
			continue
		}
		if got := res.Value(r); got.String() != itoa(c.r) {
			t.Errorf("%v: r = %v, want %d", c.in, got, c.r)
		}
		var srcs []string
		for _, in := range res.Inputs {
			srcs = append(srcs, in.Source)
		}
		if fmt.Sprint(srcs) != "[nondet nondet choice]" || res.Inputs[2].Pos.Line != 5 {
			t.Errorf("%v: inputs %+v", c.in, res.Inputs)
		}
	}
}

func TestLPFamilies(t *testing.T) {
	for _, fam := range linprog.Families() {
		for _, n := range []int{0, 1, 4} {
			src, err := linprog.Generate(fam, n)
			if err != nil {
				t.Fatal(err)
			}
			p := parseLP(t, src)
			res := exec.Run(p, exec.Inputs(), exec.Options{})
			if res.Outcome != exec.Returned || res.Steps == 0 {
				t.Errorf("%s(%d): %v (%v) after %d steps; every family is safe and terminates", fam, n, res.Outcome, res.Err, res.Steps)
			}
		}
	}
}

func TestLPRecursionDepth(t *testing.T) {
	src, err := linprog.Generate("parity", 40)
	if err != nil {
		t.Fatal(err)
	}
	p := parseLP(t, src)
	if res := exec.Run(p, exec.Inputs(), exec.Options{MaxDepth: 100}); res.Outcome != exec.Returned {
		t.Errorf("parity(40) within 100 activations: %v", res.Outcome)
	}
	res := exec.Run(p, exec.Inputs(), exec.Options{MaxDepth: 20})
	if res.Outcome != exec.DepthLimit || res.Edge == nil {
		t.Errorf("parity(40) within 20 activations: %v, want depth limit", res.Outcome)
	}
	if _, ok := res.Edge.Op.(*ir.Call); !ok {
		t.Errorf("depth limit at %v, want a call edge", res.Edge)
	}
	if res := exec.Run(p, exec.Inputs(), exec.Options{MaxSteps: 30}); res.Outcome != exec.StepLimit || res.Steps != 30 {
		t.Errorf("parity(40) within 30 steps: %v after %d", res.Outcome, res.Steps)
	}
}

// TestReplay runs random Linear Programs with the Random oracle and
// replays each run's recorded inputs: the replay must take the same path
// to the same end with the same values.
func TestReplay(t *testing.T) {
	p := parseLP(t, `int x y z;
f(a) {
  int l;
  l = ?;
  if (a > 0) { if (?) { x = x + l; } f(a - 1); }
  z = z + a;
}
main() {
  x = 0; y = ?; z = 0;
  while (y > 0) {
    if (?) { y = y - 1; } else { y = y - 2; }
    f(y);
  }
  assert(x < 30);
}`)
	rng := rand.New(rand.NewPCG(1, 2))
	m := exec.New(p)
	outcomes := map[exec.Outcome]int{}
	for i := 0; i < 300; i++ {
		res := m.Run(exec.Random(rng, 12), exec.Options{RecordPath: true, MaxSteps: 5000})
		outcomes[res.Outcome]++
		if res.Arbitrary != 0 {
			t.Fatalf("run %d: %d arbitrary values; every variable is assigned before it is read", i, res.Arbitrary)
		}
		again := m.Run(exec.Inputs(res.InputValues()...), exec.Options{RecordPath: true, MaxSteps: 5000})
		if again.Outcome != res.Outcome || again.Steps != res.Steps || len(again.Path) != len(res.Path) ||
			fmt.Sprint(again.Vals) != fmt.Sprint(res.Vals) {
			t.Fatalf("run %d: %v after %d steps, replay %v after %d", i, res.Outcome, res.Steps, again.Outcome, again.Steps)
		}
		for k := range res.Path {
			if res.Path[k].Edge != again.Path[k].Edge {
				t.Fatalf("run %d: replay leaves the path at step %d", i, k)
			}
		}
	}
	if outcomes[exec.Returned] == 0 || outcomes[exec.ErrorReached] == 0 {
		t.Errorf("outcomes %v: want both returns and errors among 300 random runs", outcomes)
	}
}
