// Package simplex is an exact simplex method over the rationals without
// rational arithmetic: feasibility, optimisation, Farkas certificates of
// infeasibility, and bounds that can be tightened and restored, for
// branch and bound.
//
// # Method
//
// It is the general simplex of Dutertre and de Moura ("A fast
// linear-arithmetic solver for DPLL(T)", CAV 2006): every row i of the
// input, sum_k Coefs[k]*x_k + Const <= 0 (or = 0), gets a slack variable
// s_i = sum_k Coefs[k]*x_k bounded by s_i <= -Const (and >= -Const for an
// equality); the structural variables x are free unless bounds are set.
// The tableau expresses the m basic variables in terms of the n non-basic
// ones. Non-basic variables sit at a bound or at 0, so their values are
// integers; a basic variable's value follows from its row. Check repairs a
// violated bound by a pivot until every bound holds (feasible) or a row
// shows that none can (infeasible, and that row is the Farkas
// certificate); Maximize then runs the primal simplex on an objective row.
// Both choose the entering and the leaving variable by Bland's smallest-
// index rule, which rules out cycling.
//
// # Fraction-free arithmetic
//
// The tableau is kept fraction-free, as in Bareiss's integer-preserving
// Gaussian elimination (E. H. Bareiss, "Sylvester's identity and
// multistep integer-preserving Gaussian elimination", Math. Comp. 22,
// 1968; for the simplex: R. G. Bland's and J. Edmonds' integer pivoting):
// all rows share one positive denominator D, the determinant of the basis
// up to sign, so row i reads D*x_basic(i) = sum_j T[i][j]*x_nonbasic(j)
// with integer T. A pivot on T[r][j] = p updates every other entry to
// (p*T[i][k] - T[i][j]*T[r][k]) / D, a division that is always exact, and
// makes p the new D. Every entry is a minor of the input matrix, so the
// numbers stay within the Hadamard bound: their size grows linearly with
// the number of pivots at worst, never exponentially, and no gcd is ever
// computed. Entries are numeric.Int: int64 with overflow detection, big
// integers only where the values need them.
//
// # Cost bound
//
// A Solver has a work budget (Limits): each pivot costs rows × columns ×
// w², w the size of D in 64-bit words (about the size of every entry).
// When the budget runs out, Check and Maximize answer Unknown and the
// caller must answer conservatively.
//
// Farkas' lemma: rows have no rational solution iff there are
// multipliers y, y_i >= 0 for the inequalities and of any sign for the
// equalities, with sum_i y_i Coefs_i = 0 and sum_i y_i Const_i > 0 —
// adding up y_i times each row then reads 0 <= -(sum y_i Const_i) < 0.
package simplex

import (
	"math/big"

	"github.com/numpred/numpred/numeric"
)

// Row is the linear constraint sum_i Coefs[i]*x_i + Const <= 0, or = 0
// when Eq. Coefs may be shorter than the number of variables (missing
// coefficients are 0).
type Row struct {
	Coefs []numeric.Int
	Const numeric.Int
	Eq    bool
}

// Status is the outcome of a check or an optimisation.
type Status int

const (
	// Optimal: feasible (Check), or the optimum is attained (Maximize).
	Optimal Status = iota
	// Unbounded: the objective is unbounded above.
	Unbounded
	// Infeasible: the constraints have no rational solution.
	Infeasible
	// Unknown: the work budget ran out before an answer.
	Unknown
)

func (s Status) String() string {
	switch s {
	case Optimal:
		return "optimal"
	case Unbounded:
		return "unbounded"
	case Infeasible:
		return "infeasible"
	}
	return "unknown"
}

// Limits bound the cost of one Solver (over all its Check and Maximize
// calls).
type Limits struct {
	// Work bounds the arithmetic of all pivots: a pivot costs rows ×
	// columns × w², w the size in 64-bit words of the tableau's common
	// denominator. Zero means DefaultWork.
	Work int64
	// Stop, when not nil, is asked before every pivot; once it answers
	// true the solver stops as if its budget had run out.
	Stop func() bool
}

// DefaultWork is the default work budget of a Solver: a few tens of
// milliseconds of pivoting at most.
const DefaultWork = 20_000_000

var (
	ratZero = numeric.RInt(numeric.I(0))
	intOne  = numeric.I(1)
)

// bound is an optional integer bound.
type bound struct {
	v  numeric.Int
	ok bool
}

// change is an entry of the bound trail: variable v's lower (or upper)
// bound was old before.
type change struct {
	v     int
	upper bool
	old   bound
}

