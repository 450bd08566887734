// This file implements `numpred bench`: a batch of tasks (files,
// directories, globs, a manifest.tsv or an SV-COMP .set) run N at a time,
// each a child `numpred analyze --format json` process of this executable
// with its own time and memory limit, a live progress line on a terminal,
// and the results as JSON, CSV and BenchExec result XML
// (internal/campaign does the work).

package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/spf13/pflag"

	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/internal/campaign"
)

func cmdBench(args []string, stdout, stderr io.Writer) int {
	fs := pflag.NewFlagSet("bench", pflag.ContinueOnError)
	fs.SetOutput(stderr)
	bf := addBatchFlags(fs, 60*time.Second)
	witnessDir := fs.String("witness-dir", "", "ask every run for its SV-COMP witness (analyze --witness), written to DIR/TASK.yml; the results say which runs wrote one")
	fs.Usage = func() {
		fmt.Fprintf(stderr, `Usage: numpred bench [flags] INPUT... [-- ANALYZE-FLAGS...]

Runs numpred analyze on every task of the inputs, -j at a time, each in
its own process with its own time and memory limit. An INPUT is a program
(.c, .i, .lp), an SV-COMP task definition (.yml; its expected verdict is
counted correct or wrong), a directory (every task definition under it and
every program none names), a glob pattern, a manifest.tsv or an SV-COMP
.set file. Flags after -- go to every analyze run.

Writes OUTPUT.json (read by numpred report), OUTPUT.csv and
OUTPUT.results.xml (BenchExec's result XML, read by BenchExec's
table-generator). An interrupt (Ctrl-C) or SIGTERM stops the batch: the
running analyses are killed, the results of the finished ones written,
and the exit status is 130.

Flags:
%s`, fs.FlagUsages())
	}
	b, status := bf.parse("bench", fs, args, stdout, stderr)
	if b == nil {
		return status
	}
	if *witnessDir != "" {
		if err := os.MkdirAll(*witnessDir, 0o755); err != nil {
			fmt.Fprintf(stderr, "numpred bench: --witness-dir: %v\n", err)
			return exitUsage
		}
		askWitnesses(b.tasks, *witnessDir)
	}
	fmt.Fprintf(stdout, "numpred bench: %d tasks, %d at a time, --timeout %s, --memory-limit %s each\n", len(b.tasks), b.jobs, b.timeout, humanBytes(b.perRun))
	runs, interrupted := b.run(b.extra, b.tasks, stdout, func(r campaign.Run) string { return r.File })
	for i := range runs {
		runs[i].NoteWitness()
	}

	res := &campaign.Results{Name: b.name, Tool: "numpred", Version: version, Start: b.start, End: time.Now(),
		TimeoutS: b.timeout.Seconds(), MemoryLimit: b.perRun, Jobs: b.jobs, Options: b.extra, Runs: []campaign.Record{}}
	for _, r := range runs {
		res.Runs = append(res.Runs, r.Record())
	}
	paths, err := res.WriteFiles(b.out)
	if err != nil {
		fmt.Fprintf(stderr, "numpred bench: %v\n", err)
		return exitInternal
	}
	printBenchSummary(stdout, res, b.progress, time.Since(b.start))
	if *witnessDir != "" {
		printWitnessSummary(stdout, res)
	}
	fmt.Fprintf(stdout, "results: %s\n", strings.Join(paths, " "))
	return b.finish("bench", len(runs), stderr, interrupted)
}

// askWitnesses gives each task's run --witness DIR/NAME.yml, NAME its
// file's base name without extension (numbered when two tasks share
// one).
func askWitnesses(tasks []campaign.Task, dir string) {
	used := map[string]int{}
	for i := range tasks {
		base := filepath.Base(tasks[i].File)
		base = strings.TrimSuffix(base, filepath.Ext(base))
		name := base
		if n := used[base]; n > 0 {
			name = fmt.Sprintf("%s-%d", base, n+1)
		}
		used[base]++
		tasks[i].Witness = filepath.Join(dir, name+".yml")
		tasks[i].Args = append(tasks[i].Args, "--witness", tasks[i].Witness)
	}
}

