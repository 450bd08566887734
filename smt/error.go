// This file defines the errors of package smt: Z3's error codes as Go
// errors.

package smt

import (
	"errors"
	"fmt"
)

// ErrorCode is one of Z3's error codes (Z3_error_code).
type ErrorCode int

// Z3's error codes, in the order of Z3_error_code.
const (
	OK ErrorCode = iota
	SortError
	IndexOutOfBounds
	InvalidArg
	ParserError
	NoParser
	InvalidPattern
	MemoutFail
	FileAccessError
	InternalFatal
	InvalidUsage
	DecRefError
	Exception
)

var codeNames = [...]string{
	OK:               "ok",
	SortError:        "sort error",
	IndexOutOfBounds: "index out of bounds",
	InvalidArg:       "invalid argument",
	ParserError:      "parser error",
	NoParser:         "no parser",
	InvalidPattern:   "invalid pattern",
	MemoutFail:       "out of memory",
	FileAccessError:  "file access error",
	InternalFatal:    "internal fatal error",
	InvalidUsage:     "invalid usage",
	DecRefError:      "dec_ref error",
	Exception:        "exception",
}

// String returns the code's name, e.g. "sort error".
func (c ErrorCode) String() string {
	if c >= 0 && int(c) < len(codeNames) {
		return codeNames[c]
	}
	return fmt.Sprintf("error code %d", int(c))
}

// Error is an error reported by Z3, or found by this package before it
// would have made Z3 fail (a nil term, a term of another context, a closed
// context). Op names the operation of this package that failed, e.g.
// "Add" or "Check".
type Error struct {
	Op   string
	Code ErrorCode
	Msg  string
}

// Error returns "smt: Op: message".
func (e *Error) Error() string {
	msg := e.Msg
	if msg == "" {
		msg = e.Code.String()
	}
	return "smt: " + e.Op + ": " + msg
}

// Is reports whether target is an *Error with the same Code, so that
// errors.Is(err, &smt.Error{Code: smt.SortError}) tests the code.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code && t.Op == "" && t.Msg == ""
}

// ErrClosed is the error of an operation on a closed Context (or on a
// solver, model or term of one).
var ErrClosed = errors.New("smt: context is closed")
