// This file implements the sanity checker of diagrams.

package bdd

import "fmt"

// SanityCheck reports an error when n is not a valid, ordered, reduced
// diagram of m: every internal node's variable is in range and strictly
// above its children's, and no node has equal branches.
func (m *Manager) SanityCheck(n Node) error {
	if err := m.check(n); err != nil {
		return err
	}
	varnum := m.b.Varnum()
	levels := map[int]int{0: varnum, 1: varnum}
	type rec struct{ id, level, low, high int }
	var all []rec
	err := m.b.Allnodes(func(id, level, low, high int) error {
		if id > 1 {
			all = append(all, rec{id, level, low, high})
			levels[id] = level
		}
		return nil
	}, n.r)
	if err != nil {
		return fmt.Errorf("bdd: %w", err)
	}
	for _, r := range all {
		if r.level < 0 || r.level >= varnum {
			return fmt.Errorf("bdd: node %d has variable %d out of range", r.id, r.level)
		}
		if r.low == r.high {
			return fmt.Errorf("bdd: node %d is not reduced (equal branches %d)", r.id, r.low)
		}
		for _, c := range []int{r.low, r.high} {
			l, ok := levels[c]
			if !ok {
				return fmt.Errorf("bdd: node %d has unknown child %d", r.id, c)
			}
			if l <= r.level {
				return fmt.Errorf("bdd: node %d (var %d) has child %d at var %d: order violated", r.id, r.level, c, l)
			}
		}
	}
	return m.Err()
}
