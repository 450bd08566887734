package campaign

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// taskTree writes a small benchmark tree: two categories, task
// definitions beside programs, a program without one, a manifest and a
// set file.
func taskTree(t *testing.T) string {
	dir := t.TempDir()
	w := func(name, text string) {
		p := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
	w("properties/unreach-call.prp", "CHECK( init(main()), LTL(G ! call(reach_error())) )\n")
	yml := func(prog, verdict string) string {
		return "format_version: '2.0'\ninput_files: '" + prog + "'\nproperties:\n  - property_file: ../properties/unreach-call.prp\n    expected_verdict: " + verdict + "\noptions:\n  language: C\n  data_model: ILP32\n"
	}
	w("loops/a.c", "int main(void) { return 0; }\n")
	w("loops/a.yml", yml("a.c", "true"))
	w("loops/b.i", "int main(void) { return 0; }\n")
	w("loops/b.yml", yml("b.i", "false"))
	w("loops/lone.c", "int main(void) { return 0; }\n")
	w("locks/c.c", "int main(void) { return 0; }\n")
	w("locks/c.yml", yml("c.c", "true"))
	w("locks/notes.txt", "not a task\n")
	w("manifest.tsv", "file\tcategory\texpected_verdict\nloops/a.c\tloops\ttrue\nlocks/c.c\tlocks-cat\ttrue\n")
	w("Loops.set", "# the loops\nloops/*.yml\n\nlocks/c.yml  # one more\n")
	return dir
}

func files(ts []Task, dir string) []string {
	var out []string
	for _, t := range ts {
		rel, _ := filepath.Rel(dir, t.File)
		out = append(out, rel+":"+t.Expect+":"+t.Category)
	}
	return out
}

func TestCollect(t *testing.T) {
	dir := taskTree(t)
	ts, err := Collect([]string{dir})
	require.NoError(t, err)
	require.Equal(t, []string{"locks/c.yml:TRUE:locks", "loops/a.yml:TRUE:loops", "loops/b.yml:FALSE:loops", "loops/lone.c::loops"}, files(ts, dir))

	require.Equal(t, filepath.Join(dir, "properties/unreach-call.prp"), ts[0].PropertyFile)
	require.Equal(t, "", ts[3].PropertyFile, "lone.c has no task definition")

	ts, err = Collect([]string{filepath.Join(dir, "manifest.tsv")})
	require.NoError(t, err)
	require.Equal(t, []string{"loops/a.yml:TRUE:loops", "locks/c.yml:TRUE:locks-cat"}, files(ts, dir))
	require.Equal(t, filepath.Join(dir, "properties/unreach-call.prp"), ts[1].PropertyFile)

	ts, err = Collect([]string{filepath.Join(dir, "Loops.set")})
	require.NoError(t, err)
	require.Equal(t, []string{"loops/a.yml:TRUE:loops", "loops/b.yml:FALSE:loops", "locks/c.yml:TRUE:locks"}, files(ts, dir))

	// Globs, programs with their .yml's verdict, and duplicates dropped.
	ts, err = Collect([]string{filepath.Join(dir, "loops/*.c"), filepath.Join(dir, "loops/b.i"), filepath.Join(dir, "loops/a.c")})
	require.NoError(t, err)
	require.Equal(t, []string{"loops/a.c:TRUE:loops", "loops/lone.c::loops", "loops/b.i:FALSE:loops"}, files(ts, dir))

	for _, c := range []struct{ arg, want string }{
		{filepath.Join(dir, "nope.c"), "no such file"},
		{filepath.Join(dir, "locks/notes.txt"), "unknown file kind"},
		{filepath.Join(dir, "*.zzz"), "no file matches"},
	} {
		_, err := Collect([]string{c.arg})
		require.ErrorContains(t, err, c.want)
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, "bad.set"), []byte("loops/*.yml\nmissing/*.yml\n"), 0o644))
	_, err = Collect([]string{filepath.Join(dir, "bad.set")})
	require.ErrorContains(t, err, "bad.set:2:1:")
}

