// This file writes SV-COMP violation witnesses in format 2.0 (YAML,
// entry_type violation_sequence): one segment per nondet input, whose
// waypoint fixes the value the call returns, then a segment with the
// target waypoint at the error location.

package cex

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// WitnessTask describes the verification task a witness is about.
type WitnessTask struct {
	File          string // the program file as given to the tool
	Source        []byte // its contents (for the hash and for locations)
	DataModel     string // "ILP32" or "LP64"
	Specification string // default: the unreach-call property
	Producer      string // tool name and version
	Now           time.Time
}

// withDefaults fills the specification and the time when unset.
func (t WitnessTask) withDefaults() WitnessTask {
	if t.Specification == "" {
		t.Specification = ReachSpec
	}
	if t.Now.IsZero() {
		t.Now = time.Now()
	}
	return t
}

// ReachSpec is the SV-COMP unreach-call property.
const ReachSpec = "G ! call(reach_error())"

// WriteWitness writes c as a violation witness for task. Inputs from
// Linear Programs (not C) have no witness form: it is an error to ask.
// Heap inputs are left out (a waypoint cannot constrain memory).
func WriteWitness(w io.Writer, c *Counterexample, task WitnessTask) error {
	if c.Error == nil {
		return fmt.Errorf("cex: counterexample without an error location")
	}
	task = task.withDefaults()
	name := filepath.Base(task.File)
	var sb strings.Builder
	writeMetadata(&sb, "violation_sequence", task)
	for _, in := range c.Inputs {
		if in.Heap != nil {
			// A malloc'd block's content has no waypoint in the format:
			// the witness leaves it open, as C does.
			continue
		}
		if !strings.HasPrefix(in.Function, "__VERIFIER_nondet") {
			return fmt.Errorf("cex: input from %s has no witness form", in.Function)
		}
		line, col := closingParen(task.Source, in.Pos.Line, in.Pos.Col)
		sb.WriteString("    - segment:\n")
		sb.WriteString("        - waypoint:\n")
		sb.WriteString("            type: function_return\n")
		sb.WriteString("            action: follow\n")
		writeLocation(&sb, name, line, col, funcOf(c, in))
		sb.WriteString("            constraint:\n")
		fmt.Fprintf(&sb, "              value: %s\n", quote("\\result == "+in.Value.String()))
		sb.WriteString("              format: acsl_expression\n")
	}
	sb.WriteString("    - segment:\n")
	sb.WriteString("        - waypoint:\n")
	sb.WriteString("            type: target\n")
	sb.WriteString("            action: follow\n")
	writeLocation(&sb, name, c.Error.Pos.Line, c.Error.Pos.Col, c.Error.Func.Name)
	_, err := io.WriteString(w, sb.String())
	return err
}

// LoopInvariant is a loop invariant of a correctness witness: a C
// expression that holds whenever the loop at Line:Col of Func is about
// to test its condition.
type LoopInvariant struct {
	Line, Col int
	Func      string
	Value     string // a C expression
}

