package cfront

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/numpred/numpred/ir"
)

var fuzzPositioned = regexp.MustCompile(`^fuzz\.c:\d+:\d+: `)

// FuzzParse checks that Parse never panics, that its errors are
// positioned, and that every program it returns is sane.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(goldenDir, "*.[ci]"))
	for _, p := range files {
		if src, err := os.ReadFile(p); err == nil {
			f.Add(src)
		}
	}
	f.Add([]byte("int main() { int x = 0; while (x < 10) x++; return x; }"))
	f.Add([]byte("unsigned char c; int main() { c = c * 3 / 2 % 5 >> 1 << 2; return c; }"))
	f.Fuzz(func(t *testing.T, src []byte) {
		start := time.Now()
		p, err := Parse("fuzz.c", src)
		if d := time.Since(start); d > 30*time.Second {
			t.Fatalf("Parse took %v", d)
		}
		if err != nil {
			if !fuzzPositioned.MatchString(err.Error()) {
				t.Fatalf("error without position: %v", err)
			}
			return
		}
		if err := ir.SanityCheck(p); err != nil {
			t.Fatalf("insane program: %v", err)
		}
	})
}
