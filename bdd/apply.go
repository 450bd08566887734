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

type memoEntry struct {
	keep [2]Node // operands, kept alive so that their IDs are not reused
	res  Node
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

// Apply1 applies op to u by memoised recursion on u's structure.
func (m *Manager) Apply1(u Node, op UnaryOp) (Node, error) {
	if err := m.check(u); err != nil {
		return Node{}, err
	}
	memo := map[int]memoEntry{}
	var rec func(u Node) (Node, error)
	rec = func(u Node) (Node, error) {
		if e, ok := memo[u.ID()]; ok {
			return e.res, nil
		}
		r, done, err := op.Terminal(u)
		if err != nil {
			return Node{}, err
		}
		if !done {
			if m.IsConst(u) {
				return Node{}, fmt.Errorf("bdd: Apply1 terminal case declined constant %d", u.ID())
			}
			x := m.Level(u)
			hi, lo, err := m.Cofactors(u, x)
			if err != nil {
				return Node{}, err
			}
			rh, err := rec(hi)
			if err != nil {
				return Node{}, err
			}
			rl, err := rec(lo)
			if err != nil {
				return Node{}, err
			}
			if r, err = m.combine(op.Combine, x, rh, rl); err != nil {
				return Node{}, err
			}
		}
		if !r.Valid() {
			return Node{}, ErrInvalidNode
		}
		memo[u.ID()] = memoEntry{keep: [2]Node{u, u}, res: r}
		return r, nil
	}
	return rec(u)
}

// Apply2 applies op to (u, v) by memoised simultaneous recursion.
func (m *Manager) Apply2(u, v Node, op BinaryOp) (Node, error) {
	if err := m.check(u, v); err != nil {
		return Node{}, err
	}
	memo := map[[2]int]memoEntry{}
	var rec func(u, v Node) (Node, error)
	rec = func(u, v Node) (Node, error) {
		key := [2]int{u.ID(), v.ID()}
		if e, ok := memo[key]; ok {
			return e.res, nil
		}
		r, done, err := op.Terminal(u, v)
		if err != nil {
			return Node{}, err
		}
		if !done {
			if m.IsConst(u) && m.IsConst(v) {
				return Node{}, fmt.Errorf("bdd: Apply2 terminal case declined constants (%d, %d)", u.ID(), v.ID())
			}
			x := min(m.Level(u), m.Level(v))
			uh, ul, err := m.Cofactors(u, x)
			if err != nil {
				return Node{}, err
			}
			vh, vl, err := m.Cofactors(v, x)
			if err != nil {
				return Node{}, err
			}
			rh, err := rec(uh, vh)
			if err != nil {
				return Node{}, err
			}
			rl, err := rec(ul, vl)
			if err != nil {
				return Node{}, err
			}
			if r, err = m.combine(op.Combine, x, rh, rl); err != nil {
				return Node{}, err
			}
		}
		if !r.Valid() {
			return Node{}, ErrInvalidNode
		}
		memo[key] = memoEntry{keep: [2]Node{u, v}, res: r}
		return r, nil
	}
	return rec(u, v)
}