// batchFlags are the flags of a batch of analyze runs (bench, table4).
type batchFlags struct {
	jobs                                        *int
	timeout                                     *time.Duration
	memLimit, out, name, property, progressMode *string
}

func addBatchFlags(fs *pflag.FlagSet, timeout time.Duration) *batchFlags {
	return &batchFlags{
		jobs:         fs.IntP("jobs", "j", 1, "runs at a time (each its own process)"),
		timeout:      fs.Duration("timeout", timeout, "each run's --timeout"),
		memLimit:     fs.String("memory-limit", "auto", "each run's --memory-limit, e.g. 2G; auto splits numpred's default (half of the machine's or the cgroup's memory) among the -j runs"),
		out:          fs.StringP("output", "o", "", "write the results to OUTPUT.* (default: results/NAME.DATE)"),
		name:         fs.String("name", "", "the batch's name in the results (default: the first input's base name)"),
		property:     fs.String("property", "", "SV-COMP property file (.prp) passed to every run; unreach-call only"),
		progressMode: fs.String("progress", "auto", "progress display: auto (a live line on a terminal, a line per run otherwise), line, plain or none"),
	}
}

// batch is a parsed batch command line: its tasks and settings.
type batch struct {
	tasks    []campaign.Task
	extra    []string // flags after --, for every analyze run
	jobs     int
	timeout  time.Duration
	perRun   uint64
	out      string
	name     string
	mode     string // line, plain or none
	self     string
	start    time.Time
	progress *campaign.Progress
}

// parse parses a batch command line; on an error it returns nil and the
// exit status.
func (bf *batchFlags) parse(cmd string, fs *pflag.FlagSet, args []string, stdout, stderr io.Writer) (*batch, int) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, pflag.ErrHelp) {
			return nil, exitOK
		}
		return nil, exitUsage
	}
	b := &batch{jobs: *bf.jobs, timeout: *bf.timeout, out: *bf.out, name: *bf.name}
	inputs := fs.Args()
	if dash := fs.ArgsLenAtDash(); dash >= 0 {
		inputs, b.extra = fs.Args()[:dash], fs.Args()[dash:]
	}
	if len(inputs) == 0 {
		fmt.Fprintf(stderr, "numpred %s: no inputs (see numpred help %s)\n", cmd, cmd)
		return nil, exitUsage
	}
	if b.jobs < 1 || b.timeout <= 0 {
		fmt.Fprintf(stderr, "numpred %s: -j must be at least 1 and --timeout positive\n", cmd)
		return nil, exitUsage
	}
	switch *bf.progressMode {
	case "auto", "line", "plain", "none":
	default:
		fmt.Fprintf(stderr, "numpred %s: unknown --progress %q (want auto, line, plain or none)\n", cmd, *bf.progressMode)
		return nil, exitUsage
	}
	switch *bf.memLimit {
	case "auto", "":
		b.perRun = defaultMemoryLimit() / uint64(b.jobs)
	default:
		var err error
		if b.perRun, err = parseBytes(*bf.memLimit); err != nil {
			fmt.Fprintf(stderr, "numpred %s: --memory-limit: %v\n", cmd, err)
			return nil, exitUsage
		}
	}
	if *bf.property != "" {
		if err := frontend.IsUnreachCall(*bf.property); err != nil {
			fmt.Fprintf(stderr, "numpred %s: --property: %v\n", cmd, err)
			return nil, exitUsage
		}
		b.extra = append([]string{"--property", *bf.property}, b.extra...)
	}
	var err error
	if b.tasks, err = campaign.Collect(inputs); err != nil {
		fmt.Fprintf(stderr, "numpred %s: %v\n", cmd, err)
		return nil, exitUsage
	}
	if *bf.property != "" {
		for i := range b.tasks {
			b.tasks[i].PropertyFile = *bf.property
		}
	}
	if b.self, err = os.Executable(); err != nil {
		fmt.Fprintf(stderr, "numpred %s: cannot find this executable: %v\n", cmd, err)
		return nil, exitInternal
	}
	if b.name == "" {
		b.name = batchName(inputs[0])
	}
	b.start = time.Now()
	if b.out == "" {
		b.out = filepath.Join("results", b.name+"."+b.start.Format("2006-01-02_15-04-05"))
	}
	b.mode = *bf.progressMode
	if b.mode == "auto" {
		b.mode = "plain"
		if isTerminal(stdout) {
			b.mode = "line"
		}
	}
	return b, exitOK
}

