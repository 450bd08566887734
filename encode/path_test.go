package encode_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/numpred/numpred/cfront"
	"github.com/numpred/numpred/cfront/cgen"
	"github.com/numpred/numpred/encode"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/ir/exec"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/smt"
)

// programs exercise calls, recursion, wrap-around, division, and the
// operations the IR havocs (products, masks, shifts of non-constants).
var programs = []string{
	`extern int __VERIFIER_nondet_int(void); extern void reach_error(void);
int g;
int f(int a, int b) { g = g + 1; if (a > b) return a - b; return b / 3 + a % 5; }
int main() { int x = __VERIFIER_nondet_int(); int y = __VERIFIER_nondet_int();
  int s = 0; for (int i = 0; i < 4; i++) { s += f(x, y + i); }
  if (s > 10 && g == 4) reach_error(); return 0; }`,
	`extern unsigned __VERIFIER_nondet_uint(void); extern void reach_error(void);
unsigned fact(unsigned n) { if (n <= 1) return 1; return n * fact(n - 1); }
int main() { unsigned a = __VERIFIER_nondet_uint(); unsigned b = __VERIFIER_nondet_uint();
  unsigned c = a * b + (a & 0xff) + (b << 3); unsigned d = a ^ b; unsigned e = a >> (b & 7);
  if (c == 12 && d < 100) reach_error();
  if (fact(a & 7) > e) return 1; return 0; }`,
	`extern char __VERIFIER_nondet_char(void); extern short __VERIFIER_nondet_short(void); extern void reach_error(void);
int main() { signed char c = __VERIFIER_nondet_char(); short s = __VERIFIER_nondet_short();
  unsigned char u = c + 200; int q = s / (c | 1); int r = s % 7; long long w = (long long)s * c;
  if (u < 50 && q > 3 && r != 0 && w < 0) reach_error(); return 0; }`,
	// Wrap-around through a havocked quotient (a floor division by a
	// power of two: a shift in BV) and negative coefficients.
	`extern int __VERIFIER_nondet_int(void); extern long __VERIFIER_nondet_long(void); extern void reach_error(void);
int main() { int x = __VERIFIER_nondet_int(); long y = __VERIFIER_nondet_long();
  signed char c = x * 1000 - y; short s = 7 - 3 * x - 5 * c; unsigned char u = -x * 77 + 13;
  long d = -y - 2 * x; int e = d;
  if (c == -5 && s > 0 && u < 9 && e != 3) reach_error(); return 0; }`,
}

