package simplex

import (
	"strings"
	"testing"

	"github.com/numpred/numpred/numeric"
)

// wrapRows is a constraint system met by the integer emptiness test while
// analysing testdata/examples/wrap_poly.c under NEXPOINT with polyhedra
// (before issue 18): coefficients of 2^32 and of up to 30 digits, from
// hulls of wrapped and unwrapped unsigned values. Each line is the
// coefficients, the constant and whether it is an equality.
const wrapRows = `
0 0 0 0 1 0 0 | 0 eq
3 0 0 0 -1 15 0 | 0 eq
0 2 -2 0 0 0 2147483645 | -4294967294
-1 0 -1 0 0 0 0 | 4
0 4294967296 -6442450941 0 0 -21474836450 9223371983167684665 | -9223371968135299162
0 1 0 0 0 0 0 | -2147483647
0 0 1 0 0 0 -4294967277 | 0
0 219604094428281320 219604094939586951 0 0 0 -471596202257790240327916395 | -471596201598977949015574040
0 0 1 0 0 0 0 | -4294967295
0 943192403637164086887710720 943192403746966142052653931 0 0 -20862389082407005650 -2025490256654682600538366666116806415 | -2025490262785433135459878649245578890
0 1073741825 1073741823 0 0 0 0 | -4611686014132420610
0 0 0 0 0 0 1 | -2
0 0 -1 0 0 -10 4294967277 | -4294967266
0 0 4294967259 0 0 -370 158913789249 | -18446744069414583210
0 2147483613 2147483646 0 0 -370 158913789249 | -9223372187178629988
0 0 0 0 0 -1 0 | 3
-4294967294 -1 -4294967294 4294967296 0 0 0 | 10737418235
`

func parseRows(tb testing.TB, src string) ([]Row, int) {
	var rows []Row
	nvars := 0
	for _, line := range strings.Split(strings.TrimSpace(src), "\n") {
		lhs, rhs, _ := strings.Cut(line, "|")
		var r Row
		for _, f := range strings.Fields(lhs) {
			v, ok := numeric.ParseInt(f)
			if !ok {
				tb.Fatalf("bad number %q", f)
			}
			r.Coefs = append(r.Coefs, v)
		}
		fs := strings.Fields(rhs)
		r.Const, _ = numeric.ParseInt(fs[0])
		r.Eq = len(fs) > 1 && fs[1] == "eq"
		if len(r.Coefs) > nvars {
			nvars = len(r.Coefs)
		}
		rows = append(rows, r)
	}
	return rows, nvars
}

// TestWrapRowsAgree checks the two implementations agree on wrapRows
// (feasible, with the same optimum of the first variable).
func TestWrapRowsAgree(t *testing.T) {
	rows, n := parseRows(t, wrapRows)
	obj := []numeric.Int{numeric.I(1)}
	st, v, _ := Maximize(rows, n, obj)
	rst, rv, _ := refMaximize(rows, n, obj)
	if st != rst || st == Optimal && v.Cmp(rv) != 0 {
		t.Fatalf("Maximize %v %s, reference %v %s", st, v, rst, rv)
	}
}

// BenchmarkWrapFeasible compares the fraction-free solver with the
// rational two-phase tableau it replaced on wrapRows:
//
//	go test ./internal/simplex -run '^$' -bench Wrap
func BenchmarkWrapFeasible(b *testing.B) {
	rows, n := parseRows(b, wrapRows)
	b.Run("fractionfree", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if NewSolver(rows, n, Limits{}).Check() != Optimal {
				b.Fatal("not feasible")
			}
		}
	})
	b.Run("reference", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if st, _, _ := refMaximize(rows, n, nil); st != Optimal {
				b.Fatal("not feasible")
			}
		}
	})
}
