// This file simplifies a condition in disjunctive normal form, the shape
// in which the predicate domains print their values (one cube per path of
// a decision diagram), without changing what it means over the integers.

package ir

import (
	"sort"
	"strconv"
	"strings"

	"github.com/numpred/numpred/numeric"
)

// SimplifyDNF returns a condition equivalent to c over the integers and
// usually much smaller when c is a disjunction of conjunctions of atoms:
//   - within each cube the literals over one linear term are replaced by
//     what they say together: its bounds, an equality, the disequalities
//     strictly between the bounds (so x = 3 && !(x = 4) && x <= 9 is x = 3);
//     a cube whose literals contradict each other is dropped;
//   - the literals every cube has are written once, in front;
//   - equal cubes are written once, and two cubes that differ only in the
//     sign of one inequality (or one literal) are merged.
//
// Any other shape is returned as it is, as are the parts of a cube that
// are neither literals nor disjunctions (which are simplified in turn).
func SimplifyDNF(c Cond) Cond {
	cubes := splitCubes(c)
	if cubes == nil {
		return c
	}
	common := commonLiterals(cubes)
	var out [][]Cond
	seen := map[string]bool{}
	for _, cube := range cubes {
		lits, ok := simplifyCube(append(append([]Cond(nil), common...), cube...))
		if !ok {
			continue
		}
		lits = withoutKeys(lits, common)
		k := cubeKey(lits)
		if !seen[k] {
			seen[k] = true
			out = append(out, lits)
		}
	}
	if len(out) == 0 {
		return &BoolConst{V: false}
	}
	out = mergeComplements(out)
	xs := append([]Cond(nil), common...)
	var disj []Cond
	for _, lits := range out {
		if len(lits) == 0 {
			disj = nil // a cube is true: so is the disjunction
			break
		}
		disj = append(disj, conj(lits))
	}
	if disj != nil {
		if len(disj) == 1 {
			xs = append(xs, flatten(disj[0])...)
		} else {
			xs = append(xs, &Or{Xs: disj})
		}
	}
	return conj(xs)
}

// conj is the conjunction of xs, without a wrapper for one.
func conj(xs []Cond) Cond {
	switch len(xs) {
	case 0:
		return &BoolConst{V: true}
	case 1:
		return xs[0]
	}
	return &And{Xs: xs}
}

// flatten returns the conjuncts of c (c itself when not an And).
func flatten(c Cond) []Cond {
	if a, ok := c.(*And); ok {
		var xs []Cond
		for _, x := range a.Xs {
			xs = append(xs, flatten(x)...)
		}
		return xs
	}
	return []Cond{c}
}

// splitCubes returns the cubes of a disjunction (nested disjunctions
// flattened), each as its conjuncts; nil when c is neither an Or nor an
// And.
func splitCubes(c Cond) [][]Cond {
	var cubes [][]Cond
	var walk func(c Cond)
	walk = func(c Cond) {
		if o, ok := c.(*Or); ok {
			for _, x := range o.Xs {
				walk(x)
			}
			return
		}
		cubes = append(cubes, flatten(c))
	}
	switch c.(type) {
	case *Or, *And:
		walk(c)
		return cubes
	}
	return nil
}

// commonLiterals returns the conjuncts of the first cube that every cube
// has.
func commonLiterals(cubes [][]Cond) []Cond {
	if len(cubes) < 2 {
		return nil
	}
	count := map[string]int{}
	for _, cube := range cubes {
		seen := map[string]bool{}
		for _, x := range cube {
			k := condKey(x)
			if !seen[k] {
				seen[k] = true
				count[k]++
			}
		}
	}
	var common []Cond
	taken := map[string]bool{}
	for _, x := range cubes[0] {
		k := condKey(x)
		if count[k] == len(cubes) && !taken[k] {
			taken[k] = true
			common = append(common, x)
		}
	}
	return common
}

