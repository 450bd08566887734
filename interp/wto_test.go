package interp

import (
	"math/rand"
	"strconv"
	"testing"
)

func TestWTOBourdoncleExample(t *testing.T) {
	// The example graph of Bourdoncle's paper (Fig. 1), vertices 1..8.
	edges := map[int][]int{1: {2}, 2: {3}, 3: {4}, 4: {5, 7}, 5: {6}, 6: {5, 7}, 7: {3, 8}}
	succ := func(v int) []int { return edges[v] }
	got := WTOString(WTO(9, 1, succ), strconv.Itoa)
	if want := "1 2 (3 4 (5 6) 7) 8"; got != want {
		t.Fatalf("WTO = %q, want %q", got, want)
	}
}

// TestWTOProperty checks on random graphs that every edge goes forward in
// the order or is a back edge to the head of a component containing its
// source, and that every reachable vertex appears once.
func TestWTOProperty(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for iter := 0; iter < 500; iter++ {
		n := 1 + rng.Intn(12)
		adj := make([][]int, n)
		for v := range adj {
			for k := rng.Intn(3); k > 0; k-- {
				adj[v] = append(adj[v], rng.Intn(n))
			}
		}
		succ := func(v int) []int { return adj[v] }
		w := WTO(n, 0, succ)
		pos := map[int]int{}
		heads := map[int][]int{} // vertex -> heads of components containing it
		var walk func([]WTOElem, []int)
		walk = func(es []WTOElem, enclosing []int) {
			for _, e := range es {
				if _, dup := pos[e.Vertex]; dup {
					t.Fatalf("vertex %d twice in %v", e.Vertex, w)
				}
				pos[e.Vertex] = len(pos)
				inner := enclosing
				if e.IsComponent {
					inner = append(append([]int(nil), enclosing...), e.Vertex)
				}
				heads[e.Vertex] = inner
				walk(e.Body, inner)
			}
		}
		walk(w, nil)
		for u := range adj {
			if _, ok := pos[u]; !ok {
				continue
			}
			for _, v := range adj[u] {
				if pos[u] < pos[v] {
					continue
				}
				ok := false
				for _, h := range heads[u] {
					if h == v {
						ok = true
					}
				}
				if !ok {
					t.Fatalf("edge %d->%d is backward but %d is not a head enclosing %d; wto %s", u, v, v, u, WTOString(w, strconv.Itoa))
				}
			}
		}
	}
}
