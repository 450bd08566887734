// This file sizes the bit vectors of the BV encoding: the width values
// are kept in, and the width each linear expression needs to be exact.

package encode

import (
	"math/big"
	"sync"

	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/numeric"
)

// widths knows, for a program, how wide the BV encoding's vectors must
// be. Every value of a bounded variable lies in its type's range (the
// front ends wrap explicitly; ir/exec checks it on every run), so each
// variable's values are kept at the narrowest width that holds its
// type's range as a signed vector (33 bits for an unsigned int, 32 for
// an int; one width of twice the widest plus room for sums made the
// bit-blasted formula of a generated task with 64-bit arithmetic 40 %
// larger and 2x slower to decide, and one width for all, the widest,
// still twice too wide on tasks mixing int and long: 4.6-12 s -> 1-5 s).
// A linear expression (a wrap-around: x + y - 2^64 k) is evaluated on
// sign-extended operands at the width its bounds need, so it never wraps
// either, and cut to the width of the variable it is assigned to.
type widths struct {
	wide  int             // the widest value width
	bound []*big.Int      // per variable ID: |every value read| <= bound
	init  []numeric.Range // per variable ID: the range of an initial value
	// vw, per variable ID, is the width its values are kept in: the
	// narrowest signed vector that holds its type's range, or a wrap-
	// around count's hull (0 when unbounded). An int is kept in 32 bits
	// even in a program with 64-bit variables, where one width for every
	// value made the formula of a generated task twice as wide as it
	// needed.
	vw []int
}

// newWidths sizes prog's vectors. A wrap-around count (a local that only
// Havocs with finite ranges define, and that every read finds defined on
// every path from the function's entry) is bounded by the hull of those
// ranges instead of its type's, initial value included: no read sees the
// initial value, so constraining it changes no execution, and the count's
// coefficient (2^64) times a bound of 2^63 would need 129 bits.
func newWidths(prog *ir.Program) *widths {
	w := &widths{wide: 2, bound: make([]*big.Int, len(prog.Vars)), init: make([]numeric.Range, len(prog.Vars)), vw: make([]int, len(prog.Vars))}
	for _, v := range prog.Vars {
		t := v.Type
		w.init[v.ID] = t.Range()
		if !t.IsBounded() {
			continue
		}
		bits := t.Bits
		if !t.Signed {
			bits++
		}
		w.wide = max(w.wide, bits)
		w.vw[v.ID] = bits
		lo, hi := new(big.Int).Abs(t.Min().Big()), t.Max().Big()
		if lo.Cmp(hi) < 0 {
			lo = hi
		}
		w.bound[v.ID] = lo
	}
	for id, r := range cachedCountHulls(prog) {
		if m := magnitude(r); m != nil && w.bound[id] != nil && m.Cmp(w.bound[id]) < 0 {
			w.bound[id], w.init[id] = m, r
			w.vw[id] = min(w.vw[id], m.BitLen()+1)
		}
	}
	return w
}

// magnitude returns max(|lo|, |hi|) of a finite range, nil otherwise
// (a Range's bounds beyond int64 are infinite).
func magnitude(r numeric.Range) *big.Int {
	if !r.Lo.IsFinite() || !r.Hi.IsFinite() {
		return nil
	}
	lo, hi := new(big.Int).Abs(r.Lo.Int().Big()), new(big.Int).Abs(r.Hi.Int().Big())
	if lo.Cmp(hi) > 0 {
		return lo
	}
	return hi
}

// need returns the width of a signed vector that holds every value of e,
// at least the value width of each of its variables (|e|'s bound is at
// least each variable's); 0 when a variable of e is unbounded.
func (w *widths) need(e numeric.LinExpr) int {
	m := new(big.Int).Abs(e.Constant().Big())
	for i := 0; i < e.NumTerms(); i++ {
		t := e.Term(i)
		b := w.bound[t.Dim]
		if b == nil {
			return 0
		}
		m.Add(m, new(big.Int).Mul(new(big.Int).Abs(t.Coef.Big()), b))
	}
	return max(2, m.BitLen()+1)
}

// hullCache keeps countHulls of the last programs encoded: a BMC or
// k-induction run encodes its program once per bound and per query, and
// the must-analysis costs seconds on a driver with thousands of
// locations. Programs are not modified once built.
var hullCache struct {
	sync.Mutex
	progs []*ir.Program
	hulls []map[int]numeric.Range
}

// cachedCountHulls returns countHulls(prog), computed once for the last
// few programs; the map is shared and must not be modified.
func cachedCountHulls(prog *ir.Program) map[int]numeric.Range {
	hullCache.Lock()
	for i, p := range hullCache.progs {
		if p == prog {
			h := hullCache.hulls[i]
			hullCache.Unlock()
			return h
		}
	}
	hullCache.Unlock()
	h := countHulls(prog)
	hullCache.Lock()
	defer hullCache.Unlock()
	if len(hullCache.progs) >= 4 {
		hullCache.progs, hullCache.hulls = hullCache.progs[1:], hullCache.hulls[1:]
	}
	hullCache.progs = append(hullCache.progs, prog)
	hullCache.hulls = append(hullCache.hulls, h)
	return h
}

