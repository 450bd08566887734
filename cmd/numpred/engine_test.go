package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/numpred/numpred/cegar"
	"github.com/numpred/numpred/verify"
	"github.com/spf13/pflag"
)

// TestEngineAll: --engine all runs absint, bmc and kind side by side on a
// buggy program, and every one answers FALSE.
func TestEngineAll(t *testing.T) {
	var stdout, stderr bytes.Buffer
	s := run([]string{"analyze", "--engine", "all", "--timeout", "20s", "--format", "json", "../../testdata/verdicts/counter_off_by_one.lp"}, &stdout, &stderr)
	if s != exitOK {
		t.Fatalf("status %d: %s", s, stderr.String())
	}
	engines := map[string]string{}
	dec := json.NewDecoder(&stdout)
	for dec.More() {
		var r struct {
			Engine  string          `json:"engine"`
			Verdict string          `json:"verdict"`
			Cex     json.RawMessage `json:"counterexample"`
		}
		if err := dec.Decode(&r); err != nil {
			t.Fatal(err)
		}
		if r.Verdict == "FALSE" && len(r.Cex) == 0 {
			t.Errorf("%s: FALSE without a counterexample", r.Engine)
		}
		engines[r.Engine] = r.Verdict
	}
	for _, e := range []string{"absint", "bmc", "kind", "abe", "impact"} {
		if engines[e] != "FALSE" {
			t.Errorf("engine %s: %q, want FALSE (all: %v)", e, engines[e], engines)
		}
	}
}

