package bmc

import (
	"path/filepath"
	"testing"

	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/interp"
)

// TestInvariantsParse checks that k-induction understands the abstract
// interpreter's invariants: it reads them from their printed text, so a
// change of the printed form would silently weaken the step case. Every
// invariant at a location of main must parse, every atom over main's
// variables and globals must be understood, and some must be non-trivial.
func TestInvariantsParse(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.c")
	atoms := 0
	for _, f := range files {
		prog, err := frontend.Load(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, num := range []string{"interval", "octagon", "polyhedra"} {
			cfg := interp.DefaultConfig()
			cfg.Numeric = num
			cfg.Invariants = true
			res, err := interp.Analyze(prog, cfg)
			if err != nil {
				t.Fatalf("%s %s: %v", f, num, err)
			}
			p := newInvParser(prog)
			for _, li := range res.Invariants {
				if li.Loc == nil || li.Loc.Func != prog.Main {
					continue
				}
				n, err := p.parse(li.Text)
				if err != nil {
					t.Errorf("%s %s at %s: %q: %v", f, num, li.Loc, li.Text, err)
					continue
				}
				var walk func(n *inode)
				walk = func(n *inode) {
					if n.bad {
						t.Errorf("%s %s at %s: an atom of %q is not understood", f, num, li.Loc, li.Text)
					}
					if n.ok {
						atoms++
					}
					for _, k := range n.kids {
						walk(k)
					}
				}
				walk(n)
			}
		}
	}
	if atoms == 0 {
		t.Error("no invariant atom understood")
	}
	t.Logf("%d atoms understood", atoms)
}
