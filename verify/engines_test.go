package verify_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/internal/enginetest"
	"github.com/numpred/numpred/interp"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/verify"
)

// analyze is the engine `numpred analyze --engine NAME` runs: verify.Run
// with NAME, the default configuration and the search on, until the
// context's deadline.
type analyze string

func (e analyze) Name() string { return string(e) }

func (e analyze) Run(ctx context.Context, prog *ir.Program) (*engine.Result, error) {
	cfg := verify.Config{Engine: string(e), Interp: interp.DefaultConfig(), Search: true}
	if d, ok := ctx.Deadline(); ok {
		cfg.Interp.Deadline = d
	}
	r, err := verify.Run(prog, cfg)
	if err != nil {
		return nil, err
	}
	return &r.Result, nil
}

// TestEngines runs every engine of the registry and the default strategy
// on the engine corpus (../testdata/engines, package enginetest) and
// compares their verdicts with the programs' want lines. The engine
// packages' own tests run their other configurations on it.
func TestEngines(t *testing.T) {
	progs := enginetest.Corpus(t)
	names := append(slices.Clone(verify.EngineNames), verify.Auto)
	for _, p := range progs {
		for _, n := range p.Engines() {
			if base, _, _ := strings.Cut(n, "/"); base != enginetest.All && !slices.Contains(names, base) {
				t.Errorf("%s: want line for %q, no engine of verify", p.Name(), n)
			}
		}
	}
	opt := enginetest.Options{Short: testing.Short()}
	for _, name := range names {
		t.Run(name, func(t *testing.T) { enginetest.Test(t, analyze(name), progs, opt) })
	}
}