// Solver is a simplex tableau over n structural variables x_0..x_{n-1} and
// one slack variable per row (variable n+i for row i). It is not safe for
// concurrent use.
type Solver struct {
	n, m   int
	t      [][]numeric.Int // m rows × n columns
	d      numeric.Int     // common denominator, > 0
	basic  []int           // basic[i]: the variable of row i
	col    []int           // col[j]: the variable of column j
	where  []int           // where[v]: row i >= 0 if basic, -1-j if in column j
	lo, hi []bound         // bounds per variable
	val    []numeric.Int   // values of non-basic variables (integers)
	num    []numeric.Int   // num[i] = D * value of the basic variable of row i

	trail []change
	marks []int

	pivots   int
	work     int64
	limit    int64
	conflict int   // row of the last infeasibility, -1
	objRow   int   // row of the objective, -1
	words    int64 // size of d in words, cached
	stop     func() bool
	stopped  bool
}

// NewSolver returns a solver for rows over nvars free variables.
func NewSolver(rows []Row, nvars int, lim Limits) *Solver {
	return newSolver(rows, nvars, nil, lim)
}

// newSolver returns a solver for rows over nvars variables, with an extra
// unbounded row for obj when it is not nil.
func newSolver(rows []Row, nvars int, obj []numeric.Int, lim Limits) *Solver {
	m := len(rows)
	if obj != nil {
		m++
	}
	s := &Solver{n: nvars, m: m, d: intOne, conflict: -1, objRow: -1, words: 1}
	s.limit, s.stop = lim.Work, lim.Stop
	if s.limit <= 0 {
		s.limit = DefaultWork
	}
	nv := nvars + m
	s.lo, s.hi = make([]bound, nv), make([]bound, nv)
	s.val = make([]numeric.Int, nv)
	s.where = make([]int, nv)
	s.col = make([]int, nvars)
	for j := range s.col {
		s.col[j] = j
		s.where[j] = -1 - j
	}
	s.t = make([][]numeric.Int, m)
	s.basic = make([]int, m)
	s.num = make([]numeric.Int, m)
	cells := make([]numeric.Int, m*nvars)
	for i := 0; i < m; i++ {
		s.t[i] = cells[i*nvars : (i+1)*nvars : (i+1)*nvars]
		s.basic[i] = nvars + i
		s.where[nvars+i] = i
		var coefs []numeric.Int
		if i < len(rows) {
			coefs = rows[i].Coefs
			b := bound{v: rows[i].Const.Neg(), ok: true}
			s.hi[nvars+i] = b
			if rows[i].Eq {
				s.lo[nvars+i] = b
			}
		} else {
			coefs = obj
			s.objRow = i
		}
		if len(coefs) > nvars {
			panic("simplex: row with more coefficients than variables")
		}
		copy(s.t[i], coefs)
	}
	return s
}

// NumVars returns the number of structural variables.
func (s *Solver) NumVars() int { return s.n }

// Pivots returns the number of pivots so far.
func (s *Solver) Pivots() int { return s.pivots }

// Exhausted reports whether the work budget has run out (or the stop hook
// of Limits has answered true).
func (s *Solver) Exhausted() bool {
	if !s.stopped && s.stop != nil && s.stop() {
		s.stopped = true
	}
	return s.stopped || s.work > s.limit
}

// Check decides whether the rows and the current bounds have a rational
// solution: Optimal when they do (Value then gives one), Infeasible when
// not, Unknown when the budget runs out first.
func (s *Solver) Check() Status {
	s.conflict = -1
	for i := 0; i < s.n; i++ {
		if s.lo[i].ok && s.hi[i].ok && s.lo[i].v.Cmp(s.hi[i].v) > 0 {
			return Infeasible // contradictory bounds set by SetUpper/SetLower
		}
	}
	for {
		r, below := s.violated()
		if r < 0 {
			return Optimal
		}
		if s.Exhausted() {
			return Unknown
		}
		j := s.entering(r, below)
		if j < 0 {
			s.conflict = r
			return Infeasible
		}
		x := s.basic[r]
		target := s.hi[x].v
		if below {
			target = s.lo[x].v
		}
		s.pivot(r, j)
		s.val[x] = target
		s.recompute()
	}
}

// violated returns the row of the smallest basic variable outside its
// bounds and whether it is below its lower bound; -1 if none.
func (s *Solver) violated() (int, bool) {
	best, below := -1, false
	for i, x := range s.basic {
		if best >= 0 && x > s.basic[best] {
			continue
		}
		if b := s.lo[x]; b.ok && s.num[i].Cmp(b.v.Mul(s.d)) < 0 {
			best, below = i, true
		} else if b := s.hi[x]; b.ok && s.num[i].Cmp(b.v.Mul(s.d)) > 0 {
			best, below = i, false
		}
	}
	return best, below
}

