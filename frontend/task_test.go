package frontend

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/numpred/numpred/cfront"
)

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

const unreachPrp = "CHECK( init(main()), LTL(G ! call(reach_error())) )\n"

func TestReadTask(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "properties/unreach-call.prp"), unreachPrp)
	writeFile(t, filepath.Join(dir, "properties/termination.prp"), "CHECK( init(main()), LTL(F end) )\n")
	yml := filepath.Join(dir, "cat/a.yml")
	writeFile(t, yml, `format_version: '2.0'
# a comment
input_files: 'a.i'
properties:
  - property_file: ../properties/termination.prp
    expected_verdict: false
  - property_file: ../properties/unreach-call.prp
    expected_verdict: true
options:
  language: C
  data_model: ILP32
`)
	task, err := ReadTask(yml)
	if err != nil {
		t.Fatal(err)
	}
	if len(task.InputFiles) != 1 || task.InputFiles[0] != filepath.Join(dir, "cat/a.i") {
		t.Errorf("input files %q", task.InputFiles)
	}
	if task.DataModel != cfront.ILP32 || task.Language != "C" {
		t.Errorf("data model %q, language %q", task.DataModel, task.Language)
	}
	p, ok := task.Unreach()
	if !ok || p.Expected != "TRUE" || !strings.HasSuffix(p.File, "unreach-call.prp") {
		t.Errorf("unreach-call entry %+v, %v", p, ok)
	}
	if p, ok := task.PropertyFor(filepath.Join(dir, "properties/termination.prp")); !ok || p.Expected != "FALSE" {
		t.Errorf("termination entry %+v, %v", p, ok)
	}
	// A copy of unreach-call.prp elsewhere is the same property.
	other := filepath.Join(dir, "elsewhere/unreach-call.prp")
	writeFile(t, other, unreachPrp)
	if p, ok := task.PropertyFor(other); !ok || p.Expected != "TRUE" {
		t.Errorf("copy of unreach-call: %+v, %v", p, ok)
	}

	list := filepath.Join(dir, "b.yml")
	writeFile(t, list, "input_files:\n  - x.c\n  - y.c\nproperties: []\n")
	if task, err := ReadTask(list); err != nil || len(task.InputFiles) != 2 || task.DataModel != "" {
		t.Errorf("list: %+v, %v", task, err)
	}
}

func TestReadTaskErrors(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ text, want string }{
		{"input_files: [a.c\n", "bad.yml: line"},
		{"format_version: '2.0'\n", "no input_files"},
		{"input_files: a.c\nproperties:\n  - property_file: p.prp\n    expected_verdict: maybe\n", "bad.yml:4:23: expected_verdict \"maybe\""},
		{"input_files: a.c\noptions:\n  data_model: LP128\n", "unknown data_model"},
		{"input_files: {a: b}\n", "bad.yml:1:14: input_files"},
	} {
		path := filepath.Join(dir, "bad.yml")
		writeFile(t, path, c.text)
		_, err := ReadTask(path)
		var ie *InputError
		if err == nil || !errors.As(err, &ie) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want an InputError containing %q", c.text, err, c.want)
		}
	}
	if _, err := ReadTask(filepath.Join(dir, "missing.yml")); err == nil {
		t.Error("missing file: no error")
	}
}

func TestIsUnreachCall(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		text string
		ok   bool
	}{
		{unreachPrp, true},
		{"CHECK( init(main()), LTL(G ! call(__VERIFIER_error())) )\n", true},
		{"// comment\n\nCHECK(init(main()),LTL(G ! call(reach_error())))\n", true},
		{"CHECK( init(main()), LTL(G valid-free) )\n", false},
		{unreachPrp + "CHECK( init(main()), LTL(G valid-deref) )\n", false},
		{"", false},
	} {
		path := filepath.Join(dir, "p.prp")
		writeFile(t, path, c.text)
		err := IsUnreachCall(path)
		if (err == nil) != c.ok {
			t.Errorf("%q: error %v, want ok=%v", c.text, err, c.ok)
		}
		if err != nil && !errors.Is(err, ErrUnsupportedProperty) {
			t.Errorf("%q: %v does not wrap ErrUnsupportedProperty", c.text, err)
		}
	}
	if err := IsUnreachCall(filepath.Join(dir, "missing.prp")); err == nil || errors.Is(err, ErrUnsupportedProperty) {
		t.Errorf("missing file: %v", err)
	}
}
