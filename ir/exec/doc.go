// Package exec is the concrete interpreter of ir programs: it runs a
// program from main on given inputs and reports how the run ended, the
// inputs it consumed, the path it took and the final values. It is the
// project's ground truth: the C front end's differential tester compares
// it with gcc, and counterexamples are replayed on it before a FALSE
// verdict is printed.
//
// # Semantics
//
// Run follows ir's semantics (see package ir) exactly:
//
//   - Variables are mathematical integers (numeric.Int); nothing wraps
//     unless the program says so.
//   - At a location the enabled out-edges are the Assume edges whose
//     condition holds (ir.Eval) or may hold (a condition with ir.Nondet
//     whose value is not determined), and every edge of another kind. No
//     enabled edge: the run is Blocked (an assume failed). Several: the
//     Oracle chooses; a run never chooses to block while an edge is
//     enabled (blocked runs reach nothing, so no reachable location is
//     lost).
//   - Assign is parallel; Havoc takes its value from the Oracle (Input for
//     program inputs, Arbitrary otherwise), except that a Havoc with a Def
//     takes the value Def.Eval computes, which must lie in the Havoc's
//     Range and must let the run continue past the location right after
//     it (the front end pins it there with Assumes); otherwise the run
//     ends Internal, since that is a front-end bug. A Def that C leaves
//     undefined (division by zero, a bad shift) ends the run Undefined.
//   - Call binds the callee's formals to the arguments evaluated in the
//     caller, runs the callee from Entry to Exit with fresh locals, then
//     assigns the callee's Ret to the call's Result. Activations live on
//     an explicit stack, so recursion is limited only by Options.MaxDepth.
//   - Return assigns Ret (when it has a value) and goes to Exit.
//   - Reaching an Error location ends the run ErrorReached; an unsupported
//     location (an Error location marked ir.Loc.Unsupported: a construct
//     the front end does not model), UnsupportedReached, never
//     ErrorReached; a Sink, Sink; main's Exit, Returned.
//
// Variables start uninitialised: globals and main's variables at the
// start, a callee's locals and return slot at each call. An uninitialised
// variable gets its arbitrary value from the Oracle (Arbitrary, with a
// Havoc of the variable's type range that is not in the program) when it
// is first read, which is equivalent to choosing it at the start and lets
// Result.Arbitrary count the values a run really depended on: a C run
// with Arbitrary > 0 read an indeterminate value (or an unmodelled
// operation's result) and cannot be compared with gcc.
//
// # Oracles
//
// An Oracle supplies what the program leaves open. Inputs replays a fixed
// sequence (input havocs and choices take the next value in order; other
// arbitrary values are the value of least magnitude in range); Random
// draws values and choices from a random source. Result.Inputs records
// every input and choice in execution order, so Inputs(r.InputValues()...)
// replays a run r whose Arbitrary is 0 (or whose arbitrary values were
// least-magnitude ones).
//
// # Speed
//
// New compiles a program once (the frame of each function; per edge the
// variables it reads and its expressions and conditions in int64 form);
// a Machine then runs it any number of times without allocating per step
// unless Options.RecordPath is set. Run is New(p).Run for one-off use.
//
// Values stay numeric.Int, exact; the compiled forms compute on int64
// and detect every overflow, and an expression whose coefficients,
// operands or intermediate results leave int64 is evaluated exactly
// instead (math/big), so a variable beyond int64 costs only the steps
// that read it. An edge whose reads were found initialised in the
// current activation of its function is not checked again. On the long
// deterministic loops of counterexample replay a step costs a few
// nanoseconds, and a run that records no path jumps over the iterations
// of loops that repeat affinely (accel.go) with exactly the steps, values
// and outcome of taking them one by one.
package exec