// TestRunAllParallel: N runs at a time, never more, results in task
// order, every run passed its own limits.
func TestRunAllParallel(t *testing.T) {
	log := filepath.Join(t.TempDir(), "log")
	// The fake records start and end, and echoes its arguments.
	bin := fakeNumpred(t, `echo start >> `+log+`; sleep 0.3; echo end >> `+log+`
for a in "$@"; do last="$a"; done
case "$*" in *"--memory-limit 1048576 "*) ok=1;; *) ok=0;; esac
case "$last" in
  *t.c) echo '{"verdict":"TRUE","engine":"e'$ok'"}';;
  *f.c) echo '{"verdict":"FALSE","engine":"e'$ok'"}';;
  *) echo '{"verdict":"UNKNOWN","reason":"timeout: slow","engine":"e'$ok'"}';;
esac`)
	var tasks []Task
	for i := 0; i < 6; i++ {
		tasks = append(tasks, Task{File: []string{"t.c", "f.c", "u.c"}[i%3], Expect: []string{"TRUE", "TRUE", "FALSE"}[i%3]})
	}
	var calls atomic.Int32
	start := time.Now()
	runs := RunAll(context.Background(), Config{Numpred: bin, Timeout: 5 * time.Second, MemoryLimit: 1 << 20}, tasks, 3, func(i int, r Run) {
		calls.Add(1)
		require.Equal(t, tasks[i].File, r.File)
	})
	took := time.Since(start)
	require.EqualValues(t, 6, calls.Load())
	require.Less(t, took, 1500*time.Millisecond, "six 0.3 s runs three at a time")
	for i, r := range runs {
		require.Equal(t, tasks[i], r.Task)
		require.Equal(t, "e1", r.Engine, "the run was given --memory-limit")
	}
	require.Equal(t, []string{"true", "false(unreach-call)", "TIMEOUT"}, []string{runs[0].Status(), runs[1].Status(), runs[2].Status()})
	require.Equal(t, []string{"correct", "wrong", "error"}, []string{runs[0].Category(), runs[1].Category(), runs[2].Category()})
	// At most three ran at once.
	data, err := os.ReadFile(log)
	require.NoError(t, err)
	running, most := 0, 0
	for _, l := range strings.Fields(string(data)) {
		if l == "start" {
			running++
		} else {
			running--
		}
		most = max(most, running)
	}
	require.Equal(t, 3, most)
}

func TestStatusAndCategory(t *testing.T) {
	for _, c := range []struct {
		r             Run
		status, categ string
	}{
		{Run{Task: Task{Expect: "TRUE"}, Verdict: "TRUE"}, "true", "correct"},
		{Run{Task: Task{Expect: "TRUE"}, Verdict: "FALSE"}, "false(unreach-call)", "wrong"},
		{Run{Task: Task{Expect: "FALSE"}, Verdict: "UNKNOWN", Reason: "imprecise"}, "unknown", "unknown"},
		{Run{Task: Task{Expect: "FALSE"}, Verdict: "UNKNOWN", Reason: "memory: search passed"}, "OUT OF MEMORY", "error"},
		{Run{Task: Task{Expect: "FALSE"}, Killed: true, ExitStatus: -1}, "TIMEOUT", "error"},
		{Run{Task: Task{Expect: "FALSE"}, ExitStatus: 2}, "ERROR (input)", "error"},
		{Run{Task: Task{Expect: "FALSE"}, ExitStatus: 3}, "ERROR (internal)", "error"},
		{Run{Task: Task{Expect: "FALSE"}, ExitStatus: -1}, "ERROR (killed)", "error"},
		{Run{Verdict: "TRUE"}, "true", "missing"},
	} {
		require.Equal(t, c.status, c.r.Status(), "%+v", c.r)
		require.Equal(t, c.categ, c.r.Category(), "%+v", c.r)
	}
}

func TestProgressLine(t *testing.T) {
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	p := NewProgress(4, start)
	require.Equal(t, "[0/4] TRUE 0  FALSE 0  UNKNOWN 0  correct 0  wrong 0  elapsed 0:01  ETA -", p.Line(start.Add(time.Second)))
	p.Add(Run{Task: Task{Expect: "TRUE"}, Verdict: "TRUE"})
	p.Add(Run{Task: Task{Expect: "TRUE"}, Verdict: "FALSE"})
	p.Add(Run{Task: Task{Expect: "TRUE"}, Killed: true})
	require.Equal(t, "[3/4] TRUE 1  FALSE 1  UNKNOWN 0  timeout/error 1  correct 1  wrong 1  elapsed 1:30  ETA 0:30", p.Line(start.Add(90*time.Second)))
	require.Equal(t, "[3/4] T1 F1 U0 E1 ok 1 wrong 1 1:30 ETA 0:30", p.ShortLine(start.Add(90*time.Second)))
	require.Equal(t, "1:01:05", Clock(time.Hour+65*time.Second))
}

func sampleResults() *Results {
	start := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	runs := []Run{
		{Task: Task{File: "/sets/loops/a.yml", Expect: "TRUE", Category: "loops", PropertyFile: "/sets/properties/unreach-call.prp"}, Verdict: "TRUE", Engine: "bmc", Wall: 1500 * time.Millisecond, CPU: time.Second, PeakRSS: 50 << 20},
		{Task: Task{File: "locks/c,d.yml", Expect: "FALSE", Category: "locks"}, Verdict: "UNKNOWN", Reason: "timeout: search", Wall: 3 * time.Second, CPU: 3 * time.Second},
	}
	res := &Results{Name: "demo", Tool: "numpred", Version: "0.1", Start: start, End: start.Add(time.Minute), TimeoutS: 60, MemoryLimit: 1 << 30, Jobs: 2}
	for _, r := range runs {
		res.Runs = append(res.Runs, r.Record())
	}
	return res
}

