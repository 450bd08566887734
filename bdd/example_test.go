package bdd_test

import (
	"fmt"

	"github.com/numpred/numpred/bdd"
)

// Example builds (p0 && p1) || !p0 over two predicates and prints its
// paths, then renames primed copies back to current ones.
func Example() {
	m, err := bdd.New(2, 0)
	if err != nil {
		panic(err)
	}
	p0, _ := m.Lit(m.VarOf(bdd.Pred, 0), true)
	p1, _ := m.Lit(m.VarOf(bdd.Pred, 1), true)
	np0, _ := m.Not(p0)
	both, _ := m.And(p0, p1)
	f, _ := m.Or(both, np0)
	_ = m.Paths(f, func(path []bdd.Literal) error {
		fmt.Println(path)
		return nil
	})
	// p0' renamed to p0.
	q, _ := m.Lit(m.VarOf(bdd.Primed, 0), false)
	r, _ := m.Replace(q, []int{m.VarOf(bdd.Primed, 0)}, []int{m.VarOf(bdd.Pred, 0)})
	fmt.Println(m.Equal(r, np0))
	// Output:
	// [{0 true} {3 true}]
	// [{0 false}]
	// true
}
