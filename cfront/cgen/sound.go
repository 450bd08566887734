// This file implements the soundness oracle's tasks: generated programs
// with a few inputs in small ranges, run by gcc on every combination of
// inputs to find the extreme values of an observed expression, then
// given a property that bounds it at that extreme (TRUE) or one short of
// it (FALSE by one), so that an imprecise analysis cannot hide a bug.

package cgen

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"

	"github.com/numpred/numpred/ir"
)

// Task is a soundness task: a program whose property is decided by
// running it on every input.
type Task struct {
	Name    string
	Program *Program
	// IR is the program translated by cfront.
	IR *ir.Program
	// True is the expected verdict: no input reaches reach_error.
	True bool
	// Runs is the number of input combinations; Reached, on how many the
	// property is checked (the others return early).
	Runs, Reached int
}

// TaskOptions configure Tasks. Zero fields take the defaults.
type TaskOptions struct {
	Seed uint64
	// Start and N select tasks Start .. Start+N-1 of the seed.
	Start, N int
	// Models alternate between tasks (default LP64 and ILP32).
	Models []Model
	// FuncPtrs generates tasks with up to three functions and calls
	// through function pointers (Config.FuncPtrs).
	FuncPtrs bool
	// Memory generates tasks with arrays, structs, pointers and malloc'd
	// blocks (Config.Memory; LP64 tasks only).
	Memory bool
}

// TaskStats counts what Tasks did.
type TaskStats struct {
	Generated int // programs generated
	Undefined int // discarded: some input has undefined behaviour (or ran out of time)
	Unreached int // tasks whose property no input reaches (TRUE)
	True      int // tasks expected TRUE (Unreached included)
	False     int // tasks expected FALSE
	// Runs counts the (task, input) runs compared between gcc and the IR.
	Runs int
}

func (s TaskStats) String() string {
	return fmt.Sprintf("%d generated, %d discarded (undefined behaviour or timeout), %d tasks: %d TRUE (%d never reach the property), %d FALSE; %d runs compared with the IR",
		s.Generated, s.Undefined, s.True+s.False, s.True, s.Unreached, s.False, s.Runs)
}

// TaskConfig returns the generator's bounds for task i: smaller programs
// than the differential test's, mostly over linear arithmetic.
func TaskConfig(m Model, rng *rand.Rand) Config {
	return Config{Model: m, Funcs: 1, Globals: 3, Stmts: 3, Depth: 2, ExprDepth: 2, Task: true,
		Linear: rng.IntN(10) < 7}
}

// taskProgram returns the program of task i of seed.
func taskProgram(seed uint64, i int, models []Model, fptrs, memory bool) *Program {
	rng := rand.New(rand.NewPCG(seed, uint64(i)))
	cfg := TaskConfig(models[i%len(models)], rng)
	if fptrs {
		cfg.Funcs, cfg.FuncPtrs = 3, true
	}
	cfg.Memory = memory
	return Generate(rng, cfg)
}

// allInputs returns every combination of the inputs of a task's main:
// each input of signed type in [-InputRange, InputRange], of unsigned
// type in [0, 2*InputRange], in the order main reads them.
func allInputs(p *Program) [][]int64 {
	vecs := [][]int64{nil}
	for _, d := range p.Main().Body.Decls {
		nd, ok := d.Init.(*Nondet)
		if !ok {
			continue
		}
		lo, hi := int64(-InputRange), int64(InputRange)
		if !nd.T.Signed() {
			lo, hi = 0, 2*InputRange
		}
		var next [][]int64
		for _, v := range vecs {
			for x := lo; x <= hi; x++ {
				next = append(next, append(append([]int64(nil), v...), x))
			}
		}
		vecs = next
	}
	return vecs
}

// check returns the property statement of a task program.
func check(p *Program) *Check {
	var c *Check
	var walk func(ss []Stmt)
	walk = func(ss []Stmt) {
		for _, s := range ss {
			switch s := s.(type) {
			case *Check:
				c = s
			case *Nested:
				walk(s.B.Stmts)
			}
		}
	}
	walk(p.Main().Body.Stmts)
	return c
}