func TestResultsFiles(t *testing.T) {
	res := sampleResults()
	base := filepath.Join(t.TempDir(), "out", "demo")
	paths, err := res.WriteFiles(base)
	require.NoError(t, err)
	require.Len(t, paths, 3)

	back, err := ReadResults(base + ".json")
	require.NoError(t, err)
	require.Equal(t, res.Runs, back.Runs)
	require.Equal(t, "timeout: search", back.Runs[1].Reason)
	require.Equal(t, "TIMEOUT", back.Runs[1].Status)

	f, err := os.Open(base + ".csv")
	require.NoError(t, err)
	rows, err := csv.NewReader(f).ReadAll()
	f.Close()
	require.NoError(t, err)
	require.Len(t, rows, 3)
	require.Equal(t, []string{"locks/c,d.yml", "locks", "FALSE", "UNKNOWN", "TIMEOUT", "error", "3.000", "3.000", "0", "", "0", "timeout: search"}, rows[2])

	data, err := os.ReadFile(base + ".results.xml")
	require.NoError(t, err)
	require.Contains(t, string(data), `<!DOCTYPE result PUBLIC`)
	var x xmlResult
	require.NoError(t, xml.Unmarshal(data, &x))
	require.Equal(t, "60s", x.TimeLimit)
	require.Len(t, x.Runs, 2)
	require.Equal(t, "true", x.Runs[0].ExpectedVerdict)
	// Paths relative to the XML's directory, as table-generator reads them.
	require.Equal(t, "/sets/loops/a.yml", filepath.Join(filepath.Dir(base), x.Runs[0].Name))
	require.Equal(t, "["+x.Runs[0].Name+"]", x.Runs[0].Files)
	require.Equal(t, "/sets/properties/unreach-call.prp", filepath.Join(filepath.Dir(base), x.Runs[0].PropertyFile))
	require.Equal(t, "", x.Runs[1].PropertyFile)
	require.Equal(t, "unreach-call", x.Runs[0].Properties)
	require.Equal(t, xmlColumn{Title: "status", Value: "true"}, x.Runs[0].Columns[0])
	require.Equal(t, xmlColumn{Title: "cputime", Value: "1.000000s"}, x.Runs[0].Columns[2])
	require.Equal(t, xmlColumn{Title: "status", Value: "TIMEOUT"}, x.Runs[1].Columns[0])

	// Bad inputs: file:line:col for malformed JSON, a clear error for
	// a JSON file that is not a results file.
	bad := filepath.Join(t.TempDir(), "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte("{\n \"runs\": [}\n"), 0o644))
	_, err = ReadResults(bad)
	require.ErrorContains(t, err, "bad.json:2:")
	require.NoError(t, os.WriteFile(bad, []byte(`{"verdict":"TRUE"}`), 0o644))
	_, err = ReadResults(bad)
	require.ErrorContains(t, err, "no runs")
	var b bytes.Buffer
	require.NoError(t, res.WriteJSON(&b))
}

// TestRunAllInterrupted: once the context is done no task starts, the
// running ones are killed, and the finished ones are returned.
func TestRunAllInterrupted(t *testing.T) {
	bin := fakeNumpred(t, `for a in "$@"; do last="$a"; done
case "$last" in
  fast*) echo '{"verdict":"TRUE"}';;
  *) exec sleep 30;;
esac`)
	tasks := []Task{{File: "fast1.c"}, {File: "slow.c"}, {File: "fast2.c"}, {File: "fast3.c"}}
	ctx, cancel := context.WithCancel(context.Background())
	var seen []string
	start := time.Now()
	go func() { time.Sleep(500 * time.Millisecond); cancel() }()
	runs := RunAll(ctx, Config{Numpred: bin, Timeout: 20 * time.Second}, tasks, 2, func(i int, r Run) { seen = append(seen, r.File) })
	require.Less(t, time.Since(start), 5*time.Second, "the slow run was killed")
	var got []string
	for _, r := range runs {
		got = append(got, r.File)
		require.Equal(t, "TRUE", r.Verdict)
	}
	// Two at a time: fast1 and slow start; fast2 and fast3 run beside
	// slow; slow never finishes.
	require.Equal(t, []string{"fast1.c", "fast2.c", "fast3.c"}, got)
	require.ElementsMatch(t, got, seen)
}