// run runs tasks with the analyze flags args, b.jobs at a time, showing
// progress on stdout (label names a run in plain lines); it returns the
// finished runs in task order and whether a signal stopped the batch.
func (b *batch) run(args []string, tasks []campaign.Task, stdout io.Writer, label func(campaign.Run) string) ([]campaign.Run, bool) {
	cfg := campaign.Config{Numpred: b.self, Timeout: b.timeout, MemoryLimit: b.perRun, Args: args, Kill: 10 * time.Second}
	b.progress = campaign.NewProgress(len(tasks), b.start)
	show := newProgressPrinter(stdout, b.mode, b.progress)
	show.label = label
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	runs := campaign.RunAll(ctx, cfg, tasks, b.jobs, show.done)
	interrupted := ctx.Err() != nil
	stop()
	show.stop()
	return runs, interrupted
}

// finish is a batch's exit status: 130 when a signal stopped it.
func (b *batch) finish(cmd string, done int, stderr io.Writer, interrupted bool) int {
	if interrupted {
		fmt.Fprintf(stderr, "numpred %s: interrupted after %d of %d runs; the results hold those\n", cmd, done, b.progress.Total)
		return exitInterrupted
	}
	return exitOK
}

// exitInterrupted is bench's exit status when a signal stopped it (the
// shell's for SIGINT).
const exitInterrupted = 130

// batchName names a batch after its first input: a manifest after its
// directory, anything else after its base name without extension.
func batchName(input string) string {
	input = filepath.Clean(input)
	base := filepath.Base(input)
	if base == "manifest.tsv" {
		abs, _ := filepath.Abs(input)
		return filepath.Base(filepath.Dir(abs))
	}
	if strings.ContainsAny(base, "*?[") {
		abs, _ := filepath.Abs(filepath.Dir(input))
		return filepath.Base(abs)
	}
	return strings.TrimSuffix(base, filepath.Ext(base))
}

// isTerminal reports whether w is a terminal (a character device).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// progressPrinter shows a batch's progress: in "line" mode one line
// rewritten in place (and refreshed every second, so that elapsed time and
// ETA move), with the wrong runs and errors printed above it; in "plain"
// mode a line per finished run; in "none" mode nothing.
type progressPrinter struct {
	mu   sync.Mutex
	w    io.Writer
	mode string
	p    *campaign.Progress
	// label names a run in plain lines (default: its file).
	label func(campaign.Run) string
	quit  chan struct{}
	wg    sync.WaitGroup
}

func newProgressPrinter(w io.Writer, mode string, p *campaign.Progress) *progressPrinter {
	pp := &progressPrinter{w: w, mode: mode, p: p, quit: make(chan struct{})}
	if mode == "line" {
		pp.redraw()
		pp.wg.Add(1)
		go func() {
			defer pp.wg.Done()
			tick := time.NewTicker(time.Second)
			defer tick.Stop()
			for {
				select {
				case <-pp.quit:
					return
				case <-tick.C:
					pp.mu.Lock()
					pp.redraw()
					pp.mu.Unlock()
				}
			}
		}()
	}
	return pp
}