// TestGeneratedPathsAgreeWithExec is TestPathsAgreeWithExec on programs
// of the C front end's differential tester: every statement form and
// operator, calls and recursion.
func TestGeneratedPathsAgreeWithExec(t *testing.T) {
	z, err := smt.NewContext()
	if err != nil {
		t.Skipf("no Z3: %v", err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	cfg := cgen.DefaultConfig(cgen.LP64)
	checked := 0
	for pi := 0; pi < 12; pi++ {
		src := cgen.Generate(rng, cfg).Source()
		p, err := cfront.Parse("gen.c", []byte(src))
		if err != nil {
			t.Fatalf("generated program %d: %v", pi, err)
		}
		m := exec.New(p)
		for run := 0; run < 3; run++ {
			res := m.Run(exec.Random(rng, 50), exec.Options{RecordPath: true, MaxSteps: 20000})
			if res.Outcome != exec.Returned && res.Outcome != exec.ErrorReached {
				continue
			}
			if res.Arbitrary > 0 {
				continue
			}
			checkPath(t, z, p, m, res, encode.LIA, 100+pi)
			checked++
			if run == 0 && pi < 2 {
				checkPath(t, z, p, m, res, encode.BV, 100+pi)
			}
		}
	}
	if checked < 10 {
		t.Errorf("only %d generated runs checked", checked)
	}
}

// bvRuns are the runs of each program that are also checked in BV: one
// of the program with products and masks, all of the one with quotients.
var bvRuns = map[int]int{1: 1, 3: 12}

// TestPathsAgreeWithExec runs each program on random inputs and checks,
// for both encodings, that the formula of the path taken is satisfiable
// and that the model's inputs, replayed, follow the same path: the
// encoding admits the concrete run and says nothing false about it.
func TestPathsAgreeWithExec(t *testing.T) {
	z, err := smt.NewContext()
	if err != nil {
		t.Skipf("no Z3: %v", err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for pi, src := range programs {
		p, err := cfront.Parse("p.c", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		m := exec.New(p)
		for run := 0; run < 12; run++ {
			res := m.Run(exec.Random(rng, 300), exec.Options{RecordPath: true})
			if res.Outcome == exec.Internal || res.Outcome == exec.Undefined {
				continue
			}
			for _, mode := range []encode.Mode{encode.LIA, encode.BV} {
				if mode == encode.BV && run >= bvRuns[pi] {
					continue // the solver pays for bit precision (division circuits)
				}
				t0 := time.Now()
				checkPath(t, z, p, m, res, mode, pi)
				if testing.Verbose() {
					t.Logf("program %d run %d %s: %d steps, %v", pi, run, mode, len(res.Path), time.Since(t0))
				}
			}
		}
	}
}

func checkPath(t *testing.T, z *smt.Context, p *ir.Program, m *exec.Machine, res exec.Result, mode encode.Mode, pi int) {
	t.Helper()
	path, err := encode.NewPath(z, p, mode)
	if err != nil {
		t.Fatal(err)
	}
	sol := z.NewSolver()
	defer sol.Close()
	for _, st := range res.Path {
		if st.Return {
			continue
		}
		c, err := path.Step(st.Edge)
		if err != nil {
			t.Fatal(err)
		}
		if c != nil {
			sol.Assert(c)
		}
	}
	r, err := sol.Check()
	if err != nil || r != smt.Sat {
		t.Fatalf("program %d, %s: the formula of a path a run took is %v (%v)", pi, mode, r, err)
	}
	model, err := sol.Model()
	if err != nil {
		t.Fatal(err)
	}
	defer model.Close()
	var vals []numeric.Int
	for _, in := range path.Inputs() {
		raw, err := model.Int(in.Term)
		if err != nil {
			t.Fatal(err)
		}
		vals = append(vals, encode.Value(in, raw))
	}
	again := m.Run(exec.Inputs(vals...), exec.Options{RecordPath: true})
	if mode == encode.LIA && pathHasNonlinear(res) {
		return // LIA havocs products and masks: its model may leave the path there
	}
	if !samePath(res, again) {
		t.Errorf("program %d, %s: the model's inputs %v do not follow the path (outcome %v at %v, was %v at %v)", pi, mode, vals, again.Outcome, again.Loc, res.Outcome, res.Loc)
	}
}

func pathHasNonlinear(r exec.Result) bool {
	for _, st := range r.Path {
		if h, ok := st.Edge.Op.(*ir.Havoc); ok && h.Def != nil && (h.Def.Op == ir.DefMul || h.Def.Op >= ir.DefShl || !h.Def.Y.IsConst()) {
			return true
		}
	}
	return false
}

func samePath(a, b exec.Result) bool {
	if len(a.Path) != len(b.Path) {
		return false
	}
	for i := range a.Path {
		if a.Path[i].Edge != b.Path[i].Edge {
			return false
		}
	}
	return true
}

// TestBitPreciseOnly shows a C behaviour only the bit-vector encoding
// gets right: the IR havocs x*x, so LIA finds the error reachable when
// x*x == 2 (no int has that square, modulo 2^32 either), and BV does not.
func TestBitPreciseOnly(t *testing.T) {
	z, err := smt.NewContext()
	if err != nil {
		t.Skipf("no Z3: %v", err)
	}
	src := `extern int __VERIFIER_nondet_int(void); extern void reach_error(void);
int main() { int x = __VERIFIER_nondet_int(); int y = x * x; if (y == 2) reach_error(); return 0; }`
	p, err := cfront.Parse("sq.c", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	// Walk the CFA along the branch to the error location.
	var edges []*ir.Edge
	l := p.Main.Entry
	for l.Kind != ir.Error && len(edges) < 100 {
		next := l.Out[0]
		for _, e := range l.Out {
			if dist(e.To) < dist(next.To) {
				next = e
			}
		}
		edges = append(edges, next)
		l = next.To
	}
	got := map[encode.Mode]smt.Result{}
	for _, mode := range []encode.Mode{encode.LIA, encode.BV} {
		path, _ := encode.NewPath(z, p, mode)
		sol := z.NewSolver()
		for _, e := range edges {
			c, err := path.Step(e)
			if err != nil {
				t.Fatal(err)
			}
			if c != nil {
				sol.Assert(c)
			}
		}
		got[mode], _ = sol.Check()
		sol.Close()
	}
	if got[encode.LIA] != smt.Sat || got[encode.BV] != smt.Unsat {
		t.Errorf("x*x == 2: LIA %v (want sat: the IR havocs x*x), BV %v (want unsat)", got[encode.LIA], got[encode.BV])
	}
}

// dist is the number of edges from l to an error location along first
// edges (small CFAs only).
func dist(l *ir.Loc) int {
	seen := map[*ir.Loc]int{}
	var d func(*ir.Loc, int) int
	d = func(l *ir.Loc, depth int) int {
		if l.Kind == ir.Error {
			return 0
		}
		if v, ok := seen[l]; ok || depth > 50 {
			if ok {
				return v
			}
			return 1 << 20
		}
		seen[l] = 1 << 20
		best := 1 << 20
		for _, e := range l.Out {
			if v := d(e.To, depth+1) + 1; v < best {
				best = v
			}
		}
		seen[l] = best
		return best
	}
	return d(l, 0)
}