// Tasks generates the tasks o selects, in batches of one gcc build for
// the probes and one for the properties. A task whose IR runs disagree
// with gcc on some input is returned as a Mismatch instead.
func (h *Harness) Tasks(ctx context.Context, o TaskOptions) ([]*Task, TaskStats, []*Mismatch, error) {
	if len(o.Models) == 0 {
		o.Models = []Model{LP64, ILP32}
	}
	var st TaskStats
	var progs []*Program
	var names []string
	var inputs [][][]int64
	for i := o.Start; i < o.Start+o.N; i++ {
		progs = append(progs, taskProgram(o.Seed, i, o.Models, o.FuncPtrs, o.Memory))
		names = append(names, fmt.Sprintf("seed %d task %d", o.Seed, i))
		inputs = append(inputs, allInputs(progs[len(progs)-1]))
	}
	st.Generated = len(progs)
	// First build: probes.
	obs, errs := h.runEach(ctx, progs, inputs)
	if err := ctx.Err(); err != nil {
		return nil, st, nil, err
	}
	var kept []*Program
	var keptNames []string
	var keptInputs [][][]int64
	var expect []bool
	var reached []int
	for i, p := range progs {
		if errs[i] != nil {
			return nil, st, nil, fmt.Errorf("%s: %v", names[i], errs[i])
		}
		var lo, hi *big.Int
		n, bad := 0, false
		for _, r := range obs[i] {
			switch r.Outcome {
			case Returned, Blocked:
			default:
				bad = true
			}
			if r.Probe == "" {
				continue
			}
			v, ok := new(big.Int).SetString(r.Probe, 10)
			if !ok {
				return nil, st, nil, fmt.Errorf("%s: bad probe value %q", names[i], r.Probe)
			}
			n++
			if lo == nil || v.Cmp(lo) < 0 {
				lo = v
			}
			if hi == nil || v.Cmp(hi) > 0 {
				hi = v
			}
		}
		if bad {
			st.Undefined++
			continue
		}
		c := check(p)
		c.Probe = false
		// The property of task i depends only on (seed, i).
		rng := rand.New(rand.NewPCG(o.Seed, uint64(o.Start+i)|1<<40))
		wantTrue := rng.IntN(2) == 0
		switch {
		case n == 0:
			c.Op, c.K, wantTrue = ">", big.NewInt(0), true
			st.Unreached++
		case rng.IntN(2) == 0:
			// X > K fails exactly when K is below the maximum.
			c.Op, c.K = ">", new(big.Int).Set(hi)
			if !wantTrue {
				c.K.Sub(c.K, big.NewInt(1))
			}
		default:
			c.Op, c.K = "<", new(big.Int).Set(lo)
			if !wantTrue {
				c.K.Add(c.K, big.NewInt(1))
			}
		}
		if !wantTrue && (c.K.Cmp(minLLong) < 0 || c.K.Cmp(maxLLong) > 0) {
			// One short of an extreme at the end of long long's range
			// has no literal: bound the other side instead (every value
			// observed is that extreme, so the other side is one short
			// of it too).
			if c.Op == ">" {
				c.Op, c.K = "<", new(big.Int).Add(lo, big.NewInt(1))
			} else {
				c.Op, c.K = ">", new(big.Int).Sub(hi, big.NewInt(1))
			}
		}
		if wantTrue {
			st.True++
		} else {
			st.False++
		}
		kept = append(kept, p)
		keptNames = append(keptNames, names[i])
		keptInputs = append(keptInputs, inputs[i])
		expect = append(expect, wantTrue)
		reached = append(reached, n)
	}
	// Second build: the properties, checked against the expectation and
	// against the IR on every input.
	obs, errs = h.runEach(ctx, kept, keptInputs)
	if err := ctx.Err(); err != nil {
		return nil, st, nil, err
	}
	var tasks []*Task
	var ms []*Mismatch
	for i, p := range kept {
		if errs[i] != nil {
			return nil, st, nil, fmt.Errorf("%s: %v", keptNames[i], errs[i])
		}
		errorReached := false
		for _, r := range obs[i] {
			if r.Outcome == ErrorReached {
				errorReached = true
			}
		}
		if errorReached == expect[i] {
			return nil, st, nil, fmt.Errorf("%s: the property's gcc runs contradict its probes (expected TRUE = %v):\n%s",
				keptNames[i], expect[i], p.Source())
		}
		tr := translate(p)
		var dst Stats
		if m := compare(p, tr, keptInputs[i], obs[i], &dst); m != nil {
			m.Name = keptNames[i]
			ms = append(ms, m)
			continue
		}
		if dst.Undefined > 0 {
			// Undefined behaviour on some input that only the IR saw:
			// no verdict to expect.
			st.Undefined++
			if expect[i] {
				st.True--
			} else {
				st.False--
			}
			if reached[i] == 0 {
				st.Unreached--
			}
			continue
		}
		if dst.Inexact > 0 || dst.Timeouts > 0 {
			return nil, st, nil, fmt.Errorf("%s: %d IR runs inexact, %d out of time", keptNames[i], dst.Inexact, dst.Timeouts)
		}
		st.Runs += dst.Compared()
		tasks = append(tasks, &Task{Name: keptNames[i], Program: p, IR: tr.q, True: expect[i],
			Runs: len(keptInputs[i]), Reached: reached[i]})
	}
	return tasks, st, ms, nil
}

// The range of long long, the type a property compares in.
var (
	minLLong = new(big.Int).Lsh(big.NewInt(-1), 63)
	maxLLong = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 63), big.NewInt(1))
)
