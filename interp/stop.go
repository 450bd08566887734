// This file implements stopper: what every long loop of the analysis and
// every domain operation asks to know whether to stop, the analysis's
// context being done (timeout, cancellation) or the heap having passed
// Config.MemoryLimit.

package interp

import (
	stdcontext "context"
	"errors"
	"runtime/metrics"

	"github.com/numpred/numpred/engine"
)

type stopper struct {
	ctx    stdcontext.Context
	limit  uint64 // bytes of heap; 0: none
	calls  int
	memOut bool
	probe  []metrics.Sample
}

func newStopper(ctx stdcontext.Context, limit uint64) *stopper {
	return &stopper{ctx: ctx, limit: limit, probe: []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}}
}

// active reports whether the analysis can be stopped at all.
func (s *stopper) active() bool { return s.ctx.Done() != nil || s.limit > 0 }

// stopped reports whether the analysis must stop. The heap is read every
// 16th call (a read costs about as much as a small BDD operation).
func (s *stopper) stopped() bool {
	if s.memOut || s.ctx.Err() != nil {
		return true
	}
	if s.limit == 0 {
		return false
	}
	s.calls++
	if s.calls&15 == 0 {
		metrics.Read(s.probe)
		if v := s.probe[0].Value; v.Kind() == metrics.KindUint64 && v.Uint64() > s.limit {
			s.memOut = true
		}
	}
	return s.memOut
}

// reason says why the analysis stopped: memory, canceled or timeout.
func (s *stopper) reason() engine.Reason {
	switch {
	case s.memOut:
		return engine.OutOfMemory
	case errors.Is(s.ctx.Err(), stdcontext.Canceled):
		return engine.WasCanceled
	}
	return engine.TimedOut
}
