package interp_test

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/interp"
)

// wantRE matches an expectation line in a testdata program:
//
//	// want DOMAIN... : VERDICT        (C)
//	/* want ... */ or # want ...       (accepted too)
//
// DOMAIN is a domain name of interp.DomainNames, optionally followed by
// /NUMERIC (e.g. ndd/octagon); VERDICT is TRUE, FALSE or UNKNOWN.
var wantRE = regexp.MustCompile(`(?m)^\s*(?://|#|/\*)\s*want\s+([a-z/ ,+]+):\s*(TRUE|FALSE|UNKNOWN)\b`)

type want struct {
	domain, numeric, verdict string
	line                     int
}

func wantsOf(src []byte) []want {
	var out []want
	sc := bufio.NewScanner(bytes.NewReader(src))
	for line := 1; sc.Scan(); line++ {
		m := wantRE.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		for _, d := range strings.FieldsFunc(m[1], func(r rune) bool { return r == ' ' || r == ',' }) {
			dom, num, _ := strings.Cut(d, "/")
			if num == "" {
				num = "interval"
			}
			out = append(out, want{dom, num, m[2], line})
		}
	}
	return out
}

// TestExpectations runs every program under testdata/ that carries want
// lines and reports both unmet and unexpected verdicts, one line each.
func TestExpectations(t *testing.T) {
	var files []string
	for _, dir := range []string{"../testdata/examples", "../testdata/verdicts"} {
		for _, pat := range []string{"*.c", "*.lp"} {
			m, _ := filepath.Glob(filepath.Join(dir, pat))
			files = append(files, m...)
		}
	}
	if len(files) == 0 {
		t.Fatal("no testdata programs found")
	}
	for _, file := range files {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		wants := wantsOf(src)
		if len(wants) == 0 {
			continue
		}
		prog, err := frontend.Parse(file, src)
		if err != nil {
			t.Errorf("%s: %v", file, err)
			continue
		}
		for _, w := range wants {
			cfg := interp.DefaultConfig()
			cfg.Domain, cfg.Numeric = w.domain, w.numeric
			cfg.Deadline = time.Now().Add(20 * time.Second)
			res, err := interp.Analyze(prog, cfg)
			if err != nil {
				t.Errorf("%s:%d: %s/%s: %v", file, w.line, w.domain, w.numeric, err)
				continue
			}
			if string(res.Verdict) != w.verdict {
				t.Errorf("%s:%d: %s/%s: got %s (%s), want %s", file, w.line, w.domain, w.numeric, res.Verdict, res.Reason, w.verdict)
			}
		}
	}
}
