package campaign

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// fakeNumpred writes a shell script standing in for numpred: it burns
// CPU, fills memory, prints the JSON record of verdict, or nothing.
func fakeNumpred(t *testing.T, body string) string {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("needs /bin/sh and Linux's rusage")
	}
	p := filepath.Join(t.TempDir(), "numpred")
	require.NoError(t, os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755))
	return p
}

// TestRunTaskMeasures: the verdict is read from the JSON record, CPU time
// and peak RSS from the OS (a child that holds ~50 MB must show at least
// that).
func TestRunTaskMeasures(t *testing.T) {
	bin := fakeNumpred(t, `exec awk 'BEGIN { s = "x"; for (i = 0; i < 26; i++) s = s s; print "{\"file\":\"x.c\",\"engine\":\"bmc\",\"verdict\":\"FALSE\"}" }'`)
	r := RunTask(Config{Numpred: bin, Timeout: 10 * time.Second}, Task{Set: "s", File: "x.c", Expect: "TRUE"})
	require.Equal(t, "FALSE", r.Verdict)
	require.Equal(t, "bmc", r.Engine)
	require.True(t, r.Wrong())
	require.False(t, r.Correct())
	require.Positive(t, r.CPU)
	require.Greater(t, r.PeakRSS, uint64(40<<20), "awk holds its 64 MB string")
}

// TestRunTaskNoResult: a run that prints nothing is recorded with its
// last error line; one that does not end is killed after Kill.
func TestRunTaskNoResult(t *testing.T) {
	bin := fakeNumpred(t, `echo "numpred: internal error: boom" >&2; exit 3`)
	r := RunTask(Config{Numpred: bin, Timeout: time.Second}, Task{File: "x.c", Expect: "TRUE"})
	require.Equal(t, "", r.Verdict)
	require.Equal(t, 3, r.ExitStatus)
	require.Contains(t, r.Stderr, "boom")

	bin = fakeNumpred(t, `exec sleep 30`)
	r = RunTask(Config{Numpred: bin, Timeout: 100 * time.Millisecond, Kill: 200 * time.Millisecond}, Task{File: "x.c"})
	require.Equal(t, "", r.Verdict)
	require.Less(t, r.Wall, 5*time.Second)
}

// TestSummarise: the promises are checked and the worst five ordered.
func TestSummarise(t *testing.T) {
	var runs []Run
	for i := 0; i < 7; i++ {
		runs = append(runs, Run{Task: Task{Set: "a", File: string(rune('a' + i)), Expect: "TRUE"}, Verdict: "TRUE",
			Wall: time.Duration(i) * time.Second, CPU: time.Duration(7-i) * time.Second, PeakRSS: uint64(i%3) << 20})
	}
	s := Summarise(runs, 10*time.Second, 2*time.Second)
	require.True(t, s.OK())
	require.Equal(t, 7, s.Correct)
	require.Len(t, s.WorstWall, 5)
	require.Equal(t, "g", s.WorstWall[0].File)
	require.Equal(t, "a", s.WorstCPU[0].File)
	runs = append(runs, Run{Task: Task{Set: "b", File: "late", Expect: "FALSE"}, Verdict: "UNKNOWN", Wall: 13 * time.Second})
	runs = append(runs, Run{Task: Task{Set: "b", File: "wrong", Expect: "FALSE"}, Verdict: "TRUE"})
	runs = append(runs, Run{Task: Task{Set: "b", File: "silent", Expect: "FALSE"}})
	s = Summarise(runs, 10*time.Second, 2*time.Second)
	require.False(t, s.OK())
	require.Equal(t, 1, s.Overran)
	require.Equal(t, 1, s.Wrong)
	require.Equal(t, 1, s.NoResult)
	var b bytes.Buffer
	s.WriteReport(&b)
	require.Contains(t, b.String(), "OVERRAN late")
	require.Contains(t, b.String(), "NO RESULT silent")
}

// TestManifest reads a manifest and skips its header.
func TestManifest(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "manifest.tsv"), []byte("file\tcategory\texpected_verdict\nloops/a.c\tloops\ttrue\nb.c\tx\tfalse\n"), 0o644))
	ts, err := Manifest(dir, "set")
	require.NoError(t, err)
	require.Equal(t, []Task{{Set: "set", File: filepath.Join(dir, "loops/a.c"), Expect: "TRUE", Category: "loops"}, {Set: "set", File: filepath.Join(dir, "b.c"), Expect: "FALSE", Category: "x"}}, ts)
}
