// This file defines Counterexample, its text form and its JSON form (the
// contract of ../shared/DESIGN.md).

package cex

import (
	"fmt"
	"io"
	"strings"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// Input is one value returned by a nondeterministic source.
type Input struct {
	Function string      // the source: "__VERIFIER_nondet_int", "nondet" (x = ? in a Linear Program), "choice" (if (*)), "malloc" (ir.HeapInput)
	Value    numeric.Int // the value returned
	Pos      ir.Pos      // where the program calls it
	// Heap, for a heap input, is the cell of the Block-th malloc'd block
	// (from 1) that the value fills (a pointer cell: 0 null, 1
	// ir.InvalidAddress).
	Heap  *ir.HeapCell
	Block int
}

// Content returns the value a heap input stores into its cell: the
// value, or the address it stands for in a pointer cell.
func (in Input) Content() numeric.Int {
	if in.Heap != nil && in.Heap.Pointer && in.Value.Sign() != 0 {
		return numeric.I(ir.InvalidAddress)
	}
	return in.Value
}

// Assignment is a variable's value after a step.
type Assignment struct {
	Var   *ir.Var
	Value numeric.Int
}

// Step is one edge of the run.
type Step struct {
	Edge     *ir.Edge
	Depth    int // call depth: 0 in main
	Assigned []Assignment
}

// Counterexample is a concrete run reaching an error location.
type Counterexample struct {
	Inputs []Input
	Path   []Step
	Error  *ir.Loc // the error location reached
	// Arbitrary counts havocs that were neither inputs nor determined
	// (an uninitialised local, an unknown external function's result):
	// the run chose their values, which a compiled program may not.
	Arbitrary int
	// Patterned counts the automatic variables declared without
	// initializer that the run gave gcc's -ftrivial-auto-var-init=pattern
	// value (every byte 0xFE): the run is what gcc does with that flag
	// (ReplayGCC passes it).
	Patterned int
	// Overflows counts signed wrap-arounds on the run (undefined
	// behaviour when they come from arithmetic).
	Overflows int
	// Ambiguous counts choices between edges with no Nondet condition (a
	// branch the front end did not model): such a run may not be real.
	Ambiguous int
	// Steps is the length of the run; Path is empty when the run was too
	// long to record (its inputs replay it).
	Steps int
}

// Trusted reports whether c is a counterexample of the C program itself,
// not only of its model: no signed overflow (undefined behaviour), no
// value the program leaves undetermined, no branch the front end did not
// model.
func (c *Counterexample) Trusted() bool {
	return c.Overflows == 0 && c.Arbitrary == 0 && c.Ambiguous == 0
}

// JSON is the JSON form of a counterexample: inputs and path.
type JSON struct {
	Inputs []JSONInput `json:"inputs"`
	Path   []JSONStep  `json:"path"`
	// Patterned, when not 0, says the run gave uninitialised locals gcc's
	// -ftrivial-auto-var-init=pattern value (Counterexample.Patterned).
	Patterned int `json:"patterned,omitempty"`
}

// JSONInput is one input: values are decimal strings.
type JSONInput struct {
	Function string        `json:"function"`
	Value    string        `json:"value"`
	Location string        `json:"location"`
	Heap     *JSONHeapCell `json:"heap,omitempty"`
}

// JSONHeapCell is where a heap input goes: Size bytes at Offset in the
// Block-th malloc'd block of the run, holding Content (decimal).
type JSONHeapCell struct {
	Block   int    `json:"block"`
	Offset  int64  `json:"offset"`
	Size    int64  `json:"size"`
	Content string `json:"content"`
}

// JSONStep is one step of the path with its source location.
type JSONStep struct {
	Location string            `json:"location"`
	Function string            `json:"function"`
	Op       string            `json:"op"`
	Assigned map[string]string `json:"assigned,omitempty"`
}

// JSON returns the JSON form of c.
func (c *Counterexample) JSON() JSON {
	out := JSON{Inputs: []JSONInput{}, Path: []JSONStep{}, Patterned: c.Patterned}
	for _, in := range c.Inputs {
		j := JSONInput{Function: in.Function, Value: in.Value.String(), Location: in.Pos.String()}
		if in.Heap != nil {
			j.Heap = &JSONHeapCell{Block: in.Block, Offset: in.Heap.Off, Size: in.Heap.Size, Content: in.Content().String()}
		}
		out.Inputs = append(out.Inputs, j)
	}
	if len(c.Path) == 0 {
		return out
	}
	env := c.Path[0].Edge.From.Func.Program.Env()
	for _, s := range c.sourceSteps() {
		js := JSONStep{Location: s.Edge.Pos.String(), Function: s.Edge.From.Func.Name, Op: ir.OpString(s.Edge.Op, env)}
		for _, a := range s.Assigned {
			if js.Assigned == nil {
				js.Assigned = map[string]string{}
			}
			js.Assigned[a.Var.Name] = a.Value.String()
		}
		out.Path = append(out.Path, js)
	}
	return out
}

// sourceSteps returns the steps worth showing: those that assign a
// source variable, call, return, or take a branch (a Skip or an
// assignment of a front-end temporary says nothing to a reader).
func (c *Counterexample) sourceSteps() []Step {
	var out []Step
	for _, s := range c.Path {
		switch op := s.Edge.Op.(type) {
		case *ir.Skip:
			continue
		case *ir.Assume:
			if len(s.Edge.From.Out) < 2 {
				continue
			}
		case *ir.Assign, *ir.Havoc:
			var named []Assignment
			for _, a := range s.Assigned {
				if !strings.HasPrefix(a.Var.Name, "$") {
					named = append(named, a)
				}
			}
			if len(named) == 0 {
				if h, ok := op.(*ir.Havoc); !ok || h.Input == "" {
					continue
				}
			}
			s.Assigned = named
		}
		out = append(out, s)
	}
	return out
}

// WriteText writes c for people: the inputs, then the path as source
// locations with the values assigned.
func (c *Counterexample) WriteText(w io.Writer) {
	fmt.Fprintf(w, "counterexample: %d input(s)\n", len(c.Inputs))
	// Heap cells that stay zero (most of a fresh block) are only counted.
	var shown []int
	zero := 0
	for i, in := range c.Inputs {
		if in.Heap != nil && in.Value.Sign() == 0 {
			zero++
			continue
		}
		shown = append(shown, i)
	}
	if zero > 0 {
		fmt.Fprintf(w, "  (%d cell(s) of malloc'd blocks hold 0: listed in the JSON output)\n", zero)
	}
	eachShown(len(shown), w, "inputs left out here (every input is in the JSON output and the witness)", func(k int) {
		i := shown[k]
		in := c.Inputs[i]
		if in.Heap != nil {
			fmt.Fprintf(w, "  input %d: block %d of malloc at %s holds %s at offset %d (%d bytes)\n", i+1, in.Block, in.Pos, in.Content(), in.Heap.Off, in.Heap.Size)
			return
		}
		fmt.Fprintf(w, "  input %d: %s returns %s at %s\n", i+1, in.Function, in.Value, in.Pos)
	})
	if c.Patterned > 0 {
		fmt.Fprintf(w, "  (uninitialised locals hold gcc's -ftrivial-auto-var-init=pattern value, every byte 0xFE: compile with that flag to replay)\n")
	}
	if c.Arbitrary > 0 {
		fmt.Fprintf(w, "  (%d value(s) of unknown origin chosen by the run)\n", c.Arbitrary)
	}
	fmt.Fprintln(w, "path:")
	steps := c.sourceSteps()
	eachShown(len(steps), w, "steps left out here (the inputs replay the whole run)", func(i int) {
		s := steps[i]
		line := fmt.Sprintf("  %s %s%s", s.Edge.Pos, strings.Repeat("  ", s.Depth), s.Edge.From.Func.Name)
		var parts []string
		for _, a := range s.Assigned {
			parts = append(parts, a.Var.Name+" = "+a.Value.String())
		}
		switch op := s.Edge.Op.(type) {
		case *ir.Call:
			parts = append(parts, "call "+op.Callee.Name)
		case *ir.Return:
			parts = append(parts, "return")
		case *ir.Assume:
			parts = append(parts, "branch "+ir.CondString(op.Cond, s.Edge.From.Func.Program.Env()))
		}
		if len(parts) > 0 {
			line += ": " + strings.Join(parts, ", ")
		}
		fmt.Fprintln(w, line)
	})
	if c.Error != nil {
		fmt.Fprintf(w, "  %s error location reached in %s\n", c.Error.Pos, c.Error.Func.Name)
	}
}

// maxTextLines bounds the inputs and the path steps the text of a
// counterexample lists: the first and the last half of it are shown.
const maxTextLines = 2000

// eachShown calls f on the indices of the n lines to list: all of them,
// or the first and the last maxTextLines/2, with a note on w saying what
// was left out between them.
func eachShown(n int, w io.Writer, what string, f func(i int)) {
	h := maxTextLines / 2
	for i := 0; i < n; i++ {
		if n > maxTextLines && i == h {
			fmt.Fprintf(w, "  ... %d %s\n", n-2*h, what)
			i = n - h
		}
		f(i)
	}
}
