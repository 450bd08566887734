// This file implements the differential test proper: a batch of programs
// is built and run by the gcc harness while cfront translates each and
// ir/exec runs it on the same inputs; the observations must be equal.

package cgen

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/ir/exec"
)

// Mismatch is a program whose translation disagrees with gcc: cfront
// rejects it or reports it Unsupported, the IR run ends on an internal
// error, or the two runs on Input observe different things.
type Mismatch struct {
	Program *Program
	Input   []int64
	GCC, IR Observed
	Why     string
	// Name says where the program came from (seed and index).
	Name string
}

// String formats m as a reproduction: the program, the inputs and both
// observations.
func (m *Mismatch) String() string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "MISMATCH %s (%s, data model %s): %s\n", m.Name, m.Why, m.Program.Model, describe(m))
	sb.WriteString(m.Program.Source())
	fmt.Fprintf(&sb, "inputs (in order, 0 when exhausted): %v\n", m.Input)
	return sb.String()
}

func describe(m *Mismatch) string {
	if m.Input == nil {
		return ""
	}
	var names []string
	for _, c := range m.Program.Cells() {
		names = append(names, c.Path)
	}
	return fmt.Sprintf("globals %v: gcc %s, IR %s", names, m.GCC, m.IR)
}

// String formats o as its outcome and globals.
func (o Observed) String() string {
	s := fmt.Sprintf("%c%v", o.Outcome, o.Globals)
	if o.Probe != "" {
		s += " probe " + o.Probe
	}
	return s
}

// Stats counts what differential runs did.
type Stats struct {
	Programs int
	Runs     int // (program, input) pairs run
	// Compared counts the runs compared exactly, by gcc outcome.
	Returned, ErrorReached int
	Undefined              int // skipped: the sanitizer trapped
	Timeouts               int // skipped: the gcc run ran out of time
	Inexact                int // skipped: the IR run read a value it leaves open
	Mismatches             int
}

// Compared returns the number of runs compared.
func (s Stats) Compared() int { return s.Returned + s.ErrorReached }

// Add adds t's counts to s.
func (s *Stats) Add(t Stats) {
	s.Programs += t.Programs
	s.Runs += t.Runs
	s.Returned += t.Returned
	s.ErrorReached += t.ErrorReached
	s.Undefined += t.Undefined
	s.Timeouts += t.Timeouts
	s.Inexact += t.Inexact
	s.Mismatches += t.Mismatches
}

func (s Stats) String() string {
	return fmt.Sprintf("%d programs, %d runs: %d compared (%d returned, %d reached reach_error), skipped %d undefined, %d timeouts, %d inexact; %d mismatches",
		s.Programs, s.Runs, s.Compared(), s.Returned, s.ErrorReached, s.Undefined, s.Timeouts, s.Inexact, s.Mismatches)
}

// RandomInputs returns n input vectors of length l: mostly small values,
// some at the ends of the integer types (where conversions wrap), some
// anywhere in 64 bits.
func RandomInputs(rng *rand.Rand, n, l int) [][]int64 {
	ends := []int64{-1 << 31, 1<<31 - 1, 1<<32 - 1, 1 << 31, 255, 256, -128, 127, 128, 65535, -32768,
		32767, -1 << 63, 1<<63 - 1, -1, 1 << 32}
	vecs := make([][]int64, n)
	for i := range vecs {
		vec := make([]int64, l)
		for j := range vec {
			switch r := rng.IntN(100); {
			case r < 75:
				vec[j] = int64(rng.IntN(21) - 10)
			case r < 90:
				vec[j] = ends[rng.IntN(len(ends))]
			default:
				vec[j] = int64(rng.Uint64())
			}
		}
		vecs[i] = vec
	}
	return vecs
}

// translated is a program's translation and its machine.
type translated struct {
	q   *ir.Program
	m   *exec.Machine
	why string // why it cannot be run: a parse error, an Unsupported construct
}

