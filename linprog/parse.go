// This file implements the recursive-descent parser of Linear Programs
// (Table 1 of Armando, Castellini and Mantovani, with the extensions listed
// in doc.go) and the package's entry points Parse and ParseFile.

package linprog

import (
	"fmt"
	"os"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// Error is a positioned error in a Linear Program; Error() formats it as
// file:line:col: message.
type Error struct {
	Pos ir.Pos
	Msg string
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }

// maxDepth bounds the nesting of statements and expressions, so that
// hostile input cannot exhaust the stack.
const maxDepth = 1000

// Parse parses the Linear Program src, read from filename, and translates
// it into an ir.Program whose Main is the procedure main. The error, if
// any, is an *Error positioned at the offending token.
func Parse(filename string, src []byte) (*ir.Program, error) {
	toks, err := lex(filename, src)
	if err != nil {
		return nil, err
	}
	p := &parser{toks: toks}
	f, err := p.parseFile()
	if err != nil {
		return nil, err
	}
	return build(filename, f)
}

// ParseFile reads and parses the Linear Program in the named file.
func ParseFile(filename string) (*ir.Program, error) {
	src, err := os.ReadFile(filename)
	if err != nil {
		return nil, err
	}
	return Parse(filename, src)
}

// parser holds the token stream. Errors are reported by panicking with a
// *Error, recovered in parseFile: the grammar is small and this keeps each
// production a straight line.
type parser struct {
	toks  []token
	i     int
	depth int
}

func (p *parser) tok() token        { return p.toks[p.i] }
func (p *parser) peek(k int) token  { return p.toks[min(p.i+k, len(p.toks)-1)] }
func (p *parser) at(k tokKind) bool { return p.toks[p.i].Kind == k }
func (p *parser) next() token       { t := p.toks[p.i]; p.advance(); return t }
func (p *parser) advance()          { p.i = min(p.i+1, len(p.toks)-1) }
func (p *parser) failf(pos ir.Pos, format string, args ...any) {
	panic(&Error{Pos: pos, Msg: fmt.Sprintf(format, args...)})
}

// expect consumes a token of kind k or fails with "expected what, found ...".
func (p *parser) expect(k tokKind, what string) token {
	if !p.at(k) {
		p.errExpected(what)
	}
	return p.next()
}

func (p *parser) errExpected(what string) {
	t := p.tok()
	p.failf(t.Pos, "expected %s, found %s", what, t.describe())
}

func (p *parser) enter() {
	p.depth++
	if p.depth > maxDepth {
		p.failf(p.tok().Pos, "nesting too deep (more than %d levels)", maxDepth)
	}
}

func (p *parser) leave() { p.depth-- }

// parseFile parses prog ::= (decl | proc)*.
func (p *parser) parseFile() (f *file, err error) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*Error)
			if !ok {
				panic(r)
			}
			f, err = nil, e
		}
	}()
	f = &file{}
	for !p.at(tEOF) {
		switch {
		case p.at(tKwInt) && p.peek(1).Kind == tIdent && p.peek(2).Kind == tLParen:
			p.next() // C-style result type of a procedure
			f.Procs = append(f.Procs, p.parseProc())
		case p.at(tKwInt):
			f.Globals = append(f.Globals, p.parseDecl()...)
		case p.at(tKwVoid):
			p.next()
			if !p.at(tIdent) {
				p.errExpected("procedure name")
			}
			f.Procs = append(f.Procs, p.parseProc())
		case p.at(tIdent):
			f.Procs = append(f.Procs, p.parseProc())
		default:
			p.errExpected("declaration or procedure")
		}
	}
	f.EOF = p.tok().Pos
	return f, nil
}

// parseDecl parses decl ::= 'int' id+ ';' (commas between the names are
// optional).
func (p *parser) parseDecl() []*varDecl {
	p.expect(tKwInt, "'int'")
	var out []*varDecl
	for {
		t := p.expect(tIdent, "variable name")
		out = append(out, &varDecl{Name: t.Text, Pos: t.Pos})
		if p.at(tComma) {
			p.next()
			continue
		}
		if p.at(tSemi) {
			p.next()
			return out
		}
		if !p.at(tIdent) {
			p.errExpected("',' or ';'")
		}
	}
}

