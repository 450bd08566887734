// This file runs a batch of tasks N at a time (each run its own numpred
// process with its own limits) and keeps the counts a progress line shows.

package campaign

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"
)

// RunAll runs the tasks, jobs at a time (at least one), and returns their
// runs in task order. done, when not nil, is called once per finished run,
// from one goroutine at a time, with the task's index. Once ctx is done,
// no task starts and the running ones are killed: RunAll returns the runs
// that finished before, still in task order.
func RunAll(ctx context.Context, cfg Config, tasks []Task, jobs int, done func(i int, r Run)) []Run {
	jobs = max(1, min(jobs, len(tasks)))
	runs := make([]Run, len(tasks))
	type result struct {
		i int
		r Run
	}
	next := make(chan int)
	results := make(chan result)
	var wg sync.WaitGroup
	for range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results <- result{i, RunTaskContext(ctx, cfg, tasks[i])}
			}
		}()
	}
	go func() {
	feed:
		for i := range tasks {
			select {
			case next <- i:
			case <-ctx.Done():
				break feed
			}
		}
		close(next)
		wg.Wait()
		close(results)
	}()
	finished := make([]bool, len(tasks))
	for res := range results {
		if res.r.Interrupted {
			continue
		}
		runs[res.i], finished[res.i] = res.r, true
		if done != nil {
			done(res.i, res.r)
		}
	}
	var out []Run
	for i, r := range runs {
		if finished[i] {
			out = append(out, r)
		}
	}
	return out
}

// Progress counts a batch's finished runs for its progress line.
type Progress struct {
	Total                int
	Start                time.Time
	Done                 int
	True, False, Unknown int // verdicts printed
	Errors               int // timeouts, memory-outs and runs without a verdict
	Correct, Wrong       int
	ByStatus             map[string]int
}

// NewProgress starts counting a batch of total tasks at start.
func NewProgress(total int, start time.Time) *Progress {
	return &Progress{Total: total, Start: start, ByStatus: map[string]int{}}
}

// Add counts a finished run.
func (p *Progress) Add(r Run) {
	p.Done++
	switch st := r.Status(); st {
	case "true":
		p.True++
	case "false(unreach-call)":
		p.False++
	case "unknown":
		p.Unknown++
	default:
		p.Errors++
	}
	p.ByStatus[r.Status()]++
	if r.Correct() {
		p.Correct++
	}
	if r.Wrong() {
		p.Wrong++
	}
}

// ETA estimates the time left at now from the rate so far; ok is false
// before the first run has finished.
func (p *Progress) ETA(now time.Time) (time.Duration, bool) {
	if p.Done == 0 {
		return 0, false
	}
	elapsed := now.Sub(p.Start)
	return time.Duration(float64(elapsed) / float64(p.Done) * float64(p.Total-p.Done)), true
}

// Line is the progress line at now: tasks done of total, the verdicts so
// far, how many were wrong, elapsed time and the estimated time left.
func (p *Progress) Line(now time.Time) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[%d/%d] TRUE %d  FALSE %d  UNKNOWN %d", p.Done, p.Total, p.True, p.False, p.Unknown)
	if p.Errors > 0 {
		fmt.Fprintf(&b, "  timeout/error %d", p.Errors)
	}
	fmt.Fprintf(&b, "  correct %d  wrong %d  elapsed %s", p.Correct, p.Wrong, Clock(now.Sub(p.Start)))
	if eta, ok := p.ETA(now); ok {
		fmt.Fprintf(&b, "  ETA %s", Clock(eta))
	} else {
		b.WriteString("  ETA -")
	}
	return b.String()
}

// ShortLine is Line in fewer columns, for a narrow terminal: T, F, U and
// E count TRUE, FALSE, UNKNOWN and timeouts/errors.
func (p *Progress) ShortLine(now time.Time) string {
	eta := "-"
	if d, ok := p.ETA(now); ok {
		eta = Clock(d)
	}
	return fmt.Sprintf("[%d/%d] T%d F%d U%d E%d ok %d wrong %d %s ETA %s", p.Done, p.Total, p.True, p.False, p.Unknown, p.Errors,
		p.Correct, p.Wrong, Clock(now.Sub(p.Start)), eta)
}

// Clock formats d as h:mm:ss or m:ss.
func Clock(d time.Duration) string {
	s := int(d.Round(time.Second) / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}
