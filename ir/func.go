// This file defines Func, Loc and Edge: the control-flow automaton of one
// function, and the builder methods front ends use.

package ir

import "fmt"

// LocKind classifies a location.
type LocKind uint8

const (
	Normal LocKind = iota
	Entry
	Exit
	Error // an error location: reaching it violates the property
	Sink  // abort/exit: execution stops safely
)

func (k LocKind) String() string {
	return [...]string{"", "entry", "exit", "error", "sink"}[k]
}

// Loc is a control location of a function.
type Loc struct {
	ID       int // index in Func.Locs
	Func     *Func
	Kind     LocKind
	LoopHead bool // a loop head: the target of a back edge
	Pos      Pos
	Label    string // source label, if any
	Out, In  []*Edge
	// Unsupported, set only on an Error location without successors,
	// makes it an unsupported location: the front end lowered a construct
	// it cannot model (the diagnostic says which) to an edge into it.
	// Reaching it violates no property, but what C does next is unknown:
	// an engine needs it unreachable for TRUE, exactly as an error
	// location, and answers UNKNOWN, never FALSE, when it may be reached.
	// Engines that ignore the mark treat it as an error location, which is
	// sound for TRUE; ir/exec ends a run there with its own outcome.
	Unsupported *Diagnostic
}

// IsViolation reports whether l is an error location that is not an
// unsupported one: reaching it violates the property.
func (l *Loc) IsViolation() bool { return l.Kind == Error && l.Unsupported == nil }

// UnsupportedReason is the UNKNOWN reason of an engine that finds the
// unsupported location l (may be) reachable.
func UnsupportedReason(l *Loc) string {
	return fmt.Sprintf("unsupported construct reachable: %s: %s", l.Unsupported.Pos, l.Unsupported.Msg)
}

func (l *Loc) String() string { return "L" + itoa(l.ID) }

// Edge is a transition from one location to another, carrying one Op.
type Edge struct {
	ID       int // index in Func.Edges
	From, To *Loc
	Op       Op
	Pos      Pos
}

// Func is one function's control-flow automaton.
type Func struct {
	Name    string
	Pos     Pos
	Program *Program
	Formals []*Var
	Locals  []*Var
	Ret     *Var // return slot, nil for void functions
	Locs    []*Loc
	Edges   []*Edge
	Entry   *Loc
	Exit    *Loc
}

// NewFunc adds a function with an entry and an exit location.
func (p *Program) NewFunc(name string, pos Pos) *Func {
	f := &Func{Name: name, Pos: pos, Program: p}
	f.Entry = f.NewLoc(Entry, pos)
	f.Exit = f.NewLoc(Exit, pos)
	p.Funcs = append(p.Funcs, f)
	if name == "main" {
		p.Main = f
	}
	return f
}

// NewFormal adds a formal parameter (in order).
func (f *Func) NewFormal(name string, t IntType, pos Pos) *Var {
	v := f.Program.newVar(name, f.Name+"::"+name, t, Formal, f, pos)
	f.Formals = append(f.Formals, v)
	return v
}

// NewLocal adds a local variable. qualName must be unique within f (front
// ends disambiguate shadowed C block-scope names, e.g. "x.1").
func (f *Func) NewLocal(qualName string, t IntType, pos Pos) *Var {
	v := f.Program.newVar(qualName, f.Name+"::"+qualName, t, Local, f, pos)
	f.Locals = append(f.Locals, v)
	return v
}

// NewRet adds the function's return slot.
func (f *Func) NewRet(t IntType, pos Pos) *Var {
	f.Ret = f.Program.newVar("$ret", f.Name+"::$ret", t, Result, f, pos)
	return f.Ret
}

// NewLoc adds a location.
func (f *Func) NewLoc(k LocKind, pos Pos) *Loc {
	l := &Loc{ID: len(f.Locs), Func: f, Kind: k, Pos: pos}
	f.Locs = append(f.Locs, l)
	return l
}

// AddEdge adds an edge from -> to carrying op.
func (f *Func) AddEdge(from, to *Loc, op Op, pos Pos) *Edge {
	e := &Edge{ID: len(f.Edges), From: from, To: to, Op: op, Pos: pos}
	f.Edges = append(f.Edges, e)
	from.Out = append(from.Out, e)
	to.In = append(to.In, e)
	return e
}

// NewUnsupportedLoc adds an unsupported location (see Loc.Unsupported)
// for the construct at pos that msg names, and records its diagnostic in
// the program's (marked Local).
func (f *Func) NewUnsupportedLoc(pos Pos, msg string) *Loc {
	l := f.NewLoc(Error, pos)
	l.Unsupported = &Diagnostic{Pos: pos, Severity: Unsupported, Msg: msg, Local: true}
	return l
}

// ErrorLocs returns the error locations of f, unsupported ones included
// (see Loc.IsViolation).
func (f *Func) ErrorLocs() []*Loc {
	var out []*Loc
	for _, l := range f.Locs {
		if l.Kind == Error {
			out = append(out, l)
		}
	}
	return out
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	neg := i < 0
	if neg {
		i = -i
	}
	var b [20]byte
	n := len(b)
	for i > 0 {
		n--
		b[n] = byte('0' + i%10)
		i /= 10
	}
	if neg {
		n--
		b[n] = '-'
	}
	return string(b[n:])
}
