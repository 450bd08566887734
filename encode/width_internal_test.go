package encode

import (
	"testing"

	"github.com/numpred/numpred/cfront"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

func parseC(t *testing.T, src string) *ir.Program {
	t.Helper()
	p, err := cfront.Parse("w.c", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func varNamed(t *testing.T, p *ir.Program, qual string) *ir.Var {
	t.Helper()
	for _, v := range p.Vars {
		if v.Qual == qual {
			return v
		}
	}
	t.Fatalf("no variable %s", qual)
	return nil
}

// TestCountHulls: a local that only finite-range Havocs define counts as
// a wrap-around count only when every read finds it defined on every
// path (a, read after a branch that may skip its definition, does not).
func TestCountHulls(t *testing.T) {
	// a's declaration (which defines it, indeterminate) is jumped over.
	p := parseC(t, `extern int __VERIFIER_nondet_int(void);
int main() {
  int c = __VERIFIER_nondet_int();
  int b;
  if (c) goto L;
  int a;
  a = __VERIFIER_nondet_int();
L:
  b = __VERIFIER_nondet_int();
  return a + b + c;
}`)
	h := countHulls(p)
	for _, q := range []string{"main::b", "main::c"} {
		if _, ok := h[varNamed(t, p, q).ID]; !ok {
			t.Errorf("%s is not a count: %v", q, h)
		}
	}
	if _, ok := h[varNamed(t, p, "main::a").ID]; ok {
		t.Errorf("main::a, read where it may be undefined, is a count")
	}
}

// TestWidths: the wrap-around count of a 64-bit sum is bounded by its
// range, values are kept at their own widths (64 bits at most), and the
// wrap-around expression is
// evaluated at the width it needs (|x + 3l - 2^64 k| < 2^66.3).
func TestWidths(t *testing.T) {
	p := parseC(t, `extern int __VERIFIER_nondet_int(void);
int main() { int a = __VERIFIER_nondet_int(); long l = a; l = l * 3 + a; return l > 0; }`)
	w := newWidths(p)
	if w.wide != 64 {
		t.Errorf("value width %d, want 64", w.wide)
	}
	var count *ir.Var
	for _, f := range p.Funcs {
		for _, e := range f.Edges {
			if h, ok := e.Op.(*ir.Havoc); ok && h.Def != nil && h.Def.Op == ir.DefFloorDiv {
				count = h.Var
			}
		}
	}
	if count == nil {
		t.Fatal("no wrap-around count")
	}
	if b := w.bound[count.ID]; b == nil || b.BitLen() > 3 {
		t.Errorf("bound of the count %s: %v, want its range's", count.Qual, b)
	}
	// Each variable is kept at its own width: the int in 32 bits, the
	// long in 64, the count in the few its range needs.
	for q, want := range map[string]int{"main::a": 32, "main::l": 64} {
		if got := w.vw[varNamed(t, p, q).ID]; got != want {
			t.Errorf("%s kept in %d bits, want %d", q, got, want)
		}
	}
	if got := w.vw[count.ID]; got < 2 || got > 4 {
		t.Errorf("the count %s kept in %d bits, want its range's (2-4)", count.Qual, got)
	}
	found := false
	for _, f := range p.Funcs {
		for _, e := range f.Edges {
			if a, ok := e.Op.(*ir.Assign); ok && a.Rhs[0].Coef(numeric.Dim(count.ID)).Sign() != 0 {
				found = true
				if n := w.need(a.Rhs[0]); n < 67 || n > 69 {
					t.Errorf("%s needs %d bits, want 67-69", a.Rhs[0].String(p.Env()), n)
				}
			}
		}
	}
	if !found {
		t.Error("no assignment reads the count")
	}
}
