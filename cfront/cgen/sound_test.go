package cgen_test

import (
	"context"
	"flag"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/numpred/numpred/cfront/cgen"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/interp"
	"github.com/numpred/numpred/polylift"
	"github.com/numpred/numpred/verify"
)

var (
	soundN        = flag.Int("sound.n", 10, "tasks analysed by TestSoundness")
	soundSeed     = flag.Uint64("sound.seed", 1, "seed of TestSoundness")
	soundDeadline = flag.Duration("sound.deadline", 150*time.Millisecond, "time limit of one analysis in TestSoundness")
	soundConfigs  = flag.String("sound.configs", "", "comma-separated domain/numeric configurations of TestSoundness (default: every domain under every numeric domain; none: only -sound.engines)")
	soundBatch    = flag.Int("sound.batch", 100, "tasks per gcc build in TestSoundness")
	soundWorkers  = flag.Int("sound.workers", 1, "tasks analysed at once by TestSoundness")
	soundFptrs    = flag.Bool("sound.fptrs", false, "TestSoundness: tasks with calls through function pointers (TaskOptions.FuncPtrs)")
	soundMemory   = flag.Bool("sound.memory", false, "TestSoundness: tasks with arrays, structs, pointers and malloc'd blocks (TaskOptions.Memory; LP64 tasks only)")
	soundEngines  = flag.String("sound.engines", strings.Join(append(append([]string(nil), verify.EngineNames...), verify.Auto), ","),
		"comma-separated engines TestSoundness also runs through verify.Run (as numpred analyze --engine does), \"\" for none")
	soundEngineDeadline = flag.Duration("sound.engine.deadline", 300*time.Millisecond, "time limit of one engine run in TestSoundness")
)

// enginePrefix marks a configuration that is an engine of verify (the
// others are interp domain/numeric pairs).
const enginePrefix = "engine:"

// liftPrefix marks a domain/numeric configuration run on the program's
// polynomial lifting (package polylift).
const liftPrefix = "lift:"

// soundnessConfigs returns the configurations to run: by default every
// domain under every numeric domain it uses.
func soundnessConfigs() []string {
	var cs []string
	if *soundEngines != "" {
		for _, e := range strings.Split(*soundEngines, ",") {
			cs = append(cs, enginePrefix+e)
		}
	}
	switch *soundConfigs {
	case "none":
		return cs
	case "":
	default:
		return append(cs, strings.Split(*soundConfigs, ",")...)
	}
	cs = append(cs, liftPrefix+"nexpoint/affine+interval", liftPrefix+"nexpoint/polyhedra", liftPrefix+"nex/affine+interval")
	for _, d := range interp.DomainNames {
		if d == "predicate" {
			cs = append(cs, d+"/interval")
			continue
		}
		for _, n := range interp.NumericNames {
			if interp.Combines(d, n) {
				cs = append(cs, d+"/"+n)
			}
		}
	}
	return cs
}

// soundTally is what TestSoundness counts per configuration.
type soundTally struct {
	mu       sync.Mutex
	proved   map[string]int // TRUE on TRUE tasks
	refuted  map[string]int // FALSE on FALSE tasks
	timeouts map[string]int
	spent    map[string]time.Duration
	wrong    int
}

// analyse runs every configuration on task and reports wrong verdicts.
func (s *soundTally) analyse(t *testing.T, task *cgen.Task, configs []string) {
	for _, c := range configs {
		t0 := time.Now()
		res, err := analyseUnder(task, c)
		d := time.Since(t0)
		s.mu.Lock()
		s.spent[c] += d
		switch {
		case err != nil:
			t.Errorf("%s under %s: %v\n%s", task.Name, c, err, task.Program.Source())
		case res.Verdict == engine.True && !task.True:
			s.wrong++
			t.Errorf("WRONG TRUE: %s under %s, but gcc reaches reach_error on some input (%d inputs, %d reach the property):\n%s",
				task.Name, c, task.Runs, task.Reached, task.Program.Source())
		case res.Verdict == engine.True:
			s.proved[c]++
		case res.Verdict == engine.False && task.True:
			s.wrong++
			t.Errorf("WRONG FALSE: %s under %s, but no input reaches reach_error under gcc:\n%s",
				task.Name, c, task.Program.Source())
		case res.Verdict == engine.False:
			s.refuted[c]++
		case res.Reason == engine.TimedOut:
			s.timeouts[c]++
		}
		s.mu.Unlock()
	}
}

