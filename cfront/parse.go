// This file implements the entry points: configuring modernc.org/cc/v4,
// running its preprocessor, parser and type checker, and turning its errors
// and any internal panic into positioned errors.

package cfront

import (
	"fmt"
	"os"
	"regexp"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/numpred/numpred/ir"
	"modernc.org/cc/v4"
)

// DataModel is the C data model a task assumes: the width of long and of
// pointers. SV-COMP tasks state theirs in their .yml (ILP32 or LP64).
type DataModel string

const (
	// LP64: 64-bit long and pointers (x86-64 Linux), the default.
	LP64 DataModel = "lp64"
	// ILP32: 32-bit int, long and pointers (i386 Linux).
	ILP32 DataModel = "ilp32"
)

// Options adjust how a C file is read.
type Options struct {
	// DataModel is LP64 when empty.
	DataModel DataModel
	// KeepGlobalCells keeps every cell of a file-scope object, also one
	// the program never reads (those are removed by default, prune.go):
	// a differential test observes them.
	KeepGlobalCells bool
}

var (
	cfgMu  sync.Mutex
	cfgs   = map[DataModel]*cc.Config{}
	cfgErr error
)

// config returns the cached cc configuration of a data model: the host
// compiler's predefined macros and include paths (for .c files that
// #include system headers) or, without a host compiler, a minimal
// configuration. ILP32 takes the i386 ABI and rewrites the predefined
// macros that state type widths.
func config(model DataModel) (*cc.Config, error) {
	cfgMu.Lock()
	defer cfgMu.Unlock()
	if c, ok := cfgs[model]; ok {
		return c, nil
	}
	cfg, err := cc.NewConfig(runtime.GOOS, runtime.GOARCH)
	if err != nil {
		abi, err2 := cc.NewABI(runtime.GOOS, runtime.GOARCH)
		if err2 != nil {
			return nil, fmt.Errorf("cfront: no C configuration: %v; %v", err, err2)
		}
		cfg = &cc.Config{ABI: abi, Predefined: minimalPredefined}
	}
	// Bound macro expansion: untrusted input must not take hours.
	cfg.ExpansionLimit = 1 << 22
	switch model {
	case LP64:
	case ILP32:
		abi, err := cc.NewABI("linux", "386")
		if err != nil {
			return nil, fmt.Errorf("cfront: no ILP32 ABI: %v", err)
		}
		c := *cfg
		c.ABI = abi
		c.Predefined = ilp32Predefined(cfg.Predefined)
		cfg = &c
	default:
		return nil, fmt.Errorf("cfront: unknown data model %q (want lp64 or ilp32)", model)
	}
	cfgs[model] = cfg
	return cfg, nil
}

// ilp32Predefined rewrites LP64 predefined macros for ILP32: the 64-bit
// markers go, the widths of long, pointers and size types become 32 bits.
func ilp32Predefined(lp64 string) string {
	drop := map[string]bool{"__LP64__": true, "_LP64": true, "__x86_64__": true, "__x86_64": true, "__amd64__": true, "__amd64": true}
	set := map[string]string{
		"__SIZEOF_LONG__": "4", "__SIZEOF_POINTER__": "4", "__SIZEOF_PTRDIFF_T__": "4", "__SIZEOF_SIZE_T__": "4",
		"__LONG_MAX__": "0x7fffffffL", "__LONG_WIDTH__": "32",
		"__SIZE_TYPE__": "unsigned int", "__PTRDIFF_TYPE__": "int", "__INTPTR_TYPE__": "int", "__UINTPTR_TYPE__": "unsigned int",
		"__SIZE_MAX__": "0xffffffffU", "__PTRDIFF_MAX__": "0x7fffffff", "__INTPTR_MAX__": "0x7fffffff", "__UINTPTR_MAX__": "0xffffffffU",
		"__SIZE_WIDTH__": "32", "__PTRDIFF_WIDTH__": "32", "__INTPTR_WIDTH__": "32",
	}
	var sb strings.Builder
	for _, line := range strings.Split(lp64, "\n") {
		if rest, ok := strings.CutPrefix(line, "#define "); ok {
			name, _, _ := strings.Cut(rest, " ")
			if drop[name] {
				continue
			}
			if v, ok := set[name]; ok {
				line = "#define " + name + " " + v
			}
		}
		sb.WriteString(line)
		sb.WriteString("\n")
	}
	sb.WriteString("#define __i386__ 1\n#define __i386 1\n#define i386 1\n#define __ILP32__ 1\n#define _ILP32 1\n")
	return sb.String()
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

// Parse translates src under the LP64 data model (see ParseWith).
func Parse(filename string, src []byte) (*ir.Program, error) {
	return ParseWith(filename, src, Options{})
}

// InternalError is a failure of the front end itself (a panic while
// translating), not of the program: the caller reports it as an internal
// error (numpred exits 3), with the stack for a bug report.
type InternalError struct {
	Pos   ir.Pos // the last position translated
	Value any    // what the front end panicked with
	Stack []byte
}

func (e *InternalError) Error() string {
	return fmt.Sprintf("%s: internal error in the C front end: %v", e.Pos, e.Value)
}

// ParseWith translates the C translation unit src, read from filename, into an
// ir.Program. A preprocessing, syntax or type error, or a construct that
// makes the program unanalysable (no main, say), is returned as an error
// whose text starts with file:line:col. Constructs that are
// over-approximated or not modelled soundly are reported in Program.Diags.
func ParseWith(filename string, src []byte, opts Options) (prog *ir.Program, err error) {
	model := opts.DataModel
	if model == "" {
		model = LP64
	}
	cfg, err := config(model)
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
			prog, err = nil, &InternalError{Pos: pos, Value: r, Stack: debug.Stack()}
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
	t.keepGlobalCells = opts.KeepGlobalCells
	if panicInTranslate {
		panic("injected fault")
	}
	prog, err = t.translate()
	if err != nil || t.kIndex == nil {
		return prog, err
	}
	// The program without ghost cells, for the exact engines (ir.Program.Plain).
	pt := newTranslator(filename, ast)
	pt.keepGlobalCells, pt.noKCells = opts.KeepGlobalCells, true
	if plain, err := pt.translate(); err == nil {
		prog.Plain = plain
	}
	return prog, nil
}

// panicInTranslate injects a front-end bug (tests only).
var panicInTranslate bool

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
