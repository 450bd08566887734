// This file implements the step case of k-induction.

package bmc

import (
	"context"

	"github.com/numpred/numpred/ir"
)

type invariants struct{}

func (r *runner) step(ctx context.Context, k int) error { return nil }

func (g *graph) layerArc(n *node, e *ir.Edge) error { return nil }
