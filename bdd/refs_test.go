package bdd

import (
	"math/rand"
	"runtime"
	"sync"
	"testing"
)

// TestHandlesSurviveConcurrentFinalizers builds random formulas with a
// small node table (so rudd collects and resizes often) while another
// goroutine forces Go collections (so handles are finalized during the
// operations), and checks every kept diagram against its truth table.
// rudd's own finalizer decrements a node's reference count on the
// finalizer goroutine, racing the increments of the operations: a lost
// increment lets rudd collect a node still referenced and reuse its slot,
// and a kept handle then denotes another function.
func TestHandlesSurviveConcurrentFinalizers(t *testing.T) {
	const vars = 10
	const rows = 1 << vars
	rounds := 5000
	if testing.Short() {
		rounds = 1000
	}
	m, err := New(0, vars, NodeSize(1<<8), CacheSize(1<<6))
	if err != nil {
		t.Fatal(err)
	}
	type kept struct {
		n     Node
		table [rows / 64]uint64
	}
	lit := func(v int, pos bool) kept {
		n, err := m.Lit(m.TermVar(v), pos)
		if err != nil {
			t.Fatal(err)
		}
		k := kept{n: n}
		for a := 0; a < rows; a++ {
			if (a>>v&1 == 1) == pos {
				k.table[a/64] |= 1 << (a % 64)
			}
		}
		return k
	}
	eval := func(n Node, a int) bool {
		for !m.IsConst(n) {
			v, err := m.Var(n)
			if err != nil {
				t.Fatal(err)
			}
			_, j := m.RoleOf(v)
			if a>>j&1 == 1 {
				n, err = m.High(n)
			} else {
				n, err = m.Low(n)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		return m.IsTrue(n)
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			default:
				runtime.GC()
			}
		}
	}()
	defer func() { close(stop); wg.Wait() }()
	rng := rand.New(rand.NewSource(1))
	pool := make([]kept, 24)
	for i := range pool {
		pool[i] = lit(rng.Intn(vars), rng.Intn(2) == 0)
	}
	for r := 0; r < rounds; r++ {
		a, b := pool[rng.Intn(len(pool))], pool[rng.Intn(len(pool))]
		var k kept
		var err error
		switch rng.Intn(5) {
		case 0:
			k.n, err = m.And(a.n, b.n)
			for i := range k.table {
				k.table[i] = a.table[i] & b.table[i]
			}
		case 1:
			k.n, err = m.Or(a.n, b.n)
			for i := range k.table {
				k.table[i] = a.table[i] | b.table[i]
			}
		case 2:
			k.n, err = m.Not(a.n)
			for i := range k.table {
				k.table[i] = ^a.table[i]
			}
		case 3:
			c := pool[rng.Intn(len(pool))]
			k.n, err = m.Ite(a.n, b.n, c.n)
			for i := range k.table {
				k.table[i] = a.table[i]&b.table[i] | ^a.table[i]&c.table[i]
			}
		default:
			k = lit(rng.Intn(vars), rng.Intn(2) == 0)
		}
		if err != nil {
			t.Fatal(err)
		}
		// The same node handed out again and again, each handle
		// dropped at once: their finalizers run while the next ones
		// are made.
		for i := 0; i < 32; i++ {
			if _, err := m.And(k.n, m.True()); err != nil {
				t.Fatal(err)
			}
			if _, err := m.Or(a.n, b.n); err != nil {
				t.Fatal(err)
			}
		}
		pool[rng.Intn(len(pool))] = k
		if r%64 == 0 {
			for i, p := range pool {
				for s := 0; s < 16; s++ {
					x := rng.Intn(rows)
					if want := p.table[x/64]>>(x%64)&1 == 1; eval(p.n, x) != want {
						t.Fatalf("round %d: kept diagram %d (node %d) is %v at %b, its truth table says %v", r, i, p.n.ID(), !want, x, want)
					}
				}
			}
		}
	}
}
