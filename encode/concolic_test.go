package encode_test

import (
	"math/rand/v2"
	"testing"

	"github.com/numpred/numpred/cfront"
	"github.com/numpred/numpred/cfront/cgen"
	"github.com/numpred/numpred/encode"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/ir/exec"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/smt"
)

// concolicPrograms read inputs through memory the front end does not
// lower to variables (a 10^4-element array: exact loads and stores) and
// keep independent inputs apart.
var concolicPrograms = []string{
	`extern int __VERIFIER_nondet_int(void); extern void reach_error(void);
int main() { int a[10000]; int x = __VERIFIER_nondet_int(); int y = __VERIFIER_nondet_int();
  for (int j = 0; j < 20; j++) a[j] = __VERIFIER_nondet_int();
  a[x & 15] = y;
  int s = 0;
  for (int i = 1; i < 20; i++) { if (a[i - 1] > a[i]) s++; else if (a[i] == 3 * a[i - 1] + 1) s += 2; }
  if (x > 5 && y < -3) s--;
  if (s == 7) reach_error(); return 0; }`,
	`extern int __VERIFIER_nondet_int(void); extern void reach_error(void);
char buf[5000];
int main() { int n = __VERIFIER_nondet_int(); int k = __VERIFIER_nondet_int();
  for (int i = 0; i < 12; i++) buf[i] = (char)__VERIFIER_nondet_int();
  for (int i = 12; i < 5000; i++) buf[i] = 'x';
  int c = 0;
  for (int i = 0; i < 12; i++) if (buf[i] == 'a' + i) c++;
  if (buf[4999] == 'x' && n > c && k == n * 2 - 1 && buf[3] < 0) reach_error(); return 0; }`,
}

