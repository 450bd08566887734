// This file implements the feasible-path search behind NEXPOINT's reduce:
// a depth-first walk of a predicate BDD that carries the numeric value
// refined by the literals taken so far and abandons a branch as soon as
// that value is empty. Enumerating every path and refining each afterwards
// costs the number of paths; on an SV-COMP ssh task's error location (102
// predicates) that did not finish in 30 s, while most prefixes are already
// contradictory (two different values of one state variable).

package numpred

import "github.com/numpred/numpred/bdd"

// feasiblePaths calls f with the literals and the refined numeric value of
// every path of u whose literals are consistent with n (in the numeric
// domain's judgement), until f returns false.
func (c *numCore[V]) feasiblePaths(u bdd.Node, n V, f func(lits []PredLit, n V) bool) {
	var lits []PredLit
	var walk func(u bdd.Node, n V) bool
	walk = func(u bdd.Node, n V) bool {
		c.poll()
		if c.m.IsFalse(u) {
			return true
		}
		if c.m.IsTrue(u) {
			return f(lits, n)
		}
		v, err := c.m.Var(u)
		if err != nil {
			c.fail(err)
		}
		for _, pos := range []bool{true, false} {
			var next bdd.Node
			if pos {
				next, err = c.m.High(u)
			} else {
				next, err = c.m.Low(u)
			}
			if err != nil {
				c.fail(err)
			}
			if c.m.IsFalse(next) {
				continue
			}
			m := n
			pl, isPred := c.predLitOf(bdd.Literal{Var: v, Pos: pos})
			if isPred {
				if p := c.sp.preds[pl.Pred]; p.hasAtom && !pl.Primed {
					m = c.assumeLit(n, p.atom, pl.Pos)
					if c.num.IsBottom(m) {
						continue
					}
				}
				lits = append(lits, pl)
			}
			ok := walk(next, m)
			if isPred {
				lits = lits[:len(lits)-1]
			}
			if !ok {
				return false
			}
		}
		return true
	}
	walk(u, n)
}
