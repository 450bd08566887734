package cgen

import (
	"context"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

var (
	memN         = flag.Int("cgen.memn", 300, "memory programs built and run by TestMemoryPrograms")
	memASanSeed  = flag.Uint64("cgen.asanseed", 2, "seed of TestMemoryASan")
	memASanStart = flag.Int("cgen.asanstart", 0, "first program of TestMemoryASan")
)

// memOptions is the campaign of memory programs (LP64 only: the
// generator makes no memory constructs under ILP32).
func memOptions(seed uint64) FuzzOptions {
	return FuzzOptions{Seed: seed, Models: []Model{LP64}, Config: MemoryConfig}
}

// undefinedRate returns the fraction of runs the sanitizer ended.
func undefinedRate(out map[Outcome]int) (float64, int) {
	runs := 0
	for _, c := range out {
		runs += c
	}
	return float64(out[Undefined]+out[Crashed]) / float64(max(runs, 1)), runs
}

// memFeatures counts the memory constructs of p.
func memFeatures(p *Program, count map[string]int) {
	for _, g := range p.Globals {
		switch {
		case g.Mem != nil && g.Mem.isArray() && g.Mem.Elem.isArray():
			count["global 2-D array"]++
		case g.Mem != nil && g.Mem.isArray() && g.Mem.Elem.S != nil:
			count["global array of structs"]++
		case g.Mem != nil && g.Mem.isArray():
			count["global array"]++
		case g.Mem != nil:
			count["global struct"]++
		case g.Ptr != nil:
			count["global pointer"]++
		}
		if g.AInit != nil {
			count["global initialiser list"]++
		}
	}
	for _, s := range p.Structs {
		for _, f := range s.Fields {
			switch {
			case f.T.S != nil:
				count["nested struct field"]++
			case f.T.isArray():
				count["array field"]++
			}
		}
	}
	for _, f := range p.Funcs {
		for _, v := range f.Params {
			if v.Ptr != nil {
				count["pointer parameter"]++
			}
		}
		if f.RetPtr != nil {
			count["pointer result"]++
		}
		stmtLists(&Program{Funcs: []*Func{f}}, func(ss *[]Stmt) {
			for _, s := range *ss {
				switch s := s.(type) {
				case *Fill:
					count["malloc'd block"]++
				case *Free:
					count["free"]++
				case *For:
					if s.Decl != nil && s.Decl.V.Ptr != nil {
						count["loop over an array with a pointer"]++
					}
					if c, ok := s.Body.Stmts[0].(*ExprStmt); ok && len(s.Body.Stmts) > 0 {
						walkExpr(c.X, func(e Expr) {
							if x, ok := e.(*Sub); ok && x.Raw {
								count["loop over an array with an index"]++
							}
						})
					}
				}
			}
		})
		walkExprs(f.Body, func(e Expr) {
			if l, ok := e.(*InitList); ok && len(l.Elems) > 0 {
				count["local initialiser list"]++
			}
			walkExpr(e, func(e Expr) {
				switch e := e.(type) {
				case *Index:
					if isPtrValued(e.X) {
						count["p[i]"]++
					} else if _, ok := e.X.(*Index); ok {
						count["a[i][j]"]++
					} else {
						count["a[i]"]++
					}
					if s := e.I.(*Sub); s.X == nil {
						count["constant index"]++
					} else if !s.Raw {
						count["variable index"]++
					}
				case *Member:
					if e.Arrow {
						count["p->f"]++
					} else if _, ok := e.X.(*Member); ok {
						count["s.f.g"]++
					} else {
						count["s.f"]++
					}
				case *Deref:
					count["*p"]++
				case *AddrOf:
					switch ltype(e.L).S {
					case nil:
						count["&cell"]++
					default:
						count["&struct"]++
					}
					if _, ok := e.L.(*Member); ok {
						count["&s.f"]++
					}
					if r, ok := e.L.(*VarRef); ok && isScalar(r.V) {
						if r.V.Global {
							count["&global scalar"]++
						} else {
							count["&local scalar"]++
						}
					}
				case *PtrAdd:
					count["p + k"]++
				case *PtrDiff:
					count["p - q"]++
				case *PtrCmp:
					if _, ok := e.Q.(*Null); ok {
						count["p ==/!= 0"]++
					} else {
						count["p "+e.Op+" q"]++
					}
				case *Store:
					switch t := ltype(e.L); {
					case isPtrValued(e.L):
						count["pointer assignment"]++
					case t.S != nil:
						count["struct assignment"]++
					case e.Op == "=":
						count["cell ="]++
					default:
						count["cell op="]++
					}
				case *StoreIncDec:
					count["cell ++/--"]++
				case *Call:
					for i, a := range e.Args {
						if e.F.Params[i].Ptr != nil {
							if _, ok := a.(*VarRef); ok && !isPtrValued(a) {
								count["array argument"]++
							}
							if _, ok := a.(*AddrOf); ok {
								count["&x argument"]++
							}
						}
					}
				}
			})
		})
	}
}

// TestMemoryCoverage checks that memory programs contain every memory
// construct, each several times.
func TestMemoryCoverage(t *testing.T) {
	count := map[string]int{}
	o := memOptions(1)
	for i := 0; i < 300; i++ {
		p, _ := o.Program(i)
		memFeatures(p, count)
	}
	want := []string{"global 2-D array", "global array of structs", "global array", "global struct", "global pointer",
		"global initialiser list", "local initialiser list", "nested struct field", "array field", "pointer parameter",
		"pointer result", "malloc'd block", "free", "loop over an array with a pointer", "loop over an array with an index",
		"p[i]", "a[i][j]", "a[i]", "constant index", "variable index", "p->f", "s.f.g", "s.f", "*p", "&cell", "&struct",
		"&s.f", "&global scalar", "&local scalar", "p + k", "p - q", "p ==/!= 0", "p == q", "p != q", "p < q",
		"pointer assignment", "struct assignment", "cell =", "cell op=", "cell ++/--", "array argument", "&x argument"}
	for _, w := range want {
		if count[w] < 5 {
			t.Errorf("%q occurs %d times in 300 programs, want at least 5", w, count[w])
		}
	}
	if t.Failed() || testing.Verbose() {
		t.Logf("counts: %v", count)
	}
}

// TestMemoryDeterministic checks that a memory program depends only on
// its seed, and that the memory constructs are off under ILP32.
func TestMemoryDeterministic(t *testing.T) {
	for i := 0; i < 30; i++ {
		a := Generate(rand.New(rand.NewPCG(5, uint64(i))), MemoryConfig(LP64)).Source()
		b := Generate(rand.New(rand.NewPCG(5, uint64(i))), MemoryConfig(LP64)).Source()
		if a != b {
			t.Fatalf("program %d differs between two generations", i)
		}
		c := Generate(rand.New(rand.NewPCG(5, uint64(i))), MemoryConfig(ILP32)).Source()
		d := Generate(rand.New(rand.NewPCG(5, uint64(i))), DefaultConfig(ILP32)).Source()
		if c != d {
			t.Fatalf("program %d: Memory changes an ILP32 program", i)
		}
	}
}

// runMemory builds and runs programs 0..n-1 of the memory campaign of
// seed with h, and returns the counts of run outcomes.
func runMemory(t *testing.T, h *Harness, seed uint64, n int) map[Outcome]int {
	return runMemoryFrom(t, h, memOptions(seed), 0, n)
}

func runMemoryFrom(t *testing.T, h *Harness, o FuzzOptions, start, n int) map[Outcome]int {
	var progs []*Program
	var inputs [][][]int64
	for i := start; i < start+n; i++ {
		p, in := o.Program(i)
		progs = append(progs, p)
		inputs = append(inputs, in)
	}
	out := map[Outcome]int{}
	for lo := 0; lo < n; lo += 50 {
		hi := min(lo+50, n)
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		obs, err := h.Run(ctx, progs[lo:hi], inputs[lo:hi])
		cancel()
		if err != nil {
			t.Fatalf("programs %d..%d: %v", start+lo, start+hi-1, err)
		}
		for i, os := range obs {
			for j, r := range os {
				out[r.Outcome]++
				if r.Outcome == Crashed {
					t.Logf("program %d input %d: %c", start+lo+i, j, r.Outcome)
				}
			}
		}
	}
	return out
}

// TestMemoryPrograms builds memory programs with gcc (with the
// sanitizer, as the differential test does), runs them, and measures
// the fraction of runs discarded as undefined against that of the same
// programs without Memory: every memory access is in bounds by
// construction, so what remains is the integer undefined behaviour
// (signed overflow, shifts of negative values) that the generator
// leaves to the sanitizer in both. It also checks that the stand-alone
// sources compile.
func TestMemoryPrograms(t *testing.T) {
	h := &Harness{}
	if !h.Available() {
		t.Skip("gcc not available")
	}
	n := *memN
	if testing.Short() {
		n = min(n, 50)
	}
	out := runMemory(t, h, 1, n)
	rate, runs := undefinedRate(out)
	base := runMemoryFrom(t, h, FuzzOptions{Seed: 1, Models: []Model{LP64}}, 0, n)
	baseRate, _ := undefinedRate(base)
	t.Logf("%d memory programs, %d runs: %d returned, %d reached reach_error, %d undefined, %d crashed, %d timeouts: %.1f%% discarded (%.1f%% without Memory)",
		n, runs, out[Returned], out[ErrorReached], out[Undefined], out[Crashed], out[Timeout], 100*rate, 100*baseRate)
	if out[Crashed] > 0 || rate > baseRate+0.04 {
		t.Errorf("%.1f%% of the runs undefined (%d crashed), want at most %.1f%% (the rate without Memory plus 4 points)",
			100*rate, out[Crashed], 100*(baseRate+0.04))
	}
	// The stand-alone sources, as cfront reads them, are C too.
	dir := t.TempDir()
	o := memOptions(1)
	for i := 0; i < min(n, 20); i++ {
		p, _ := o.Program(i)
		f := filepath.Join(dir, fmt.Sprintf("p%d.c", i))
		if err := os.WriteFile(f, []byte(p.Source()), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(h.gcc(), "-fsyntax-only", "-Werror=implicit-function-declaration", f).CombinedOutput(); err != nil {
			t.Errorf("program %d: %v\n%s\n%s", i, err, out, p.Source())
		}
	}
}

// TestMemoryASan runs memory programs built with the address sanitizer:
// an access out of bounds or to a dead object would end the harness
// with ASan's report (the differential test itself does not use ASan:
// its report ends the whole harness, not one run).
func TestMemoryASan(t *testing.T) {
	h := &Harness{Flags: []string{"-fsanitize=address"}}
	if !h.Available() {
		t.Skip("gcc not available")
	}
	probe := exec.Command(h.gcc(), "-fsanitize=address", "-x", "c", "-o", os.DevNull, "-")
	probe.Stdin = strings.NewReader("int main(void) { return 0; }\n")
	if err := probe.Run(); err != nil {
		t.Skip("gcc has no address sanitizer here")
	}
	t.Setenv("ASAN_OPTIONS", "detect_leaks=0:allow_user_segv_handler=1:detect_stack_use_after_return=1")
	n := 100
	if testing.Short() {
		n = 30
	}
	out := runMemoryFrom(t, h, memOptions(*memASanSeed), *memASanStart, n)
	rate, runs := undefinedRate(out)
	t.Logf("%d runs, %.1f%% undefined", runs, 100*rate)
}

// TestMemoryEdits checks that the reducer's edits of memory programs
// shrink them, leave them alone, and keep them C that gcc builds and
// runs without a crash (an edit may not make an access out of bounds:
// indices are replaced by indices in the same range, lvalues are never
// replaced, and malloc'd blocks stay filled).
func TestMemoryEdits(t *testing.T) {
	o := memOptions(3)
	var cands []*Program
	for i := 0; i < 20; i++ {
		p, _ := o.Program(i)
		src, n := p.Source(), size(p)
		for _, q := range edits(p) {
			if m := size(q); m >= n {
				t.Fatalf("program %d: an edit does not shrink it (%d -> %d):\n%s", i, n, m, lineDiff(src, q.Source()))
			}
			if valid(q) && i < 2 && len(cands)%2 == 0 {
				cands = append(cands, q)
			} else if valid(q) && i < 2 {
				cands = append(cands, nil)
			}
		}
		if p.Source() != src {
			t.Fatalf("program %d: edits changed the original", i)
		}
	}
	h := &Harness{Flags: []string{"-fsanitize=address"}}
	if !h.Available() || testing.Short() {
		return
	}
	cands = slices.DeleteFunc(cands, func(q *Program) bool { return q == nil }) // every other edit
	t.Setenv("ASAN_OPTIONS", "detect_leaks=0:allow_user_segv_handler=1")
	inputs := make([][][]int64, len(cands))
	for i := range inputs {
		inputs[i] = [][]int64{{1, -2, 3, 0, 5, 7, -1, 2}}
	}
	obs, errs := h.runEach(context.Background(), cands, inputs)
	for i, err := range errs {
		if err != nil {
			t.Fatalf("edit %d: %v\n%s", i, err, cands[i].Source())
		}
		if obs[i][0].Outcome == Crashed {
			t.Errorf("edit %d crashes:\n%s", i, cands[i].Source())
		}
	}
	t.Logf("%d edits of 2 programs built and run", len(cands))
}

// lineDiff returns the lines of a and b that differ, in order.
func lineDiff(a, b string) string {
	la, lb := strings.Split(a, "\n"), strings.Split(b, "\n")
	var sb strings.Builder
	for i := 0; i < max(len(la), len(lb)); i++ {
		x, y := "", ""
		if i < len(la) {
			x = la[i]
		}
		if i < len(lb) {
			y = lb[i]
		}
		if x != y {
			fmt.Fprintf(&sb, "- %s\n+ %s\n", x, y)
		}
	}
	return sb.String()
}
