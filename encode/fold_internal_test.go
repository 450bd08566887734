package encode

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/smt"
)

// foldTypes are the C types TestFoldMatchesTerms computes in.
var foldTypes = []string{"signed char", "unsigned char", "short", "unsigned short", "int", "unsigned", "long long", "unsigned long long"}

// foldProgram returns a program that applies every operator the IR
// havocs or assigns to x and y of type ty, and compares the results.
func foldProgram(ty string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s x, y; %s r; int c;\nint main() {\n", ty, ty)
	for _, op := range []string{"*", "/", "%", "<<", ">>", "&", "|", "^", "+", "-"} {
		fmt.Fprintf(&b, "  r = x %s y;\n", op)
	}
	b.WriteString("  r = -x + 3 * y - 7; r = x / 8; r = x % 4; r = x >> 2;\n")
	b.WriteString("  c = x < y; c = x == y; c = (x > 3 && y != 0) || x <= -2;\n")
	b.WriteString("  if (x - y > 5 || !(x != 2)) c = 1;\n  return c;\n}\n")
	return b.String()
}

// foldValue returns a random value of t, often an edge of its range or a
// small shift amount.
func foldValue(r *rand.Rand, t ir.IntType) numeric.Int {
	lo, hi := t.Min(), t.Max()
	switch r.IntN(6) {
	case 0:
		return lo
	case 1:
		return hi
	case 2:
		return numeric.I(int64(r.IntN(5) - 2))
	case 3:
		v := numeric.I(int64(r.IntN(t.Bits + 2)))
		if v.Cmp(hi) > 0 {
			return hi
		}
		return v
	}
	span := new(big.Int).Sub(hi.Big(), lo.Big())
	span.Add(span, big.NewInt(1))
	v := new(big.Int).SetUint64(r.Uint64())
	v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(r.Uint64()))
	v.Mod(v, span)
	return numeric.IntFromBig(v.Add(v, lo.Big()))
}

// TestFoldMatchesTerms: on every edge of programs applying every
// operator to literal operands of every integer type, in both encodings,
// the folded literal (fold.go) is the value the term built without
// folding has (the solver finds no difference), or folding declines.
func TestFoldMatchesTerms(t *testing.T) {
	z, err := smt.NewContext()
	if err != nil {
		t.Skip(err)
	}
	defer z.Close()
	r := rand.New(rand.NewPCG(7, 11))
	folded := 0
	for _, ty := range foldTypes {
		prog := parseC(t, foldProgram(ty))
		for _, mode := range []Mode{BV, LIA} {
			tm, err := NewTerms(z, prog, mode)
			if err != nil {
				t.Fatal(err)
			}
			for trial := 0; trial < 24; trial++ {
				st := State{}
				for _, v := range prog.Vars {
					val := foldValue(r, v.Type)
					if mode == BV {
						st[v.ID] = tm.p.litAt(val, tm.p.w.vw[v.ID])
					} else {
						st[v.ID] = tm.p.lit(val)
					}
				}
				var pairs [][2]*smt.Term
				for _, f := range prog.Funcs {
					for _, e := range f.Edges {
						pairs = append(pairs, foldPairs(t, tm, st, e)...)
					}
				}
				folded += len(pairs)
				checkPairs(t, z, tm, pairs)
			}
		}
	}
	if folded == 0 {
		t.Fatal("nothing was folded")
	}
	t.Logf("%d terms folded and checked", folded)
}

// foldPairs returns e's terms in st built with and without folding,
// where folding gave a literal.
func foldPairs(t *testing.T, tm *Terms, st State, e *ir.Edge) [][2]*smt.Term {
	t.Helper()
	build := func(fold bool) []*smt.Term {
		noFold = !fold
		defer func() { noFold = false }()
		var ts []*smt.Term
		switch op := e.Op.(type) {
		case *ir.Havoc:
			if op.Def != nil {
				tm.use(st)
				if d := tm.p.def(op.Def); d != nil {
					ts = append(ts, d)
				}
			}
		case *ir.Assume:
			ts = append(ts, tm.Cond(st, op.Cond))
		case *ir.Assign:
			for i, x := range op.Rhs {
				ts = append(ts, tm.ExprAs(st, op.Lhs[i], x))
			}
		}
		return ts
	}
	with, without := build(true), build(false)
	var out [][2]*smt.Term
	for i := range with {
		_, lit := with[i].Numeral()
		_, blit := with[i].BoolValue()
		if !lit && !blit {
			continue // folding declined (an undefined operation)
		}
		if with[i].Sort().String() != without[i].Sort().String() {
			t.Fatalf("%T: folded %s has sort %s, the term %s", e.Op, with[i], with[i].Sort(), without[i].Sort())
		}
		out = append(out, [2]*smt.Term{with[i], without[i]})
	}
	return out
}

// checkPairs fails when the solver finds a pair's terms different: one
// query for all, then one per pair to name the culprit.
func checkPairs(t *testing.T, z *smt.Context, tm *Terms, pairs [][2]*smt.Term) {
	t.Helper()
	differ := func(ps [][2]*smt.Term) bool {
		ds := make([]*smt.Term, len(ps))
		for i, p := range ps {
			ds[i] = z.Not(z.Eq(p[0], p[1]))
		}
		s := z.NewSolver()
		defer s.Close()
		s.Assert(z.Or(ds...))
		res, err := s.Check()
		if err != nil {
			t.Fatal(err)
		}
		return res != smt.Unsat
	}
	if len(pairs) == 0 || !differ(pairs) {
		return
	}
	for _, p := range pairs {
		if differ([][2]*smt.Term{p}) {
			t.Fatalf("%s: folded to %s, the term is %s", tm.Mode(), p[0], p[1])
		}
	}
}
