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
	f.Add([]byte("#include <stdlib.h>\nstruct S { int a[3]; struct S *n; union { int i; char c[4]; } u; } g[2];\n" +
		"int f(int *p, int k) { p[k & 1] += 2; return *p; }\n" +
		"int main() { struct S *h = malloc(sizeof *h); int *q = &g[1].a[2]; h->n = &g[0]; h->n->u.i = 5;\n" +
		"  for (int i = 0; i < 3; i++) g[0].a[i] = f(q - 1, i); g[1] = *h; char *s = \"ab\"; return s[1] + (q - g[1].a) + h->u.c[0]; }"))
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
