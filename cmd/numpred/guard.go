// This file implements the guard around one analysis run: the run's time
// limit and memory limit are promises to the user, kept even when an
// engine does not stop (an operation of a library underneath that cannot
// be interrupted, a search that outgrew its memory). The run goes on in
// a goroutine; the guard watches the clock and the process's resident
// memory and, past either limit, answers UNKNOWN itself with the stages
// that ran and the one that was running.

package main

import (
	"fmt"
	"runtime/debug"
	"sync"
	"time"

	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/interp"
	"github.com/numpred/numpred/verify"
)

// guardGrace is how long past its deadline a run may take before the
// guard answers for it: the default strategy abandons a stage one second
// past its share (verify.StageGrace), so a run normally ends first; the
// guard's answer and the process's exit then fit in the 2 s the time
// limit allows. A large process gets less (see graceFor).
const guardGrace = 1500 * time.Millisecond

// exitCostPerGiB is what the exit of a process costs per GiB resident (the
// kernel freeing its pages while abandoned goroutines still run): 0.6 s
// for diskperf.i.cil-1's 5 GB, which then ended 2.2 s past its limit.
const exitCostPerGiB = 150 * time.Millisecond

// minGuardGrace is the least grace a run gets however large it is.
const minGuardGrace = 200 * time.Millisecond

// graceFor returns the grace of a run resident in rss bytes: guardGrace
// less the cost of its exit, at least minGuardGrace.
func graceFor(rss uint64) time.Duration {
	cost := time.Duration(float64(exitCostPerGiB) * float64(rss) / (1 << 30))
	return max(minGuardGrace, guardGrace-cost)
}

// guardPoll is how often the guard reads the clock and the memory.
const guardPoll = 50 * time.Millisecond

// stageLog collects a run's stages as verify reports them (OnStage).
type stageLog struct {
	mu      sync.Mutex
	done    []verify.Stage
	running string
	since   time.Time
	// peaks[i] is the most resident memory the guard saw while stage i
	// (in the order the stages end) ran.
	peaks []uint64
}

// sample records the resident memory rss against the stage running.
func (l *stageLog) sample(rss uint64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	i := len(l.done)
	for len(l.peaks) <= i {
		l.peaks = append(l.peaks, 0)
	}
	l.peaks[i] = max(l.peaks[i], rss)
}

// stagePeaks returns the peak resident memory of each stage.
func (l *stageLog) stagePeaks() []uint64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]uint64(nil), l.peaks...)
}

func (l *stageLog) observe(st verify.Stage, running bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if running {
		l.running, l.since = st.Name, time.Now()
		return
	}
	l.done = append(l.done, st)
	l.running = ""
}

// snapshot returns the finished stages and, as a last stage, the one
// running, marked with why it was abandoned.
func (l *stageLog) snapshot(name string, why engine.Reason) []verify.Stage {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := append([]verify.Stage(nil), l.done...)
	running, since := l.running, l.since
	if running == "" && len(out) == 0 {
		running, since = name, time.Time{}
	}
	if running != "" {
		st := verify.Stage{Name: running, Verdict: engine.Unknown, Reason: why}
		if !since.IsZero() {
			st.Time = time.Since(since)
		}
		out = append(out, st)
	}
	return out
}

// runningStage names the stage running now, or name when no stage has
// started.
func (l *stageLog) runningStage(name string) string {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.running != "" {
		return l.running
	}
	return name
}

// guardOutcome says how a guarded run ended.
type guardOutcome int

const (
	guardFinished guardOutcome = iota // the run answered
	guardTimeout                      // past its deadline and the grace
	guardMemory                       // past the memory limit
)

// guarded runs run under a deadline (zero: none) and a memory limit on
// the process's resident memory (zero: none), and returns the peak
// resident memory it saw during each stage. When the run answers in time
// it returns its answer; otherwise an UNKNOWN result whose reason
// says which limit and which stage, whose stages are the ones finished
// and the one running. The abandoned run's goroutine is left to finish
// in the background (engines only read the program); its answer is
// dropped. name names the run when it has no stages (a single engine).
func guarded(name string, deadline time.Time, memLimit uint64, run func(onStage func(verify.Stage, bool)) (*verify.Result, error)) (*verify.Result, []uint64, error, guardOutcome) {
	type answer struct {
		r   *verify.Result
		err error
	}
	log := &stageLog{}
	done := make(chan answer, 1)
	start := time.Now()
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- answer{nil, &interp.InternalError{Value: p, Stack: debug.Stack()}}
			}
		}()
		r, err := run(log.observe)
		done <- answer{r, err}
	}()
	tick := time.NewTicker(guardPoll)
	defer tick.Stop()
	for {
		select {
		case a := <-done:
			return a.r, log.stagePeaks(), a.err, guardFinished
		case <-tick.C:
		}
		rss := residentBytes()
		log.sample(rss)
		if !deadline.IsZero() && time.Now().After(deadline.Add(graceFor(rss))) {
			why := fmt.Sprintf("abandoned: still running %.1f s past the time limit", time.Since(deadline).Seconds())
			r := unknownResult(engine.NewReason(engine.Timeout, "timeout: "+log.runningStage(name)+" did not stop at the time limit"),
				log.snapshot(name, engine.NewReason(engine.Timeout, why)), start)
			return r, log.stagePeaks(), nil, guardTimeout
		}
		if memLimit > 0 {
			if rss > memLimit {
				stage := log.runningStage(name)
				why := fmt.Sprintf("abandoned: resident memory %s passed the limit %s", humanBytes(rss), humanBytes(memLimit))
				r := unknownResult(engine.Because(engine.Memory, "memory: %s passed the memory limit %s (resident %s)", stage, humanBytes(memLimit), humanBytes(rss)),
					log.snapshot(name, engine.NewReason(engine.Memory, why)), start)
				r.Fixpoint.Stats.PeakHeap = rss
				return r, log.stagePeaks(), nil, guardMemory
			}
		}
	}
}

// unknownResult is the guard's own answer.
func unknownResult(reason engine.Reason, stages []verify.Stage, start time.Time) *verify.Result {
	return &verify.Result{
		Result:   engine.Result{Verdict: engine.Unknown, Reason: reason, Time: time.Since(start)},
		Fixpoint: &interp.Result{},
		Engine:   "guard",
		Stages:   stages,
	}
}
