// This file compares the results of a numeric.Domain with PPL's on a
// workload: the PPL driver (ppl/driver.cc, mode "results") prints the
// minimized constraints of every operation's result on every pair, and
// Check rebuilds each as a value of the domain and asks whether it is
// the domain's own result (Equal: the same integer points; the domain
// integer-tightens every constraint, PPL's rational results are
// tightened when they are read back, and the driver tightens the inputs
// as the domain does).

package numbench

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"time"

	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/polyhedra"
)

// Result is one operation's result on one pair, as the PPL driver
// printed it.
type Result struct {
	Op     string
	Pair   int
	Bottom bool                 // the result is empty
	Leq    bool                 // for leq: the answer
	Cons   []numeric.Constraint // otherwise: its minimized constraints
}

// ReadResults parses the driver's output with "results" for values of
// n dimensions (the times, lines "op ns", are skipped): lines "op pair; a0 .. a(n-1) b; ...", "op pair bottom" and
// "op pair true|false".
func ReadResults(r io.Reader, n int) ([]Result, error) {
	var out []Result
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<28)
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if s == "" {
			continue
		}
		head, rest, hasCons := strings.Cut(s, ";")
		f := strings.Fields(head)
		if !hasCons && len(f) == 2 {
			continue // a time (op ns)
		}
		if len(f) < 2 {
			return nil, fmt.Errorf("results line %d: %q", line, s)
		}
		pair, err := strconv.Atoi(f[1])
		if err != nil {
			return nil, fmt.Errorf("results line %d: bad pair %q", line, f[1])
		}
		res := Result{Op: f[0], Pair: pair}
		switch {
		case hasCons && len(f) == 2:
			for _, part := range strings.Split(rest, ";") {
				nums := strings.Fields(part)
				if len(nums) == 0 {
					continue
				}
				if len(nums) != n+1 {
					return nil, fmt.Errorf("results line %d: constraint %q has %d numbers, want %d", line, part, len(nums), n+1)
				}
				c, err := parseRow(nums)
				if err != nil {
					return nil, fmt.Errorf("results line %d: %v", line, err)
				}
				res.Cons = append(res.Cons, c)
			}
		case !hasCons && len(f) == 3 && f[2] == "bottom":
			res.Bottom = true
		case !hasCons && len(f) == 3 && (f[2] == "true" || f[2] == "false"):
			res.Leq = f[2] == "true"
		default:
			return nil, fmt.Errorf("results line %d: %q", line, s)
		}
		out = append(out, res)
	}
	return out, sc.Err()
}

// parseRow returns sum a_i x_i <= b from the numbers a_0 .. a_(n-1) b
// (of any size).
func parseRow(nums []string) (numeric.Constraint, error) {
	n := len(nums) - 1
	var e numeric.LinExpr
	for i, s := range nums {
		x, ok := numeric.ParseInt(s)
		if !ok {
			return numeric.Constraint{}, fmt.Errorf("bad number %q", s)
		}
		if i == n {
			return numeric.Le(e, numeric.LinExpr{}.AddConst(x)), nil
		}
		if !x.IsZero() {
			e = e.Add(numeric.Var(numeric.Dim(i)).Scale(x))
		}
	}
	panic("unreachable")
}

// RunPPL runs the PPL driver on the workload file path with PPL domain
// dom ("poly" or "oct"), each op for at least min of CPU time, and
// returns PPL's CPU time per op and, with results, the results of every
// op on every pair (of n dimensions).
func RunPPL(driver, dom, path string, min time.Duration, n int, results bool) (map[string]time.Duration, []Result, error) {
	args := []string{dom, path, strconv.FormatInt(min.Milliseconds(), 10)}
	if results {
		args = append(args, "results")
	}
	out, err := exec.Command(driver, args...).Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			return nil, nil, fmt.Errorf("%v: %s", err, ee.Stderr)
		}
		return nil, nil, err
	}
	times := map[string]time.Duration{}
	for _, l := range strings.Split(string(out), "\n") {
		f := strings.Fields(l)
		if len(f) != 2 || strings.Contains(l, ";") {
			continue
		}
		ns, err := strconv.ParseFloat(f[1], 64)
		if err != nil {
			return nil, nil, fmt.Errorf("PPL driver: line %q", l)
		}
		times[f[0]] = time.Duration(ns)
	}
	if !results {
		return times, nil, nil
	}
	rs, err := ReadResults(strings.NewReader(string(out)), n)
	return times, rs, err
}

