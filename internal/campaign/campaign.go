// Package campaign runs numpred over sets of tasks one at a time, the way
// a user's batch would, and records what each run cost as the operating
// system measured it: wall time, CPU time (user and system) and peak
// resident memory (wait4's rusage), with the verdict the run printed and
// the one the task expects. It is the resource campaign of `make
// resources`: every run must print its result and end within 2 s of its
// time limit, and none may answer wrongly.
package campaign

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Task is one program to analyse, with its expected verdict ("TRUE",
// "FALSE", or "" when unknown).
type Task struct {
	Set      string // the set it belongs to, for the summary
	File     string // what numpred is given: a program or a task definition (.yml)
	Expect   string
	Category string // the SV-COMP category (a manifest's, else the directory's name)
	// PropertyFile is the task's unreach-call property file, when its
	// task definition names one.
	PropertyFile string
	// Args are more flags for this task's analyze run, after Config.Args
	// (the Table IV batch runs each program once per domain).
	Args []string
	// Witness is the witness file the run is asked to write (analyze
	// --witness, also in Args), "" for none.
	Witness string
}

// Run is what one analysis cost and answered.
type Run struct {
	Task
	Verdict     string // the verdict printed, "" when none was
	Reason      string
	Engine      string
	ExitStatus  int // exit status; -1 when killed by a signal
	Wall        time.Duration
	CPU         time.Duration // user + system
	PeakRSS     uint64        // bytes
	Stderr      string        // its last line, when no verdict was printed
	Killed      bool          // killed Kill past its time limit
	Interrupted bool          // killed because the caller's context was done: no result
	// Answer is the run's last JSON record (DESIGN.md's contract), nil
	// when it printed none.
	Answer json.RawMessage
	// WitnessWritten is set (NoteWitness) when the run wrote the witness
	// Task.Witness asked for.
	WitnessWritten bool
}

// NoteWitness records whether the run wrote the witness its task asked
// for: the file exists and is not empty, and the run gave a verdict
// (a killed run may have left part of one).
func (r *Run) NoteWitness() {
	if r.Witness == "" || (r.Verdict != "TRUE" && r.Verdict != "FALSE") {
		return
	}
	if st, err := os.Stat(r.Witness); err == nil && st.Size() > 0 {
		r.WitnessWritten = true
	}
}

// Correct, Wrong: the verdict against the expected one.
func (r Run) Correct() bool {
	return r.Expect != "" && r.Verdict == r.Expect
}
func (r Run) Wrong() bool {
	return r.Expect != "" && (r.Verdict == "TRUE" || r.Verdict == "FALSE") && r.Verdict != r.Expect
}

// Config says how to run numpred.
type Config struct {
	Numpred string        // the binary
	Timeout time.Duration // numpred's --timeout
	Args    []string      // more flags for `numpred analyze`
	// Kill is how long past Timeout a run is killed (a run that does not
	// end is also a result: it printed nothing); default 30 s.
	Kill time.Duration
	// MemoryLimit is numpred's --memory-limit in bytes; 0 leaves numpred's
	// default.
	MemoryLimit uint64
}

// RunTask runs numpred on one task and measures it.
func RunTask(cfg Config, t Task) Run { return RunTaskContext(context.Background(), cfg, t) }

// RunTaskContext is RunTask under ctx: once ctx is done the run is killed
// and marked Interrupted. The child runs in its own process group, so a
// terminal's interrupt reaches the caller, which decides.
func RunTaskContext(parent context.Context, cfg Config, t Task) Run {
	kill := cfg.Kill
	if kill <= 0 {
		kill = 30 * time.Second
	}
	args := []string{"analyze", "--format", "json", "--timeout", cfg.Timeout.String()}
	if cfg.MemoryLimit > 0 {
		args = append(args, "--memory-limit", strconv.FormatUint(cfg.MemoryLimit, 10))
	}
	args = append(append(append(args, cfg.Args...), t.Args...), t.File)
	ctx, cancel := context.WithTimeout(parent, cfg.Timeout+kill)
	defer cancel()
	cmd := exec.CommandContext(ctx, cfg.Numpred, args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	err := cmd.Run()
	r := Run{Task: t, Wall: time.Since(start), ExitStatus: -1, Interrupted: parent.Err() != nil}
	r.Killed = !r.Interrupted && ctx.Err() != nil
	if st := cmd.ProcessState; st != nil {
		r.ExitStatus = st.ExitCode()
		r.CPU = st.UserTime() + st.SystemTime()
		if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
			r.PeakRSS = uint64(ru.Maxrss) * 1024 // kilobytes on Linux
		}
	}
	// The last JSON record is the run's answer.
	sc := bufio.NewScanner(&stdout)
	sc.Buffer(make([]byte, 1<<20), 1<<30)
	for sc.Scan() {
		var rec struct {
			Verdict string `json:"verdict"`
			Reason  string `json:"reason"`
			Engine  string `json:"engine"`
		}
		if json.Unmarshal(sc.Bytes(), &rec) == nil && rec.Verdict != "" {
			r.Verdict, r.Reason, r.Engine = rec.Verdict, rec.Reason, rec.Engine
			r.Answer = append(json.RawMessage(nil), sc.Bytes()...)
		}
	}
	if r.Verdict == "" {
		lines := strings.Split(strings.TrimSpace(stderr.String()), "\n")
		r.Stderr = lines[len(lines)-1]
		if err != nil && r.Stderr == "" {
			r.Stderr = err.Error()
		}
	}
	return r
}

// Manifest reads an SV-COMP manifest (file, category, expected verdict;
// tab-separated, a header line) of the set in dir.
func Manifest(dir, set string) ([]Task, error) {
	f, err := os.Open(filepath.Join(dir, "manifest.tsv"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []Task
	sc := bufio.NewScanner(f)
	for first := true; sc.Scan(); first = false {
		fs := strings.Split(sc.Text(), "\t")
		if first || len(fs) < 3 {
			continue
		}
		out = append(out, Task{Set: set, File: filepath.Join(dir, fs[0]), Expect: strings.ToUpper(fs[2]), Category: fs[1]})
	}
	return out, sc.Err()
}

// Summary is the campaign's verdict on a list of runs.
type Summary struct {
	Runs                   int
	Correct, Wrong         int
	NoResult               int // printed no verdict
	Overran                int // ended more than Slack past the time limit
	MaxWall, MaxCPU        time.Duration
	MaxRSS                 uint64
	WorstWall, WorstCPU    []Run
	WorstRSS               []Run
	PerSet                 map[string][3]int // correct, wrong, runs
	Timeout, Slack         time.Duration
	OverranRuns, Unanswers []Run
}

// Summarise sums runs up: the worst five by wall time, CPU time and peak
// RSS, and the runs that broke a promise.
func Summarise(runs []Run, timeout, slack time.Duration) Summary {
	s := Summary{Runs: len(runs), PerSet: map[string][3]int{}, Timeout: timeout, Slack: slack}
	for _, r := range runs {
		c := s.PerSet[r.Set]
		c[2]++
		if r.Correct() {
			s.Correct++
			c[0]++
		}
		if r.Wrong() {
			s.Wrong++
			c[1]++
		}
		s.PerSet[r.Set] = c
		if r.Verdict == "" {
			s.NoResult++
			s.Unanswers = append(s.Unanswers, r)
		}
		if r.Wall > timeout+slack {
			s.Overran++
			s.OverranRuns = append(s.OverranRuns, r)
		}
		s.MaxWall, s.MaxCPU, s.MaxRSS = max(s.MaxWall, r.Wall), max(s.MaxCPU, r.CPU), max(s.MaxRSS, r.PeakRSS)
	}
	worst := func(less func(a, b Run) bool) []Run {
		w := append([]Run(nil), runs...)
		sort.SliceStable(w, func(i, j int) bool { return less(w[i], w[j]) })
		return w[:min(5, len(w))]
	}
	s.WorstWall = worst(func(a, b Run) bool { return a.Wall > b.Wall })
	s.WorstCPU = worst(func(a, b Run) bool { return a.CPU > b.CPU })
	s.WorstRSS = worst(func(a, b Run) bool { return a.PeakRSS > b.PeakRSS })
	return s
}

// OK reports whether every promise held: every run answered, none
// overran, none was wrong.
func (s Summary) OK() bool { return s.Wrong == 0 && s.NoResult == 0 && s.Overran == 0 }

// WriteTSV writes one line per run.
func WriteTSV(w io.Writer, runs []Run) {
	fmt.Fprintln(w, "set\tfile\texpected\tverdict\tengine\twall_s\tcpu_s\tpeak_rss_mb\tstatus\treason")
	for _, r := range runs {
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%.2f\t%.2f\t%.1f\t%d\t%s\n", r.Set, r.File, r.Expect, r.Verdict, r.Engine,
			r.Wall.Seconds(), r.CPU.Seconds(), float64(r.PeakRSS)/(1<<20), r.ExitStatus, oneLine(r.Reason+r.Stderr, 200))
	}
}

// WriteReport writes the summary: per set, the worst five of each
// measure, and the runs that broke a promise.
func (s Summary) WriteReport(w io.Writer) {
	fmt.Fprintf(w, "%d runs at --timeout %s: %d correct, %d wrong, %d printed no result, %d ended more than %s past the limit\n",
		s.Runs, s.Timeout, s.Correct, s.Wrong, s.NoResult, s.Overran, s.Slack)
	var sets []string
	for k := range s.PerSet {
		sets = append(sets, k)
	}
	sort.Strings(sets)
	for _, k := range sets {
		c := s.PerSet[k]
		fmt.Fprintf(w, "  %-12s %3d runs, %3d correct, %d wrong\n", k, c[2], c[0], c[1])
	}
	fmt.Fprintf(w, "largest: wall %.1f s, CPU %.1f s, peak RSS %.0f MB\n", s.MaxWall.Seconds(), s.MaxCPU.Seconds(), float64(s.MaxRSS)/(1<<20))
	table := func(title string, rs []Run) {
		fmt.Fprintf(w, "worst five by %s:\n", title)
		fmt.Fprintln(w, "  | task | verdict | wall s | CPU s | peak RSS MB |")
		fmt.Fprintln(w, "  |---|---|---|---|---|")
		for _, r := range rs {
			fmt.Fprintf(w, "  | %s | %s | %.1f | %.1f | %.0f |\n", filepath.Base(r.File), orNone(r.Verdict), r.Wall.Seconds(), r.CPU.Seconds(), float64(r.PeakRSS)/(1<<20))
		}
	}
	table("wall time", s.WorstWall)
	table("CPU time", s.WorstCPU)
	table("peak RSS", s.WorstRSS)
	for _, r := range s.OverranRuns {
		fmt.Fprintf(w, "OVERRAN %s: %.1f s\n", r.File, r.Wall.Seconds())
	}
	for _, r := range s.Unanswers {
		fmt.Fprintf(w, "NO RESULT %s: exit %d: %s\n", r.File, r.ExitStatus, r.Stderr)
	}
}

func orNone(s string) string {
	if s == "" {
		return "(none)"
	}
	return s
}

func oneLine(s string, n int) string {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\n", " "), "\t", " ")
	if len(s) > n {
		s = s[:n] + "..."
	}
	return s
}
