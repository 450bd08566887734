// This file defines what a run reports: Outcome, Input, Step, Binding and
// Result, and the Options that bound a run.

package exec

import (
	"fmt"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// Outcome says how a run ended.
type Outcome uint8

const (
	// Returned: main reached its Exit.
	Returned Outcome = iota
	// ErrorReached: the run reached an Error location (a property
	// violation).
	ErrorReached
	// Sink: the run reached a Sink location (abort, exit) and stopped
	// safely.
	Sink
	// Blocked: no out-edge of the current location was enabled (an
	// Assume failed; cfront sends a failed __VERIFIER_assume to a Sink).
	Blocked
	// StepLimit: the run took Options.MaxSteps edges without ending.
	StepLimit
	// DepthLimit: a call would have exceeded Options.MaxDepth activations.
	DepthLimit
	// InputsExhausted: the Oracle had no more inputs or choices.
	InputsExhausted
	// Undefined: a Def that C leaves undefined (division by zero, a shift
	// out of range); gcc's behaviour there is not C semantics.
	Undefined
	// Internal: an inconsistency that is no property of the program: a Def
	// value outside its Havoc's range or contradicting the Assumes that pin
	// it (a front-end bug), an oracle answer out of range, or a malformed
	// program. Err says which.
	Internal
	// UnsupportedReached: the run reached an unsupported location (see
	// ir.Loc.Unsupported): a construct the front end does not model, so
	// what C does next is unknown. It is no property violation.
	UnsupportedReached
)

var outcomeNames = [...]string{"returned", "error reached", "sink", "blocked", "step limit",
	"depth limit", "inputs exhausted", "undefined behaviour", "internal error", "unsupported construct reached"}

func (o Outcome) String() string {
	if int(o) < len(outcomeNames) {
		return outcomeNames[o]
	}
	return fmt.Sprintf("Outcome(%d)", uint8(o))
}

// ChoiceSource is the Source of an Input that records a choice among
// several enabled edges; its Value is the index of the chosen edge among
// the enabled ones, in the order of Loc.Out.
const ChoiceSource = "choice"

// Input is one value a run consumed from its Oracle: an input havoc's
// value (Source is the havoc's Input, e.g. "__VERIFIER_nondet_int") or a
// choice (Source is ChoiceSource).
type Input struct {
	Source string
	Value  numeric.Int
	Pos    ir.Pos // the havoc edge's position, or the choosing location's
	Func   string // the function executing it
	// Heap, for a heap input (ir.HeapInput), is its cell in block number
	// Block (1 for the run's first malloc).
	Heap  *ir.HeapCell
	Block int
}

// Binding is a variable and the value it received.
type Binding struct {
	Var   *ir.Var
	Value numeric.Int
}

// Step is one edge of a recorded path. A Call edge appears twice: when
// the call starts (Assigned holds the callee's formals) and, with Return
// set, when it returns (Assigned holds the call's Result, if any); the
// callee's steps come in between, one level deeper.
type Step struct {
	Edge   *ir.Edge
	Depth  int  // activations below this one: 0 in main
	Return bool // the step completes the Call Edge
	// Assigned lists the variables the step wrote with their new values.
	Assigned []Binding
	// Initial lists the uninitialised variables the step (or the choice
	// of its edge) read, with the arbitrary values chosen for them.
	Initial []Binding
}

// EdgeStep is a Step without its values (Options.RecordEdges): a
// quarter of the memory of a Step.
type EdgeStep struct {
	Edge   *ir.Edge
	Depth  int32
	Return bool
	// HasAddr says that the step accessed memory (ir.MemRead,
	// ir.MemWrite) at address Addr.
	HasAddr bool
	Addr    uint64
}

// Result is what a run reports.
type Result struct {
	Outcome Outcome
	// Loc is where the run ended: the Error or Sink location, main's
	// Exit, the location that blocked or where a limit struck.
	Loc *ir.Loc
	// Edge is the edge being executed when the run ended (Undefined,
	// InputsExhausted, Internal, DepthLimit), nil otherwise.
	Edge *ir.Edge
	// Err explains Undefined and Internal outcomes.
	Err error
	// Steps counts the edges taken.
	Steps int
	// Inputs lists the input values and choices consumed, in order.
	Inputs []Input
	// Arbitrary counts the values the Oracle's Arbitrary supplied: havocs
	// without Input or Def over a narrower range than their variable's
	// type, and reads of uninitialised or indeterminate variables (a
	// havoc without Input or Def over the whole type only makes its
	// variable indeterminate: a value nobody reads is no dependency).
	Arbitrary int
	// Patterned counts the automatic variables declared without
	// initializer that the run gave gcc's -ftrivial-auto-var-init=pattern
	// value (ir.Havoc.Uninit): a run that reads one is what gcc does with
	// that flag.
	Patterned int
	// Overflows counts the wrap-arounds of signed values the run took
	// (ir.Assume.Overflow, ir.Havoc.Overflow): undefined behaviour in C
	// for arithmetic, so such a run is no trustworthy counterexample.
	Overflows int
	// Ambiguous counts the choices among enabled edges none of which has
	// an ir.Nondet condition (overlapping conditions, or the two Skip edges
	// a front end emits for a branch it does not model): always zero for a
	// deterministic program.
	Ambiguous int
	// Ret is main's return value when the run Returned and main's Ret was
	// assigned (HasRet).
	Ret    numeric.Int
	HasRet bool
	// Vals holds the final value of every variable, indexed by ID: the
	// globals and, for each function still active, its innermost
	// activation's variables. Other entries (and variables never
	// assigned) are meaningless.
	Vals []numeric.Int
	// Path lists the steps taken, when Options.RecordPath is set.
	Path []Step
	// Edges lists the steps taken without their values, when
	// Options.RecordEdges is set without RecordPath.
	Edges []EdgeStep
}

// InputValues returns the values of r.Inputs, in order: Inputs of them
// replays the run.
func (r *Result) InputValues() []numeric.Int {
	vs := make([]numeric.Int, len(r.Inputs))
	for i, in := range r.Inputs {
		vs[i] = in.Value
	}
	return vs
}

// Value returns the final value of v (see Vals).
func (r *Result) Value(v *ir.Var) numeric.Int { return r.Vals[v.ID] }

// Options bound a run. Zero fields take the defaults.
type Options struct {
	// MaxSteps bounds the edges a run takes (default DefaultMaxSteps).
	MaxSteps int
	// MaxDepth bounds the activations on the call stack, main's included
	// (default DefaultMaxDepth).
	MaxDepth int
	// MaxInputs, when positive, ends the run with StepLimit once it has
	// consumed more than this many inputs and choices (checked every few
	// thousand steps, with Stop): Result.Inputs is a run's only memory
	// that grows with its length when no path is recorded.
	MaxInputs int
	// RecordPath makes the run record Result.Path.
	RecordPath bool
	// RecordEdges, without RecordPath, makes the run record Result.Edges:
	// the steps without their values, a quarter of the memory, for a
	// caller that follows the edges only.
	RecordEdges bool
	// EdgeBuf, when RecordEdges, is where Result.Edges goes (from its
	// start): an earlier run's Edges, reused, spares a long path's
	// allocation and page faults.
	EdgeBuf []EdgeStep
	// Stop, when non-nil, is polled every few thousand steps; a run whose
	// Stop returns true ends with StepLimit (a caller's deadline).
	Stop func() bool
}

// Default limits of a run.
const (
	DefaultMaxSteps = 1 << 20
	DefaultMaxDepth = 1 << 12
)
