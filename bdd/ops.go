// This file implements the Boolean operations on nodes: constants,
// literals, And, Or, Not, Ite, Exists, Replace.

package bdd

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/dalzilio/rudd"
)

// True returns the constant true (the paper's 1).
func (m *Manager) True() Node { return Node{r: m.b.True()} }

// False returns the constant false (the paper's 0).
func (m *Manager) False() Node { return Node{r: m.b.False()} }

// IsTrue reports whether n is the constant true.
func (m *Manager) IsTrue(n Node) bool { return n.ID() == 1 }

// IsFalse reports whether n is the constant false.
func (m *Manager) IsFalse(n Node) bool { return n.ID() == 0 }

// IsConst reports whether n is a constant.
func (m *Manager) IsConst(n Node) bool { id := n.ID(); return id == 0 || id == 1 }

// Equal reports whether a and b denote the same function.
func (m *Manager) Equal(a, b Node) bool { return a.ID() == b.ID() }

// Lit returns the literal v (pos) or not v (!pos).
func (m *Manager) Lit(v int, pos bool) (Node, error) {
	if err := m.check(); err != nil {
		return Node{}, err
	}
	if v < 0 || v >= m.b.Varnum() {
		return Node{}, fmt.Errorf("bdd: variable %d out of range [0,%d)", v, m.b.Varnum())
	}
	if pos {
		return m.wrap(m.b.Ithvar(v))
	}
	return m.wrap(m.b.NIthvar(v))
}

// And returns the conjunction of ns (true when empty).
func (m *Manager) And(ns ...Node) (Node, error) {
	return m.fold(rudd.OPand, m.True(), ns)
}

// Or returns the disjunction of ns (false when empty).
func (m *Manager) Or(ns ...Node) (Node, error) {
	return m.fold(rudd.OPor, m.False(), ns)
}

func (m *Manager) fold(op rudd.Operator, unit Node, ns []Node) (Node, error) {
	if err := m.check(ns...); err != nil {
		return Node{}, err
	}
	acc := unit
	for _, n := range ns {
		if m.interruptible() {
			var err error
			if op == rudd.OPand {
				acc, err = m.polledIte(acc, n, m.False())
			} else {
				acc, err = m.polledIte(acc, m.True(), n)
			}
			if err != nil {
				return Node{}, err
			}
			continue
		}
		r, err := m.wrap(m.b.Apply(acc.r, n.r, op))
		if err != nil {
			return Node{}, err
		}
		acc = r
	}
	return acc, nil
}

// Diff returns a and not b. (It avoids rudd's OPdiff, whose terminal case
// diff(false, b) = b is wrong in the pinned rudd version.)
func (m *Manager) Diff(a, b Node) (Node, error) {
	nb, err := m.Not(b)
	if err != nil {
		return Node{}, err
	}
	return m.And(a, nb)
}

// Imp returns a implies b.
func (m *Manager) Imp(a, b Node) (Node, error) {
	if err := m.check(a, b); err != nil {
		return Node{}, err
	}
	return m.wrap(m.b.Apply(a.r, b.r, rudd.OPimp))
}

// Implies reports whether a implies b (a and not b is false).
func (m *Manager) Implies(a, b Node) (bool, error) {
	d, err := m.Diff(a, b)
	if err != nil {
		return false, err
	}
	return m.IsFalse(d), nil
}

// Not returns the negation of n.
func (m *Manager) Not(n Node) (Node, error) {
	if err := m.check(n); err != nil {
		return Node{}, err
	}
	return m.wrap(m.b.Not(n.r))
}

// Ite returns (f and g) or (not f and h).
func (m *Manager) Ite(f, g, h Node) (Node, error) {
	if err := m.check(f, g, h); err != nil {
		return Node{}, err
	}
	if m.interruptible() {
		return m.polledIte(f, g, h)
	}
	return m.wrap(m.b.Ite(f.r, g.r, h.r))
}

// IteVar returns (v and g) or (not v and h); v may sit anywhere in the
// order relative to g and h. Results are cached by (v, g, h) (see
// iteStep): the custom applies rebuild the same nodes operation after
// operation, and every handle rudd returns costs a finalizer.
func (m *Manager) IteVar(v int, g, h Node) (Node, error) {
	if err := m.check(g, h); err != nil {
		return Node{}, err
	}
	key := iteStep{v, *g.r, *h.r}
	if e, ok := m.ites[key]; ok {
		return e.res, nil
	}
	x, err := m.Lit(v, true)
	if err != nil {
		return Node{}, err
	}
	r, err := m.Ite(x, g, h)
	if err != nil {
		return Node{}, err
	}
	keep := [2]Node{g, h}
	if g.weak || h.weak {
		// A borrowed operand must not be kept. When v is above both, g
		// and h are r's branches and r keeps them; otherwise hold them.
		if v < m.Level(g) && v < m.Level(h) {
			keep = [2]Node{}
		} else {
			if keep[0], err = m.Hold(g); err != nil {
				return Node{}, err
			}
			if keep[1], err = m.Hold(h); err != nil {
				return Node{}, err
			}
		}
	}
	if len(m.ites) >= maxIteCache {
		clear(m.ites)
	}
	m.ites[key] = iteEntry{res: r, keep: keep}
	return r, nil
}

// maxIteCache bounds the IteVar cache; it is emptied when full.
const maxIteCache = 1 << 12

