package cegar_test

import (
	"context"
	"fmt"
	"syscall"
	"testing"
	"time"

	"github.com/numpred/numpred/cegar"
	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/frontend"
	"github.com/numpred/numpred/interp"
	"github.com/numpred/numpred/ir"
	"github.com/numpred/numpred/templates"
)

// families are the eureka families and the Fig. 8 templates of the
// NumPredDom paper with the sizes the interp benchmarks use: the loop
// must prove them in its first round, at the plain analysis's cost.
var families = []struct {
	name string
	n    int
}{
	{"delay_iter", 1000}, {"delay_recur", 1000}, {"parity", 1000}, {"sum", 1000},
	{"swap_iter", 1000}, {"swap_seq", 1000}, {"fig8a", 1000000}, {"fig8b", 40}, {"test_locks", 16},
}

func loadTemplate(t testing.TB, name string, n int) *ir.Program {
	t.Helper()
	src, tm, err := templates.Generate(name, n)
	if err != nil {
		t.Fatal(err)
	}
	p, err := frontend.Parse(name+tm.Ext, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestFamiliesFirstRound: the loop proves every family in one round (no
// refinement, no search for an abstract path), as the plain analysis does.
func TestFamiliesFirstRound(t *testing.T) {
	for _, fam := range families {
		n := fam.n
		if testing.Short() && n > 100 {
			n = 100
		}
		p := loadTemplate(t, fam.name, n)
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		res, err := cegar.Run(ctx, p, cegar.Options{Interp: interp.DefaultConfig()})
		cancel()
		if err != nil {
			t.Fatalf("%s(%d): %v", fam.name, n, err)
		}
		if res.Verdict != engine.True || len(engine.StatsOf[*cegar.Stats](&res.Result).Rounds) != 1 || engine.StatsOf[*cegar.Stats](&res.Result).Refinements != 0 {
			t.Errorf("%s(%d): %s in %d rounds (%d refinements), want TRUE in one round (%s)", fam.name, n, res.Verdict, len(engine.StatsOf[*cegar.Stats](&res.Result).Rounds), engine.StatsOf[*cegar.Stats](&res.Result).Refinements, res.Reason)
		}
	}
}

// cpuNow returns the process's CPU time (user + system): wall time on
// the shared machine varied 3-10x between runs.
func cpuNow() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkFamilies compares the plain analysis (absint) with the loop
// (cegar) on the families, in process CPU time per analysis:
//
//	go test -tags buddy ./cegar -run '^$' -bench Families -benchtime 5x
func BenchmarkFamilies(b *testing.B) {
	for _, fam := range families {
		p := loadTemplate(b, fam.name, fam.n)
		b.Run(fmt.Sprintf("%s=%d/absint", fam.name, fam.n), func(b *testing.B) {
			c0 := cpuNow()
			for i := 0; i < b.N; i++ {
				res, err := interp.Analyze(p, interp.DefaultConfig())
				if err != nil || res.Verdict != engine.True {
					b.Fatalf("%v %v", res.Verdict, err)
				}
			}
			b.ReportMetric(float64(cpuNow()-c0)/float64(b.N), "cpu-ns/op")
		})
		b.Run(fmt.Sprintf("%s=%d/cegar", fam.name, fam.n), func(b *testing.B) {
			c0 := cpuNow()
			for i := 0; i < b.N; i++ {
				res, err := cegar.Run(context.Background(), p, cegar.Options{Interp: interp.DefaultConfig()})
				if err != nil || res.Verdict != engine.True {
					b.Fatalf("%v %v", res.Verdict, err)
				}
			}
			b.ReportMetric(float64(cpuNow()-c0)/float64(b.N), "cpu-ns/op")
		})
	}
}
