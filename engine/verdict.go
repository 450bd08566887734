// This file defines Verdict, the answer of every engine.

package engine

// Verdict is the answer of an engine.
type Verdict string

const (
	// True: no error location is reachable.
	True Verdict = "TRUE"
	// False: an error location is reachable (with a trusted
	// counterexample).
	False Verdict = "FALSE"
	// Unknown: neither could be established; the Reason says why.
	Unknown Verdict = "UNKNOWN"
)