// iteStep names an IteVar call. The cached entry keeps the operands
// alive (so their IDs are not reused while it exists).
type iteStep struct{ v, g, h int }

type iteEntry struct {
	res  Node
	keep [2]Node
}

// Exists returns the existential quantification of n over vars.
func (m *Manager) Exists(n Node, vars []int) (Node, error) {
	if err := m.check(n); err != nil {
		return Node{}, err
	}
	if len(vars) == 0 {
		return n, nil
	}
	for _, v := range vars {
		if v < 0 || v >= m.b.Varnum() {
			return Node{}, fmt.Errorf("bdd: variable %d out of range [0,%d)", v, m.b.Varnum())
		}
	}
	set, err := m.wrap(m.b.Makeset(vars))
	if err != nil {
		return Node{}, err
	}
	return m.wrap(m.b.Exist(n.r, set.r))
}

// AndExists returns exists vars. (a and b), computed in one pass (rudd's
// AppEx) without building the conjunction first.
func (m *Manager) AndExists(a, b Node, vars []int) (Node, error) {
	if err := m.check(a, b); err != nil {
		return Node{}, err
	}
	if len(vars) == 0 {
		return m.And(a, b)
	}
	for _, v := range vars {
		if v < 0 || v >= m.b.Varnum() {
			return Node{}, fmt.Errorf("bdd: variable %d out of range [0,%d)", v, m.b.Varnum())
		}
	}
	set, err := m.wrap(m.b.Makeset(vars))
	if err != nil {
		return Node{}, err
	}
	return m.wrap(m.b.AndExist(set.r, a.r, b.r))
}

// Replace renames variable from[i] to to[i] in n, simultaneously for all
// i: the result is n[from := to]. It is an exact substitution even when a
// target variable already occurs in n (then n[p' := p] identifies the two
// variables), a case rudd's own replace rejects.
func (m *Manager) Replace(n Node, from, to []int) (Node, error) {
	if err := m.check(n); err != nil {
		return Node{}, err
	}
	if len(from) != len(to) {
		return Node{}, fmt.Errorf("bdd: Replace with %d sources and %d targets", len(from), len(to))
	}
	if len(from) == 0 {
		return n, nil
	}
	src := make(map[int]bool, len(from))
	for _, v := range from {
		src[v] = true
	}
	// A target that is not also a source clashes when n depends on it:
	// exists(T, n) = n exactly when n depends on no variable of T. This
	// is one memoised rudd operation, where computing the support walks
	// the diagram node by node.
	var targets []int
	for _, v := range to {
		if !src[v] {
			targets = append(targets, v)
		}
	}
	clash := false
	if len(targets) > 0 && !m.IsConst(n) {
		q, err := m.Exists(n, targets)
		if err != nil {
			return Node{}, err
		}
		clash = q.ID() != n.ID()
	}
	if !clash {
		r, err := m.replacerFor(from, to)
		if err != nil {
			return Node{}, err
		}
		return m.wrap(m.b.Replace(n.r, r))
	}
	// Exact substitution: n[from := to] = exists from. n and /\ (from <-> to).
	// Correct when no variable is both a source and a target of another pair.
	for _, v := range to {
		if src[v] {
			return Node{}, fmt.Errorf("bdd: Replace with overlapping sources and targets and a clash in the support")
		}
	}
	eq := m.True()
	for i := range from {
		a, err := m.Lit(from[i], true)
		if err != nil {
			return Node{}, err
		}
		b, err := m.Lit(to[i], true)
		if err != nil {
			return Node{}, err
		}
		e, err := m.wrap(m.b.Apply(a.r, b.r, rudd.OPbiimp))
		if err != nil {
			return Node{}, err
		}
		if eq, err = m.And(eq, e); err != nil {
			return Node{}, err
		}
	}
	c, err := m.And(n, eq)
	if err != nil {
		return Node{}, err
	}
	return m.Exists(c, from)
}

// Rename is Replace for callers that know no target variable occurs in
// n (for example p' := p right after quantifying p away). It skips the
// support computation; should a target occur after all, rudd's failure
// becomes the returned error (and the manager's sticky error).
func (m *Manager) Rename(n Node, from, to []int) (Node, error) {
	if err := m.check(n); err != nil {
		return Node{}, err
	}
	if len(from) != len(to) {
		return Node{}, fmt.Errorf("bdd: Rename with %d sources and %d targets", len(from), len(to))
	}
	if len(from) == 0 || m.IsConst(n) {
		return n, nil
	}
	r, err := m.replacerFor(from, to)
	if err != nil {
		return Node{}, err
	}
	return m.wrap(m.b.Replace(n.r, r))
}

func (m *Manager) replacerFor(from, to []int) (rudd.Replacer, error) {
	idx := make([]int, len(from))
	for i := range idx {
		idx[i] = i
	}
	sort.Slice(idx, func(a, b int) bool { return from[idx[a]] < from[idx[b]] })
	var sb strings.Builder
	for _, i := range idx {
		sb.WriteString(strconv.Itoa(from[i]))
		sb.WriteByte('>')
		sb.WriteString(strconv.Itoa(to[i]))
		sb.WriteByte(',')
	}
	key := sb.String()
	if r, ok := m.replacer[key]; ok {
		return r, nil
	}
	r, err := m.b.NewReplacer(from, to)
	if err != nil {
		return nil, fmt.Errorf("bdd: %w", err)
	}
	m.replacer[key] = r
	return r, nil
}
