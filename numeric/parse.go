// This file implements the text syntax of linear expressions and
// constraints, used by tests, examples and the CLI:
//
//	system     = constraint { ("," | "&&" | ";") constraint }
//	constraint = expr relop expr
//	relop      = "<=" | "<" | ">=" | ">" | "=" | "=="
//	expr       = [sign] term { sign term }
//	term       = int [["*"] ident] | ident ["*" int]
//	ident      = letter { letter | digit | "_" | "'" | "." }
//
// Examples: "2x - y <= 3", "x = y + 1", "0 <= i, i < n".

package numeric

import (
	"fmt"
	"strings"
)

// Position is a 1-based line and column in a source text.
type Position struct {
	Line, Col int
}

func (p Position) String() string { return fmt.Sprintf("%d:%d", p.Line, p.Col) }

// SyntaxError is a parse error at a position.
type SyntaxError struct {
	Pos Position
	Msg string
}

func (e *SyntaxError) Error() string { return e.Pos.String() + ": " + e.Msg }

// ParseLinExpr parses a linear expression over the names of env.
func ParseLinExpr(src string, env *Env) (LinExpr, error) {
	p := newParser(src, env, false)
	e, err := p.expr()
	if err == nil {
		err = p.expectEOF()
	}
	return e, err
}

// ParseConstraint parses one constraint over the names of env.
func ParseConstraint(src string, env *Env) (Constraint, error) {
	p := newParser(src, env, false)
	c, err := p.constraint()
	if err == nil {
		err = p.expectEOF()
	}
	return c, err
}

// ParseConstraints parses a conjunction of constraints over the names of
// env. The empty text is the empty conjunction.
func ParseConstraints(src string, env *Env) ([]Constraint, error) {
	return newParser(src, env, false).system()
}

// ParseSystem parses a conjunction of constraints over any names, and
// returns the environment of those names in order of first appearance.
func ParseSystem(src string) (*Env, []Constraint, error) {
	p := newParser(src, nil, true)
	cs, err := p.system()
	if err != nil {
		return nil, nil, err
	}
	env, _ := NewEnv(p.names...)
	return env, cs, nil
}

// MustParseConstraints is ParseConstraints for trusted text (tests and
// examples); it panics on error.
func MustParseConstraints(src string, env *Env) []Constraint {
	cs, err := ParseConstraints(src, env)
	if err != nil {
		panic(err)
	}
	return cs
}

type tokKind int

const (
	tEOF tokKind = iota
	tInt
	tIdent
	tOp
)

type token struct {
	kind tokKind
	text string
	pos  Position
}

type parser struct {
	src    string
	off    int
	line   int
	col    int
	tok    token
	env    *Env
	extend bool
	names  []string
	index  map[string]Dim
}

func newParser(src string, env *Env, extend bool) *parser {
	p := &parser{src: src, line: 1, col: 1, env: env, extend: extend, index: map[string]Dim{}}
	p.next()
	return p
}

