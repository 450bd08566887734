// This file implements the entry points: configuring modernc.org/cc/v4,
// running its preprocessor, parser and type checker, and turning its errors
// and any internal panic into positioned errors.

package cfront

import (
	"fmt"
	"os"
	"regexp"
	"runtime"
	"strings"
	"sync"

	"github.com/numpred/numpred/ir"
	"modernc.org/cc/v4"
)

var (
	cfgOnce sync.Once
	cfgVal  *cc.Config
	cfgErr  error
)

// config returns the cached cc configuration: the host compiler's
// predefined macros and include paths (for .c files that #include system
// headers) or, without a host compiler, a minimal LP64 configuration.
func config() (*cc.Config, error) {
	cfgOnce.Do(func() {
		cfg, err := cc.NewConfig(runtime.GOOS, runtime.GOARCH)
		if err != nil {
			abi, err2 := cc.NewABI(runtime.GOOS, runtime.GOARCH)
			if err2 != nil {
				cfgErr = fmt.Errorf("cfront: no C configuration: %v; %v", err, err2)
				return
			}
			cfg = &cc.Config{ABI: abi, Predefined: minimalPredefined}
		}
		// Bound macro expansion: untrusted input must not take hours.
		cfg.ExpansionLimit = 1 << 22
		cfgVal = cfg
	})
	return cfgVal, cfgErr
}

const minimalPredefined = `
#define __STDC__ 1
#define __STDC_VERSION__ 199901L
#define __x86_64__ 1
#define __LP64__ 1
#define __CHAR_BIT__ 8
#define __SIZE_TYPE__ unsigned long
#define __PTRDIFF_TYPE__ long
#define __WCHAR_TYPE__ int
`

// ParseFile reads the C file at path and translates it (see Parse).
func ParseFile(path string) (*ir.Program, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, src)
}

// Parse translates the C translation unit src, read from filename, into an
// ir.Program. A preprocessing, syntax or type error, or a construct that
// makes the program unanalysable (no main, say), is returned as an error
// whose text starts with file:line:col. Constructs that are
// over-approximated or not modelled soundly are reported in Program.Diags.
func Parse(filename string, src []byte) (prog *ir.Program, err error) {
	cfg, err := config()
	if err != nil {
		return nil, err
	}
	var t *translator
	defer func() {
		if r := recover(); r != nil {
			pos := ir.Pos{File: filename, Line: 1, Col: 1}
			if t != nil && t.lastPos.Line > 0 {
				pos = t.lastPos
			}
			prog, err = nil, fmt.Errorf("%s: internal error: %v", pos, r)
		}
	}()
	endLine, endCol := endPos(src)
	// cc v4.31.0's scanner loops forever on a character constant or
	// string literal left open at the end of the input; two newlines
	// (one may be taken by a backslash line splice) always close it.
	orig := src
	src = append(append([]byte(nil), src...), '\n', '\n')
	var pp strings.Builder
	if err := cc.Preprocess(cfg, []cc.Source{
		{Name: "<predefined>", Value: cfg.Predefined},
		{Name: "<builtin>", Value: cc.Builtin},
		{Name: filename, Value: src},
	}, &pp); err != nil {
		return nil, ccError(filename, orig, err)
	}
	if err := checkBalance(filename, pp.String(), true, endLine, endCol, true); err != nil {
		// Find the culprit in the source for a better position, if the
		// imbalance is not made by macros.
		if err2 := checkBalance(filename, string(src), true, endLine, endCol, false); err2 != nil {
			return nil, err2
		}
		return nil, err
	}
	ast, err := cc.Translate(cfg, []cc.Source{
		{Name: "<predefined>", Value: cfg.Predefined},
		{Name: "<builtin>", Value: cc.Builtin},
		{Name: filename, Value: src},
		// cc v4.31.0's parser loops forever (accumulating errors) when the
		// input ends inside a pointer's type-qualifier list ("f(char *"
		// at EOF). A trailing declaration in a source of its own (so that
		// no unterminated comment or conditional swallows it) starts with
		// tokens that end that loop, and is harmless otherwise: a typedef.
		{Name: "<eof>", Value: eofSentinel},
	})
	if err != nil {
		return nil, ccError(filename, orig, err)
	}
	t = newTranslator(filename, ast)
	return t.translate()
}

const eofSentinel = "\ntypedef int __cfront_eof_sentinel;\n"

var ccOrigin = regexp.MustCompile(` \([a-z0-9_]+\.go:\d+:[a-zA-Z0-9_.]*:?\)`)

// ccError turns cc's error (one or more lines, with internal origin tags)
// into one positioned error: the first message about the input file, else
// the first message, placed at the end of the input file (an error in the
// synthetic sources means the input ended unexpectedly).
func ccError(filename string, src []byte, err error) error {
	lines := strings.Split(err.Error(), "\n")
	first := ""
	for _, l := range lines {
		l = strings.TrimSpace(ccOrigin.ReplaceAllString(l, ""))
		if l == "" {
			continue
		}
		if strings.HasPrefix(l, filename+":") && positioned.MatchString(l[len(filename):]) {
			return fmt.Errorf("%s", l)
		}
		if first == "" {
			first = l
		}
	}
	m := positioned.FindString(first)
	switch {
	case m != "" && !strings.HasPrefix(first, "<"):
		return fmt.Errorf("%s", first) // in an included file
	case m != "":
		first = first[len(m):]
	case first == "":
		first = "invalid C input"
	}
	line, col := endPos(src)
	return fmt.Errorf("%s:%d:%d: unexpected end of input: %s", filename, line, col, first)
}

var positioned = regexp.MustCompile(`^[^\s]*:\d+:\d+: `)

// endPos returns the position just after the last character of src.
func endPos(src []byte) (line, col int) {
	line, col = 1, 1
	for _, c := range string(src) {
		if c == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}
