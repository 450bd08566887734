package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/numpred/numpred/internal/campaign"
)

// TestMain lets the test binary stand in for numpred: `numpred bench`
// runs its children as os.Executable(), which under go test is this
// binary; with NUMPRED_TEST_AS_NUMPRED=1 it runs the command line as
// numpred would.
func TestMain(m *testing.M) {
	if os.Getenv("NUMPRED_TEST_AS_NUMPRED") == "1" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// benchTasks writes a few tasks: a safe and an unsafe program with task
// definitions (the unsafe one expected TRUE, so a correct FALSE counts as
// wrong), and a program that does not parse.
func benchTasks(t *testing.T) string {
	dir := t.TempDir()
	w := func(name, text string) {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	w("properties/unreach-call.prp", "CHECK( init(main()), LTL(G ! call(reach_error())) )\n")
	yml := func(prog, verdict string) string {
		return "format_version: '2.0'\ninput_files: '" + prog + "'\nproperties:\n  - property_file: ../properties/unreach-call.prp\n    expected_verdict: " + verdict + "\noptions:\n  language: C\n  data_model: ILP32\n"
	}
	w("cat/safe.c", "extern void reach_error(void);\nint main(void) { int x = 0; while (x < 10) x++; if (x != 10) reach_error(); return 0; }\n")
	w("cat/safe.yml", yml("safe.c", "true"))
	w("cat/unsafe.c", "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\nint main(void) { int x = __VERIFIER_nondet_int(); if (x == 42) reach_error(); return 0; }\n")
	w("cat/unsafe.yml", yml("unsafe.c", "true"))
	w("other/broken.c", "int main(void) { return 0 \n")
	return dir
}

// TestBench runs a small batch two at a time in child processes and reads
// back what it wrote.
func TestBench(t *testing.T) {
	t.Setenv("NUMPRED_TEST_AS_NUMPRED", "1")
	dir := benchTasks(t)
	out := filepath.Join(t.TempDir(), "res", "b")
	var stdout, stderr bytes.Buffer
	status := run([]string{"bench", "-j", "2", "--timeout", "20s", "--memory-limit", "1G", "--progress", "plain", "-o", out, dir}, &stdout, &stderr)
	if status != exitOK {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", status, stdout.String(), stderr.String())
	}
	text := stdout.String()
	for _, want := range []string{
		"numpred bench: 3 tasks, 2 at a time, --timeout 20s, --memory-limit 1.0G each",
		"safe.yml: true (correct)",
		"unsafe.yml: false(unreach-call) (wrong)",
		"broken.c: ERROR (input) (missing)",
		"3 tasks in ",
		"1 correct, 1 wrong; TRUE 1, FALSE 1, UNKNOWN 0, timeout/error 1",
		"results: " + out + ".json " + out + ".csv " + out + ".results.xml",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
	if n := strings.Count(text, "\n["); n != 3 {
		t.Errorf("%d progress lines, want one per task:\n%s", n, text)
	}
	res, err := campaign.ReadResults(out + ".json")
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Runs) != 3 || res.Jobs != 2 || res.MemoryLimit != 1<<30 || res.TimeoutS != 20 {
		t.Fatalf("results: %+v", res)
	}
	got := map[string]string{}
	for _, r := range res.Runs {
		got[filepath.Base(r.Task)] = r.Status + " " + r.Result + " " + r.Category
		if r.WallS <= 0 || (r.Verdict != "" && r.PeakRSS == 0) {
			t.Errorf("%s: not measured: %+v", r.Task, r)
		}
	}
	want := map[string]string{"safe.yml": "true correct cat", "unsafe.yml": "false(unreach-call) wrong cat", "broken.c": "ERROR (input) missing other"}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %q, want %q", k, got[k], v)
		}
	}
}

// TestBenchWitnessDir: with --witness-dir every run is asked for its
// witness; the results name the files written and the summary counts them.
func TestBenchWitnessDir(t *testing.T) {
	t.Setenv("NUMPRED_TEST_AS_NUMPRED", "1")
	dir := benchTasks(t)
	wdir := filepath.Join(t.TempDir(), "w")
	out := filepath.Join(t.TempDir(), "b")
	var stdout, stderr bytes.Buffer
	status := run([]string{"bench", "-j", "2", "--timeout", "20s", "--memory-limit", "1G", "--progress", "none", "--witness-dir", wdir, "-o", out, dir}, &stdout, &stderr)
	if status != exitOK {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", status, stdout.String(), stderr.String())
	}
	if !strings.Contains(stdout.String(), "witnesses: TRUE 1 of 1, FALSE 1 of 1\n") {
		t.Errorf("no witness summary:\n%s", stdout.String())
	}
	res, err := campaign.ReadResults(out + ".json")
	if err != nil {
		t.Fatal(err)
	}
	kinds := map[string]string{"safe.yml": "entry_type: invariant_set", "unsafe.yml": "entry_type: violation_sequence", "broken.c": ""}
	for _, r := range res.Runs {
		want := kinds[filepath.Base(r.Task)]
		if want == "" {
			if r.Witness != "" {
				t.Errorf("%s: witness %q from a run without a verdict", r.Task, r.Witness)
			}
			continue
		}
		data, err := os.ReadFile(r.Witness)
		if err != nil || !strings.Contains(string(data), want) {
			t.Errorf("%s: witness %q: %v, want a %s:\n%s", r.Task, r.Witness, err, want, data)
		}
	}
}

