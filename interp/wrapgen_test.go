package interp_test

// Issue 18's generator test: random programs of wrap_poly.c's shape
// (signed and unsigned variables, linear assignments whose values wrap
// around, short constant loops, not nested, branches on linear
// conditions) under
// --numeric polyhedra, where no single polyhedra operation may take more
// than -wrapgen.limit (50 ms). A program over the limit is analysed once
// more before the test fails, so that one run slowed by a loaded machine
// does not fail it.
//
// It is opt-in because it measures time (`make wrapgen`, on an
// otherwise idle machine):
//
//	go test -tags buddy ./interp -run TestWrapAroundPolyhedraOps -v -wrapgen.n 40 \
//		-wrapgen.domains nexpoint,nex,mtndd,ndd [-wrapgen.dump DIR]
//
// Program 0 of seed 1 once had a single NEXPOINT join of 14.5 s (a
// projection inside a join by blocks converted from a thousand
// generators). Bounding fresh conversions brought the slowest operations
// of the first programs to 51-155 ms; what was left came from quotients
// piling up (13 dimensions, 5120 vertices, 170-bit coordinates, Leq
// scanning them all per constraint). With quotients living as long as
// the value assigned from them (interp/deadtemps.go), pinned or rounded
// by polyhedra where they have one integer value left, and coefficients
// reduced modulo 2^n by cfront, the slowest operation of the first 12
// programs under all four domains is 25 ms. Of 40, program 37 then had
// joins of 140-150 ms (hulls of rows with 600-bit entries, each run to
// the conversion work bound, then a weak hull converted to it again),
// and NDD on program 36 ran minutes past its time limit inside one rudd
// apply. Since the work bound counts the words of big numbers and is
// 2^19, and the BDD layer polls the time limit on large diagrams, all 40
// programs pass under all four domains (slowest operation 49.6 ms, a
// NEXPOINT join of program 39, on an idle 2-core machine; NDD times out
// on 7 of them, within 1.7 s of its 20 s limit).

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/interp"
)

var (
	wrapGenN     = flag.Int("wrapgen.n", 0, "programs of TestWrapAroundPolyhedraOps (0: skip it)")
	wrapGenSeed  = flag.Uint64("wrapgen.seed", 1, "seed of TestWrapAroundPolyhedraOps")
	wrapGenLimit = flag.Duration("wrapgen.limit", 50*time.Millisecond, "TestWrapAroundPolyhedraOps: the longest a single polyhedra operation may take")
	wrapGenDoms  = flag.String("wrapgen.domains", "nexpoint,nex,mtndd", "TestWrapAroundPolyhedraOps: the combined domains")
	wrapGenDump  = flag.String("wrapgen.dump", "", "TestWrapAroundPolyhedraOps: write each program to this directory as wrapN.c")
)

// wrapProgram returns a random program of wrap_poly.c's shape.
func wrapProgram(r *rand.Rand) string {
	vars := []string{"x0", "y0", "y1"} // y1 is unsigned
	coef := func() int { return r.IntN(7) - 3 }
	lin := func() string {
		var b strings.Builder
		b.WriteString("(")
		for _, v := range vars {
			fmt.Fprintf(&b, "%d*%s + ", coef(), v)
		}
		fmt.Fprintf(&b, "%d)", r.IntN(11)-5)
		return b.String()
	}
	assign := func() string { return fmt.Sprintf("%s = %s;", vars[r.IntN(len(vars))], lin()) }
	var b strings.Builder
	b.WriteString("extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\nint main() {\n")
	b.WriteString("  int x0 = __VERIFIER_nondet_int();\n  if (!(x0 >= -1 && x0 <= 1)) return 0;\n")
	b.WriteString("  int y0 = 0;\n  unsigned int y1 = 0;\n")
	loops := 0
	inLoop := false // loops are not nested, as in wrap_poly.c
	var stmt func(depth int) string
	stmt = func(depth int) string {
		switch k := r.IntN(4); {
		case k == 0 && depth < 2:
			return fmt.Sprintf("if (%s %s 0) { %s %s } else { %s }", lin(), []string{"<", "!=", ">="}[r.IntN(3)],
				stmt(depth+1), assign(), stmt(depth+1))
		case k == 1 && !inLoop:
			loops++
			i := fmt.Sprintf("i%d", loops)
			inLoop = true
			body := stmt(depth + 1)
			inLoop = false
			return fmt.Sprintf("{ int %s; for (%s = 0; %s < %d; %s++) { %s %s } }", i, i, i, 2+r.IntN(5), i, body, assign())
		default:
			return assign()
		}
	}
	for n := 3 + r.IntN(4); n > 0; n-- {
		fmt.Fprintf(&b, "  %s\n", stmt(0))
	}
	fmt.Fprintf(&b, "  if (y0 > %d) reach_error();\n  return 0;\n}\n", 50+r.IntN(100))
	return b.String()
}

// TestWrapAroundPolyhedraOps: see the file comment.
func TestWrapAroundPolyhedraOps(t *testing.T) {
	if *wrapGenN <= 0 {
		t.Skip("opt-in: -wrapgen.n N (see the file comment)")
	}
	r := rand.New(rand.NewPCG(*wrapGenSeed, 18))
	var slowest time.Duration
	var where string
	srcs := make([]string, *wrapGenN)
	for i := range srcs {
		srcs[i] = wrapProgram(r)
		if *wrapGenDump != "" {
			if err := os.WriteFile(filepath.Join(*wrapGenDump, fmt.Sprintf("wrap%d.c", i)), []byte(srcs[i]), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	for i, src := range srcs {
		prog, err := frontend.Parse(fmt.Sprintf("wrap%d.c", i), []byte(src))
		if err != nil {
			t.Fatalf("program %d: %v\n%s", i, err, src)
		}
		for _, dom := range strings.Split(*wrapGenDoms, ",") {
			run := func() (time.Duration, string) {
				// A clean heap: an earlier run's garbage (NDD's BDDs reach
				// hundreds of megabytes) would otherwise be collected
				// during this run's operations and time them too.
				runtime.GC()
				cfg := interp.DefaultConfig()
				cfg.Domain, cfg.Numeric = dom, "polyhedra"
				cfg.Deadline = time.Now().Add(20 * time.Second)
				res, err := interp.Analyze(prog, cfg)
				if err != nil {
					t.Fatalf("program %d under %s/polyhedra: %v\n%s", i, dom, err, src)
				}
				nt := res.Stats.NumericTotals
				return nt.Slowest, fmt.Sprintf("%s (%s, %s)", nt.SlowestOp, res.Verdict, res.Reason)
			}
			t0 := time.Now()
			d, what := run()
			if testing.Verbose() {
				t.Logf("program %d under %s/polyhedra: slowest %v, %s, %v in all", i, dom, d, what, time.Since(t0).Round(time.Millisecond))
			}
			if d > *wrapGenLimit {
				d, what = run() // once more: a loaded machine can slow one run
			}
			if d > slowest {
				slowest, where = d, fmt.Sprintf("program %d under %s/polyhedra: %s", i, dom, what)
			}
			if d > *wrapGenLimit {
				t.Errorf("program %d under %s/polyhedra: a single %s took %v (limit %v)\n%s", i, dom, what, d, *wrapGenLimit, src)
			}
		}
	}
	t.Logf("slowest single polyhedra operation: %v, %s", slowest, where)
}
