package interp

import (
	"fmt"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// analyzePred runs the analysis in a NumPredDom implementation.
func analyzePred[V any](p *ir.Program, cfg Config, nd numeric.Domain[V], s *space, th numeric.Thresholds) (*Result, error) {
	return nil, fmt.Errorf("domain %q is not available yet", cfg.Domain)
}
