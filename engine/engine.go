// This file defines Engine, what package verify's registry holds.

package engine

import (
	"context"

	"github.com/numpred/numpred/ir"
)

// Engine is a verification engine.
type Engine interface {
	// Name is the engine's name: "bmc", "abe", ...
	Name() string
	// Run checks prog until a verdict or the end of ctx (UNKNOWN with a
	// Timeout reason). An error is an input error or an engine's failure;
	// the program's properties are in the Result. A FALSE Result has a
	// counterexample that passes Trust.
	Run(ctx context.Context, prog *ir.Program) (*Result, error)
}

// Of returns the engine called name that runs run with opt: an engine
// package's Run and Options behind the contract.
func Of[O any](name string, run func(context.Context, *ir.Program, O) (*Result, error), opt O) Engine {
	return of[O]{name, run, opt}
}

type of[O any] struct {
	name string
	run  func(context.Context, *ir.Program, O) (*Result, error)
	opt  O
}

func (e of[O]) Name() string { return e.name }

func (e of[O]) Run(ctx context.Context, prog *ir.Program) (*Result, error) {
	return e.run(ctx, prog, e.opt)
}