// canIncrease reports whether the non-basic variable v is below its
// upper bound; canDecrease, above its lower bound.
func (s *Solver) canIncrease(v int) bool { return !s.hi[v].ok || s.val[v].Cmp(s.hi[v].v) < 0 }
func (s *Solver) canDecrease(v int) bool { return !s.lo[v].ok || s.val[v].Cmp(s.lo[v].v) > 0 }

// entering returns the column of the smallest non-basic variable that can
// move the basic variable of row r up (up) or down; -1 if none.
func (s *Solver) entering(r int, up bool) int {
	best := -1
	for j, a := range s.t[r] {
		sg := a.Sign()
		if sg == 0 || best >= 0 && s.col[j] > s.col[best] {
			continue
		}
		if !up {
			sg = -sg
		}
		v := s.col[j]
		if sg > 0 && s.canIncrease(v) || sg < 0 && s.canDecrease(v) {
			best = j
		}
	}
	return best
}

// pivot exchanges the basic variable of row r with the non-basic variable
// of column j (Bareiss's fraction-free update; T[r][j] != 0).
func (s *Solver) pivot(r, j int) {
	s.pivots++
	s.work += 2 * int64(s.m) * int64(s.n) * s.words * s.words
	pr := s.t[r]
	p := pr[j]
	d := s.d
	dIsOne := d.Cmp(intOne) == 0
	for i, row := range s.t {
		if i == r {
			continue
		}
		f := row[j]
		for k := range row {
			if k == j {
				continue
			}
			x := row[k]
			var y numeric.Int
			switch {
			case f.IsZero():
				if x.IsZero() {
					continue
				}
				y = p.Mul(x)
			case pr[k].IsZero():
				if x.IsZero() {
					continue
				}
				y = p.Mul(x)
			default:
				y = p.Mul(x).Sub(f.Mul(pr[k]))
			}
			if !dIsOne {
				y = exactQuo(y, d)
			}
			row[k] = y
		}
		// row[j] = f: the coefficient of the leaving variable.
	}
	for k := range pr {
		if k != j {
			pr[k] = pr[k].Neg()
		}
	}
	pr[j] = d
	s.d = p
	if p.Sign() < 0 {
		for _, row := range s.t {
			for k, x := range row {
				if !x.IsZero() {
					row[k] = x.Neg()
				}
			}
		}
		s.d = p.Neg()
	}
	s.words = wordsOf(s.d)
	leave, enter := s.basic[r], s.col[j]
	s.basic[r], s.col[j] = enter, leave
	s.where[enter], s.where[leave] = r, -1-j
}

// checkExact makes exactQuo verify that its divisions are exact (tests).
var checkExact = false

// exactQuo returns x / d for d > 0 dividing x.
func exactQuo(x, d numeric.Int) numeric.Int {
	if a, ok := x.Int64(); ok {
		if b, ok := d.Int64(); ok {
			if checkExact && a%b != 0 {
				panic("simplex: inexact fraction-free division")
			}
			return numeric.I(a / b)
		}
	}
	q, m := new(big.Int).QuoRem(x.Big(), d.Big(), new(big.Int))
	if checkExact && m.Sign() != 0 {
		panic("simplex: inexact fraction-free division")
	}
	return numeric.IntFromBig(q)
}

// wordsOf returns the size of x in 64-bit words (at least 1).
func wordsOf(x numeric.Int) int64 {
	if _, ok := x.Int64(); ok {
		return 1
	}
	return int64(len(x.Big().Bits()))
}

// recompute sets every basic variable's value from the non-basic ones.
func (s *Solver) recompute() {
	s.work += int64(s.m) * int64(s.n) * s.words
	for i, row := range s.t {
		var sum numeric.Int
		for k, a := range row {
			if a.IsZero() {
				continue
			}
			if v := s.val[s.col[k]]; !v.IsZero() {
				sum = sum.Add(a.Mul(v))
			}
		}
		s.num[i] = sum
	}
}

// move sets the non-basic variable v to value x, updating the basic ones.
func (s *Solver) move(v int, x numeric.Int) {
	j := -1 - s.where[v]
	delta := x.Sub(s.val[v])
	s.val[v] = x
	for i, row := range s.t {
		if a := row[j]; !a.IsZero() {
			s.num[i] = s.num[i].Add(a.Mul(delta))
		}
	}
}

// Push starts a new level of bound changes, undone by Pop.
func (s *Solver) Push() { s.marks = append(s.marks, len(s.trail)) }

