// This file implements traversal: the root variable and branches of a node
// (the paper's varOf, bddT, bddE), supports, paths (cubes) and node counts.

package bdd

import (
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/dalzilio/rudd"
)

// Var returns the root variable of a non-constant node (varOf).
func (m *Manager) Var(n Node) (int, error) {
	if err := m.check(n); err != nil {
		return 0, err
	}
	if m.IsConst(n) {
		return 0, errors.New("bdd: Var of a constant node")
	}
	v := m.b.Label(n.r)
	if err := m.Err(); err != nil {
		return 0, err
	}
	return v, nil
}

// High returns the then-branch of a non-constant node (bddT).
func (m *Manager) High(n Node) (Node, error) {
	hi, _, err := m.branches(n)
	return hi, err
}

// Low returns the else-branch of a non-constant node (bddE).
func (m *Manager) Low(n Node) (Node, error) {
	_, lo, err := m.branches(n)
	return lo, err
}

// maxBranchCache bounds the branch cache; it is emptied when full.
const maxBranchCache = 1 << 12

// branch is a cached pair of branches. It holds the node itself too, so
// that its ID stays in use (rudd reuses the IDs of collected nodes) for
// as long as the entry exists.
type branch struct{ self, hi, lo Node }

// branches returns both branches of a non-constant node. Every node rudd
// returns is a fresh handle with a finalizer, which costs far more than
// the traversal step itself (most of MTNDD's time on the lock template
// went to registering finalizers); the cache hands out the same handles
// for a node's branches until it is emptied.
func (m *Manager) branches(n Node) (hi, lo Node, err error) {
	if err := m.check(n); err != nil {
		return Node{}, Node{}, err
	}
	if m.IsConst(n) {
		return Node{}, Node{}, errors.New("bdd: branch of a constant node")
	}
	if e, ok := m.cof[*n.r]; ok {
		return e.hi, e.lo, nil
	}
	if hi, err = m.wrap(m.b.High(n.r)); err != nil {
		return Node{}, Node{}, err
	}
	if lo, err = m.wrap(m.b.Low(n.r)); err != nil {
		return Node{}, Node{}, err
	}
	self, err := m.Hold(n)
	if err != nil {
		return Node{}, Node{}, err
	}
	if len(m.cof) >= maxBranchCache {
		clear(m.cof)
	}
	m.cof[*n.r] = branch{self, hi, lo}
	return hi, lo, nil
}

// Level returns the root variable of n, or Varnum() for a constant: the
// position of n in the variable order, convenient for simultaneous
// recursion over several diagrams.
func (m *Manager) Level(n Node) int {
	if m.IsConst(n) || !n.Valid() {
		return m.b.Varnum()
	}
	if *n.r < 0 {
		m.err = errBorrowed
		return m.b.Varnum()
	}
	l, _, _ := m.view.at(*n.r)
	return l
}

// Cofactors returns the positive and negative cofactors of n with respect
// to variable v, where v is at or above n's root in the order: when n's
// root is v they are its branches, otherwise both are n.
func (m *Manager) Cofactors(n Node, v int) (hi, lo Node, err error) {
	if err := m.check(n); err != nil {
		return Node{}, Node{}, err
	}
	if m.Level(n) != v {
		return n, n, nil
	}
	return m.branches(n)
}

// visit calls f once for every internal node reachable from ns, by a
// depth-first walk (rudd's Allnodes scans the whole node table, which
// costs far more on the small diagrams numpred handles).
func (m *Manager) visit(ns []Node, f func(id, level int)) error {
	seen := map[int]bool{}
	stack := make([]rudd.Node, 0, len(ns))
	for _, n := range ns {
		stack = append(stack, n.r)
	}
	for len(stack) > 0 {
		r := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if *r < 2 || seen[*r] {
			continue
		}
		seen[*r] = true
		f(*r, m.b.Label(r))
		stack = append(stack, m.b.Low(r), m.b.High(r))
		if err := m.Err(); err != nil {
			return err
		}
	}
	return nil
}

// Support returns the variables n depends on, in increasing order.
func (m *Manager) Support(n Node) ([]int, error) {
	if err := m.check(n); err != nil {
		return nil, err
	}
	seen := map[int]bool{}
	if err := m.visit([]Node{n}, func(_, level int) { seen[level] = true }); err != nil {
		return nil, err
	}
	vs := make([]int, 0, len(seen))
	for v := range seen {
		vs = append(vs, v)
	}
	sort.Ints(vs)
	return vs, nil
}

// Size returns the number of distinct internal (non-constant) nodes
// reachable from ns.
func (m *Manager) Size(ns ...Node) (int, error) {
	if err := m.check(ns...); err != nil {
		return 0, err
	}
	k := 0
	err := m.visit(ns, func(int, int) { k++ })
	return k, err
}

// ActiveNodes returns the number of internal nodes currently alive in the
// manager's node table (a measure of memory, shared by all values).
func (m *Manager) ActiveNodes() (int, error) {
	if err := m.check(); err != nil {
		return 0, err
	}
	k := 0
	err := m.b.Allnodes(func(id, level, low, high int) error {
		if id > 1 {
			k++
		}
		return nil
	})
	if err != nil {
		return 0, fmt.Errorf("bdd: %w", err)
	}
	return k, nil
}

