// This file defines Oracle, which supplies what a program leaves open,
// and its two implementations: Inputs (a fixed sequence) and Random.

package exec

import (
	"math"
	"math/rand/v2"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// Oracle supplies the values and choices a program leaves open. Run
// checks every answer: a value outside the havoc's Range or a choice out
// of range ends the run Internal.
type Oracle interface {
	// Input returns the value of an input havoc (h.Input != ""), asked in
	// execution order; ok is false when the inputs are exhausted.
	Input(h *ir.Havoc, at *ir.Edge) (v numeric.Int, ok bool)
	// Arbitrary returns a value in h.Range for a havoc with neither Input
	// nor Def (an unmodelled value, an indeterminate local). For the first
	// read of an uninitialised variable, h is a Havoc of the variable over
	// its type's range that is not in the program, and at is the edge
	// whose execution or condition reads it.
	Arbitrary(h *ir.Havoc, at *ir.Edge) numeric.Int
	// Choose returns the index in enabled of the edge to take out of at;
	// enabled holds the two or more enabled out-edges in the order of
	// at.Out and is valid only during the call. ok is false when the
	// choices are exhausted.
	Choose(at *ir.Loc, enabled []*ir.Edge) (i int, ok bool)
}

// Inputs returns an Oracle that answers input havocs and choices with
// vals, in order (a choice takes the next value as the index of an
// enabled edge, as Result.Inputs records it), and Arbitrary with the
// value of least magnitude in the havoc's range.
func Inputs(vals ...numeric.Int) Oracle { return &sequence{vals: vals} }

type sequence struct {
	vals []numeric.Int
	next int
}

func (s *sequence) Input(*ir.Havoc, *ir.Edge) (numeric.Int, bool) {
	if s.next >= len(s.vals) {
		return numeric.Int{}, false
	}
	s.next++
	return s.vals[s.next-1], true
}

func (s *sequence) Arbitrary(h *ir.Havoc, _ *ir.Edge) numeric.Int { return leastMagnitude(h.Range) }

func (s *sequence) Choose(*ir.Loc, []*ir.Edge) (int, bool) {
	if s.next >= len(s.vals) {
		return 0, false
	}
	s.next++
	v, ok := s.vals[s.next-1].Int64()
	if !ok || v < 0 || v > math.MaxInt32 {
		return -1, true // out of range: Run reports it
	}
	return int(v), true
}

// leastMagnitude returns the value of r closest to 0.
func leastMagnitude(r numeric.Range) numeric.Int { return ir.LeastMagnitude(r) }

// Random returns an Oracle that draws from rng: every value (input or
// arbitrary) is, with probability 1/8, an end of the havoc's range (its
// type's minimum or maximum where the range is the type's: wrap-around
// lives there), and otherwise uniform in the range's part within
// [-span, span] (or, for a range beyond it, within 2*span of the range's
// end nearer 0); choices are uniform. It never runs out of inputs.
func Random(rng *rand.Rand, span int64) Oracle {
	span = min(max(span, 0), 1<<60)
	return &random{rng: rng, span: span}
}

type random struct {
	rng  *rand.Rand
	span int64
}

func (o *random) Input(h *ir.Havoc, _ *ir.Edge) (numeric.Int, bool) { return o.value(h), true }

func (o *random) Arbitrary(h *ir.Havoc, _ *ir.Edge) numeric.Int { return o.value(h) }

func (o *random) Choose(_ *ir.Loc, enabled []*ir.Edge) (int, bool) {
	return o.rng.IntN(len(enabled)), true
}

func (o *random) value(h *ir.Havoc) numeric.Int {
	lo, loFinite := h.Range.Lo.Int64()
	hi, hiFinite := h.Range.Hi.Int64()
	if o.rng.IntN(8) == 0 {
		if v, ok := o.extreme(h, lo, loFinite, hi, hiFinite); ok {
			return v
		}
	}
	a, b := -o.span, o.span
	if loFinite {
		a = max(a, lo)
	}
	if hiFinite {
		b = min(b, hi)
	}
	if a > b { // the range lies beyond [-span, span]
		if loFinite && lo > o.span {
			a, b = lo, lo+2*o.span
			if hiFinite {
				b = min(b, hi)
			}
		} else {
			a, b = hi-2*o.span, hi
			if loFinite {
				a = max(a, lo)
			}
		}
	}
	if a > b { // an empty range: Run rejects any value
		return numeric.I(a)
	}
	return numeric.I(a + o.rng.Int64N(b-a+1))
}

// extreme returns one end of h's range, chosen at random, preferring the
// type's exact bound where the range's is infinite (64-bit types).
func (o *random) extreme(h *ir.Havoc, lo int64, loFinite bool, hi int64, hiFinite bool) (numeric.Int, bool) {
	var ends [2]numeric.Int
	n := 0
	t := h.Var.Type
	switch {
	case loFinite:
		ends[n] = numeric.I(lo)
		n++
	case t.IsBounded() && h.Range.Contains(t.Min()):
		ends[n] = t.Min()
		n++
	}
	switch {
	case hiFinite:
		ends[n] = numeric.I(hi)
		n++
	case t.IsBounded() && h.Range.Contains(t.Max()):
		ends[n] = t.Max()
		n++
	}
	if n == 0 {
		return numeric.Int{}, false
	}
	return ends[o.rng.IntN(n)], true
}