// Pop restores the bounds of the last Push. The basis is kept: it is valid
// for any bounds, and relaxing bounds keeps the non-basic values within
// theirs.
func (s *Solver) Pop() {
	k := s.marks[len(s.marks)-1]
	s.marks = s.marks[:len(s.marks)-1]
	for i := len(s.trail) - 1; i >= k; i-- {
		c := s.trail[i]
		if c.upper {
			s.hi[c.v] = c.old
		} else {
			s.lo[c.v] = c.old
		}
	}
	s.trail = s.trail[:k]
}

// SetUpper tightens the bound of structural variable i to x_i <= b (a
// looser bound is ignored). It reports false when the bounds of x_i have
// become contradictory (then Check would answer Infeasible).
func (s *Solver) SetUpper(i int, b numeric.Int) bool {
	if h := s.hi[i]; h.ok && h.v.Cmp(b) <= 0 {
		return !s.lo[i].ok || s.lo[i].v.Cmp(h.v) <= 0
	}
	s.trail = append(s.trail, change{v: i, upper: true, old: s.hi[i]})
	s.hi[i] = bound{v: b, ok: true}
	if s.where[i] < 0 && s.val[i].Cmp(b) > 0 {
		s.move(i, b)
	}
	return !s.lo[i].ok || s.lo[i].v.Cmp(b) <= 0
}

// SetLower tightens the bound of structural variable i to x_i >= b; see
// SetUpper.
func (s *Solver) SetLower(i int, b numeric.Int) bool {
	if l := s.lo[i]; l.ok && l.v.Cmp(b) >= 0 {
		return !s.hi[i].ok || l.v.Cmp(s.hi[i].v) <= 0
	}
	s.trail = append(s.trail, change{v: i, old: s.lo[i]})
	s.lo[i] = bound{v: b, ok: true}
	if s.where[i] < 0 && s.val[i].Cmp(b) < 0 {
		s.move(i, b)
	}
	return !s.hi[i].ok || b.Cmp(s.hi[i].v) <= 0
}

// Value returns the value of structural variable i in the current
// solution (after Check answered Optimal).
func (s *Solver) Value(i int) numeric.Rat {
	if r := s.where[i]; r >= 0 {
		return numeric.R(s.num[r], s.d)
	}
	return numeric.RInt(s.val[i])
}

// Fractional returns the smallest structural variable whose value is not
// an integer, with the floor of its value; ok is false when all are
// integers.
func (s *Solver) Fractional() (i int, floor numeric.Int, ok bool) {
	for i := 0; i < s.n; i++ {
		r := s.where[i]
		if r < 0 {
			continue // non-basic values are integers
		}
		q, rem := divMod(s.num[r], s.d)
		if !rem {
			continue
		}
		return i, q, true
	}
	return 0, numeric.Int{}, false
}

// divMod returns floor(x / d) for d > 0 and whether d does not divide x.
func divMod(x, d numeric.Int) (numeric.Int, bool) {
	if a, ok := x.Int64(); ok {
		if b, ok := d.Int64(); ok {
			q, r := a/b, a%b
			if r < 0 {
				q--
			}
			return numeric.I(q), r != 0
		}
	}
	q, m := new(big.Int).DivMod(x.Big(), d.Big(), new(big.Int))
	return numeric.IntFromBig(q), m.Sign() != 0
}

// maximize maximises the basic variable of the objective row by the
// primal simplex with Bland's rule, from a feasible basis.
func (s *Solver) maximize() Status {
	r := s.objRow
	for {
		if s.Exhausted() {
			return Unknown
		}
		j := s.entering(r, true)
		if j < 0 {
			return Optimal
		}
		v := s.col[j]
		up := s.t[r][j].Sign() > 0
		// Ratio test: the step δ >= 0 of v (in its direction) after which
		// a bound is reached; δ = num/den with den > 0.
		leave := -1 // row, or -2 for v's own bound
		var bnum, bden numeric.Int
		var target numeric.Int
		better := func(num, den numeric.Int, x int) bool {
			if leave == -1 {
				return true
			}
			c := num.Mul(bden).Cmp(bnum.Mul(den))
			if c != 0 {
				return c < 0
			}
			cur := v
			if leave >= 0 {
				cur = s.basic[leave]
			}
			return x < cur
		}
		if up && s.hi[v].ok {
			leave, bnum, bden, target = -2, s.hi[v].v.Sub(s.val[v]), intOne, s.hi[v].v
		} else if !up && s.lo[v].ok {
			leave, bnum, bden, target = -2, s.val[v].Sub(s.lo[v].v), intOne, s.lo[v].v
		}
		for i, row := range s.t {
			a := row[j]
			if i == r || a.IsZero() {
				continue
			}
			x := s.basic[i]
			if !up {
				a = a.Neg()
			}
			// x changes by a*δ/D.
			var num, den, tgt numeric.Int
			switch {
			case a.Sign() > 0 && s.hi[x].ok:
				tgt = s.hi[x].v
				num, den = tgt.Mul(s.d).Sub(s.num[i]), a
			case a.Sign() < 0 && s.lo[x].ok:
				tgt = s.lo[x].v
				num, den = s.num[i].Sub(tgt.Mul(s.d)), a.Neg()
			default:
				continue
			}
			if better(num, den, x) {
				leave, bnum, bden, target = i, num, den, tgt
			}
		}
		switch {
		case leave == -1:
			return Unbounded
		case leave == -2:
			s.move(v, target) // a bound flip: no pivot
			s.work += int64(s.m) * s.words
		default:
			x := s.basic[leave]
			s.pivot(leave, j)
			s.val[x] = target
			s.recompute()
		}
	}
}