// Active calls f for every internal node in the manager's node table
// (every node not yet reclaimed, reachable from a live handle or not), with
// its variable and the IDs of its branches, without making handles. A
// node absent from the table is referenced by no live node or handle,
// which lets a client recycle what it named by such nodes (MTNDD's leaf
// table). It costs a scan of the whole table.
func (m *Manager) Active(f func(id, level, lo, hi int)) error {
	if err := m.check(); err != nil {
		return err
	}
	err := m.b.Allnodes(func(id, level, low, high int) error {
		if id > 1 {
			f(id, level, low, high)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("bdd: %w", err)
	}
	return nil
}

// TableSize returns the number of node slots rudd has allocated. The table
// only grows, so it bounds the peak number of live nodes so far (a memory
// measure); it is 0 when rudd does not report it.
func (m *Manager) TableSize() int {
	for _, line := range strings.Split(m.b.Stats(), "\n") {
		if rest, ok := strings.CutPrefix(line, "Allocated:"); ok {
			f := strings.Fields(rest)
			if len(f) > 0 {
				if k, err := strconv.Atoi(f[0]); err == nil {
					return k
				}
			}
		}
	}
	return 0
}

// Literal is one variable with its phase in a cube.
type Literal struct {
	Var int
	Pos bool
}

// Cube returns the conjunction of lits (false when a variable occurs in
// both phases). It builds the cube bottom-up, one node per variable, in
// time linear in len(lits) after sorting, where a fold of conjunctions
// would rebuild the growing cube for every literal.
func (m *Manager) Cube(lits []Literal) (Node, error) {
	ls := append([]Literal(nil), lits...)
	sort.Slice(ls, func(i, j int) bool { return ls[i].Var > ls[j].Var })
	acc := m.True()
	for i, l := range ls {
		if l.Var < 0 || l.Var >= m.b.Varnum() {
			return Node{}, fmt.Errorf("bdd: variable %d out of range [0,%d)", l.Var, m.b.Varnum())
		}
		if i > 0 && ls[i-1].Var == l.Var {
			if ls[i-1].Pos != l.Pos {
				return m.False(), nil
			}
			continue
		}
		key := cubeStep{l.Var, l.Pos, acc.ID()}
		if r, ok := m.steps[key]; ok {
			acc = r
			continue
		}
		x, err := m.Lit(l.Var, true)
		if err != nil {
			return Node{}, err
		}
		hi, lo := acc, m.False()
		if !l.Pos {
			hi, lo = lo, hi
		}
		if acc, err = m.Ite(x, hi, lo); err != nil {
			return Node{}, err
		}
		if len(m.steps) >= maxBranchCache {
			clear(m.steps)
		}
		m.steps[key] = acc
	}
	return acc, nil
}

// cubeStep names one step of Cube: the literal (v, pos) above the cube
// below. The cached result keeps below alive (it is its child), so the
// key's ID stays valid while the entry exists; cubes that share a suffix
// (the numeric leaves of MTNDD, which differ in a few bounds) then share
// its handles instead of each paying for new ones.
type cubeStep struct {
	v     int
	pos   bool
	below int
}

// ErrStop may be returned by a Paths callback to end the enumeration
// early; Paths then returns nil.
var ErrStop = errors.New("bdd: stop")

// Paths calls f for every path from n to the true terminal, with the
// literals along the path in root-to-leaf order (variables not on the path
// are don't-cares). Paths are mutually disjoint and their disjunction is n.
// The slice passed to f is reused; copy it to keep it.
func (m *Manager) Paths(n Node, f func(path []Literal) error) error {
	if err := m.check(n); err != nil {
		return err
	}
	var path []Literal
	var rec func(u Node) error
	rec = func(u Node) error {
		if m.IsFalse(u) {
			return nil
		}
		if m.IsTrue(u) {
			return f(path)
		}
		v, err := m.Var(u)
		if err != nil {
			return err
		}
		hi, err := m.High(u)
		if err != nil {
			return err
		}
		lo, err := m.Low(u)
		if err != nil {
			return err
		}
		path = append(path, Literal{v, true})
		if err := rec(hi); err != nil {
			return err
		}
		path[len(path)-1].Pos = false
		if err := rec(lo); err != nil {
			return err
		}
		path = path[:len(path)-1]
		return nil
	}
	if err := rec(n); err != nil && err != ErrStop {
		return err
	}
	return nil
}

// PathCount returns the number of paths from n to the true terminal.
func (m *Manager) PathCount(n Node) (int, error) {
	if err := m.check(n); err != nil {
		return 0, err
	}
	memo := map[int]int{}
	var rec func(u Node) (int, error)
	rec = func(u Node) (int, error) {
		switch u.ID() {
		case 0:
			return 0, nil
		case 1:
			return 1, nil
		}
		if k, ok := memo[u.ID()]; ok {
			return k, nil
		}
		hi, err := m.High(u)
		if err != nil {
			return 0, err
		}
		lo, err := m.Low(u)
		if err != nil {
			return 0, err
		}
		a, err := rec(hi)
		if err != nil {
			return 0, err
		}
		b, err := rec(lo)
		if err != nil {
			return 0, err
		}
		memo[u.ID()] = a + b
		return a + b, nil
	}
	return rec(n)
}
