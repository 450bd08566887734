// Package engine is the contract between numpred's engines (absint,
// cegar, bmc, kind, abe, impact) and whatever runs them (package verify's
// registry and default strategy, the CLI, the tests).
//
// An Engine is a name and a Run on a context and an *ir.Program; the
// context carries the deadline (an engine that reaches it answers
// UNKNOWN with a Timeout reason). Every engine answers one Result:
//
//   - a Verdict: TRUE (no error location is reachable), FALSE (one is, and
//     Counterexample shows how) or UNKNOWN;
//   - a Reason for UNKNOWN: a Kind programs compare (Timeout, Memory,
//     Internal, Unsupported, Untrusted, Bound, Imprecise, ...) and the
//     text users read (Reason.String);
//   - the invariants it proved, typed (Invariant: a location and an
//     ir.Cond over the program's variables), when it has them;
//   - the engine's statistics, typed by the engine (Stats; List names
//     them for --stats and JSON).
//
// The trust rule of every FALSE verdict is written once, here (Trust,
// Result.Falsify, Result.Confirm): a counterexample the concrete
// interpreter replayed to a violation, with no signed overflow, no value
// the program leaves undetermined, on a program without program-wide
// unsupported constructs. Anything else is UNKNOWN.
//
// The package names no engine: engines import it, never the reverse.
package engine