// redraw rewrites the progress line, in its short form or cut when the
// terminal is narrower (a line that wrapped could not be rewritten in
// place). Precondition: mu is
// held.
func (pp *progressPrinter) redraw() {
	now := time.Now()
	line := pp.p.Line(now)
	if w := terminalWidth(pp.w); w > 1 && len(line) >= w {
		if line = pp.p.ShortLine(now); len(line) >= w {
			line = line[:w-1]
		}
	}
	fmt.Fprintf(pp.w, "\r\033[K%s", line)
}

func (pp *progressPrinter) done(i int, r campaign.Run) {
	pp.mu.Lock()
	defer pp.mu.Unlock()
	pp.p.Add(r)
	switch pp.mode {
	case "plain":
		fmt.Fprintf(pp.w, "[%d/%d] %s: %s\n", pp.p.Done, pp.p.Total, pp.name(r), runSummary(r))
	case "line":
		if r.Wrong() || strings.HasPrefix(r.Status(), "ERROR") {
			fmt.Fprintf(pp.w, "\r\033[K%s: %s\n", pp.name(r), runSummary(r))
		}
		pp.redraw()
	}
}

func (pp *progressPrinter) name(r campaign.Run) string {
	if pp.label != nil {
		return pp.label(r)
	}
	return r.File
}

func (pp *progressPrinter) stop() {
	close(pp.quit)
	pp.wg.Wait()
	if pp.mode == "line" {
		pp.mu.Lock()
		pp.redraw()
		fmt.Fprintln(pp.w)
		pp.mu.Unlock()
	}
}

// runSummary is one run in a few words: the status, whether it was
// correct, the times and, for errors, why.
func runSummary(r campaign.Run) string {
	s := fmt.Sprintf("%s (%s) %.1f s wall, %.1f s CPU, %s", r.Status(), r.Category(), r.Wall.Seconds(), r.CPU.Seconds(), humanBytes(r.PeakRSS))
	if r.Verdict == "" && r.Stderr != "" {
		s += ": " + r.Stderr
	}
	return s
}

// printWitnessSummary says how many TRUE and FALSE answers came with a
// witness, and names the TRUE ones without.
func printWitnessSummary(w io.Writer, res *campaign.Results) {
	var with, of [2]int
	var missing []string
	for _, r := range res.Runs {
		i := 0
		switch r.Verdict {
		case "TRUE":
		case "FALSE":
			i = 1
		default:
			continue
		}
		of[i]++
		if r.Witness != "" {
			with[i]++
		} else if i == 0 {
			missing = append(missing, r.Task)
		}
	}
	fmt.Fprintf(w, "witnesses: TRUE %d of %d, FALSE %d of %d\n", with[0], of[0], with[1], of[1])
	for _, m := range missing {
		fmt.Fprintf(w, "  no correctness witness: %s\n", m)
	}
}

// printBenchSummary prints the totals and a line per category.
func printBenchSummary(w io.Writer, res *campaign.Results, p *campaign.Progress, took time.Duration) {
	fmt.Fprintf(w, "%d tasks in %s: %d correct, %d wrong; TRUE %d, FALSE %d, UNKNOWN %d, timeout/error %d\n",
		p.Done, campaign.Clock(took), p.Correct, p.Wrong, p.True, p.False, p.Unknown, p.Errors)
	type counts struct{ n, correct, wrong, unknown, errors int }
	per := map[string]*counts{}
	for _, r := range res.Runs {
		c := per[r.Category]
		if c == nil {
			c = &counts{}
			per[r.Category] = c
		}
		c.n++
		switch r.Result {
		case "correct":
			c.correct++
		case "wrong":
			c.wrong++
		case "unknown":
			c.unknown++
		case "error":
			c.errors++
		}
	}
	var cats []string
	for k := range per {
		cats = append(cats, k)
	}
	sort.Strings(cats)
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "category\ttasks\tcorrect\twrong\tunknown\ttimeout/error\t")
	for _, k := range cats {
		c := per[k]
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t\n", k, c.n, c.correct, c.wrong, c.unknown, c.errors)
	}
	tw.Flush()
}
