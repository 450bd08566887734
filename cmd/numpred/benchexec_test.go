package main

import (
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The BenchExec tool-info module (contrib/benchexec/numpred.py), tested
// with the copy of BenchExec in ../shared/benchexec.

// benchexecEnv returns the paths BenchExec's tests need, or skips.
func benchexecEnv(t *testing.T) (repo, benchexec string) {
	t.Helper()
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	benchexec = filepath.Join(repo, "../shared/benchexec")
	if _, err := os.Stat(filepath.Join(benchexec, "bin/benchexec")); err != nil {
		t.Skip("no ../shared/benchexec")
	}
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("no python3")
	}
	if out, err := exec.Command("python3", "-c", "import yaml").CombinedOutput(); err != nil {
		t.Skipf("BenchExec needs PyYAML (python3-yaml): %s", out)
	}
	return repo, benchexec
}

func python(t *testing.T, repo, benchexec, dir string, args ...string) *exec.Cmd {
	cmd := exec.Command("python3", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PYTHONPATH="+benchexec+string(os.PathListSeparator)+repo)
	return cmd
}

// TestToolInfoResults runs the module's determine_result and cmdline on
// made-up runs: every verdict and failure maps to BenchExec's constant.
func TestToolInfoResults(t *testing.T) {
	repo, benchexec := benchexecEnv(t)
	script := `
import sys
from benchexec import util, result
from benchexec.tools.template import BaseTool2
import contrib.benchexec.numpred as m

tool = m.Tool()
def run(lines, code=0, reason=None):
    out = BaseTool2.RunOutput([l + "\n" for l in lines])
    return BaseTool2.Run(["numpred"], util.ProcessExitCode.from_raw(code << 8), out, reason)

cases = [
    (run(['{"verdict":"TRUE"}']), "true"),
    (run(['warning: x', '{"verdict":"FALSE","counterexample":{}}']), "false(unreach-call)"),
    (run(['{"verdict":"UNKNOWN","reason":"timeout: search did not stop"}']), "TIMEOUT"),
    (run(['{"verdict":"UNKNOWN","reason":"memory: bmc passed the memory limit"}']), "OUT OF MEMORY"),
    (run(['{"verdict":"UNKNOWN","reason":"imprecise"}']), "unknown"),
    (run(['x.c:3:7: parse error: expected ;'], code=2), "ERROR (input: x.c:3:7: parse error: expected ;)"),
    (run(['numpred: internal error: boom'], code=3), "ERROR (internal: numpred: internal error: boom)"),
    (run([], code=0, reason="cputime"), "TIMEOUT"),
]
bad = 0
for r, want in cases:
    got = tool.determine_result(r)
    if got != want:
        print("determine_result(%r) = %r, want %r" % (list(r.output), got, want)); bad += 1
if tool.get_value_from_output(run(['{"verdict":"TRUE","engine":"bmc","stats":{"smt_queries":4}}']).output, "stats.smt_queries") != "4":
    print("get_value_from_output"); bad += 1

task = BaseTool2.Task.with_files(["a.c"], property_file="p.prp", options={"data_model": "ILP32", "language": "C"})
limits = BaseTool2.ResourceLimits(cputime=60, cputime_hard=90, walltime=90, memory=4000000000)
got = tool.cmdline("bin/numpred", ["--engine", "bmc"], task, limits)
want = ["bin/numpred", "analyze", "--format", "json", "--property", "p.prp", "--data-model", "ilp32",
        "--timeout", "52s", "--memory-limit", "3400000000", "--engine", "bmc", "a.c"]
if got != want:
    print("cmdline", got); bad += 1
got = tool.cmdline("bin/numpred", ["--timeout=5s"], BaseTool2.Task.with_files(["a.c"]), limits)
if "--timeout" in got or got[-2:] != ["--timeout=5s", "a.c"]:
    print("cmdline keeps the user's --timeout", got); bad += 1
try:
    tool.cmdline("bin/numpred", [], BaseTool2.Task.with_files(["a.c"], options={"data_model": "LP128"}), limits)
    print("LP128 accepted"); bad += 1
except Exception as e:
    if "LP128" not in str(e):
        print("LP128:", e); bad += 1
sys.exit(bad)
`
	out, err := python(t, repo, benchexec, t.TempDir(), "-c", script).CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
}

// TestBenchExecRuns runs BenchExec with the module on a few shared tasks
// (numpred is this test binary behind a wrapper script) and checks the
// verdicts in its result XML.
func TestBenchExecRuns(t *testing.T) {
	repo, benchexec := benchexecEnv(t)
	shared := filepath.Join(repo, "../shared/benchmarks/svcomp")
	if _, err := os.Stat(filepath.Join(shared, "manifest.tsv")); err != nil {
		t.Skip("no ../shared/benchmarks/svcomp")
	}
	dir := t.TempDir()
	if out, err := python(t, repo, benchexec, dir, filepath.Join(benchexec, "bin/runexec"), "--no-container", "--", "true").CombinedOutput(); err != nil || !strings.Contains(string(out), "returnvalue=0") {
		t.Skipf("runexec does not work here: %v\n%s", err, out)
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Join(dir, "bin"), 0o755)
	wrapper := "#!/bin/sh\nNUMPRED_TEST_AS_NUMPRED=1 exec " + self + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(dir, "bin/numpred"), []byte(wrapper), 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command(filepath.Join(repo, "contrib/benchexec/prepare-sets.sh"), filepath.Join(dir, "sets"), shared).CombinedOutput(); err != nil {
		t.Fatalf("prepare-sets.sh: %v\n%s", err, out)
	}
	def := `<?xml version="1.0"?>
<!DOCTYPE benchmark PUBLIC "+//IDN sosy-lab.org//DTD BenchExec benchmark 3.0//EN" "https://www.sosy-lab.org/benchexec/benchmark-3.0.dtd">
<benchmark tool="contrib.benchexec.numpred" timelimit="30 s" memlimit="2 GB">
  <rundefinition name="default"/>
  <tasks name="few">
    <include>sets/svcomp/locks/test_locks_1[45]-*.yml</include>
    <include>sets/svcomp/loop-acceleration/diamond_1-1.yml</include>
    <propertyfile>sets/svcomp/properties/unreach-call.prp</propertyfile>
  </tasks>
</benchmark>
`
	if err := os.WriteFile(filepath.Join(dir, "few.xml"), []byte(def), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := python(t, repo, benchexec, dir, filepath.Join(benchexec, "bin/benchexec"), "--no-container", "--no-compress-results",
		"--tool-directory", dir, "-o", filepath.Join(dir, "results")+"/", "few.xml").CombinedOutput()
	if err != nil {
		t.Fatalf("benchexec: %v\n%s", err, out)
	}
	matches, _ := filepath.Glob(filepath.Join(dir, "results", "few.*.results.default.few.xml"))
	if len(matches) != 1 {
		t.Fatalf("result XML: %v\n%s", matches, out)
	}
	data, err := os.ReadFile(matches[0])
	if err != nil {
		t.Fatal(err)
	}
	var res struct {
		Tool    string `xml:"tool,attr"`
		Version string `xml:"version,attr"`
		Runs    []struct {
			Name     string `xml:"name,attr"`
			Expected string `xml:"expectedVerdict,attr"`
			Columns  []struct {
				Title string `xml:"title,attr"`
				Value string `xml:"value,attr"`
			} `xml:"column"`
		} `xml:"run"`
	}
	if err := xml.Unmarshal(data, &res); err != nil {
		t.Fatal(err)
	}
	if res.Tool != "numpred" || res.Version != version {
		t.Errorf("tool %q version %q, want numpred %s", res.Tool, res.Version, version)
	}
	want := map[string]string{"test_locks_14-1.yml": "true", "test_locks_14-2.yml": "false(unreach-call)",
		"test_locks_15-1.yml": "false(unreach-call)", "test_locks_15-2.yml": "true", "diamond_1-1.yml": "true"}
	got := map[string]string{}
	for _, r := range res.Runs {
		for _, c := range r.Columns {
			if c.Title == "status" {
				got[filepath.Base(r.Name)] = c.Value
			}
			if c.Title == "category" && c.Value != "correct" {
				t.Errorf("%s: category %s", r.Name, c.Value)
			}
		}
	}
	if len(got) != len(want) {
		t.Errorf("runs %v, want %v", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: status %q, want %q", k, got[k], v)
		}
	}
	// The module passed the limits and the property on.
	logs, _ := filepath.Glob(filepath.Join(dir, "results", "few.*.logfiles", "default.test_locks_14-1.yml.log"))
	if len(logs) != 1 {
		t.Fatalf("log files: %v", logs)
	}
	log, _ := os.ReadFile(logs[0])
	first := strings.SplitN(string(log), "\n", 2)[0]
	for _, flag := range []string{"analyze --format json --property sets/svcomp/properties/unreach-call.prp", "--timeout 25s", "--memory-limit 1700000000"} {
		if !strings.Contains(first, flag) {
			t.Errorf("command line %q lacks %q", first, flag)
		}
	}
}
