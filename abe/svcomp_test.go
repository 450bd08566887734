package abe_test

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

	"github.com/numpred/numpred/abe"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/internal/gcccheck"
)

var (
	svcompFlag   = flag.Bool("abe.svcomp", false, "run ABE on the tasks of ../shared/benchmarks/svcomp (the ABE paper's categories unless -abe.category says otherwise)")
	limitFlag    = flag.Duration("abe.limit", 60*time.Second, "per-task CPU time limit of -abe.svcomp (the wall-clock limit is 10 times this)")
	categoryFlag = flag.String("abe.category", "paper", `categories of -abe.svcomp: "paper" (locks, ntdrivers-simplified, ssh-simplified), "all", or a comma-separated list`)
	onlyFlag     = flag.String("abe.only", "", "run only the tasks whose file contains this string")
	blocksFlag   = flag.String("abe.blocks", "lbe", "comma-separated block operators -abe.svcomp runs (each on every task)")
	cartFlag     = flag.Bool("abe.cart", false, "cartesian abstraction in -abe.svcomp")
)

// checkGCC checks a FALSE verdict's counterexample against gcc.
func checkGCC(t *testing.T, file, name string, res *engine.Result) {
	t.Helper()
	gcccheck.CheckFalse(t, file, name, res.Counterexample)
}

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

func wantCategory(c string) bool {
	switch *categoryFlag {
	case "all":
		return true
	case "paper":
		return c == "locks" || c == "ntdrivers-simplified" || c == "ssh-simplified"
	}
	for _, x := range strings.Split(*categoryFlag, ",") {
		if x == c {
			return true
		}
	}
	return false
}

// cpuTime returns the CPU time (user + system) of this process.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// cpuContext returns a context that ends when this process has used
// limit of CPU time from now, or after 10*limit of wall time.
func cpuContext(limit time.Duration) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*limit)
	start := cpuTime()
	go func() {
		tick := time.NewTicker(50 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-tick.C:
				if cpuTime()-start >= limit {
					cancel()
					return
				}
			}
		}
	}()
	return ctx, cancel
}

// TestSVCOMP runs each block operator of -abe.blocks on the tasks
// (behind -abe.svcomp), prints a table per task and a summary per
// operator (solved, CPU time), and fails on any wrong verdict.
func TestSVCOMP(t *testing.T) {
	if !*svcompFlag {
		t.Skip("run with -abe.svcomp")
	}
	dir, tasks := svcompTasks(t)
	var table strings.Builder
	type sum struct {
		solved, solvedTrue, solvedFalse, wrong, n int
		cpu, solvedCPU                            time.Duration
	}
	sums := map[string]*sum{}
	blocks := strings.Split(*blocksFlag, ",")
	fmt.Fprintf(&table, "%-45s %-9s %-6s %-8s %7s %6s %6s %5s %5s  %s\n", "task", "block", "expect", "verdict", "cpu_s", "states", "abstr", "refs", "preds", "reason")
	for _, tk := range tasks {
		if !wantCategory(tk.category) || (*onlyFlag != "" && !strings.Contains(tk.file, *onlyFlag)) {
			continue
		}
		for _, b := range blocks {
			s := sums[b]
			if s == nil {
				s = &sum{}
				sums[b] = s
			}
			prog, err := frontend.Load(filepath.Join(dir, tk.file))
			if err != nil {
				t.Errorf("%s: not translated: %v", tk.file, err)
				continue
			}
			ctx, cancel := cpuContext(*limitFlag)
			c0 := cpuTime()
			res, err := abe.Run(ctx, prog, abe.Options{Block: b, Cartesian: *cartFlag})
			cancel()
			cpu := cpuTime() - c0
			if err != nil {
				t.Errorf("%s %s: %v", tk.file, b, err)
				continue
			}
			s.n++
			s.cpu += cpu
			want := engine.Verdict(strings.ToUpper(tk.expected))
			switch {
			case res.Verdict == want:
				s.solved++
				s.solvedCPU += cpu
				if want == engine.True {
					s.solvedTrue++
				} else {
					s.solvedFalse++
				}
			case res.Verdict != engine.Unknown:
				s.wrong++
				t.Errorf("%s %s: WRONG verdict %s, want %s", tk.file, b, res.Verdict, want)
			}
			if res.Verdict == engine.False {
				checkGCC(t, filepath.Join(dir, tk.file), b, res)
			}
			reason := res.Reason.String()
			if len(reason) > 60 {
				reason = reason[:60]
			}
			st := engine.StatsOf[*abe.Stats](res)
			line := fmt.Sprintf("%-45s %-9s %-6s %-8s %7.2f %6d %6d %5d %5d  %s", tk.file, b, tk.expected, res.Verdict, cpu.Seconds(),
				st.States, st.Abstractions, st.Refinements, st.Predicates, reason)
			table.WriteString(line + "\n")
			t.Log(line)
		}
	}
	var summary strings.Builder
	fmt.Fprintf(&summary, "%-9s %6s %6s %6s %6s %6s %10s %12s\n", "block", "tasks", "solved", "true", "false", "wrong", "cpu_s", "solved_cpu_s")
	for _, b := range blocks {
		s := sums[b]
		if s == nil {
			continue
		}
		fmt.Fprintf(&summary, "%-9s %6d %6d %6d %6d %6d %10.1f %12.1f\n", b, s.n, s.solved, s.solvedTrue, s.solvedFalse, s.wrong, s.cpu.Seconds(), s.solvedCPU.Seconds())
	}
	t.Logf("per-task CPU limit %v (cartesian %v)\n%s\n%s", *limitFlag, *cartFlag, table.String(), summary.String())
}