// withoutKeys returns lits less the conditions equal to one of drop.
func withoutKeys(lits, drop []Cond) []Cond {
	if len(drop) == 0 {
		return lits
	}
	keys := map[string]bool{}
	for _, d := range drop {
		keys[condKey(d)] = true
	}
	var out []Cond
	for _, l := range lits {
		if !keys[condKey(l)] {
			out = append(out, l)
		}
	}
	return out
}

// termFacts is what a cube's literals say about one linear term t
// (variables only, first coefficient positive): lo <= t <= hi, t != each
// of ne.
type termFacts struct {
	t            numeric.LinExpr
	lo, hi       numeric.Int
	hasLo, hasHi bool
	ne           []numeric.Int
}

// literalFacts reads a literal: its term (normalised) and what it says
// about it. ok is false for anything else.
func literalFacts(x Cond) (t numeric.LinExpr, lo, hi, ne *numeric.Int, ok bool) {
	neg := false
	if n, isNot := x.(*Not); isNot {
		neg, x = true, n.X
	}
	a, isAtom := x.(*Atom)
	if !isAtom || a.C.Expr().IsConst() {
		return t, nil, nil, nil, false
	}
	e := a.C.Expr()
	c := e.Constant()
	t = e.AddConst(c.Neg())
	flip := e.Term(0).Coef.Sign() < 0
	if flip {
		t = t.Neg()
	}
	// e = s*t + c with s = -1 when flipped.
	v := c.Neg() // t = v when s = 1
	if flip {
		v = c
	}
	one := numeric.I(1)
	switch {
	case a.C.Kind() == numeric.EQ && !neg:
		return t, &v, &v, nil, true
	case a.C.Kind() == numeric.EQ:
		return t, nil, nil, &v, true
	case !neg && !flip: // t + c <= 0
		return t, nil, &v, nil, true
	case !neg: // -t + c <= 0: t >= c
		return t, &v, nil, nil, true
	case !flip: // t + c >= 1: t >= 1 - c
		w := v.Add(one)
		return t, &w, nil, nil, true
	}
	w := v.Sub(one) // -t + c >= 1: t <= c - 1
	return t, nil, &w, nil, true
}

// simplifyCube replaces the literals of a cube over each term by what
// they say together; ok is false when they contradict each other.
func simplifyCube(cube []Cond) ([]Cond, bool) {
	facts := map[string]*termFacts{}
	var order []Cond // opaque conditions, and a placeholder per term
	var termOrder []string
	for _, x := range cube {
		if b, isConst := x.(*BoolConst); isConst {
			if !b.V {
				return nil, false
			}
			continue
		}
		t, lo, hi, ne, ok := literalFacts(x)
		if !ok {
			if o, isOr := x.(*Or); isOr {
				// A nested disjunction (the rest of a DNF whose common
				// literals were factored out) is simplified on its own.
				switch y := SimplifyDNF(o).(type) {
				case *BoolConst:
					if !y.V {
						return nil, false
					}
					continue
				default:
					x = y
				}
			}
			order = append(order, x)
			continue
		}
		k := exprKey(t)
		f := facts[k]
		if f == nil {
			f = &termFacts{t: t}
			facts[k] = f
			termOrder = append(termOrder, k)
			order = append(order, nil)
		}
		if lo != nil && (!f.hasLo || lo.Cmp(f.lo) > 0) {
			f.lo, f.hasLo = *lo, true
		}
		if hi != nil && (!f.hasHi || hi.Cmp(f.hi) < 0) {
			f.hi, f.hasHi = *hi, true
		}
		if ne != nil {
			f.ne = append(f.ne, *ne)
		}
	}
	var out []Cond
	next := 0
	for _, x := range order {
		if x != nil {
			out = append(out, x)
			continue
		}
		lits, ok := facts[termOrder[next]].literals()
		next++
		if !ok {
			return nil, false
		}
		out = append(out, lits...)
	}
	return out, true
}

