// This file implements the memoised custom apply over one or two diagrams:
// the bddApply recursion of Gurfinkel & Chaki (Section III, and its use for
// MTNDD in Section V-C, Fig. 6) with a caller-supplied terminal case.
//
// Sketch: Apply2(u, v) asks op.Terminal(u, v) first; when it declines, it
// splits both diagrams on the top variable x of u and v (the lower of their
// root levels), recurses on the positive and negative cofactors, and
// rebuilds with op.Combine(x, hi, lo), by default the node ite(x, hi, lo).
// Results are memoised per call on the pair of node IDs.

package bdd

import "fmt"

// UnaryOp is a custom operation over one diagram for Apply1.
type UnaryOp struct {
	// Terminal returns the result for u when it can decide it (done true);
	// it must decide the constants.
	Terminal func(u Node) (r Node, done bool, err error)
	// Combine builds the result at variable x from the results of the two
	// cofactors; nil means ite(x, hi, lo).
	Combine func(x int, hi, lo Node) (Node, error)
}

// BinaryOp is a custom operation over two diagrams for Apply2.
type BinaryOp struct {
	// Terminal returns the result for (u, v) when it can decide it; it
	// must decide the case where both are constants.
	Terminal func(u, v Node) (r Node, done bool, err error)
	// Combine is as in UnaryOp.
	Combine func(x int, hi, lo Node) (Node, error)
}

func (m *Manager) combine(c func(int, Node, Node) (Node, error), x int, hi, lo Node) (Node, error) {
	if c != nil {
		return c(x, hi, lo)
	}
	if hi.ID() == lo.ID() {
		return hi, nil
	}
	return m.IteVar(x, hi, lo)
}

// Apply1 applies op to u by memoised recursion on u's structure. The
// recursion reads the nodes below u from rudd's table and hands them to
// op as borrowed nodes (view.go): op must Hold what it keeps.
func (m *Manager) Apply1(u Node, op UnaryOp) (Node, error) {
	if err := m.check(u); err != nil {
		return Node{}, err
	}
	var b borrowing
	defer b.release()
	memo := m.memos1.get()
	defer m.memos1.put(memo)
	var rec func(id int, u Node) (Node, error)
	rec = func(id int, u Node) (Node, error) {
		if r, ok := memo[id]; ok {
			return r, nil
		}
		if !u.Valid() {
			u = m.borrowed(&b, id)
		}
		r, done, err := op.Terminal(u)
		if err != nil {
			return Node{}, err
		}
		if !done {
			if m.IsConst(u) {
				return Node{}, fmt.Errorf("bdd: Apply1 terminal case declined constant %d", id)
			}
			x, lo, hi := m.view.at(id)
			rh, err := rec(hi, Node{})
			if err != nil {
				return Node{}, err
			}
			rl, err := rec(lo, Node{})
			if err != nil {
				return Node{}, err
			}
			if op.Combine == nil && rh.ID() == hi && rl.ID() == lo {
				r = u // the node itself: no new handle
			} else if r, err = m.combine(op.Combine, x, rh, rl); err != nil {
				return Node{}, err
			}
		}
		if err := m.check(r); err != nil {
			return Node{}, err
		}
		memo[id] = r
		return r, nil
	}
	r, err := rec(u.ID(), u)
	if err != nil {
		return Node{}, err
	}
	return m.Hold(r)
}

