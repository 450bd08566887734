package main

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// goldenCases are CLI invocations whose output is compared with
// testdata/NAME.golden; run `go test ./cmd/numpred -update` to rewrite.
var goldenCases = []struct {
	name   string
	args   []string
	status int
}{
	{"version", []string{"version"}, exitOK},
	{"no_args", nil, exitUsage},
	{"unknown_cmd", []string{"frobnicate"}, exitUsage},
	{"analyze_fig1a", []string{"analyze", "../../testdata/examples/fig1a.c"}, exitOK},
	{"analyze_fig1a_numeric", []string{"analyze", "--domain", "numeric", "../../testdata/examples/fig1a.c"}, exitOK},
	{"analyze_json", []string{"analyze", "--format", "json", "--domain", "numeric,ndd", "../../testdata/verdicts/counter_off_by_one.lp"}, exitOK},
	{"analyze_invariants", []string{"analyze", "--domain", "nex", "--invariants", "../../testdata/verdicts/disjunction.lp"}, exitOK},
	{"analyze_octagon", []string{"analyze", "--numeric", "octagon", "--domain", "numeric", "../../testdata/verdicts/counter_exact.lp"}, exitOK},
	{"analyze_parse_error", []string{"analyze", "testdata/bad.lp"}, exitInput},
	{"analyze_missing_file", []string{"analyze", "testdata/no_such_file.c"}, exitInput},
	{"analyze_bad_domain", []string{"analyze", "--domain", "foo", "x.c"}, exitUsage},
	{"analyze_bad_numeric", []string{"analyze", "--numeric", "zonotope", "x.c"}, exitUsage},
	{"analyze_bad_pred", []string{"analyze", "--preds", "x <=", "../../testdata/verdicts/disjunction.lp"}, exitInput},
	{"analyze_with_pred", []string{"analyze", "--domain", "nex", "--preds", "x >= 5", "../../testdata/verdicts/disjunction.lp"}, exitOK},
	{"ir_lp", []string{"ir", "../../testdata/verdicts/disjunction.lp"}, exitOK},
	{"ir_dot", []string{"ir", "--dot", "../../testdata/verdicts/counter_exact.lp"}, exitOK},
	{"ir_parse_error", []string{"ir", "testdata/bad.lp"}, exitInput},
	{"ir_c_parse_error", []string{"ir", "testdata/bad.c"}, exitInput},
	{"ir_unsupported", []string{"ir", "testdata/unsupported.c"}, exitOK},
	{"analyze_unsupported_bmc", []string{"analyze", "--engine", "bmc", "testdata/unsupported.c"}, exitOK},
	{"gen_fig8a", []string{"gen", "fig8a", "-n", "3"}, exitOK},
	{"gen_fig8b", []string{"gen", "fig8b", "-n", "2"}, exitOK},
	{"gen_locks", []string{"gen", "test_locks", "-n", "2"}, exitOK},
	{"gen_parity", []string{"gen", "parity", "-n", "3"}, exitOK},
	{"gen_missing_n", []string{"gen", "fig8a"}, exitUsage},
	{"gen_unknown", []string{"gen", "nope", "-n", "1"}, exitUsage},
}

// volatile matches the parts of outputs that change from run to run.
var volatile = regexp.MustCompile(`"(time_s|gamma_s|join_s|alpha_post_s|apply_s|peak_heap_bytes|bdd_nodes|bdd_table|search_s|smt_s)":[0-9.e+-]+`)

func TestGolden(t *testing.T) {
	for _, c := range goldenCases {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			status := run(c.args, &stdout, &stderr)
			if status != c.status {
				t.Errorf("exit status %d, want %d; stderr:\n%s", status, c.status, stderr.String())
			}
			got := "$ numpred " + strings.Join(c.args, " ") + "\n" + stdout.String()
			if stderr.Len() > 0 {
				got += "--- stderr\n" + stderr.String()
			}
			got = volatile.ReplaceAllString(got, `"$1":0`)
			path := filepath.Join("testdata", c.name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("output differs from %s (run with -update to accept):\n--- got\n%s\n--- want\n%s", path, got, want)
			}
		})
	}
}

// TestAnalyzeTable checks the comparison table's shape (its times vary).
func TestAnalyzeTable(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if s := run([]string{"analyze", "--domain", "all", "../../testdata/examples/fig1a.c"}, &stdout, &stderr); s != exitOK {
		t.Fatalf("status %d: %s", s, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{"domain", "verdict", "gamma s", "join s", "alphaPost s", "apply s", "BDD nodes", "peak heap", "nexpoint", "nex", "mtndd", "ndd"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	if strings.Count(out, "TRUE") != 4 {
		t.Errorf("want four TRUE rows:\n%s", out)
	}
}

func TestGenWritesFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.c")
	var stdout, stderr bytes.Buffer
	if s := run([]string{"gen", "fig8a", "-n", "7", "-o", path}, &stdout, &stderr); s != exitOK {
		t.Fatalf("status %d: %s", s, stderr.String())
	}
	src, err := os.ReadFile(path)
	if err != nil || !strings.Contains(string(src), "x < 7") {
		t.Fatalf("generated file wrong: %v\n%s", err, src)
	}
	stdout.Reset()
	if s := run([]string{"analyze", path}, &stdout, &stderr); s != exitOK || !strings.Contains(stdout.String(), "TRUE") {
		t.Errorf("fig8a(7) not proved: %d %s %s", s, stdout.String(), stderr.String())
	}
}

// TestTimeoutHonoured checks that --timeout stops a long analysis with
// UNKNOWN (timeout) close to the limit (generously bounded: CI machines
// are loaded; the watchdog answers at 105% of the limit).
func TestTimeoutHonoured(t *testing.T) {
	if testing.Short() {
		t.Skip("runs for a second")
	}
	path := filepath.Join(t.TempDir(), "fig8b.c")
	var stdout, stderr bytes.Buffer
	if s := run([]string{"gen", "fig8b", "-n", "400", "-o", path}, &stdout, &stderr); s != exitOK {
		t.Fatal(stderr.String())
	}
	start := time.Now()
	stdout.Reset()
	s := run([]string{"analyze", "--domain", "mtndd", "--timeout", "1s", "--format", "json", path}, &stdout, &stderr)
	elapsed := time.Since(start)
	if s != exitOK {
		t.Fatalf("status %d: %s", s, stderr.String())
	}
	if !strings.Contains(stdout.String(), `"reason":"timeout"`) {
		t.Fatalf("want a timeout, got %s", stdout.String())
	}
	if elapsed > 3*time.Second {
		t.Errorf("--timeout 1s took %v", elapsed)
	}
}