// certificate returns the Farkas multipliers of the conflict row after
// Check answered Infeasible with no structural bounds set: a combination
// of the rows with no variable left and constant 1.
func (s *Solver) certificate(rows []Row) []numeric.Rat {
	r := s.conflict
	x := s.basic[r]
	y := make([]numeric.Int, len(rows))
	// D*s_x = sum_k T[r][k] s_k identically in x. Above its upper bound:
	// D*(row x) - sum_k T[r][k]*(row k); below its lower bound (an
	// equality): the negation.
	sg := numeric.I(1)
	if b := s.lo[x]; b.ok && s.num[r].Cmp(b.v.Mul(s.d)) < 0 {
		sg = numeric.I(-1)
	}
	if x < s.n {
		panic("simplex: certificate of a bounded structural variable")
	}
	y[x-s.n] = sg.Mul(s.d)
	for k, a := range s.t[r] {
		if a.IsZero() {
			continue
		}
		v := s.col[k]
		if v < s.n {
			panic("simplex: certificate of a bounded structural variable")
		}
		y[v-s.n] = y[v-s.n].Sub(sg.Mul(a))
	}
	var c numeric.Int
	for i, row := range rows {
		if !y[i].IsZero() {
			c = c.Add(y[i].Mul(row.Const))
		}
	}
	out := make([]numeric.Rat, len(rows))
	for i := range y {
		if !y[i].IsZero() {
			out[i] = numeric.R(y[i], c)
		}
	}
	return out
}

// Maximize maximises obj·x subject to rows over nvars variables, within
// the default work budget. On Optimal it returns the optimum and a point
// attaining it; Unknown when the budget ran out.
func Maximize(rows []Row, nvars int, obj []numeric.Int) (Status, numeric.Rat, []numeric.Rat) {
	st, v, x, _ := MaximizeLimits(rows, nvars, obj, Limits{})
	return st, v, x
}

// MaximizeLimits is Maximize within the budget lim; it also returns the
// number of pivots.
func MaximizeLimits(rows []Row, nvars int, obj []numeric.Int, lim Limits) (Status, numeric.Rat, []numeric.Rat, int) {
	if obj == nil {
		obj = []numeric.Int{}
	}
	s := newSolver(rows, nvars, obj, lim)
	st := s.Check()
	if st == Optimal {
		st = s.maximize()
	}
	if st != Optimal {
		return st, ratZero, nil, s.pivots
	}
	x := make([]numeric.Rat, nvars)
	for i := range x {
		x[i] = s.Value(i)
	}
	return Optimal, numeric.R(s.num[s.objRow], s.d), x, s.pivots
}

// Feasible reports whether rows have a rational solution, and returns one.
// It answers true (with no solution) when the budget runs out.
func Feasible(rows []Row, nvars int) ([]numeric.Rat, bool) {
	s := NewSolver(rows, nvars, Limits{})
	switch s.Check() {
	case Infeasible:
		return nil, false
	case Unknown:
		return nil, true
	}
	x := make([]numeric.Rat, nvars)
	for i := range x {
		x[i] = s.Value(i)
	}
	return x, true
}

// Farkas returns multipliers proving that rows have no rational solution:
// y[i] >= 0 for inequalities, with sum_i y[i]*Coefs_i = 0 and
// sum_i y[i]*Const_i = 1. It returns infeasible == false (and nil) when
// the rows have a solution or the budget runs out.
func Farkas(rows []Row, nvars int) (y []numeric.Rat, infeasible bool) {
	s := NewSolver(rows, nvars, Limits{})
	if s.Check() != Infeasible {
		return nil, false
	}
	return s.certificate(rows), true
}
