package linprog

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/numpred/numpred/ir"
)

// FuzzParse checks that Parse never panics, that every error is an *Error
// positioned in the input, and that every accepted program passes
// ir.SanityCheck and prints. Seeds: the .lp files of testdata/linprog, the
// generated families, and the bad inputs of TestParseErrors.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(testdataDir, "*.lp"))
	for _, path := range files {
		if b, err := os.ReadFile(path); err == nil {
			f.Add(string(b))
		}
	}
	for _, fam := range Families() {
		src, _ := Generate(fam, 2)
		f.Add(src)
	}
	for _, c := range parseErrorCases {
		f.Add(c.src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		p, err := Parse("fuzz.lp", []byte(src))
		if err != nil {
			var perr *Error
			if !errors.As(err, &perr) {
				t.Fatalf("error %T is not *Error: %v", err, err)
			}
			lines := strings.Count(src, "\n") + 1
			if perr.Pos.File != "fuzz.lp" || perr.Pos.Line < 1 || perr.Pos.Line > lines || perr.Pos.Col < 1 {
				t.Fatalf("error outside the input: %v", err)
			}
			if !strings.HasPrefix(err.Error(), "fuzz.lp:") {
				t.Fatalf("error lacks file:line:col: %v", err)
			}
			return
		}
		if err := ir.SanityCheck(p); err != nil {
			t.Fatalf("accepted program fails the sanity check: %v", err)
		}
		for _, fn := range p.Funcs {
			if len(fn.Entry.In) != 0 {
				t.Fatalf("%s: entry has predecessors", fn.Name)
			}
			for _, e := range fn.Edges {
				if e.Pos.Line < 1 {
					t.Fatalf("%s: edge without position", fn.Name)
				}
			}
		}
		var sb strings.Builder
		if err := ir.Print(&sb, p); err != nil {
			t.Fatal(err)
		}
		if err := ir.Dot(&sb, p); err != nil {
			t.Fatal(err)
		}
	})
}
