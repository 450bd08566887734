// This file implements the text printer of programs, used by golden tests
// and `numpred ir`.

package ir

import (
	"fmt"
	"io"
	"strings"

	"github.com/numpred/numpred/numeric"
)

// OpString formats op naming variables by env.
func OpString(op Op, env *numeric.Env) string {
	switch op := op.(type) {
	case *Assign:
		l := make([]string, len(op.Lhs))
		r := make([]string, len(op.Rhs))
		for i := range op.Lhs {
			l[i] = op.Lhs[i].Qual
			r[i] = op.Rhs[i].String(env)
		}
		return strings.Join(l, ", ") + " := " + strings.Join(r, ", ")
	case *Assume:
		return "[" + CondString(op.Cond, env) + "]"
	case *Havoc:
		s := fmt.Sprintf("%s := nondet %s", op.Var.Qual, op.Range)
		if op.Input != "" {
			s += " input " + op.Input
		}
		if op.Def != nil {
			s += " def " + op.Def.String(env)
		}
		if op.Fresh {
			s += " fresh"
		}
		if op.Uninit {
			s += " uninit"
		}
		if c := op.Heap; c != nil {
			s += fmt.Sprintf(" at +%d:%d", c.Off, c.Size)
			if c.Pointer {
				s += " pointer"
			}
		}
		if op.Load != nil {
			s += " " + op.Load.String(env)
		}
		return s
	case *Call:
		args := make([]string, len(op.Args))
		for i, a := range op.Args {
			args[i] = a.String(env)
		}
		s := op.Callee.Name + "(" + strings.Join(args, ", ") + ")"
		if op.Result != nil {
			s = op.Result.Qual + " := " + s
		}
		return "call " + s
	case *Return:
		if op.HasValue {
			return "return " + op.Value.String(env)
		}
		return "return"
	case *Skip:
		s := "skip"
		if op.Alloc {
			s += " malloc"
		}
		if op.Mem != nil {
			s += " " + op.Mem.String(env)
		}
		return s
	}
	return "<bad op>"
}

// Print writes a readable listing of p: globals, then each function's
// variables, locations and edges in ID order.
func Print(w io.Writer, p *Program) error {
	env := p.Env()
	var sb strings.Builder
	fmt.Fprintf(&sb, "program %s (%s)\n", p.File, p.Lang)
	for _, v := range p.Globals {
		fmt.Fprintf(&sb, "global %s %s\n", v.Type.Name, v.Qual)
	}
	for _, f := range p.Funcs {
		sb.WriteString("\n")
		printFunc(&sb, f, env)
	}
	for _, d := range p.Diags {
		fmt.Fprintf(&sb, "%s\n", d)
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

func printFunc(sb *strings.Builder, f *Func, env *numeric.Env) {
	names := func(vs []*Var) string {
		s := make([]string, len(vs))
		for i, v := range vs {
			s[i] = v.Type.Name + " " + v.Name
		}
		return strings.Join(s, ", ")
	}
	fmt.Fprintf(sb, "func %s(%s)", f.Name, names(f.Formals))
	if f.Ret != nil {
		fmt.Fprintf(sb, " %s", f.Ret.Type.Name)
	}
	sb.WriteString("\n")
	if len(f.Locals) > 0 {
		fmt.Fprintf(sb, "  locals %s\n", names(f.Locals))
	}
	for _, l := range f.Locs {
		var tags []string
		if l.Unsupported != nil {
			tags = append(tags, "unsupported: "+l.Unsupported.Msg)
		} else if l.Kind != Normal {
			tags = append(tags, l.Kind.String())
		}
		if l.LoopHead {
			tags = append(tags, "loop")
		}
		if l.Label != "" {
			tags = append(tags, "label "+l.Label)
		}
		fmt.Fprintf(sb, "  %s", l)
		if len(tags) > 0 {
			fmt.Fprintf(sb, " (%s)", strings.Join(tags, ", "))
		}
		sb.WriteString("\n")
		for _, e := range l.Out {
			fmt.Fprintf(sb, "    -> %s  %s", e.To, OpString(e.Op, env))
			if e.Pos.Line > 0 {
				fmt.Fprintf(sb, "  @%d:%d", e.Pos.Line, e.Pos.Col)
			}
			sb.WriteString("\n")
		}
	}
}

// Dot writes p in Graphviz dot syntax, one cluster per function.
func Dot(w io.Writer, p *Program) error {
	env := p.Env()
	var sb strings.Builder
	sb.WriteString("digraph program {\n  node [shape=circle, fontsize=10];\n")
	for fi, f := range p.Funcs {
		fmt.Fprintf(&sb, "  subgraph cluster_%d {\n    label=%q;\n", fi, f.Name)
		for _, l := range f.Locs {
			shape := "circle"
			switch l.Kind {
			case Entry:
				shape = "doublecircle"
			case Exit:
				shape = "doublecircle"
			case Error:
				shape = "octagon"
			case Sink:
				shape = "box"
			}
			label := l.String()
			if l.Unsupported != nil {
				label += "\\nunsupported"
			} else if l.Kind != Normal {
				label += "\\n" + l.Kind.String()
			}
			fmt.Fprintf(&sb, "    f%d_%d [label=\"%s\", shape=%s];\n", fi, l.ID, label, shape)
		}
		for _, e := range f.Edges {
			fmt.Fprintf(&sb, "    f%d_%d -> f%d_%d [label=%q];\n", fi, e.From.ID, fi, e.To.ID, OpString(e.Op, env))
		}
		sb.WriteString("  }\n")
	}
	sb.WriteString("}\n")
	_, err := io.WriteString(w, sb.String())
	return err
}
