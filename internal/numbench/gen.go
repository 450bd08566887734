// This file generates the random workloads of issue 15 (fixed seeds, so
// the same names give the same files on every machine).

package numbench

import (
	"fmt"
	"math/rand"
)

// Spec describes a random workload.
type Spec struct {
	// Shape is "poly" (general constraints, dense coefficients in
	// [-5, 5]), "oct" (octagonal constraints ±xi ±xj <= b and ±xi <= b) or
	// "blocks" (n dimensions in independent blocks of 4, each a chain
	// x_b >= -l, x_{b+i} >= x_{b+i-1} - k with a general cut in every
	// other block; the second value of a pair is the first with one
	// block changed, as one loop iteration changes a few variables).
	Shape string
	N     int  // dimensions
	Cons  int  // random constraints per value (poly, oct)
	Box   bool // add -100 <= xi <= 100 for every i
	Vals  int  // values (pairs are consecutive values)
	Seed  int64
}

// Name is the spec's file name stem, e.g. poly-n4-c8-box.
func (s Spec) Name() string {
	name := fmt.Sprintf("%s-n%d", s.Shape, s.N)
	if s.Shape != "blocks" {
		name += fmt.Sprintf("-c%d", s.Cons)
	}
	if s.Box {
		name += "-box"
	}
	return name
}

// Standard are the workloads of issue 15's table and "What to build".
var Standard = []Spec{
	{Shape: "poly", N: 4, Cons: 8, Box: true, Vals: 20, Seed: 4},
	{Shape: "poly", N: 4, Cons: 8, Vals: 20, Seed: 40},
	{Shape: "poly", N: 6, Cons: 8, Box: true, Vals: 20, Seed: 6},
	{Shape: "poly", N: 6, Cons: 8, Vals: 20, Seed: 60},
	{Shape: "poly", N: 8, Cons: 8, Box: true, Vals: 20, Seed: 8},
	{Shape: "poly", N: 8, Cons: 8, Vals: 20, Seed: 80},
	{Shape: "oct", N: 4, Cons: 8, Box: true, Vals: 20, Seed: 44},
	{Shape: "oct", N: 8, Cons: 16, Vals: 20, Seed: 88},
	{Shape: "blocks", N: 32, Vals: 20, Seed: 32},
	{Shape: "oct", N: 100, Cons: 200, Vals: 10, Seed: 100},
	{Shape: "oct", N: 100, Cons: 200, Box: true, Vals: 10, Seed: 101},
}

// Generate returns the workload of s. Every value is non-empty: its
// constraints hold at a random point of [-50, 50]^n, with random slack.
func Generate(s Spec) *Workload {
	rng := rand.New(rand.NewSource(s.Seed))
	w := &Workload{Name: s.Name()}
	for k := 0; k < s.Vals; k++ {
		if s.Shape == "blocks" && k%2 == 1 {
			w.Values = append(w.Values, changeBlock(rng, w.Values[k-1]))
			continue
		}
		p := make([]int64, s.N)
		for i := range p {
			p[i] = rng.Int63n(101) - 50
		}
		v := Value{N: s.N}
		add := func(a []int64, slack int64) {
			row := make([]int64, s.N+1)
			copy(row, a)
			var b int64
			for i, c := range a {
				b += c * p[i]
			}
			row[s.N] = b + slack
			v.Cons = append(v.Cons, row)
		}
		switch s.Shape {
		case "poly":
			for c := 0; c < s.Cons; c++ {
				a := make([]int64, s.N)
				nz := false
				for !nz {
					for i := range a {
						a[i] = rng.Int63n(11) - 5
						nz = nz || a[i] != 0
					}
				}
				add(a, rng.Int63n(30))
			}
		case "oct":
			for c := 0; c < s.Cons; c++ {
				a := make([]int64, s.N)
				i, j := rng.Intn(s.N), rng.Intn(s.N)
				a[i] = 1 - 2*rng.Int63n(2)
				if j != i {
					a[j] = 1 - 2*rng.Int63n(2)
				}
				add(a, rng.Int63n(20))
			}
		case "blocks":
			for b := 0; b+4 <= s.N; b += 4 {
				a := make([]int64, s.N)
				a[b] = -1 // -x_b <= -p_b + l: x_b >= p_b - l
				add(a, rng.Int63n(4))
				for i := 1; i < 4; i++ {
					a := make([]int64, s.N)
					a[b+i-1], a[b+i] = 1, -1 // x_{b+i-1} - x_{b+i} <= ...
					add(a, rng.Int63n(3))
				}
				if b%8 == 0 {
					a := make([]int64, s.N)
					for i := 0; i < 4; i++ {
						a[b+i] = rng.Int63n(7) - 3
					}
					add(a, rng.Int63n(10))
				}
			}
		default:
			panic("numbench: unknown shape " + s.Shape)
		}
		if s.Box {
			for i := 0; i < s.N; i++ {
				a := make([]int64, s.N+1)
				a[i], a[s.N] = 1, 100
				v.Cons = append(v.Cons, a)
				a = make([]int64, s.N+1)
				a[i], a[s.N] = -1, 100
				v.Cons = append(v.Cons, a)
			}
		}
		w.Values = append(w.Values, v)
	}
	return w
}

// changeBlock returns v with the constraints on one random block of 4
// loosened by a random amount, and one more random cut on that block.
func changeBlock(rng *rand.Rand, v Value) Value {
	b := 4 * rng.Intn(v.N/4)
	out := Value{N: v.N}
	for _, c := range v.Cons {
		c = append([]int64(nil), c...)
		for i := b; i < b+4; i++ {
			if c[i] != 0 {
				c[v.N] += rng.Int63n(3)
				break
			}
		}
		out.Cons = append(out.Cons, c)
	}
	a := make([]int64, v.N+1)
	a[b], a[b+1+rng.Intn(3)] = 1, 1
	a[v.N] = 200 // loose: keeps the value non-empty
	out.Cons = append(out.Cons, a)
	return out
}
