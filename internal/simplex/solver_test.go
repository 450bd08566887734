package simplex

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/numpred/numpred/numeric"
)

func init() { checkExact = true }

// randRows returns a random system over nvars variables; with huge, the
// coefficients and constants include multiples of 2^32 and numbers of
// about a hundred digits (the shapes C wrap-around produces).
func randRows(rng *rand.Rand, nvars, nrows int, huge bool) []Row {
	coef := func() numeric.Int {
		v := numeric.I(int64(rng.Intn(7) - 3))
		if !huge {
			return v
		}
		switch rng.Intn(6) {
		case 0:
			return v.Mul(numeric.I(1 << 32)).Add(numeric.I(int64(rng.Intn(3) - 1)))
		case 1:
			b := new(big.Int).Rand(rng, new(big.Int).Lsh(big.NewInt(1), 300))
			if rng.Intn(2) == 0 {
				b.Neg(b)
			}
			return numeric.IntFromBig(b)
		}
		return v
	}
	var rows []Row
	for k := 0; k < nrows; k++ {
		r := Row{Const: coef().Add(numeric.I(int64(rng.Intn(11) - 5))), Eq: rng.Intn(8) == 0}
		for v := 0; v < nvars; v++ {
			if rng.Intn(3) == 0 {
				r.Coefs = append(r.Coefs, numeric.Int{})
				continue
			}
			r.Coefs = append(r.Coefs, coef())
		}
		rows = append(rows, r)
	}
	return rows
}

// satisfies reports whether x satisfies every row.
func satisfies(rows []Row, x []numeric.Rat) bool {
	for _, r := range rows {
		v := numeric.RInt(r.Const)
		for k, a := range r.Coefs {
			v = v.Add(x[k].Mul(numeric.RInt(a)))
		}
		if r.Eq && v.Sign() != 0 || !r.Eq && v.Sign() > 0 {
			return false
		}
	}
	return true
}

// TestMaximizeAgainstReference compares Maximize with the rational
// two-phase tableau on random systems, small and huge.
func TestMaximizeAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	count := map[Status]int{}
	for it := 0; it < 600; it++ {
		huge := it%2 == 1
		nvars := 1 + rng.Intn(4)
		rows := randRows(rng, nvars, 1+rng.Intn(7), huge)
		obj := make([]numeric.Int, nvars)
		for k := range obj {
			obj[k] = numeric.I(int64(rng.Intn(7) - 3))
		}
		st, v, x := Maximize(rows, nvars, obj)
		rst, rv, _ := refMaximize(rows, nvars, obj)
		count[st]++
		if st != rst {
			t.Fatalf("case %d: status %v, reference %v\nrows %v", it, st, rst, rows)
		}
		if st != Optimal {
			continue
		}
		if v.Cmp(rv) != 0 {
			t.Fatalf("case %d: max %s, reference %s", it, v, rv)
		}
		if !satisfies(rows, x) {
			t.Fatalf("case %d: optimum %v violates the rows", it, x)
		}
		at := ratZero
		for k, c := range obj {
			at = at.Add(x[k].Mul(numeric.RInt(c)))
		}
		if at.Cmp(v) != 0 {
			t.Fatalf("case %d: point %v has value %s, not the optimum %s", it, x, at, v)
		}
	}
	for _, st := range []Status{Optimal, Unbounded, Infeasible} {
		if count[st] < 30 {
			t.Errorf("only %d cases %v: the test does not exercise it (%v)", count[st], st, count)
		}
	}
}

// TestFarkasHuge checks certificates on infeasible systems with huge
// coefficients.
func TestFarkasHuge(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	inf := 0
	for it := 0; it < 300; it++ {
		nvars := 1 + rng.Intn(4)
		rows := randRows(rng, nvars, 2+rng.Intn(6), true)
		y, ok := Farkas(rows, nvars)
		x, feas := Feasible(rows, nvars)
		if ok == feas {
			t.Fatalf("case %d: feasible %v and certificate %v", it, feas, ok)
		}
		if ok {
			inf++
			checkCertificate(t, rows, nvars, y)
		} else if !satisfies(rows, x) {
			t.Fatalf("case %d: solution violates the rows", it)
		}
	}
	if inf < 20 {
		t.Errorf("only %d infeasible systems", inf)
	}
}