// literals writes f back as literals: false when f is contradictory.
func (f *termFacts) literals() ([]Cond, bool) {
	sort.Slice(f.ne, func(i, j int) bool { return f.ne[i].Cmp(f.ne[j]) < 0 })
	one := numeric.I(1)
	excluded := func(v numeric.Int) bool {
		i := sort.Search(len(f.ne), func(i int) bool { return f.ne[i].Cmp(v) >= 0 })
		return i < len(f.ne) && f.ne[i].Cmp(v) == 0
	}
	// Bounds on an excluded value move past it (integers).
	for f.hasLo && excluded(f.lo) && (!f.hasHi || f.lo.Cmp(f.hi) <= 0) {
		f.lo = f.lo.Add(one)
	}
	for f.hasHi && excluded(f.hi) && (!f.hasLo || f.lo.Cmp(f.hi) <= 0) {
		f.hi = f.hi.Sub(one)
	}
	if f.hasLo && f.hasHi {
		switch f.lo.Cmp(f.hi) {
		case 1:
			return nil, false
		case 0:
			return []Cond{NewAtom(numeric.NewConstraint(f.t.AddConst(f.lo.Neg()), numeric.EQ))}, true
		}
	}
	var out []Cond
	if f.hasLo {
		out = append(out, NewAtom(numeric.NewConstraint(f.t.Neg().AddConst(f.lo), numeric.LE)))
	}
	if f.hasHi {
		out = append(out, NewAtom(numeric.NewConstraint(f.t.AddConst(f.hi.Neg()), numeric.LE)))
	}
	for i, v := range f.ne {
		if i > 0 && v.Cmp(f.ne[i-1]) == 0 {
			continue
		}
		if (f.hasLo && v.Cmp(f.lo) < 0) || (f.hasHi && v.Cmp(f.hi) > 0) {
			continue
		}
		out = append(out, &Not{X: NewAtom(numeric.NewConstraint(f.t.AddConst(v.Neg()), numeric.EQ))})
	}
	return out, true
}

// mergeComplements merges cubes that differ only in one literal, whose
// two versions are complementary (x <= k and x >= k+1, or an atom and its
// negation): their disjunction is the rest. Repeated until none merge.
// Candidates are found by hashes of the rest and the literal, and then
// compared literal by literal.
func mergeComplements(cubes [][]Cond) [][]Cond {
	type lit struct {
		key      string // the literal (condKey)
		base     string // its atom up to sign (signFree); "" for none
		positive bool
	}
	type hcube struct {
		lits []Cond
		info []lit
		hash uint64 // sum of the literals' hashes
	}
	make1 := func(lits []Cond) hcube {
		c := hcube{lits: lits, info: make([]lit, len(lits))}
		for i, l := range lits {
			k := condKey(l)
			base, sign, _ := signFree(l)
			c.info[i] = lit{key: k, base: base, positive: sign == "+"}
			c.hash += strHash(k)
		}
		return c
	}
	// sameRest reports whether a without literal i and b without j have
	// the same literals.
	sameRest := func(a hcube, i int, b hcube, j int) bool {
		if len(a.lits) != len(b.lits) {
			return false
		}
		count := map[string]int{}
		for k, l := range a.info {
			if k != i {
				count[l.key]++
			}
		}
		for k, l := range b.info {
			if k != j {
				count[l.key]--
			}
		}
		for _, n := range count {
			if n != 0 {
				return false
			}
		}
		return true
	}
	hs := make([]hcube, len(cubes))
	for i, c := range cubes {
		hs[i] = make1(c)
	}
	slot := func(c hcube, j int, positive bool) uint64 {
		h := (c.hash-strHash(c.info[j].key))*1099511628211 ^ strHash(c.info[j].base)
		if positive {
			h ^= 0x9e3779b97f4a7c15
		}
		return h
	}
	for {
		type at struct{ cube, lit int }
		index := map[uint64][]at{}
		alive := make([]bool, len(hs))
		var out []hcube
		for i, c := range hs {
			alive[i] = true
			merged := false
			for j, l := range c.info {
				if l.base == "" {
					continue
				}
				for _, cand := range index[slot(c, j, l.positive)] {
					o := hs[cand.cube]
					if alive[cand.cube] && o.info[cand.lit].base == l.base && o.info[cand.lit].positive != l.positive && sameRest(c, j, o, cand.lit) {
						alive[cand.cube], alive[i] = false, false
						rest := append(append([]Cond(nil), c.lits[:j]...), c.lits[j+1:]...)
						out = append(out, make1(rest))
						merged = true
						break
					}
				}
				if merged {
					break
				}
			}
			if merged {
				continue
			}
			for j, l := range c.info {
				if l.base != "" {
					k := slot(c, j, !l.positive)
					index[k] = append(index[k], at{i, j})
				}
			}
		}
		if len(out) == 0 {
			break
		}
		for i, c := range hs {
			if alive[i] {
				out = append(out, c)
			}
		}
		// Dedupe what the merges made equal.
		seen := map[string]bool{}
		hs = hs[:0:0]
		for _, c := range out {
			keys := make([]string, len(c.info))
			for i, l := range c.info {
				keys[i] = l.key
			}
			sort.Strings(keys)
			k := strings.Join(keys, "\x02")
			if !seen[k] {
				seen[k] = true
				hs = append(hs, c)
			}
		}
	}
	res := make([][]Cond, len(hs))
	for i, c := range hs {
		res[i] = c.lits
	}
	return res
}

