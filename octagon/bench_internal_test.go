package octagon

import (
	"fmt"
	"math/rand"
	"syscall"
	"testing"

	"github.com/numpred/numpred/numeric"
)

var benchSizes = []int{10, 50, 100}

// cpuMetric reports the process CPU time per operation (user + system,
// all threads) as cpu-ns/op: on a shared, loaded machine it is a steadier
// measure than wall time. Use as defer cpuMetric(b)().
func cpuMetric(b *testing.B) func() {
	start := cpuNow()
	b.ResetTimer()
	return func() {
		b.StopTimer()
		b.ReportMetric(float64(cpuNow()-start)/float64(b.N), "cpu-ns/op")
	}
}

func cpuNow() int64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

// denseRaw returns a random dense, non-empty, unclosed matrix over n
// dimensions: every entry bounds a random point's V_j - V_i with random
// slack (fixed seed).
func denseRaw(n int, seed int64) []int64 {
	rng := rand.New(rand.NewSource(seed))
	p := make([]int64, 2*n)
	for k := 0; k < n; k++ {
		v := rng.Int63n(201) - 100
		p[2*k], p[2*k+1] = v, -v
	}
	m := topMatrix(n)
	for i := 0; i < 2*n; i++ {
		for j := 0; j <= i|1; j++ {
			if i != j {
				m[idx(i, j)] = p[j] - p[i] + rng.Int63n(1000)
			}
		}
	}
	return m
}

// denseClosed returns the closure of denseRaw as an Octagon.
func denseClosed(n int, seed int64) *Octagon {
	m := denseRaw(n, seed)
	if !tightClose(m, n) {
		panic("dense octagon is empty")
	}
	return closedOf(n, m)
}

func BenchmarkClosure(b *testing.B) {
	for _, n := range benchSizes {
		raw := denseRaw(n, 1)
		m := make([]int64, len(raw))
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			defer cpuMetric(b)()
			for i := 0; i < b.N; i++ {
				copy(m, raw)
				if !tightClose(m, n) {
					b.Fatal("empty")
				}
			}
		})
	}
}

// BenchmarkIncrementalClosure adds one binary octagonal constraint that
// tightens an entry of a closed dense octagon (in place, after a copy).
func BenchmarkIncrementalClosure(b *testing.B) {
	for _, n := range benchSizes {
		o := denseClosed(n, 1)
		m := make([]int64, len(o.m))
		s := newScratch(n)
		a, c := 0, 2*(n-1) // x_(n-1) - x_0 <= v, entry (0, 2(n-1))
		v := get(o.m, a, c) - 3
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			defer cpuMetric(b)()
			for i := 0; i < b.N; i++ {
				copy(m, o.m)
				if !addConstraint(m, n, a, c, v, s) {
					b.Fatal("empty")
				}
				if get(m, a, c) != v {
					b.Fatal("constraint not added")
				}
			}
		})
	}
}

// BenchmarkAssume is Assume of one octagonal constraint through the
// public API (copy, incremental closure, allocation).
func BenchmarkAssume(b *testing.B) {
	d := New()
	for _, n := range benchSizes {
		o := denseClosed(n, 1)
		hi := d.Bound(o, numeric.Var(0).Sub(numeric.Var(numeric.Dim(n-1)))).Hi
		h, _ := hi.Int64()
		c := numeric.Le(numeric.Var(0).Sub(numeric.Var(numeric.Dim(n-1))), numeric.Const(h-3))
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			defer cpuMetric(b)()
			for i := 0; i < b.N; i++ {
				if d.IsBottom(d.Assume(o, c)) {
					b.Fatal("empty")
				}
			}
		})
	}
}

func benchBinary(b *testing.B, op func(x, y *Octagon)) {
	for _, n := range benchSizes {
		x, y := denseClosed(n, 1), denseClosed(n, 2)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			defer cpuMetric(b)()
			for i := 0; i < b.N; i++ {
				op(x, y)
			}
		})
	}
}

func BenchmarkJoin(b *testing.B) {
	benchBinary(b, func(x, y *Octagon) { Domain{}.Join(x, y) })
}

func BenchmarkMeet(b *testing.B) {
	benchBinary(b, func(x, y *Octagon) { Domain{}.Meet(x, y) })
}

func BenchmarkWiden(b *testing.B) {
	benchBinary(b, func(x, y *Octagon) { Domain{}.Widen(x, y) })
}

