// This file holds the helpers the tests share.

package exec_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/numpred/numpred/cfront"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/linprog"
	"github.com/numpred/numpred/numeric"
)

// parseC translates src, failing the test on an error, a failed sanity
// check, or an Unsupported diagnostic (warnings are havocs whose Def
// the interpreter evaluates; unmodelled values show as Result.Arbitrary).
func parseC(t testing.TB, src string) *ir.Program {
	t.Helper()
	p, err := cfront.Parse("t.c", []byte(src))
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	if err := ir.SanityCheck(p); err != nil {
		t.Fatal(err)
	}
	if u := p.Unsupported(); len(u) > 0 {
		t.Fatalf("unsupported: %v\n%s", u, src)
	}
	return p
}

// parseLP translates the Linear Program src.
func parseLP(t testing.TB, src string) *ir.Program {
	t.Helper()
	p, err := linprog.Parse("t.lp", []byte(src))
	if err != nil {
		t.Fatalf("parse: %v\n%s", err, src)
	}
	if err := ir.SanityCheck(p); err != nil {
		t.Fatal(err)
	}
	return p
}

// ints returns vs as numeric.Ints.
func ints(vs ...int64) []numeric.Int {
	out := make([]numeric.Int, len(vs))
	for i, v := range vs {
		out[i] = numeric.I(v)
	}
	return out
}

// global returns p's global called name.
func global(t testing.TB, p *ir.Program, name string) *ir.Var {
	t.Helper()
	for _, v := range p.Globals {
		if v.Name == name {
			return v
		}
	}
	t.Fatalf("no global %s", name)
	return nil
}

// dump returns p printed, for failure messages.
func dump(p *ir.Program) string {
	var sb strings.Builder
	ir.Print(&sb, p)
	return sb.String()
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }
