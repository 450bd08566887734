// This file reads SV-COMP task definitions (the .yml files beside each
// benchmark program, format 1.x and 2.0) and property files (.prp): which
// input files a task names, the expected verdict of each property, the
// data model; and whether a property is one numpred checks (unreach-call).

package frontend

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/numpred/numpred/cfront"
)

// Task is an SV-COMP task definition.
type Task struct {
	Path       string   // the .yml file
	InputFiles []string // the input files, resolved against the .yml's directory
	Properties []TaskProperty
	Language   string
	DataModel  cfront.DataModel // "" when the task does not say
}

// TaskProperty is one entry of a task's properties list.
type TaskProperty struct {
	File     string // the property file, resolved against the .yml's directory
	Expected string // "TRUE", "FALSE" or "" when the task does not say
}

// IsTaskFile reports whether path names a task definition (.yml, .yaml).
func IsTaskFile(path string) bool {
	ext := strings.ToLower(filepath.Ext(path))
	return ext == ".yml" || ext == ".yaml"
}

// ReadTask reads the task definition at path. Errors name the file and,
// for malformed YAML, the line.
func ReadTask(path string) (*Task, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, &InputError{err}
	}
	var raw struct {
		InputFiles yaml.Node `yaml:"input_files"`
		Properties []struct {
			PropertyFile    string    `yaml:"property_file"`
			ExpectedVerdict yaml.Node `yaml:"expected_verdict"`
		} `yaml:"properties"`
		Options map[string]any `yaml:"options"`
	}
	if err := yaml.Unmarshal(data, &raw); err != nil {
		return nil, &InputError{fmt.Errorf("%s: %s", path, yamlMessage(err))}
	}
	dir := filepath.Dir(path)
	t := &Task{Path: path}
	var files []string
	switch n := raw.InputFiles; n.Kind {
	case yaml.ScalarNode:
		files = []string{n.Value}
	case yaml.SequenceNode:
		for _, c := range n.Content {
			if c.Kind != yaml.ScalarNode {
				return nil, &InputError{fmt.Errorf("%s:%d:%d: input_files: want a file name", path, c.Line, c.Column)}
			}
			files = append(files, c.Value)
		}
	case 0:
		return nil, &InputError{fmt.Errorf("%s: no input_files (not an SV-COMP task definition?)", path)}
	default:
		return nil, &InputError{fmt.Errorf("%s:%d:%d: input_files: want a file name or a list of them", path, n.Line, n.Column)}
	}
	for _, f := range files {
		t.InputFiles = append(t.InputFiles, filepath.Join(dir, f))
	}
	for _, p := range raw.Properties {
		tp := TaskProperty{File: filepath.Join(dir, p.PropertyFile)}
		if n := p.ExpectedVerdict; n.Kind == yaml.ScalarNode {
			switch strings.ToLower(n.Value) {
			case "true":
				tp.Expected = "TRUE"
			case "false":
				tp.Expected = "FALSE"
			default:
				return nil, &InputError{fmt.Errorf("%s:%d:%d: expected_verdict %q (want true or false)", path, n.Line, n.Column, n.Value)}
			}
		}
		t.Properties = append(t.Properties, tp)
	}
	if lang, ok := raw.Options["language"].(string); ok {
		t.Language = lang
	}
	if dm, ok := raw.Options["data_model"].(string); ok {
		switch strings.ToUpper(dm) {
		case "ILP32":
			t.DataModel = cfront.ILP32
		case "LP64":
			t.DataModel = cfront.LP64
		default:
			return nil, &InputError{fmt.Errorf("%s: unknown data_model %q (want ILP32 or LP64)", path, dm)}
		}
	}
	return t, nil
}

// yamlMessage strips the "yaml: " prefix so that the message reads
// "file: line N: ...".
func yamlMessage(err error) string {
	return strings.TrimPrefix(err.Error(), "yaml: ")
}

// Unreach returns the task's unreach-call property: the entry whose
// property file checks unreach-call. ok is false when the task has none.
func (t *Task) Unreach() (p TaskProperty, ok bool) {
	for _, p := range t.Properties {
		if IsUnreachCall(p.File) == nil {
			return p, true
		}
	}
	return TaskProperty{}, false
}

// PropertyFor returns the task's entry for the property file prp (the
// same file, compared after cleaning both paths), or the unreach-call
// entry when prp is "".
func (t *Task) PropertyFor(prp string) (TaskProperty, bool) {
	if prp == "" {
		return t.Unreach()
	}
	want, _ := filepath.Abs(prp)
	for _, p := range t.Properties {
		if got, _ := filepath.Abs(p.File); got == want {
			return p, true
		}
	}
	// The same property under another path (a copy of unreach-call.prp).
	if IsUnreachCall(prp) == nil {
		return t.Unreach()
	}
	return TaskProperty{}, false
}

// unreachCall matches the one property numpred checks: no call of the
// error function (reach_error, or __VERIFIER_error in older tasks).
var unreachCall = regexp.MustCompile(`^CHECK\(\s*init\(\s*main\(\s*\)\s*\)\s*,\s*LTL\(\s*G\s*!\s*call\(\s*(reach_error|__VERIFIER_error)\(\s*\)\s*\)\s*\)\s*\)$`)

// ErrUnsupportedProperty is wrapped by IsUnreachCall's error when the
// file states a property other than unreach-call.
var ErrUnsupportedProperty = errors.New("unsupported property")

// IsUnreachCall checks that the property file at path states the
// unreach-call property and nothing else; it returns nil when it does, an
// error naming the file and line of the first other property (wrapping
// ErrUnsupportedProperty), or the error reading the file.
func IsUnreachCall(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	line, checks := 0, 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if s == "" || strings.HasPrefix(s, "//") {
			continue
		}
		if !unreachCall.MatchString(s) {
			return fmt.Errorf("%s:%d:1: %w %q: numpred checks unreach-call only (CHECK( init(main()), LTL(G ! call(reach_error())) ))", path, line, ErrUnsupportedProperty, s)
		}
		checks++
	}
	if checks == 0 {
		return fmt.Errorf("%s: %w: the file states no property", path, ErrUnsupportedProperty)
	}
	return nil
}
