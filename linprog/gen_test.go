package linprog

import (
	"math/rand"
	"regexp"
	"strings"
	"testing"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// outcome is how a concrete run ended.
type outcome int

const (
	exited    outcome = iota // main returned
	errored                  // an Error location was reached
	blocked                  // no edge was enabled (an assume failed)
	exhausted                // the step or depth budget ran out
)

var outcomeNames = [...]string{"exited", "errored", "blocked", "exhausted"}

func (o outcome) String() string { return outcomeNames[o] }

// machine runs a program concretely through its IR: it follows edges,
// evaluates operations, and resolves nondeterminism (?, havoc, initial
// values, fresh locals) at random. Variables live in one array indexed by
// ID; a call saves and restores the callee's formals and locals, which
// gives each activation its own copy (call by value, recursion).
type machine struct {
	prog     *ir.Program
	vals     []numeric.Int
	rng      *rand.Rand
	steps    int
	maxSteps int
	depth    int
	errAt    ir.Pos
}

func (m *machine) arbitrary() numeric.Int { return numeric.I(int64(m.rng.Intn(41) - 20)) }

// runMain runs the program once from random initial values.
func (m *machine) runMain() outcome {
	m.vals = make([]numeric.Int, len(m.prog.Vars))
	for i := range m.vals {
		m.vals[i] = m.arbitrary()
	}
	m.steps, m.depth = 0, 0
	return m.run(m.prog.Main)
}

func (m *machine) run(f *ir.Func) outcome {
	l := f.Entry
	for {
		switch l.Kind {
		case ir.Error:
			m.errAt = l.Pos
			return errored
		case ir.Exit:
			return exited
		}
		if m.steps++; m.steps > m.maxSteps {
			return exhausted
		}
		var enabled []*ir.Edge
		for _, e := range l.Out {
			if a, ok := e.Op.(*ir.Assume); ok {
				v, det := ir.Eval(a.Cond, m.vals)
				if det && !v {
					continue // undetermined (a ?) means some choice enables it
				}
			}
			enabled = append(enabled, e)
		}
		if len(enabled) == 0 {
			return blocked
		}
		e := enabled[m.rng.Intn(len(enabled))]
		switch op := e.Op.(type) {
		case *ir.Assign:
			rhs := make([]numeric.Int, len(op.Rhs))
			for i, r := range op.Rhs {
				rhs[i] = r.Eval(m.vals)
			}
			for i, x := range op.Lhs {
				m.vals[x.ID] = rhs[i]
			}
		case *ir.Havoc:
			m.vals[op.Var.ID] = m.arbitrary()
		case *ir.Call:
			if o := m.call(op); o != exited {
				return o
			}
		case *ir.Assume, *ir.Skip, *ir.Return:
		}
		l = e.To
	}
}

func (m *machine) call(op *ir.Call) outcome {
	if m.depth++; m.depth > 10000 {
		return exhausted
	}
	defer func() { m.depth-- }()
	callee := op.Callee
	frame := append(append([]*ir.Var(nil), callee.Formals...), callee.Locals...)
	saved := make([]numeric.Int, len(frame))
	for i, v := range frame {
		saved[i] = m.vals[v.ID]
	}
	args := make([]numeric.Int, len(op.Args))
	for i, a := range op.Args {
		args[i] = a.Eval(m.vals)
	}
	for i, v := range callee.Formals {
		m.vals[v.ID] = args[i]
	}
	for _, v := range callee.Locals {
		m.vals[v.ID] = m.arbitrary()
	}
	o := m.run(callee)
	for i, v := range frame {
		m.vals[v.ID] = saved[i]
	}
	return o
}

func newMachine(t *testing.T, name, src string, seed int64) *machine {
	t.Helper()
	return &machine{prog: mustParse(t, name, src), rng: rand.New(rand.NewSource(seed)), maxSteps: 1000000}
}

var sizes = []int{0, 1, 2, 3, 4, 5, 7, 8, 13}

// TestGeneratedProgramsAreSafe runs every family concretely: every run
// must exit without reaching an error location.
func TestGeneratedProgramsAreSafe(t *testing.T) {
	for _, fam := range Families() {
		for _, n := range sizes {
			src, err := Generate(fam, n)
			if err != nil {
				t.Fatal(err)
			}
			m := newMachine(t, fam+".lp", src, int64(n))
			for run := 0; run < 5; run++ {
				if o := m.runMain(); o != exited {
					t.Errorf("%s(%d) run %d: %s (error at %s)", fam, n, run, o, m.errAt)
				}
			}
		}
	}
}

var assertRE = regexp.MustCompile(`assert\((.*)\);`)

// TestNegatedAssertionsFail is the converse check: negating every
// assertion of a generated program (N >= 1) makes the interpreter reach an
// error location, so the safe verdict above is not vacuous.
func TestNegatedAssertionsFail(t *testing.T) {
	for _, fam := range Families() {
		for _, n := range []int{1, 2, 5} {
			src, _ := Generate(fam, n)
			bad := assertRE.ReplaceAllString(src, "assert(!($1));")
			if bad == src {
				t.Fatalf("%s(%d) has no assertion", fam, n)
			}
			m := newMachine(t, fam+"_bad.lp", bad, 1)
			if o := m.runMain(); o != errored {
				t.Errorf("%s(%d) with negated assertions: %s, want errored", fam, n, o)
			}
		}
	}
}

// TestInterpreterOnHandWritten checks the translation of control flow on
// small programs with known outcomes.
func TestInterpreterOnHandWritten(t *testing.T) {
	cases := []struct {
		name, src string
		want      outcome
	}{
		{"goto-loop", `main() { int i; i = 0; l: i = i + 1; if (i < 5) goto l; assert(i = 5); }`, exited},
		{"goto-off-by-one", `main() { int i; i = 0; l: i = i + 1; if (i =< 5) goto l; assert(i = 5); }`, errored},
		{"return", `int g; f() { g = 1; return; g = 2; } main() { f(); assert(g = 1); }`, exited},
		{"call-by-value", `f(a) { a = a + 1; } main() { int x; x = 3; f(x); assert(x = 3); }`, exited},
		{"recursion-keeps-locals", `int g; f(n) int m; m = n; if (n > 0) { f(n - 1); } else ; g = g + m; main() { g = 0; f(3); assert(g = 6); }`, exited},
		{"shadowing", `int k; main() { int k; k = 1; h(); assert(k = 1); } h() { k = 2; }`, exited},
		{"parallel-globals", `int a b; main() { a = 1; b = 2; s(); assert(a = 2 && b = 1); } s() int t; t = a; a = b; b = t;`, exited},
		{"assume-false", `main() { int x; x = 1; while (x = 1) ; }`, exhausted},
		{"features", mustRead(t, "features.lp"), exited},
		{"parity", mustRead(t, "parity.lp"), exited},
		{"sum", mustRead(t, "sum.lp"), exited},
	}
	for _, c := range cases {
		m := newMachine(t, c.name+".lp", c.src, 7)
		m.maxSteps = 10000
		for run := 0; run < 20; run++ {
			if o := m.runMain(); o != c.want {
				t.Errorf("%s run %d: %s, want %s", c.name, run, o, c.want)
				break
			}
		}
	}
}

func mustRead(t *testing.T, name string) string {
	t.Helper()
	p, err := ParseFile(testdataDir + "/" + name)
	if err != nil || p == nil {
		t.Fatal(err)
	}
	src, err := readTestdata(name)
	if err != nil {
		t.Fatal(err)
	}
	return src
}

func TestGenerateParsesForManySizes(t *testing.T) {
	for _, fam := range Families() {
		for n := 1; n <= 50; n++ {
			src, err := Generate(fam, n)
			if err != nil {
				t.Fatal(err)
			}
			mustParse(t, fam+".lp", src)
		}
	}
}

func TestGenerateErrors(t *testing.T) {
	if _, err := Generate("nope", 1); err == nil || !strings.Contains(err.Error(), "swap_seq") {
		t.Errorf("unknown family: %v", err)
	}
	if _, err := Generate("sum", -1); err == nil {
		t.Error("negative N accepted")
	}
	if _, err := Generate("sum", MaxN+1); err == nil {
		t.Error("N > MaxN accepted")
	}
	want := []string{"swap_seq", "swap_iter", "parity", "delay_iter", "delay_recur", "sum"}
	if got := Families(); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("Families() = %v", got)
	}
}

// TestFamilyShapes checks the generated programs against the counts of the
// paper's Table 4: globals / locals (formals included) and conditions /
// iteration blocks.
func TestFamilyShapes(t *testing.T) {
	want := map[string][4]int{
		"swap_seq":    {2, 1, 1, 0},
		"swap_iter":   {2, 2, 2, 1},
		"parity":      {2, 2, 2, 0},
		"delay_iter":  {0, 2, 3, 2},
		"delay_recur": {0, 3, 3, 1},
		"sum":         {2, 1, 4, 2},
	}
	for _, fam := range Families() {
		src, _ := Generate(fam, 3)
		p := mustParse(t, fam+".lp", src)
		locals := 0
		for _, f := range p.Funcs {
			locals += len(f.Formals) + len(f.Locals)
		}
		conds := strings.Count(src, "if (") + strings.Count(src, "while (") + strings.Count(src, "assert(")
		loops := strings.Count(src, "while (")
		got := [4]int{len(p.Globals), locals, conds, loops}
		if got != want[fam] {
			t.Errorf("%s: G/L C/I = %v, want %v (Table 4)", fam, got, want[fam])
		}
	}
}
