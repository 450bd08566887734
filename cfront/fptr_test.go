package cfront

import (
	"sort"
	"strings"
	"testing"

	"github.com/numpred/numpred/ir"
	irexec "github.com/numpred/numpred/ir/exec"
	"github.com/numpred/numpred/numeric"
)

const fptrProg = `extern int __VERIFIER_nondet_int(void);
int inc(int x) { return x + 1; }
int dec(int x) { return x - 1; }
long wide(long x) { return x; }
int twice(int (*f)(int), int v) { return f(f(v)); }
int (*gp)(int) = dec;
int main() {
  long (*w)(long) = wide;
  int k = __VERIFIER_nondet_int();
  int (*p)(int) = k > 0 ? inc : &dec;
  int (*q)(int) = 0;
  if (k == 7) return q(k);
  if (k == 8) return (*gp)(k) + 100;
  if (k == 9) { p = gp; gp = inc; return p(k) + gp(k); }
  if (p == inc) return twice(p, k);
  return (*p)(k) + (p != 0) * 1000;
}
`

// TestFunctionPointers runs calls through function pointers on the
// concrete interpreter: designators, &f, *p, a global initialised to a
// function, a pointer passed to a function, comparisons, and a null
// pointer called (an unsupported location).
func TestFunctionPointers(t *testing.T) {
	p, err := Parse("fp.c", []byte(fptrProg))
	if err != nil {
		t.Fatal(err)
	}
	if err := ir.SanityCheck(p); err != nil {
		t.Fatal(err)
	}
	m := irexec.New(p)
	for _, c := range []struct {
		k, want int64
		out     irexec.Outcome
	}{
		{3, 5, irexec.Returned},           // twice(inc, 3)
		{-3, 996, irexec.Returned},        // dec(-3) + 1000
		{0, 999, irexec.Returned},         // dec(0) + 1000
		{8, 107, irexec.Returned},         // dec(8) + 100
		{9, 18, irexec.Returned},          // dec(9) + inc(9)
		{7, 0, irexec.UnsupportedReached}, // null
	} {
		r := m.Run(irexec.Inputs(numeric.I(c.k)), irexec.Options{})
		if r.Outcome != c.out {
			t.Errorf("k = %d: outcome %v, want %v", c.k, r.Outcome, c.out)
			continue
		}
		if r.Arbitrary > 0 {
			t.Errorf("k = %d: the run read %d arbitrary values", c.k, r.Arbitrary)
		}
		if c.out == irexec.Returned && (!r.HasRet || r.Ret.Cmp(numeric.I(c.want)) != 0) {
			t.Errorf("k = %d: returned %v, want %d", c.k, r.Ret, c.want)
		}
	}
	// The calls through int (*)(int) pointers go to inc and dec only:
	// wide has another type.
	callees := map[string]bool{}
	for _, f := range p.Funcs {
		for _, e := range f.Edges {
			if c, ok := e.Op.(*ir.Call); ok {
				callees[c.Callee.Name] = true
			}
		}
	}
	var got []string
	for n := range callees {
		got = append(got, n)
	}
	sort.Strings(got)
	if strings.Join(got, " ") != "dec inc twice" {
		t.Errorf("callees %v, want dec inc twice", got)
	}
	if u := p.Unsupported(); len(u) > 0 {
		t.Errorf("program-wide unsupported diagnostics: %v", u)
	}
}

// TestFunctionPointerNoCandidate: a call through a pointer type no
// address-taken function has is an unsupported location.
func TestFunctionPointerNoCandidate(t *testing.T) {
	p, err := Parse("fp.c", []byte("int (*fp)(int, int); int f(int x) { return x; } int main() { fp = 0; return fp(1, 2) + f(1); }"))
	if err != nil {
		t.Fatal(err)
	}
	locs := p.UnsupportedLocs()
	if len(locs) != 1 || !strings.Contains(locs[0].Unsupported.Msg, "no function of its type") {
		t.Errorf("unsupported locations %v, want one for the call", locs)
	}
}

// TestFunctionPointerAsInteger: a function pointer converted to an
// integer is exact where it holds an integer the program stored (gcc
// converts it back unchanged) or null, and arbitrary where it may hold a
// function's address (gcc's addresses are not ours).
func TestFunctionPointerAsInteger(t *testing.T) {
	p, err := Parse("fpint.c", []byte(`extern unsigned long __VERIFIER_nondet_ulong(void);
int f(int x) { return x; }
int main() {
  int (*p)(int) = (int (*)(int)) __VERIFIER_nondet_ulong();
  unsigned long v = (unsigned long)p;
  if (v == 0) return 1;
  if (v == 12345) return 2;
  if (v == 4096) return 3;
  if (v == 77) { unsigned long u = p; return u == 77 ? 6 : 7; }
  p = f;
  if ((unsigned long)p != 0) return 4;
  return 5;
}
`))
	if err != nil {
		t.Fatal(err)
	}
	m := irexec.New(p)
	for _, c := range []struct {
		in, want  int64
		arbitrary bool
	}{
		{0, 1, false},
		{12345, 2, false},
		{4096, 3, false},
		{77, 6, false}, // converted by assignment
		{7, 4, true},   // exact; then f's address, arbitrary but not null
		{16, -1, true}, // f's own address: arbitrary
	} {
		r := m.Run(irexec.Inputs(numeric.I(c.in)), irexec.Options{})
		if r.Outcome != irexec.Returned {
			t.Fatalf("input %d: outcome %v", c.in, r.Outcome)
		}
		if c.want >= 0 && r.Ret.Cmp(numeric.I(c.want)) != 0 {
			t.Errorf("input %d: returned %v, want %d", c.in, r.Ret, c.want)
		}
		if c.arbitrary && r.Arbitrary == 0 {
			t.Errorf("input %d: the conversion of a function address read no arbitrary value", c.in)
		}
	}
}
