package frontend

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/numpred/numpred/cfront"
)

func TestTaskDataModel(t *testing.T) {
	dir := t.TempDir()
	c := filepath.Join(dir, "task.c")
	os.WriteFile(c, []byte("long x; int main(void) { return 0; }\n"), 0o644)
	if got := TaskDataModel(c); got != "" {
		t.Errorf("no yml: got %q", got)
	}
	os.WriteFile(filepath.Join(dir, "task.yml"), []byte("format_version: '2.0'\noptions:\n  language: C\n  data_model: ILP32\n"), 0o644)
	if got := TaskDataModel(c); got != cfront.ILP32 {
		t.Errorf("got %q, want ilp32", got)
	}
	p, err := Load(c)
	if err != nil {
		t.Fatal(err)
	}
	if p.Globals[0].Type.Bits != 32 {
		t.Errorf("long under the task's ILP32 has %d bits", p.Globals[0].Type.Bits)
	}
	p, err = LoadWith(c, Options{DataModel: cfront.LP64})
	if err != nil || p.Globals[0].Type.Bits != 64 {
		t.Errorf("explicit LP64 not honoured: %v", err)
	}
}

func TestUnknownExtension(t *testing.T) {
	_, err := Parse("prog.py", []byte("x"))
	if err == nil || !strings.Contains(err.Error(), "unknown file kind") {
		t.Errorf("got %v", err)
	}
	var ie *InputError
	if _, err := Load("/no/such/file.c"); err == nil || !asInput(err, &ie) {
		t.Errorf("missing file should be an InputError, got %v", err)
	}
}

func asInput(err error, target **InputError) bool {
	e, ok := err.(*InputError)
	*target = e
	return ok
}