// parseProc parses proc ::= id '(' formals ')' body where body is either
// '{' (decl | lstmt)* '}' or the bare decl* lstmt* of Table 1.
func (p *parser) parseProc() *proc {
	name := p.expect(tIdent, "procedure name")
	pr := &proc{Name: name.Text, Pos: name.Pos}
	p.expect(tLParen, "'('")
	if p.at(tKwVoid) && p.peek(1).Kind == tRParen {
		p.next()
	}
	for !p.at(tRParen) {
		if p.at(tKwInt) {
			p.next()
		}
		t := p.expect(tIdent, "formal parameter or ')'")
		pr.Formals = append(pr.Formals, &varDecl{Name: t.Text, Pos: t.Pos})
		if p.at(tComma) {
			p.next()
			if p.at(tRParen) {
				p.errExpected("formal parameter")
			}
		}
	}
	p.next() // ')'
	if p.at(tLBrace) {
		p.next()
		for !p.at(tRBrace) {
			if p.at(tKwInt) {
				pr.Locals = append(pr.Locals, p.parseDecl()...)
				continue
			}
			if p.at(tEOF) {
				p.errExpected("'}'")
			}
			pr.Body = append(pr.Body, p.parseLStmt())
		}
		p.next()
		return pr
	}
	// Bare body: declarations, then statements up to the next procedure
	// (or global declaration) or the end of the file.
	for p.at(tKwInt) && !(p.peek(1).Kind == tIdent && p.peek(2).Kind == tLParen) {
		pr.Locals = append(pr.Locals, p.parseDecl()...)
	}
	for !p.at(tEOF) && !p.at(tKwInt) && !p.at(tKwVoid) && !p.startsProc() {
		pr.Body = append(pr.Body, p.parseLStmt())
	}
	return pr
}

// startsProc reports whether the tokens at the cursor start a procedure
// header: id '(' ... ')' not followed by ';' (that would be a call).
func (p *parser) startsProc() bool {
	if !p.at(tIdent) || p.peek(1).Kind != tLParen {
		return false
	}
	depth := 0
	for j := p.i + 1; j < len(p.toks); j++ {
		switch p.toks[j].Kind {
		case tLParen:
			depth++
		case tRParen:
			depth--
			if depth == 0 {
				return j+1 < len(p.toks) && p.toks[j+1].Kind != tSemi
			}
		case tEOF, tSemi, tLBrace, tRBrace:
			return false
		}
	}
	return false
}

// parseLStmt parses lstmt ::= stmt | id ':' stmt.
func (p *parser) parseLStmt() stmt {
	if p.at(tIdent) && p.peek(1).Kind == tColon {
		t := p.next()
		p.next()
		p.enter()
		defer p.leave()
		return &labelStmt{Pos: t.Pos, Label: t.Text, Stmt: p.parseLStmt()}
	}
	return p.parseStmt()
}

// parseStmt parses one statement.
func (p *parser) parseStmt() stmt {
	p.enter()
	defer p.leave()
	t := p.tok()
	switch t.Kind {
	case tSemi:
		p.next()
		return &skipStmt{Pos: t.Pos}
	case tLBrace:
		return &blockStmt{Pos: t.Pos, Body: p.parseBlock()}
	case tKwGoto:
		p.next()
		l := p.expect(tIdent, "label")
		p.expect(tSemi, "';'")
		return &gotoStmt{Pos: t.Pos, Label: l.Text}
	case tKwIf:
		p.next()
		s := &ifStmt{Pos: t.Pos, Cond: p.parseParenCond()}
		s.Then = p.parseBranch()
		if p.at(tKwElse) {
			p.next()
			s.Else = p.parseBranch()
		}
		return s
	case tKwWhile:
		p.next()
		s := &whileStmt{Pos: t.Pos, Cond: p.parseParenCond()}
		s.Body = p.parseBranch()
		return s
	case tKwAssert:
		p.next()
		s := &assertStmt{Pos: t.Pos, Cond: p.parseParenCond()}
		p.expect(tSemi, "';'")
		return s
	case tKwReturn:
		p.next()
		p.expect(tSemi, "';' (procedures return no value)")
		return &returnStmt{Pos: t.Pos}
	case tIdent:
		p.next()
		switch p.tok().Kind {
		case tAssign:
			p.next()
			var rhs expr
			if p.at(tQuestion) && p.peek(1).Kind == tSemi {
				rhs = &nondetExpr{Pos: p.next().Pos}
			} else {
				rhs = p.parseExpr()
			}
			p.expect(tSemi, "';'")
			return &assignStmt{Pos: t.Pos, Name: t.Text, Rhs: rhs}
		case tLParen:
			p.next()
			s := &callStmt{Pos: t.Pos, Name: t.Text}
			for !p.at(tRParen) {
				if p.at(tEOF) || p.at(tSemi) {
					p.errExpected("argument or ')'")
				}
				s.Args = append(s.Args, p.parseExpr())
				if p.at(tComma) {
					p.next()
					if p.at(tRParen) {
						p.errExpected("argument")
					}
				}
			}
			p.next()
			p.expect(tSemi, "';'")
			return s
		}
		p.errExpected("'=', '(' or ':' after " + t.Text)
	}
	p.errExpected("statement")
	return nil
}

