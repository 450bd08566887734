// This file defines the trust rule of every FALSE verdict, the one place
// it is written.

package engine

import (
	"errors"

	"github.com/numpred/numpred/cex"
	"github.com/numpred/numpred/ir"
)

// Trust applies the rule every FALSE verdict passes to cx, a run an
// engine found (engines build it with cex.Replay or cex.ReplayPath: a
// replay of its inputs on the concrete interpreter). It returns the zero
// Reason when cx may be answered FALSE with, the reason it may not
// otherwise:
//
//   - cx is nil: the run did not replay (Untrusted);
//   - prog has program-wide unsupported constructs (Unsupported): the
//     model may differ from the program anywhere;
//   - the run ends at no violation (Internal: replay ends only at one);
//   - the run overflows a signed integer (Untrusted: undefined
//     behaviour, which SV-COMP tasks assume away);
//   - the run takes a value the program leaves undetermined or a branch
//     the front end did not model (Untrusted: a compiled program may not
//     do the same).
//
// An unsupported location (ir.Loc.Unsupported) inside a function does
// not matter: the run ends at a violation, so it went through none.
func Trust(prog *ir.Program, cx *cex.Counterexample) Reason {
	switch {
	case cx == nil:
		return Because(Untrusted, "an error is reachable in the model, but no run replays it")
	case len(prog.Unsupported()) > 0:
		return Because(Unsupported, "an error is reachable in the model, but the program has unsupported constructs")
	case cx.Error == nil || !cx.Error.IsViolation():
		return Because(Internal, "internal: a counterexample that ends at no violation")
	case cx.Overflows > 0:
		return Because(Untrusted, "an error is reachable, but only after a signed integer overflow (undefined behaviour in C)")
	case cx.Arbitrary > 0 || cx.Ambiguous > 0:
		return Because(Untrusted, "an error is reachable, but only with values the program leaves undetermined (uninitialised variables, unknown functions' results)")
	}
	return Reason{}
}

// Falsify answers FALSE with cx when cx passes Trust, UNKNOWN with
// Trust's reason otherwise. Error becomes the location cx reaches in
// both cases.
func (r *Result) Falsify(prog *ir.Program, cx *cex.Counterexample) {
	if cx != nil {
		r.Error = cx.Error
	}
	if why := Trust(prog, cx); !why.IsZero() {
		r.Verdict, r.Reason, r.Counterexample = Unknown, why, nil
		return
	}
	r.Verdict, r.Reason, r.Counterexample = False, Reason{}, cx
}

// ErrNoCounterexample is Confirm's error for a FALSE result without a
// counterexample (an engine's bug).
var ErrNoCounterexample = errors.New("internal error: FALSE without a counterexample")

// Confirm applies the trust rule to a result an engine returned: a FALSE
// verdict stands only with a counterexample that passes Trust (it
// becomes UNKNOWN otherwise), and one without a counterexample is an
// error. Whoever runs engines calls it, so that no engine's bug can
// print an untrusted FALSE.
func (r *Result) Confirm(prog *ir.Program) error {
	if r.Verdict != False {
		return nil
	}
	if r.Counterexample == nil {
		return ErrNoCounterexample
	}
	r.Falsify(prog, r.Counterexample)
	return nil
}
