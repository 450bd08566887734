// This file implements the lexer of Linear Programs: identifiers, decimal
// constants, keywords, operators, and // and /* */ comments.

package linprog

import (
	"fmt"
	"unicode/utf8"

	"github.com/numpred/numpred/ir"
)

// tokKind is the kind of a token.
type tokKind uint8

const (
	tEOF tokKind = iota
	tIdent
	tInt // decimal constant

	// keywords
	tKwInt
	tKwVoid
	tKwIf
	tKwElse
	tKwWhile
	tKwGoto
	tKwAssert
	tKwReturn

	// punctuation and operators
	tLParen   // (
	tRParen   // )
	tLBrace   // {
	tRBrace   // }
	tSemi     // ;
	tComma    // ,
	tColon    // :
	tPlus     // +
	tMinus    // -
	tStar     // *
	tAssign   // = (also equality inside conditions)
	tEqEq     // ==
	tNe       // !=
	tLt       // <
	tLe       // =< or <=
	tGt       // >
	tGe       // >=
	tNot      // !
	tAndAnd   // &&
	tOrOr     // ||
	tQuestion // ?
)

var keywords = map[string]tokKind{
	"int":    tKwInt,
	"void":   tKwVoid,
	"if":     tKwIf,
	"else":   tKwElse,
	"while":  tKwWhile,
	"goto":   tKwGoto,
	"assert": tKwAssert,
	"return": tKwReturn,
}

var tokNames = [...]string{
	tEOF: "end of file", tIdent: "identifier", tInt: "constant",
	tKwInt: "'int'", tKwVoid: "'void'", tKwIf: "'if'", tKwElse: "'else'",
	tKwWhile: "'while'", tKwGoto: "'goto'", tKwAssert: "'assert'", tKwReturn: "'return'",
	tLParen: "'('", tRParen: "')'", tLBrace: "'{'", tRBrace: "'}'", tSemi: "';'",
	tComma: "','", tColon: "':'", tPlus: "'+'", tMinus: "'-'", tStar: "'*'",
	tAssign: "'='", tEqEq: "'=='", tNe: "'!='", tLt: "'<'", tLe: "'=<'", tGt: "'>'",
	tGe: "'>='", tNot: "'!'", tAndAnd: "'&&'", tOrOr: "'||'", tQuestion: "'?'",
}

func (k tokKind) String() string { return tokNames[k] }

// token is one lexeme with its position; Text is the source text.
type token struct {
	Kind tokKind
	Text string
	Pos  ir.Pos
}

// describe formats t for "found ..." in error messages.
func (t token) describe() string {
	switch t.Kind {
	case tIdent:
		return "identifier " + t.Text
	case tInt:
		return "constant " + t.Text
	case tEOF:
		return "end of file"
	}
	return "'" + t.Text + "'"
}

// lex splits src into tokens, ending with a tEOF token. It stops at the
// first lexical error.
func lex(file string, src []byte) ([]token, error) {
	var toks []token
	line, col := 1, 1
	i := 0
	advance := func(n int) {
		for k := 0; k < n; k++ {
			if src[i] == '\n' {
				line++
				col = 1
			} else {
				col++
			}
			i++
		}
	}
	for {
		// Skip white space and comments.
		for i < len(src) {
			c := src[i]
			if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v' {
				advance(1)
				continue
			}
			if c == '/' && i+1 < len(src) && src[i+1] == '/' {
				for i < len(src) && src[i] != '\n' {
					advance(1)
				}
				continue
			}
			if c == '/' && i+1 < len(src) && src[i+1] == '*' {
				start := ir.Pos{File: file, Line: line, Col: col}
				advance(2)
				for {
					if i+1 >= len(src) {
						return nil, &Error{Pos: start, Msg: "comment not terminated"}
					}
					if src[i] == '*' && src[i+1] == '/' {
						advance(2)
						break
					}
					advance(1)
				}
				continue
			}
			break
		}
		pos := ir.Pos{File: file, Line: line, Col: col}
		if i >= len(src) {
			toks = append(toks, token{Kind: tEOF, Pos: pos})
			return toks, nil
		}
		c := src[i]
		start := i
		switch {
		case isLetter(c):
			for i < len(src) && (isLetter(src[i]) || isDigit(src[i])) {
				advance(1)
			}
			text := string(src[start:i])
			k, ok := keywords[text]
			if !ok {
				k = tIdent
			}
			toks = append(toks, token{Kind: k, Text: text, Pos: pos})
			continue
		case isDigit(c):
			for i < len(src) && isDigit(src[i]) {
				advance(1)
			}
			toks = append(toks, token{Kind: tInt, Text: string(src[start:i]), Pos: pos})
			continue
		}
		two := ""
		if i+1 < len(src) {
			two = string(src[i : i+2])
		}
		var k tokKind
		n := 2
		switch two {
		case "==":
			k = tEqEq
		case "!=":
			k = tNe
		case "=<", "<=":
			k = tLe
		case ">=":
			k = tGe
		case "&&":
			k = tAndAnd
		case "||":
			k = tOrOr
		default:
			n = 1
			switch c {
			case '(':
				k = tLParen
			case ')':
				k = tRParen
			case '{':
				k = tLBrace
			case '}':
				k = tRBrace
			case ';':
				k = tSemi
			case ',':
				k = tComma
			case ':':
				k = tColon
			case '+':
				k = tPlus
			case '-':
				k = tMinus
			case '*':
				k = tStar
			case '=':
				k = tAssign
			case '<':
				k = tLt
			case '>':
				k = tGt
			case '!':
				k = tNot
			case '?':
				k = tQuestion
			default:
				r, _ := utf8.DecodeRune(src[i:])
				return nil, &Error{Pos: pos, Msg: fmt.Sprintf("unexpected character %q", r)}
			}
		}
		advance(n)
		toks = append(toks, token{Kind: k, Text: string(src[start:i]), Pos: pos})
	}
}

func isLetter(c byte) bool { return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
