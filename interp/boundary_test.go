package interp_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/interp"
)

// TestInterpBoundary: interp uses NumPredDom through its interface only.
// It may not import bdd, nor name one of numpred's implementations (its
// kinds, constructors or value types): a fifth implementation must need
// no change here.
func TestInterpBoundary(t *testing.T) {
	out, err := exec.Command("go", "list", "-tags", "buddy", "-f", `{{join .Imports "\n"}}`, ".").Output()
	require.NoError(t, err)
	for _, imp := range strings.Fields(string(out)) {
		require.NotEqual(t, "github.com/numpred/numpred/bdd", imp, "interp imports bdd")
	}
	forbidden := map[string]bool{}
	for _, n := range []string{"NEXPoint", "NEX", "MTNDD", "NDD", "Predicate"} {
		forbidden["Kind"+n] = true
		forbidden["New"+n] = true
		forbidden[n] = true
	}
	for _, n := range []string{"PointVal", "NEXVal", "DDVal"} {
		forbidden[n] = true
	}
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		require.NoError(t, err)
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok && id.Name == "numpred" && forbidden[sel.Sel.Name] {
					t.Errorf("%s: interp names numpred.%s", fset.Position(sel.Pos()), sel.Sel.Name)
				}
			}
			return true
		})
	}
}

// TestTimeoutLeavesProcessIdle: a run stopped by its deadline returns
// promptly and leaves nothing running: no goroutine outlives it and the
// process burns no CPU afterwards (the watchdog it replaced returned but
// left the analysis running).
func TestTimeoutLeavesProcessIdle(t *testing.T) {
	p := loadTemplate(t, "fig8b", 400)
	for _, d := range []string{"ndd", "mtndd"} {
		runtime.GC()
		base := runtime.NumGoroutine()
		cfg := interp.DefaultConfig()
		cfg.Domain = d
		start := time.Now()
		cfg.Deadline = start.Add(100 * time.Millisecond)
		res, err := interp.Analyze(p, cfg)
		require.NoError(t, err)
		require.Equal(t, engine.Unknown, res.Verdict, d)
		require.Equal(t, engine.TimedOut, res.Reason, d)
		require.Less(t, time.Since(start), 2*time.Second, "%s: the run must stop soon after its deadline", d)
		runtime.GC()
		require.LessOrEqual(t, runtime.NumGoroutine(), base, "%s: goroutines outlived the run", d)
		c0 := cpuTime()
		time.Sleep(300 * time.Millisecond)
		require.Less(t, cpuTime()-c0, 100*time.Millisecond, "%s: CPU burned after the run returned", d)
	}
}

// TestMemoryLimit: a run whose heap passes Config.MemoryLimit stops with
// UNKNOWN (memory).
func TestMemoryLimit(t *testing.T) {
	p := loadTemplate(t, "fig8b", 200)
	for _, d := range []string{"ndd", "numeric"} {
		cfg := interp.DefaultConfig()
		cfg.Domain = d
		cfg.MemoryLimit = 1 // byte: the first reading of the heap passes it
		res, err := interp.Analyze(p, cfg)
		require.NoError(t, err)
		require.Equal(t, engine.Unknown, res.Verdict, d)
		require.Equal(t, engine.OutOfMemory, res.Reason, d)
	}
}
