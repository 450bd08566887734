package cfront

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/numpred/numpred/ir"
)

// svcompDir locates ../shared/benchmarks/svcomp relative to the module root.
func svcompDir(t *testing.T) string {
	_, file, _, _ := runtime.Caller(0)
	root := filepath.Dir(filepath.Dir(file))
	dir := filepath.Join(root, "..", "shared", "benchmarks", "svcomp")
	if _, err := os.Stat(filepath.Join(dir, "manifest.tsv")); err != nil {
		t.Skipf("SV-COMP tasks not available: %v", err)
	}
	return dir
}

// parseNoPanic translates a file, turning a panic into an error naming it.
func parseNoPanic(path string) (p *ir.Program, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%s: panic: %v", path, r)
		}
	}()
	return ParseFile(path)
}

// TestSVCOMP translates every task of the manifest: each translates (and
// passes the sanity check) or fails with a positioned error; at least 95%
// translate without an Unsupported diagnostic.
func TestSVCOMP(t *testing.T) {
	dir := svcompDir(t)
	f, err := os.Open(filepath.Join(dir, "manifest.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	total, ok, unsupported := 0, 0, 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 3 || cols[0] == "file" {
			continue
		}
		total++
		path := filepath.Join(dir, cols[0])
		prog, err := parseNoPanic(path)
		if err != nil {
			if !positioned.MatchString(err.Error()) {
				t.Errorf("%s: error without file:line:col: %v", cols[0], err)
			}
			t.Logf("%s: %v", cols[0], err)
			continue
		}
		if err := ir.SanityCheck(prog); err != nil {
			t.Errorf("%s: %v", cols[0], err)
			continue
		}
		if len(prog.Main.ErrorLocs()) == 0 && !hasErrorLoc(prog) {
			t.Errorf("%s: no error location", cols[0])
		}
		if u := prog.Unsupported(); len(u) > 0 {
			unsupported++
			t.Logf("%s: %d unsupported, first: %s", cols[0], len(u), u[0])
			continue
		}
		ok++
	}
	t.Logf("SV-COMP: %d/%d translated without unsupported constructs, %d with", ok, total, unsupported)
	if total == 0 || ok*100 < total*95 {
		t.Errorf("only %d of %d tasks translated", ok, total)
	}
}

func hasErrorLoc(p *ir.Program) bool {
	for _, f := range p.Funcs {
		if len(f.ErrorLocs()) > 0 {
			return true
		}
	}
	return false
}