func BenchmarkLeq(b *testing.B) {
	d := Domain{}
	for _, n := range benchSizes {
		x := denseClosed(n, 1)
		y := d.Join(x, denseClosed(n, 2)) // Leq(x, y) holds: a full scan
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			defer cpuMetric(b)()
			for i := 0; i < b.N; i++ {
				if !d.Leq(x, y) {
					b.Fatal("not Leq")
				}
			}
		})
	}
}

// BenchmarkAssign measures x := y + 3 (exact case) and x := y + 2z
// (linearised case) on a closed dense octagon.
func BenchmarkAssign(b *testing.B) {
	d := Domain{}
	for _, kind := range []string{"oct", "lin"} {
		for _, n := range benchSizes {
			o := denseClosed(n, 1)
			e := numeric.Var(1).AddConst(numeric.I(3))
			if kind == "lin" {
				e = numeric.Var(1).Add(numeric.Var(2).Scale(numeric.I(2)))
			}
			dims, exprs := []numeric.Dim{0}, []numeric.LinExpr{e}
			b.Run(fmt.Sprintf("%s/n=%d", kind, n), func(b *testing.B) {
				defer cpuMetric(b)()
				for i := 0; i < b.N; i++ {
					d.Assign(o, dims, exprs)
				}
			})
		}
	}
}

// fullShortestPath is the alternative representation measured against
// the half matrix: Floyd-Warshall on the full 2n x 2n matrix, with the
// same kernel tricks (contiguous rows, +inf stand-ins, unrolled min). It
// omits tightening, so it is a lower bound on a full-matrix tight closure.
func fullShortestPath(f []int64, N int, tmp []int64) {
	for k := 0; k < N; k++ {
		for j, v := range f[k*N : k*N+N] {
			if v == inf {
				v = bigStand
			}
			tmp[j] = v
		}
		for i := 0; i < N; i++ {
			a := f[i*N+k]
			if a >= thresh { // +inf or a stand-in
				continue
			}
			row := f[i*N : i*N+N]
			r := tmp[:len(row)]
			j := 0
			for ; j+4 <= len(row); j += 4 {
				w := row[j : j+4 : j+4]
				b := r[j : j+4 : j+4]
				w[0] = min(w[0], a+b[0])
				w[1] = min(w[1], a+b[1])
				w[2] = min(w[2], a+b[2])
				w[3] = min(w[3], a+b[3])
			}
			for ; j < len(row); j++ {
				row[j] = min(row[j], a+r[j])
			}
		}
		for i := range f[k*N : k*N+N] { // normalise stand-ins of row k for the next pivots
			if f[k*N+i] >= thresh {
				f[k*N+i] = inf
			}
		}
	}
}

func BenchmarkClosureFullMatrix(b *testing.B) {
	for _, n := range benchSizes {
		N := 2 * n
		raw := toFull(denseRaw(n, 1), n)
		flat := make([]int64, 0, N*N)
		for _, r := range raw {
			flat = append(flat, r...)
		}
		f := make([]int64, len(flat))
		tmp := make([]int64, N)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			defer cpuMetric(b)()
			for i := 0; i < b.N; i++ {
				copy(f, flat)
				fullShortestPath(f, N, tmp)
			}
		})
	}
}

// BenchmarkJoinKernel is the entry-wise maximum of Join into a buffer
// allocated once: the cost of Join without the Go runtime's allocation of
// the result matrix.
func BenchmarkJoinKernel(b *testing.B) {
	for _, n := range benchSizes {
		x, y := denseClosed(n, 1), denseClosed(n, 2)
		m := make([]int64, len(x.m))
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			defer cpuMetric(b)()
			for i := 0; i < b.N; i++ {
				ym := y.m[:len(m)]
				for k, v := range x.m[:len(m)] {
					m[k] = max(v, ym[k])
				}
			}
		})
	}
}

// BenchmarkConstraints is the constraint view of a closed dense octagon
// (the forced-minimal form of issue 15's harness).
func BenchmarkConstraints(b *testing.B) {
	d := Domain{}
	for _, n := range benchSizes {
		o := denseClosed(n, 1)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportMetric(float64(len(d.Constraints(o))), "constraints")
			defer cpuMetric(b)()
			for i := 0; i < b.N; i++ {
				d.Constraints(o)
			}
		})
	}
}

// BenchmarkForget is ∃x0 of a closed dense octagon.
func BenchmarkForget(b *testing.B) {
	d := Domain{}
	for _, n := range benchSizes {
		o := denseClosed(n, 1)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			defer cpuMetric(b)()
			for i := 0; i < b.N; i++ {
				d.Forget(o, 0)
			}
		})
	}
}
