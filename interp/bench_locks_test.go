//go:build unix

package interp_test

import (
	"fmt"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/numpred/numpred/engine"
	"github.com/numpred/numpred/interp"
)

// BenchmarkTestLocks measures whole analyses of the lock template
// (numpred gen test_locks -n N, issue 19) for N = 4 .. 64 under every
// combined domain and the predicate domain:
//
//	go test -tags buddy ./interp -run '^$' -bench TestLocks -benchtime 1x
//
// One line per (N, domain), a table whose columns are the time per
// analysis (ns/op), the CPU time per analysis in seconds (user + system,
// all threads: on a shared machine it varies less than the wall time),
// the verdict (TRUE = 1), the BDD nodes (the peak size of the domain's
// node table, as numpred analyze reports it) and the peak heap in MB. The BDD variable order and the leaf limit keep the nodes
// growing at most quadratically in N (ARCHITECTURE.md, "Precision and
// variable order").
func BenchmarkTestLocks(b *testing.B) {
	for _, n := range []int{4, 8, 16, 32, 64} {
		p := loadTemplate(b, "test_locks", n)
		for _, d := range []string{"nexpoint", "nex", "mtndd", "ndd", "predicate"} {
			b.Run(fmt.Sprintf("N=%d/%s", n, d), func(b *testing.B) {
				cfg := interp.DefaultConfig()
				cfg.Domain = d
				var res *interp.Result
				var cpu time.Duration
				for i := 0; i < b.N; i++ {
					b.StopTimer()
					runtime.GC() // the peak heap of this run, not of the last one's garbage
					b.StartTimer()
					c0 := cpuTime()
					var err error
					if res, err = interp.Analyze(p, cfg); err != nil {
						b.Fatal(err)
					}
					cpu += cpuTime() - c0
				}
				proved := 0.0
				if res.Verdict == engine.True {
					proved = 1
				}
				b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
				b.ReportMetric(proved, "TRUE")
				b.ReportMetric(float64(res.Stats.BDDNodes), "bdd-nodes")
				b.ReportMetric(float64(res.Stats.PeakHeap)/1e6, "heap-MB")
			})
		}
	}
}

// cpuTime returns the process's CPU time so far (user + system).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