// parseBlock parses '{' lstmt* '}'.
func (p *parser) parseBlock() []stmt {
	p.expect(tLBrace, "'{'")
	var out []stmt
	for !p.at(tRBrace) {
		if p.at(tEOF) {
			p.errExpected("'}'")
		}
		if p.at(tKwInt) {
			p.failf(p.tok().Pos, "declarations are allowed only at the top level of a procedure body")
		}
		out = append(out, p.parseLStmt())
	}
	p.next()
	return out
}

// parseBranch parses the body of if, else or while: a block, or (C-like)
// a single statement.
func (p *parser) parseBranch() []stmt {
	if p.at(tLBrace) {
		return p.parseBlock()
	}
	return []stmt{p.parseLStmt()}
}

// parseParenCond parses '(' pred ')'.
func (p *parser) parseParenCond() expr {
	p.expect(tLParen, "'('")
	e := p.parseExpr()
	p.expect(tRParen, "')'")
	return e
}

// parseExpr parses an expression, lowest precedence first:
//
//	or    ::= and ('||' and)*
//	and   ::= cmp ('&&' cmp)*
//	cmp   ::= sum [relop sum]
//	sum   ::= prod (('+' | '-') prod)*
//	prod  ::= unary ('*' unary)*
//	unary ::= ('-' | '+' | '!') unary | const | id | '?' | '(' or ')'
func (p *parser) parseExpr() expr {
	p.enter()
	defer p.leave()
	x := p.parseAnd()
	for p.at(tOrOr) {
		op := p.next()
		x = &binaryExpr{Pos: op.Pos, Op: op.Kind, X: x, Y: p.parseAnd()}
	}
	return x
}

func (p *parser) parseAnd() expr {
	x := p.parseCmp()
	for p.at(tAndAnd) {
		op := p.next()
		x = &binaryExpr{Pos: op.Pos, Op: op.Kind, X: x, Y: p.parseCmp()}
	}
	return x
}

func isRelop(k tokKind) bool {
	switch k {
	case tAssign, tEqEq, tNe, tLt, tLe, tGt, tGe:
		return true
	}
	return false
}

func (p *parser) parseCmp() expr {
	x := p.parseSum()
	if isRelop(p.tok().Kind) {
		op := p.next()
		x = &binaryExpr{Pos: op.Pos, Op: op.Kind, X: x, Y: p.parseSum()}
		if isRelop(p.tok().Kind) {
			p.failf(p.tok().Pos, "comparisons cannot be chained: use && between them")
		}
	}
	return x
}

func (p *parser) parseSum() expr {
	x := p.parseProd()
	for p.at(tPlus) || p.at(tMinus) {
		op := p.next()
		x = &binaryExpr{Pos: op.Pos, Op: op.Kind, X: x, Y: p.parseProd()}
	}
	return x
}

func (p *parser) parseProd() expr {
	x := p.parseUnary()
	for p.at(tStar) {
		op := p.next()
		x = &binaryExpr{Pos: op.Pos, Op: op.Kind, X: x, Y: p.parseUnary()}
	}
	return x
}

func (p *parser) parseUnary() expr {
	p.enter()
	defer p.leave()
	t := p.tok()
	switch t.Kind {
	case tMinus, tPlus, tNot:
		p.next()
		return &unaryExpr{Pos: t.Pos, Op: t.Kind, X: p.parseUnary()}
	case tInt:
		p.next()
		v, ok := numeric.ParseInt(t.Text)
		if !ok {
			p.failf(t.Pos, "malformed constant %s", t.Text)
		}
		return &intExpr{Pos: t.Pos, Val: v}
	case tIdent:
		p.next()
		return &identExpr{Pos: t.Pos, Name: t.Text}
	case tQuestion:
		p.next()
		return &nondetExpr{Pos: t.Pos}
	case tLParen:
		p.next()
		e := p.parseExpr()
		p.expect(tRParen, "')'")
		return e
	}
	p.errExpected("expression")
	return nil
}