// Mismatch is a result of the domain that is not PPL's.
type Mismatch struct {
	Op   string
	Pair int
	// Rel is how the domain's result compares with PPL's: "larger",
	// "incomparable", "smaller" (strictly included, with a constraint
	// not proved to hold on every integer point of the exact result),
	// "tighter than PPL's widening" or, for leq, "a different answer".
	Rel  string
	Ours string // the domain's result (or answer)
	PPL  string // PPL's, as read back into the domain
}

func (m Mismatch) String() string {
	return fmt.Sprintf("%s pair %d: %s\n  numpred: %s\n  PPL:     %s", m.Op, m.Pair, m.Rel, m.Ours, m.PPL)
}

// Tally counts the results of one op compared with PPL's.
type Tally struct {
	Equal int // the same set
	// Tighter counts the results strictly inside PPL's whose every
	// constraint PPL's result does not entail was proved to hold on
	// every integer point of the exact result (the domain reasons over
	// integers where PPL's rational polyhedra do not, e.g. polyhedra's
	// Forget rounds the bounds of the dimension it projects, and the
	// octagon domain's Assign of a non-octagonal expression keeps more
	// than PPL's): sound and more precise.
	Tighter int
	// Upper counts the widenings that differ from PPL's where Check was
	// told the operators differ (octagons), each checked to be an upper
	// bound of both operands.
	Upper  int
	Differ int // mismatches
}

// Check compares the domain's result of every operation on every pair
// of p (prepared from w) with PPL's (ppl, as RunPPL returns them),
// and returns a Tally per op and the mismatches. A result strictly
// inside PPL's counts as Tighter, not as a mismatch, when each of its
// constraints that PPL's result does not entail holds on every integer
// point of the exact result: proved by integer emptiness in the
// polyhedra domain (the operands with the constraint's negation, through
// the operation's pre-image). A widening must be equal, unless
// otherWiden says the domain's widening is another operator than PPL's:
// it must then be an upper bound of both operands (Tally.Upper). The
// octagons' are (PPL's CC76_extrapolation_assign closes its left operand
// over the rationals; octagon.Widen keeps the raw matrix, since closing
// the iterates can make the sequence infinite, and compares with the
// integer closure of the right one).
func Check[V any](p *Prepared[V], w *Workload, ppl []Result, otherWiden bool) (map[string]*Tally, []Mismatch, error) {
	d := p.D
	tally := map[string]*Tally{}
	for _, op := range OpNames {
		tally[op] = &Tally{}
	}
	pv := newProver(w, p)
	var bad []Mismatch
	for _, r := range ppl {
		if r.Pair < 0 || r.Pair >= p.Pairs() {
			return nil, nil, fmt.Errorf("PPL result for pair %d of %d", r.Pair, p.Pairs())
		}
		t := tally[r.Op]
		if t == nil {
			return nil, nil, fmt.Errorf("PPL result of unknown op %q", r.Op)
		}
		if r.Op == "leq" {
			if got := d.Leq(p.A[r.Pair], p.J[r.Pair]); got != r.Leq {
				t.Differ++
				bad = append(bad, Mismatch{Op: r.Op, Pair: r.Pair, Rel: "a different answer",
					Ours: strconv.FormatBool(got), PPL: strconv.FormatBool(r.Leq)})
			} else {
				t.Equal++
			}
			continue
		}
		ours := p.Result(r.Op, r.Pair)
		theirs := d.Bottom(p.N)
		if !r.Bottom {
			theirs = d.Assume(d.Top(p.N), r.Cons...)
		}
		le, ge := d.Leq(ours, theirs), d.Leq(theirs, ours)
		if le && ge {
			t.Equal++
			continue
		}
		if r.Op == "widen" && otherWiden {
			if d.Leq(p.A[r.Pair], ours) && d.Leq(p.J[r.Pair], ours) {
				t.Upper++
				continue
			}
			t.Differ++
			bad = append(bad, Mismatch{Op: r.Op, Pair: r.Pair, Rel: "not an upper bound", Ours: d.String(ours, nil), PPL: d.String(theirs, nil)})
			continue
		}
		rel := "incomparable"
		switch {
		case le && r.Op == "widen":
			rel = "tighter than PPL's widening"
		case le && pv.tighter(r.Op, r.Pair, d.Constraints(ours), func(c numeric.Constraint) bool { return d.Entails(theirs, c) }):
			t.Tighter++
			continue
		case le:
			rel = "smaller, not proved sound"
		case ge:
			rel = "larger"
		}
		t.Differ++
		bad = append(bad, Mismatch{Op: r.Op, Pair: r.Pair, Rel: rel, Ours: d.String(ours, nil), PPL: d.String(theirs, nil)})
	}
	return tally, bad, nil
}