// TestConcolicFlipsFollowRuns checks encode.Path.Concolic against the
// concrete interpreter: along a run's path, at every branch on inputs,
// the slice of the branch's alternative (the path's constraints on the
// values it reads, Path.Slice), solved, gives inputs (the run's for the
// inputs outside the slice) whose run follows the path up to the branch
// and takes the alternative; and the slice is unsatisfiable only when
// the whole path's formula with the alternative is. Programs: the ones
// above (memory, independent inputs) and the C front end's generated
// ones, with and without memory constructs.
func TestConcolicFlipsFollowRuns(t *testing.T) {
	z, err := smt.NewContext()
	if err != nil {
		t.Skipf("no Z3: %v", err)
	}
	var progs []*ir.Program
	for _, src := range concolicPrograms {
		p, err := cfront.Parse("c.c", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		progs = append(progs, p)
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 16; i++ {
		cfg := cgen.DefaultConfig(cgen.LP64)
		if i%2 == 1 {
			cfg = cgen.MemoryConfig(cgen.LP64)
		}
		p, err := cfront.Parse("gen.c", []byte(cgen.Generate(rng, cfg).Source()))
		if err != nil {
			t.Fatalf("generated program %d: %v", i, err)
		}
		progs = append(progs, p)
	}
	var flips, followed, unsat, unsteered, memSteps int
	for pi, p := range progs {
		m := exec.New(p)
		for run := 0; run < 3; run++ {
			res := m.Run(exec.Random(rng, 40), exec.Options{RecordEdges: true, MaxSteps: 50000})
			if res.Outcome != exec.Returned && res.Outcome != exec.ErrorReached && res.Outcome != exec.Sink {
				continue
			}
			if res.Arbitrary > 0 || pathNonlinear(res) || hasChoices(res) {
				continue // LIA havocs products: its models may leave the path
			}
			f, fo, u, us, ms := checkFlips(t, z, p, m, res, pi)
			flips, followed, unsat, unsteered, memSteps = flips+f, followed+fo, unsat+u, unsteered+us, memSteps+ms
		}
	}
	t.Logf("%d flips: %d followed, %d unsatisfiable, %d on no input; %d memory steps", flips, followed, unsat, unsteered, memSteps)
	if followed < 50 || memSteps == 0 {
		t.Errorf("too little checked: %d flips followed, %d memory steps", followed, memSteps)
	}
}

// checkFlips checks the flips along res's path (see
// TestConcolicFlipsFollowRuns).
func checkFlips(t *testing.T, z *smt.Context, p *ir.Program, m *exec.Machine, res exec.Result, pi int) (flips, followed, unsat, unsteered, memSteps int) {
	t.Helper()
	path, err := encode.NewPath(z, p, encode.LIA)
	if err != nil {
		t.Fatal(err)
	}
	path.Concolic()
	var inputPos []int
	for i, in := range res.Inputs {
		if in.Source != exec.ChoiceSource {
			inputPos = append(inputPos, i)
		}
	}
	runVals := res.InputValues()
	consumed := 0
	for at, st := range res.Edges {
		if st.Return {
			continue
		}
		e := st.Edge
		if s, ok := e.Op.(*ir.Skip); ok && s.Mem != nil {
			memSteps++
		}
		if h, ok := e.Op.(*ir.Havoc); ok && h.Load != nil {
			memSteps++
		}
		for _, alt := range e.From.Out {
			a, ok := alt.Op.(*ir.Assume)
			if alt == e || !ok || a.Ghost || !path.Symbolic(a.Cond) || flips >= 40 {
				continue
			}
			flips++
			cond := path.Cond(a.Cond) // first: it makes the lazy inputs it reads
			slice, inSlice := path.Slice(a.Cond)
			sol := z.NewSolver()
			sol.Assert(slice...)
			sol.Assert(cond)
			r, err := sol.Check()
			if err != nil {
				t.Fatal(err)
			}
			whole := z.NewSolver() // every constraint: the slice's reference
			whole.Assert(path.Constraints()...)
			whole.Assert(cond)
			wr, err := whole.Check()
			whole.Close()
			if err != nil {
				t.Fatal(err)
			}
			if (r == smt.Sat) != (wr == smt.Sat) {
				t.Errorf("program %d: at %s the slice is %v, the whole path %v", pi, alt.Pos, r, wr)
			}
			if r != smt.Sat {
				sol.Close()
				unsat++
				continue
			}
			model, err := sol.Model()
			if err != nil {
				t.Fatal(err)
			}
			vals := append([]numeric.Int{}, runVals[:consumed]...)
			for i, in := range path.Inputs() {
				if i >= len(inputPos) || inputPos[i] >= consumed || !inSlice(i) || in.Term == nil {
					continue
				}
				raw, err := model.Int(in.Term)
				if err != nil {
					t.Fatal(err)
				}
				vals[inputPos[i]] = encode.Value(in, raw)
			}
			model.Close()
			sol.Close()
			if sameVals(vals, runVals[:consumed]) {
				// The branch reads no input the slice could change (values
				// read back from memory after a write to an address the
				// path does not know are fresh): nothing to steer.
				unsteered++
				continue
			}
			again := m.Run(exec.Inputs(vals...), exec.Options{RecordEdges: true, MaxSteps: at + 1})
			if len(again.Edges) <= at || !sameEdges(res.Edges[:at], again.Edges[:at]) || again.Edges[at].Edge != alt {
				t.Errorf("program %d: the slice's model %v does not take the branch at %s after the path's prefix", pi, vals, alt.Pos)
				continue
			}
			followed++
		}
		if st.HasAddr {
			path.SetAddress(st.Addr)
		}
		if _, err := path.Step(e); err != nil {
			t.Fatal(err)
		}
		if h, ok := e.Op.(*ir.Havoc); ok && h.Input != "" && h.Def == nil {
			consumed++
		}
	}
	return flips, followed, unsat, unsteered, memSteps
}

func pathNonlinear(r exec.Result) bool {
	for _, st := range r.Edges {
		if h, ok := st.Edge.Op.(*ir.Havoc); ok && h.Def != nil && (h.Def.Op == ir.DefMul || h.Def.Op >= ir.DefShl || !h.Def.Y.IsConst()) {
			return true
		}
	}
	return false
}

func sameEdges(a, b []exec.EdgeStep) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Edge != b[i].Edge {
			return false
		}
	}
	return true
}

func hasChoices(r exec.Result) bool {
	for _, in := range r.Inputs {
		if in.Source == exec.ChoiceSource {
			return true
		}
	}
	return false
}

func sameVals(a, b []numeric.Int) bool {
	for i := range a {
		if a[i].Cmp(b[i]) != 0 {
			return false
		}
	}
	return len(a) == len(b)
}
