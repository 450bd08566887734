package simplex

import (
	"math/rand"
	"testing"

	"github.com/numpred/numpred/numeric"
)

func row(c int64, eq bool, coefs ...int64) Row {
	r := Row{Const: numeric.I(c), Eq: eq}
	for _, k := range coefs {
		r.Coefs = append(r.Coefs, numeric.I(k))
	}
	return r
}

// checkCertificate checks that y proves rows infeasible: y >= 0 on
// inequalities, the combination cancels every variable and its constant
// is positive (0 <= -const < 0).
func checkCertificate(t *testing.T, rows []Row, nvars int, y []numeric.Rat) {
	t.Helper()
	if len(y) != len(rows) {
		t.Fatalf("got %d multipliers for %d rows", len(y), len(rows))
	}
	zero := numeric.RInt(numeric.I(0))
	sum := make([]numeric.Rat, nvars)
	c := zero
	for i, r := range rows {
		if !r.Eq && y[i].Sign() < 0 {
			t.Fatalf("negative multiplier %s on inequality %d", y[i], i)
		}
		for k, a := range r.Coefs {
			sum[k] = sum[k].Add(y[i].Mul(numeric.RInt(a)))
		}
		c = c.Add(y[i].Mul(numeric.RInt(r.Const)))
	}
	for k, s := range sum {
		if s.Sign() != 0 {
			t.Fatalf("combination keeps x%d with coefficient %s", k, s)
		}
	}
	if c.Sign() <= 0 {
		t.Fatalf("combination gives 0 <= %s, not a contradiction", c.Neg())
	}
}

func TestFarkasSimple(t *testing.T) {
	tests := []struct {
		name  string
		rows  []Row
		nvars int
	}{
		// x >= 1 (-x + 1 <= 0) and x <= 0.
		{"bounds", []Row{row(1, false, -1), row(0, false, 1)}, 1},
		// x + y <= 2, x >= 2, y >= 1.
		{"triangle", []Row{row(-2, false, 1, 1), row(2, false, -1, 0), row(1, false, 0, -1)}, 2},
		// x = y, x - y >= 1 with an equality multiplier of either sign.
		{"equality", []Row{row(0, true, 1, -1), row(1, false, -1, 1)}, 2},
		// 2x + 3y = 1, x = 2, y = 1.
		{"equalities", []Row{row(-1, true, 2, 3), row(-2, true, 1, 0), row(-1, true, 0, 1)}, 2},
		// Constant row 1 <= 0.
		{"constant", []Row{row(1, false)}, 0},
		// x - y <= -1, y - z <= -1, z - x <= -1 (a negative cycle).
		{"cycle", []Row{row(1, false, 1, -1, 0), row(1, false, 0, 1, -1), row(1, false, -1, 0, 1)}, 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, ok := Feasible(tt.rows, tt.nvars); ok {
				t.Fatal("Feasible = true, want false")
			}
			y, inf := Farkas(tt.rows, tt.nvars)
			if !inf {
				t.Fatal("Farkas found no certificate")
			}
			checkCertificate(t, tt.rows, tt.nvars, y)
		})
	}
}

func TestFeasibleAndMaximize(t *testing.T) {
	// 0 <= x <= 3, 0 <= y <= 3, x + y <= 4, 2x - y <= 4: max x + y = 4,
	// max x = 8/3 at (8/3, 4/3).
	rows := []Row{
		row(0, false, -1, 0), row(-3, false, 1, 0),
		row(0, false, 0, -1), row(-3, false, 0, 1),
		row(-4, false, 1, 1), row(-4, false, 2, -1),
	}
	if _, inf := Farkas(rows, 2); inf {
		t.Fatal("Farkas on a feasible system")
	}
	st, v, x := Maximize(rows, 2, []numeric.Int{numeric.I(1), numeric.I(1)})
	if st != Optimal || v.Cmp(numeric.RInt(numeric.I(4))) != 0 {
		t.Fatalf("max x+y = %v %s", st, v)
	}
	st, v, x = Maximize(rows, 2, []numeric.Int{numeric.I(1)})
	if st != Optimal || v.String() != "8/3" || x[1].String() != "4/3" {
		t.Fatalf("max x = %v %s at %v", st, v, x)
	}
	st, _, _ = Maximize(rows[:2], 2, []numeric.Int{numeric.I(0), numeric.I(1)})
	if st != Unbounded {
		t.Fatalf("max y over a strip: %v, want unbounded", st)
	}
}

// TestRandom checks on random systems that exactly one of a solution and
// a certificate exists, and that both are genuine.
func TestRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	infeasible := 0
	for it := 0; it < 300; it++ {
		nvars := 1 + rng.Intn(4)
		var rows []Row
		for k := 0; k < 2+rng.Intn(6); k++ {
			r := Row{Const: numeric.I(int64(rng.Intn(11) - 5)), Eq: rng.Intn(6) == 0}
			for v := 0; v < nvars; v++ {
				r.Coefs = append(r.Coefs, numeric.I(int64(rng.Intn(7)-3)))
			}
			rows = append(rows, r)
		}
		x, feas := Feasible(rows, nvars)
		y, inf := Farkas(rows, nvars)
		if feas == inf {
			t.Fatalf("case %d: feasible %v and certificate %v", it, feas, inf)
		}
		if inf {
			infeasible++
			checkCertificate(t, rows, nvars, y)
			continue
		}
		for i, r := range rows {
			v := numeric.RInt(r.Const)
			for k, a := range r.Coefs {
				v = v.Add(x[k].Mul(numeric.RInt(a)))
			}
			if r.Eq && v.Sign() != 0 || !r.Eq && v.Sign() > 0 {
				t.Fatalf("case %d: solution %v violates row %d", it, x, i)
			}
		}
	}
	if infeasible < 20 || infeasible > 280 {
		t.Errorf("only %d of 300 random systems infeasible: the test is not exercising both sides", infeasible)
	}
}
