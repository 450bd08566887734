package engine_test

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/numpred/numpred/abe"
	"github.com/numpred/numpred/bmc"
	"github.com/numpred/numpred/cegar"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/impact"
)

// TestEngines: every engine package offers its engine behind the
// contract, under its name, and answers with its time and statistics.
func TestEngines(t *testing.T) {
	prog, _ := replayed(t)
	for want, e := range map[string]engine.Engine{
		"abe":    abe.New(abe.Options{}),
		"impact": impact.New(impact.Options{}),
		"bmc":    bmc.New(bmc.Options{}),
		"kind":   bmc.New(bmc.Options{Induction: true}),
		"cegar":  cegar.New(cegar.Options{}),
	} {
		require.Equal(t, want, e.Name())
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		res, err := e.Run(ctx, prog)
		cancel()
		require.NoError(t, err, want)
		require.Equal(t, engine.False, res.Verdict, "%s: %s", want, res.Reason)
		require.NoError(t, res.Confirm(prog), want)
		require.Positive(t, res.Time, "%s: no time", want)
		require.NotNil(t, res.Stats, "%s: no statistics", want)
		require.NotEmpty(t, res.Stats.List(), want)
	}
}

const module = "github.com/numpred/numpred/"

// imports returns the project packages each project package imports.
func imports(t *testing.T) map[string][]string {
	t.Helper()
	cmd := exec.Command("go", "list", "-tags", "buddy", "-f", `{{.ImportPath}} {{join .Imports " "}}`, "./...")
	cmd.Dir = ".."
	out, err := cmd.Output()
	require.NoError(t, err)
	m := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		pkg := strings.TrimPrefix(f[0], module)
		m[pkg] = []string{}
		for _, imp := range f[1:] {
			if strings.HasPrefix(imp, module) {
				m[pkg] = append(m[pkg], strings.TrimPrefix(imp, module))
			}
		}
	}
	return m
}

// TestBoundary: the contract is a leaf that names no engine (it needs
// only the program and the counterexample types), and an engine that
// does not run the fixpoint does not import interp (it used to, for
// interp.Verdict alone): engines meet through package engine.
func TestBoundary(t *testing.T) {
	m := imports(t)
	require.Contains(t, m, "engine")
	for _, imp := range m["engine"] {
		require.Contains(t, []string{"cex", "ir"}, imp, "engine imports %s", imp)
	}
	for _, pkg := range []string{"abe", "impact"} {
		require.Contains(t, m, pkg)
		require.NotContains(t, m[pkg], "interp", "%s imports interp", pkg)
		require.Contains(t, m[pkg], "engine", "%s does not answer an engine.Result", pkg)
	}
	for _, pkg := range []string{"bmc", "cegar", "verify", "interp"} {
		require.Contains(t, m[pkg], "engine", "%s does not use the engine contract", pkg)
	}
}