// TestBenchProgressLine: in line mode the progress line is rewritten in
// place and ends with the final counts; wrong runs are printed above it.
func TestBenchProgressLine(t *testing.T) {
	t.Setenv("NUMPRED_TEST_AS_NUMPRED", "1")
	dir := benchTasks(t)
	var stdout, stderr bytes.Buffer
	status := run([]string{"bench", "--timeout", "20s", "--progress", "line", "-o", filepath.Join(t.TempDir(), "b"), filepath.Join(dir, "cat")}, &stdout, &stderr)
	if status != exitOK {
		t.Fatalf("exit %d: %s", status, stderr.String())
	}
	text := stdout.String()
	if !strings.Contains(text, "\r\033[K[0/2] TRUE 0") || !strings.Contains(text, "\r\033[K[2/2] TRUE 1  FALSE 1  UNKNOWN 0  correct 1  wrong 1") {
		t.Errorf("no progress line redrawn:\n%q", text)
	}
	if !strings.Contains(text, "unsafe.yml: false(unreach-call) (wrong)") {
		t.Errorf("the wrong run is not printed:\n%q", text)
	}
	if isTerminal(&stdout) {
		t.Error("a buffer is not a terminal")
	}
}

func TestBenchUsage(t *testing.T) {
	dir := benchTasks(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"bench"}, "no inputs"},
		{[]string{"bench", "-j", "0", dir}, "-j must be at least 1"},
		{[]string{"bench", filepath.Join(dir, "nope")}, "no such file"},
		{[]string{"bench", "--memory-limit", "lots", dir}, "--memory-limit"},
		{[]string{"bench", "--progress", "fancy", dir}, "unknown --progress"},
		{[]string{"bench", "--property", filepath.Join(dir, "cat/safe.c"), dir}, "unsupported property"},
	} {
		var stdout, stderr bytes.Buffer
		if status := run(c.args, &stdout, &stderr); status != exitUsage || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("%v: exit %d, stderr %q, want %q", c.args, status, stderr.String(), c.want)
		}
	}
}

func TestBatchName(t *testing.T) {
	for in, want := range map[string]string{
		"../shared/benchmarks/svcomp/manifest.tsv": "svcomp",
		"sets/ReachSafety-Loops.set":               "ReachSafety-Loops",
		"tasks/":                                   "tasks",
		"tasks/loops/*.yml":                        "loops",
		"a.c":                                      "a",
	} {
		if got := batchName(in); got != want {
			t.Errorf("batchName(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestTable4 runs the Table IV batch over the bench tasks and one more
// safe program under three domains and reads back the rows: a wrong FALSE
// (the unsafe program is expected TRUE) and an input error count in every
// row; both safe programs are solved by every domain, the counter loop by
// pure predicate abstraction only with a predicate per iteration (the
// paper's point: the combined domains need fewer predicates).
func TestTable4(t *testing.T) {
	t.Setenv("NUMPRED_TEST_AS_NUMPRED", "1")
	dir := benchTasks(t)
	guard := "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\nint main(void) { int x = __VERIFIER_nondet_int(); if (x > 5) { if (x < 3) reach_error(); } return 0; }\n"
	if err := os.WriteFile(filepath.Join(dir, "cat", "guard.c"), []byte(guard), 0o644); err != nil {
		t.Fatal(err)
	}
	yml := "format_version: '2.0'\ninput_files: 'guard.c'\nproperties:\n  - property_file: ../properties/unreach-call.prp\n    expected_verdict: true\n"
	if err := os.WriteFile(filepath.Join(dir, "cat", "guard.yml"), []byte(yml), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "t4")
	var stdout, stderr bytes.Buffer
	status := run([]string{"table4", "-j", "2", "--timeout", "4s", "--memory-limit", "1G", "--progress", "plain",
		"--domain", "nexpoint,numeric,predicate", "-o", out, dir}, &stdout, &stderr)
	if status != exitOK {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", status, stdout.String(), stderr.String())
	}
	text := stdout.String()
	for _, want := range []string{
		"numpred table4: 4 tasks x 3 domains, 2 at a time",
		"safe.yml (numeric): true (correct)",
		"guard.yml (predicate): true (correct)",
		"safe.yml (predicate): true (correct)",
		"unsafe.yml (predicate): false(unreach-call) (wrong)",
		"broken.c (nexpoint): ERROR (input)",
		"results: " + out + ".json " + out + ".md",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}
	data, err := os.ReadFile(out + ".json")
	if err != nil {
		t.Fatal(err)
	}
	var res campaign.TableIVResults
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Runs) != 12 || len(res.Rows) != 3 {
		t.Fatalf("%d runs, %d rows, want 12 and 3", len(res.Runs), len(res.Rows))
	}
	for _, row := range res.Rows {
		if row.Tasks != 4 || row.Solved != 2 || row.True != 2 || row.Wrong != 1 || row.Unknown != 1 {
			t.Errorf("row %+v: want 4 tasks, 2 solved TRUE, 1 wrong, 1 unknown", row)
		}
		switch row.Domain {
		case "numeric":
			if row.MaxPreds != 0 || row.MaxNumVars == 0 {
				t.Errorf("numeric row %+v: want numeric variables and no predicates", row)
			}
		case "predicate":
			if row.MaxNumVars != 0 || row.MaxPreds < 10 {
				t.Errorf("predicate row %+v: want at least 10 predicates (x <= 0 ... x <= 9) and no numeric variables", row)
			}
		case "nexpoint":
			if row.MaxPreds > 2 {
				t.Errorf("nexpoint row %+v: want at most 2 predicates", row)
			}
		}
	}
	md, err := os.ReadFile(out + ".md")
	if err != nil || !strings.Contains(string(md), "| predicate | 2/4 |") {
		t.Errorf("%s.md: %v\n%s", out, err, md)
	}
}
