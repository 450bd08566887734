package templates_test

import (
	"strings"
	"testing"

	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/templates"
)

// TestEveryTemplateTranslates generates every template at several sizes
// and checks the front end accepts the program without diagnostics of an
// unsupported construct, and that it has an error location.
func TestEveryTemplateTranslates(t *testing.T) {
	for _, name := range templates.Names() {
		for _, n := range []int{1, 2, 5, 20} {
			src, tmpl, err := templates.Generate(name, n)
			if err != nil {
				t.Fatalf("%s(%d): %v", name, n, err)
			}
			prog, err := frontend.Parse(name+tmpl.Ext, []byte(src))
			if err != nil {
				t.Fatalf("%s(%d): %v\n%s", name, n, err, src)
			}
			if err := ir.SanityCheck(prog); err != nil {
				t.Fatalf("%s(%d): %v", name, n, err)
			}
			if u := prog.Unsupported(); len(u) > 0 {
				t.Errorf("%s(%d): unsupported: %v", name, n, u)
			}
			errs := 0
			for _, f := range prog.Funcs {
				errs += len(f.ErrorLocs())
			}
			if errs == 0 {
				t.Errorf("%s(%d): no error location", name, n)
			}
		}
	}
}

func TestUnknownTemplate(t *testing.T) {
	if _, _, err := templates.Generate("nope", 3); err == nil || !strings.Contains(err.Error(), "fig8a") {
		t.Errorf("want an error listing the templates, got %v", err)
	}
	if _, _, err := templates.Generate("fig8a", 0); err == nil {
		t.Errorf("want an error for N = 0")
	}
}
