package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var (
	abeTasks   = flag.Bool("svcomp.abe", false, "run TestDefaultStrategyOnABETasks: the default strategy on the 44 locks, ntdrivers-simplified and ssh-simplified tasks (about 4 minutes)")
	abeTimeout = flag.Duration("svcomp.abe.timeout", 60*time.Second, "TestDefaultStrategyOnABETasks: --timeout of each task")
)

// TestDefaultStrategyOnABETasks keeps the tasks of the adjustable-block
// encoding paper's Table I (today's SV-COMP locks, ntdrivers-simplified
// and ssh-simplified tasks in ../shared) answered: `numpred analyze` with
// default flags must give every one its expected verdict within the time
// limit (behind -svcomp.abe; `make svcomp-abe`). It logs each task's
// engine and time, and the total beside the paper's (LBE: 916 s for its
// 38 programs on 2009 hardware).
func TestDefaultStrategyOnABETasks(t *testing.T) {
	if !*abeTasks {
		t.Skip("run with -svcomp.abe")
	}
	dir, rows := sharedManifest(t)
	type task struct{ file, expect string }
	var tasks []task
	for _, fs := range rows {
		if cat := strings.SplitN(fs[0], "/", 2)[0]; cat == "locks" || cat == "ntdrivers-simplified" || cat == "ssh-simplified" {
			tasks = append(tasks, task{fs[0], strings.ToUpper(fs[2])})
		}
	}
	if len(tasks) != 44 {
		t.Fatalf("%d tasks in the three categories, want 44", len(tasks))
	}
	var total time.Duration
	correct := 0
	for _, tk := range tasks {
		var out, errb bytes.Buffer
		start := time.Now()
		run([]string{"analyze", "--format", "json", "--timeout", abeTimeout.String(), filepath.Join(dir, tk.file)}, &out, &errb)
		took := time.Since(start)
		total += took
		var r struct {
			Verdict string `json:"verdict"`
			Engine  string `json:"engine"`
			Reason  string `json:"reason"`
		}
		if err := json.Unmarshal(out.Bytes(), &r); err != nil {
			t.Errorf("%s: no JSON record (%v):\n%s", tk.file, err, errb.String())
			continue
		}
		t.Logf("%-45s %-7s %-7s %-8s %5.1f s", tk.file, tk.expect, r.Verdict, r.Engine, took.Seconds())
		if r.Verdict != tk.expect {
			t.Errorf("%s: %s (%s), want %s", tk.file, r.Verdict, r.Reason, tk.expect)
			continue
		}
		correct++
	}
	t.Logf("%d of %d correct in %.0f s (LBE in the paper: 916 s for its 38 programs)", correct, len(tasks), total.Seconds())
}

// sharedManifest returns the directory of ../shared's SV-COMP tasks and
// the rows of its manifest with an expected verdict (file, category,
// "true" or "false", ...); the test skips when ../shared is absent.
func sharedManifest(t *testing.T) (dir string, rows [][]string) {
	t.Helper()
	return sharedManifestOf(t, "svcomp")
}

// sharedManifestOf reads the manifest of the shared benchmark set name
// ("svcomp", "svcomp-2").
func sharedManifestOf(t *testing.T, name string) (dir string, rows [][]string) {
	t.Helper()
	dir = filepath.Join("..", "..", "..", "shared", "benchmarks", name)
	f, err := os.Open(filepath.Join(dir, "manifest.tsv"))
	if err != nil {
		t.Skip("../shared not available")
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Split(sc.Text(), "\t")
		if len(fs) >= 3 && (fs[2] == "true" || fs[2] == "false") {
			rows = append(rows, fs)
		}
	}
	return dir, rows
}