// Apply2 applies op to (u, v) by memoised simultaneous recursion, with
// borrowed nodes as Apply1.
func (m *Manager) Apply2(u, v Node, op BinaryOp) (Node, error) {
	if err := m.check(u, v); err != nil {
		return Node{}, err
	}
	var b borrowing
	defer b.release()
	memo := m.memos2.get()
	defer m.memos2.put(memo)
	// node returns the node named id: one of the operands or a borrowed one.
	names := map[int]Node{u.ID(): u, v.ID(): v}
	node := func(id int) Node {
		if n, ok := names[id]; ok {
			return n
		}
		n := m.borrowed(&b, id)
		names[id] = n
		return n
	}
	var rec func(iu, iv int) (Node, error)
	rec = func(iu, iv int) (Node, error) {
		key := [2]int{iu, iv}
		if r, ok := memo[key]; ok {
			return r, nil
		}
		u, v := node(iu), node(iv)
		r, done, err := op.Terminal(u, v)
		if err != nil {
			return Node{}, err
		}
		if !done {
			if m.IsConst(u) && m.IsConst(v) {
				return Node{}, fmt.Errorf("bdd: Apply2 terminal case declined constants (%d, %d)", iu, iv)
			}
			c := m.split2(u, v)
			x, lu, lv, uh, ul, vh, vl := c.x, c.lu, c.lv, c.uh, c.ul, c.vh, c.vl
			rh, err := rec(uh, vh)
			if err != nil {
				return Node{}, err
			}
			rl, err := rec(ul, vl)
			if err != nil {
				return Node{}, err
			}
			switch {
			case op.Combine == nil && lu == x && rh.ID() == uh && rl.ID() == ul:
				r = u // u's node itself: no new handle
			case op.Combine == nil && lv == x && rh.ID() == vh && rl.ID() == vl:
				r = v
			default:
				if r, err = m.combine(op.Combine, x, rh, rl); err != nil {
					return Node{}, err
				}
			}
		}
		if err := m.check(r); err != nil {
			return Node{}, err
		}
		memo[key] = r
		return r, nil
	}
	r, err := rec(u.ID(), v.ID())
	if err != nil {
		return Node{}, err
	}
	return m.Hold(r)
}

// All2 reports whether test holds at every pair of sub-diagrams that the
// simultaneous recursion over (u, v) reaches, as Apply2 with a Boolean
// result that is the conjunction of its cofactors' results: test decides
// a pair (done true) or leaves it to be split on its top variable; it must
// decide the pair of constants. The pairs are borrowed nodes (view.go).
func (m *Manager) All2(u, v Node, test func(u, v Node) (ok, done bool)) (bool, error) {
	if err := m.check(u, v); err != nil {
		return false, err
	}
	var b borrowing
	defer b.release()
	memo := map[[2]int]bool{}
	node := func(id int, given Node) Node {
		if given.Valid() {
			return given
		}
		return m.borrowed(&b, id)
	}
	var rec func(iu, iv int, u, v Node) (bool, error)
	rec = func(iu, iv int, u, v Node) (bool, error) {
		key := [2]int{iu, iv}
		if r, ok := memo[key]; ok {
			return r, nil
		}
		u, v = node(iu, u), node(iv, v)
		r, done := test(u, v)
		if err := m.Err(); err != nil {
			return false, err
		}
		if !done {
			if m.IsConst(u) && m.IsConst(v) {
				return false, fmt.Errorf("bdd: All2 test declined constants (%d, %d)", iu, iv)
			}
			c := m.split2(u, v)
			uh, ul, vh, vl := c.uh, c.ul, c.vh, c.vl
			var err error
			if r, err = rec(uh, vh, Node{}, Node{}); err != nil {
				return false, err
			}
			if r {
				if r, err = rec(ul, vl, Node{}, Node{}); err != nil {
					return false, err
				}
			}
		}
		memo[key] = r
		return r, nil
	}
	return rec(u.ID(), v.ID(), u, v)
}

// memoPool recycles the memo tables of Apply1 and Apply2 (applies nest:
// a Combine may run another apply), so that a table's buckets are not
// grown anew on every call.
type memoPool[K comparable] struct{ free []map[K]Node }

// maxPooledMemo is the size above which a memo table is not kept.
const maxPooledMemo = 1 << 16

func (p *memoPool[K]) get() map[K]Node {
	if n := len(p.free); n > 0 {
		t := p.free[n-1]
		p.free = p.free[:n-1]
		return t
	}
	return map[K]Node{}
}

func (p *memoPool[K]) put(t map[K]Node) {
	if len(t) > maxPooledMemo || len(p.free) >= 8 {
		return
	}
	clear(t)
	p.free = append(p.free, t)
}

// split is one step of a simultaneous recursion over two diagrams: the
// top variable x of both, their levels, and the IDs of their cofactors
// on x (a diagram not on x is its own cofactor).
type split struct {
	x, lu, lv      int
	uh, ul, vh, vl int
}

func (m *Manager) split2(u, v Node) split {
	c := split{lu: m.Level(u), lv: m.Level(v)}
	c.x = min(c.lu, c.lv)
	c.uh, c.ul, c.vh, c.vl = u.ID(), u.ID(), v.ID(), v.ID()
	if c.lu == c.x {
		_, c.ul, c.uh = m.view.at(c.uh)
	}
	if c.lv == c.x {
		_, c.vl, c.vh = m.view.at(c.vh)
	}
	return c
}
