package interp_test

import (
	"bufio"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/interp"
)

var (
	svcompTimeout = flag.Duration("svcomp.timeout", 3*time.Second, "per-task time limit of the SV-COMP soundness test")
	svcompDomain  = flag.String("svcomp.domain", "numeric", "domains of the SV-COMP soundness test, a comma list of DOMAIN or DOMAIN/NUMERIC (e.g. ndd,numeric/octagon)")
)

type task struct {
	file     string
	expected string // "true" or "false"
}

// svcompTasks reads ../shared/benchmarks/svcomp/manifest.tsv, skipping the
// test when the shared directory is absent (a user's fresh clone).
func svcompTasks(t *testing.T) (string, []task) {
	dir := filepath.Join("..", "..", "shared", "benchmarks", "svcomp")
	f, err := os.Open(filepath.Join(dir, "manifest.tsv"))
	if err != nil {
		t.Skipf("SV-COMP tasks not available: %v", err)
	}
	defer f.Close()
	var tasks []task
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) < 3 || cols[0] == "file" {
			continue
		}
		tasks = append(tasks, task{cols[0], cols[2]})
	}
	return dir, tasks
}

// TestSVCOMPSoundness runs every task of the manifest with a time limit
// and fails if a task whose error is reachable is answered TRUE: the worst
// bug this product can have. It logs the tasks proved safe.
func TestSVCOMPSoundness(t *testing.T) {
	if testing.Short() {
		t.Skip("long test")
	}
	dir, tasks := svcompTasks(t)
	var mu sync.Mutex
	proved, total := 0, 0
	t.Run("tasks", func(t *testing.T) {
		for _, tk := range tasks {
			tk := tk
			t.Run(tk.file, func(t *testing.T) {
				t.Parallel()
				prog, err := frontend.Load(filepath.Join(dir, tk.file))
				if err != nil {
					t.Logf("not translated: %v", err)
					return
				}
				for _, dom := range strings.Split(*svcompDomain, ",") {
					cfg := interp.DefaultConfig()
					cfg.Domain = dom
					if d, num, ok := strings.Cut(dom, "/"); ok {
						cfg.Domain, cfg.Numeric = d, num
					}
					cfg.Deadline = time.Now().Add(*svcompTimeout)
					res, err := interp.Analyze(prog, cfg)
					if err != nil {
						t.Fatalf("%s: analysis failed: %v", dom, err)
					}
					mu.Lock()
					total++
					if res.Verdict == engine.True {
						proved++
					}
					mu.Unlock()
					if res.Verdict == engine.True && tk.expected == "false" {
						t.Errorf("UNSOUND: %s answered TRUE, but the error is reachable", dom)
					}
					t.Logf("%s: expected %s, got %s %s (%.2fs)", dom, tk.expected, res.Verdict, res.Reason, res.Time.Seconds())
				}
			})
		}
	})
	t.Logf("%d of %d (task, domain) runs proved TRUE", proved, total)
}

// TestSVCOMPProved checks that the (task, domain) pairs listed in
// ../testdata/svcomp_proved.tsv are still proved TRUE: a regression test
// of precision (and, with the soundness test, of the verdicts' meaning).
func TestSVCOMPProved(t *testing.T) {
	dir, tasks := svcompTasks(t)
	expected := map[string]string{}
	for _, tk := range tasks {
		expected[tk.file] = tk.expected
	}
	data, err := os.ReadFile(filepath.Join("..", "testdata", "svcomp_proved.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		file, dom, ok := strings.Cut(line, "\t")
		if !ok {
			t.Fatalf("malformed line %q", line)
		}
		if expected[file] != "true" {
			t.Errorf("%s is listed as proved but its expected verdict is %q", file, expected[file])
			continue
		}
		t.Run(file+"/"+dom, func(t *testing.T) {
			t.Parallel()
			prog, err := frontend.Load(filepath.Join(dir, file))
			if err != nil {
				t.Fatal(err)
			}
			cfg := interp.DefaultConfig()
			cfg.Domain = dom
			if d, num, ok := strings.Cut(dom, "/"); ok {
				cfg.Domain, cfg.Numeric = d, num
			}
			cfg.Deadline = time.Now().Add(20 * time.Second)
			res, err := interp.Analyze(prog, cfg)
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict != engine.True {
				t.Errorf("no longer proved: %s (%s)", res.Verdict, res.Reason)
			}
		})
	}
}
