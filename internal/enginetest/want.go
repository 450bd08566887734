// This file reads the corpus: the programs and their want lines.

package enginetest

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/numpred/numpred/engine"
)

// Dir is the corpus directory, relative to the repository root.
const Dir = "testdata/engines"

// All is the name a want line gives to every engine.
const All = "all"

// wantRE matches a want line: `// want ENGINE...: VERDICT [slow]`.
var wantRE = regexp.MustCompile(`^\s*//\s*want\s+([^:]+):\s*(\S+)\s*(\S*)\s*$`)

// slowRE matches a `// slow` line.
var slowRE = regexp.MustCompile(`^\s*//\s*slow\s*$`)

// nameRE matches an engine or configuration name: abe, abe/sbe,
// abe/lbe+k=5.
var nameRE = regexp.MustCompile(`^[a-z]+(/[a-z0-9=+]+)?$`)

// A Want is one want line: the verdict its engines must answer.
type Want struct {
	Engines []string
	Verdict engine.Verdict
	// Slow lets the engines time out.
	Slow bool
	Line int
}

// A Program is a corpus program and its expectations.
type Program struct {
	Path  string
	Wants []Want
	// Slow: a `// slow` line lets every engine time out.
	Slow bool
}

// Name is the program's file name.
func (p *Program) Name() string { return filepath.Base(p.Path) }

// Expect returns the verdict the run called name must answer on p and
// whether it may time out; ok is false when no want line applies to it.
// A line naming name applies first, then one naming the engine name is
// a configuration of (the part before "/"), then one naming all.
func (p *Program) Expect(name string) (v engine.Verdict, slow, ok bool) {
	base, _, _ := strings.Cut(name, "/")
	for _, n := range []string{name, base, All} {
		for _, w := range p.Wants {
			for _, e := range w.Engines {
				if e == n {
					return w.Verdict, w.Slow || p.Slow, true
				}
			}
		}
	}
	return "", false, false
}

// Engines returns the names p's want lines use, All included.
func (p *Program) Engines() []string {
	var out []string
	for _, w := range p.Wants {
		out = append(out, w.Engines...)
	}
	return out
}

// Parse reads the want lines of the program at path, whose text is src.
func Parse(path string, src []byte) (*Program, error) {
	p := &Program{Path: path}
	seen := map[string]int{}
	sc := bufio.NewScanner(bytes.NewReader(src))
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if slowRE.MatchString(text) {
			p.Slow = true
			continue
		}
		m := wantRE.FindStringSubmatch(text)
		if m == nil {
			if strings.Contains(text, "// want") {
				return nil, fmt.Errorf("%s:%d: malformed want line (want `// want ENGINE...: VERDICT [slow]`)", path, line)
			}
			continue
		}
		w := Want{Verdict: engine.Verdict(m[2]), Line: line}
		switch w.Verdict {
		case engine.True, engine.False, engine.Unknown:
		default:
			return nil, fmt.Errorf("%s:%d: verdict %q (want TRUE, FALSE or UNKNOWN)", path, line, m[2])
		}
		switch m[3] {
		case "":
		case "slow":
			w.Slow = true
		default:
			return nil, fmt.Errorf("%s:%d: %q after the verdict (want nothing or slow)", path, line, m[3])
		}
		for _, e := range strings.FieldsFunc(m[1], func(r rune) bool { return r == ' ' || r == ',' }) {
			if !nameRE.MatchString(e) {
				return nil, fmt.Errorf("%s:%d: engine name %q", path, line, e)
			}
			if l, dup := seen[e]; dup {
				return nil, fmt.Errorf("%s:%d: %s already has a want line (line %d)", path, line, e, l)
			}
			seen[e] = line
			w.Engines = append(w.Engines, e)
		}
		if len(w.Engines) == 0 {
			return nil, fmt.Errorf("%s:%d: a want line without engines", path, line)
		}
		p.Wants = append(p.Wants, w)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if len(p.Wants) == 0 {
		return nil, fmt.Errorf("%s: no want line", path)
	}
	return p, p.sanityCheck()
}

// sanityCheck reports an error when p's want lines contradict each
// other: a program is safe or not whatever the engine, so it cannot
// want TRUE of one engine and FALSE of another.
func (p *Program) sanityCheck() error {
	lines := map[engine.Verdict]int{}
	for _, w := range p.Wants {
		if w.Verdict != engine.Unknown {
			lines[w.Verdict] = w.Line
		}
	}
	if t, f := lines[engine.True], lines[engine.False]; t > 0 && f > 0 {
		return fmt.Errorf("%s: line %d wants TRUE and line %d FALSE", p.Path, t, f)
	}
	return nil
}

// Load reads the programs of the files that match the glob patterns,
// in the order of the patterns and of the file names.
func Load(patterns ...string) ([]*Program, error) {
	var out []*Program
	for _, pat := range patterns {
		files, err := filepath.Glob(pat)
		if err != nil {
			return nil, err
		}
		if len(files) == 0 {
			return nil, fmt.Errorf("no file matches %s", pat)
		}
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				return nil, err
			}
			p, err := Parse(f, src)
			if err != nil {
				return nil, err
			}
			out = append(out, p)
		}
	}
	return out, nil
}

// Corpus returns the corpus programs whose file names match the glob
// patterns (every *.c when none), failing t when they cannot be read.
// It finds the corpus from the working directory, which go test makes
// the package's: the nearest ancestor with a go.mod is the root.
func Corpus(t testing.TB, patterns ...string) []*Program {
	t.Helper()
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	if len(patterns) == 0 {
		patterns = []string{"*.c"}
	}
	var globs []string
	for _, p := range patterns {
		globs = append(globs, filepath.Join(root, Dir, p))
	}
	progs, err := Load(globs...)
	if err != nil {
		t.Fatal(err)
	}
	return progs
}

// Path returns the path of the corpus file name (for the tests that run
// one program apart), failing t when the root cannot be found.
func Path(t testing.TB, name string) string {
	t.Helper()
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(root, Dir, name)
}

// moduleRoot returns the nearest ancestor of the working directory that
// holds a go.mod.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		up := filepath.Dir(dir)
		if up == dir {
			return "", errors.New("enginetest: no go.mod above the working directory")
		}
		dir = up
	}
}