// TestEngineTable: --engine all prints one table whose columns every
// engine fills (no absint-only columns), a row per engine.
func TestEngineTable(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if s := run([]string{"analyze", "--engine", "all", "--timeout", "20s", "../../testdata/examples/fig1a.c"}, &stdout, &stderr); s != exitOK {
		t.Fatalf("status %d: %s", s, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{"engine", "verdict", "SMT s", "SMT queries", "refinements", "built",
		"nexpoint/lincong+interval", "cegar", "k=", "ARG", "BDD nodes"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "alphaPost s") {
		t.Errorf("the engine table has the domain table's columns:\n%s", out)
	}
	if n := strings.Count(out, " TRUE "); n != 6 {
		t.Errorf("%d TRUE rows, want 6:\n%s", n, out)
	}
}

// TestAutoIsDefault: without engine or domain flags the default strategy
// runs and says which stage answered; --stats lists the stages.
func TestAutoIsDefault(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if s := run([]string{"analyze", "--stats", "../../testdata/examples/fig1a.c"}, &stdout, &stderr); s != exitOK {
		t.Fatalf("status %d: %s", s, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{"[auto: ", "TRUE", "stage "} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestEngineFlagErrors(t *testing.T) {
	for _, args := range [][]string{
		{"analyze", "--engine", "magic", "x.c"},
		{"analyze", "--engine", "bmc", "--encoding", "float", "x.c"},
		{"analyze", "--engine", "bmc", "--unwind", "-1", "x.c"},
		{"analyze", "--engine", "abe", "--block", "k=0", "x.c"},
		{"analyze", "--engine", "abe", "--block", "lbe+", "x.c"},
		{"analyze", "--engine", "abe", "--share", "everywhere", "x.c"},
	} {
		var stdout, stderr bytes.Buffer
		if s := run(args, &stdout, &stderr); s != exitUsage {
			t.Errorf("%v: status %d, want %d (usage)", args, s, exitUsage)
		}
	}
}

// TestDotFlag: --dot writes the ARG of abe and impact runs, one file per
// engine when both run, and is a usage error when no run builds a graph.
func TestDotFlag(t *testing.T) {
	dir := t.TempDir()
	file := "../../testdata/examples/fig1a.c"
	var stdout, stderr bytes.Buffer
	dot := filepath.Join(dir, "arg.dot")
	if s := run([]string{"analyze", "--engine", "abe,impact", "--timeout", "20s", "--dot", dot, file}, &stdout, &stderr); s != exitOK {
		t.Fatalf("status %d: %s", s, stderr.String())
	}
	for _, e := range []string{"abe", "impact"} {
		data, err := os.ReadFile(filepath.Join(dir, "arg."+e+".dot"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(string(data), "digraph") || !strings.Contains(string(data), "->") {
			t.Errorf("%s: not a graph with edges:\n%s", e, data)
		}
	}
	stdout.Reset()
	stderr.Reset()
	if s := run([]string{"analyze", "--engine", "bmc", "--timeout", "20s", "--dot", dot, file}, &stdout, &stderr); s != exitUsage {
		t.Errorf("--dot with bmc: status %d, want %d (usage): %s", s, exitUsage, stderr.String())
	}
}

// TestAutoRefinerDefault: the default strategy gets no refiner from the
// flag's default (its CEGAR stage picks the unsat core), but one the user
// gives; the cegar engine gets the flag's default.
func TestAutoRefinerDefault(t *testing.T) {
	for _, c := range []struct {
		args []string
		spec string
		want string
	}{
		{nil, verify.Auto, ""},
		{[]string{"--refiner", "interpolant"}, verify.Auto, "interpolant"},
		{nil, verify.CEGAR, string(cegar.DefaultRefiner)},
	} {
		fs := pflag.NewFlagSet("analyze", pflag.ContinueOnError)
		var e engineFlags
		engine := addEngineFlags(fs, &e)
		if err := fs.Parse(c.args); err != nil {
			t.Fatal(err)
		}
		if err := e.parse(fs, *engine); err != nil {
			t.Fatal(err)
		}
		if got := e.config(verify.Config{}, runSpec{engine: c.spec}).CEGAR.Refiner; got != c.want {
			t.Errorf("%v, engine %s: refiner %q, want %q", c.args, c.spec, got, c.want)
		}
	}
}

// TestCEGARDomainTable: `--engine cegar --domain all,numeric,predicate`
// runs the CEGAR loop once per domain, the rows of the paper's Table IV,
// with its columns; on Fig. 1(a) every row proves the program (the
// numeric row by the exhaustive search for an abstract path, which does
// not join). JSON gives one object per domain.
func TestCEGARDomainTable(t *testing.T) {
	args := []string{"analyze", "--engine", "cegar", "--domain", "all,numeric,predicate", "--timeout", "60s", "../../testdata/examples/fig1a.c"}
	var out, errb bytes.Buffer
	if s := run(args, &out, &errb); s != exitOK {
		t.Fatalf("exit %d: %s", s, errb.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) < 8 {
		t.Fatalf("output:\n%s", out.String())
	}
	header := strings.Fields(lines[1])
	for _, col := range []string{"domain", "verdict", "last", "gamma", "join", "alphaPost", "apply", "refinements", "predicates", "vars", "BDD", "peak"} {
		if !strings.Contains(lines[1], col) {
			t.Errorf("header %v lacks %q", header, col)
		}
	}
	want := []string{"nexpoint", "nex", "mtndd", "ndd", "numeric", "predicate"}
	for i, d := range want {
		f := strings.Fields(lines[2+i])
		if len(f) < 13 || f[0] != d || f[1] != "TRUE" {
			t.Errorf("row %d: %q, want %s TRUE with 13 columns", i, lines[2+i], d)
		}
	}
	out.Reset()
	if s := run(append([]string{args[0], "--format", "json"}, args[1:]...), &out, &errb); s != exitOK {
		t.Fatalf("json: exit %d: %s", s, errb.String())
	}
	var got []string
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var r struct{ Engine, Domain, Verdict string }
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		if r.Engine != "cegar" || r.Verdict != "TRUE" {
			t.Errorf("json record %s", l[:min(len(l), 200)])
		}
		got = append(got, r.Domain)
	}
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("json domains %v, want %v", got, want)
	}
}

// TestFalseShowsNoAbstractTrace: a FALSE answer of an engine that ran the
// fixpoint (cegar) shows its counterexample and error location, not the
// abstract trace of the analysis the counterexample replaced.
func TestFalseShowsNoAbstractTrace(t *testing.T) {
	path := filepath.Join(t.TempDir(), "unsafe.c")
	src := `extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main(void) { int x = __VERIFIER_nondet_int(); int y = 0; if (x > 3) y = x; if (y == 9) reach_error(); return 0; }
`
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if s := run([]string{"analyze", "--engine", "cegar", "--format", "json", "--timeout", "20s", path}, &stdout, &stderr); s != exitOK {
		t.Fatalf("status %d: %s", s, stderr.String())
	}
	var rec map[string]any
	if err := json.Unmarshal(stdout.Bytes(), &rec); err != nil {
		t.Fatal(err)
	}
	if rec["verdict"] != "FALSE" || rec["counterexample"] == nil || rec["error_location"] == nil {
		t.Fatalf("want FALSE with a counterexample and its error location: %s", stdout.String())
	}
	if _, ok := rec["trace"]; ok {
		t.Errorf("an abstract trace beside the counterexample: %s", stdout.String())
	}
}

// TestDefaultNumeric: under --numeric auto (the default) absint runs
// lincong+interval where the domain combines with it, which proves the
// swap loop's parity, and intervals under ndd, which cannot use it.
func TestDefaultNumeric(t *testing.T) {
	for _, c := range []struct{ domain, label, verdict string }{
		{"nexpoint", "[nexpoint/lincong+interval]", "TRUE"},
		{"ndd", "[ndd/interval]", "UNKNOWN"},
	} {
		var stdout, stderr bytes.Buffer
		s := run([]string{"analyze", "--engine", "absint", "--domain", c.domain, "--timeout", "20s", "../../testdata/verdicts/lincong_swap.lp"}, &stdout, &stderr)
		out := stdout.String()
		if !strings.Contains(out, c.label+": Verification result: "+c.verdict) {
			t.Errorf("--domain %s: status %d, want %s %s:\n%s%s", c.domain, s, c.label, c.verdict, out, stderr.String())
		}
	}
}
