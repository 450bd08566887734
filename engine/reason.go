// This file defines Reason, why an engine answered UNKNOWN: a kind that
// programs compare and the text that users read.

package engine

import "fmt"

// Kind classifies a Reason.
type Kind int

// The kinds of reasons.
const (
	// None: no reason (a TRUE or FALSE verdict).
	None Kind = iota
	// Timeout: the deadline passed (or an operation did not stop at it).
	Timeout
	// Canceled: the context was canceled.
	Canceled
	// Memory: a memory limit was passed.
	Memory
	// Internal: an engine failed (a bug of numpred, not of the program).
	Internal
	// Unsupported: the program has a construct the front end does not
	// model soundly, which the engine (may) reach.
	Unsupported
	// Untrusted: an error is reachable, but no counterexample passed the
	// trust rule (see Trust).
	Untrusted
	// Bound: a bound of the engine was reached (unwinding, states,
	// nodes, refinements, call depth).
	Bound
	// Imprecise: the abstraction reaches an error that refinement could
	// not remove (or no refinement was tried).
	Imprecise
	// Failure: a decision procedure or library under the engine gave up
	// or failed (the solver's unknown, a domain's error).
	Failure
	// Undecided: several engines ran and none decided (the default
	// strategy), or a search found nothing.
	Undecided
)

var kindNames = [...]string{"none", "timeout", "canceled", "memory", "internal", "unsupported",
	"untrusted", "bound", "imprecise", "failure", "undecided"}

// String returns the kind's name: "timeout", "memory", ...
func (k Kind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Reason says why a verdict is UNKNOWN. The zero Reason is no reason.
type Reason struct {
	Kind Kind
	// Text is what users read; empty means the kind's name (Timeout:
	// "timeout", Memory: "memory", Canceled: "canceled").
	Text string
}

// Because returns the reason of kind k with the text of format and args.
func Because(k Kind, format string, args ...any) Reason {
	return Reason{Kind: k, Text: fmt.Sprintf(format, args...)}
}

// NewReason returns the reason of kind k with text.
func NewReason(k Kind, text string) Reason { return Reason{Kind: k, Text: text} }

// Reasons without text.
var (
	// TimedOut is the deadline's reason: "timeout".
	TimedOut = Reason{Kind: Timeout}
	// OutOfMemory is the memory limit's reason: "memory".
	OutOfMemory = Reason{Kind: Memory}
	// WasCanceled is the canceled context's reason: "canceled".
	WasCanceled = Reason{Kind: Canceled}
)

// InternalError is the reason of an engine's failure err: "internal
// error: " and err.
func InternalError(err error) Reason {
	return Reason{Kind: Internal, Text: "internal error: " + err.Error()}
}

// String returns the text users read ("" for no reason).
func (r Reason) String() string {
	if r.Text != "" || r.Kind == None {
		return r.Text
	}
	return r.Kind.String()
}

// IsZero reports whether r is no reason.
func (r Reason) IsZero() bool { return r.Kind == None && r.Text == "" }
