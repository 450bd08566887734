// This file defines Program, Var, IntType and Diagnostic.

package ir

import (
	"fmt"
	"math/big"

	"github.com/numpred/numpred/numeric"
)

// Pos is a source position; Line and Col are 1-based, zero when unknown.
type Pos struct {
	File      string
	Line, Col int
}

// String formats p as file:line:col.
func (p Pos) String() string {
	if p.Line == 0 {
		if p.File == "" {
			return "-"
		}
		return p.File
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// IntType is the range of values a variable may hold: the Bits-bit signed
// or unsigned integers, or the mathematical integers when Bits is 0.
type IntType struct {
	Name   string // C spelling, e.g. "unsigned int"; "int" for Linear Programs
	Bits   int    // 0: unbounded
	Signed bool
}

// Unbounded is the type of mathematical integers (Linear Programs).
var Unbounded = IntType{Name: "int", Signed: true}

// Bool is C's _Bool: 0 or 1.
var Bool = IntType{Name: "_Bool", Bits: 1}

// IsBounded reports whether t has a finite range.
func (t IntType) IsBounded() bool { return t.Bits > 0 }

// Min returns the least value of a bounded type.
func (t IntType) Min() numeric.Int {
	if !t.Signed || t.Bits == 0 {
		return numeric.I(0)
	}
	return numeric.IntFromBig(new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), uint(t.Bits-1))))
}

// Max returns the greatest value of a bounded type.
func (t IntType) Max() numeric.Int {
	n := t.Bits
	if t.Signed {
		n--
	}
	return numeric.IntFromBig(new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(n)), big.NewInt(1)))
}

// Range returns the range of t as bounds ((-oo, +oo) when unbounded; a
// bound outside int64 becomes infinite, which is sound for a havoc).
func (t IntType) Range() numeric.Range {
	if !t.IsBounded() {
		return numeric.FullRange
	}
	return numeric.Range{Lo: numeric.BoundDown(t.Min()), Hi: numeric.BoundUp(t.Max())}
}

// Scope says where a variable lives.
type Scope uint8

const (
	Global Scope = iota
	Formal
	Local
	Result // a function's return slot
)

func (s Scope) String() string {
	return [...]string{"global", "formal", "local", "result"}[s]
}

// Var is a program variable. ID is its index in Program.Vars and its
// dimension in expressions.
type Var struct {
	ID    int
	Name  string // source name
	Qual  string // unique name: Name for globals, func::Name otherwise
	Type  IntType
	Scope Scope
	Func  *Func // nil for globals
	Pos   Pos
	// Temp marks a front end's temporary (a value carried between the
	// edges of one source expression, e.g. a wrap-around's quotient):
	// analyses may forget it where it is dead.
	Temp bool
}

func (v *Var) String() string { return v.Qual }

// Severity classifies a diagnostic.
type Severity uint8

const (
	// Warning: modelled by a sound over-approximation (e.g. a havoc).
	Warning Severity = iota
	// Unsupported: not modelled soundly. A program-wide one allows no TRUE
	// and no FALSE verdict; a Local one (an unsupported location's) matters
	// only where it is reached.
	Unsupported
)

func (s Severity) String() string {
	if s == Unsupported {
		return "unsupported"
	}
	return "warning"
}

// Diagnostic is a front-end message at a position.
type Diagnostic struct {
	Pos      Pos
	Severity Severity
	Msg      string
	// Local marks the diagnostic of an unsupported location (see
	// Loc.Unsupported): it holds on the paths that reach that location,
	// not on the whole program.
	Local bool
	// Check marks an unsupported location that is a run-time check the
	// front end inserted (a memory write that may hit no modelled cell),
	// not a construct of the program: worth a message only when reached.
	Check bool
}

func (d Diagnostic) String() string {
	if d.Local {
		return fmt.Sprintf("%s: %s where reached: %s", d.Pos, d.Severity, d.Msg)
	}
	return fmt.Sprintf("%s: %s: %s", d.Pos, d.Severity, d.Msg)
}

// Program is a whole program: globals, functions, and diagnostics.
type Program struct {
	File    string
	Lang    string // "c" or "lp"
	Globals []*Var
	Vars    []*Var // every variable, indexed by ID
	Funcs   []*Func
	Main    *Func
	Diags   []Diagnostic
	// Plain, when set, is the same program without the front end's ghost
	// state (cfront's ghost cells of array elements): for an exact engine
	// (bmc) the ghost branches are only a cost.
	Plain *Program
}

// NewProgram returns an empty program read from file in language lang.
func NewProgram(file, lang string) *Program { return &Program{File: file, Lang: lang} }

// NewGlobal adds a global variable.
func (p *Program) NewGlobal(name string, t IntType, pos Pos) *Var {
	v := p.newVar(name, name, t, Global, nil, pos)
	p.Globals = append(p.Globals, v)
	return v
}

func (p *Program) newVar(name, qual string, t IntType, s Scope, f *Func, pos Pos) *Var {
	v := &Var{ID: len(p.Vars), Name: name, Qual: qual, Type: t, Scope: s, Func: f, Pos: pos}
	p.Vars = append(p.Vars, v)
	return v
}

// TypeRange returns the range of e when each of its variables ranges
// over its type (false when one has an unbounded type).
func (p *Program) TypeRange(e numeric.LinExpr) (lo, hi numeric.Int, ok bool) {
	lo, hi = e.Constant(), e.Constant()
	for i := 0; i < e.NumTerms(); i++ {
		tm := e.Term(i)
		v := p.Vars[tm.Dim]
		if !v.Type.IsBounded() {
			return lo, hi, false
		}
		a, b := tm.Coef.Mul(v.Type.Min()), tm.Coef.Mul(v.Type.Max())
		if a.Cmp(b) > 0 {
			a, b = b, a
		}
		lo, hi = lo.Add(a), hi.Add(b)
	}
	return lo, hi, true
}

// Func returns the function called name, or nil.
func (p *Program) Func(name string) *Func {
	for _, f := range p.Funcs {
		if f.Name == name {
			return f
		}
	}
	return nil
}

// Diag records a diagnostic.
func (p *Program) Diag(pos Pos, s Severity, format string, args ...any) {
	p.Diags = append(p.Diags, Diagnostic{Pos: pos, Severity: s, Msg: fmt.Sprintf(format, args...)})
}

// Unsupported returns the program-wide diagnostics of severity
// Unsupported: with any of them, no verdict but UNKNOWN is allowed. The
// diagnostics of unsupported locations (Local) are not among them.
func (p *Program) Unsupported() []Diagnostic {
	var out []Diagnostic
	for _, d := range p.Diags {
		if d.Severity == Unsupported && !d.Local {
			out = append(out, d)
		}
	}
	return out
}

// UnsupportedLocs returns the unsupported locations of every function.
func (p *Program) UnsupportedLocs() []*Loc {
	var out []*Loc
	for _, f := range p.Funcs {
		for _, l := range f.Locs {
			if l.Unsupported != nil {
				out = append(out, l)
			}
		}
	}
	return out
}

// Env returns the numeric environment naming every variable by its
// qualified name, dimension = ID.
func (p *Program) Env() *numeric.Env {
	names := make([]string, len(p.Vars))
	for i, v := range p.Vars {
		names[i] = v.Qual
	}
	env, err := numeric.NewEnv(names...)
	if err != nil {
		panic("ir: duplicate qualified variable names: " + err.Error())
	}
	return env
}