// prover proves constraints valid on the integer points of the exact
// results of a workload's operations: in the domain itself first (the
// operands with the constraint's negation, through the operation's
// pre-image; exact for octagons when the constraint stays octagonal),
// then, in at most polyMaxDims dimensions, in the polyhedra domain.
type prover[V any] struct {
	p     *Prepared[V]
	d     *polyhedra.Domain
	a, b  []polyhedra.Poly
	dims  []numeric.Dim
	exprs []numeric.LinExpr
}

// polyMaxDims bounds the dimension of the polyhedra in which prover
// proves constraints (octagons in 100 dimensions are no polyhedra to
// convert).
const polyMaxDims = 8

func newProver[V any](w *Workload, p *Prepared[V]) *prover[V] {
	pv := &prover[V]{p: p, dims: p.dims, exprs: p.exprs}
	if p.N <= polyMaxDims {
		pv.d = polyhedra.New()
		for k := 0; k+1 < len(w.Values); k += 2 {
			pv.a = append(pv.a, pv.d.Assume(pv.d.Top(p.N), w.Values[k].Constraints()...))
			pv.b = append(pv.b, pv.d.Assume(pv.d.Top(p.N), w.Values[k+1].Constraints()...))
		}
	}
	return pv
}

// tighter reports whether every constraint of cs that entailed does not
// accept holds on every integer point of the exact result of op on pair
// i.
func (pv *prover[V]) tighter(op string, i int, cs []numeric.Constraint, entailed func(numeric.Constraint) bool) bool {
	for _, c := range cs {
		for _, h := range c.Split() {
			if entailed(h) {
				continue
			}
			if !valid(pv.p.D, pv.p.A[i], pv.p.B[i], op, h, pv.dims[0], pv.exprs[0]) &&
				(pv.d == nil || !valid(pv.d, pv.a[i], pv.b[i], op, h, pv.dims[0], pv.exprs[0])) {
				return false
			}
		}
	}
	return true
}

// valid reports whether the inequality c is proved, in d, to hold on
// every integer point of the exact result of op (not widen) on a and b,
// where assign is x := e.
func valid[V any](d numeric.Domain[V], a, b V, op string, c numeric.Constraint, x numeric.Dim, e numeric.LinExpr) bool {
	empty := func(v V, c numeric.Constraint) bool {
		neg, ok := c.Negate()
		return ok && d.IsBottom(d.Assume(v, neg))
	}
	switch op {
	case "join":
		return empty(a, c) && empty(b, c)
	case "meet":
		return empty(d.Meet(a, b), c)
	case "forget":
		return c.Expr().Coef(x).IsZero() && empty(a, c)
	case "assign":
		// x := e: c holds after it iff c[x := e] holds before.
		return empty(a, numeric.NewConstraint(c.Expr().Substitute(x, e), c.Kind()))
	}
	return false
}