func translate(p *Program) translated {
	q, err := Translate(p)
	if err != nil {
		return translated{why: "cfront rejects the program: " + err.Error()}
	}
	if u := q.Unsupported(); len(u) > 0 {
		return translated{why: fmt.Sprintf("cfront reports Unsupported: %v", u[0])}
	}
	if err := ir.SanityCheck(q); err != nil {
		return translated{why: "the IR fails its sanity check: " + err.Error()}
	}
	return translated{q: q, m: exec.New(q)}
}

// Diff builds and runs the programs with gcc and through cfront and
// ir/exec on their input vectors, and returns the counts and the
// mismatches (at most one per program).
func (h *Harness) Diff(ctx context.Context, progs []*Program, inputs [][][]int64) (Stats, []*Mismatch, error) {
	type gccResult struct {
		obs  [][]Observed
		errs []error
	}
	done := make(chan gccResult, 1)
	go func() {
		obs, errs := h.runEach(ctx, progs, inputs)
		done <- gccResult{obs, errs}
	}()
	trs := make([]translated, len(progs))
	for i, p := range progs {
		trs[i] = translate(p)
	}
	g := <-done
	if err := ctx.Err(); err != nil {
		return Stats{}, nil, err
	}
	var st Stats
	var ms []*Mismatch
	for i, p := range progs {
		st.Programs++
		if err := g.errs[i]; err != nil {
			if !strings.Contains(err.Error(), "gcc failed") {
				return st, ms, err // the harness itself failed
			}
			st.Mismatches++
			ms = append(ms, &Mismatch{Program: p, Why: "gcc rejects the program (a generator bug): " + err.Error()})
			continue
		}
		m := compare(p, trs[i], inputs[i], g.obs[i], &st)
		if m != nil {
			st.Mismatches++
			ms = append(ms, m)
		}
	}
	return st, ms, nil
}

// compare compares program p's gcc runs with its IR runs, adding to st,
// and returns the first mismatch.
func compare(p *Program, tr translated, vecs [][]int64, obs []Observed, st *Stats) *Mismatch {
	if tr.q == nil {
		st.Runs += len(vecs)
		return &Mismatch{Program: p, Why: tr.why}
	}
	var first *Mismatch
	for j, vec := range vecs {
		st.Runs++
		gcc := obs[j]
		switch gcc.Outcome {
		case Undefined, Crashed:
			st.Undefined++
			continue
		case Timeout:
			st.Timeouts++
			continue
		}
		irObs, inexact, err := runIR(tr.m, p, tr.q, vec)
		switch {
		case err != nil && first == nil:
			first = &Mismatch{Program: p, Input: vec, GCC: gcc, IR: irObs, Why: "IR run: " + err.Error()}
			continue
		case err != nil:
			continue
		case irObs.Outcome == Timeout && first == nil:
			// gcc ended the run well within its time limit: the IR should
			// end it within irMaxSteps.
			first = &Mismatch{Program: p, Input: vec, GCC: gcc, IR: irObs, Why: "the IR run does not end (step limit) where gcc's does"}
			continue
		case irObs.Outcome == Timeout:
			continue
		case inexact && first == nil:
			// The generated programs never read an undetermined value:
			// an IR run that did is a translation that lost a value.
			st.Inexact++
			first = &Mismatch{Program: p, Input: vec, GCC: gcc, IR: irObs, Why: "the IR run read a value the translation left undetermined"}
			continue
		case inexact:
			st.Inexact++
			continue
		case irObs.Outcome == Undefined:
			st.Undefined++ // undefined behaviour the sanitizer missed (see runIR)
			continue
		}
		switch gcc.Outcome {
		case Returned:
			st.Returned++
		case ErrorReached:
			st.ErrorReached++
		}
		if !sameObs(gcc, irObs) && first == nil {
			first = &Mismatch{Program: p, Input: vec, GCC: gcc, IR: irObs, Why: "different observations"}
		}
	}
	return first
}

func sameObs(a, b Observed) bool {
	if a.Outcome != b.Outcome || len(a.Globals) != len(b.Globals) || a.Probe != b.Probe {
		return false
	}
	for i := range a.Globals {
		if a.Globals[i] != b.Globals[i] {
			return false
		}
	}
	return true
}
