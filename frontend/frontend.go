// Package frontend loads a program file into ir, choosing the front end by
// the file's extension: .c and .i go to cfront, .lp to linprog.
package frontend

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/numpred/numpred/cfront"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/linprog"
)

// InputError is an error in the input program (parse error, unsupported
// construct, unreadable file): the CLI's exit status 2.
type InputError struct{ Err error }

func (e *InputError) Error() string { return e.Err.Error() }
func (e *InputError) Unwrap() error { return e.Err }

// Options adjust how a program is read.
type Options struct {
	// DataModel is the C data model ("lp64" or "ilp32"). When empty, Load
	// takes it from an SV-COMP task description (a .yml file with the
	// same base name beside the program, its options.data_model), and
	// uses LP64 otherwise.
	DataModel cfront.DataModel
}

// Load reads and translates the program at path.
func Load(path string) (*ir.Program, error) { return LoadWith(path, Options{}) }

// LoadWith reads and translates the program at path with opts.
func LoadWith(path string, opts Options) (*ir.Program, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, &InputError{err}
	}
	if opts.DataModel == "" {
		opts.DataModel = TaskDataModel(path)
	}
	return ParseWith(path, src, opts)
}

// Parse translates src, named filename, choosing the front end by the
// extension of filename.
func Parse(filename string, src []byte) (*ir.Program, error) {
	return ParseWith(filename, src, Options{})
}

// ParseWith is Parse with options.
func ParseWith(filename string, src []byte, opts Options) (*ir.Program, error) {
	var p *ir.Program
	var err error
	switch ext := strings.ToLower(filepath.Ext(filename)); ext {
	case ".c", ".i", ".h":
		p, err = cfront.ParseWith(filename, src, cfront.Options{DataModel: opts.DataModel})
	case ".lp":
		p, err = linprog.Parse(filename, src)
	default:
		return nil, &InputError{fmt.Errorf("%s: unknown file kind %q (want .c, .i or .lp)", filename, ext)}
	}
	var ie *cfront.InternalError
	if errors.As(err, &ie) {
		return nil, ie // the front end's failure, not the input's
	}
	if err != nil {
		return nil, &InputError{err}
	}
	return p, nil
}

// TaskDataModel returns the data model stated by the SV-COMP task
// description beside path (path without extension + ".yml"), or "" when
// there is none.
func TaskDataModel(path string) cfront.DataModel {
	yml := strings.TrimSuffix(path, filepath.Ext(path)) + ".yml"
	data, err := os.ReadFile(yml)
	if err != nil {
		return ""
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		key, val, ok := strings.Cut(strings.TrimSpace(sc.Text()), ":")
		if ok && key == "data_model" {
			switch strings.ToUpper(strings.Trim(strings.TrimSpace(val), `'"`)) {
			case "ILP32":
				return cfront.ILP32
			case "LP64":
				return cfront.LP64
			}
		}
	}
	return ""
}
