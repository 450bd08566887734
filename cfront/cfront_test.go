package cfront

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/numpred/numpred/ir"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/cfront")

const goldenDir = "../testdata/cfront"

// translate parses a testdata file under its base name, so that the
// golden files do not depend on the directory layout.
func translate(t *testing.T, path string) *ir.Program {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := Parse(filepath.Base(path), src)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if err := ir.SanityCheck(prog); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return prog
}

// TestGolden compares the IR listing of every C file in testdata/cfront
// with its .golden file; -update rewrites them.
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(goldenDir, "*.[ci]"))
	if len(files) == 0 {
		t.Fatal("no test inputs")
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			prog := translate(t, path)
			var sb strings.Builder
			if err := ir.Print(&sb, prog); err != nil {
				t.Fatal(err)
			}
			got := sb.String()
			golden := strings.TrimSuffix(path, filepath.Ext(path)) + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./cfront -update)", err)
			}
			if got != string(want) {
				t.Errorf("IR of %s differs from %s:\n%s", path, golden, lineDiff(string(want), got))
			}
		})
	}
}

// lineDiff reports the first differing lines of want and got.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var sb strings.Builder
	n := 0
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			sb.WriteString("line " + itoa(i+1) + ":\n- " + a + "\n+ " + b + "\n")
			if n++; n == 10 {
				break
			}
		}
	}
	return sb.String()
}
