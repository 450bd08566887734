// This file implements Fuzz, the differential campaign: programs
// generated from a seed, in batches, each compared on several input
// vectors.

package cgen

import (
	"context"
	"fmt"
	"math/rand/v2"
)

// FuzzOptions configure Fuzz. Zero fields take the defaults.
type FuzzOptions struct {
	Seed uint64
	// Start and N select programs Start .. Start+N-1 of the seed (N
	// defaults to 100).
	Start, N int
	// Batch is the number of programs per gcc build (default 250).
	Batch int
	// Inputs is the number of input vectors per program (default 4), each
	// of 8 values.
	Inputs int
	// Models alternate between programs (default LP64 and ILP32).
	Models []Model
	// Config returns the generator's bounds (default DefaultConfig).
	Config func(Model) Config
	// MaxMismatches stops the campaign after that many (default 10).
	MaxMismatches int
	// Progress, if set, is called after each batch with the totals.
	Progress func(Stats)
	// OnMismatch, if set, is called on each mismatch when it is found.
	OnMismatch func(*Mismatch)
}

// Program returns program i of the campaign o: its generator's source
// of randomness depends only on (o.Seed, i), so one program can be
// generated again alone.
func (o FuzzOptions) Program(i int) (*Program, [][]int64) {
	o = o.withDefaults()
	rng := rand.New(rand.NewPCG(o.Seed, uint64(i)))
	m := o.Models[i%len(o.Models)]
	p := Generate(rng, o.Config(m))
	return p, RandomInputs(rng, o.Inputs, 8)
}

func (o FuzzOptions) withDefaults() FuzzOptions {
	if o.N <= 0 {
		o.N = 100
	}
	if o.Batch <= 0 {
		o.Batch = 250
	}
	if o.Inputs <= 0 {
		o.Inputs = 4
	}
	if len(o.Models) == 0 {
		o.Models = []Model{LP64, ILP32}
	}
	if o.Config == nil {
		o.Config = DefaultConfig
	}
	if o.MaxMismatches <= 0 {
		o.MaxMismatches = 10
	}
	return o
}

// Fuzz runs the campaign o and returns its counts and mismatches.
func Fuzz(ctx context.Context, h *Harness, o FuzzOptions) (Stats, []*Mismatch, error) {
	o = o.withDefaults()
	var total Stats
	var all []*Mismatch
	for start := o.Start; start < o.Start+o.N && len(all) < o.MaxMismatches; start += o.Batch {
		end := min(start+o.Batch, o.Start+o.N)
		var progs []*Program
		var inputs [][][]int64
		for i := start; i < end; i++ {
			p, in := o.Program(i)
			progs = append(progs, p)
			inputs = append(inputs, in)
		}
		st, ms, err := h.Diff(ctx, progs, inputs)
		if err != nil {
			return total, all, fmt.Errorf("programs %d..%d of seed %d: %w", start, end-1, o.Seed, err)
		}
		for _, m := range ms {
			for i, p := range progs {
				if p == m.Program {
					m.Name = fmt.Sprintf("seed %d program %d", o.Seed, start+i)
				}
			}
			if o.OnMismatch != nil {
				o.OnMismatch(m)
			}
		}
		total.Add(st)
		all = append(all, ms...)
		if o.Progress != nil {
			o.Progress(total)
		}
		if err := ctx.Err(); err != nil {
			return total, all, err
		}
	}
	return total, all, nil
}
