package impact_test

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/impact"
)

var (
	svcompFlag   = flag.Bool("impact.svcomp", false, "run IMPACT on tasks of ../shared/benchmarks/svcomp (see -impact.category)")
	categoryFlag = flag.String("impact.category", "locks,ntdrivers-simplified,ssh-simplified", "comma-separated categories of -impact.svcomp (all: every task)")
	timeoutFlag  = flag.Duration("impact.timeout", 60*time.Second, "per-task time limit of -impact.svcomp")
	onlyFlag     = flag.String("impact.only", "", "run only the tasks whose file contains this string")
	cpuFlag      = flag.Duration("impact.cpu", 0, "per-task CPU-time limit of -impact.svcomp (0: none; -impact.timeout still bounds the wall clock)")
	maxPathFlag  = flag.Int("impact.forcemaxpath", 0, "Options.ForceMaxPath of -impact.svcomp")
	modesFlag    = flag.String("impact.modes", "nofc,fc", "forced-covering modes of -impact.svcomp: nofc, fc or both")
)

type task struct{ file, category, expected string }

// svcompTasks reads ../shared/benchmarks/svcomp/manifest.tsv, skipping the
// test when the shared directory is absent.
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
		tasks = append(tasks, task{cols[0], cols[1], cols[2]})
	}
	return dir, tasks
}

// cpuTime returns the process's user+system CPU time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestSVCOMP runs IMPACT with and without forced covering on the tasks
// (behind -impact.svcomp), prints a per-task table with CPU times (the
// process's, which includes Z3's), and fails on a wrong verdict.
func TestSVCOMP(t *testing.T) {
	if !*svcompFlag {
		t.Skip("run with -impact.svcomp")
	}
	dir, tasks := svcompTasks(t)
	cats := map[string]bool{}
	for _, c := range strings.Split(*categoryFlag, ",") {
		cats[c] = true
	}
	type mode struct {
		name string
		fc   bool
	}
	var modes []mode
	for _, m := range strings.Split(*modesFlag, ",") {
		switch m {
		case "nofc":
			modes = append(modes, mode{m, false})
		case "fc":
			modes = append(modes, mode{m, true})
		default:
			t.Fatalf("unknown mode %q", m)
		}
	}
	type tally struct {
		solved, wrong, unknown int
		cpu, cpuSolved         time.Duration
	}
	tallies := make([]tally, len(modes))
	var table strings.Builder
	fmt.Fprintf(&table, "%-45s %-6s", "task", "expect")
	for _, m := range modes {
		fmt.Fprintf(&table, " %-8s %8s %7s %5s %8s", m.name, "cpu_s", "nodes", "refs", "forced")
	}
	table.WriteString("  reason\n")
	for _, tk := range tasks {
		if !cats["all"] && !cats[tk.category] {
			continue
		}
		if *onlyFlag != "" && !strings.Contains(tk.file, *onlyFlag) {
			continue
		}
		fmt.Fprintf(&table, "%-45s %-6s", tk.file, tk.expected)
		var reasons []string
		for i, m := range modes {
			prog, err := frontend.Load(filepath.Join(dir, tk.file))
			if err != nil {
				t.Errorf("%s: not translated: %v", tk.file, err)
				break
			}
			ctx, cancel := context.WithTimeout(context.Background(), *timeoutFlag)
			c0 := cpuTime()
			if *cpuFlag > 0 {
				go func() {
					for ctx.Err() == nil {
						time.Sleep(50 * time.Millisecond)
						if cpuTime()-c0 > *cpuFlag {
							cancel()
						}
					}
				}()
			}
			res, err := impact.Run(ctx, prog, impact.Options{ForcedCovering: m.fc, ForceMaxPath: *maxPathFlag})
			cancel()
			cpu := cpuTime() - c0
			if err != nil {
				t.Errorf("%s %s: %v", tk.file, m.name, err)
				continue
			}
			want := engine.Verdict(strings.ToUpper(tk.expected))
			tl := &tallies[i]
			tl.cpu += cpu
			switch {
			case res.Verdict == want:
				tl.solved++
				tl.cpuSolved += cpu
			case res.Verdict == engine.Unknown:
				tl.unknown++
				reasons = append(reasons, m.name+": "+res.Reason.String())
			default:
				tl.wrong++
				t.Errorf("%s %s: WRONG verdict %s, want %s", tk.file, m.name, res.Verdict, want)
			}
			st := engine.StatsOf[*impact.Stats](res)
			fmt.Fprintf(&table, " %-8s %8.2f %7d %5d %8s", res.Verdict, cpu.Seconds(), st.Nodes, st.Refinements, fmt.Sprintf("%d/%d", st.ForcedSuccesses, st.ForcedAttempts))
		}
		reason := strings.Join(reasons, "; ")
		if len(reason) > 90 {
			reason = reason[:90]
		}
		fmt.Fprintf(&table, "  %s\n", reason)
	}
	for i, m := range modes {
		tl := tallies[i]
		fmt.Fprintf(&table, "%s: solved %d, unknown %d, wrong %d; CPU %.1f s in all, %.1f s on the solved\n", m.name, tl.solved, tl.unknown, tl.wrong, tl.cpu.Seconds(), tl.cpuSolved.Seconds())
	}
	t.Logf("per-task limit %v wall clock, %v CPU (0: none); CPU times are the process's\n%s", *timeoutFlag, *cpuFlag, table.String())
}
