// This file implements the probe run: one concrete run of the program
// whose loop iterations and recursion depth suggest the first bound.

package bmc

import (
	"math/rand/v2"
	"slices"
	"time"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/ir/exec"
	"github.com/numpred/numpred/numeric"
)

// probeMaxSteps bounds the probe run; a run that needs more suggests no
// bound (the doubling schedule from 1 is kept).
const probeMaxSteps = 1 << 14

// probeMaxK is the largest first bound a probe may suggest: beyond it the
// doubling schedule from 1 is kept, whose small rounds find shallow errors
// before the graph grows.
const probeMaxK = 16

// probeRuns is the number of probe runs: the least inputs, then small
// random ones (each at most probeMaxSteps steps: a few milliseconds).
const probeRuns = 32

// probeBound returns the bound that a few concrete runs of prog need
// (see runBound), on the inputs and choices of least magnitude and on
// small random ones (a guard such as in0 * y != 0 skips a loop on the
// least inputs only); 0 when none ends within probeMaxSteps or one needs
// more than probeMaxK. The bound only orders the rounds: a run on other
// inputs may need more, and the rounds after the first double it as
// before.
//
// errInputs, when not nil, are the inputs of a probe run that reached an
// error (as exec.Inputs takes them), for the caller to replay.
func probeBound(prog *ir.Program) (k int, errInputs []numeric.Int) {
	m := exec.New(prog)
	rng := rand.New(rand.NewPCG(1, 2))
	need := 0
	for i := 0; i < probeRuns; i++ {
		var o exec.Oracle = leastOracle{}
		if i > 0 {
			o = &smallOracle{rng: rng}
		}
		k, ok, res := runBound(prog, m, o)
		if res.Outcome == exec.ErrorReached && res.Arbitrary == 0 && res.Overflows == 0 && errInputs == nil {
			errInputs = res.InputValues()
		}
		if !ok {
			need = 0
			break
		}
		need = max(need, k)
	}
	if errInputs == nil {
		errInputs = deepProbe(m)
	}
	return need, errInputs
}

// deepProbe makes one long run on the least inputs, without recording
// its path so that the interpreter jumps over the iterations of
// translation loops (a counter to 2^28 and an error after it); it
// returns the run's inputs when it reaches an error that a
// counterexample may use, nil otherwise or after deepProbeTime.
func deepProbe(m *exec.Machine) []numeric.Int {
	end := time.Now().Add(deepProbeTime)
	res := m.Run(leastOracle{}, exec.Options{MaxSteps: deepProbeSteps, Stop: func() bool { return time.Now().After(end) }})
	if res.Outcome == exec.ErrorReached && res.Arbitrary == 0 && res.Overflows == 0 {
		return res.InputValues()
	}
	return nil
}

// The deep probe's bounds.
const (
	deepProbeSteps = 1 << 40
	deepProbeTime  = 200 * time.Millisecond
)

// runBound returns the bound one run needs (the most back edges one
// entry of a loop takes, and the recursion depth: the unwinder cuts the
// k-th back edge and the call that opens a function's (k+1)-th
// activation), 0 when the run ends in no way that matters (an undefined
// operation); ok is false when no first bound should be taken (a run
// beyond the step limit, more than probeMaxK, irreducible loops).
func runBound(prog *ir.Program, m *exec.Machine, o exec.Oracle) (int, bool, exec.Result) {
	res := m.Run(o, exec.Options{MaxSteps: probeMaxSteps, RecordPath: true})
	switch res.Outcome {
	case exec.Returned, exec.ErrorReached, exec.Blocked, exec.Sink, exec.UnsupportedReached:
	case exec.StepLimit, exec.DepthLimit:
		return 0, false, res // long or endless runs: no first bound from these
	default:
		return 0, true, res
	}
	infos := map[*ir.Func]*loopInfo{}
	info := func(f *ir.Func) *loopInfo {
		li, ok := infos[f]
		if !ok {
			li, _ = loops(f)
			infos[f] = li
		}
		return li
	}
	// One activation per call depth: its function and the iteration
	// counts of the loops around its current location.
	type act struct {
		fn    *ir.Func
		iters map[int]int
	}
	var stack []act
	need := 1
	for _, st := range res.Path {
		for len(stack) > st.Depth+1 {
			stack = stack[:len(stack)-1] // returned from deeper activations
		}
		if st.Return {
			continue // the Call edge was counted when taken
		}
		e := st.Edge
		fn := e.From.Func
		if len(stack) == st.Depth {
			active := 0
			for _, a := range stack {
				if a.fn == fn {
					active++
				}
			}
			need = max(need, active+1)
			stack = append(stack, act{fn: fn, iters: map[int]int{}})
		}
		if len(stack) != st.Depth+1 || stack[st.Depth].fn != fn {
			return 0, false, res // not the path shape expected
		}
		li := info(fn)
		if li == nil {
			return 0, false, res
		}
		a := &stack[st.Depth]
		from, to := li.of[e.From.ID], li.of[e.To.ID]
		next := make(map[int]int, len(to))
		for _, lp := range to {
			if !slices.Contains(from, lp) {
				next[lp] = 0 // entering the loop
				continue
			}
			c := a.iters[lp]
			if li.heads[lp] == e.To {
				c++ // a back edge: the unwinder allows it while c <= k
				need = max(need, c)
			}
			next[lp] = c
		}
		a.iters = next
	}
	if need > probeMaxK {
		return 0, false, res
	}
	return need, true, res
}

// leastOracle answers every input and arbitrary value with the value of
// least magnitude in its range, and every choice with the first enabled
// edge.
type leastOracle struct{}

func (leastOracle) Input(h *ir.Havoc, _ *ir.Edge) (numeric.Int, bool) { return least(h.Range), true }

func (leastOracle) Arbitrary(h *ir.Havoc, _ *ir.Edge) numeric.Int { return least(h.Range) }

func (leastOracle) Choose(*ir.Loc, []*ir.Edge) (int, bool) { return 0, true }

// smallOracle answers inputs and arbitrary values with random values of
// magnitude at most 8 (the closest in range when none is), and choices
// at random.
type smallOracle struct{ rng *rand.Rand }

func (o *smallOracle) Input(h *ir.Havoc, _ *ir.Edge) (numeric.Int, bool) {
	return o.small(h.Range), true
}

func (o *smallOracle) Arbitrary(h *ir.Havoc, _ *ir.Edge) numeric.Int { return o.small(h.Range) }

func (o *smallOracle) Choose(_ *ir.Loc, enabled []*ir.Edge) (int, bool) {
	return o.rng.IntN(len(enabled)), true
}

func (o *smallOracle) small(r numeric.Range) numeric.Int {
	v := numeric.I(o.rng.Int64N(17) - 8)
	if !r.Contains(v) {
		return least(r)
	}
	return v
}

// least returns the value of least magnitude in r (0 when r holds it).
func least(r numeric.Range) numeric.Int {
	switch {
	case r.Lo.IsFinite() && r.Lo.Int().Sign() > 0:
		return r.Lo.Int()
	case r.Hi.IsFinite() && r.Hi.Int().Sign() < 0:
		return r.Hi.Int()
	}
	return numeric.I(0)
}