// strHash is FNV-1a of s.
func strHash(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

// signFree returns a literal's atom up to its sign (an inequality and
// its integer negation share it) and the sign, "+" or "-".
func signFree(lit Cond) (base, sign string, ok bool) {
	sign = "+"
	if n, isNot := lit.(*Not); isNot {
		sign, lit = "-", n.X
	}
	a, isAtom := lit.(*Atom)
	if !isAtom || a.C.Expr().IsConst() {
		return "", "", false
	}
	c := a.C
	if c.Kind() == numeric.LE {
		if canon, negated := c.Canonical(); negated {
			c = canon
			sign = complementSign(sign)
		}
	}
	return constraintKey(c), sign, true
}

func complementSign(s string) string {
	if s == "+" {
		return "-"
	}
	return "+"
}

// cubeKey identifies a cube's literals as a set.
func cubeKey(lits []Cond) string {
	keys := make([]string, len(lits))
	for i, l := range lits {
		keys[i] = condKey(l)
	}
	sort.Strings(keys)
	return strings.Join(keys, "\x02")
}

// condKey identifies a condition by its structure.
func condKey(c Cond) string {
	var b strings.Builder
	writeCondKey(&b, c)
	return b.String()
}

func writeCondKey(b *strings.Builder, c Cond) {
	switch c := c.(type) {
	case *Atom:
		b.WriteString(constraintKey(c.C))
	case *Congruence:
		b.WriteString(exprKey(c.C.Expr()) + c.C.Expr().Constant().String() + "%" + c.C.Mod().String())
	case *Not:
		b.WriteString("!(")
		writeCondKey(b, c.X)
		b.WriteString(")")
	case *And, *Or:
		xs, op := []Cond(nil), "&("
		if a, ok := c.(*And); ok {
			xs = a.Xs
		} else {
			xs, op = c.(*Or).Xs, "|("
		}
		b.WriteString(op)
		for _, x := range xs {
			writeCondKey(b, x)
			b.WriteString(",")
		}
		b.WriteString(")")
	case *BoolConst:
		if c.V {
			b.WriteString("T")
		} else {
			b.WriteString("F")
		}
	default:
		b.WriteString("?")
	}
}

func constraintKey(c numeric.Constraint) string {
	k := "<="
	if c.Kind() == numeric.EQ {
		k = "=="
	}
	return exprKey(c.Expr()) + k + c.Expr().Constant().String()
}

// exprKey identifies the variable part of e.
func exprKey(e numeric.LinExpr) string {
	var b strings.Builder
	for _, t := range e.Terms() {
		b.WriteString(t.Coef.String())
		b.WriteString("*")
		b.WriteString(strconv.Itoa(int(t.Dim)))
		b.WriteString(" ")
	}
	return b.String()
}
