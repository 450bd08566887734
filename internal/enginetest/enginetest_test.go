package enginetest

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/ir"
)

func TestParse(t *testing.T) {
	src := `// want bmc, kind: FALSE
// want abe/sbe impact: UNKNOWN slow
// want all: FALSE
int main() { return 0; }
`
	p, err := Parse("x.c", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		run        string
		want       engine.Verdict
		slow, some bool
	}{
		{"bmc", engine.False, false, true},
		{"kind", engine.False, false, true},
		{"abe/sbe", engine.Unknown, true, true},
		{"abe", engine.False, false, true},     // abe/sbe's line is not abe's
		{"abe/lbe", engine.False, false, true}, // nor another configuration's
		{"impact/fc", engine.Unknown, true, true},
		{"cegar", engine.False, false, true},
	} {
		v, slow, ok := p.Expect(c.run)
		if v != c.want || slow != c.slow || ok != c.some {
			t.Errorf("Expect(%s) = %s, %v, %v; want %s, %v, %v", c.run, v, slow, ok, c.want, c.slow, c.some)
		}
	}
	p, err = Parse("y.c", []byte("// slow\n// want absint: TRUE\n"))
	if err != nil {
		t.Fatal(err)
	}
	if _, slow, _ := p.Expect("absint"); !slow {
		t.Error("a // slow line does not make the program slow")
	}
	if _, _, ok := p.Expect("bmc"); ok {
		t.Error("an expectation for an engine no line names")
	}
}

func TestParseErrors(t *testing.T) {
	for _, src := range []string{
		"int main() { return 0; }\n",               // no want line
		"// want bmc: MAYBE\n",                     // verdict
		"// want bmc: TRUE fast\n",                 // flag
		"// want BMC: TRUE\n",                      // name
		"// want bmc: TRUE\n// want bmc: TRUE\n",   // twice
		"// want bmc: TRUE\n// want kind: FALSE\n", // contradiction
		"// want: TRUE\n",                          // the old dialect
		"// want bmc TRUE, kind TRUE\n",            // the old dialect
	} {
		if _, err := Parse("x.c", []byte(src)); err == nil {
			t.Errorf("accepted %q", src)
		} else {
			t.Log(err)
		}
	}
}

// fixed is an engine that answers v (after sleeping d, or until the
// context ends).
type fixed struct {
	name string
	v    engine.Verdict
	d    time.Duration
}

func (f fixed) Name() string { return f.name }

func (f fixed) Run(ctx context.Context, _ *ir.Program) (*engine.Result, error) {
	select {
	case <-ctx.Done():
		return &engine.Result{Verdict: engine.Unknown, Reason: engine.TimedOut}, nil
	case <-time.After(f.d):
	}
	if f.v == engine.Unknown {
		return &engine.Result{Verdict: engine.Unknown, Reason: engine.Because(engine.Bound, "bound")}, nil
	}
	return &engine.Result{Verdict: f.v}, nil
}

// TestCheck runs engines with fixed answers: Check reports every
// mismatch the package comment lists and nothing else.
func TestCheck(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		f := filepath.Join(dir, name)
		if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return f
	}
	const body = "int main() { return 0; }\n"
	write("safe.c", "// want all: TRUE\n// want kind: TRUE slow\n// want abe: UNKNOWN\n"+body)
	write("slow.c", "// slow\n// want all: TRUE\n"+body)
	progs, err := Load(filepath.Join(dir, "*.c"))
	if err != nil {
		t.Fatal(err)
	}
	opt := Options{Limit: 100 * time.Millisecond, ShortLimit: 50 * time.Millisecond, Log: t.Logf}
	for _, c := range []struct {
		eng  fixed
		want []string // the mismatches, by program
	}{
		{fixed{"bmc", engine.True, 0}, nil},
		{fixed{"bmc", engine.Unknown, 0}, []string{"safe.c bmc: UNKNOWN (bound), want TRUE", "slow.c bmc: UNKNOWN (bound), want TRUE"}},
		{fixed{"bmc", engine.True, time.Hour}, []string{"safe.c bmc: UNKNOWN (timeout), want TRUE"}}, // slow.c may time out
		{fixed{"kind", engine.True, time.Hour}, nil},
		{fixed{"abe", engine.True, 0}, []string{"safe.c abe: TRUE, want UNKNOWN"}},
		{fixed{"abe", engine.Unknown, time.Hour}, nil},
		{fixed{"cegar", engine.False, 0}, []string{
			"safe.c cegar: FALSE, want TRUE", "safe.c cegar: FALSE without a counterexample (want TRUE)",
			"slow.c cegar: FALSE, want TRUE", "slow.c cegar: FALSE without a counterexample (want TRUE)"}},
	} {
		var got []string
		for _, m := range Check(c.eng, progs, opt) {
			got = append(got, m.String())
		}
		if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
			t.Errorf("%s answering %s after %v: mismatches\n%s\nwant\n%s", c.eng.name, c.eng.v, c.eng.d,
				strings.Join(got, "\n"), strings.Join(c.want, "\n"))
		}
	}
	if ms := Check(fixed{"bmc", engine.True, 0}, progs, Options{Short: true}); len(ms) != 0 {
		t.Errorf("mismatches %v", ms)
	}
}