func (p *parser) errorf(pos Position, format string, args ...any) error {
	return &SyntaxError{Pos: pos, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) advance(n int) {
	for i := 0; i < n; i++ {
		if p.src[p.off] == '\n' {
			p.line++
			p.col = 1
		} else {
			p.col++
		}
		p.off++
	}
}

func isLetter(c byte) bool { return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

func (p *parser) next() {
	for p.off < len(p.src) && strings.IndexByte(" \t\r\n", p.src[p.off]) >= 0 {
		p.advance(1)
	}
	pos := Position{p.line, p.col}
	if p.off >= len(p.src) {
		p.tok = token{kind: tEOF, pos: pos}
		return
	}
	start := p.off
	c := p.src[p.off]
	switch {
	case isDigit(c):
		for p.off < len(p.src) && isDigit(p.src[p.off]) {
			p.advance(1)
		}
		p.tok = token{tInt, p.src[start:p.off], pos}
	case isLetter(c):
		for p.off < len(p.src) && (isLetter(p.src[p.off]) || isDigit(p.src[p.off]) || p.src[p.off] == '\'' || p.src[p.off] == '.') {
			p.advance(1)
		}
		p.tok = token{tIdent, p.src[start:p.off], pos}
	default:
		for _, op := range []string{"<=", ">=", "==", "&&", "<", ">", "=", "+", "-", "*", ",", ";"} {
			if strings.HasPrefix(p.src[p.off:], op) {
				p.advance(len(op))
				p.tok = token{tOp, op, pos}
				return
			}
		}
		p.tok = token{tOp, string(c), pos}
		p.advance(1)
		p.tok.kind = -1 // invalid
	}
}

func (p *parser) describe(t token) string {
	switch t.kind {
	case tEOF:
		return "end of input"
	case tInt:
		return "integer " + t.text
	case tIdent:
		return "name " + t.text
	case tOp:
		return fmt.Sprintf("%q", t.text)
	}
	return fmt.Sprintf("unexpected character %q", t.text)
}

func (p *parser) expectEOF() error {
	if p.tok.kind != tEOF {
		return p.errorf(p.tok.pos, "expected end of input, found %s", p.describe(p.tok))
	}
	return nil
}

func (p *parser) system() ([]Constraint, error) {
	var cs []Constraint
	if p.tok.kind == tEOF {
		return nil, nil
	}
	for {
		c, err := p.constraint()
		if err != nil {
			return nil, err
		}
		cs = append(cs, c)
		if p.tok.kind == tOp && (p.tok.text == "," || p.tok.text == "&&" || p.tok.text == ";") {
			p.next()
			continue
		}
		if err := p.expectEOF(); err != nil {
			return nil, err
		}
		return cs, nil
	}
}

func (p *parser) constraint() (Constraint, error) {
	lhs, err := p.expr()
	if err != nil {
		return Constraint{}, err
	}
	op := p.tok
	if op.kind != tOp || !strings.Contains(" <= < >= > = == ", " "+op.text+" ") {
		return Constraint{}, p.errorf(op.pos, "expected a comparison (<=, <, >=, >, =), found %s", p.describe(op))
	}
	p.next()
	rhs, err := p.expr()
	if err != nil {
		return Constraint{}, err
	}
	switch op.text {
	case "<=":
		return Le(lhs, rhs), nil
	case "<":
		return Lt(lhs, rhs), nil
	case ">=":
		return Ge(lhs, rhs), nil
	case ">":
		return Gt(lhs, rhs), nil
	}
	return Eq(lhs, rhs), nil
}

func (p *parser) expr() (LinExpr, error) {
	var e LinExpr
	first := true
	for {
		neg := false
		if p.tok.kind == tOp && (p.tok.text == "+" || p.tok.text == "-") {
			neg = p.tok.text == "-"
			p.next()
		} else if !first {
			return e, nil
		}
		t, err := p.term()
		if err != nil {
			return LinExpr{}, err
		}
		if neg {
			t = t.Neg()
		}
		e = e.Add(t)
		first = false
	}
}

func (p *parser) term() (LinExpr, error) {
	switch p.tok.kind {
	case tInt:
		k, _ := ParseInt(p.tok.text)
		p.next()
		if p.tok.kind == tOp && p.tok.text == "*" {
			p.next()
			if p.tok.kind != tIdent {
				return LinExpr{}, p.errorf(p.tok.pos, "expected a variable after '*', found %s", p.describe(p.tok))
			}
		}
		if p.tok.kind == tIdent {
			v, err := p.variable()
			if err != nil {
				return LinExpr{}, err
			}
			return v.Scale(k), nil
		}
		return ConstInt(k), nil
	case tIdent:
		v, err := p.variable()
		if err != nil {
			return LinExpr{}, err
		}
		if p.tok.kind == tOp && p.tok.text == "*" {
			p.next()
			if p.tok.kind != tInt {
				return LinExpr{}, p.errorf(p.tok.pos, "expected an integer after '*' (expressions must be linear), found %s", p.describe(p.tok))
			}
			k, _ := ParseInt(p.tok.text)
			p.next()
			return v.Scale(k), nil
		}
		return v, nil
	}
	return LinExpr{}, p.errorf(p.tok.pos, "expected an integer or a variable, found %s", p.describe(p.tok))
}

func (p *parser) variable() (LinExpr, error) {
	name, pos := p.tok.text, p.tok.pos
	p.next()
	if p.extend {
		d, ok := p.index[name]
		if !ok {
			d = Dim(len(p.names))
			p.names = append(p.names, name)
			p.index[name] = d
		}
		return Var(d), nil
	}
	d, ok := p.env.Lookup(name)
	if !ok {
		return LinExpr{}, p.errorf(pos, "unknown variable %q", name)
	}
	return Var(d), nil
}
