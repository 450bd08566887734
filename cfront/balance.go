// This file implements a bracket-balance pre-check of the input. cc
// v4.31.0's parser can loop forever, accumulating errors until memory runs
// out, when the input ends inside a declarator (e.g. "f(char *" or an
// unterminated __attribute__ argument list). Rejecting inputs whose
// brackets do not balance, before and after preprocessing, keeps such
// inputs away from it; the remaining case (a balanced input ending inside a
// pointer declarator) is handled by the sentinel declaration in parse.go.

package cfront

import "fmt"

// checkBalance returns an error naming the first unbalanced bracket of
// text, a C source (comments, string and character literals and, when
// skipDirectives is set, preprocessing directive lines are skipped).
// Positions are reported in file; when atEnd is set, every error is
// reported at endLine:endCol (text is preprocessed output, whose positions
// are not the input's).
func checkBalance(file, text string, skipDirectives bool, endLine, endCol int, atEnd bool) error {
	type open struct {
		ch        byte
		line, col int
	}
	var stack []open
	line, col := 1, 1
	report := func(l, c int, msg string) error {
		if atEnd {
			l, c = endLine, endCol
		}
		return fmt.Errorf("%s:%d:%d: %s", file, l, c, msg)
	}
	atLineStart := true
	for i := 0; i < len(text); i++ {
		ch := text[i]
		advance := func() {
			if text[i] == '\n' {
				line, col = line+1, 1
			} else {
				col++
			}
		}
		switch {
		case ch == '\n':
			advance()
			atLineStart = true
			continue
		case ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f' || ch == '\v':
			advance()
			continue
		case ch == '#' && atLineStart && skipDirectives:
			// Skip the directive, with its continuation lines.
			for i < len(text) && text[i] != '\n' {
				if text[i] == '\\' && i+1 < len(text) && text[i+1] == '\n' {
					advance()
					i++
				}
				advance()
				i++
			}
			i--
			continue
		}
		atLineStart = false
		switch ch {
		case '/':
			if i+1 < len(text) && text[i+1] == '/' {
				for i < len(text) && text[i] != '\n' {
					advance()
					i++
				}
				i--
				continue
			}
			if i+1 < len(text) && text[i+1] == '*' {
				advance()
				i++
				advance()
				i++
				for i < len(text) && !(text[i] == '*' && i+1 < len(text) && text[i+1] == '/') {
					advance()
					i++
				}
				if i < len(text) {
					advance()
					i++
				}
				if i < len(text) {
					advance()
				}
				continue
			}
		case '"', '\'':
			advance()
			i++
			for i < len(text) && text[i] != ch && text[i] != '\n' {
				if text[i] == '\\' && i+1 < len(text) {
					advance()
					i++
				}
				advance()
				i++
			}
			if i < len(text) && text[i] == '\n' {
				i-- // unterminated: let the newline be handled
			} else if i < len(text) {
				advance()
			}
			continue
		case '(', '[', '{':
			stack = append(stack, open{ch, line, col})
		case ')', ']', '}':
			want := map[byte]byte{')': '(', ']': '[', '}': '{'}[ch]
			if len(stack) == 0 || stack[len(stack)-1].ch != want {
				return report(line, col, fmt.Sprintf("unbalanced %q", ch))
			}
			stack = stack[:len(stack)-1]
		}
		advance()
	}
	if len(stack) > 0 {
		o := stack[len(stack)-1]
		return report(o.line, o.col, fmt.Sprintf("%q is never closed", o.ch))
	}
	return nil
}