// TestBoundsPushPop checks that bounds set on a solver decide the same as
// a fresh solver with the bounds as rows, and that Pop restores the
// original answer (the basis is reused across levels).
func TestBoundsPushPop(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	for it := 0; it < 300; it++ {
		nvars := 1 + rng.Intn(4)
		rows := randRows(rng, nvars, 1+rng.Intn(6), it%3 == 0)
		s := NewSolver(rows, nvars, Limits{})
		st0 := s.Check()
		all := append([]Row(nil), rows...)
		var levels []int
		for lvl := 0; lvl < 3; lvl++ {
			s.Push()
			levels = append(levels, len(all))
			for k := 0; k < 1+rng.Intn(2); k++ {
				i := rng.Intn(nvars)
				b := numeric.I(int64(rng.Intn(9) - 4))
				r := Row{Coefs: make([]numeric.Int, nvars)}
				if rng.Intn(2) == 0 {
					s.SetUpper(i, b)
					r.Coefs[i], r.Const = numeric.I(1), b.Neg() // x_i - b <= 0
				} else {
					s.SetLower(i, b)
					r.Coefs[i], r.Const = numeric.I(-1), b // b - x_i <= 0
				}
				all = append(all, r)
			}
			st := s.Check()
			_, want := Feasible(all, nvars)
			if (st == Optimal) != want || st == Unknown {
				t.Fatalf("case %d level %d: Check %v, fresh feasible %v", it, lvl, st, want)
			}
			if st == Optimal {
				x := make([]numeric.Rat, nvars)
				for i := range x {
					x[i] = s.Value(i)
				}
				if !satisfies(all, x) {
					t.Fatalf("case %d level %d: solution %v violates rows or bounds", it, lvl, x)
				}
			}
		}
		for range levels {
			s.Pop()
		}
		if st := s.Check(); st != st0 {
			t.Fatalf("case %d: after Pop, Check %v, was %v", it, st, st0)
		}
	}
}

// TestWorkBudget checks that a solver out of budget answers Unknown, and
// that the public functions then answer conservatively.
func TestWorkBudget(t *testing.T) {
	rows := []Row{row(-4, false, 1, 1), row(-4, false, 2, -1), row(1, false, -1, 0), row(1, false, 0, -1)}
	s := NewSolver(rows, 2, Limits{Work: 1})
	if st := s.Check(); st != Unknown {
		t.Fatalf("Check with a budget of 1 = %v, want unknown", st)
	}
	if st, _, _, _ := MaximizeLimits(rows, 2, []numeric.Int{numeric.I(1)}, Limits{Work: 1}); st != Unknown {
		t.Fatalf("MaximizeLimits with a budget of 1 = %v, want unknown", st)
	}
	if st, v, _, _ := MaximizeLimits(rows, 2, []numeric.Int{numeric.I(1)}, Limits{}); st != Optimal || v.String() != "8/3" {
		t.Fatalf("max x = %v %s, want 8/3", st, v)
	}
}

// bitLen returns the bit length of |x|.
func bitLen(x numeric.Int) int { return x.Big().BitLen() }

// TestSizesStayBounded checks the point of fraction-free pivoting: the
// common denominator (a minor of the input) stays within the Hadamard
// bound, however many pivots, on systems with 300-bit coefficients.
func TestSizesStayBounded(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for it := 0; it < 100; it++ {
		nvars := 2 + rng.Intn(5)
		rows := randRows(rng, nvars, 4+rng.Intn(10), true)
		s := NewSolver(rows, nvars, Limits{})
		if s.Check() == Unknown {
			t.Fatalf("case %d: budget ran out", it)
		}
		// A minor has at most nvars rows; bound each by its largest entry.
		var bits []int
		for _, r := range rows {
			b := 0
			for _, c := range r.Coefs {
				if l := bitLen(c); l > b {
					b = l
				}
			}
			bits = append(bits, b)
		}
		for i := 0; i < len(bits); i++ {
			for j := i + 1; j < len(bits); j++ {
				if bits[j] > bits[i] {
					bits[i], bits[j] = bits[j], bits[i]
				}
			}
		}
		bound := 0
		for k := 0; k < nvars && k < len(bits); k++ {
			bound += bits[k] + 3 // + log2(sqrt(nvars)) per row
		}
		if got := bitLen(s.d); got > bound {
			t.Fatalf("case %d: denominator of %d bits after %d pivots, Hadamard bound %d", it, got, s.Pivots(), bound)
		}
	}
}