// countHulls returns the wrap-around counts of prog (see newWidths) with
// the hulls of their ranges.
func countHulls(prog *ir.Program) map[int]numeric.Range {
	hull := map[int]numeric.Range{}
	bad := map[int]bool{}
	for _, f := range prog.Funcs {
		local := map[int]bool{}
		for _, v := range f.Locals {
			if v.Type.IsBounded() {
				local[v.ID] = true
			}
		}
		for _, e := range f.Edges {
			for _, v := range written(e.Op) {
				if !local[v.ID] {
					continue
				}
				h, ok := e.Op.(*ir.Havoc)
				if !ok || magnitude(h.Range) == nil {
					bad[v.ID] = true
					continue
				}
				if r, seen := hull[v.ID]; seen {
					hull[v.ID] = numeric.Range{Lo: r.Lo.Min(h.Range.Lo), Hi: r.Hi.Max(h.Range.Hi)}
				} else {
					hull[v.ID] = h.Range
				}
			}
		}
		var cands []int
		for id := range hull {
			if local[id] && !bad[id] {
				cands = append(cands, id)
			}
		}
		for _, id := range undefinedReads(f, cands) {
			bad[id] = true
		}
	}
	for id := range bad {
		delete(hull, id)
	}
	return hull
}

// written returns the variables op writes.
func written(op ir.Op) []*ir.Var {
	switch op := op.(type) {
	case *ir.Assign:
		return op.Lhs
	case *ir.Havoc:
		return []*ir.Var{op.Var}
	case *ir.Call:
		if op.Result != nil {
			return []*ir.Var{op.Result}
		}
	}
	return nil
}

// reads reports whether op reads the variable id.
func reads(op ir.Op, id int) bool {
	in := func(es ...numeric.LinExpr) bool {
		for _, e := range es {
			for i := 0; i < e.NumTerms(); i++ {
				if int(e.Term(i).Dim) == id {
					return true
				}
			}
		}
		return false
	}
	switch op := op.(type) {
	case *ir.Assign:
		return in(op.Rhs...)
	case *ir.Assume:
		return condReads(op.Cond, in)
	case *ir.Havoc:
		return op.Def != nil && in(op.Def.X, op.Def.Y)
	case *ir.Call:
		return in(op.Args...)
	case *ir.Return:
		return op.HasValue && in(op.Value)
	}
	return false
}

func condReads(c ir.Cond, in func(...numeric.LinExpr) bool) bool {
	switch c := c.(type) {
	case *ir.Atom:
		return in(c.C.Expr())
	case *ir.Congruence:
		return in(c.C.Expr())
	case *ir.Not:
		return condReads(c.X, in)
	case *ir.And:
		for _, x := range c.Xs {
			if condReads(x, in) {
				return true
			}
		}
	case *ir.Or:
		for _, x := range c.Xs {
			if condReads(x, in) {
				return true
			}
		}
	}
	return false
}

// undefinedReads returns the variables among ids (f's) that some edge of
// f reads at a location where a path from f's entry has not written
// them: a must-analysis over f's locations, one bit per variable.
func undefinedReads(f *ir.Func, ids []int) []int {
	if len(ids) == 0 {
		return nil
	}
	bit := make(map[int]int, len(ids))
	for i, id := range ids {
		bit[id] = i
	}
	words := (len(ids) + 63) / 64
	// wr[e]: the bits edge e writes.
	wr := make([][]uint64, len(f.Edges))
	for _, e := range f.Edges {
		for _, v := range written(e.Op) {
			if i, ok := bit[v.ID]; ok {
				if wr[e.ID] == nil {
					wr[e.ID] = make([]uint64, words)
				}
				wr[e.ID][i/64] |= 1 << (i % 64)
			}
		}
	}
	// def[l]: the variables written on every path from the entry to l.
	// Start from all everywhere but the entry and lower to a fixpoint.
	def := make([][]uint64, len(f.Locs))
	for i := range def {
		def[i] = make([]uint64, words)
		if i != f.Entry.ID {
			for w := range def[i] {
				def[i][w] = ^uint64(0)
			}
		}
	}
	next := make([]uint64, words)
	for changed := true; changed; {
		changed = false
		for _, l := range f.Locs {
			if l == f.Entry {
				continue
			}
			for w := range next {
				next[w] = ^uint64(0)
			}
			for _, e := range l.In {
				for w := range next {
					in := def[e.From.ID][w]
					if wr[e.ID] != nil {
						in |= wr[e.ID][w]
					}
					next[w] &= in
				}
			}
			for w := range next {
				if v := def[l.ID][w] & next[w]; v != def[l.ID][w] {
					def[l.ID][w], changed = v, true
				}
			}
		}
	}
	var out []int
	for i, id := range ids {
		for _, e := range f.Edges {
			if def[e.From.ID][i/64]&(1<<(i%64)) == 0 && reads(e.Op, id) {
				out = append(out, id)
				break
			}
		}
	}
	return out
}