// analyseUnder runs configuration c on task: an engine of verify
// (enginePrefix), or the interp fixpoint under a domain/numeric pair.
func analyseUnder(task *cgen.Task, c string) (*engine.Result, error) {
	if name, ok := strings.CutPrefix(c, enginePrefix); ok {
		cfg := verify.Config{Engine: name, Interp: interp.DefaultConfig(), Search: true}
		cfg.Interp.Deadline = time.Now().Add(*soundEngineDeadline)
		res, err := verify.Run(task.IR, cfg)
		if err != nil {
			return nil, err
		}
		return &res.Result, nil
	}
	prog := task.IR
	if rest, ok := strings.CutPrefix(c, liftPrefix); ok {
		c = rest
		if l, ok := polylift.Lift(prog, polylift.Options{}); ok {
			prog = l.Program
		}
	}
	domain, numeric, _ := strings.Cut(c, "/")
	cfg := interp.DefaultConfig()
	cfg.Domain, cfg.Numeric = domain, numeric
	cfg.Deadline = time.Now().Add(*soundDeadline)
	res, err := interp.Analyze(prog, cfg)
	if err != nil {
		return nil, err
	}
	return &engine.Result{Verdict: res.Verdict, Reason: res.Reason}, nil
}

// TestSoundness is the end-to-end soundness oracle: generated tasks whose
// verdict gcc decides by running every input (about half of them FALSE by
// one: the property bounds the observed value one short of its extreme)
// are analysed under every domain and numeric domain; no analysis may
// answer TRUE on a FALSE task (nor FALSE on a TRUE one). `make
// fuzz-sound` runs it on many more tasks.
func TestSoundness(t *testing.T) {
	h := &cgen.Harness{}
	if !h.Available() {
		t.Skip("gcc not available")
	}
	n := *soundN
	if testing.Short() {
		n = min(n, 4)
	}
	configs := soundnessConfigs()
	s := &soundTally{proved: map[string]int{}, refuted: map[string]int{}, timeouts: map[string]int{}, spent: map[string]time.Duration{}}
	var total cgen.TaskStats
	start := time.Now()
	for lo := 0; lo < n; lo += *soundBatch {
		tasks, st, ms, err := h.Tasks(context.Background(), cgen.TaskOptions{Seed: *soundSeed, Start: lo, N: min(*soundBatch, n-lo), FuncPtrs: *soundFptrs,
			Memory: *soundMemory})
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range ms {
			t.Errorf("%v\nreduced:\n%v", m, h.Reduce(context.Background(), m, time.Minute))
		}
		total.Generated += st.Generated
		total.Undefined += st.Undefined
		total.Unreached += st.Unreached
		total.True += st.True
		total.False += st.False
		total.Runs += st.Runs
		work := make(chan *cgen.Task)
		var wg sync.WaitGroup
		for w := 0; w < max(*soundWorkers, 1); w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for task := range work {
					s.analyse(t, task, configs)
				}
			}()
		}
		for _, task := range tasks {
			work <- task
		}
		close(work)
		wg.Wait()
		t.Logf("tasks: %v; %d wrong verdicts (%v)", total, s.wrong, time.Since(start).Round(time.Second))
	}
	var sb strings.Builder
	for _, c := range configs {
		fmt.Fprintf(&sb, "\n  %-20s %5d TRUE of %d, %5d FALSE of %d, %5d timeouts, %v", c, s.proved[c], total.True,
			s.refuted[c], total.False, s.timeouts[c], s.spent[c].Round(time.Millisecond))
	}
	t.Logf("%v; %d wrong verdicts; verdicts per configuration (deadline %v, engines %v):%s", total, s.wrong, *soundDeadline, *soundEngineDeadline, sb.String())
	if total.True == 0 || total.False == 0 {
		t.Errorf("the tasks are not mixed: %d TRUE, %d FALSE", total.True, total.False)
	}
}
