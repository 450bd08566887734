// This file implements the IR side of the differential test: a program
// translated by cfront and run by the concrete interpreter ir/exec on the
// same inputs as the gcc harness.

package cgen

import (
	"fmt"
	"math/big"

	"github.com/numpred/numpred/cfront"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/ir/exec"
	"github.com/numpred/numpred/numeric"
)

// Internal is the outcome of an IR run that ended on an inconsistency of
// the translation (exec.Internal): always a front-end bug.
const Internal Outcome = 'I'

// Translate parses p's stand-alone source with cfront under p's data
// model.
func Translate(p *Program) (*ir.Program, error) {
	dm := cfront.LP64
	if p.Model == ILP32 {
		dm = cfront.ILP32
	}
	return cfront.ParseWith("gen.c", []byte(p.Source()), cfront.Options{DataModel: dm, KeepGlobalCells: true})
}

// vecOracle answers input havocs from a vector as the harness's cg_next
// does (0 once it is exhausted, then converted to the return type of the
// nondet function), arbitrary values with 0 and choices with the first
// edge; the run's Arbitrary and Ambiguous counts tell whether those
// mattered.
type vecOracle struct {
	vals  []int64
	next  int
	model Model
}

func (o *vecOracle) Input(h *ir.Havoc, _ *ir.Edge) (numeric.Int, bool) {
	if h.Heap != nil {
		// The harness's malloc zero-fills (and the generated programs
		// fill a block before reading it).
		return numeric.I(0), true
	}
	v := int64(0)
	if o.next < len(o.vals) {
		v = o.vals[o.next]
		o.next++
	}
	k, ok := nondetKinds[h.Input]
	if !ok {
		// Not one of ours: convert to the havoc's range as best we can.
		return ir.Wrap(numeric.I(v), h.Var.Type), true
	}
	return numeric.IntFromBig(k.Wrap(big.NewInt(v), o.model)), true
}

// nondetKinds maps the name of each nondet function to its type.
var nondetKinds = func() map[string]Kind {
	m := map[string]Kind{}
	for _, k := range allKinds {
		m[nondetName(k)] = k
	}
	return m
}()

func (o *vecOracle) Arbitrary(h *ir.Havoc, _ *ir.Edge) numeric.Int {
	if h.Range.Contains(numeric.I(0)) {
		return numeric.I(0)
	}
	lo, _ := h.Range.Lo.Int64()
	return numeric.I(lo)
}

func (o *vecOracle) Choose(*ir.Loc, []*ir.Edge) (int, bool) { return 0, true }

// irMaxSteps bounds an IR run: generated programs take far fewer steps
// (their loops, calls and recursion are bounded and the generator
// estimates their cost), so a run that reaches it where gcc's ended is a
// mismatch.
const irMaxSteps = 1 << 24

// runIR runs the translated program q of p on inputs vec. inexact is
// set when the run depended on a value or choice the IR leaves open, so
// that it says nothing about C.
func runIR(m *exec.Machine, p *Program, q *ir.Program, vec []int64) (o Observed, inexact bool, err error) {
	res := m.Run(&vecOracle{vals: vec, model: p.Model}, exec.Options{MaxSteps: irMaxSteps})
	switch res.Outcome {
	case exec.Returned:
		o.Outcome = Returned
	case exec.ErrorReached:
		o.Outcome = ErrorReached
	case exec.Blocked, exec.Sink:
		o.Outcome = Blocked
	case exec.Undefined:
		o.Outcome = Undefined
	case exec.StepLimit, exec.DepthLimit:
		o.Outcome = Timeout
	default:
		o.Outcome = Internal
		if res.Err != nil {
			err = fmt.Errorf("%v at %v: %v", res.Outcome, res.Loc, res.Err)
		} else {
			err = fmt.Errorf("%v at %v", res.Outcome, res.Loc)
		}
	}
	if o.Outcome == Returned || o.Outcome == ErrorReached {
		byName := map[string]*ir.Var{}
		for _, v := range q.Globals {
			byName[v.Name] = v
		}
		// A cell of a global array or struct is the IR global named by its
		// access path (g[1], s.in.x, t[2].f, m[1][0]).
		for _, c := range p.Cells() {
			v := byName[c.Path]
			if v == nil {
				return o, false, fmt.Errorf("global %s missing from the IR (cfront does not model this cell)", c.Path)
			}
			o.Globals = append(o.Globals, res.Value(v).String())
		}
	}
	if res.Overflows > 0 && err == nil {
		// A signed arithmetic overflow on the run (the IR marks no
		// conversion): undefined behaviour that gcc's sanitizer can miss,
		// as where gcc computes a result that is truncated at once in the
		// narrow type (g = -(2147483647 - g) for a signed char g: no trap).
		o.Outcome = Undefined
	}
	return o, res.Arbitrary > 0 || res.Ambiguous > 0, err
}