// WriteCorrectnessWitness writes a correctness witness (format 2.0,
// entry_type invariant_set) with the loop invariants invs for task. The
// caller has checked them (bmc.Certify).
func WriteCorrectnessWitness(w io.Writer, invs []LoopInvariant, task WitnessTask) error {
	task = task.withDefaults()
	name := filepath.Base(task.File)
	var sb strings.Builder
	writeMetadata(&sb, "invariant_set", task)
	if len(invs) == 0 {
		sb.WriteString("    []\n")
	}
	for _, inv := range invs {
		sb.WriteString("    - invariant:\n")
		sb.WriteString("        type: loop_invariant\n")
		sb.WriteString("        location:\n")
		fmt.Fprintf(&sb, "          file_name: %s\n", quote(name))
		fmt.Fprintf(&sb, "          line: %d\n", inv.Line)
		fmt.Fprintf(&sb, "          column: %d\n", inv.Col)
		fmt.Fprintf(&sb, "          function: %s\n", quote(inv.Func))
		fmt.Fprintf(&sb, "        value: %s\n", quote(inv.Value))
		sb.WriteString("        format: c_expression\n")
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// writeMetadata writes the start of a witness entry of the given type:
// its metadata and the "content:" key.
func writeMetadata(sb *strings.Builder, entryType string, task WitnessTask) {
	sum := sha256.Sum256(task.Source)
	fmt.Fprintf(sb, "- entry_type: %s\n", entryType)
	sb.WriteString("  metadata:\n")
	sb.WriteString("    format_version: \"2.0\"\n")
	fmt.Fprintf(sb, "    uuid: %s\n", quote(uuidFrom(sum[:], task.Now)))
	fmt.Fprintf(sb, "    creation_time: %s\n", quote(task.Now.UTC().Format(time.RFC3339)))
	sb.WriteString("    producer:\n")
	prod, ver, _ := strings.Cut(task.Producer, " ")
	if prod == "" {
		prod = "numpred"
	}
	fmt.Fprintf(sb, "      name: %s\n", quote(prod))
	if ver == "" {
		ver = "dev"
	}
	fmt.Fprintf(sb, "      version: %s\n", quote(ver))
	sb.WriteString("    task:\n")
	fmt.Fprintf(sb, "      input_files:\n        - %s\n", quote(task.File))
	fmt.Fprintf(sb, "      input_file_hashes:\n        %s: %s\n", quote(task.File), quote(hex.EncodeToString(sum[:])))
	fmt.Fprintf(sb, "      specification: %s\n", quote(task.Specification))
	dm := strings.ToUpper(task.DataModel)
	if dm == "" {
		dm = "LP64"
	}
	fmt.Fprintf(sb, "      data_model: %s\n", dm)
	sb.WriteString("      language: C\n")
	sb.WriteString("  content:\n")
}

func writeLocation(sb *strings.Builder, file string, line, col int, fn string) {
	sb.WriteString("            location:\n")
	fmt.Fprintf(sb, "              file_name: %s\n", quote(file))
	fmt.Fprintf(sb, "              line: %d\n", line)
	fmt.Fprintf(sb, "              column: %d\n", col)
	fmt.Fprintf(sb, "              function: %s\n", quote(fn))
}

// funcOf returns the function in which input in was read.
func funcOf(c *Counterexample, in Input) string {
	for _, s := range c.Path {
		if s.Edge.Pos == in.Pos {
			return s.Edge.From.Func.Name
		}
	}
	return "main"
}

// closingParen returns the position of the ')' closing the call that
// starts at line:col (format 2.0 places function_return waypoints there),
// or line:col itself when the source does not show one.
func closingParen(src []byte, line, col int) (int, int) {
	l, c := 1, 1
	i := 0
	for ; i < len(src) && (l < line || (l == line && c < col)); i++ {
		if src[i] == '\n' {
			l, c = l+1, 1
		} else {
			c++
		}
	}
	if l != line || c != col {
		return line, col
	}
	depth := 0
	for ; i < len(src); i++ {
		switch src[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				return l, c
			}
		case ';', '{', '}':
			if depth == 0 {
				return line, col
			}
		}
		if src[i] == '\n' {
			l, c = l+1, 1
		} else {
			c++
		}
	}
	return line, col
}

// uuidFrom derives a version-4-shaped UUID from the task hash and time.
func uuidFrom(sum []byte, now time.Time) string {
	h := sha256.Sum256(append(append([]byte{}, sum...), []byte(now.String())...))
	b := h[:16]
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	x := hex.EncodeToString(b)
	return x[0:8] + "-" + x[8:12] + "-" + x[12:16] + "-" + x[16:20] + "-" + x[20:32]
}

// quote returns s as a double-quoted YAML scalar.
func quote(s string) string { return strconv.Quote(s) }
