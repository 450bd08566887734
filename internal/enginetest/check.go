// This file runs an engine on the corpus and compares its verdicts with
// the want lines.

package enginetest

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/internal/gcccheck"
	"github.com/numpred/numpred/ir"
)

// Default time limits of a run (Options).
const (
	// DefaultLimit is the time limit of a run that must answer TRUE or
	// FALSE: the expected answers come in a few seconds at most on a
	// loaded 2-core machine, most in well under one (a program an engine
	// takes longer on is marked slow for it), so a timeout is a failure.
	DefaultLimit = 10 * time.Second
	// DefaultShortLimit is the time limit of a run that must answer
	// UNKNOWN or may time out (slow): such runs often end only at the
	// limit (a bound is never reached), and a shorter one still shows
	// that no wrong verdict comes early.
	DefaultShortLimit = 3 * time.Second
)

// Options configures Check; the zero Options are the defaults.
type Options struct {
	// Limit is a run's time limit where TRUE or FALSE is expected
	// (DefaultLimit when 0).
	Limit time.Duration
	// ShortLimit is a run's time limit where UNKNOWN is expected or the
	// program is slow for the engine (DefaultShortLimit when 0, at most
	// Limit).
	ShortLimit time.Duration
	// Short skips the runs under ShortLimit (for testing.Short: they
	// take the most time and find the fewest bugs).
	Short bool
	// Log, when set, is told every run's answer and time (t.Logf).
	Log func(format string, args ...any)
	// Stats, when set, gives the engine's statistics for the log line.
	Stats func(*engine.Result) string
}

// A Mismatch is a run whose answer is not what its program wants.
type Mismatch struct {
	Program string // the file name
	Engine  string // the run's name
	Want    engine.Verdict
	// Got and Reason are the answer (none when Err is set).
	Got    engine.Verdict
	Reason engine.Reason
	// Err is the engine's error, or what is wrong with a FALSE's
	// counterexample.
	Err error
}

// WrongVerdict reports whether m is a decided verdict that contradicts
// the expected one (TRUE where FALSE is expected or the reverse).
func (m Mismatch) WrongVerdict() bool {
	return m.Err == nil && (m.Got == engine.True && m.Want == engine.False || m.Got == engine.False && m.Want == engine.True)
}

func (m Mismatch) String() string {
	if m.Err != nil {
		return fmt.Sprintf("%s %s: %v (want %s)", m.Program, m.Engine, m.Err, m.Want)
	}
	return fmt.Sprintf("%s %s: %s, want %s", m.Program, m.Engine, answer(m.Got, m.Reason), m.Want)
}

// answer is the text of a verdict and its reason: TRUE, UNKNOWN (timeout).
func answer(v engine.Verdict, r engine.Reason) string {
	if r.IsZero() {
		return string(v)
	}
	return fmt.Sprintf("%s (%s)", v, r)
}

// Check runs eng on every program of progs that wants something of a run
// called eng.Name(), each loaded afresh and under its time limit, and
// returns the mismatches (see the package comment).
func Check(eng engine.Engine, progs []*Program, opt Options) []Mismatch {
	if opt.Limit <= 0 {
		opt.Limit = DefaultLimit
	}
	if opt.ShortLimit <= 0 {
		opt.ShortLimit = DefaultShortLimit
	}
	if opt.Log == nil {
		opt.Log = func(string, ...any) {}
	}
	name := eng.Name()
	var out []Mismatch
	for _, p := range progs {
		want, slow, ok := p.Expect(name)
		if !ok {
			continue
		}
		limit := opt.Limit
		if want == engine.Unknown || slow {
			if opt.Short {
				continue
			}
			limit = min(limit, opt.ShortLimit)
		}
		m := Mismatch{Program: p.Name(), Engine: name, Want: want}
		prog, err := frontend.Load(p.Path)
		if err != nil {
			m.Err = err
			out = append(out, m)
			continue
		}
		res, d, err := run(eng, prog, limit)
		if err != nil {
			m.Err = err
			out = append(out, m)
			continue
		}
		m.Got, m.Reason = res.Verdict, res.Reason
		stats := ""
		if opt.Stats != nil && res.Stats != nil {
			stats = " " + opt.Stats(res)
		}
		opt.Log("%s %s: %s in %v (want %s)%s", m.Program, name, answer(res.Verdict, res.Reason), d.Round(time.Millisecond), want, stats)
		timedOut := res.Verdict == engine.Unknown && res.Reason.Kind == engine.Timeout
		switch {
		case res.Verdict == want:
		case timedOut && slow:
			opt.Log("%s %s: timeout allowed (slow), want %s", m.Program, name, want)
		default:
			out = append(out, m)
		}
		if res.Verdict == engine.False {
			err := confirmFalse(p, prog, res)
			if errors.Is(err, gcccheck.ErrNotRun) {
				opt.Log("%s %s: %v", m.Program, name, err)
			} else if err != nil {
				m.Err = err
				out = append(out, m)
			}
		}
	}
	return out
}

// Test runs Check and reports every mismatch as an error of t, and every
// run in t's log.
func Test(t *testing.T, eng engine.Engine, progs []*Program, opt Options) {
	t.Helper()
	if opt.Log == nil {
		opt.Log = t.Logf
	}
	for _, m := range Check(eng, progs, opt) {
		t.Error(m)
	}
}

// run runs eng on prog until limit.
func run(eng engine.Engine, prog *ir.Program, limit time.Duration) (*engine.Result, time.Duration, error) {
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	t0 := time.Now()
	res, err := eng.Run(ctx, prog)
	return res, time.Since(t0), err
}

// confirmFalse checks a FALSE answer on p, whose program is prog: a
// counterexample that passes the trust rule and, when gcc is installed,
// reaches reach_error in the compiled program.
func confirmFalse(p *Program, prog *ir.Program, res *engine.Result) error {
	if res.Counterexample == nil {
		return fmt.Errorf("FALSE without a counterexample")
	}
	if why := engine.Trust(prog, res.Counterexample); !why.IsZero() {
		return fmt.Errorf("FALSE with an untrusted counterexample: %s", why)
	}
	key := p.Path
	for _, in := range res.Counterexample.Inputs {
		key += " " + in.Value.String()
	}
	if r, ok := replayed.Load(key); ok {
		return r.(replay).err
	}
	err := gcccheck.Replay(p.Path, res.Counterexample)
	replayed.Store(key, replay{err})
	return err
}

// replayed holds the outcomes of gcc replays (nil included) by program
// and inputs: engines often find the same counterexample, and each
// replay compiles the program.
var replayed sync.Map

type replay struct{ err error }
