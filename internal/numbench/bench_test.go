package numbench

// The benchmarks of issue 15 on the standard workloads (generated in
// memory, the same values as `numbench gen` writes): one benchmark op is
// one operation on one pair, results forced minimal. cpu-ns/op is the
// process CPU time per op, steadier than ns/op on a loaded machine
// (benchstat compares each metric apart).
//
//	go test -tags buddy ./internal/numbench -run '^$' -bench . -count 5 | tee new.txt
//	benchstat old.txt new.txt

import (
	"runtime"
	"testing"

	"github.com/numpred/numpred/numeric"
	"github.com/numpred/numpred/octagon"
	"github.com/numpred/numpred/polyhedra"
)

func benchDomain[V any](b *testing.B, d func() numeric.Domain[V], s Spec) {
	var p *Prepared[V]
	for _, op := range OpNames {
		b.Run(s.Name()+"/"+op, func(b *testing.B) {
			if p == nil {
				var err error
				if p, err = Prepare(d(), Generate(s)); err != nil {
					b.Fatal(err)
				}
			}
			// The preparation's garbage is collected first: its
			// background marking would count in the ops' CPU time.
			runtime.GC()
			b.ResetTimer()
			cpu := CPUTime()
			for i := 0; i < b.N; i++ {
				p.Do(op, i%p.Pairs())
			}
			b.StopTimer()
			b.ReportMetric(float64(CPUTime()-cpu)/float64(b.N), "cpu-ns/op")
		})
	}
}

func BenchmarkPolyhedra(b *testing.B) {
	for _, s := range Standard {
		if s.Shape == "oct" && s.N > 8 || s.Shape == "poly" && s.N >= 8 {
			continue // n = 8: exact joins of seconds; numbench compare times them
		}
		benchDomain(b, func() numeric.Domain[polyhedra.Poly] { return polyhedra.New() }, s)
	}
}

// BenchmarkPolyhedraPlain is BenchmarkPolyhedra without online
// decomposition, on the decomposable workload (issue 15: at least 10x).
func BenchmarkPolyhedraPlain(b *testing.B) {
	for _, s := range Standard {
		if s.Shape == "blocks" {
			benchDomain(b, func() numeric.Domain[polyhedra.Poly] { return polyhedra.New(polyhedra.WithoutDecomposition()) }, s)
		}
	}
}

func BenchmarkOctagon(b *testing.B) {
	for _, s := range Standard {
		if s.Shape == "oct" {
			benchDomain(b, func() numeric.Domain[*octagon.Octagon] { return octagon.New() }, s)
		}
	}
}
